"""Unreliable on a Utility move used as the main turn's action (000 L4872–L4874): its 1d10 is rolled once the
action is declared and before any of its results; a 1 and the move has no effect at all. Figures worked by hand.

Mend is a level 2 Healing move that heals the whole 1d6 rolled (a Special Move's die, no Strength, 000 L3436–L3444).
The sheets are support.py's (PL 3, Life Bar 50); a acts first (A_FIRST: Control 6, enough for the level 2)."""

from __future__ import annotations

from .support import A_FIRST, duel, sheet, st

WILD_MEND = {
    "id": "wild_mend",
    "name": "Wild Mend",
    "level": 2,
    "elements": [{"id": "healing", "options": {"heal": "full"}}],
    "liabilities": [{"id": "unreliable"}],
}
USE = {"T1.a.action": {"action": "utility", "moves": ["wild_mend"]}}


def _glory(res, fid: str = "a") -> int:
    return sum(g.points for g in res.glory if g.fighter == fid)


def test_a_one_on_the_unreliable_die_leaves_the_utility_move_without_effect() -> None:
    # the 1d10 shows 1 (000 L4874): no healing roll is made, a stays at 30, and no Glory for a first use (000 L5751)
    res = duel(USE, {**A_FIRST, "T1.a.unreliable": 1}, a=sheet("a", moves=[WILD_MEND]), sa={"life_bar": 30}, rng=3)
    assert res.status == "resolved", res.violations
    assert any(r.key == "T1.a.unreliable" and r.result == 1 for r in res.rolls)
    assert "T1.a.healing" not in [r.key for r in res.rolls]
    assert st(res, "a").life_bar == 30 and _glory(res) == 0


def test_any_other_face_and_the_move_works() -> None:
    # the 1d10 shows 2: the heal lands, the 1d6's 5 in full: 30 → 35 (000 L3442); Glory, its level 2, for the first
    # use of a Utility Special Move (000 L5751)
    rolls = {**A_FIRST, "T1.a.unreliable": 2, "T1.a.healing": 5}
    res = duel(USE, rolls, a=sheet("a", moves=[WILD_MEND]), sa={"life_bar": 30}, rng=3)
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 35 and _glory(res) == 2
