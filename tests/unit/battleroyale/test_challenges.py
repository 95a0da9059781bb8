"""Challenges, Risky Challenges and Combat Challenges (003 L346–L427, L789–L806), worked by hand from the text."""

from __future__ import annotations

from typing import Any

from service.rules.battleroyale.challenges.models import RoyaleChallengeRequest, RoyaleCombatChallengeRequest
from service.rules.battleroyale.challenges.resolve import resolve_challenge, resolve_combat_challenge
from service.rules.battleroyale.operations import examples


def fighter(fid: str, *traits: tuple[str, str], **extra: Any) -> dict[str, Any]:
    return {"id": fid, "name": fid.title(), "traits": [{"id": t, "name": t, "rank": r} for t, r in traits], **extra}


def challenge(**body: Any) -> Any:
    return resolve_challenge(RoyaleChallengeRequest.model_validate(body))


def test_steven_blaze_fails_and_earns_a_training_point() -> None:
    # 003 L377–L380: Expert [+4] Athlete, Good [9] difficulty, snake eyes: 1 + 1 + 4 = 6 < 9
    answer = resolve_challenge(RoyaleChallengeRequest.model_validate(examples("resolve_challenge")["steven-blaze"]))
    assert (answer.status, answer.tn, answer.total, answer.success) == ("resolved", 9, 6, False)
    assert answer.training_points == 1 and answer.fighter.training_points == 1  # 003 L366–L368


def test_jenny_hawkes_meets_the_tn() -> None:
    # 003 L390–L395: Good [+2] Runner, TN 11, 6 + 3 + 2 = 11: meeting the TN succeeds
    answer = challenge(
        fighter=fighter("jenny", ("runner", "good")),
        roll={"traits": ["runner"]},
        target={"tn": 11},
        rolls={"C1.jenny.roll": 6, "C1.jenny.roll.2": 3},
    )
    assert (answer.total, answer.success, answer.training_points) == (11, True, 0)


def test_hayate_risky_challenge_two_wound_ranks() -> None:
    # 003 L410–L417: Expert [+4] Agility, Master [13] Risky, 4 + 3 + 4 = 11 → 13 − 11 = 2 Wound Ranks, +1 TP
    answer = resolve_challenge(RoyaleChallengeRequest.model_validate(examples("resolve_challenge")["hayate-risky"]))
    assert (answer.tn, answer.total, answer.success, answer.damage) == (13, 11, False, 2)
    agility = next(t for t in answer.fighter.traits if t.id == "agility")
    assert agility.wound_ranks == 2
    # 003 L417: one Training Point for the failed roll (the first-Damage point is for Conflict Scenes, L473)
    assert answer.training_points == 1


def test_iron_fence_difficulty_ranks() -> None:
    # 003 L354–L358: climb Good [9], pick the lock Expert [11], bend the bars Intimidating [17]
    body = {"fighter": fighter("kim", ("strong", "good")), "seed": 1}
    tns = [challenge(**body, target={"difficulty": d}).tn for d in ("good", "expert", "intimidating")]
    assert tns == [9, 11, 17]


def test_step_mode_asks_for_both_dice_then_completes() -> None:
    body = {"fighter": fighter("kim", ("strong", "good")), "roll": {"traits": ["strong"]}, "target": {"tn": 9}}
    first = challenge(**body)
    assert first.status == "decision_required"
    assert [d.key for d in first.dice_needed] == ["C1.kim.roll", "C1.kim.roll.2"]
    done = challenge(**body, rolls={d.key: 4 for d in first.dice_needed})
    assert (done.status, done.total, done.success) == ("resolved", 10, True)


def test_risky_damage_placed_rank_by_rank_as_decisions() -> None:
    body = {
        "fighter": fighter("kim", ("strong", "good"), ("quick", "average")),
        "roll": {"traits": ["strong"]},
        "target": {"tn": 13},
        "risky": True,
        "rolls": {"C1.kim.roll": 1, "C1.kim.roll.2": 2},
    }
    asked = challenge(**body)  # 1 + 2 + 2 = 5, 8 short: more than the 3 + 2 the traits can take
    assert asked.status == "decision_required"
    pending = asked.decisions_needed[0]
    # `ask` (the default policy): no default, the standing traits offered with the `lowest_first` pick first
    assert (pending.key, [c.value for c in pending.choices], pending.default) == (
        "C1.kim.damage",
        ["quick", "strong"],
        None,
    )
    done = challenge(**body, damage_policy="lowest_first")
    # lowest first: Average Quick takes 2 and Zeroes Out, then Good Strong 3 → Absolute Zero; 3 ranks lost
    assert done.status == "resolved" and done.damage == 8
    ranks = {t.id: t.wound_ranks for t in done.fighter.traits}
    assert ranks == {"strong": 3, "quick": 2}
    assert done.fighter.mostly_dead  # Wound Ranks: lethal (003 L813–L815)
    # TP: failure 1 + two Zero Outs 2 + Absolute Zero 2 = 5 (003 L366, L474–L478, L661–L664)
    assert done.training_points == 5


def test_team_effort_helper_die() -> None:
    # 003 L422–L425: a helper adds a die; the best two of three are kept
    answer = challenge(
        fighter=fighter("kim", ("strong", "good")),
        roll={"traits": ["strong"]},
        target={"tn": 13},
        helpers=["die"],
        rolls={"C1.kim.roll": 2, "C1.kim.roll.2": 5, "C1.kim.roll.3": 6},
    )
    assert (answer.total, answer.success) == (13, True)


def test_cooper_against_vinny() -> None:
    # 003 L799–L806: Cooper (Expert The Stare) 3 + 5 + 4 = 12, Vinny (Good Doesn't Back Down) 4 + 4 + 2 = 10
    body = examples("resolve_combat_challenge")["cooper-vinny"]
    answer = resolve_combat_challenge(RoyaleCombatChallengeRequest.model_validate(body))
    assert answer.status == "resolved" and answer.totals == {"cooper": 12, "vinny": 10}
    cooper, vinny = answer.fighters
    assert answer.challenge_winner == "cooper" and cooper.spirit_dice == body["initiator"]["spirit_dice"] + 1
    assert answer.bowl == body["bowl"] - 1  # the die comes from the Bowl (003 L616–L618)
    assert sum(t.failure_ranks for t in vinny.traits) == 1  # a single Failure Rank (003 L796–L797)


def test_combat_challenge_tie_and_empty_bowl() -> None:
    base = {
        "initiator": fighter("a", ("x", "good")),
        "opponent": fighter("b", ("y", "good")),
        "initiator_roll": {"traits": ["x"]},
        "opponent_roll": {"traits": ["y"]},
        "damage_policy": "lowest_first",
    }
    tie = resolve_combat_challenge(
        RoyaleCombatChallengeRequest.model_validate(
            {
                **base,
                "bowl": 3,
                "rolls": {
                    "C1.a.combat_challenge": 3,
                    "C1.a.combat_challenge.2": 3,
                    "C1.b.combat_challenge": 2,
                    "C1.b.combat_challenge.2": 4,
                },
            }
        )
    )
    assert tie.challenge_winner is None and tie.bowl == 3
    empty = resolve_combat_challenge(
        RoyaleCombatChallengeRequest.model_validate(
            {
                **base,
                "bowl": 0,
                "rolls": {
                    "C1.a.combat_challenge": 6,
                    "C1.a.combat_challenge.2": 3,
                    "C1.b.combat_challenge": 2,
                    "C1.b.combat_challenge.2": 4,
                },
            }
        )
    )
    assert empty.challenge_winner == "a" and empty.fighters[0].spirit_dice == 0 and empty.bowl == 0  # digest C23


def test_zeroed_trait_and_technique_once_per_round() -> None:
    f = fighter("kim", ("strong", "good"))
    f["traits"][0]["wound_ranks"] = 3
    answer = challenge(fighter=f, roll={"traits": ["strong"]}, target={"tn": 9}, seed=3)
    assert answer.status == "invalid" and [v.code for v in answer.violations] == ["TRAIT_ZEROED_OUT"]
    twice = challenge(
        fighter=fighter("kim", ("strong", "good")),
        target={"tn": 9},
        seed=3,
        roll={"techniques": [{"name": "Dodge"}, {"name": "Dodge", "boost": "flat"}]},
    )
    assert [v.code for v in twice.violations] == ["TECHNIQUE_ALREADY_USED"]


def test_be_impressive_spends_spirit_dice_into_the_bowl() -> None:
    answer = challenge(
        fighter=fighter("kim", ("strong", "good"), spirit_dice=2),
        roll={"impressive": ["flat"]},
        target={"tn": 9},
        rolls={"C1.kim.roll": 3, "C1.kim.roll.2": 3},
    )
    # 003 L632–L634: +1 for a Spirit Die: 3 + 3 + 1 = 7 (no Strength declared); the die goes to the Bowl
    assert (answer.total, answer.fighter.spirit_dice, answer.spirit_dice_to_bowl) == (7, 1, 1)


def test_changing_zones_uses_the_pack() -> None:
    # 003 L964–L976: a zone move is a Challenge; each further zone skipped +2; the crossing TN is the pack's
    # (digest C17: Good [9] by default, the diagram being missing)
    body = {"fighter": fighter("kim", ("strong", "good")), "seed": 1}
    assert [challenge(**body, target={"zones": z}).tn for z in (1, 2, 3)] == [9, 11, 13]


def test_mystic_form_with_no_spirit_dice() -> None:
    f = fighter("mei", ("qi", "good"), spirit_dice=0, harmonized="qi")
    f["traits"][0] |= {"style": True, "forms": ["mystic"]}
    body = {"fighter": f, "target": {"tn": 9}, "rolls": {"C1.mei.roll": 4, "C1.mei.roll.2": 4}}
    # 003 L1185–L1187: a Mystic Form at 0 Spirit Dice takes −2: 4 + 4 + 2 − 2 = 8
    assert challenge(**body).total == 8
    f["spirit_dice"] = 1
    assert challenge(**body).total == 10


def test_a_validated_sheet_is_played_as_it_is() -> None:
    from .support import carrie

    body: dict[str, Any] = {"fighter": {"id": "carrie", "sheet": carrie()}, "roll": {"traits": ["focus"]}}
    body |= {"target": {"difficulty": "master"}, "rolls": {"C1.carrie.roll": 4, "C1.carrie.roll.2": 5}}
    answer = resolve_challenge(RoyaleChallengeRequest.model_validate(body))
    # her Expert Focus, Determination (003 L221–L222): 4 + 5 + 4 = 13 meets Master's TN 13
    assert (answer.total, answer.success) == (13, True)
    fighter = answer.fighter
    assert fighter.name == "Carrie Schatz" and fighter.sheet is None
    # 003 L198–L301: three core Strengths, Athletic, A Very Scary Individual, Tough, and Kampfringen (Ocean)
    assert [t.id for t in fighter.traits] == [
        "motivation", "past", "focus", "athletic", "scary", "tough", "kampfringen",
    ]  # fmt: skip
    assert [(t.style, t.forms) for t in fighter.traits][-1] == (True, ["ocean"])
    # with traits beside the sheet, they are the traits' state now: they win by id
    hurt = {"id": "athletic", "name": "Athletic", "rank": "good", "wound_ranks": 2}
    both = RoyaleChallengeRequest.model_validate({**body, "fighter": {**body["fighter"], "traits": [hurt]}})
    assert [t.wound_ranks for t in both.fighter.traits if t.id == "athletic"] == [2] and len(both.fighter.traits) == 7
