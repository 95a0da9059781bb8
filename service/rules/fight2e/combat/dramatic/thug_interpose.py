"""Two defence options of Dramatic Combat against a Thug's hit (000 L7074–L7076 joins the sub-systems): Taking a
Hit for Someone Else (000 L7239–L7245) and Endure Great Hardship (000 L7223–L7225), as ``interpose`` and ``base``
apply them between Fighters.

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

_TAKE = DramaticOption.taking_a_hit
_EGH = DramaticOption.endure_great_hardship


def hooks(ctx: Turn, ds: dict[str, Dram], g: Group, box: list[Combatant]) -> thug_attacks.Hooks:
    """The hooks of one Thug's attack; ``box`` ends holding whoever took the hit."""

    def taker(f: Combatant, total: int) -> tuple[Combatant, int]:
        who, times = _step_in(ctx, ds, g, ds[f.id], total)
        box[0] = who.f
        return who.f, times

    return thug_attacks.Hooks(taker=taker, damage=lambda f, dmg: _endured(ctx, ds[f.id], dmg))


def _step_in(ctx: Turn, ds: dict[str, Dram], g: Group, t: Dram, total: int) -> tuple[Dram, int]:
    o = tables().option(_TAKE.value)
    cost = costs.ap_cost(o)
    for x in ds.values():
        near = x.f.id in g.ranges and g.ranges[x.f.id] <= g.ranges[t.f.id]
        if x is t or x.f.side != t.f.side or not x.f.active or not near or spendable(x, _TAKE) < cost:
            continue
        key, v = ctx.decide(
            x.f.id,
            "take_hit",
            "E",
            f"{g.id}'s attack hits {t.f.id} (total {total}): spend an Action Point to step in and take the hit "
            f"(Athletics against {total})?",
            DecisionValue(choice=Choice.pass_),
        )
        if v.choice is not Choice.act:
            continue
        pay(ctx, x, _TAKE, cost, key)
        level = skill(ctx, x, o.skill or "")
        face = ctx.roll(x.f.id, "take_hit_check", D10, "Athletics (Taking a Hit)", "E")
        check = checks.check_total(face, level, x.hit_stun_penalty)
        made = check >= total  # ruling C13
        ctx.note(
            "E",
            x.f.id,
            f"{x.f.id}'s Athletics {face} + {level} = {check} against the attack's {total}: "
            + ("he takes the hit." if made else "not enough."),
            o.ref,
            inputs={"face": face, "total": check, "dl": total},
        )
        if made:
            thug_group.award(ctx, x.f.id, o.glory or 0, "taking a hit for someone else", "000 L7245, L6547")
            return x, 1
        _, again = ctx.decide(
            x.f.id,
            "take_hit_double",
            "E",
            f"{x.f.id} missed: take the hit anyway at double damage, or leave it to {t.f.id}?",
            DecisionValue(choice=Choice.pass_),
        )
        if again.choice is Choice.act:
            ctx.note("E", x.f.id, f"{x.f.id} takes the hit anyway, at double damage.", "000 L7243")
            return x, 2
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
