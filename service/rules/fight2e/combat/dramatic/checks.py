"""The Dramatic options that are a skill check in place of the attack (000 L7150, L7249, L7257–L7271, L7291, L7297,
L7309): Athletics, Sense Ki, Draw Ki, Reaffirm Purpose, Realize Potential, Presence and Stance Evaluation. Each costs
its point, rolls 1d10 + the skill (less Ignore Hit Stun's 2), and turns the total into what its record gives."""

from __future__ import annotations

from collections.abc import Callable

from ...dramatic import checks, costs
from ...dramatic.catalogue import ApOption, Gain, tables
from ..contract.models import AthleticsUse, ChoiceOption, DecisionValue, Direction, DramaticOption, RecoveryUse
from ..state.turn import Turn
from .base import D10, Dram, choice, earn, option_name, pay, shift_range, skill, spendable
from .leaving import away


def _check(ctx: Turn, d: Dram, o: ApOption, key: str) -> int:
    pay(ctx, d, DramaticOption(o.id), costs.ap_cost(o), key)
    level = skill(ctx, d, o.skill or "")
    face = ctx.roll(d.f.id, o.id, D10, f"{o.name} check", "C")
    # the Director's bonus: Reaffirm Purpose that suits his purpose (000 L7257); Presence's interaction bonuses (L7291)
    bonus = d.check_bonus if DramaticOption(o.id) in _DIRECTOR_BONUS else 0
    total = checks.check_total(face, level + bonus, d.hit_stun_penalty)
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id}'s {o.name}: {face} + {level}"
        + (f" {bonus:+d}" if bonus else "")
        + (f" {d.hit_stun_penalty:+d}" if d.hit_stun_penalty else "")
        + f" = {total}.",
        o.ref,
        inputs={"face": face, "skill": level, "total": total},
    )
    return total


_DIRECTOR_BONUS = frozenset({DramaticOption.reaffirm_purpose, DramaticOption.presence})


def _athletics(ctx: Turn, d: Dram, o: ApOption, total: int, v: DecisionValue) -> None:
    got = checks.gains(o, total)
    if (v.athletics or AthleticsUse.extra_range) is AthleticsUse.extra_range:
        way = v.direction or Direction.toward
        if d.mover is not None:  # against a Thug group: his Range to the group named (dramatic.thug_options)
            d.mover(got[Gain.extra_range], way)
        else:
            shift_range(ctx, d, got[Gain.extra_range], way, ctx.fighters.get(v.target or ""))
    else:
        d.next_accuracy += got[Gain.accuracy_next_turn]
        ctx.note("C", d.f.id, f"+{got[Gain.accuracy_next_turn]} Accuracy next turn.", o.ref)


def _sense_ki(ctx: Turn, d: Dram, o: ApOption, total: int, v: DecisionValue) -> None:
    d.sense_ki = total  # the newest total stands, higher or lower (000 L7297)
    ctx.note("C", d.f.id, f"{d.f.id}'s Draw Ki checks are capped at {total} from now on.", o.ref)


def _gain_fs(ctx: Turn, d: Dram, o: ApOption, total: int, cap: int | None) -> None:
    f = d.f
    gain = checks.fighting_spirit_gain(o, total, f.pl, f.fs, f.fs_start, cap)
    f.fs += gain
    ctx.note("C", f.id, f"{f.id} gains {gain} FS: {f.fs}.", o.ref, change={"fs": f.fs})


def _draw_ki(ctx: Turn, d: Dram, o: ApOption, total: int, v: DecisionValue) -> None:
    _gain_fs(ctx, d, o, total, d.sense_ki)


def _meditate(ctx: Turn, d: Dram, o: ApOption, total: int, v: DecisionValue) -> None:
    """Meditation draws Ki as Draw Ki does, with Draw Ki's limits (000 L7321)."""
    _gain_fs(ctx, d, tables().option(DramaticOption.draw_ki.value), total, d.sense_ki)


def _recover(ctx: Turn, d: Dram, o: ApOption, total: int, v: DecisionValue) -> None:
    """Reaffirm Purpose or Realize Potential: FS, or healing-only points (000 L7257, L7271)."""
    if (v.recovery or RecoveryUse.fighting_spirit) is RecoveryUse.fighting_spirit:
        _gain_fs(ctx, d, o, total, None)
        return
    n = checks.gains(o, total)[Gain.heal_only_ap]
    earn(ctx, d, 0, f"{d.f.id} earns {n} Action Point(s) for healing only.", o.ref, heal_only=n)


def _presence(ctx: Turn, d: Dram, o: ApOption, total: int, v: DecisionValue) -> None:
    d.presence_used = True
    n = checks.gains(o, total)[Gain.action_point]
    earn(ctx, d, n, f"{d.f.id} earns {n} Action Point(s) by his Presence.", o.ref)
    if not n:
        ctx.note("C", d.f.id, f"{d.f.id}'s Presence earns no point.", o.ref)


def _stance(ctx: Turn, d: Dram, o: ApOption, total: int, v: DecisionValue) -> None:
    target = v.target or ""
    n = checks.gains(o, total)[Gain.accuracy_and_damage_next_attack]
    d.stance[target] = n  # our reading: a new evaluation of the same opponent replaces the last
    ctx.note("C", d.f.id, f"+{n} Accuracy and damage on {d.f.id}'s next attack at {target}.", o.ref)


_Effect = Callable[[Turn, Dram, ApOption, int, DecisionValue], None]
EFFECTS: dict[DramaticOption, _Effect] = {
    DramaticOption.athletics: _athletics,
    DramaticOption.sense_ki: _sense_ki,
    DramaticOption.draw_ki: _draw_ki,
    DramaticOption.reaffirm_purpose: _recover,
    DramaticOption.realize_potential: _recover,
    DramaticOption.presence: _presence,
    DramaticOption.stance_evaluation: _stance,
    DramaticOption.meditation: _meditate,
}
_SKILLED = frozenset(EFFECTS) - {DramaticOption.athletics}  # offered only to a fighter with the skill (ours)
AWAY_FREE = frozenset({DramaticOption.draw_ki, DramaticOption.realize_potential, DramaticOption.reaffirm_purpose})


def _closed(ctx: Turn, d: Dram, option: DramaticOption, target: str | None, foes: set[str]) -> str | None:
    """Why the fighter cannot take ``option`` now, or None."""
    o = tables().option(option.value)
    if option in _SKILLED and skill(ctx, d, o.skill or "") < 1:
        return f"{d.f.id} has no {o.name} skill"
    free = option in AWAY_FREE and away(ctx, d)  # away and alone: without their usual conditions (000 L7152)
    if option is DramaticOption.draw_ki and d.sense_ki is None and not free:
        return "Draw Ki needs a Sense Ki check on an earlier turn (000 L7249)"
    if option is DramaticOption.reaffirm_purpose and not (d.reaffirm_ready or free):
        return "Reaffirm Purpose follows a turn in which he was hurt and hurt no one (000 L7257)"
    if option is DramaticOption.realize_potential and not (d.realize_ready or free or d.story):
        return "none of Realize Potential's conditions came about last turn (000 L7259–L7269)"
    if option is DramaticOption.meditation and not away(ctx, d):
        return "Meditation is for a fighter away from the fight (000 L7321)"
    if option is DramaticOption.presence and d.presence_used:
        return "Presence is once a fight (000 L7291)"
    if option is DramaticOption.stance_evaluation and target not in foes:
        return "Stance Evaluation names an opponent in the fight (000 L7309)"
    if spendable(d, option) < costs.ap_cost(o):
        return f"not enough Action Points for {o.name}"
    return None


def resolve(ctx: Turn, d: Dram, v: DecisionValue, key: str, foes: set[str]) -> None:
    option = v.option
    assert option is not None and option in EFFECTS
    why = _closed(ctx, d, option, v.target, foes)
    if why:
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: {why}.", key=key)
    o = tables().option(option.value)
    EFFECTS[option](ctx, d, o, _check(ctx, d, o, key), v)


def offered(ctx: Turn, d: Dram, foes: list[str]) -> list[ChoiceOption]:
    """The checks this fighter may make in place of his attack, as choices of the action decision."""
    out: list[ChoiceOption] = []
    names = set(foes)
    for option in EFFECTS:
        for target in foes if option is DramaticOption.stance_evaluation else [None]:
            if _closed(ctx, d, option, target, names) is not None:
                continue
            base = DecisionValue(option=option, target=target)
            for value in _variants(option, base):
                out.append(choice(value, option_name(option) + (f" at {target}" if target else "")))
    return out


def _variants(option: DramaticOption, base: DecisionValue) -> list[DecisionValue]:
    if option is DramaticOption.athletics:
        return [base.model_copy(update={"athletics": use}) for use in AthleticsUse]
    if option in (DramaticOption.reaffirm_purpose, DramaticOption.realize_potential):
        return [base.model_copy(update={"recovery": use}) for use in RecoveryUse]
    return [base]


def stand_off_stance(ctx: Turn, d: Dram, target: str, key: str) -> None:
    """Stance Evaluation in a Stand Off: no point beyond the Stand Off's, a bonus per full 2 (000 L7273, L7309;
    ruling C18)."""
    o = tables().option(DramaticOption.stance_evaluation.value)
    level = skill(ctx, d, o.skill or "")
    face = ctx.roll(d.f.id, o.id, D10, f"{o.name} check (Stand Off)", "C")
    total = checks.check_total(face, level, d.hit_stun_penalty)
    n = checks.gains(o, total, stand_off=True)[Gain.accuracy_and_damage_next_attack]
    d.stance[target] = n
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id} weighs up {target} in the Stand Off: {face} + {level} = {total}, +{n} Accuracy and damage on his "
        "next attack at him.",
        o.ref,
        inputs={"face": face, "skill": level, "total": total},
    )
