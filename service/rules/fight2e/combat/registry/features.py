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
from ..state.action import Attack
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
)
