"""The Maneuver Checks a fighter may make after movement: using an Environmental Hazard himself or forcing an
opponent into one (000 L6077–L6081), and, on a crowded Band Map, Checking an opponent or an Ally in place of
movement (000 L5668, L4199)."""

from __future__ import annotations

from ...contract.models import Choice, DecisionValue
from ...registry import features
from ...state.combatant import Combatant
from ...state.turn import Turn
from .. import grid
from . import ally_checks
from .ally_checks import on_map
from .hazard_effects import check
from .hazard_interaction import can_reach, interact, stayed
from .hazards import Hazard, engaged, find, in_pit, maneuver_check, resolved, wall_of


def _choices(ctx: Turn, f: Combatant) -> list[tuple[Hazard, Combatant]]:
    people = [f] + [o for o in ctx.opponents(f) if not in_pit(o)]
    return [(h, v) for v in people for h in resolved(ctx) if can_reach(ctx, h, v) and h not in engaged(ctx, v)]


@features.HAZARD_MANEUVER
def declare(ctx: Turn, f: Combatant, ref: Combatant | None, movement: int) -> None:
    """After movement (or before acting): the fighter may put himself or an opponent into a Hazard by Maneuver
    Check (000 L6077, L6081), or, on a Band Map with more than two fighters and no movement, Check an opponent
    (000 L5668). Default: neither (the book makes both optional)."""
    stayed(ctx, f, movement)
    if f.defeated or f.maneuvered:
        return
    crowd = _crowd(ctx, f, movement)
    asked = ctx.supplied(ctx.peek_key(f.id, "hazard"))
    if not (ctx.hazards and _choices(ctx, f)) and not crowd and not asked:
        return
    key, d = ctx.decide(
        f.id,
        "hazard",
        "C",
        f"{f.id} may try to use an Environmental Hazard (himself, or force an "
        "opponent into one in that opponent's band) by Maneuver Check"
        + (", or Check an opponent in place of movement" if crowd else "")
        + ".",
        DecisionValue(),
    )
    if d.choice is Choice.check and d.ally_check is not None:
        ally_checks.declare(ctx, f, d, movement, key)
        return
    if d.choice is Choice.check:
        o = ctx.fighters.get(d.target or "")
        if o is None or o.defeated or o.side == f.side or not crowd:
            ctx.fail(
                "HAZARD_INTERACTION_INVALID",
                f"decisions.{key}.target",
                f"{key}: a Check names an opponent, "
                "on a Band Map with more than two fighters or from between two on a Battle Grid, without movement "
                "(000 L5668, L5690).",
                key=key,
            )
        assert o is not None
        check(ctx, f, o, movement, key)
        return
    if d.hazard is None:
        return
    h = find(ctx, d.hazard)
    victim = ctx.fighters.get(d.target) if d.target is not None else f
    if (
        h is None
        or victim is None
        or victim.defeated
        or (victim is not f and victim.side == f.side)
        or not can_reach(ctx, h, victim)
        or in_pit(victim)
    ):
        ctx.fail(
            "HAZARD_INTERACTION_INVALID",
            f"decisions.{key}",
            f"{key}: {d.target or f.id} cannot be put into "
            f"Hazard '{d.hazard}' now (on a Band Map it must be in his band).",
            key=key,
        )
    assert h is not None and victim is not None
    other = victim if victim is not f else (ref if ref is not None and not ref.defeated else _nearest(ctx, f))
    if other is None:
        return
    corner = wall_of(ctx, f)
    bonus = -2 if victim is f and corner is not None and corner.kind == "corner" and corner is not h else 0
    what = f"{'use' if victim is f else 'force ' + victim.id + ' into'} {h.id}"
    if maneuver_check(ctx, f, other, what, "C", bonus):
        interact(ctx, victim, h, f)


def _crowd(ctx: Turn, f: Combatant, movement: int) -> bool:
    """Whether he may Check an opponent in place of movement: on a Band Map with more than two fighters or a
    summoned Ally (000 L5668, L4199); on a Battle Grid from a square between an opponent and another (000 L5690)."""
    if movement:
        return False
    if ctx.grid_mode:
        return any(grid.shielded(ctx, f, o) for o in ctx.opponents(f))
    if not ctx.band_mode:
        return False
    return sum(1 for o in ctx.fighters.values() if o.active) > 2 or on_map(ctx)


def _nearest(ctx: Turn, f: Combatant) -> Combatant | None:
    opp = ctx.opponents(f)
    return min(opp, key=lambda o: ctx.distance(f, o)) if opp else None
