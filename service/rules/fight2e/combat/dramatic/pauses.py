"""The turns a Dramatic fighter spends not attacking by choice: Ki Yelling (000 L7281), a whole turn yelling for +1
to his Defense Totals and, if nothing hits him, one skill doubled next turn; and the Stand Off (000 L7273), asked for
at the end of a turn in which two opponents within Range 0–2 did each other no damage, paid by both (and by any
more who join, all agreeing), in which none of them acts the next turn and each rests to heal 1d6 + PL (nothing if
damaged) or weighs up an opponent's stance."""

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
    off next turn, a point each (000 L7273); the first in request order asks. More may join, as all agree
    (000 L7273); ours: each joiner meets the pair's conditions with every opponent already in it, asks to join, and
    every one already in it consents."""
    o = tables().option(_STAND.value)
    cost = costs.ap_cost(o)
    reach = o.max_range or 0
    for a in (ds[i] for i in ctx.order):
        for b in (ds[x.id] for x in ctx.opponents(a.f)):
            if not (_free(a, cost) and _free(b, cost) and _pair(ctx, a, b, reach)):
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
            group = [(a, key_a), (b, key_b)]
            _grow(ctx, ds, group, cost, reach)
            _agree(ctx, group, cost)


def _grow(ctx: Turn, ds: dict[str, Dram], group: list[tuple[Dram, str]], cost: int, reach: int) -> None:
    """Others who may stand off with every opponent of theirs already in it ask to join; all in it must agree."""
    o = tables().option(_STAND.value)
    for c in (ds[i] for i in ctx.order):
        inside = [x for x, _ in group]
        foes = [x for x in inside if x.f.side != c.f.side]
        if c in inside or not foes or not _free(c, cost) or not all(_pair(ctx, c, x, reach) for x in foes):
            continue
        names = ", ".join(x.f.id for x in inside)
        key_c, vc = ctx.decide(
            c.f.id,
            "stand_off",
            "H.2",
            f"{names} will stand off next turn: join them (a point)?",
            DecisionValue(choice=Choice.pass_),
        )
        if vc.choice is not Choice.act:
            continue
        refused = None
        for x in inside:
            _, vx = ctx.decide(
                x.f.id,
                "stand_off",
                "H.2",
                f"{c.f.id} asks to join the Stand Off: agree (it needs every one of you)?",
                DecisionValue(choice=Choice.pass_),
            )
            if vx.choice is not Choice.act:
                refused = x
                break
        if refused is not None:
            ctx.note("H.2", refused.f.id, f"{refused.f.id} refuses {c.f.id} a place in the Stand Off.", o.ref)
            continue
        group.append((c, key_c))


def _agree(ctx: Turn, group: list[tuple[Dram, str]], cost: int) -> None:
    """Each pays his point; each stands off next turn against the others (his opponents among them)."""
    o = tables().option(_STAND.value)
    for x, key in group:
        pay(ctx, x, _STAND, cost, key)
    for x, _ in group:
        others = [y.f.id for y, _ in group if y is not x]
        first = next(y.f.id for y, _ in group if y.f.side != x.f.side)
        x.stand_next = first
        x.stand_also_next = [i for i in others if i != first]
    ctx.note("H.2", None, f"{' and '.join(x.f.id for x, _ in group)} will stand off next turn.", o.ref)


def _free(a: Dram, cost: int) -> bool:
    return a.f.active and a.stand_next is None and spendable(a, _STAND) >= cost


def _pair(ctx: Turn, a: Dram, b: Dram, reach: int) -> bool:
    """Opponents within Range 0–2 who did each other no damage this turn (000 L7273)."""
    return (
        a.spirit == b.spirit  # no one outside a Spirit Combat reaches those in it (000 L7303)
        and ctx.distance(a.f, b.f) <= reach
        and b.f.id not in a.damaged
        and a.f.id not in b.damaged
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
