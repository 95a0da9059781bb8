"""Dramatic options between a Fighter and a Thug group that the Fighters' own turn keeps elsewhere (000 L7074–L7076
joins the sub-systems): Taking a Hit for Someone Else (000 L7239–L7245) and Endure Great Hardship (000
L7223–L7225) against a Thug's hit, as ``interpose`` and ``base`` apply them between Fighters, and the Stand Off
(000 L7273) with a group, as ``pauses`` asks for it.

A Stand Off with a group (ours): a group pays its point from those it has (Dramatic Villain or top damage, 000
L7076), one Fighter and one group stand off (two only, as between Fighters), the group then takes no action at all
that turn, and anyone attacking either of them has the +2.

Ours where the text is silent: a Fighter of the target's side steps in when the group is no farther from him than
from the target (each keeps his own Range to a group, 000 L6668); the Athletics check is against the group's attack
total (ruling C13); the damage is rolled as against the first target; his Glory is raw, divided at the end of the
combat (000 L6547). Endure Great Hardship's first condition weighs the Fighter opponents only: a Thug group has no
Life Bar to be above or below half (000 L6568)."""

from __future__ import annotations

from ...dramatic import attacks, checks, costs
from ...dramatic.catalogue import tables
from ..contract.models import Choice, DecisionValue, DramaticOption
from ..state.combatant import Combatant
from ..state.turn import Turn
from ..thug_thrashing import attacks as thug_attacks
from ..thug_thrashing import group as thug_group
from ..thug_thrashing.group import Group
from .base import D10, Dram, pay, skill, spendable
from .interpose import volunteer

_TAKE = DramaticOption.taking_a_hit
_STAND = DramaticOption.stand_off
_EGH = DramaticOption.endure_great_hardship


def hooks(ctx: Turn, ds: dict[str, Dram], g: Group, box: list[Combatant]) -> thug_attacks.Hooks:
    """The hooks of one Thug's attack; ``box`` ends holding whoever took the hit."""

    def taker(f: Combatant, total: int) -> tuple[Combatant, int]:
        who, times = _step_in(ctx, ds, g, ds[f.id], total)
        box[0] = who.f
        return who.f, times

    return thug_attacks.Hooks(taker=taker, damage=lambda f, dmg: _endured(ctx, ds[f.id], dmg))


def _step_in(ctx: Turn, ds: dict[str, Dram], g: Group, t: Dram, total: int) -> tuple[Dram, int]:
    cost = costs.ap_cost(tables().option(_TAKE.value))

    def award(who: str, glory: int) -> None:
        thug_group.award(ctx, who, glory, "taking a hit for someone else", "000 L7245, L6547")

    for x in ds.values():
        near = x.f.id in g.ranges and g.ranges[x.f.id] <= g.ranges[t.f.id]
        if x is t or x.f.side != t.f.side or not x.f.active or not near or spendable(x, _TAKE) < cost:
            continue
        times = volunteer(ctx, x, t, g.id, total, lambda _x, check: check >= total, award)  # ruling C13
        if times:
            return x, times
    return t, 1


def _endured(ctx: Turn, d: Dram, dmg: int) -> int:
    """Halved while enduring; a hit that would defeat him calls for the check at its DL, which leaves him at 1 Life
    Bar when made (000 L7223)."""
    if not d.enduring:
        return dmg
    f = d.f
    dmg = attacks.endure_halved(dmg)
    ctx.note("E.2", f.id, f"Endure Great Hardship halves the hit: {dmg}.", "000 L7223")
    if dmg < f.life:
        return dmg
    o = tables().option(_EGH.value)
    level = skill(ctx, d, o.skill or "")
    face = ctx.roll(f.id, "endure_check", D10, "Endure Great Hardship check", "E.2")
    total = checks.check_total(face, level, d.hit_stun_penalty)
    up = total >= (o.dl or 0)
    ctx.note(
        "E.2",
        f.id,
        f"{f.id}'s Endure Great Hardship: {face} + {level} = {total} against {o.dl}: "
        + ("he stays up at 1 Life Bar." if up else "not enough."),
        o.ref,
        inputs={"face": face, "total": total},
    )
    return f.life - 1 if up else dmg


def ask_stand_off(ctx: Turn, ds: dict[str, Dram], groups: list[Group], points: dict[str, int]) -> None:
    """At the end of the turn: a Fighter and a group within Range 0–2 that did each other no damage may agree to
    stand off next turn, a point each (000 L7273)."""
    o = tables().option(_STAND.value)
    cost = costs.ap_cost(o)
    taken: set[str] = set()
    for a in (ds[i] for i in ctx.order):
        for g in groups:
            if g.id in taken or not _may_stand(a, g, points, cost, o.max_range or 0):
                continue
            key_a, va = ctx.decide(
                a.f.id,
                "stand_off",
                "H.2",
                f"{a.f.id} and {g.id} did each other no harm: ask for a Stand Off next turn (a point each)?",
                DecisionValue(choice=Choice.pass_),
            )
            if va.choice is not Choice.act:
                continue
            _, vg = ctx.decide(
                g.id,
                "stand_off",
                "H.2",
                f"{a.f.id} asks {g.id} for a Stand Off next turn (a point each): agree?",
                DecisionValue(choice=Choice.pass_),
            )
            if vg.choice is not Choice.act:
                ctx.note("H.2", g.id, f"{g.id} refuses the Stand Off.", o.ref)
                continue
            pay(ctx, a, _STAND, cost, key_a)
            points[g.id] -= cost
            ctx.note(
                "AP", g.id, f"{g.id} spends {cost} Action Point on the Stand Off.", o.ref, inputs={"points": -cost}
            )
            a.stand_next = g.id
            taken.add(g.id)
            ctx.note("H.2", None, f"{a.f.id} and {g.id} will stand off next turn.", o.ref)
            break


def _may_stand(a: Dram, g: Group, points: dict[str, int], cost: int, reach: int) -> bool:
    return (
        a.f.active
        and g.members > 0
        and thug_group.opposes(g, a.f)  # a group of his own side is no opponent to stand off against
        and a.stand_next is None
        and g.ranges.get(a.f.id, reach + 1) <= reach
        and g.id not in a.damaged
        and g.id not in a.f.life_loss_from
        and spendable(a, _STAND) >= cost
        and points.get(g.id, 0) >= cost
    )


def standing_groups(ds: dict[str, Dram], groups: list[Group]) -> None:
    """The groups in a Stand Off this turn (their partner still in the fight)."""
    partners = {d.standing for d in ds.values() if d.f.active}
    for g in groups:
        g.standing_off = g.id in partners
