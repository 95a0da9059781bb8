"""Gadgeteering, Magic or Psychic in Dramatic Combat (000 L7277–L7279): before his action, and not as it, a fighter
with one of these skills pays a point and rolls it at DL 8; made, one of its secondary skills counts at its level
for the rest of the turn (Asuka's Property Damage 3 raised to her Magic 6, 000 L7279)."""

from __future__ import annotations

from ..dramatic import checks, costs
from ..dramatic.catalogue import tables
from .dramatic_base import D10, Dram, choice, pay, skill, spendable
from .models import Choice, ChoiceOption, DecisionValue, DramaticOption, SecondarySkill
from .state import Ctx

_OPTION = DramaticOption.secondary_skill


def _primaries(ctx: Ctx, d: Dram) -> dict[str, int]:
    return {p: lv for p in tables().secondary_skills if (lv := skill(ctx, d, p)) >= 1}


def _primary(levels: dict[str, int], target: SecondarySkill) -> str | None:
    """The primary skill that lists ``target``; ours: the highest-rated when several do (Ki is on all three)."""
    fits = [p for p in levels if target.value in tables().secondary_skills[p]]
    return max(fits, key=lambda p: levels[p], default=None)


def _choices(levels: dict[str, int]) -> list[ChoiceOption]:
    out = [choice(DecisionValue(choice=Choice.pass_), "no check")]
    for s in SecondarySkill:
        primary = _primary(levels, s)
        if primary is not None:
            value = DecisionValue(choice=Choice.act, raise_skill=s)
            out.append(choice(value, f"{primary} {levels[primary]} for {s.value}"))
    return out


def ask(ctx: Ctx, d: Dram) -> None:
    o = tables().option(_OPTION.value)
    levels = _primaries(ctx, d)
    if not levels or spendable(d, _OPTION) < costs.ap_cost(o):
        return
    key, v = ctx.decide(
        d.f.id,
        "secondary_skill",
        "C",
        f"{d.f.id}: before acting, a point and a check at DL {o.dl} to raise a skill to his "
        + ", ".join(f"{p} {lv}" for p, lv in levels.items())
        + " for this turn?",
        DecisionValue(choice=Choice.pass_),
        lambda: _choices(levels),
    )
    if v.choice is not Choice.act:
        return
    target = v.raise_skill
    primary = None if target is None else _primary(levels, target)
    if target is None or primary is None:
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.raise_skill", f"{key}: no skill of his raises that.", key=key)
    pay(ctx, d, _OPTION, costs.ap_cost(o), key)
    face = ctx.roll(d.f.id, "secondary_check", D10, f"{primary} check", "C")
    total = checks.check_total(face, levels[primary], d.hit_stun_penalty)
    r = checks.secondary_skill(primary, levels[primary], target.value, total)
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id}'s {primary}: {face} + {levels[primary]} = {total} against DL {o.dl}: "
        + (f"{target.value} counts at {r.level} this turn." if r.succeeded else "no effect."),
        o.ref,
        inputs={"face": face, "total": total},
    )
    if r.succeeded and r.level is not None:
        d.raised[target.value] = r.level
