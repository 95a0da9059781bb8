"""The Battle Grid: every fighter on a square of a 5×5 grid (000 L5670–L5690). The Range between two fighters is the
shortest count of squares between them, a diagonal step counting 1 (000 L5676); off the grid is Range 5, out of the
combat (000 L5678). ``positions`` calls these for mode `grid`."""

from __future__ import annotations

from ..protocol.events import Square
from ..state.combatant import Combatant
from ..state.turn import Turn

SIZE = 5
# The steps to try, in order, where the text leaves the direction to a player (a Knock Back at Range 0 by an attacker
# who has not moved, 000 L5688; a step the straight line cannot take): a Battle Grid ruling, RULINGS.md.
STEPS: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))


def dist(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def on_grid(sq: Square) -> bool:
    return 1 <= sq[0] <= SIZE and 1 <= sq[1] <= SIZE


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _plus(sq: Square, step: Square) -> Square:
    return sq[0] + step[0], sq[1] + step[1]


def line(frm: Square, to: Square) -> Square:
    """The one-square step from ``frm`` along the line to ``to``: straight along a gridline or diagonal
    (000 L5680–L5682)."""
    return _sign(to[0] - frm[0]), _sign(to[1] - frm[1])


def _nearest_first(direction: Square) -> list[Square]:
    """The steps ordered by how close they run to ``direction`` (ties in STEPS order)."""
    return sorted(STEPS, key=lambda s: -(s[0] * direction[0] + s[1] * direction[1]))


def _away_step(here: Square, ref: Square, direction: Square) -> Square | None:
    """A step that leaves ``here`` for a square on the grid farther from ``ref``: along ``direction`` when it can,
    else the nearest one that can (000 L5686 "provided it is away")."""
    for s in _nearest_first(direction):
        nxt = _plus(here, s)
        if on_grid(nxt) and dist(nxt, ref) > dist(here, ref):
            return s
    return None


def destination(ctx: Turn, mover: Combatant, ref: Square | None, n: int, toward: bool) -> Square | None:
    """Where ``n`` squares of movement toward (or away from) ``ref`` end by default: one square a Range, straight or
    diagonally along the line (000 L5680–L5682); through an opponent's square and on along the same line (000 L5644).
    None: off the grid. A step the grid has no room for stops him, unless he is at Range 4 from every opponent,
    when it takes him off the grid (000 L5678)."""
    here = ctx.squares.get(mover.id)
    if here is None:
        return None
    last = ctx.grid_step.get(mover.id, STEPS[0])
    for _ in range(n):
        target = ref if ref is not None else here
        if toward:
            step = line(here, target) if here != target else last
            nxt = _plus(here, step)
            if not on_grid(nxt):
                break
        else:
            direction = line(target, here) if here != target else (-last[0], -last[1])
            found = _away_step(here, target, direction)
            if found is None:
                return None if leaves(ctx, mover) else here
            step, nxt = found, _plus(here, found)
        last, here = step, nxt
    return here


def walk(frm: Square, to: Square) -> list[Square]:
    """The squares a straight walk from ``frm`` to ``to`` passes, along a gridline or a diagonal first and then
    straight (000 L5680–L5682), without ``frm``, ending on ``to``."""
    out: list[Square] = []
    here = frm
    while here != to:
        here = _plus(here, line(here, to))
        out.append(here)
    return out


def between(ctx: Turn, a: Combatant, mid: Combatant, b: Combatant) -> bool:
    """``mid`` is in a space between ``a`` and ``b``: on a square the straight walk from one to the other passes,
    neither's own square (a Battle Grid ruling, 000 L5690)."""
    sa, sm, sb = ctx.squares.get(a.id), ctx.squares.get(mid.id), ctx.squares.get(b.id)
    if sa is None or sm is None or sb is None or sm in (sa, sb):
        return False
    return sm in walk(sa, sb)[:-1]


def shielded(ctx: Turn, mid: Combatant, o: Combatant) -> list[Combatant]:
    """The combatants ``mid`` stands between ``o`` and (000 L5690)."""
    return [c for c in ctx.fighters.values() if c.active and c not in (mid, o) and between(ctx, o, mid, c)]


CENTRE: Square = (3, 3)


def step_away(here: Square, src: Square | None, avoid: set[Square]) -> Square | None:
    """One square on the grid out of ``avoid``: farther from ``src`` (along the line first), or without one toward
    the centre square (a Battle Grid ruling, 000 L6091); None when no square fits."""
    if src is not None:
        order = _nearest_first(line(src, here))
        fits = [s for s in order if dist(_plus(here, s), src) > dist(here, src)] + order
    else:
        order = _nearest_first(line(here, CENTRE)) if here != CENTRE else list(STEPS)
        fits = order
    for s in fits:
        nxt = _plus(here, s)
        if on_grid(nxt) and nxt not in avoid:
            return nxt
    return None


def slide(sq: Square, step: Square, n: int) -> Square:
    """``n`` steps of ``step`` from ``sq``, stopping at the grid's edge (an Ally following its summoner)."""
    for _ in range(n):
        nxt = _plus(sq, step)
        if not on_grid(nxt):
            break
        sq = nxt
    return sq


def leaves(ctx: Turn, mover: Combatant) -> bool:
    """Off the grid only from Range 4 of every opposing combatant (000 L5678)."""
    return all(ctx.distance(mover, o) >= 4 for o in ctx.opponents(mover))


def legal_square(ctx: Turn, mover: Combatant, ref: Combatant | None, square: Square, n: int, toward: bool) -> str:
    """Why ``square`` cannot end this movement ('' when it can): ``n`` squares away and ``n`` Ranges nearer to or
    farther from the reference (000 L5680–L5682); the lateral step is one square at the same Range (000 L5684)."""
    here = ctx.squares.get(mover.id)
    if here is None:
        return "he is off the grid"
    if not on_grid(square):
        return "the square is off the grid"
    if ref is None or ctx.squares.get(ref.id) is None:
        return "the movement needs an opponent on the grid to move toward or away from"
    there = ctx.squares[ref.id]
    assert there is not None
    if dist(here, square) != n:
        return f"the square is {dist(here, square)} squares away, not {n}"
    r, after = dist(here, there), dist(square, there)
    if n == 1 and after == r:
        return ""  # the lateral step (checked against the action where it is declared)
    want = abs(r - n) if toward else r + n
    if after != want:
        return f"it leaves him at Range {after} from {ref.id}, not {want}"
    return ""


def is_lateral(ctx: Turn, mover: Combatant, ref: Combatant | None, square: Square) -> bool:
    here, there = ctx.squares.get(mover.id), ctx.squares.get(ref.id) if ref is not None else None
    return (
        here is not None and there is not None and dist(here, square) == 1 and dist(square, there) == dist(here, there)
    )


def place(ctx: Turn, mover: Combatant, square: Square | None) -> None:
    here = ctx.squares.get(mover.id)
    if here is not None and square is not None and square != here:
        ctx.grid_step[mover.id] = line(here, square)
    ctx.squares[mover.id] = square
    if square is None:
        ctx.note("C", mover.id, f"{mover.id} moves off the Battle Grid: he is out of the combat.", "000 L5678")


def knock_back(ctx: Turn, attacker: Combatant, defender: Combatant, n: int) -> bool:
    """Push the defender ``n`` squares away from the attacker in a straight line, or, where that cannot be done, the
    nearest direction that still takes him farther away; never off the grid, no Range 5 (000 L5678, L5686). At
    Range 0: along the attacker's last movement when he moved, else his choice (000 L5688). True if he moved."""
    pa, pd = ctx.squares.get(attacker.id), ctx.squares.get(defender.id)
    if pa is None or pd is None:
        return False
    moved = ctx.grid_step.get(attacker.id, STEPS[0]) if attacker.moved else STEPS[0]
    direction = moved if pa == pd else line(pa, pd)
    here = pd
    for _ in range(n):
        step = _away_step(here, pa, direction)
        if step is None:
            break
        here = _plus(here, step)
        direction = step
    ctx.squares[defender.id] = here
    return here != pd


def toward_range(ctx: Turn, a: Combatant, b: Combatant, value: int) -> None:
    """Put ``a`` at Range ``value`` from ``b`` along the line between them (a stopped movement, Draw Closer)."""
    pb = ctx.squares.get(b.id)
    here = ctx.squares.get(a.id)
    if pb is None or here is None:
        return
    ctx.squares[a.id] = at_range(here, pb, value)


def at_range(here: Square, pb: Square, value: int) -> Square:
    """Where ``here`` ends stepping one square a Range along the line to (or away from) ``pb`` until it is at Range
    ``value`` from it, or the grid stops it (000 L5680, L5686)."""
    for _ in range(2 * SIZE):
        r = dist(here, pb)
        if r == value:
            break
        step = line(here, pb) if r > value else _away_step(here, pb, line(pb, here))
        if step is None:
            break
        here = _plus(here, step)
    return here


def at_edge(ctx: Turn, f: Combatant) -> bool:
    sq = ctx.squares.get(f.id)
    return sq is not None and (sq[0] in (1, SIZE) or sq[1] in (1, SIZE))


def take_place(ctx: Turn, new: Combatant, out: Combatant | None) -> None:
    """A Tag Team partner coming in takes the exact same square (000 L6281)."""
    if ctx.grid_mode and out is not None and out.id in ctx.squares:
        ctx.squares[new.id] = ctx.squares[out.id]
