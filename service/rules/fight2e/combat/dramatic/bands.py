"""Dramatic Combat on a Band Map, which the sub-system allows, most of all for crowded fights (000 L7106): each
fighter takes one of six bands and every Range is the bands' difference
(000 L5652–L5656), so his movement or Knock Back changes his Range to everyone. Movement is the main system's
("Movement is unchanged", 000 L7106; past an opponent, 000 L5644), except that nobody walks to Range 5 from every
opponent: that is Leaving Combat (000 L7152). Knock Back is the main system's on the map: away from the attacker,
never to Range 5, the board (Thug groups too) shifted rather than anyone knocked off it, unless two others already
span it (000 L5654–L5656, L5950). Environmental Hazards are not used in Dramatic Combat (000 L7106), so no
band's Hazard is played here.

On a Battle Grid (000 L5670–L5690, "A Battle Map can be used", 000 L7106) the same calls work on squares: Range is
the count of squares, diagonals 1 (000 L5676); movement one square a Range along the line (000 L5680–L5682, the
main turn's ``grid`` helpers); Knock Back in a straight line (000 L5686) and never off the grid (there is no Range 5
on it, 000 L5678); getting away is moving off the grid (000 L5678, L7152). No Hazard's square is played either
(000 L7106)."""

from __future__ import annotations

from ..elements import grid
from ..protocol.events import Square
from ..state.combatant import Combatant
from ..state.turn import Turn

EDGE = (1, 6)
AWAY = 5  # Range 5 from every opponent: out of the fight (000 L7152)


def mapped(ctx: Turn) -> bool:
    """Positions on a map (a Band Map or a Battle Grid) rather than one shared Range."""
    return ctx.band_mode or ctx.grid_mode


def _placed(ctx: Turn) -> dict:
    return ctx.squares if ctx.grid_mode else ctx.bands


def foes(ctx: Turn, f: Combatant) -> list[Combatant]:
    return [o for o in ctx.opponents(f) if o.id in _placed(ctx)]


def where(ctx: Turn, f: Combatant) -> str:
    """His place on the map, for the log."""
    if ctx.grid_mode:
        sq = ctx.squares.get(f.id)
        return "off the grid" if sq is None else f"square ({sq[0]}, {sq[1]})"
    return f"band {ctx.bands[f.id]}"


def change(ctx: Turn, f: Combatant) -> dict:
    """His place on the map, for the log's ``change``."""
    if ctx.grid_mode:
        sq = ctx.squares.get(f.id)
        return {"off_grid": True} if sq is None else {"col": sq[0], "row": sq[1]}
    return {"band": ctx.bands[f.id]}


def nearest(ctx: Turn, f: Combatant) -> Combatant | None:
    """The opponent a move or a push is measured from when none is named (the main turn's reading, ``nearest``)."""
    near = foes(ctx, f)
    return min(near, key=lambda o: ctx.distance(f, o)) if near else None


def _group_bands(ctx: Turn, f: Combatant) -> list[int]:
    """The bands of the Thug groups against him (a group with no side is against every Fighter)."""
    return [ctx.thug_bands[s.id] for s in ctx.req.fight.thugs if s.id in ctx.thug_bands and s.side != f.side]


def in_fight(ctx: Turn, f: Combatant) -> bool:
    """Some opponent within Range 4 of him: he has not left the fight."""
    return any(ctx.distance(f, o) < AWAY for o in foes(ctx, f))


def _clamp(band: int) -> int:
    return min(max(band, EDGE[0]), EDGE[1])


def move(ctx: Turn, f: Combatant, ref: Combatant | None, n: int, toward: bool) -> tuple[int, int]:
    """``n`` bands toward (or away from) ``ref`` (the nearest opponent if None), as the main turn moves on the map
    (``positions.move``): from ``ref``'s band, the way he last moved. Ruling (000 L7106, L7152): a move that would
    leave him at Range 5 from every opponent stops a band short, Range 4 from the nearest. Returns his band before
    and after (on a Battle Grid his Range to ``ref`` before and after, ``_move_on_grid``)."""
    ref = ref if ref is not None else nearest(ctx, f)
    if ctx.grid_mode:
        return _move_on_grid(ctx, f, ref, n, toward)
    pos = ctx.bands[f.id]
    target = ctx.bands[ref.id] if ref is not None else pos
    last = ctx.last_mover.get(f.id, 1)
    if toward:
        sign = 1 if target > pos else -1 if target < pos else last
    else:
        sign = -1 if target > pos else 1 if target < pos else -last
    new = _clamp(pos + sign * n)
    others = [ctx.bands[o.id] for o in foes(ctx, f)] + _group_bands(ctx, f)
    if others and all(abs(new - b) >= AWAY for b in others):
        new -= sign
    ctx.bands[f.id] = new
    f.moved += abs(new - pos)
    if new != pos:
        ctx.last_mover[f.id] = 1 if new > pos else -1
    return pos, new


def _move_on_grid(ctx: Turn, f: Combatant, ref: Combatant | None, n: int, toward: bool) -> tuple[int, int]:
    """``n`` squares toward (or away from) ``ref``, one square a Range, straight or diagonally along the line
    (000 L5680–L5682, ``grid.destination``). Ruling (000 L7106, L7152): a move that would take him off the grid stops on
    it, a square short; he leaves by Leaving Combat. No Hazard's square is played (000 L7106)."""
    was = ctx.squares.get(f.id)
    before = ctx.distance(f, ref) if ref is not None else 0
    if was is None:
        return before, before
    there = ctx.squares.get(ref.id) if ref is not None else None
    end = None
    for k in range(n, 0, -1):
        end = grid.destination(ctx, f, there, k, toward)
        if end is not None:
            break
    end = end if end is not None else was
    grid.place(ctx, f, end)
    f.moved += grid.dist(was, end)
    return before, ctx.distance(f, ref) if ref is not None else 0


def knock_back(ctx: Turn, src: Combatant | None, t: Combatant, n: int) -> tuple[int, int]:
    """Knock Back on the map (000 L5654–L5656): ``t`` pushed ``n`` bands away from ``src`` (the target's nearest
    opponent if None), never to Range 5 (000 L5950). Returns the Range before and after."""
    src = src if src is not None and src.id in _placed(ctx) else nearest(ctx, t)
    if src is None:
        return 0, 0
    before = ctx.distance(src, t)
    if ctx.grid_mode:  # in a straight line away from him, never off the grid (000 L5678, L5686)
        grid.knock_back(ctx, src, t, n)
        return before, ctx.distance(src, t)
    return _push(ctx, src, t, min(n, max(AWAY - 1 - before, 0)))


def push_to(ctx: Turn, src: Combatant | None, t: Combatant, rng: int) -> tuple[int, int]:
    """Knocked out of the fight (000 L7195): ``t`` pushed away from ``src`` to Range ``rng`` (at most 5). Returns the
    Range before and after."""
    src = src if src is not None and src.id in _placed(ctx) else nearest(ctx, t)
    if src is None:
        return 0, 0
    if ctx.grid_mode:
        # Ruling: a Fighter cannot be Knocked Back to Range 5 on a Battle Grid (000 L5678): he stops at Range 4 at
        # most, his turns away still counted (000 L7195).
        return knock_back(ctx, src, t, max(min(rng, AWAY - 1) - ctx.distance(src, t), 0))
    return _push(ctx, src, t, max(min(rng, AWAY) - ctx.distance(src, t), 0))


def _push(ctx: Turn, src: Combatant, t: Combatant, steps: int) -> tuple[int, int]:
    """``steps`` bands away from ``src``; from the same band, the way ``src`` last moved (000 L5654). Off
    the map everyone (Thug groups too) shifts to keep him on it, unless two others already span Range 5: then he
    stops at the edge (000 L5654–L5656)."""
    before = ctx.distance(src, t)
    pa, pt = ctx.bands[src.id], ctx.bands[t.id]
    sign = (1 if pt > pa else -1) if pt != pa else ctx.last_mover.get(src.id, 1)
    new = pt + sign * steps
    if not EDGE[0] <= new <= EDGE[1]:
        others = [b for fid, b in ctx.bands.items() if fid != t.id and ctx.fighters[fid].active]
        others += list(ctx.thug_bands.values())
        room = EDGE[0] - min(others) if new > EDGE[1] else EDGE[1] - max(others)  # how far the others can shift
        shift = max(EDGE[1] - new, room) if new > EDGE[1] else min(EDGE[0] - new, room)
        ctx.bands.update({fid: _clamp(b + shift) for fid, b in ctx.bands.items()})
        ctx.thug_bands.update({gid: _clamp(b + shift) for gid, b in ctx.thug_bands.items()})
        new = _clamp(new + shift)
    ctx.bands[t.id] = new
    return before, ctx.distance(src, t)


def leave(ctx: Turn, f: Combatant, got_away: bool, others: list[int] | None = None) -> tuple[int, int]:
    """Leaving Combat on the map (000 L7152): Range 5 from every opponent, or Range 4 if he is stopped. Ruling: he
    goes toward the map's end away from his opponents (the wider side if they surround him), to the band 5 from the
    nearest of them, or 4 when stopped; with his opponents spread over several bands the map's end is as far as he
    can get, and he is away only if every one of them is at Range 5. ``others``: the opposing bands (his
    opponents' if None; the Thug groups' in a turn with Thugs). Returns his band before and after."""
    if ctx.grid_mode:
        return _leave_grid(ctx, f, got_away)
    pos = ctx.bands[f.id]
    others = others if others is not None else [ctx.bands[o.id] for o in foes(ctx, f)]
    if not others:
        return pos, pos
    below = sum(1 for b in others if b < pos)
    above = sum(1 for b in others if b > pos)
    sign = 1 if below > above else -1 if above > below else (1 if pos <= 3 else -1)
    near = max(others) if sign > 0 else min(others)  # the opponent nearest that end
    new = _clamp(near + sign * (AWAY if got_away else AWAY - 1))
    ctx.bands[f.id] = new
    if new != pos:
        ctx.last_mover[f.id] = 1 if new > pos else -1
    return pos, new


def _leave_grid(ctx: Turn, f: Combatant, got_away: bool) -> tuple[int, int]:
    """Leaving Combat on a Battle Grid: away, he moves off the grid, out of the combat (000 L5678, L7152); stopped,
    ruling: he steps away from his nearest opponent to Range 4 of him, as far as the grid lets him. Returns his
    Range to the nearest opponent before and after."""
    near = nearest(ctx, f)
    before = ctx.distance(f, near) if near is not None else AWAY
    if got_away:
        grid.place(ctx, f, None)
    elif near is not None:
        grid.toward_range(ctx, f, near, AWAY - 1)
    return before, ctx.distance(f, near) if near is not None else AWAY


def leave_squares(ctx: Turn, f: Combatant, got_away: bool, others: list[Square]) -> None:
    """Leaving Combat from Thug groups on a Battle Grid (``others``: their squares): away, off the grid (000 L5678,
    L7152); held, ruling: straight away from the nearest group to Range 4 of it, as far as the grid allows."""
    here = ctx.squares.get(f.id)
    if here is None or not others:
        return
    if got_away:
        grid.place(ctx, f, None)
        return
    near = min(others, key=lambda sq: grid.dist(here, sq))
    ctx.squares[f.id] = grid.at_range(here, near, AWAY - 1)
