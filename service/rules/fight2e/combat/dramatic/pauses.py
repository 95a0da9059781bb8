"""The turns a Dramatic fighter spends not attacking by choice: Ki Yelling (000 L7281), a whole turn yelling for +1
to his Defense Totals and, if nothing hits him, one skill doubled next turn; and the Stand Off (000 L7273), asked for
at the end of a turn in which two opponents within Range 0–2 did each other no damage, paid by both, in which neither
acts the next turn and each rests to heal 1d6 + PL (nothing if damaged) or weighs up the other's stance."""

from __future__ import annotations

from ...dramatic import costs
from ...dramatic.catalogue import tables
from ..contract.models import Choice, ChoiceOption, DecisionValue, DramaticOption, YellSkill
from ..state.turn import Turn
from .base import D6, Dram, choice, pay, spendable

_YELL = DramaticOption.ki_yelling
_STAND = DramaticOption.stand_off


def yell(ctx: Turn, d: Dram, v: DecisionValue, key: str) -> None:
    o = tables().option(_YELL.value)
    if v.movement:
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: a fighter yelling does not move (000 L7281).", key=key)
    pay(ctx, d, _YELL, costs.ap_cost(o), key)
    d.yelling = v.skill or YellSkill.ki
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id} yells all turn: +{o.defense_total} to his Defense Totals; unbroken, his {d.yelling.value} "
        "doubles next turn.",
        o.ref,
    )


def yell_choices(d: Dram) -> list[ChoiceOption]:
    if spendable(d, _YELL) < costs.ap_cost(tables().option(_YELL.value)):
        return []
    return [choice(DecisionValue(option=_YELL, skill=s), f"Ki Yelling ({s.value} doubled)") for s in YellSkill]


def yell_defense(t: Dram) -> int:
    """+1 to every Defense Total of a fighter yelling (000 L7281)."""
    return (tables().option(_YELL.value).defense_total or 0) if t.yelling is not None else 0


def stand_off_accuracy(t: Dram) -> int:
    """+2 Accuracy for anyone attacking a fighter in a Stand Off (000 L7273)."""
    return (tables().option(_STAND.value).accuracy or 0) if t.standing is not None else 0


def ask(ctx: Turn, ds: dict[str, Dram]) -> None:
    """At the end of the turn: a pair of opponents within Range 0–2 who did each other no damage may agree to stand
    off next turn, a point each (000 L7273). Our reading: two fighters only; the first in request order asks."""
    o = tables().option(_STAND.value)
    cost = costs.ap_cost(o)
    for a in (ds[i] for i in ctx.order):
        for b in (ds[x.id] for x in ctx.opponents(a.f)):
            if not _may(ctx, a, b, cost, o.max_range or 0):
                continue
            key_a, va = ctx.decide(
                a.f.id,
                "stand_off",
                "H.2",
                f"{a.f.id} and {b.f.id} did each other no harm: ask for a Stand Off next turn (a point each)?",
                DecisionValue(choice=Choice.pass_),
            )
            if va.choice is not Choice.act:
                continue
            key_b, vb = ctx.decide(
                b.f.id,
                "stand_off",
                "H.2",
                f"{a.f.id} asks {b.f.id} for a Stand Off next turn (a point each): agree?",
                DecisionValue(choice=Choice.pass_),
            )
            if vb.choice is not Choice.act:
                ctx.note("H.2", b.f.id, f"{b.f.id} refuses the Stand Off.", o.ref)
                continue
            pay(ctx, a, _STAND, cost, key_a)
            pay(ctx, b, _STAND, cost, key_b)
            a.stand_next, b.stand_next = b.f.id, a.f.id
            ctx.note("H.2", None, f"{a.f.id} and {b.f.id} will stand off next turn.", o.ref)


def _may(ctx: Turn, a: Dram, b: Dram, cost: int, reach: int) -> bool:
    return (
        a.f.active
        and b.f.active
        and a.stand_next is None
        and b.stand_next is None
        and ctx.distance(a.f, b.f) <= reach
        and b.f.id not in a.damaged
        and a.f.id not in b.damaged
        and spendable(a, _STAND) >= cost
        and spendable(b, _STAND) >= cost
    )


def rest(ctx: Turn, d: Dram) -> None:
    """The Stand Off's healing at the turn's end: 1d6 + PL, nothing if he was damaged this turn (000 L7273)."""
    f = d.f
    if not d.stand_heal or f.defeated:
        return
    if d.took_damage:
        ctx.note(
            "H.1", f.id, f"{f.id} was damaged during the Stand Off: no healing.", tables().option(_STAND.value).ref
        )
        return
    face = ctx.roll(f.id, "stand_off_heal", D6, "Stand Off healing", "H.1")
    before = f.life
    f.life = max(min(f.life + face + f.pl, d.life_max - d.unhealable), before)
    ctx.note(
        "H.1",
        f.id,
        f"{f.id} rests in the Stand Off: {face} + PL {f.pl}: {before} → {f.life}.",
        tables().option(_STAND.value).ref,
        change={"life_bar": f.life},
    )
