"""Small builders shared by the entry-effect checks: a move with given entries, a one-attack turn, and readers of
the answer. Every turn goes through the public ``resolve_turn`` (via ``duel``)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import TurnResult

from ..fixtures import build
from ..support import FS, LIFE, attack, duel, sheet, st

# a acts first (Initiative 6 against 1) with Control 6; b's Control is 3 (000 L5491–L5513).
FIRST = {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 3}


def el(entry: str, times: int | None = None, **options: Any) -> dict[str, Any]:
    """One Element or Liability on a move: its id, instances and design options."""
    out: dict[str, Any] = {"id": entry}
    if times is not None:
        out["times"] = times
    if options:
        out["options"] = options
    return out


def move(
    mid: str,
    *elements: dict[str, Any] | str,
    level: int = 2,
    kind: str | None = None,
    liabilities: tuple[dict[str, Any] | str, ...] = (),
) -> dict[str, Any]:
    """A Special Move (or ``kind``) of ``level`` with the given Elements (an id or an ``el``) and Liabilities."""

    def norm(e: dict[str, Any] | str) -> dict[str, Any]:
        return el(e) if isinstance(e, str) else e

    out: dict[str, Any] = {"id": mid, "name": mid.replace("_", " ").title(), "level": level}
    if kind:
        out["kind"] = kind
    if elements:
        out["elements"] = [norm(e) for e in elements]
    if liabilities:
        out["liabilities"] = [norm(e) for e in liabilities]
    return out


def strike(
    mv: dict[str, Any] | list[dict[str, Any]],
    rolls: dict[str, int] | None = None,
    decisions: dict[str, Any] | None = None,
    *,
    use: list[str] | None = None,
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    rng: int = 1,
    **kw: Any,
) -> TurnResult:
    """a (acting first) attacks b with ``mv`` (or the Combo ``use`` from the moves ``mv``) at Range ``rng``."""
    moves = mv if isinstance(mv, list) else [mv]
    res = duel(
        {"T1.a.action": attack(use or [moves[0]["id"]]), **(decisions or {})},
        {**FIRST, **(rolls or {})},
        a=a or sheet("a", moves=moves),
        b=b or sheet("b", defense=0),
        rng=rng,
        **kw,
    )
    assert res.status == "resolved", (res.violations, res.decisions_needed, res.dice_needed)
    return res


def hit_by(res: TurnResult, attacker: str = "a") -> bool:
    """Whether ``attacker`` hit anyone this turn (the typed events)."""
    return any(e.kind == "hit" and e.fighter == attacker for e in res.events)


def next_dice(res: TurnResult, fid: str) -> set[tuple[str, int]]:
    """The die-size shifts ``fid`` carries into the next turn, as (target, steps)."""
    return {(str(s.target), s.steps) for s in st(res, fid).next_turn_dice}


def die_of(res: TurnResult, key: str) -> str:
    """The die rolled under ``key`` (e.g. "T1.a.damage")."""
    return next(r.die for r in res.rolls if r.key == key)


def life(res: TurnResult, fid: str) -> int:
    return st(res, fid).life_bar


def carried(res: TurnResult, fid: str) -> dict[str, Any]:
    """``fid``'s state at the end of ``res``, to start the next turn with."""
    return st(res, fid).model_dump(mode="json")


def effects(res: TurnResult, fid: str) -> list[tuple[str, int | None]]:
    """``fid``'s ongoing effects as (entry id, Time Count left)."""
    return [(e.id, e.time_left) for e in st(res, fid).ongoing_effects]


def utility(*moves: str, **kw: Any) -> dict[str, Any]:
    return {"action": "utility", "moves": list(moves), **kw}


def band_duel(
    decisions: dict[str, Any],
    rolls: dict[str, int],
    bands: dict[str, int],
    hazards: list[dict[str, Any]] | None = None,
    *,
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    turn: int = 1,
    sa: dict[str, Any] | None = None,
) -> TurnResult:
    """a and b on a Band Map (000 L5650–L5668), with ``hazards``; anyone not scripted does nothing."""
    fighters = []
    for fid, sh, more in (("a", a or sheet("a"), sa), ("b", b or sheet("b", defense=0), None)):
        pl = sh["power_level"]
        base = {"life_bar": LIFE[pl], "fighting_spirit": FS[pl], "fs_start": FS[pl]}
        fighters.append({"id": fid, "sheet": sh, "state": {**base, **(more or {})}})
    decisions = {f"T{turn}.{fid}.action": {"action": "none"} for fid in ("a", "b")} | decisions
    req = {
        "fight": {"turn": turn, "positioning": {"mode": "band", "bands": bands}, "hazards": hazards or []},
        "fighters": fighters,
        "decisions": decisions,
        "rolls": rolls,
        "seed": 1,
    }
    return resolve_turn(build(req))


def downed(res: TurnResult, fid: str) -> bool:
    """Whether ``fid`` was Knocked Down during the turn (he may have stood up again by its end)."""
    return any(e.kind == "knocked_down" and e.fighter == fid for e in res.events)
