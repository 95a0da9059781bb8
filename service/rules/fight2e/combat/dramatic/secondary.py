"""Skills standing in for others for a turn, asked before a Dramatic fighter's action and not as it. Gadgeteering,
Magic or Psychic (000 L7277–L7279): a point and a check at DL 8; made, one of its secondary skills counts at its level
for the rest of the turn (Asuka's Property Damage 3 raised to her Magic 6, 000 L7279). Power (000 L7289): the Power
skill in place of a fitting one, where the Director allows it."""

from __future__ import annotations

from ...dramatic import checks, costs
from ...dramatic.catalogue import tables
from ..contract.models import Choice, ChoiceOption, DecisionValue, DramaticOption, SecondarySkill
from ..state.turn import Turn
from .base import D10, Dram, choice, pay, skill, spendable

_OPTION = DramaticOption.secondary_skill


def _primaries(ctx: Turn, d: Dram) -> dict[str, int]:
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


def ask(ctx: Turn, d: Dram) -> None:
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


# ── Power (000 L7289) ──────────────────────────────────────────────────────────────────────────────

POWER = "power"


def _served() -> list[str]:
    """The skills the Dramatic options roll, which a Power may stand in for."""
    return sorted({o.skill for o in tables().options if o.skill} | {"ki"})


def ask_power(ctx: Turn, d: Dram) -> None:
    """Where the Director allows it, his Power skill stands in for a fitting skill this turn, at no cost of its own
    (the option it serves is paid as usual); choosing it stands for the Director's leave. Ours: asked before his
    action, for one skill, and it counts at the higher of the two levels."""
    level = skill(ctx, d, POWER)
    if level < 1:
        return
    ref = tables().option(DramaticOption.power.value).ref
    weaker = [s for s in _served() if skill(ctx, d, s) < level]
    if not weaker:
        return
    key, v = ctx.decide(
        d.f.id,
        "power",
        "C",
        f"{d.f.id}: let his Power {level} stand in for a skill this turn, if the Director agrees?",
        DecisionValue(choice=Choice.pass_),
        lambda: (
            [choice(DecisionValue(choice=Choice.pass_), "no")]
            + [choice(DecisionValue(choice=Choice.act, power_for=s), f"Power {level} as {s}") for s in weaker]
        ),
    )
    if v.choice is not Choice.act:
        return
    target = v.power_for
    if target is None or target not in _served():
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.power_for", f"{key}: no option here rolls that skill.", key=key)
    d.raised[target] = max(d.raised.get(target, 0), level)
    ctx.note("C", d.f.id, f"{d.f.id}'s Power ({level}) stands in for {target} this turn.", ref)
