"""What a move does beyond its attack in a plain Dramatic turn (no Thugs, 000 L7080: the main system's procedure),
each worked by hand from the text.

Rei uses Rage, a level-3 Utility move with a Buff (Strength +1, a 10-count, 000 L2953–L2961), as in test_actions.py:
one Action Point pays for a Special Move's first use (000 L7209), and its first use earns its level, 3, in Glory
(000 L6004)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.dramatic import test_actions as acts
from tests.unit.fight2e.dramatic.test_options import REI_D

USE = {"T1.rei.action": {"action": "utility", "moves": ["rage"]}, **acts.NOTHING}


def _limited(options: dict[str, str] | None, choice: str) -> dict[str, Any]:
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append(
        {**copy.deepcopy(acts.RAGE), "liabilities": [{"id": "limited_move", "options": options or {}}]}
    )
    return acts._ok(acts._turn({**USE, "T1.rei.limited_move": {"choice": choice}}, {}, sheet=sheet))


def _gaps(out: dict[str, Any]) -> list[str]:
    return [u["reason"] for u in out["unsupported"]]


def _buffs(out: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e["id"], e["move"]) for e in acts._rei(out)["ongoing_effects"] if e["id"] == "buff"]


def test_a_utility_moves_limited_move_is_asked_at_its_use() -> None:
    # 000 L4579–L4591: the drawback (naming no Element) is asked at each use, a Utility move's as an attack's
    sheet = copy.deepcopy(REI_D)
    sheet["moves"].append({**copy.deepcopy(acts.RAGE), "liabilities": [{"id": "limited_move"}]})
    asked = acts._turn(USE, {}, sheet=sheet)
    assert [d["key"] for d in asked["decisions_needed"]] == ["T1.rei.limited_move"]


def test_a_utility_moves_limited_move_applying_the_use_does_nothing_paid_for() -> None:
    # 000 L4579–L4591, L4872–L4874: applying to the whole move, Rage starts no Buff and earns no Glory; its 1 Action
    # Point is spent (000 L7209: 1 → 0)
    out = _limited(None, "act")
    assert _buffs(out) == []
    assert out["glory"] == []
    assert acts._rei(out)["dramatic"]["action_points"] == 0
    assert acts._rei(out)["dramatic"]["special_moves_used"] == ["rage"]
    assert _gaps(out) == []


def test_a_utility_moves_limited_move_not_applying_the_use_works_as_built() -> None:
    # 000 L4579–L4591: not applying, Rage starts its Buff (000 L2953) and earns 3 Glory (000 L6004); nothing named
    out = _limited(None, "pass")
    assert _buffs(out) == [("buff", "rage")]
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("rei", 3)]
    assert _gaps(out) == []


def test_a_utility_moves_limited_move_narrowing_its_buff_takes_only_the_buff() -> None:
    # 000 L4589: a drawback limited to one Element (the Buff) takes only it: no Buff starts, the use still earns its
    # level in Glory (000 L6004: 3)
    out = _limited({"description": "not at night", "limited_elements": "buff"}, "act")
    assert _buffs(out) == []
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("rei", 3)]
