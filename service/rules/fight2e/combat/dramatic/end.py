"""The end of a Dramatic turn (000 L7227, L7253–L7255, L5264–L5273): Healing Life Bar for those hurt who hurt no
one, the recovery point of an untouched Full Defense, and Super Energy."""

from __future__ import annotations

from math import ceil

from ...dramatic import bank, costs, healing
from ...dramatic.catalogue import tables
from ..contract.models import DecisionValue, DramaticOption
from ..state.turn import Turn
from . import pauses as dramatic_pauses
from .base import Dram, choice, earn, pay


def _healing(ctx: Turn, d: Dram) -> None:
    """Healing Life Bar: n points for n², at most PL at once, after taking damage and doing none (000 L7253–L7255)."""
    f = d.f
    o = tables().option("healing_life_bar")
    usable = bank.usable(d.points, o) + (f.story or 0)
    if f.defeated or not d.took_damage or d.did_damage or usable < 1:
        return
    most = healing.points_limit(f.pl, d.friendship)  # twice PL after a comrade's arrival (000 L7251)
    limit = min(most, usable)
    key, v = ctx.decide(
        f.id,
        "heal",
        "H.1",
        f"{f.id} was hurt and hurt no one: Action Points to spend on healing (n heals n², at most {most})?",
        DecisionValue(points=0),
        lambda: [choice(DecisionValue(points=n), f"{n} points: +{n * n}") for n in range(limit + 1)],
    )
    n = v.points or 0
    if not n:
        return
    if n > limit and n > most:
        ctx.fail("AP_OVER_PL_LIMIT", f"{key}.points", f"{key}: {n} points at once is more than {most}.", key=key)
    pay(ctx, d, DramaticOption.healing_life_bar, costs.ap_cost(o, points=n), key)
    before = f.life
    f.life = max(healing.heal(f.life, d.life_max - d.unhealable, n), before)  # not Pushing It's loss (000 L7295)
    ctx.note(
        "H.1",
        f.id,
        f"{f.id} heals {f.life - before} Life Bar: {before} → {f.life}.",
        o.ref,
        change={"life_bar": f.life},
    )


heal_life_bar = _healing  # the Dramatic turn with Thug groups closes with it too (dramatic_thugs)


def _super_energy(ctx: Turn, d: Dram) -> None:
    """Per turn, per Life Bar loss and per Special or Super Move attack (ruling C4: in Dramatic Combat only those
    attacks count), only for fighters with Super Moves (000 L5264–L5273)."""
    f = d.f
    if not f.prof.has_supers or f.super_used:
        return
    gain = ceil(ctx.opts.super_energy_max / 20) + d.life_losses + d.specials
    before = f.se
    f.se = min(f.se + gain, ctx.opts.super_energy_max)
    if f.se != before:
        ctx.note("H.3", f.id, f"{f.id} gains {f.se - before} Super Energy: {f.se}.", "000 L5264–L5273")


def end_of_turn(ctx: Turn, ds: dict[str, Dram]) -> None:
    """Healing Life Bar, Full Defense's recovery point, then Super Energy, fighter by fighter."""
    for fid in ctx.order:
        d = ds[fid]
        _healing(ctx, d)
        if d.full_defense and not d.was_hit and not d.f.defeated:
            rec = tables().option("full_defense").recovery_ap or 0
            earn(
                ctx, d, 0, f"{fid} was not hit on Full Defense: +{rec} recovery point.", "000 L7227", recovery_only=rec
            )
    for fid in ctx.order:
        dramatic_pauses.rest(ctx, ds[fid])
    dramatic_pauses.ask(ctx, ds)
    for fid in ctx.order:
        _super_energy(ctx, ds[fid])
