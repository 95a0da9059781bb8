"""Leaving Combat (000 L7152): reaching Range 5 from every opponent. Unopposed he gets away; if anyone objects he
pays a point and must beat every objector's Athletics with his own, or he stays at Range 4. Away from the fight, a
lone fighter may draw on Draw Ki, Realize Potential and Reaffirm Purpose without their usual conditions."""

from __future__ import annotations

from ...dramatic import checks, costs
from ...dramatic.catalogue import tables
from ..contract.models import Choice, DecisionValue, DramaticOption
from ..state.turn import Turn
from . import bands
from .base import D10, Dram, pay, skill, spendable

AWAY = 5  # Range 5: out of the fight (000 L7152)
_OPTION = DramaticOption.leaving_combat
ZEN = DramaticOption.zen_state


def away(ctx: Turn, d: Dram) -> bool:
    """He is away from the fight, alone on his side (000 L7152: "a lone combatant")."""
    alone = sum(1 for f in ctx.fighters.values() if f.side == d.f.side and f.active) == 1
    return alone and not in_fight(ctx, d)


def in_fight(ctx: Turn, d: Dram) -> bool:
    """Within Range 4 of some opponent (on a Band Map each opponent's own Range, ``bands``)."""
    if bands.mapped(ctx):
        return bands.in_fight(ctx, d.f)
    return ctx.range is not None and ctx.range < AWAY


def leave(ctx: Turn, ds: dict[str, Dram], d: Dram, key: str, zen: bool = False) -> None:
    """Our reading: leaving takes the place of his movement and his action for the turn. ``zen``: Zen State in place
    of Athletics, for a point more (000 L7325); from Spirit Combat it is the only way out, and it brings both back to
    the corporeal world where they stood (000 L7307; ours: the Range stays)."""
    o = tables().option(_OPTION.value)
    if ctx.range is None and not bands.mapped(ctx):
        return
    if d.spirit and not zen:
        ctx.fail(
            "DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: Spirit Combat is left with Zen State.", key=key
        )
    if zen:
        pay(ctx, d, ZEN, costs.ap_cost(tables().option(ZEN.value)), key)
    objectors: list[tuple[Dram, bool]] = []
    for x in ctx.opponents(d.f):
        k, v = ctx.decide(
            x.id,
            "oppose_escape",
            "C",
            f"{d.f.id} tries to leave the fight: object, and roll Athletics (or Zen State, a point) against him?",
            DecisionValue(choice=Choice.act),  # ours: an opponent objects unless he says otherwise
        )
        if v.choice is Choice.act:
            t = ds[x.id]
            if v.option is ZEN:
                pay(ctx, t, ZEN, costs.ap_cost(tables().option(ZEN.value)), k)
            objectors.append((t, v.option is ZEN))
    if not objectors:
        _away(ctx, ds, d, "no one objects")
        return
    price = costs.ap_cost(o, opposed=True)
    if spendable(d, _OPTION) < price:  # ours: with no point for an opposed escape he cannot try, and stays put
        ctx.note("C", d.f.id, f"{d.f.id} has no point left to break away: he stays where he is.", o.ref)
        return
    pay(ctx, d, _OPTION, price, key)
    mine = _athletics(ctx, d, "escape", zen)
    theirs = [_athletics(ctx, t, "pursue", z) for t, z in objectors]
    if checks.contest(mine, theirs):
        _away(ctx, ds, d, f"{mine} beats {', '.join(map(str, theirs))}")
        return
    if d.spirit:
        ctx.note("C", d.f.id, f"{d.f.id} fails to leave the spirit plane.", tables().option(ZEN.value).ref)
        return
    if bands.mapped(ctx):
        _on_map(ctx, d, False, f"{d.f.id} fails to get away ({mine} against {', '.join(map(str, theirs))})")
        return
    before = ctx.range
    ctx.range = AWAY - 1
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id} fails to get away ({mine} against {', '.join(map(str, theirs))}): Range {before} → {ctx.range}.",
        o.ref,
        change={"range": ctx.range},
    )


def _athletics(ctx: Turn, d: Dram, kind: str, zen: bool) -> int:
    name = (tables().option(ZEN.value) if zen else tables().option(_OPTION.value)).skill or ""
    level = skill(ctx, d, name)
    face = ctx.roll(d.f.id, kind, D10, f"{name} (Leaving Combat)", "C")
    total = checks.check_total(face, level, d.hit_stun_penalty)
    ctx.note("C", d.f.id, f"{d.f.id}'s {name}: {face} + {level} = {total}.", tables().option(_OPTION.value).ref)
    return total


def _away(ctx: Turn, ds: dict[str, Dram], d: Dram, why: str) -> None:
    if d.spirit:  # back from the spirit plane, all of them (ours: two fighters, one plane)
        for x in ds.values():
            x.spirit = False
        ctx.note("C", d.f.id, f"{d.f.id} leaves the spirit plane ({why}).", tables().option(ZEN.value).ref)
        return
    _escape(ctx, d, why)


def _on_map(ctx: Turn, d: Dram, away: bool, text: str) -> None:
    if ctx.grid_mode:
        place = bands.where(ctx, d.f)
        bands.leave(ctx, d.f, away)
        ranges = ", ".join(f"{o.id} {ctx.distance(d.f, o)}" for o in bands.foes(ctx, d.f))
        ref = f"{tables().option(_OPTION.value).ref}, 000 L5678"
        ctx.note(
            "C",
            d.f.id,
            f"{text}: {place} → {bands.where(ctx, d.f)} (Range to {ranges}).",
            ref,
            change=bands.change(ctx, d.f),
        )
        return
    was, band = bands.leave(ctx, d.f, away)
    ranges = ", ".join(f"{o.id} {ctx.distance(d.f, o)}" for o in bands.foes(ctx, d.f))
    o = tables().option(_OPTION.value)
    ctx.note("C", d.f.id, f"{text}: band {was} → {band} (Range to {ranges}).", o.ref, change={"band": band})


def _escape(ctx: Turn, d: Dram, why: str) -> None:
    if bands.mapped(ctx):
        _on_map(ctx, d, True, f"{d.f.id} gets away ({why})")
        return
    before = ctx.range
    ctx.range = AWAY
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id} gets away ({why}): Range {before} → {AWAY}.",
        tables().option(_OPTION.value).ref,
        change={"range": ctx.range},
    )
