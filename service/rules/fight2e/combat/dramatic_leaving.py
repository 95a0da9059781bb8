"""Leaving Combat (000 L7152): reaching Range 5 from every opponent. Unopposed he gets away; if anyone objects he
pays a point and must beat every objector's Athletics with his own, or he stays at Range 4. Away from the fight, a
lone fighter may draw on Draw Ki, Realize Potential and Reaffirm Purpose without their usual conditions."""

from __future__ import annotations

from ..dramatic import checks, costs
from ..dramatic.catalogue import tables
from .dramatic_base import D10, Dram, pay, skill
from .models import Choice, DecisionValue, DramaticOption
from .state import Ctx

AWAY = 5  # Range 5: out of the fight (000 L7152)
_OPTION = DramaticOption.leaving_combat


def away(ctx: Ctx, d: Dram) -> bool:
    """He is away from the fight, alone on his side (000 L7152: "a lone combatant")."""
    alone = sum(1 for f in ctx.fighters.values() if f.side == d.f.side and f.active) == 1
    return alone and ctx.range is not None and ctx.range >= AWAY


def leave(ctx: Ctx, ds: dict[str, Dram], d: Dram, key: str) -> None:
    """Our reading: leaving takes the place of his movement and his action for the turn."""
    o = tables().option(_OPTION.value)
    if ctx.range is None:
        return
    objectors = []
    for x in ctx.opponents(d.f):
        _, v = ctx.decide(
            x.id,
            "oppose_escape",
            "C",
            f"{d.f.id} tries to leave the fight: object, and roll Athletics against him?",
            DecisionValue(choice=Choice.act),  # ours: an opponent objects unless he says otherwise
        )
        if v.choice is Choice.act:
            objectors.append(ds[x.id])
    if not objectors:
        _escape(ctx, d, "no one objects")
        return
    pay(ctx, d, _OPTION, costs.ap_cost(o, opposed=True), key)
    mine = _athletics(ctx, d, "escape")
    theirs = [_athletics(ctx, t, "pursue") for t in objectors]
    if checks.contest(mine, theirs):
        _escape(ctx, d, f"his Athletics {mine} beats {', '.join(map(str, theirs))}")
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


def _athletics(ctx: Ctx, d: Dram, kind: str) -> int:
    o = tables().option(_OPTION.value)
    level = skill(ctx, d, o.skill or "")
    face = ctx.roll(d.f.id, kind, D10, "Athletics (Leaving Combat)", "C")
    total = checks.check_total(face, level, d.hit_stun_penalty)
    ctx.note("C", d.f.id, f"{d.f.id}'s Athletics: {face} + {level} = {total}.", o.ref, inputs={"face": face})
    return total


def _escape(ctx: Ctx, d: Dram, why: str) -> None:
    before = ctx.range
    ctx.range = AWAY
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id} gets away ({why}): Range {before} → {AWAY}.",
        tables().option(_OPTION.value).ref,
        change={"range": ctx.range},
    )
