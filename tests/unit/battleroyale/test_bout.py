"""A Bout round (003 L835–L941), worked by hand from the text."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.battleroyale.bout.models import RoyaleBoutRequest
from service.rules.battleroyale.bout.round import resolve_bout
from service.rules.battleroyale.operations import examples


def bout(body: dict[str, Any]) -> Any:
    return resolve_bout(RoyaleBoutRequest.model_validate(body))


def tigress() -> dict[str, Any]:
    return copy.deepcopy(examples("resolve_bout")["copper-tigress"])


def test_copper_tigress_against_the_assassin() -> None:
    answer = bout(tigress())
    assert answer.status == "over", (answer.violations, answer.decisions_needed, answer.dice_needed)
    # 003 L875: 3 Spirit Dice against 2: Tigress has the initiative and strikes first
    assert (answer.attacker, answer.first) == ("tigress", "tigress")
    strike, counter = answer.clashes
    # 003 L914–L916: 3d6 + 4 = 4 + 4 + 6 + 4 = 18 against 2d6 + 4 = 1 + 2 + 4 = 7 → 11 Wound Ranks
    assert (strike.attack, strike.defense, strike.damage, strike.damage_type) == (18, 7, 11, "wound")
    # 003 L922–L924: 1d6 + 6 (Assassin 2 + Black Shadow 4) = 12 against 0 dice + 4 → 8 Wound Ranks
    assert (counter.attack, counter.defense, counter.damage) == (12, 4, 8)
    # 003 L939–L941: damage lands after both strikes; both are knocked out together here
    tig, ass = answer.fighters
    assert {t.id: t.wound_ranks for t in tig.traits} == {"flying_lotus": 4, "acrobat": 3}  # 7 of 8 fit
    assert {t.id: t.wound_ranks for t in ass.traits} == {"assassin": 3, "black_shadow": 4}  # 7 of 11 fit
    assert tig.mostly_dead and ass.mostly_dead
    # both at Absolute Zero together: the fight is over and nobody won; the assassin took his damage first
    assert (answer.over, answer.winner, answer.out) == (True, None, ["assassin", "tigress"])
    # Training Points: first damage 1 + two Zero Outs 2 + Absolute Zero 2 = 5 each (003 L473–L478, L661–L664)
    assert tig.training_points == 5 and ass.training_points == 5


def test_step_mode_asks_splits_and_order_then_every_die() -> None:
    body = tigress()
    body["decisions"], body["rolls"] = {}, {}
    first = bout(body)
    assert first.status == "decision_required"
    assert {d.key for d in first.decisions_needed} == {"R1.tigress.split", "R1.assassin.split", "R1.tigress.order"}
    for d in first.decisions_needed:
        body["decisions"][d.key] = d.choices[0].value
    second = bout(body)  # all-out defense both: no attack dice; every die of both strikes asked at once
    assert second.status == "decision_required"
    # the Strike: Tigress's 0 attack dice against the assassin's 3 defense dice; then the Counterstrike
    assert [d.key for d in second.dice_needed] == [
        "R1.assassin.defense", "R1.assassin.defense.2", "R1.assassin.defense.3",
        "R1.tigress.defense", "R1.tigress.defense.2", "R1.tigress.defense.3",
    ]  # fmt: skip
    body["rolls"] = {d.key: 3 for d in second.dice_needed}
    done = bout(body)
    # 0 dice + 4 against 9 + 4: no damage either way
    assert done.status == "resolved" and [c.damage for c in done.clashes] == [0, 0]


def test_strong_defense_with_two_technique_dice_keeps_one() -> None:
    body = tigress()
    body["decisions"]["R1.tigress.split"] = "strong_defense"
    body["plans"][0]["attack"] = {"techniques": [{"name": "Flying Kick"}, {"name": "Lotus Leap"}]}
    body["rolls"] |= {"R1.tigress.attack": 2, "R1.tigress.attack.2": 5, "R1.tigress.attack.3": 3}
    body["rolls"] |= {"R1.tigress.defense": 1, "R1.tigress.defense.2": 1}
    answer = bout(body)
    strike = answer.results[0]
    # 003 L892–L894: 3d6 rolled, 1 kept: 5 + 4 = 9 against the assassin's 7
    assert (strike.faces, strike.kept, strike.total) == ([2, 5, 3], [5], 9)
    assert answer.clashes[0].damage == 2


def test_initiative_ties() -> None:
    body = tigress()
    body["fighters"][1]["spirit_dice"] = 3
    body["fighters"][1]["traits"][1]["rank"] = "master"  # 003 L866: tie → the higher Style rank acts first
    body["rolls"] |= {"R1.assassin.attack.2": 1, "R1.assassin.attack.3": 1}
    answer = bout(body | {"decisions": {**body["decisions"], "R1.assassin.order": "act_first"}})
    assert answer.attacker == "assassin"
    body["fighters"][1]["traits"][1]["rank"] = "expert"  # same rank: the PC wins the tie (003 L867)
    assert bout(body).attacker == "tigress"


def test_form_strengths_and_weaknesses_from_the_split() -> None:
    body = tigress()
    body["fighters"][0]["traits"][0]["forms"] = ["flame"]  # all-out attack: a bonus die on offense (003 L1051-L1052)
    body["fighters"][1]["traits"][1]["forms"] = ["flame"]  # strong defense: −2 on every roll (003 L1061–L1062)
    body["rolls"] |= {"R1.tigress.attack.4": 6, "R1.assassin.attack": 6}
    answer = bout(body)
    strike, counter = answer.clashes
    # 6 + 6 + 4 + 4 = 20 against 1 + 2 + 4 − 2 = 5; the counter 6 + 6 − 2 = 10 against 4
    assert (strike.attack, strike.defense, counter.attack, counter.defense) == (20, 5, 10, 4)


def test_ocean_and_wind_forms() -> None:
    body = tigress()
    body["fighters"][1]["traits"][1]["forms"] = ["ocean", "wind"]  # a Dual Style: both Forms' effects (003 L1005)
    body["plans"][1]["form_bonus"] = "flat"
    answer = bout(body)
    # Ocean: Tigress uses more attack than defense dice (003 L1102–L1103); Wind: more defense than attack dice
    # (003 L1130–L1131): two +1s on the defense 1 + 2 + 4 + 2 = 9; the attack gets Ocean's +1: 6 + 6 + 1 = 13
    strike, counter = answer.clashes
    assert (strike.defense, counter.attack) == (9, 13)


def test_bout_must_be_a_pair() -> None:
    body = tigress()
    body["fighters"] = body["fighters"][:1]
    body["plans"] = body["plans"][:1]
    answer = bout(body)
    assert answer.status == "invalid" and [v.code for v in answer.violations] == ["BOUT_NOT_PAIRED"]


def test_mighty_blow_in_a_bout_costs_spirit_dice_and_adds_damage() -> None:
    body = tigress()
    body["plans"][0]["attack"] = {"move": {"move": "mighty_blow"}}  # at rank: 2 Spirit Dice (003 L1274–L1276)
    answer = bout(body)
    # the Move Rank Expert [+4] replaces the Style's [+4]: 18 against 7 = 11, + 2 × 4 = 19 (003 L1415–L1416)
    assert answer.clashes[0].damage == 19
    assert answer.fighters[0].spirit_dice == 1 and answer.spirit_dice_to_bowl == 2


def challenge_offer(body: dict[str, Any]) -> dict[str, Any]:
    body["bowl"] = 4
    body["combat_challenge"] = {"initiator": "assassin", "initiator_roll": {"traits": ["assassin"]}}
    return body


def test_combat_challenge_cancelled_for_a_spirit_die() -> None:
    body = challenge_offer(tigress())
    asked = bout(body)
    pending = asked.decisions_needed[0]
    assert (pending.key, [c.value for c in pending.choices]) == ("R1.tigress.challenge", ["cancel", "accept"])
    body["decisions"]["R1.tigress.challenge"] = "cancel"
    answer = bout(body)
    # 003 L868–L870: Tigress pays 1 Spirit Die and the round goes on; the die goes to the Bowl
    assert answer.challenge == "cancelled" and answer.fighters[0].spirit_dice == 2 and answer.bowl == 5
    # initiative was taken at the round's start: she had 3 against 2
    assert answer.attacker == "tigress" and len(answer.clashes) == 2


def test_combat_challenge_replaces_the_round() -> None:
    body = challenge_offer(tigress())
    body["decisions"]["R1.tigress.challenge"] = "accept"
    body["rolls"] = {
        "R1.assassin.combat_challenge": 5,
        "R1.assassin.combat_challenge.2": 5,
        "R1.tigress.combat_challenge": 1,
        "R1.tigress.combat_challenge.2": 2,
    }
    answer = bout(body)
    # assassin 5 + 5 + 2 (Assassin) + 4 (Style) = 16 against 1 + 2 + 4 = 7: a Spirit Die from the Bowl, and
    # Tigress takes a Failure Rank (003 L795–L797); no strikes this round
    assert answer.challenge == "assassin" and answer.clashes == [] and answer.bowl == 3
    assert answer.fighters[1].spirit_dice == 3
    assert sum(t.failure_ranks for t in answer.fighters[0].traits) == 1


def test_no_spirit_die_no_cancel() -> None:
    body = challenge_offer(tigress())
    body["fighters"][0]["spirit_dice"] = 0
    body["fighters"][1]["spirit_dice"] = 0
    asked = bout(body)
    assert [c.value for c in asked.decisions_needed[0].choices] == ["accept"]
