"""A Multi-Part Throw that the thrower ends early brings On-Miss effects with its waiting Knock Down and Knock Back
(000 L3775), worked by hand on test_sequences.py's chain: Grab One (Opening Throw) → Grab Two → Grab Three, each a
level 2 Throw; a holds b locked since turn 1 after Grab One hit. Here Grab One carries Slow Recovery, the On-Miss
version on Initiative: one die size less next turn (000 L4830–L4836)."""

from __future__ import annotations

from .support import FIST, attack, duel, sheet, st
from .test_sequences import GRAB1, GRAB2, GRAB3, ROLLS2, knocked_down, lock_of, locked

SLOW = {**GRAB1, "liabilities": [{"id": "slow_recovery", "options": {"version": "on_miss", "penalised": "initiative"}}]}
THROWS = [SLOW, GRAB2, GRAB3, FIST]


def _shifts(res) -> list[tuple[str, int]]:
    return [(d.target, d.steps) for d in st(res, "a").next_turn_dice]


def test_declaring_the_end_brings_the_last_links_on_miss_effects() -> None:
    # 000 L3775: a declares Fist instead of Grab Two: the sequence ends, Grab One's waiting Knock Down lands and its
    # On-Miss effects apply (ruling: the last link that hit, no link having missed): Slow Recovery, −1 Initiative
    # die size next turn (000 L4836); the Fist never comes
    res = duel(
        {"T2.a.action": attack(["fist"])}, ROLLS2, rng=0, a=sheet("a", moves=THROWS), turn=2, sa=locked("grab1", 1)
    )
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)
    assert _shifts(res) == [("initiative", -1)]


def test_lacking_the_control_for_the_next_link_brings_them_too() -> None:
    # 000 L3775: Control 1 is less than Grab Two's level 2: the sequence ends at his action with the Knock Down and
    # Grab One's On-Miss Slow Recovery (−1 Initiative die size next turn, 000 L4836)
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 1}
    res = duel({}, rolls, rng=0, a=sheet("a", moves=THROWS), turn=2, sa=locked("grab1", 1))
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)
    assert _shifts(res) == [("initiative", -1)]


def test_the_victim_winning_initiative_brings_none() -> None:
    # 000 L3773: b's 6 against a's 1 ends the sequence with Knock Down and Knock Back only; On-Miss effects are named
    # for the thrower's own ends alone (000 L3775): no die shift for a
    rolls = {"T2.a.init": 1, "T2.b.init": 6, "T2.a.ctrl": 6}
    res = duel({}, rolls, rng=0, a=sheet("a", moves=THROWS), turn=2, sa=locked("grab1", 1))
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)
    assert _shifts(res) == []
