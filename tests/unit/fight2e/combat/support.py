"""What the combat tests build their turns from: the sheets, the two-fighter duel, the moves and decisions used
most, and the answer's lookups."""

from __future__ import annotations

from typing import Any

from service.rules.core.protocol.models import DieNeeded
from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import Asked, TurnResult
from service.rules.fight2e.simulation.policies import typed

from .fixtures import build

KICK = {"id": "kick", "name": "Kick", "level": 3, "elements": [{"id": "mobile", "options": {"movement": "mobile"}}]}
PALM = {"id": "palm", "name": "Palm", "level": 2, "elements": [{"id": "increased_accuracy"}]}
FIST = {"id": "fist", "name": "Fist", "level": 2}
THROW = {"id": "grab", "name": "Grab", "level": 2, "elements": [{"id": "throw"}]}
SUPER = {"id": "sup", "name": "Sup", "kind": "super", "level": 5, "elements": [{"id": "increased_damage", "times": 6}]}


def sheet(
    fid: str,
    pl: int = 3,
    strength: int = 0,
    speed: int = 0,
    stamina: int = 0,
    init: int = 0,
    ctrl: int = 0,
    defense: int = 2,
    evasion: int = 2,
    tactics: int = 2,
    combo: int = 3,
    moves: list | None = None,
    qualities: list[str] | None = None,
    bonuses: dict[str, int] | None = None,
) -> dict[str, Any]:
    return {
        "id": fid,
        "power_level": pl,
        "basic_qualities": {"strength": strength, "speed": speed, "stamina": stamina},
        "speed_allocation": {"initiative": init, "control": ctrl},
        "combat_skills": {"defense": defense, "evasion": evasion, "tactics": tactics, "combo": combo},
        "combat_bonuses": {k: {"regular": v} for k, v in (bonuses or {}).items()},
        "qualities": [{"id": q} for q in (qualities or [])],
        "moves": moves if moves is not None else [KICK, PALM, FIST, THROW],
    }


LIFE = {1: 30, 2: 40, 3: 50, 4: 60, 5: 70, 6: 80, 7: 90, 8: 100}
FS = {1: 10, 2: 20, 3: 30, 4: 40, 5: 55, 6: 70, 7: 85, 8: 100}


def duel(
    decisions: dict[str, Any],
    rolls: dict[str, int] | None = None,
    *,
    a: dict | None = None,
    b: dict | None = None,
    sa: dict | None = None,
    sb: dict | None = None,
    rng: int = 1,
    options: dict | None = None,
    turn: int = 1,
    previous: dict | None = None,
    extra: list | None = None,
    seed: int | None = 1,
    time_count: int | None = None,
    fight_hazards: list | None = None,
    sides: dict | None = None,
) -> TurnResult:
    a = a or sheet("a")
    b = b or sheet("b")
    fighters = []
    for fid, sh, st in (("a", a, sa), ("b", b, sb)):
        pl = sh["power_level"]
        base = {"life_bar": LIFE[pl], "fighting_spirit": FS[pl], "fs_start": FS[pl]}
        fighters.append({"id": fid, "sheet": sh, "state": {**base, **(st or {})}})
    fight: dict[str, Any] = {"turn": turn, "positioning": {"mode": "range", "range": rng}}
    if time_count is not None:
        fight["time_count"] = time_count
    if fight_hazards:
        fight["hazards"] = fight_hazards
    if sides:
        fight["sides"] = sides
    if previous:
        fight["previous_turn"] = previous
    if extra:
        fighters += extra
        fight["positioning"] = {"mode": "band", "bands": {f["id"]: 1 + i for i, f in enumerate(fighters)}}
    decisions = dict(decisions)
    for f in fighters:  # a fighter the test does not script does nothing
        if not any(
            k.startswith(f"T{turn}.{f['id']}.") and k.split(".")[2] in ("action", "simul_declare") for k in decisions
        ):
            decisions[f"T{turn}.{f['id']}.action"] = {"action": "none"}
    req = {
        "options": options or {},
        "fight": fight,
        "fighters": fighters,
        "decisions": decisions,
        "rolls": rolls or {},
        "seed": seed,
    }
    return resolve_turn(build(req))


def ch(res: TurnResult, label: str, actor: str | None = None, i: int = 0) -> dict:
    return [dict(s.change) for s in res.log if s.label == label and (actor is None or s.actor == actor)][i]


def inp(res: TurnResult, label: str, actor: str | None = None, i: int = 0) -> dict:
    return [dict(s.inputs) for s in res.log if s.label == label and (actor is None or s.actor == actor)][i]


def st(res: TurnResult, fid: str):
    return next(f.state for f in res.fighters if f.id == fid)


A_FIRST = {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6}


def attack(moves: list[str], **kw: Any) -> dict[str, Any]:
    return {"action": "attack", "moves": moves, **kw}


def nothing() -> dict[str, Any]:
    return {"action": "none"}


def first_decision(res: TurnResult) -> Asked | None:
    """The first decision the answer asks, its choices read back typed (``simulation.policies.typed``)."""
    return typed(res.decisions_needed[0]) if res.decisions_needed else None


def first_pending(res: TurnResult) -> DieNeeded | Asked | None:
    """What the answer asks first: a die still to roll (the decisions after it are provisional), else the first
    decision (read back typed)."""
    return res.dice_needed[0] if res.dice_needed else first_decision(res)
