"""Recovery (003 L492–L509, L636–L640, L829–L834), worked by hand from the text."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.battleroyale.between_scenes.recovery import recover
from service.rules.battleroyale.between_scenes.recovery_models import RoyaleRecoveryRequest
from service.rules.battleroyale.operations import examples


def run(body: dict[str, Any]) -> Any:
    return recover(RoyaleRecoveryRequest.model_validate(body))


def sue() -> dict[str, Any]:
    return copy.deepcopy(examples("recover")["second-wind-and-scene-end"])


def test_second_wind_restore_and_scene_end() -> None:
    answer = run(sue())
    assert answer.status == "resolved", answer.violations
    # Second Wind (1 Spirit Die, rolled 2): two Wound Ranks off the Style still standing (003 L636–L639);
    # the Scene ends: its Failure Rank goes (003 L492); Smooth Moves (Zeroed Out) back at Poor for a Spirit Die
    # (003 L639–L640); then 1d6 = 1 Wound Rank heals (003 L506) → 2 + 1 + 1 + 1 = 5 ranks
    assert answer.recovered == 5
    ranks = {t.id: (t.wound_ranks, t.failure_ranks) for t in answer.fighter.traits}
    assert ranks == {"smooth_moves": (1, 0), "jive_hands": (0, 0)}
    assert (answer.fighter.spirit_dice, answer.spirit_dice_to_bowl) == (0, 2)


def test_recovery_traits_add_their_mod_and_full_recovery() -> None:
    body = sue()
    body.update(second_wind=0, restore=[], recovery_traits=["jive_hands"], rolls={"S1.sue.wounds": 1})
    # 003 L492, L506–L508: the Failure Rank goes first, leaving Jive Hands at Expert − 2 Wounds = Average [0];
    # 1d6 (1) + its MOD 0 = 1 Wound Rank heals, on the higher-rank trait with Wounds, Jive Hands (digest C20)
    answer = run(body)
    assert {t.id: t.wound_ranks for t in answer.fighter.traits} == {"smooth_moves": 3, "jive_hands": 1}
    full = run({**body, "full_recovery": True, "rolls": {}})  # 003 L503–L505
    assert all(t.wound_ranks == 0 for t in full.fighter.traits) and full.recovered == 1 + 5


def test_mostly_dead_recovery() -> None:
    body = sue()
    body["fighter"]["mostly_dead"] = True
    body["fighter"]["traits"][1]["wound_ranks"] = 4
    body["fighter"]["traits"][1]["failure_ranks"] = 0
    refused = run({**body, "end_scene": False})
    # 003 L830–L831: no Second Wind while Mostly Dead, and restoring waits for the Scene's end
    assert [v.code for v in refused.violations] == ["MOSTLY_DEAD", "MOSTLY_DEAD"]
    body.update(second_wind=0, restore=["smooth_moves", "jive_hands"], rolls={"S1.sue.wounds": 6})
    answer = run(body)
    # 003 L831–L834: a Spirit Die per trait back to Poor; then recovery as usual: 6 Wound Ranks, highest rank first
    assert not answer.fighter.mostly_dead and answer.fighter.spirit_dice == 0
    assert {t.id: t.wound_ranks for t in answer.fighter.traits} == {"smooth_moves": 0, "jive_hands": 0}


def test_step_mode_asks_for_the_dice() -> None:
    body = sue()
    body["rolls"] = {}
    asked = run(body)
    fighter = RoyaleRecoveryRequest.model_validate(body).fighter
    # every die of the step is named at once; the Scene's die comes after the Second Wind's, so it is provisional
    assert [(d.key, d.provisional) for d in asked.dice_needed] == [
        ("S1.sue.second_wind", False),
        ("S1.sue.wounds", True),
    ]
    assert asked.status == "decision_required" and asked.fighter == fighter


def test_the_player_picks_the_ranks_and_both_kinds_are_answered() -> None:
    body = sue()
    body["picks"] = [{"trait": "jive_hands", "kind": "failure"}, {"trait": "jive_hands", "kind": "wound"}]
    answer = run(body)
    assert answer.status == "resolved", answer.violations
    # Second Wind 2 (003 L637–L639, the player's choice): Jive Hands' Failure Rank and one Wound Rank; no Failure
    # Rank is left for the Scene's end (L492); Smooth Moves back at Poor: 3 − 1 = 2 Wounds (L639–L640); 1d6 = 1
    # Wound Rank heals, past the picks on the higher-rank trait, Jive Hands (digest C20): 2 + 0 + 1 + 1 = 4
    assert (answer.recovered, answer.recovered_failure, answer.recovered_wound) == (4, 1, 3)
    ranks = {t.id: (t.wound_ranks, t.failure_ranks) for t in answer.fighter.traits}
    assert ranks == {"smooth_moves": (2, 0), "jive_hands": (0, 0)}
    # without picks: the Failure Rank goes at the Scene's end, 4 Wound Ranks heal (the first test's figures)
    plain = run(sue())
    assert (plain.recovered_failure, plain.recovered_wound) == (1, 4)


def test_a_pick_with_no_such_rank_is_refused_and_extra_picks_are_noted() -> None:
    body = sue()
    body["picks"] = [{"trait": "smooth_moves", "kind": "failure"}]  # Smooth Moves carries Wound Ranks only
    answer = run(body)
    assert answer.status == "invalid" and [v.code for v in answer.violations] == ["RECOVERY_PICK_INVALID"]
    body["picks"] = [{"trait": "jive_hands", "kind": "wound"}] * 3  # Second Wind recovers 2
    body["end_scene"] = False
    body["restore"] = []
    body["rolls"] = {"S1.sue.second_wind": 2}
    answer = run(body)
    assert answer.status == "resolved" and [w.code for w in answer.warnings] == ["RECOVERY_PICK_UNUSED"]
    assert answer.recovered_wound == 2
