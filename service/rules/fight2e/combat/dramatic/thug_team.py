"""Team-Up of two Fighters against a Thug group (000 L7219–L7221), as between Fighters (``team``, ruling C20): the
one acting first holds, the ally who joins with the same group as target sets both attacks off against its one
Defense, and if either hits both hit, each making a Thug roll his Life Save. Ours: the held Fighter's movement is
made when the Team-Up goes off; a held attack nobody joins goes alone at the end of the turn. Each partner's Ally
launches its Basic Move with his, as with any Basic Move of his (000 L4201–L4207): no third partner, its hit is its
own (000 L7219); a Basic Move of his that reaches no Thug, launched for it, has no effect (000 L4205)."""

from __future__ import annotations

from functools import partial

from ...dramatic import costs
from ...dramatic.catalogue import tables
from ..contract.models import DecisionValue, DramaticOption
from ..state.turn import Turn
from ..thug_thrashing import ally
from ..thug_thrashing.group import Group
from .base import Dram, pay
from .team import holder, why_not
from .thug_actions import aim, ally_strike, fighter_attack, land_on_group, roll_on_group, settle_special

_OPTION = DramaticOption.team_up


def team_up(
    ctx: Turn, ds: dict[str, Dram], d: Dram, g: Group, v: DecisionValue, key: str, groups: list[Group] | None = None
) -> None:
    """``groups``: those a partner's Ally may strike."""
    why = why_not(ctx, ds, d, g.id)
    if why:
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: {why}.", key=key)
    o = tables().option(_OPTION.value)
    pay(ctx, d, _OPTION, costs.ap_cost(o), key)
    first = holder(ds, d, g.id)
    if first is None:
        d.held = (g.id, v, key)
        ctx.note("C", d.f.id, f"{d.f.id} teams up against {g.id} and waits for his partner.", o.ref)
        return
    _, fv, fkey = first.held or ("", v, key)
    first.held = None
    ctx.note("D", None, f"{first.f.id} and {d.f.id} attack {g.id} together at Initiative {d.f.init}.", o.ref)
    before = g.members
    aims = [
        (x, aim(ctx, x, g, k, value.model_copy(update={"option": None}), groups=groups))
        for x, value, k in ((first, fv, fkey), (d, v, key))
    ]
    hits = [a.reaches and roll_on_group(ctx, x, g, a) for x, a in aims]
    if any(hits):
        ctx.note("D.6", None, f"One Defense, and a hit: both attacks hit {g.id}.", o.ref)
    for x, a in aims:
        x.teamed = True
        x.no_point_next = True  # neither partner gets his point next turn (000 L7221)
        if any(hits) and g.members and a.reaches:
            land_on_group(ctx, x, g, a)
        ally.join(ctx, x.f, g, [a.m], groups or [g], partial(ally_strike, ctx, x))  # his Ally's, with his
        settle_special(ctx, x, g, a, before)


def lapse(ctx: Turn, ds: dict[str, Dram], groups: list[Group]) -> None:
    """A held attack nobody joined goes off alone at the end of the turn, on its group if Thugs are left."""
    for d in ds.values():
        if d.held is None:
            continue
        target, v, key = d.held
        d.held = None
        g = next((x for x in groups if x.id == target and x.members), None)
        if g is None or not d.f.active:
            continue
        ctx.note("D", d.f.id, f"No partner joined {d.f.id}: his attack on {target} goes alone.", "000 L7219")
        fighter_attack(ctx, d, g, key, v.model_copy(update={"option": None}))
