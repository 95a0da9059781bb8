"""The defender's choice against a Dramatic attack (000 L5716, L5834, L7124, L7197, L7293): Defense, Evasion or both
together with FS up to his PL, Ki in place of Defense or Acrobatics in place of Evasion for a point each, and Pushing
It on his Defense Totals for the rest of the turn; against a Special Move Tactics too, with the Responses declared with
the Defense Total (000 L7126, ``responses``), and against a Defensive Response only what the main turn leaves open."""

from __future__ import annotations

from dataclasses import dataclass

from ...dramatic import attacks, costs
from ...dramatic.catalogue import tables
from ..contract.models import ChoiceOption, DecisionValue, DefenseOption, DramaticOption, ResponseKind
from ..elements.interrupts import invincible_interrupts
from ..elements.interrupts.invincible_interrupts import ENTRY as INVINCIBLE
from ..registry import points as records
from ..state.profile import MoveProfile
from ..state.turn import Turn
from ..turn.d_defense import PRE_DECLARED, allowed_options, response_skill
from ..turn.f_responses import eligible_moves
from . import face_off
from .attack_options import push_self
from .base import Dram, option_name, pay, skill, spendable
from .kept_states import waiting
from .pauses import yell_defense
from .spirit import penalty as spirit_penalty

# each option and the defences whose skill it replaces (000 L7124); Pushing It adds to any of them (000 L7293)
_SWAPS = {
    DramaticOption.ki_for_defense: (DefenseOption.defense, DefenseOption.defense_evasion),
    DramaticOption.acrobatics_for_evasion: (DefenseOption.evasion, DefenseOption.defense_evasion),
    DramaticOption.spirituality: (DefenseOption.defense, DefenseOption.defense_evasion),  # 000 L7323
}
_ALL = (DefenseOption.defense, DefenseOption.evasion, DefenseOption.defense_evasion)
_EVERY = (*_ALL, DefenseOption.tactics)  # Tactics only where a Response is open (000 L7126)
OFFERED = frozenset({*_SWAPS, DramaticOption.pushing_it})


def _skills(ctx: Turn, t: Dram, option: DramaticOption | None) -> tuple[int, int]:
    """(Defense, Evasion) with the option's skill in place of the one it replaces."""
    p = t.f.prof
    defense, evasion = p.defense, p.evasion
    if t.enduring:  # Endure Great Hardship stands in for Defense all turn (000 L7223)
        defense = skill(ctx, t, tables().option("endure_great_hardship").skill or "")
    if option is DramaticOption.ki_for_defense:
        defense = skill(ctx, t, "ki")
    elif option is DramaticOption.acrobatics_for_evasion:
        evasion = skill(ctx, t, "acrobatics")
    elif option is DramaticOption.spirituality:
        defense = skill(ctx, t, "spirituality")
    return defense, evasion


def _totals(defense: int, evasion: int) -> dict[DefenseOption, int]:
    return {
        DefenseOption.defense: defense,
        DefenseOption.evasion: evasion,
        DefenseOption.defense_evasion: max(defense, evasion) + min(defense, evasion) // 2,
    }


def _usable(t: Dram, option: DramaticOption, spirit: bool = False) -> str | None:
    """Why the defender cannot take ``option`` now, or None; ``spirit``: the attacker is a purely spiritual
    creature."""
    if option is DramaticOption.ki_for_defense and t.ranged_used:
        return "Ki cannot defend on a turn he uses a Ranged move (000 L7124)"
    if option is DramaticOption.spirituality and not (t.spirit or spirit):
        return "Spirituality defends in Spirit Combat or against a spirit (000 L7311, L7323)"
    if option is DramaticOption.pushing_it and t.push_defense:
        return "he is already pushing his Defense Totals this turn"
    if spendable(t, option) < costs.ap_cost(tables().option(option.value)):
        return f"not enough Action Points for {option_name(option)}"
    return None


def declarable(t: Dram, kinds: frozenset[ResponseKind]) -> list[ResponseKind]:
    """The Responses of ``kinds`` declared with the Defense Total that he has a move for: Priority, Mid-Air Teleport,
    Ranged, Jinking (ruling A16, 000 L5876–L5884) and the Interrupt of an Invincible Interrupt move (000 L3587)."""
    out = [k for k in PRE_DECLARED if k in kinds and (k is ResponseKind.jinking or eligible_moves(t.f, k))]
    if ResponseKind.interrupt in kinds and any(m.has(INVINCIBLE) for m in eligible_moves(t.f, ResponseKind.interrupt)):
        out.append(ResponseKind.interrupt)
    return out


def _needs(kind: ResponseKind) -> DefenseOption:
    """The skill of the Defense Total a declared Response stands on (000 L5866, L5880–L5884)."""
    return PRE_DECLARED.get(kind, DefenseOption.tactics)


def _choices(
    t: Dram,
    cap: int,
    only: tuple[DefenseOption, ...] = _ALL,
    spirit: bool = False,
    kinds: frozenset[ResponseKind] = frozenset(),
) -> list[ChoiceOption]:
    out = []
    ways: list[tuple[DramaticOption | None, ResponseKind | None, tuple[DefenseOption, ...]]] = [(None, None, _EVERY)]
    ways += [(o, None, defences) for o, defences in _SWAPS.items()]
    ways += [(None, k, (_needs(k),)) for k in declarable(t, kinds)]
    ways.append((DramaticOption.pushing_it, None, _EVERY))
    for option, response, defences in ways:
        if option is not None and _usable(t, option, spirit) is not None:
            continue
        for opt in (o for o in defences if o in only):
            for n in range(cap + 1):
                text = f"{opt.value} + {n} FS" + (f", {option_name(option)}" if option else "")
                text += f", declaring the {response.value} Response" if response else ""
                value = DecisionValue(defense=opt, fs=n, option=option, response=response)
                out.append(ChoiceOption.model_construct(value=value, fs=n, control=0, text=text, can_hit=None))
    return out


def _face_off_choice(ctx: Turn, t: Dram, ranged_special: bool) -> list[ChoiceOption]:
    if not ranged_special or not face_off.may_face_off(ctx, t):
        return []
    value = DecisionValue(option=DramaticOption.ki_face_off)
    return [ChoiceOption.model_construct(value=value, fs=0, control=0, text="Ki Face Off", can_hit=None)]


@dataclass(frozen=True, slots=True)
class Answering:
    """The attack is a Defensive Response to the defender's own: ``aerial``, his attack was Aerial; ``anti_air``, the
    Response is Anti-Air (000 L5850, L2803–L2805); ``basic``, it is the Basic Response, which his Ally joins
    (000 L4203); ``reflected``: his own projectile turned back at him, met with Defense or Evasion, halved
    (000 L4091)."""

    aerial: bool
    anti_air: bool
    basic: bool = False
    reflected: MoveProfile | None = None


def _declared(
    ctx: Turn, t: Dram, v: DecisionValue, opt: DefenseOption, kinds: frozenset[ResponseKind], key: str
) -> None:
    """A Response declared with the Defense Total (Priority, Ranged, Mid-Air Teleport, Jinking, ruling A16): open to
    him, with the skill it needs (000 L5876–L5884)."""
    kind = v.response
    if kind is None:
        return
    invincible = kind is not ResponseKind.interrupt or invincible_interrupts.declared(t.f, v)
    if kind not in declarable(t, kinds) or not invincible:
        why = (
            "only Priority, Mid-Air Teleport, Ranged, Jinking and an Invincible Interrupt are declared with the "
            "Defense Total, when open"
        )
        ctx.fail("DECISION_INVALID", f"{key}.response", f"{key}: {why} (000 L7126, L3587).", key=key)
    need = _needs(kind)
    if opt is not need:
        why = f"the {kind.value} Response needs {need.value}"
        ctx.fail("RESPONSE_SKILL_MISMATCH", f"{key}.defense", f"{key}: {why}.", key=key)
    t.response = kind
    if kind is ResponseKind.jinking:
        t.guarded = "jinking"  # Hard to Evade counts against it (000 L5876)


def _response_bonus(t: Dram) -> int:
    """What the Response declared with the Defense Total adds: his sheet's bonus on it (000 L669), an Invincible
    Interrupt's +2 (000 L3587)."""
    if t.response is None:
        return 0
    bonus = t.f.prof.response_bonus.get(t.response.value) or 0
    return bonus + (invincible_interrupts.BONUS if t.response is ResponseKind.interrupt else 0)


def defense(
    ctx: Turn,
    t: Dram,
    attacker: str,
    property_damage: bool,
    ranged_special: bool = False,
    simultaneous: bool = False,
    spirit: bool = False,
    kinds: frozenset[ResponseKind] = frozenset(),
    answering: Answering | None = None,
) -> tuple[int, str]:
    """The defender's Defense Total and how he defends; Property Damage gives +1 and allows no Tactics
    (000 L7197). Against a Ranged Special Move he may answer with a Ki Face Off instead (``t.face_off_now``).
    Against an opponent sharing his Initiative only the Defense skill serves (000 L5573; ours: Ki in its place and
    Pushing It still may, the jumping Basic Mobile Move's exception having no place in Dramatic Combat). ``spirit``:
    the attacker is a purely spiritual creature, so Spirituality may stand in for Defense (000 L7323). ``kinds``: the
    Defensive Responses open to him (``responses``), with Tactics for them; ``answering``: the attack is a Defensive
    Response to his own, so he has what the main turn leaves against one (000 L5850, ``allowed_options``)."""
    t.response = None
    f = t.f
    p = f.prof
    if f.stunned or t.idle:  # no FS, no Evasion, half the Defense skill (000 L5980; 000 L7285 for the idle)
        dt = (
            p.defense // 2
            + p.def_bonus
            + (tables().option("property_damage").defense_total or 0 if property_damage else 0)
        )
        return dt, "half Defense (as if Stunned)"
    # the default: the higher of Defense and Evasion with no FS (the combined defence costs 1 FS, 000 L5838)
    plain_defense, plain_evasion = _skills(ctx, t, None)
    # a non-attack action leaves the Defense skill only (000 L6037), as does a Slow Startup move readied (000 L4844)
    only_defense = simultaneous or t.non_attack or waiting(f)
    best = DefenseOption.defense if plain_defense >= plain_evasion or only_defense else DefenseOption.evasion
    only: tuple[DefenseOption, ...] = (DefenseOption.defense,) if only_defense else _EVERY if kinds else _ALL
    if f.knocked_down and kinds:  # down: Defense, or Tactics for the Reversal (000 L5888, L5894, L3918)
        only = (DefenseOption.defense, DefenseOption.tactics)
    halved = False
    if answering is not None:
        back = answering.reflected is not None
        opened, halved, _ = allowed_options(ctx, f, "response", answering.aerial, answering.anti_air, reflected=back)
        only = tuple(opened)
        best = only[0]
    cap = min(f.fs, f.pl)
    key, v = ctx.decide(
        f.id,
        "defense",
        "D.4",
        f"{f.id} is attacked by {attacker}: Defense, Evasion or both together, FS to add (at most {f.pl}), and a "
        "point for Ki in place of Defense, Acrobatics in place of Evasion or Pushing It?",
        DecisionValue(defense=best, fs=0),
        lambda: _choices(t, cap, only, spirit, kinds) + _face_off_choice(ctx, t, ranged_special),
    )
    if v.option is DramaticOption.ki_face_off:
        if not _face_off_choice(ctx, t, ranged_special):
            reason = "a Ki Face Off answers a Ranged Special Move, with Ki and a point (000 L7231)"
            ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: {reason}.", key=key)
        face_off.declare(ctx, t, key)
        return 0, "Ki Face Off"
    opt = v.defense or best
    option = v.option
    t.guarded = opt.value  # the attack's Accuracy records are read against it (000 L5708)
    if opt not in only:
        refused = (
            "Tactics serves the Defensive Responses open here: all against a Special Move, the Basic and Jinking "
            "Responses against a Basic Move, none against Property Damage (000 L7124–L7126, L7197)"
            if opt is DefenseOption.tactics
            else "only Defense serves against a simultaneous attack, after a non-attack action, when down or "
            "waiting on a Slow Startup move (000 L5573, L6037, L3918, L4844)"
            if answering is None
            else "against a Defensive Response only Defense, halved, or Evasion after an Aerial attack (000 L5850)"
        )
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.defense", f"{key}: {refused}.", key=key)
    _declared(ctx, t, v, opt, kinds, key)
    if option is not None:
        why = "not a defence option" if option not in OFFERED else _usable(t, option, spirit)
        if option in _SWAPS and opt not in _SWAPS[option]:
            why = f"{option_name(option)} does not replace the skill of {opt.value}"
        if why:
            ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{key}.option", f"{key}: {why}.", key=key)
    fs = v.fs or 0
    if fs > f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"{key}.fs", f"{key}: {fs} FS is more than PL {f.pl}.", key=key)
    if fs > f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {f.id} has only {f.fs} FS.", key=key)
    if opt is DefenseOption.defense_evasion and fs + 1 > f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: the combined defence costs 1 FS more.", key=key)
    totals = _totals(*_skills(ctx, t, option))
    if halved:  # against a Response: the skill halved, Evasion whole after an Aerial attack (000 L5850, L2805)
        whole = (
            opt is DefenseOption.evasion
            and answering is not None
            and answering.aerial
            and not (answering.anti_air or answering.reflected)
        )
        totals = {o: n if whole else n // 2 for o, n in totals.items()}
    if opt is DefenseOption.tactics or t.response is not None:
        totals[opt] = response_skill(f, opt, t.response)  # Tactics, or the declared Response's skill (000 L5880–L5884)
    if opt not in totals:
        ctx.fail("DECISION_INVALID", f"{key}.defense", f"{key}: {opt.value} is not offered here.", key=key)
    f.fs -= fs + (1 if opt is DefenseOption.defense_evasion else 0)
    if option is not None:
        pay(ctx, t, option, costs.ap_cost(tables().option(option.value)), key)
        if option is DramaticOption.ki_for_defense:
            t.ki_defended = True
        elif option is DramaticOption.pushing_it:
            t.push_defense = attacks.pushing_bonus()  # every Defense Total of his this turn (ruling C15)
            push_self(ctx, t)
    dt = (
        totals[opt]
        + p.def_bonus
        + fs
        + t.push_defense
        + yell_defense(t)
        + spirit_penalty(ctx, t)
        + (tables().option("property_damage").defense_total or 0 if property_damage else 0)
    )
    dt += sum(records.lasting_defense(f, opt.value).values())  # flying: +4 with Evasion (000 L3370)
    if t.full_defense and opt is not DefenseOption.tactics:  # never with Tactics (000 L5722)
        dt += p.full_defense_bonus if opt is DefenseOption.defense else p.full_defense_bonus // 2
    if t.face_off_next not in (None, attacker):  # a third party's attack on a Ki Face Off: + his Ki (000 L7237)
        dt += skill(ctx, t, "ki")
    if t.mind_controlled and attacker in t.pulled_by:  # against one freeing him (000 L7207)
        dt += 1
    dt += _response_bonus(t)
    how = opt.value + (f" ({option_name(option)})" if option in _SWAPS else "")
    how += f", declaring the {t.response.value} Response" if t.response else ""
    return dt, how
