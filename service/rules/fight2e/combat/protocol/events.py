"""Typed events: what happened in the turn, in order, each tied to the log step that reports it.

Events are found by comparing what the answer shows of each fighter (Life Bar, statuses, Super Energy, Glory)
and the positions before and after every log step, so a fighter Knocked Down and back up within one turn shows
both events even though his final state says `knocked_down: false`. Hits and misses come from the Accuracy step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ....core.construct import built
from ..contract.models import Event, EventKind, GloryAward, LogStep

if TYPE_CHECKING:  # the turn's state imports this module: its fighter is named in annotations only
    from ..state.combatant import Combatant

Snapshot = tuple[int, bool, bool, bool, bool, int, int]  # life, knocked down, stunned, hit stun, defeated, SE, FS
Square = tuple[int, int]  # a Battle Grid square: (column, row), each 1–5


class Turn(Protocol):
    """What the events read and keep of the turn's working state (``state.Turn``)."""

    fighters: dict[str, Combatant]
    range: int | None
    bands: dict[str, int]
    band_mode: bool
    squares: dict[str, Square | None]
    snap_squares: dict[str, Square | None]
    log: list[LogStep]
    glory: list[GloryAward]
    events: list[Event]
    snaps: dict[str, Snapshot] | None
    snap_pos: tuple[int | None, dict[str, int]]
    snap_glory: int
    snap_defender: str | None


# a status that turned on / off between two log steps
_FLAGS = (
    (1, EventKind.knocked_down, EventKind.stood_up),
    (2, EventKind.stunned, EventKind.stun_recovered),
    (3, EventKind.hit_stun, None),
    (4, EventKind.defeated, None),
)


def _snap(f: Combatant) -> Snapshot:
    return (f.life, f.knocked_down, bool(f.stunned), f.hit_stun, f.defeated, f.se, f.fs)


def start(ctx: Turn) -> None:
    ctx.snaps = {fid: _snap(f) for fid, f in ctx.fighters.items()}
    ctx.snap_pos = (ctx.range, dict(ctx.bands))
    ctx.snap_squares = dict(ctx.squares)
    ctx.snap_glory = len(ctx.glory)


def _add(
    ctx: Turn,
    kind: EventKind,
    fighter: str | None,
    amount: int | None = None,
    value: int | None = None,
    other: str | None = None,
    figures: dict[str, int] | None = None,
) -> None:
    values = {
        "step": len(ctx.log),
        "kind": kind,
        "fighter": fighter,
        "other": other,
        "amount": amount,
        "value": value,
        "figures": figures or {},
    }
    e = built(Event, values)
    ctx.events.append(e)


# the numbers of an Accuracy step's inputs that a hit or miss carries when the step names no figures of its own
_ATTACK_INPUTS = ("accuracy", "defense_total", "face", "roll", "total")
# the numbers of a damage step's change that its damage event carries (dealt before any floor; Stun Damage)
_DAMAGE_CHANGE = ("damage", "stun_damage")


def _ints(source: dict, names: tuple[str, ...]) -> dict[str, int]:
    return {k: v for k in names if isinstance(v := source.get(k), int) and not isinstance(v, bool)}


def after_note(
    ctx: Turn,
    actor: str | None,
    change: dict,
    label: str = "",
    inputs: dict | None = None,
    figures: dict[str, int] | None = None,
) -> None:
    """Events of the log step just written; ``figures`` the numbers its text prints that neither its ``inputs`` nor
    its ``change`` holds (a hit or miss: the Accuracy and the Defense Total it was tested against)."""
    if ctx.snaps is None or not change:
        return  # a step that changes nothing: what changed meanwhile shows at the next step that does
    if label == "D.4":  # the defender's Defense Total comes just before the Accuracy step
        ctx.snap_defender = actor
    if isinstance(change.get("hit"), bool) and actor is not None:
        figs = figures if figures is not None else _ints(inputs or {}, _ATTACK_INPUTS)
        _add(ctx, EventKind.hit if change["hit"] else EventKind.miss, actor, other=ctx.snap_defender, figures=figs)
    dealt = _ints(change, _DAMAGE_CHANGE) if "damage" in change else {}
    for fid, f in ctx.fighters.items():
        now, was = _snap(f), ctx.snaps.get(fid)
        if was is None or now == was:
            ctx.snaps[fid] = now
            continue
        if now[0] != was[0]:
            hurt = now[0] < was[0]
            kind = EventKind.damage if hurt else EventKind.healed
            _add(ctx, kind, fid, now[0] - was[0], now[0], figures=dealt if hurt else None)
            dealt = {} if hurt else dealt  # the step's damage figures go with the first Life Bar it lowers
        for i, on, off in _FLAGS:
            if now[i] and not was[i]:
                _add(ctx, on, fid)
            elif was[i] and not now[i] and off is not None:
                _add(ctx, off, fid)
        if now[5] > was[5]:
            _add(ctx, EventKind.super_energy, fid, now[5] - was[5], now[5])
        if now[6] != was[6]:
            _add(ctx, EventKind.fighting_spirit, fid, now[6] - was[6], now[6])
        ctx.snaps[fid] = now
    rng, bands = ctx.snap_pos
    if ctx.range != rng or ctx.bands != bands:  # most steps move nobody: nothing to compare or copy
        _positions(ctx)
    if ctx.squares != ctx.snap_squares:
        _squares(ctx)
    if len(ctx.glory) != ctx.snap_glory:
        _glory(ctx)


def _positions(ctx: Turn) -> None:
    rng, bands = ctx.snap_pos
    if ctx.range != rng and not ctx.band_mode and ctx.range is not None:
        _add(ctx, EventKind.range_changed, None, ctx.range - (rng or 0), ctx.range)
    if ctx.bands != bands:
        for fid, band in ctx.bands.items():
            if bands.get(fid) != band:
                _add(ctx, EventKind.moved, fid, band - bands.get(fid, band), band)
    ctx.snap_pos = (ctx.range, dict(ctx.bands))


def _squares(ctx: Turn) -> None:
    """Battle Grid: each fighter whose square changed, with the squares moved (diagonals count 1, 000 L5676)."""
    for fid, sq in ctx.squares.items():
        was = ctx.snap_squares.get(fid)
        if sq == was or was is None:
            continue
        start = {"from_col": was[0], "from_row": was[1]}
        if sq is None:
            _add(ctx, EventKind.left_grid, fid, figures=start)
            continue
        moved = max(abs(sq[0] - was[0]), abs(sq[1] - was[1]))
        _add(ctx, EventKind.moved_on_grid, fid, moved, None, figures={"col": sq[0], "row": sq[1], **start})
    ctx.snap_squares = dict(ctx.squares)


def _glory(ctx: Turn) -> None:
    for g in ctx.glory[ctx.snap_glory :]:
        _add(ctx, EventKind.glory, g.fighter, g.points)
    ctx.snap_glory = len(ctx.glory)


def round_over(ctx: Turn, winner: str | None) -> None:
    _add(ctx, EventKind.round_over, winner)


def action_points(ctx: Turn, fighter: str, amount: int, value: int) -> None:
    """Dramatic Combat: a fighter's bank of Action Points changed by ``amount`` to ``value``."""
    if amount:
        _add(ctx, EventKind.action_points, fighter, amount, value)
