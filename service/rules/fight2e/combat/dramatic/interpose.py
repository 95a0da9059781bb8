"""Taking a Hit for Someone Else (000 L7239–L7245): once an attack has hit, another fighter no farther from the
attacker than its target may pay a point and roll Athletics against the attack's total (ruling C13); made, he takes
the original damage and earns 1 Glory; missed, he steps aside or takes the hit at double damage.

Ours where the text is silent: only the target's allies step in (an opponent of the target has no cause to); the
damage is rolled as the attack's against its first target, Stamina included ("the original damage"); the Knock Back,
Hit Stun and what else the hit does go with the damage to whoever takes it, and the first target counts as not hit."""

from __future__ import annotations

from collections.abc import Callable

from ...dramatic import attacks, checks, costs
from ...dramatic.catalogue import tables
from ..contract.models import Choice, DecisionValue, DramaticOption
from ..state.turn import Turn
from .base import D10, Dram, pay, skill, spendable

_OPTION = DramaticOption.taking_a_hit


def _candidates(ctx: Turn, d: Dram, t: Dram, ds: dict[str, Dram]) -> list[Dram]:
    cost = costs.ap_cost(tables().option(_OPTION.value))
    out = []
    for x in ds.values():
        if x is t or x is d or x.f.side != t.f.side or not x.f.active or x.spirit != t.spirit:
            continue
        # mode `range` keeps one Range between all opponents: he is as near the attacker as the target is
        if ctx.distance(x.f, d.f) > ctx.distance(t.f, d.f):
            continue
        if spendable(x, _OPTION) >= cost:
            out.append(x)
    return out


def volunteer(
    ctx: Turn,
    x: Dram,
    t: Dram,
    attacker: str,
    total: int,
    made_by: Callable[[Dram, int], bool],
    award: Callable[[str, int], None],
) -> int:
    """One fighter offered the chance to take ``attacker``'s hit on ``t``: 0 when he declines or steps aside after a
    missed check, else the damage's multiple (1, or 2 for a missed check taken anyway). ``made_by`` weighs his
    Athletics total against the attack; ``award`` gives his Glory (between Fighters, or raw against a group)."""
    o = tables().option(_OPTION.value)
    key, v = ctx.decide(
        x.f.id,
        "take_hit",
        "E",
        f"{attacker}'s attack hits {t.f.id} (total {total}): spend an Action Point to step in and take the hit "
        f"(Athletics against {total})?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is not Choice.act:
        return 0
    pay(ctx, x, _OPTION, costs.ap_cost(o), key)
    level = skill(ctx, x, o.skill or "")
    face = ctx.roll(x.f.id, "take_hit_check", D10, "Athletics (Taking a Hit)", "E")
    check = checks.check_total(face, level, x.hit_stun_penalty)
    made = made_by(x, check)
    ctx.note(
        "E",
        x.f.id,
        f"{x.f.id}'s Athletics {face} + {level} = {check} against the attack's {total}: "
        + ("he takes the hit." if made else "not enough."),
        o.ref,
        inputs={"face": face, "total": check, "dl": total},
    )
    if made:
        award(x.f.id, o.glory or 0)
        return 1
    _, again = ctx.decide(
        x.f.id,
        "take_hit_double",
        "E",
        f"{x.f.id} missed: take the hit anyway at double damage, or leave it to {t.f.id}?",
        DecisionValue(choice=Choice.pass_),
    )
    if again.choice is Choice.act:
        ctx.note("E", x.f.id, f"{x.f.id} takes the hit anyway, at double damage.", "000 L7243")
        return 2
    return 0


def take_a_hit(ctx: Turn, d: Dram, t: Dram, total: int, ds: dict[str, Dram]) -> tuple[Dram, int]:
    """Who takes the hit, and the damage's multiple (1, or 2 for a missed check taken anyway)."""

    def made_by(x: Dram, check: int) -> bool:
        return bool(attacks.take_a_hit(check, total, ctx.distance(x.f, d.f), ctx.distance(t.f, d.f)))

    def award(who: str, glory: int) -> None:
        ctx.award(who, glory, "taking a hit for someone else", "000 L7245")

    for x in _candidates(ctx, d, t, ds):
        times = volunteer(ctx, x, t, d.f.id, total, made_by, award)
        if times:
            return x, times
    return t, 1
