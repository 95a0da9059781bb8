"""The sample Moves' effects in a fight, the Death Blow, Harmonizing in a turn and Bout switch-outs (issue #34),
figures worked by hand from 003 L1357–L1437, L235–L241, L808–L834, L858–L863."""

from __future__ import annotations

from typing import Any

from service.rules.battleroyale.bout.models import RoyaleBoutRequest
from service.rules.battleroyale.bout.round import resolve_bout

from .test_conflict import conflict, duel

BRAVE = {"id": "brave", "name": "Brave", "rank": "good"}


def fight(actions: list[dict[str, Any]], rolls: dict[str, int], **extra: Any) -> Any:
    body = duel(actions=actions, rolls=rolls, **extra)
    body["fighters"][0]["traits"].append(BRAVE)
    body["fighters"][0]["spirit_dice"] = 4  # Ann acts first: 4 Spirit Dice against Bob's 1 (003 L444)
    return body


def ann_uses(move: str, shifts: int = 0, kind: str = "basic", **use: Any) -> dict[str, Any]:
    return {
        "fighter": "ann",
        "target": "bob",
        "attack": {"move": {"move": move, "shifts": shifts, "kind": kind, **use}},
    }


def traits(answer: Any, who: int) -> dict[str, int]:
    return {t.id: t.wound_ranks for t in answer.fighters[who].traits}


def test_sacrificial_gambit_adds_a_die_per_strength_and_zeroes_them_out() -> None:
    # Good Boxing at rank: a Good Move, MOD +2, 2 Spirit Dice; it sacrifices 2 Strengths (003 L1434–L1435)
    action = ann_uses("sacrificial_gambit", sacrifice=["tough", "brave"])
    rolls = {"R1.ann.attack": 4, "R1.ann.attack.2": 4, "R1.bob.defense": 4, "R1.bob.defense.2": 3}
    answer = conflict(fight([action], {**rolls, "R1.ann.gambit": 1, "R1.ann.gambit.2": 2}))
    assert answer.status == "resolved", answer.violations
    # 4 + 4 + 2 = 10 against 4 + 3 + Judo 2 = 9: 1, and 1d6 per Strength, 1 + 2: 4 Damage Ranks (L1435–L1436)
    assert answer.clashes[0].damage == 4
    assert traits(answer, 1) == {"judo": 1, "calm": 3}  # Strengths first, the Style last (digest §6.6)
    # after the attack both sacrificed Good Strengths Zero Out as Wound Ranks, 3 each (L1436–L1437)
    assert traits(answer, 0) == {"boxing": 0, "tough": 3, "brave": 3}
    # Ann: first Damage Rank 1 + two Zero Outs 2 = 3 Training Points (003 L661–L663); 4 − 2 Spirit Dice
    assert (answer.fighters[0].training_points, answer.fighters[0].spirit_dice, answer.bowl) == (3, 2, 2)
    # a miss sacrifices them all the same, and rolls no gambit dice (L1436)
    missed = {"R1.ann.attack": 1, "R1.ann.attack.2": 1, "R1.bob.defense": 4, "R1.bob.defense.2": 3}
    answer = conflict(fight([action], missed))
    assert answer.status == "resolved" and answer.clashes[0].damage == 0
    assert traits(answer, 0) == {"boxing": 0, "tough": 3, "brave": 3}


def test_a_gambit_names_as_many_strengths_as_its_mod() -> None:
    answer = conflict(fight([ann_uses("sacrificial_gambit", sacrifice=["tough"])], {}))
    assert [v.code for v in answer.violations] == ["GAMBIT_INVALID"]  # MOD +2: two Strengths
    answer = conflict(fight([ann_uses("mighty_blow", sacrifice=["tough"])], {}))
    assert [v.code for v in answer.violations] == ["GAMBIT_INVALID"]


def test_cyclic_attack_is_a_risky_challenge_at_the_start_of_each_action() -> None:
    rolls = {"R1.ann.attack": 5, "R1.ann.attack.2": 5, "R1.bob.defense": 5, "R1.bob.defense.2": 4}
    answer = conflict(fight([ann_uses("cyclic_attack")], {**rolls, "R1.bob.cyclic": 3, "R1.bob.cyclic.2": 3}))
    assert answer.status == "resolved", (answer.violations, answer.dice_needed)
    # Good Move: 5 + 5 + 2 = 12 against 5 + 4 + 2 = 11: 1 Damage Rank and the effect, TN 9 for 2 turns (L1389–L1391)
    assert answer.clashes[0].damage == 1
    # Bob's action starts in the same round: 3 + 3 = 6 against TN 9: 3 more Damage Ranks (L405–L406)
    assert traits(answer, 1) == {"judo": 1, "calm": 3}
    (left,) = answer.fighters[1].cyclic
    assert (left.source, left.tn, left.turns_left) == ("ann", 9, 1)
    # Bob: first Damage Rank 1 + Calm Zeroed Out 1; no point for the failed roll in a Conflict (003 L661–L662)
    assert answer.fighters[1].training_points == 2
    # round 2, its last turn: 6 + 6 = 12 meets TN 9, no damage, and the effect is spent
    body = duel(
        round=2,
        fighters=[f.model_dump() for f in answer.fighters],
        rolls={"R2.bob.cyclic": 6, "R2.bob.cyclic.2": 6},
    )
    answer = conflict(body)
    assert (
        answer.status == "resolved" and answer.fighters[1].cyclic == [] and traits(answer, 1) == {"judo": 1, "calm": 3}
    )


def test_binding_inflicts_a_challenge_and_the_action_can_break_it() -> None:
    rolls = {"R1.ann.attack": 4, "R1.ann.attack.2": 4, "R1.bob.defense": 3, "R1.bob.defense.2": 3}
    breaking = {"fighter": "bob", "break_free": True, "resist": {"traits": ["calm"], "style": False}}
    answer = conflict(fight([ann_uses("binding")], {**rolls, "R1.bob.break_free": 3, "R1.bob.break_free.2": 3}))
    assert answer.status == "resolved", answer.violations
    # 4 + 4 + 2 = 10 against 3 + 3 + 2 = 8: bound, no Damage Ranks; Good Move: TN 9 (003 L1374–L1375)
    assert answer.clashes[0].damage == 0 and traits(answer, 1) == {"judo": 0, "calm": 0}
    assert [(b.source, b.tn) for b in answer.fighters[1].bindings] == [("ann", 9)]
    # Bob spends his action on it (003 L767–L768): 3 + 4 + Calm 2 = 9 meets TN 9
    freed = conflict(
        fight([ann_uses("binding"), breaking], {**rolls, "R1.bob.break_free": 3, "R1.bob.break_free.2": 4})
    )
    assert freed.status == "resolved" and freed.fighters[1].bindings == []
    unbound = conflict(fight([{"fighter": "ann", "break_free": True}], {}))
    assert [v.code for v in unbound.violations] == ["NOT_BOUND"]


def test_blitz_gives_several_attacks() -> None:
    # Good Boxing, 1 Upshift: an Expert Move, MOD +4, 4 Spirit Dice: up to 4 attacks (003 L1380–L1382)
    action = {**ann_uses("blitz", shifts=1), "targets": ["bob"]}
    rolls = {"R1.ann.attack": 4, "R1.ann.attack.2": 4, "R1.bob.defense": 3, "R1.bob.defense.2": 3}
    rolls |= {"R1.ann.attack#2": 1, "R1.ann.attack#2.2": 1, "R1.bob.defense#2": 3, "R1.bob.defense#2.2": 3}
    answer = conflict(fight([action], rolls))
    assert answer.status == "resolved", (answer.violations, answer.dice_needed)
    # 4 + 4 + 4 = 12 against 3 + 3 + 2 = 8: 4 Damage Ranks, Calm 3 then Judo 1 (placed at once, 003 L457)
    # the second: 1 + 1 + 4 = 6 against 3 + 3 + Judo now Average 0 = 6: a tie between PCs, the defender's (L456)
    assert [c.damage for c in answer.clashes] == [4, 0] and traits(answer, 1) == {"judo": 1, "calm": 3}
    assert answer.fighters[0].spirit_dice == 0  # paid once
    too_many = {**ann_uses("blitz"), "targets": ["bob"]}  # a Good Move: MOD +2, two attacks, the first included
    assert conflict(fight([{**too_many, "targets": ["bob", "bob"]}], {})).violations[0].code == "BLITZ_INVALID"
    assert conflict(fight([{**ann_uses("mighty_blow"), "targets": ["bob"]}], {})).violations[0].code == "BLITZ_INVALID"


def test_supernatural_blitz_is_one_roll_everyone_in_range_defends() -> None:
    body = fight([{**ann_uses("blitz", kind="supernatural"), "targets": ["cara"]}], {})
    body["fighters"].append(
        {
            "id": "cara",
            "name": "Cara",
            "harmonized": "karate",
            "traits": [{"id": "karate", "name": "Karate", "rank": "good", "style": True}],
        }
    )
    body["rolls"] = {
        "R1.ann.attack": 5, "R1.ann.attack.2": 5,
        "R1.bob.defense": 3, "R1.bob.defense@ann": 3,
        "R1.cara.defense": 6, "R1.cara.defense@ann": 6,
    }  # fmt: skip
    answer = conflict(body)
    assert answer.status == "resolved", (answer.violations, answer.dice_needed)
    # Supernatural at rank: 2 × 2 = 4 Spirit Dice (L1323); one roll 5 + 5 + 2 = 12 (L1383–L1384):
    # Bob 3 + 3 + 2 = 8 takes 4; Cara 6 + 6 + 2 = 14 takes none
    assert [(c.defender, c.attack, c.damage) for c in answer.clashes] == [("bob", 12, 4), ("cara", 12, 0)]


def test_death_blow_on_a_mostly_dead_fighter() -> None:
    body = fight([{"fighter": "ann", "target": "bob", "death_blow": True}], {})
    bob = body["fighters"][1]
    for t in bob["traits"]:
        t["wound_ranks"] = 3  # Good traits with 3 Wound Ranks: all Zeroed Out, Absolute Zero (003 L468–L476)
    bob["mostly_dead"] = True  # in a fight with Wound Ranks (L813–L815)
    answer = conflict(body)
    assert answer.status == "over" and answer.fighters[1].dead  # 003 L818–L825
    assert (answer.over, answer.winner, answer.out) == (True, "ann", ["bob"])  # out already, and now slain
    bob["mostly_dead"] = False
    assert [v.code for v in conflict(body).violations] == ["DEATH_BLOW_INVALID"]


def test_harmonizing_at_the_start_or_end_of_a_turn() -> None:
    wushu = {"id": "wushu", "name": "Wushu", "rank": "expert", "style": True}
    rolls = {"R2.ann.attack": 3, "R2.ann.attack.2": 3, "R2.bob.defense": 3, "R2.bob.defense.2": 3}
    body = fight([{"fighter": "ann", "target": "bob", "harmonize": "wushu"}], rolls, round=2)
    body["fighters"][0]["traits"].append(wushu)
    answer = conflict(body)
    # 003 L235–L238: at the start of her turn: 3 + 3 + Wushu 4 = 10 against 3 + 3 + 2 = 8: 2 Damage Ranks
    assert answer.clashes[0].damage == 2 and answer.fighters[0].harmonized == "wushu"
    body["actions"][0]["harmonize_at_end"] = True  # Boxing's +2 for the attack: 8 against 8, a tie (L456)
    answer = conflict(body)
    assert answer.clashes[0].damage == 0 and answer.fighters[0].harmonized == "wushu"
    body["round"] = 1  # the style declared before the Conflict is the first turn's Harmonization (L238–L239)
    body["rolls"], body["actions"][0]["harmonize_at_end"] = {}, False
    assert [v.code for v in conflict(body).violations] == ["HARMONIZE_INVALID"]


def bout(**extra: Any) -> Any:
    body = duel(**extra)
    body["fighters"][0]["spirit_dice"] = 4
    for f in body["fighters"]:  # no Form: the split's Form effects are another test's (003 L1051–L1131)
        f["traits"][0]["forms"] = []
    body.setdefault("decisions", {}).update(
        {"R1.ann.split": "strong_attack", "R1.bob.split": "strong_defense", "R1.ann.order": "act_first"}
    )
    return resolve_bout(RoyaleBoutRequest.model_validate(body))


def test_a_blitz_in_a_bout_strikes_several_times() -> None:
    plan = {"fighter": "ann", "attack": {"move": {"move": "blitz", "shifts": 1}}, "blitz_attacks": 2}
    rolls = {
        "R1.ann.attack": 6, "R1.ann.attack.2": 6, "R1.bob.defense": 3, "R1.bob.defense.2": 3,
        "R1.ann.attack#2": 1, "R1.ann.attack#2.2": 1, "R1.bob.defense#2": 3, "R1.bob.defense#2.2": 3,
        "R1.bob.attack": 1, "R1.ann.defense": 6,
    }  # fmt: skip
    answer = bout(plans=[plan], rolls=rolls)
    assert answer.status == "over", (answer.violations, answer.dice_needed, answer.decisions_needed)
    # Strong Attack: keep 2 of the attack dice (003 L886–L887); an Expert Move +4: 6 + 6 + 4 = 16 against Bob's
    # Strong Defense 3 + 3 + 2 = 8: 8; the second Strike 1 + 1 + 4 = 6 against 8: none (damage waits, L939–L941)
    # Bob's Counterstrike: 1 + 2 = 3 against Ann's 1 die 6 + Boxing 2 = 8: none
    assert [c.damage for c in answer.clashes] == [8, 0, 0]
    assert traits(answer, 1) == {"judo": 3, "calm": 3}  # 6 of 8 fit: Absolute Zero
    assert (answer.over, answer.winner, answer.out) == (True, "ann", ["bob"])  # 003 L935-L938


def test_bout_switch_outs_and_harmonizing() -> None:
    switch = {"fighter": "bob", "replaces": "cid", "reason": "mostly_dead", "replaced_mostly_dead": True}
    answer = bout(switch_outs=[switch], seed=3)
    assert answer.status == "resolved" and "switch_out" in [e.kind for e in answer.events]  # 003 L862–L863
    answer = bout(switch_outs=[{**switch, "replaced_mostly_dead": False}], seed=3)
    assert [v.code for v in answer.violations] == ["SWITCH_OUT_INVALID"]
    answer = bout(switch_outs=[{**switch, "replaces": "ann"}], seed=3)  # Ann is still in the pair
    assert [v.code for v in answer.violations] == ["SWITCH_OUT_INVALID"]
    answer = bout(plans=[{"fighter": "ann", "harmonize": "boxing"}], seed=3)  # round 1: declared already (L238–L239)
    assert [v.code for v in answer.violations] == ["HARMONIZE_INVALID"]


def test_amazing_feats_and_energy_projection_roll_the_move_rank() -> None:
    from service.rules.battleroyale.challenges.models import RoyaleChallengeRequest
    from service.rules.battleroyale.challenges.resolve import resolve_challenge

    body = {
        "fighter": {
            "id": "mei",
            "name": "Mei",
            "spirit_dice": 2,
            "harmonized": "wushu",
            "traits": [
                {"id": "wushu", "name": "Wushu", "rank": "expert", "style": True},
                {"id": "strong", "name": "Strong", "rank": "good"},
            ],
        },
        "roll": {"traits": ["strong"], "move": {"move": "amazing_feats"}},
        "target": {"difficulty": "expert"},
        "rolls": {"C1.mei.roll": 3, "C1.mei.roll.2": 2},
    }
    answer = resolve_challenge(RoyaleChallengeRequest.model_validate(body))
    # 003 L1362–L1363: the Move Rank's MOD (Expert at rank, +4, 2 Spirit Dice) with Strong's +2: 3 + 2 + 6 = 11
    assert (answer.total, answer.success, answer.fighter.spirit_dice, answer.unsupported) == (11, True, 0, [])
    rolls = {"R1.ann.attack": 4, "R1.ann.attack.2": 4, "R1.bob.defense": 3, "R1.bob.defense.2": 3}
    answer = conflict(fight([ann_uses("energy_projection")], rolls))
    # 003 L1401–L1402: an offensive action at a distance: Good Move +2, 10 against 8, 2 Damage Ranks
    assert answer.clashes[0].damage == 2 and answer.unsupported == []


def test_cyclic_attack_and_gambit_in_a_bout_land_with_the_rounds_damage() -> None:
    plan = {"fighter": "ann", "attack": {"move": {"move": "sacrificial_gambit", "sacrifice": ["tough", "brave"]}}}
    body = duel(plans=[plan], decisions={"R1.ann.split": "strong_attack", "R1.bob.split": "strong_defense"})
    body["fighters"][0]["traits"].append(BRAVE)
    body["fighters"][0]["spirit_dice"] = 4
    for f in body["fighters"]:
        f["traits"][0]["forms"] = []
    body["fighters"][1]["cyclic"] = [{"source": "ann", "tn": 9, "turns_left": 1}]
    body["rolls"] = {
        "R1.bob.cyclic": 2, "R1.bob.cyclic.2": 2,
        "R1.ann.attack": 1, "R1.ann.attack.2": 1, "R1.bob.defense": 3, "R1.bob.defense.2": 3,
        "R1.bob.attack": 1, "R1.ann.defense": 6,
    }  # fmt: skip
    body["decisions"]["R1.ann.order"] = "act_first"
    answer = resolve_bout(RoyaleBoutRequest.model_validate(body))
    assert answer.status == "resolved", (answer.violations, answer.dice_needed, answer.decisions_needed)
    # Bob's Risky Challenge as the round starts: 2 + 2 = 4 against TN 9: 5 Wound Ranks, held to Taking it on the
    # Chin (003 L939–L941), its last turn; Ann's Gambit misses (1 + 1 + 2 = 4 against 3 + 3 + 2 = 8) yet her two
    # Strengths Zero Out (L1436–L1437); Bob's Counterstrike 1 + 2 = 3 against 6 + 2 = 8: nothing
    assert [c.damage for c in answer.clashes] == [0, 0]
    assert traits(answer, 1) == {"judo": 2, "calm": 3} and answer.fighters[1].cyclic == []
    assert traits(answer, 0) == {"boxing": 0, "tough": 3, "brave": 3}


def test_an_attacks_move_is_no_reactions() -> None:
    # 003 L1413–L1416: Mighty Blow adds to the damage an attack inflicts; L1404–L1407: Impenetrable Defense is a
    # defensive reaction's
    body = fight([{"fighter": "ann", "target": "bob"}], {})
    body["reactions"] = [
        {"fighter": "bob", "against": "ann", "roll": {"move": {"move": "mighty_blow", "shifts": -1}}}
    ]  # 1 Spirit Die, his one
    assert [v.code for v in conflict(body).violations] == ["MOVE_ROLE_INVALID"]
    answer = conflict(fight([ann_uses("impenetrable_defense")], {}))
    assert [v.code for v in answer.violations] == ["MOVE_ROLE_INVALID"]


def test_blitz_targets_are_checked_like_any_target() -> None:
    answer = conflict(fight([{**ann_uses("blitz", shifts=1), "targets": ["zed"]}], {}))
    assert [(v.code, v.path) for v in answer.violations] == [("FIGHTER_UNKNOWN", "actions[0].targets[0]")]
    twice = [{"fighter": "ann", "target": "bob"}, {"fighter": "ann", "target": "bob"}]  # one action a round (L331)
    assert [v.code for v in conflict(fight(twice, {})).violations] == ["DUPLICATE_ID"]
