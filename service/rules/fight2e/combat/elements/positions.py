"""Ranges and movement: one shared Range for two fighters (000 L5605–L5644), a Band Map (000 L5650–L5668) or a
Battle Grid (000 L5670–L5690, ``grid``)."""

from __future__ import annotations

from ..protocol.events import Square
from ..registry import features
from ..state.combatant import Combatant
from ..state.turn import Turn
from . import grid, props, styles, summon
from .hazards import hazard_effects, hazard_interaction, hazards


def move(
    ctx: Turn, mover: Combatant, ref: Combatant | None, ranges: int, toward: bool, square: Square | None = None
) -> None:
    """Move ``ranges`` toward (or away from) ``ref``. Moving forward past an opponent goes 1 → 0 → 1 on his other
    side (000 L5644). On a Battle Grid ``square`` is where the player chose to end (validated at his declaration)."""
    if ranges <= 0:
        return
    if mover.suppressed[1]:
        ctx.note("C", mover.id, f"{mover.id} is suppressed: he cannot move.", "000 L4247")
        return
    if styles.no_movement(mover):
        ctx.note("C", mover.id, f"{mover.id} cannot move in the {mover.style} style.", "000 L5140")
        return
    if toward and hazard_effects.blocked_move(ctx, mover, ref):
        return
    mover.moved += ranges
    props.moved(mover)
    hazards.on_move(ctx, mover, toward)
    if ctx.grid_mode:
        _move_on_grid(ctx, mover, ref, ranges, toward, square)
        return
    if not ctx.band_mode:
        r = ctx.range if ctx.range is not None else 3
        ctx.range = abs(r - ranges) if toward else min(r + ranges, 5)
        summon.follow(ctx, mover, ranges, 1 if toward else -1)
        return
    pos = ctx.bands[mover.id]
    target = ctx.bands[ref.id] if ref is not None else pos
    if toward:
        sign = 1 if target > pos else -1 if target < pos else ctx.last_mover.get(mover.id, 1)
    else:
        sign = -1 if target > pos else 1 if target < pos else -ctx.last_mover.get(mover.id, 1)
    new = min(max(pos + sign * ranges, 1), 6)
    ctx.bands[mover.id] = new
    summon.follow(ctx, mover, ranges, sign)
    if new != pos:
        ctx.last_mover[mover.id] = 1 if new > pos else -1
        hazard_interaction.auto(ctx, mover)  # into a Ring-Out or a made Hazard's band (000 L6205, L3141)


def _move_on_grid(
    ctx: Turn, mover: Combatant, ref: Combatant | None, ranges: int, toward: bool, square: Square | None
) -> None:
    if ctx.squares.get(mover.id) is None:
        ctx.note("C", mover.id, f"{mover.id} is off the grid, out of the combat: he does not move.", "000 L5678")
        return
    if square is not None and grid.legal_square(ctx, mover, ref, square, ranges, toward):
        square = None  # the positions changed since he declared it: the straight line instead
    there = ctx.squares.get(ref.id) if ref is not None else None
    was = ctx.squares.get(mover.id)
    grid.place(ctx, mover, square or grid.destination(ctx, mover, there, ranges, toward))
    if ctx.squares.get(mover.id) not in (None, was):
        hazard_interaction.auto(ctx, mover)  # into a harmful Hazard's square (000 L6075)
    summon.follow(ctx, mover, ranges, 1 if toward else -1)  # an Ally's square goes along his step (000 L4193)


def after_move_range(ctx: Turn, mover: Combatant, ref: Combatant, ranges: int, toward: bool) -> int:
    """The Range to ``ref`` that a move would leave, without moving."""
    r = ctx.distance(mover, ref)
    if ranges <= 0:
        return r
    if ctx.grid_mode:
        end = grid.destination(ctx, mover, ctx.squares.get(ref.id), ranges, toward)
        there = ctx.squares.get(ref.id)
        return 5 if end is None or there is None else grid.dist(end, there)
    if not ctx.band_mode:
        return abs(r - ranges) if toward else min(r + ranges, 5)
    pos, target = ctx.bands[mover.id], ctx.bands[ref.id]
    sign = (1 if target >= pos else -1) if toward else (-1 if target > pos else 1)
    return abs(min(max(pos + sign * ranges, 1), 6) - target)


def at_border(ctx: Turn, f: Combatant) -> bool:
    """Against the stage border, the Wall of a Wall Spring when no Hazard is one: Range 4 or more without a map,
    band 1 or 6 on a Band Map (000 L2241), an edge square on a Battle Grid (ours)."""
    if ctx.grid_mode:
        return grid.at_edge(ctx, f)
    if not ctx.band_mode:
        return (ctx.range if ctx.range is not None else 3) >= 4
    return ctx.bands.get(f.id) in (1, 6)


def set_range(ctx: Turn, a: Combatant, b: Combatant, value: int) -> None:
    """Put ``a`` at ``value`` Ranges from ``b`` on the same side he is now (a stopped movement, Draw Closer)."""
    if ctx.grid_mode:
        grid.toward_range(ctx, a, b, value)
        return
    if not ctx.band_mode:
        ctx.range = value
        return
    pa, pb = ctx.bands[a.id], ctx.bands[b.id]
    sign = 1 if pa >= pb else -1
    ctx.bands[a.id] = min(max(pb + sign * value, 1), 6)


@features.KNOCKED_BACK
def knock_back(ctx: Turn, attacker: Combatant, defender: Combatant, ranges: int) -> tuple[int, int]:
    """Push the defender ``ranges`` away from the attacker; never to Range 5 (000 L5950; ruling A33/A37).
    Returns the Range before and after."""
    before = ctx.distance(attacker, defender)
    if ranges <= 0:
        return before, before
    if ctx.grid_mode:
        if grid.knock_back(ctx, attacker, defender, ranges):
            hazards.on_move(ctx, defender, False)  # a Knock Back ends a Behind condition (000 L4477)
        return before, ctx.distance(attacker, defender)
    if not ctx.band_mode:
        after = before if before >= 4 else min(before + ranges, 4)
        if after != before:
            hazards.on_move(ctx, defender, False)  # a Knock Back ends a Behind condition (000 L4477)
        ctx.range = after
        return before, after
    pa, pd = ctx.bands[attacker.id], ctx.bands[defender.id]
    # Same band: away from the direction of the attacker's last movement (000 L5654).
    sign = (1 if pd > pa else -1) if pd != pa else ctx.last_mover.get(attacker.id, 1)
    span = [ctx.bands[f.id] for f in ctx.fighters.values() if f.active]
    if max(span) - min(span) >= 5:
        return before, before  # two combatants already at Range 5: no Knock Back (000 L5654)
    hazards.on_move(ctx, defender, False)  # a Knock Back ends a Behind condition (000 L4477)
    steps = min(ranges, max(4 - before, 0)) if before < 4 else 0
    new = pd + sign * steps
    if new < 1 or new > 6:  # shift everyone to stay on the map (000 L5656)
        shift = 1 - new if new < 1 else 6 - new
        for fid in ctx.bands:
            ctx.bands[fid] = min(max(ctx.bands[fid] + shift, 1), 6)
        new += shift
    ctx.bands[defender.id] = new
    return before, ctx.distance(attacker, defender)
