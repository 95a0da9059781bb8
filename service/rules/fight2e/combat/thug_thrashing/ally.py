"""A summoned Ally in the turns with Thugs (Summon, 000 L4183–L4213): Chapter 5 changes nothing of it, so it is the
main turn's (000 L6646), read through ``elements.summon``: the same ``summon`` ongoing effect, its 5-count, the rest
after it, its moves and the decision ``ally_attack``.

Where it stands: on a Band Map a band, on a Battle Grid a square, as in the main turn; with no map ``charges``
Ranges ahead of its summoner, and (ruling, 000 L4191, L6668) its Range to each group is his Range to that group less
that lead, a turn with Thugs keeping a Range per pair only. It appears toward the group he names with the Summon move
(the only one left when he names none) and follows his every move, two Ranges for one (000 L4193; ``group.shift``).

What it does: when he attacks a group with Basic Moves, it launches as many at that group if it reaches it, else at
another group of the other side it reaches (000 L4201–L4207), each resolved as a Fighter's attack on a group (000
L6714–L6718) by the turn's own ``strike``, with his Strength and without his Buffs (000 L4201). Groups never attack
it (000 L4197) and it has no Life Bar: a group's hit on its summoner ends it (000 L4209, ``attacks``), as do its count
and his leaving the fight (``summon.tick``).

Its Basic Defensive Response and Basic Reaction Attack (000 L4203) go with its summoner's. Against a group's attack
he has none (ruling: a Defensive Response stands on the Tactics Defense Total, 000 L5848, and a group's attack is met
with Defense, Evasion or Agility, 000 L6698–L6700). His Basic Reaction Attack on a group that closes in (000
L6702) brings the Ally's Basic Move with it, as his attacks do (``reactions``); a Dramatic turn with Thugs has none
(ruling C21, no Control roll, 000 L7084). On a Fighter of another side both are the main turn's own (``mixed``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..elements import summon
from ..elements.hazards.ally_checks import allies
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .group import Group

# (the group struck, the Ally's moves, its Range, the decision's key) -> whether it hit
Strike = Callable[[Group, list[MoveProfile], int, str], bool]


def call(ctx: Turn, f: Combatant, m: MoveProfile, g: Group | None, path: str, key: str) -> None:
    """His Summon move calls its Ally toward ``g`` (000 L4191, L4195); none while the last rests (000 L4209)."""
    if not m.trait(MoveTrait.summon):
        return
    summon.check(ctx, f, [m], path, key)
    band = ctx.thug_bands.get(g.id) if g is not None and ctx.band_mode else None
    square = ctx.thug_squares.get(g.id) if g is not None and ctx.grid_mode else None
    summon.place(ctx, f, m, g.id if g is not None else None, band, square)


def reach(ctx: Turn, f: Combatant, e: Effect, g: Group) -> int:
    """The Ally's Range to the group."""
    band = ctx.thug_bands.get(g.id) if ctx.band_mode else None
    square = ctx.thug_squares.get(g.id) if ctx.grid_mode else None
    return summon.ally_range(ctx, e, g.ranges[f.id], band, square)


def join(
    ctx: Turn, f: Combatant, g: Group, moves: Sequence[MoveProfile], groups: Sequence[Group], strike: Strike
) -> bool:
    """He attacked ``g`` with Basic Moves: each Ally launches as many, at ``g`` when it reaches it, else at another
    live group of ``groups`` it reaches; nothing when it reaches none (000 L4201–L4207). Returns True when one
    hit."""
    if not f.ongoing or not moves or any(m.kind != "basic" for m in moves) or f.defeated:
        return False
    hit = False
    for e in list(allies(f)):
        sm = f.move(e.move or "")
        if sm is None or e not in f.ongoing:
            continue
        key, made = summon.choose(ctx, f, sm, len(moves), "D.1")
        lo, hi = made[0].range or (0, 2)
        near = [x for x in groups if x.members and f.id in x.ranges and lo <= reach(ctx, f, e, x) <= hi]
        victim = g if g in near else (near[0] if near else None)
        if victim is None:
            ctx.note("D.1", f.id, f"{f.id}'s Ally reaches no group: its attack has no effect.", "000 L4205")
            continue
        here = reach(ctx, f, e, victim)
        ctx.note("D.1", f.id, f"{f.id}'s Ally attacks {victim.id} at Range {here}.", "000 L4201, L4207")
        keep = f.prof
        f.prof = f.base_prof or f.prof  # his Strength, none of his Buffs (000 L4201)
        try:
            hit = strike(victim, made, here, key) or hit
        finally:
            f.prof = keep
    return hit


def reaches_any(ctx: Turn, f: Combatant, groups: Sequence[Group]) -> bool:
    """One of his Allies stands within a Basic Move's reach of a live group (so a Basic Move of his that reaches
    none may still be launched for it, 000 L4205)."""
    if not f.ongoing:
        return False
    lo, hi = summon.BASIC_MOVE.range or (0, 2)
    return any(lo <= reach(ctx, f, e, g) <= hi for e in allies(f) for g in groups if g.members and f.id in g.ranges)
