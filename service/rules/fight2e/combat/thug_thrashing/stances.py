"""Full Defense, Full Offense and Full Agility as a Fighter's action against Thugs (000 L6704, L6758, L6782–L6784,
L5722–L5739): what each costs, what it changes in his defences and attack rolls for the rest of the turn, and the
die sizes it leaves for the next turn."""

from __future__ import annotations

from ..contract.models import ActionType, DecisionValue, DefenseOption, DieShiftSource, Direction
from ..state.combatant import Combatant
from ..state.turn import Turn
from .group import Group, shift

D10_SIDES, D6_SIDES = 10, 6  # Full Offense rolls 1d10 for attacks (000 L5726)
FULL_AGILITY_MOVE = 1  # Ranges he may still move with it (000 L6704)


def is_stance(v: DecisionValue) -> bool:
    return bool(v.full_defense or v.full_agility or (v.full_offense and v.action is not ActionType.attack))


def take(ctx: Turn, f: Combatant, groups: list[Group], key: str, v: DecisionValue, extras: int) -> None:
    """His action spent on a stance; his other actions stay his (000 L6758, L6782)."""
    if v.full_agility:
        if v.full_defense or v.full_offense or v.action not in (ActionType.none, ActionType.move, None):
            ctx.fail("DECISION_INVALID", key, f"{key}: Full Agility takes the action alone, with no attack.", key=key)
        full_agility(ctx, f, "this action")
        n = v.movement or 0
        if n > FULL_AGILITY_MOVE:
            ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: 1 Range with Full Agility.", key=key)
        if n:
            g = next((g for g in groups if g.id == v.target and g.members), None)
            if g is None:
                ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: name the Thug group to move by.", key=key)
            shift(ctx, f, g, n, v.direction or Direction.toward)
        return
    if v.action not in (ActionType.none, None):
        ctx.fail("DECISION_INVALID", key, f"{key}: Full Defense takes the action, with no move or attack.", key=key)
    if v.full_offense and not v.full_defense:
        ctx.fail("DECISION_INVALID", f"{key}.full_offense", f"{key}: Full Offense goes with an attack.", key=key)
    if v.full_offense:
        if extras < 1:  # ruling: it costs one of his Thug Thrashing actions, so he must have one (000 L6784)
            ctx.fail(
                "DECISION_INVALID",
                key,
                f"{key}: Full Offense with Full Defense costs a Thug Thrashing action.",
                key=key,
            )
        f.full_offense = True
    full_defense(ctx, f, "this action")
    if v.full_offense:
        ctx.note(
            "C",
            f.id,
            f"{f.id} also goes Full Offense: 1d10 for his attacks, his defences as usual with the Full Defense bonus.",
            "000 L6784",
        )


def full_defense(ctx: Turn, f: Combatant, what: str) -> None:
    f.full_defense = True
    ctx.note(
        "C",
        f.id,
        f"{f.id} spends {what} on Full Defense: +{f.prof.full_defense_bonus} to his defences against Thugs this turn "
        "(half with Evasion or Agility alone).",
        "000 L6758, L5722",
    )


def full_agility(ctx: Turn, f: Combatant, what: str) -> None:
    f.full_agility = True
    ctx.note(
        "C",
        f.id,
        f"{f.id} spends {what} on Full Agility: +{f.prof.full_defense_bonus} on his Agility dodges this turn.",
        "000 L6704",
    )


def acted(f: Combatant) -> bool:
    """His first action is gone: taken at his Initiative, or on a Reaction Attack before it (000 L6013)."""
    return f.acted or f.reaction_used


def first_action_spent(ctx: Turn, f: Combatant) -> bool:
    """Full Defense or Full Agility declared when a Thug attacked him before he acted took his first action."""
    if f.full_defense or f.full_agility:
        ctx.note("C", f.id, f"{f.id}'s first action went to the stance he took when attacked.", "000 L5714, L6704")
        return True
    return False


def attack_sides(f: Combatant, v: DecisionValue) -> int:
    """Full Offense declared with an attack holds for his later attacks this turn (ruling: one turn's stance)."""
    if v.full_offense:
        f.full_offense = True
    return D10_SIDES if f.full_offense else D6_SIDES


def defence_total(f: Combatant, opt: DefenseOption, other: int) -> int:
    """The skill part of his Defense Total: on Full Offense alone Defense only, halved (000 L5739); on Full
    Defense its bonus, halved with Evasion or Agility alone and added to Defense before combining (000 L5722,
    L5838); both at once: his usual options with the bonus (ruling, 000 L6784: "higher defences than usual")."""
    bonus = f.prof.full_defense_bonus if f.full_defense else 0
    if f.full_offense and not f.full_defense:
        return f.prof.defense // 2
    if opt is DefenseOption.defense:
        return f.prof.defense + bonus
    if opt is DefenseOption.evasion:
        return other + bonus // 2
    d = f.prof.defense + bonus
    return max(d, other) + min(d, other) // 2


def dodge_bonus(f: Combatant) -> int:
    """Full Agility adds the Full Defense bonus to his Agility dodges (000 L6704)."""
    return f.prof.full_defense_bonus if f.full_agility else 0


def carry_over(f: Combatant) -> None:
    """Full Defense for a turn without attacking gives a die size on Initiative or Control next turn (000 L5722;
    ruling: not when his other actions attacked); Full Offense takes one away, more each turn in a row, and bars
    FS on them (000 L5739); his run of Combos goes on or ends."""
    if f.full_defense and not f.attacked_thugs and not f.fd_void:
        f.next_dice.append(("either", 1, "full_defense"))
    if f.kd_before_acting:
        f.next_dice.append(("initiative", -1, "stood_up"))  # Knocked Down by Thugs before acting (000 L5962)
    if f.entangled:
        f.next_dice.append(("initiative", -1, DieShiftSource.entangle))  # not hit again since (000 L3306)
    if f.self_stun and not f.stunned and not f.defeated:
        f.stunned = 2  # his move's Self-Stun, not lifted by a hit: a full Stun, as in the main turn (000 L4806)
    if f.combo_hit_this_turn:  # his run of Combos on successive turns (000 L5753)
        f.combo_streak = f.combo_streak + 1 if not f.was_hit else 1
    else:
        f.combo_streak = 0
    if f.full_offense:
        f.fo_streak += 1
        f.next_dice.append(("either", -f.fo_streak, "full_offense"))
        f.no_fs_init = True
    else:
        f.fo_streak = 0
        f.no_fs_init = False
