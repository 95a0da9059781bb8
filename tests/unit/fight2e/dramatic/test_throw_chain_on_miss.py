"""A Multi-Part Throw the thrower ends early in a Fighters' Dramatic turn brings On-Miss effects with the waiting
Knock Down (000 L3775; the main system's procedure, 000 L7080), worked by hand on test_throws_and_startup.py's chain:
Toss (Opening Throw) → Twist, Rei holding Battle since Toss hit on turn 1. Here Toss carries Slow Recovery, the
On-Miss version on Initiative: one die size less next turn (000 L4830–L4836)."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.dramatic.test_kept_states import _ok, _play, _state
from tests.unit.fight2e.dramatic.test_throws_and_startup import TWIST, _at, _attack, _next, _req, _text

TOSS = move("toss", "throw", "opening_throw", level=1, liabilities=(el("slow_recovery", version="on_miss",
                                                                      penalised="initiative"),))  # fmt: skip


def _locked(points: int = 1) -> tuple[dict, dict[str, Any]]:
    # as test_throws_and_startup._locked: Toss hits at Range 0 (3 + 5 against Evasion 3), damage 6: 25 → 19
    req = _at(_req([TOSS, TWIST], rei={"dramatic": {"action_points": points}}), 0)
    return req, _ok(_play(req, {"T1.rei.action": _attack("toss")}, {"T1.rei.attack": 3, "T1.rei.damage": 6}))


def _steps(out: dict[str, Any]) -> int:
    """Rei's Initiative die sizes next turn: a Dramatic turn puts Slow Recovery there, no Control being rolled
    (000 L4836, L7084)."""
    return int(_state(out, "rei")["dramatic"]["initiative_steps"])


def test_declaring_the_end_brings_the_last_links_on_miss_effects() -> None:
    # 000 L3775: Rei declares his Basic Move instead of Twist: the sequence ends, Toss's Knock Down lands and (ruling:
    # the last link that hit) its On-Miss Slow Recovery: −1 Initiative die size next turn (000 L4836)
    req, out = _locked()
    assert _steps(out) == 0  # Toss hit: no On-Miss effect then
    after = _ok(_play(_at(_next(req, out), 0), {"T1.rei.action": _attack("basic_move")}, {}))
    assert "battle spends their action standing up" in _text(after)
    assert _steps(after) == -1


def test_no_point_for_the_next_link_brings_them_too() -> None:
    # ruling (000 L3775, L7084): no point left for Twist ends the sequence before he declares: Toss's Knock Down and
    # its On-Miss Slow Recovery (−1 Initiative die size next turn)
    req, out = _locked(points=0)
    after = _ok(_play(_at(_next(req, out), 0), {}, {}))
    assert "no point left for the next Throw" in _text(after)
    assert _steps(after) == -1


def test_the_victim_winning_initiative_brings_none() -> None:
    # 000 L3773: Battle 9 against Rei's 8 + 1: Knock Down only, no On-Miss effect (named for the thrower's ends only)
    req, out = _locked()
    after = _ok(_play(_at(_next(req, out), 0), {}, {"T1.rei.init": 8, "T1.battle.init": 9}))
    assert "battle spends their action standing up" in _text(after)
    assert _steps(after) == 0
