"""Small builders for the checks of `elements_i_to_w.py` and `liabilities.py`.

The standard scene: two Power Level 3 fighters at Range 1 (Strength, Speed and Stamina 0, no Combat Bonuses),
`a` first (Initiative 6 against 1, Control 6), `b` with Defense Skill 0 unless a check says otherwise, so that
`a`'s 1d6 attack (no roll when even a 1 hits) and damage die are the figures the check supplies.
Everything goes through the public turn resolver, as the rule tests of `test_combat_rules.py` do.
"""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import TurnResult

from ..fixtures import build
from ..support import A_FIRST, attack, duel, sheet, st
from .build import el

__all__ = [
    "A_FIRST",
    "accuracy_parts",
    "attack",
    "band_fight",
    "defense_total",
    "duel",
    "el",
    "first",
    "glory",
    "hit",
    "knocked_down",
    "logged",
    "move",
    "sheet",
    "st",
    "with_ki",
]


def move(
    mid: str = "m",
    level: int = 2,
    *,
    elements: list[dict[str, Any]] | None = None,
    liabilities: list[dict[str, Any]] | None = None,
    kind: str = "special",
) -> dict[str, Any]:
    return {
        "id": mid,
        "name": mid.title(),
        "kind": kind,
        "level": level,
        "elements": elements or [],
        "liabilities": liabilities or [],
    }


def first(turn: int = 1) -> dict[str, int]:
    """`a` acts first with Control 6: Initiative 6 against 1 (A_FIRST for any turn)."""
    return {f"T{turn}.a.init": 6, f"T{turn}.b.init": 1, f"T{turn}.a.ctrl": 6}


def hit(
    moves: list[dict[str, Any]],
    used: list[str] | None = None,
    rolls: dict[str, int] | None = None,
    *,
    b: dict[str, Any] | None = None,
    decisions: dict[str, Any] | None = None,
    a_sheet: dict[str, Any] | None = None,
    rng: int = 1,
    turn: int = 1,
    **kw: Any,
) -> TurnResult:
    """`a` (holding `moves`) attacks `b` with `used` (default: the first move) in the standard scene; a decision
    given as None is left out."""
    act = {f"T{turn}.a.action": attack(used or [moves[0]["id"]]), **(decisions or {})}
    return duel(
        {k: v for k, v in act.items() if v is not None},
        {**first(turn), **(rolls or {})},
        a=a_sheet or sheet("a", moves=moves),
        b=b or sheet("b", defense=0),
        rng=rng,
        turn=turn,
        **kw,
    )


def glory(res: TurnResult, fid: str) -> int:
    return sum(g.points for g in res.glory if g.fighter == fid)


def logged(res: TurnResult, label: str) -> list[str]:
    """The texts of the log lines with this step label."""
    return [s.text for s in res.log if s.label == label]


def accuracy_parts(res: TurnResult, actor: str = "a") -> dict[str, int]:
    """The named Accuracy modifiers of `actor`'s first attack roll (D.6), without the die and the FS spent."""
    step = next(s for s in res.log if s.label == "D.6" and s.actor == actor)
    return {k: v for k, v in step.inputs.items() if isinstance(v, int) and k not in ("fs", "roll")}


def defense_total(res: TurnResult, defender: str = "b") -> int:
    """The Defense Total of `defender` against the first attack on him (D.4)."""
    return next(int(s.change["dt"]) for s in res.log if s.label == "D.4" and s.actor == defender)


def with_ki(sh: dict[str, Any], ki: int) -> dict[str, Any]:
    return {**sh, "combat_skills": {**sh["combat_skills"], "ki": ki}}


def knocked_down(res: TurnResult, fid: str = "b") -> bool:
    """Whether the turn knocked `fid` down (he may have stood up again at his slot)."""
    return any(s.label == "E.4" and s.actor == fid and "Knocked Down" in s.text for s in res.log)


def band_fight(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    bands: dict[str, int],
    hazards: list[dict[str, Any]],
    a: dict[str, Any],
    b: dict[str, Any] | None = None,
) -> TurnResult:
    """Turn 1 on a Band Map: `a` and `b` (Defense 0 unless given) at the bands named, with these Hazards."""
    fighters = [
        {"id": fid, "sheet": sh, "state": {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30}}
        for fid, sh in (("a", a), ("b", b or sheet("b", defense=0)))
    ]
    decisions = {"T1.a.action": {"action": "none"}, "T1.b.action": {"action": "none"}, **decisions}
    req = {
        "fight": {"positioning": {"mode": "band", "bands": bands}, "hazards": hazards},
        "fighters": fighters,
        "decisions": decisions,
        "rolls": rolls,
        "seed": 1,
    }
    return resolve_turn(build(req))
