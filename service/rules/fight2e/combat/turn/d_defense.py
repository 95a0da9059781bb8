"""D.4–D.5: the defender's choice of Defense, Evasion, Defense with Evasion or Tactics, Full Defense, and the
Defense Total (000 L5714–L5722, L5828–L5848, L5890–L5892)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import ChoiceOption, DecisionValue, DefenseOption, ResponseKind
from ..elements import illusionary_doubles, negative_positioning, positions, super_only, suppression, techniques
from ..protocol.names import AttackContext
from ..registry import elements
from ..registry.elements import DefenseMoment
from ..registry.features import BUFF_ROOTED, INVINCIBLE_DECLARED
from ..state.action import Guard
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn

# Responses whose numbers enter the Defense Total, so they are declared with it (ruling A16).
PRE_DECLARED = {
    ResponseKind.priority: DefenseOption.tactics,
    ResponseKind.mid_air_teleport: DefenseOption.evasion,
    ResponseKind.ranged: DefenseOption.tactics,
    ResponseKind.jinking: DefenseOption.tactics,
}
_DEFAULTS = {o: DecisionValue(defense=o, fs=0) for o in DefenseOption}  # frozen, so built once and shared


_EVERY_OPTION = tuple(DefenseOption)


def allowed_options(
    ctx: Turn,
    defender: Combatant,
    context: str,
    aerial_attacker: bool = False,
    vs_anti_air: bool = False,
    jumping_defender: bool = False,
    jumping_basic: bool = False,
    reflected: bool = False,
) -> tuple[list[DefenseOption], bool, str]:
    """The options open to the defender, whether the skill is halved, and why (for the log)."""
    if context == "response":  # defending against a Defensive Response (000 L5850, L5866, L2803)
        if reflected:
            return (
                [DefenseOption.defense, DefenseOption.evasion],
                True,
                "against his own projectile reflected: Defense or Evasion, halved",
            )  # 000 L4091
        if vs_anti_air:
            return [DefenseOption.evasion], True, "against Anti-Air only Evasion, halved"
        if aerial_attacker:
            return (
                [DefenseOption.defense, DefenseOption.evasion],
                True,
                "against a Response: Defense halved or full Evasion after an Aerial attack",
            )
        return [DefenseOption.defense], True, "against a Defensive Response only Defense, halved"
    if defender.stunned:
        return [DefenseOption.defense], True, "Stunned: Defense only, halved, no FS"  # 000 L5980
    if defender.knocked_down and context == "action":  # ruling: any attack on him while down (000 L2163, L3918)
        return [DefenseOption.defense, DefenseOption.tactics], False, "Knocked Down: Defense, or Tactics for a Reversal"
    if context == AttackContext.bomb:
        return [DefenseOption.defense], False, "a Bomb: Defense only"  # 000 L2853
    if context == AttackContext.bomb_shot:
        return [DefenseOption.defense, DefenseOption.evasion], False, "an Assault Bomb: Defense or Evasion"  # L2865
    if any(e.id == OngoingEffectId.super_jump for e in defender.ongoing):  # 000 L2191
        aerial = [DefenseOption.defense_evasion] if techniques.has(ctx, defender, "aerial_blocks") else []
        return [DefenseOption.evasion, *aerial], False, "in a Super Jump: Evasion only (+2)"
    if any(e.id == OngoingEffectId.slow_startup for e in defender.ongoing):
        return [DefenseOption.defense], False, "waiting on a Slow Startup move: Defense only"  # 000 L4844
    if defender.full_offense:
        return [DefenseOption.defense], True, "Full Offense: Defense only, halved"  # 000 L5739
    if context == "reaction":  # 000 L6018
        opts = [DefenseOption.defense] + ([DefenseOption.evasion] if jumping_defender else [])
        return opts, False, "against a Reaction Attack: no Defensive Response"
    if context == "simultaneous":  # 000 L5559
        if jumping_basic:
            return [DefenseOption.evasion], False, "jumping attack in a simultaneous exchange: Evasion"
        return [DefenseOption.defense], False, "simultaneous attacks: Defense only"
    if defender.non_attack_action or defender.awaiting:
        return [DefenseOption.defense], False, "after Refocus, Power Up or Await Opening: Defense only"  # L6039
    return list(_EVERY_OPTION), False, ""


def _defense_choices(defender: Combatant, options: list[DefenseOption], can_full: bool) -> list[ChoiceOption]:
    choices = [
        ChoiceOption.model_construct(
            value=DecisionValue(defense=o, fs=0),
            fs=1 if o is DefenseOption.defense_evasion else 0,
            control=0,
            text=f"{o.value.replace('_', ' + ')}, plus up to {defender.pl} FS",
        )
        for o in options
    ]
    for o in options:  # the same with as much FS as one application allows (000 L5475–L5479); any amount up to it works
        base = 1 if o is DefenseOption.defense_evasion else 0
        most = min(defender.pl, defender.fs - base)
        if most > 0:
            choices.append(
                ChoiceOption.model_construct(
                    value=DecisionValue(defense=o, fs=most),
                    fs=base + most,
                    control=0,
                    text=f"{o.value.replace('_', ' + ')} with {most} FS",
                )
            )
    if can_full:
        choices += [
            ChoiceOption.model_construct(
                value=DecisionValue(defense=o, full_defense=True, fs=0),
                fs=1 if o is DefenseOption.defense_evasion else 0,
                control=0,
                text=f"Full Defense with {o.value.replace('_', ' + ')} (uses the action; +1 die step next turn)",
            )
            for o in options
            if o is not DefenseOption.tactics
        ]
    return choices


def choose_defense(
    ctx: Turn,
    defender: Combatant,
    attacker: Combatant,
    context: str,
    label: str,
    *,
    aerial_attacker: bool = False,
    vs_anti_air: bool = False,
    jumping_defender: bool = False,
    jumping_basic: bool = False,
    full_screen: bool = False,
    reflected: bool = False,
    only: str | None = None,
) -> Guard:

    options, halved, why = allowed_options(
        ctx, defender, context, aerial_attacker, vs_anti_air, jumping_defender, jumping_basic, reflected
    )
    if only is not None and any(o.value == only for o in options):
        options = [o for o in options if o.value == only]  # the same Skill as against the summoner (000 L4201)
        why = "the same Skill as against the summoner's attack"
    if (
        context == "response"
        and DefenseOption.evasion not in options
        and negative_positioning.negative_evasion(ctx, attacker)
    ):
        options = [*options, DefenseOption.evasion]  # Negative Position: Evasion against his Response (000 L4694)
    can_full = _can_full(defender, context)
    default = _DEFAULTS[options[0]]
    key, d = ctx.decide(
        defender.id,
        "defense",
        label,
        f"{defender.id} defends against {attacker.id}: choose {', '.join(o.value for o in options)}"
        + (", Full Defense" if can_full else "")
        + f" and FS (up to {defender.pl})."
        + (f" ({why})" if why else ""),
        default,
        lambda: _defense_choices(defender, options, can_full),
    )
    option = d.defense or options[0]
    if option is DefenseOption.evasion and context == "response" and aerial_attacker and not (vs_anti_air or reflected):
        halved = False  # after his Aerial move missed, full Evasion against the Response (000 L2805)
    path = f"decisions.{key}"
    if option not in options:
        ctx.fail("DEFENSE_OPTION_NOT_ALLOWED", path, f"{key}: {option.value} is not open here ({why}).", key=key)
    fs = d.fs or 0
    full = bool(d.full_defense) or defender.full_defense
    response = d.response
    illusion = _check_declaration(ctx, defender, d, option, can_full, context, path, key)
    extra = 1 if option is DefenseOption.defense_evasion else 0
    _check_fs(ctx, defender, fs, extra, path, key)
    p = defender.prof
    skill, parts = _skill(defender, option, response, halved, full)
    dt = skill + p.def_bonus + fs  # ruling A8: halving touches the skill only
    parts["defense_bonus"] = p.def_bonus
    parts["fs"] = fs
    moment = DefenseMoment(defender, attacker, d, option, response, illusion, context, full_screen)
    situational = _situational(ctx, moment)
    dt += sum(situational.values())
    parts.update(situational)
    tech_fs, tech_bonus = _technique(ctx, defender, d, option, response, fs + extra, key)
    if tech_bonus:
        dt += tech_bonus
        parts[d.technique.value if d.technique else "technique"] = tech_bonus
    defender.fs -= fs + extra + tech_fs
    if full and not defender.full_defense:
        defender.full_defense = True
        defender.acted = True  # Full Defense takes his action (000 L5714)
    if option in (DefenseOption.evasion, DefenseOption.tactics, DefenseOption.defense_evasion):
        defender.other_defense_used = True
    ctx.note(
        label,
        defender.id,
        f"{defender.id} defends with {option.value.replace('_', ' + ')}"
        + (" on Full Defense" if full else "")
        + (f", declaring the {response.value} Response" if response else "")
        + f": Defense Total {dt}"
        + (f" ({fs} FS)" if fs else "")
        + ".",
        "000 L5716–L5722",
        {k: v for k, v in parts.items()},
        {"dt": dt, "fs": defender.fs},
    )
    return Guard(option, dt, fs, full, response, parts, halved, d.technique.value if d.technique else "")


# a Response, or a Bomb going off: no Full Defense (read once, an Enum's attribute is slow on Python 3.11)
_NO_FULL = (AttackContext.response, AttackContext.bomb, AttackContext.bomb_shot)


def _can_full(defender: Combatant, context: str) -> bool:
    """Full Defense takes the defender's action: only before he has acted, moved or lost it (000 L5714)."""
    return (
        not defender.acted
        and not defender.holding
        and defender.moved == 0
        and context not in _NO_FULL
        and not defender.stunned
        and not defender.action_lost
        and not defender.full_offense
        and not defender.committed
    )


def _check_declaration(
    ctx: Turn,
    defender: Combatant,
    d: DecisionValue,
    option: DefenseOption,
    can_full: bool,
    context: str,
    path: str,
    key: str,
) -> MoveProfile | None:
    """Full Defense and a Response declared with the Defense Total; the Offensive Illusion it declares."""
    response = d.response
    if d.full_defense and not defender.full_defense:
        if option is DefenseOption.tactics:
            ctx.fail("FULL_DEFENSE_WITH_TACTICS", path, f"{key}: Full Defense does not work with Tactics.", key=key)
        if not can_full:
            ctx.fail(
                "FULL_DEFENSE_AFTER_ACTING",
                path,
                f"{key}: {defender.id} has already acted, moved or lost his action this turn.",
                key=key,
            )
    illusion = None
    defender.declared_illusion = ""
    if response is ResponseKind.interrupt and illusionary_doubles.names_illusion(defender, d):
        illusion = illusionary_doubles.declare_illusion(ctx, defender, d, option, context, key)  # (000 L3490)
        defender.declared_illusion = illusion.id
    if response is not None:
        need = PRE_DECLARED.get(response) or (DefenseOption.tactics if illusion is not None else None)
        if need is None and response is ResponseKind.interrupt and INVINCIBLE_DECLARED.fn(defender, d):
            need = DefenseOption.tactics  # its +2 is part of the Defense Total (000 L3587)
        if need is None:
            ctx.fail(
                "DECISION_INVALID",
                path,
                f"{key}: only Priority, Mid-Air Teleport, Ranged and Jinking are "
                "declared with the Defense Total; others are chosen after the miss.",
                key=key,
            )
        if option is not need or context != "action":
            ctx.fail(
                "RESPONSE_SKILL_MISMATCH",
                path,
                f"{key}: the {response.value} Response needs {need.value if need else '?'} against an ordinary attack.",
                key=key,
            )
    return illusion


def _check_fs(ctx: Turn, defender: Combatant, fs: int, extra: int, path: str, key: str) -> None:
    stunned_no_fs = bool(defender.stunned)
    if fs and stunned_no_fs:
        ctx.fail("FS_DEFENSE_WHILE_STUNNED", path, f"{key}: no FS on the Defense Total while Stunned.", key=key)
    if fs > defender.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", path, f"{key}: {fs} FS is more than Power Level {defender.pl}.", key=key)
    if fs + extra > defender.fs:
        code = "FS_COMBINED_DEFENSE_UNPAID" if extra and fs + extra - 1 <= defender.fs else "FS_INSUFFICIENT"
        ctx.fail(code, path, f"{key}: {defender.id} has only {defender.fs} FS.", key=key)


def response_skill(defender: Combatant, option: DefenseOption, response: ResponseKind | None) -> int:
    """The skill under a Defense Total with Tactics or a Response declared with it: Tactics, half Tactics for
    Priority, Ki for Ranged, Evasion + 2 for Mid-Air Teleport (000 L5880–L5884)."""
    return _skill(defender, option, response, False, False)[0]


def _skill(
    defender: Combatant, option: DefenseOption, response: ResponseKind | None, halved: bool, full: bool
) -> tuple[int, dict[str, int]]:
    """The Skill in the Defense Total with Full Defense's bonus, and the parts the log shows."""
    p = defender.prof
    parts: dict[str, int] = {}
    fd_bonus = p.full_defense_bonus if full else 0
    if response is ResponseKind.priority:
        skill = p.tactics // 2  # 000 L5882
        parts["tactics_halved"] = skill
    elif response is ResponseKind.mid_air_teleport:
        skill = p.evasion + 2  # 000 L5880
        parts["evasion_plus_2"] = skill
    elif response is ResponseKind.ranged:
        skill = super_only.response_ki(defender)  # 000 L5884 (Ki Access: Ki 1, L4956)
        parts["ki"] = skill
    elif option is DefenseOption.defense:
        skill = p.defense // 2 if halved else p.defense
        parts["defense"] = skill
        skill += fd_bonus
    elif option is DefenseOption.evasion:
        skill = p.evasion // 2 if halved else p.evasion
        parts["evasion"] = skill
        skill += fd_bonus // 2  # Full Defense is halved with Evasion (000 L5722)
        fd_bonus //= 2
    elif option is DefenseOption.defense_evasion:
        high, low = max(p.defense + fd_bonus, p.evasion), min(p.defense + fd_bonus, p.evasion)
        skill = high + low // 2  # 000 L5838 (Full Defense added to Defense before combining)
        parts["defense_evasion"] = skill
        fd_bonus = 0
    else:
        skill = p.tactics
        parts["tactics"] = skill
        fd_bonus = 0
    if fd_bonus:
        parts["full_defense"] = fd_bonus
    return skill, parts


def _situational(ctx: Turn, moment: DefenseMoment) -> dict[str, int]:
    """What the moment adds to the Defense Total, in the order the log shows it (each hook in its place)."""
    parts: dict[str, int] = {}
    for hook in elements.DEFENSE_TOTAL.hooks:
        parts.update(hook(ctx, moment))
    return parts


@elements.DEFENSE_TOTAL(10)
def _moved_one_range(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    return {"moved_one_range": 1} if m.defender.moved_one_bonus else {}  # moved 1 Range without acting (000 L5638)


@elements.DEFENSE_TOTAL(20)
def _response_bonus(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    bonus = m.defender.prof.response_bonus.get(m.response.value) if m.response is not None else None
    return {"response_bonus": bonus} if bonus else {}  # 000 L669


@elements.DEFENSE_TOTAL(60)
def _air_move(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    # interrupted in an Air Dash or a Hover jump (000 L2217, L2235)
    air = m.option is DefenseOption.evasion and m.context == "reaction" and m.defender.air_bonus
    return {"air_move": m.defender.air_bonus} if air else {}


@elements.DEFENSE_TOTAL(120)
def _full_screen(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    return {"full_screen": 1} if m.full_screen else {}  # a full 3-Range Full Screen approach (000 L3683)


# (FS, Defense Total bonus) of each technique; Back Dash with Jinking is (2, 4) (000 L2145, L2181–L2183, L2213,
# L2235).
_TECHNIQUES = {"double_jump": (1, 2), "back_dash": (1, 2), "air_dash": (0, 1), "hover": (0, 1), "wall_spring": (0, 1)}
_OPTION = {
    "double_jump": "double_jumps",
    "back_dash": "back_dash",
    "air_dash": "air_dash",
    "hover": "hover",
    "wall_spring": "wall_springs",
}


def _technique(
    ctx: Turn,
    defender: Combatant,
    d: DecisionValue,
    option: DefenseOption,
    response: ResponseKind | None,
    spent: int,
    key: str,
) -> tuple[int, int]:
    tech = d.technique
    if tech is None:
        return 0, 0
    path = f"decisions.{key}.technique"
    jinking = response is ResponseKind.jinking
    if BUFF_ROOTED.fn(defender):
        ctx.fail("BUFF_NO_MOVEMENT", path, f"{key}: {defender.id}'s Buff keeps him from moving.", key=key)
    if not techniques.has(ctx, defender, _OPTION[tech.value]) or suppression.no_movement(defender):
        ctx.fail("EVADE_TECHNIQUE_INVALID", path, f"{key}: the {tech.value.replace('_', ' ')} option is off.", key=key)
    if option is not DefenseOption.evasion and not (jinking and tech.value == "back_dash"):
        ctx.fail(
            "EVADE_TECHNIQUE_INVALID",
            path,
            f"{key}: {tech.value.replace('_', ' ')} goes with Evasion"
            + (" (or a Back Dash with Jinking)" if tech.value == "back_dash" else "")
            + ".",
            key=key,
        )
    if tech.value == "wall_spring" and not positions.at_border(ctx, defender):
        # Ruling: the stage border serves as the Wall (000 L2241); Wall Hazards are not resolved.
        ctx.fail(
            "EVADE_TECHNIQUE_INVALID",
            path,
            f"{key}: a defensive Wall Spring needs {defender.id} against the stage border (Range 4, or band 1 or 6).",
            key=key,
        )
    cost, bonus = (2, 4) if jinking else _TECHNIQUES[tech.value]
    move_fs = 0 if jinking else 1  # the 2-Range move it forces on a success
    if cost > defender.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", path, f"{key}: {cost} FS is more than Power Level {defender.pl}.", key=key)
    if spent + cost + move_fs > defender.fs:
        ctx.fail("FS_INSUFFICIENT", path, f"{key}: {defender.id} cannot pay {cost} FS and the forced move.", key=key)
    return cost, bonus
