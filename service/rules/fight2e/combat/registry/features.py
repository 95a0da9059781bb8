"""Named points where the turn's steps ask one feature family a question or tell it what has happened (issue 39).

A step calls ``POINT.fn(...)``; the family's module answers by decorating its function with ``@POINT`` when it is
imported (``registered`` imports every family). So a step names the moment, never the feature module, and the
registry's layer sits below both. Each point has exactly one answer: a second one, or a step reaching a point that
nothing answers (the registry left incomplete), is a programming error raised at once, never a silent skip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar, cast

from ..contract.models import ActionType, DecisionValue, ResponseKind
from ..contract.models import Hazard as HazardModel
from ..state.action import Attack, DamageRoll, Guard
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from .elements import Named

H = TypeVar("H", bound=Callable[..., object])


class Answered(Named, Generic[H]):
    """A named point one feature answers: ``fn`` is its function once that family's module is imported."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.fn: H = cast(H, self._unanswered)
        self.answered = False

    def _unanswered(self, *args: object, **kwargs: object) -> object:
        raise RuntimeError(f"no feature answers the turn's point {self.name!r}: import combat.registry.registered")

    def __call__(self, fn: H) -> H:
        """Function decorator: ``fn`` answers this point from now on."""
        if self.answered:
            raise ValueError(f"the point {self.name!r} has two answers")
        self.fn = fn
        self.answered = True
        return fn


Moves = list[MoveProfile]

# ── Super Energy (elements/super_energy.py) ──────────────────────────────────────────────────────────
# A use of moves is paid for (Super Energy, FS, a Cheap move's count): fn(ctx, user, moves).
MOVES_PAID: Answered[Callable[[Turn, Combatant, Moves], None]] = Answered("moves_paid")


class _Counted(Protocol):
    def __call__(self, ctx: Turn, a: Combatant, moves: Moves, hit: bool) -> None: ...


# An attack is over, hit or miss, for H.1's count: fn(ctx, attacker, moves, hit=…).
ATTACK_COUNTED: Answered[_Counted] = Answered("attack_counted")

# ── Invisibility (elements/invisibility.py) ──────────────────────────────────────────────────────────
# Whether the first fighter chose not to engage the second this turn: fn(fighter, target) -> True if he cannot.
UNENGAGED: Answered[Callable[[Combatant, Combatant], bool]] = Answered("unengaged")

# ── Sequences and Opening Moves (elements/sequences/sequences.py) ────────────────────────────────────
# The moves of a declaration are checked against the open windows: fn(ctx, fighter, moves, path, key).
SEQUENCE_CHECKED: Answered[Callable[[Turn, Combatant, Moves, str, str], None]] = Answered("sequence_checked")
# Moves were used (an action or a Response): fn(ctx, fighter, moves).
SEQUENCE_USED: Answered[Callable[[Turn, Combatant, Moves], None]] = Answered("sequence_used")
# A fighter defended, with these Response moves (none for a plain Defensive Option): fn(ctx, defender, moves).
SEQUENCE_DEFENDED: Answered[Callable[[Turn, Combatant, Moves], None]] = Answered("sequence_defended")
# A fighter took an action that is no attack: fn(ctx, fighter, the action's kind).
SEQUENCE_OTHER_ACTION: Answered[Callable[[Turn, Combatant, str], None]] = Answered("sequence_other_action")

# ── Buffs (elements/buffs) ───────────────────────────────────────────────────────────────────────────
# The declaration limits of the Buffs in effect: fn(ctx, fighter, action kind, its number, move ids, key).
BUFF_DECLARATION: Answered[Callable[[Turn, Combatant, ActionType, int, list[str], str], None]] = Answered(
    "buff_declaration"
)
# The Buff that keeps the fighter from moving, if any: fn(fighter) -> the Buff's move or None.
BUFF_ROOTED: Answered[Callable[[Combatant], MoveProfile | None]] = Answered("buff_rooted")
# The Buff that keeps the fighter from gaining Super Energy, if any: fn(fighter) -> the Buff's move or None.
BUFF_SE_FROZEN: Answered[Callable[[Combatant], MoveProfile | None]] = Answered("buff_se_frozen")
# The moves of one use as the Buffs in effect change them: fn(ctx, fighter, moves) -> moves.
BUFF_CHANGED: Answered[Callable[[Turn, Combatant, Moves], Moves]] = Answered("buff_changed")

# ── Combos (elements/combo.py) ───────────────────────────────────────────────────────────────────────
# An illegal Combo is refused (a violation naming the key): fn(ctx, fighter, moves, key).
COMBO_CHECKED: Answered[Callable[[Turn, Combatant, Moves, str], None]] = Answered("combo_checked")
# The Control a Combo of these moves costs: fn(moves) -> Control.
COMBO_COST: Answered[Callable[[Moves], int]] = Answered("combo_cost")
# The Combo's Accuracy and its named parts against a defence option: fn(moves, option) -> (Accuracy, parts).
COMBO_ACCURACY: Answered[Callable[[Moves, str], tuple[int, dict[str, int]]]] = Answered("combo_accuracy")

# ── Multi-Part Throws (elements/throws/multi_part_throw.py) ───────────────────────────────────────────
# Whether the fighter is held in a chain and cannot act now: fn(ctx, fighter).
THROW_HELD_DOWN: Answered[Callable[[Turn, Combatant], bool]] = Answered("throw_held_down")
# Whether the thrower's chain ends for want of Control and his action is lost: fn(ctx, thrower).
THROW_STALLED: Answered[Callable[[Turn, Combatant], bool]] = Answered("throw_stalled")
# Whether the thrower's declaration may stand while a chain goes on: fn(ctx, thrower, decision).
THROW_DECLARED: Answered[Callable[[Turn, Combatant, DecisionValue], bool]] = Answered("throw_declared")
# Whether a third fighter is kept away from a fighter of a chain: fn(ctx, fighter, target) -> True if he is.
THROW_SEALED: Answered[Callable[[Turn, Combatant, Combatant], bool]] = Answered("throw_sealed")
# Whether the hit goes on into the chain's next link: fn(ctx, attack).
THROW_LINKS_ON: Answered[Callable[[Turn, Attack], bool]] = Answered("throw_links_on")
# A hit that is no link: the chain is over: fn(ctx, attack).
THROW_FINISHED: Answered[Callable[[Turn, Attack], None]] = Answered("throw_finished")
# A link that misses: the chain is over: fn(ctx, attack).
THROW_MISSED: Answered[Callable[[Turn, Attack], None]] = Answered("throw_missed")
# The Defensive Responses a chain's link leaves open: fn(attack, offered) -> offered.
THROW_RESPONSES: Answered[Callable[[Attack, list[ResponseKind]], list[ResponseKind]]] = Answered("throw_responses")
# A Defensive Response declared against a link is refused unless it may be used: fn(ctx, attack, kind, path, key).
THROW_RESPONSE_CHECKED: Answered[Callable[[Turn, Attack, ResponseKind, str, str], None]] = Answered(
    "throw_response_checked"
)

# ── Sustained Holds (elements/throws/sustained_hold.py) ──────────────────────────────────────────────
# A hold lands: fn(ctx, attack).
HOLD_STARTED: Answered[Callable[[Turn, Attack], None]] = Answered("hold_started")
# Whether the hold just begun earned its move's Glory: fn(attacker, earned).
HOLD_EARNED: Answered[Callable[[Combatant, bool], None]] = Answered("hold_earned")
# A hold ends without the attacker winning Initiative: fn(ctx, attacker, defender, move, earned).
HOLD_RELEASED: Answered[Callable[[Turn, Combatant, Combatant, MoveProfile, bool], None]] = Answered("hold_released")

# ── The turn's ends: the Time Roll, a Knock Back, the round's end and the answer ──────────────────────
# Fighting Spirit spent on the Time Roll is refused if the fighter may not spend it: fn(ctx, fighter, FS, key).
TIME_FS_CHECKED: Answered[Callable[[Turn, Combatant, int, str], None]] = Answered("time_fs_checked")
# A defender is pushed away from an attacker: fn(ctx, attacker, defender, Ranges) -> (Range before, after).
KNOCKED_BACK: Answered[Callable[[Turn, Combatant, Combatant, int], tuple[int, int]]] = Answered("knocked_back")
# The round is over: its closing Glory is awarded: fn(ctx).
ROUND_END_GLORY: Answered[Callable[[Turn], None]] = Answered("round_end_glory")
# The Hazards on the field as the answer carries them: fn(ctx) -> Hazards.
HAZARDS_OUT: Answered[Callable[[Turn], list[HazardModel]]] = Answered("hazards_out")

# ── Interrupts (elements/interrupts) ─────────────────────────────────────────────────────────────────
# A move absorbed earlier is used up by this use: fn(ctx, user, moves).
ABSORBED_SPENT: Answered[Callable[[Turn, Combatant, Moves], None]] = Answered("absorbed_spent")
# Whether an Interrupt Response with this first move is a special one: fn(move).
INTERRUPT_SPECIAL: Answered[Callable[[MoveProfile], bool]] = Answered("interrupt_special")
# The Interrupt Response is made with these moves: fn(ctx, attack, defender, moves, key, strike), where
# ``strike(moves, first)`` makes one attack of the Response and tells whether it hit.
INTERRUPT_RESPONDED: Answered[Callable[[Turn, Attack, Combatant, Moves, str, Callable[[Moves, bool], bool]], None]] = (
    Answered("interrupt_responded")
)
# Whether the Interrupt declared with a Defense Total is an Invincible Interrupt: fn(defender, decision).
INVINCIBLE_DECLARED: Answered[Callable[[Combatant, DecisionValue], bool]] = Answered("invincible_declared")
# These Interrupt moves with the Invincible Interrupts first: fn(moves) -> moves.
INVINCIBLE_FIRST: Answered[Callable[[Moves], Moves]] = Answered("invincible_first")
# Whether the move is an Invincible Interrupt: fn(move).
INVINCIBLE_MOVE: Answered[Callable[[MoveProfile], bool]] = Answered("invincible_move")

# ── Hazards (elements/hazards) ───────────────────────────────────────────────────────────────────────
# The request's Hazards are loaded and checked: fn(ctx).
HAZARDS_LOADED: Answered[Callable[[Turn], None]] = Answered("hazards_loaded")
# Whether any Hazard is in the fight: fn(ctx).
HAZARDS_IN_PLAY: Answered[Callable[[Turn], bool]] = Answered("hazards_in_play")
# Whether the fighter is down in a Pit: fn(fighter).
IN_PIT: Answered[Callable[[Combatant], bool]] = Answered("in_pit")
# Whether the fighter spends his action leaping out of a Pit: fn(ctx, fighter).
PIT_LEAP: Answered[Callable[[Turn, Combatant], bool]] = Answered("pit_leap")
# A move's Hazard requirements at its declaration: fn(ctx, fighter, moves, target or None, key).
HAZARD_NEEDS_CHECKED: Answered[Callable[[Turn, Combatant, Moves, Combatant | None, str], None]] = Answered(
    "hazard_needs_checked"
)
# Whether a move's Hazard requirement is met at the attack: fn(ctx, fighter, moves, target, key).
HAZARD_NEEDS_MET: Answered[Callable[[Turn, Combatant, Moves, Combatant, str], bool]] = Answered("hazard_needs_met")
# A move that makes a Hazard is declared as the book allows: fn(ctx, fighter, moves, key).
HAZARD_MAKING_CHECKED: Answered[Callable[[Turn, Combatant, Moves, str], None]] = Answered("hazard_making_checked")
# Whether these moves make a Hazard: fn(moves).
HAZARD_MAKING: Answered[Callable[[Moves], bool]] = Answered("hazard_making")
# The move makes its Hazard: fn(ctx, user, move, target, key).
HAZARD_MADE: Answered[Callable[[Turn, Combatant, MoveProfile, Combatant, str], None]] = Answered("hazard_made")
# Whether the move is a Sidestep Counter usable only that way: fn(move).
SIDESTEP_ONLY: Answered[Callable[[MoveProfile], bool]] = Answered("sidestep_only")
# After movement: the fighter may use a Hazard by Maneuver Check: fn(ctx, fighter, target or None, movement).
HAZARD_MANEUVER: Answered[Callable[[Turn, Combatant, Combatant | None, int], None]] = Answered("hazard_maneuver")
# Accuracy a Wall gives the opening Ranged move: fn(ctx, attacker, target, move) -> named parts.
WALL_BOUNCE: Answered[Callable[[Turn, Combatant, Combatant, MoveProfile], dict[str, int]]] = Answered("wall_bounce")
# Whether a Checked fighter gets past his checker to attack: fn(ctx, attacker, target, movement, key).
CHECKED_ATTACK: Answered[Callable[[Turn, Combatant, Combatant, int, str], bool]] = Answered("checked_attack")
# Whether the defender's Wall turns the attack back before the defence: fn(ctx, attacker, defender, moves).
WALL_REFLECTS_FIRST: Answered[Callable[[Turn, Combatant, Combatant, Moves], bool]] = Answered("wall_reflects_first")
# Whether the defender's Wall turns the missed attack back: fn(ctx, attacker, defender, moves, by an Evasion).
WALL_REFLECTS_AFTER: Answered[Callable[[Turn, Combatant, Combatant, Moves, bool], bool]] = Answered(
    "wall_reflects_after"
)


class _Carried(Protocol):
    def __call__(self, ctx: Turn, a: Combatant, d: Combatant, moves: Moves, end_of_combo: bool) -> None: ...


class _Sidestepped(Protocol):
    def __call__(self, ctx: Turn, d: Combatant, a: Combatant, label: str = ...) -> None: ...


# A carrying hit takes both fighters along: fn(ctx, attacker, defender, moves, end_of_combo=…).
HAZARD_CARRY: Answered[_Carried] = Answered("hazard_carry")
# A hit with Position Shift moves the attacker after the exchange: fn(ctx, attacker, defender, moves).
POSITION_SHIFT: Answered[Callable[[Turn, Combatant, Combatant, Moves], None]] = Answered("shifted_by_hit")
# After a Sidestep the defender may make a Maneuver Check: fn(ctx, defender, attacker[, step label]).
SIDESTEP_CHECKED: Answered[_Sidestepped] = Answered("sidestep_checked")

# ── The hit's mechanics and a move's use (elements/damage.py, stun.py, effects.py) ────────────────────
# The damage of a hit, before the Life Bar changes: fn(ctx, attacker, defender, moves) -> the roll.
DAMAGE_ROLLED: Answered[Callable[[Turn, Combatant, Combatant, Moves], DamageRoll]] = Answered("damage_rolled")
# The defender is Stunned by the hit: fn(ctx, defender).
STUNNED: Answered[Callable[[Turn, Combatant], None]] = Answered("stunned")
# A used move's effects that start on use: fn(ctx, user, move).
MOVE_USE_EFFECTS: Answered[Callable[[Turn, Combatant, MoveProfile], None]] = Answered("move_use_effects")
# A used move's entries whose effect is not applied are reported: fn(ctx, user, move).
MOVE_UNSUPPORTED_REPORTED: Answered[Callable[[Turn, Combatant, MoveProfile], None]] = Answered(
    "move_unsupported_reported"
)

# ── Free Movement and Knock Down chains (elements/free_movement.py, knockdown_chain.py) ─────────────────
# While Free Movement lasts only movement may be declared: fn(ctx, fighter, action kind or None, key).
FREE_MOVEMENT_DECLARATION: Answered[Callable[[Turn, Combatant, ActionType | None, str], None]] = Answered(
    "free_movement_declaration"
)
# Whether nobody may attack the fighter now: fn(fighter).
UNTOUCHABLE: Answered[Callable[[Combatant], bool]] = Answered("untouchable")
# Whether an attack opened by this move may be aimed at this (perhaps downed) target: fn(ctx, fighter, move, target).
MAY_STRIKE_DOWNED: Answered[Callable[[Turn, Combatant, MoveProfile, Combatant], bool]] = Answered("may_strike_downed")
# A declaration against a downed foe is checked: fn(ctx, fighter, moves, target or None, key).
DOWNED_TARGET_CHECKED: Answered[Callable[[Turn, Combatant, Moves, Combatant | None, str], None]] = Answered(
    "downed_target_checked"
)
# A downed defender's bonus against a move that skips the Knock Down: fn(ctx, attack, guard).
DOWNED_DEFENSE_BONUS: Answered[Callable[[Turn, Attack, Guard], None]] = Answered("downed_defense_bonus")
# Whether the hit stands the downed target up first: fn(ctx, attack).
STOOD_UP_BY_HIT: Answered[Callable[[Turn, Attack], bool]] = Answered("stood_up_by_hit")
# Whether the move is a Pursuit move: fn(move).
PURSUIT_MOVE: Answered[Callable[[MoveProfile], bool]] = Answered("pursuit_move")

ANSWERED: tuple[Named, ...] = (
    MOVES_PAID,
    ATTACK_COUNTED,
    UNENGAGED,
    SEQUENCE_CHECKED,
    SEQUENCE_USED,
    SEQUENCE_DEFENDED,
    SEQUENCE_OTHER_ACTION,
    BUFF_DECLARATION,
    BUFF_ROOTED,
    BUFF_SE_FROZEN,
    BUFF_CHANGED,
    COMBO_CHECKED,
    COMBO_COST,
    COMBO_ACCURACY,
    THROW_HELD_DOWN,
    THROW_STALLED,
    THROW_DECLARED,
    THROW_SEALED,
    THROW_LINKS_ON,
    THROW_FINISHED,
    THROW_MISSED,
    THROW_RESPONSES,
    THROW_RESPONSE_CHECKED,
    HOLD_STARTED,
    HOLD_EARNED,
    HOLD_RELEASED,
    TIME_FS_CHECKED,
    KNOCKED_BACK,
    ROUND_END_GLORY,
    HAZARDS_OUT,
    ABSORBED_SPENT,
    INTERRUPT_SPECIAL,
    INTERRUPT_RESPONDED,
    INVINCIBLE_DECLARED,
    INVINCIBLE_FIRST,
    INVINCIBLE_MOVE,
    HAZARDS_LOADED,
    HAZARDS_IN_PLAY,
    IN_PIT,
    PIT_LEAP,
    HAZARD_NEEDS_CHECKED,
    HAZARD_NEEDS_MET,
    HAZARD_MAKING_CHECKED,
    HAZARD_MAKING,
    HAZARD_MADE,
    SIDESTEP_ONLY,
    HAZARD_MANEUVER,
    WALL_BOUNCE,
    CHECKED_ATTACK,
    WALL_REFLECTS_FIRST,
    WALL_REFLECTS_AFTER,
    HAZARD_CARRY,
    POSITION_SHIFT,
    SIDESTEP_CHECKED,
    DAMAGE_ROLLED,
    STUNNED,
    MOVE_USE_EFFECTS,
    MOVE_UNSUPPORTED_REPORTED,
    FREE_MOVEMENT_DECLARATION,
    UNTOUCHABLE,
    MAY_STRIKE_DOWNED,
    DOWNED_TARGET_CHECKED,
    DOWNED_DEFENSE_BONUS,
    STOOD_UP_BY_HIT,
    PURSUIT_MOVE,
)
