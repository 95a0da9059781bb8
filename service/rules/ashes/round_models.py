"""The round's request and answer: the fight as it stands, the table's dice and decisions by key, and the fight
after the round (or the dice and decisions still needed: step mode, as in fight2e's turn protocol)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ..core.dice import RollSource
from ..core.findings import Finding, Unsupported
from .base import Model, one_of
from .combatant import Combatant
from .model_types import MAX_COMBATANTS, DieKey, Face, FighterId, ItemId, PackChoice, PackRef, Short, Text

MAX_CHOICES = 60
KEY_GRAMMAR = (
    "Keys: `R{round}.{fighter}.{point}` with a suffix where the point repeats: `effort.{n}` (the n-th Effort die), "
    "`imbalance.{id}`, `bid.{pass}`, `reach` (Reach's die), `improvised` (paying a stand-in spear's surcharge), "
    "`action.{n}` (the n-th action of the turn), `lower.{turn}`, and for what "
    "follows one attack `{point}.{attacker}.{n}` (`defense`, `heavy`, `buy_down`, `injury`, `kill`, `break`)."
)


class Act(StrEnum):
    """The word of a decision; the other fields of the value say what it applies to."""

    dramatic = "dramatic"  # imbalance: take the Dramatic Penalty
    effort = "effort"  # imbalance: Mechanical Penalty on the Effort Pool
    focus = "focus"  # imbalance: Mechanical Penalty on Focus Slots
    chakra = "chakra"  # imbalance: Mechanical Penalty on available Chakra
    bid = "bid"  # bid (or rebid) the dice named
    stand = "stand"  # bid: no bid, or keep the last one
    attack = "attack"
    grab = "grab"
    awaken = "awaken"
    skill = "skill"  # another skill action with a Set
    escape = "escape"  # break free of a hold
    rank_zero = "rank_zero"  # an action that needs no dice
    end = "end"  # end the turn
    defend = "defend"
    none = "none"  # take the attack undefended
    pay = "pay"  # buy-down: spend `aura` and `health`; a stand-in spear: pay its surcharge
    refuse = "refuse"  # buy-down: do not pay; Vanquished
    raise_imbalance = "raise"  # injury: one more rank on `imbalance`
    new = "new"  # injury: a new Physical Imbalance
    kill = "kill"  # after a Vanquish, or as an action against a fighter Vanquished before (`target`)
    spare = "spare"
    leave = "leave"  # leave (or let go of) a hold one entered voluntarily: no dice, no slot (004 L120)
    keep = "keep"  # hold: keep it / initiative: keep it
    break_hold = "break"
    lower_to = "lower"  # initiative: lower it to `initiative`
    go_on = "continue"  # end of round: keep fighting
    stop = "stop"  # end of round: stop the violence


class Slot(StrEnum):
    """Which of the turn's allowances an action takes (004 L41–L42)."""

    single = "single"  # the one action with a single die
    bonus = "bonus"  # a Bonus Action: a Set of Rank 2 or more (Unarmed: a Rank 1 attack, 004 L87, L97)
    rank_zero = "rank_zero"  # the one action that needs no dice


class Decision(Model):
    """A decision's value: `choice`, and the fields that choice reads (unset fields are left out)."""

    choice: Annotated[Act, one_of(Act)]
    dice: list[DieKey] = Field(default_factory=list, max_length=30, description="Effort dice by key: a Set or a bid.")
    target: FighterId | None = None
    slot: Annotated[Slot, one_of(Slot)] | None = Field(
        None,
        description="The turn's slot the action takes (`single`, `bonus`, `rank_zero`); when left out, the single-die "
        "action for one die while it is free, a Bonus Action otherwise, and rank_zero for an action without dice.",
    )
    skill: PackRef | None = Field(None, description="The skill of a Set's action (a defence against Subtle: senses).")
    rank_zero: PackRef | None = Field(None, description="The pack's rank-0 action.")
    battlefield: ItemId | None = Field(None, description="A rank-0 move: the adjacent Battlefield moved to.")
    surcharge_die: DieKey | None = Field(
        None,
        description="Improvised weapon: the unspent Effort die (any face) paying this use; 3 Prana when left out.",
    )
    penalty: PackRef | None = Field(None, description="Dramatic Penalty: which of the pack's `dramatic_penalties`.")
    chakra: ItemId | None = None
    advantage: bool = Field(False, description="Use the weapon's advantage on this action.")
    far: bool = Field(False, description="Ranged: against any visible target, not the adjacent zone.")
    techniques: list[ItemId] = Field(default_factory=list, max_length=5)
    aura: int | None = Field(None, ge=0, le=1000)
    health: int | None = Field(None, ge=0, le=1000)
    imbalance: ItemId | None = None
    initiative: int | None = Field(None, ge=0, le=1000)


class Hold(Model):
    holder: FighterId
    held: FighterId
    value: int = Field(ge=0, le=1000, description="The total of the grab that made it: an escape must beat it.")
    voluntary: bool = Field(
        False, description="The held combatant entered the hold of their own will: they may leave it at any time."
    )


class Battlefield(Model):
    """A zone of the fight as the table draws it (the chapter names Battlefields, 004 L43, L95)."""

    id: ItemId
    adjacent: list[ItemId] = Field(default_factory=list, max_length=20, description="Battlefields next to it.")
    cover: bool = Field(False, description="Cover to hide behind (004 L44).")


class RoundRequest(PackChoice):
    round: int = Field(1, ge=1, le=1000)
    combatants: list[Combatant] = Field(
        min_length=1, max_length=MAX_COMBATANTS, description="In bidding order: the GM's first, then clockwise."
    )
    spectators: list[FighterId] = Field(
        default_factory=list, max_length=MAX_COMBATANTS, description="Present but not fighting: no dice, no turn."
    )
    death_token: bool = Field(False, description="Death is in the scene (the GM declared it, or a kill brought it).")
    holds: list[Hold] = Field(default_factory=list, max_length=MAX_COMBATANTS * 2)
    battlefields: list[Battlefield] = Field(
        default_factory=list,
        max_length=30,
        description="The fight's Battlefields (adjacency is both ways); none: everybody stands together.",
    )
    seed: int | None = Field(None, ge=0, le=2**31 - 1)
    rolls: dict[DieKey, Face] = Field(default_factory=dict, max_length=400, description="The table's dice by key.")
    decisions: dict[DieKey, Decision] = Field(default_factory=dict, max_length=400)
    ask_every_decision: bool = Field(False, description="Ask decisions that have a default instead of using it.")


class RoundStatus(StrEnum):
    complete = "complete"
    decision_required = "decision_required"
    invalid = "invalid"  # the round cannot go past a declaration (an Effort roll of more dice than the pool)


class DecisionChoice(Model):
    value: Decision
    label: Text


class RoundDecision(Model):
    key: DieKey = Field(description="Where the answer goes: `decisions[key]`. " + KEY_GRAMMAR)
    kind: Short
    fighter: FighterId
    choices: list[DecisionChoice] = Field(max_length=MAX_CHOICES)
    default: Decision | None = None


class RoundDie(Model):
    key: DieKey = Field(description="Where the face goes: `rolls[key]`. " + KEY_GRAMMAR)
    die: Short
    purpose: Text


class RoundRoll(Model):
    key: DieKey
    die: Short
    face: int = Field(ge=1, le=100)
    source: RollSource
    purpose: Text


class RoundStep(Model):
    step: int = Field(ge=1, le=10_000)
    label: Short
    actor: FighterId | None
    text: Text
    ref: Short


class RoundEventKind(StrEnum):
    penalty = "penalty"  # amount: dice, slots or Prana taken off this round
    bid = "bid"  # amount: the bid's value
    initiative = "initiative"  # value: Initiative; amount: place in the order
    defended = "defended"  # fighter: defender; other: attacker; amount: attack − defence (≤ 0)
    hit = "hit"  # fighter: defender; other: attacker; amount: attack − defence
    damage = "damage"  # amount: damage after Heavy, armor and caps
    aura = "aura"  # amount: Aura spent; value: Aura left
    health = "health"  # amount: Health spent; value: Health left
    injured = "injured"  # amount: Imbalance ranks gained
    vanquished = "vanquished"
    killed = "killed"
    death_token = "death_token"
    grabbed = "grabbed"  # value: the hold's value
    hold_broken = "hold_broken"
    escaped = "escaped"
    awakened = "awakened"  # value: the Chakra's Recovery
    prana = "prana"  # amount: signed change; value: total Prana after
    rank_zero = "rank_zero"
    moved = "moved"  # fighter moved (or was dragged along by `other`)
    hidden = "hidden"  # fighter took cover
    revealed = "revealed"  # fighter attacked and is no longer hidden
    left_hold = "left_hold"  # fighter left a hold (other: the other fighter of it)
    combat_over = "combat_over"


class RoundEvent(Model):
    step: int = Field(ge=0, le=10_000)
    kind: RoundEventKind
    fighter: FighterId | None = None
    other: FighterId | None = None
    amount: int | None = Field(None, ge=-10_000, le=10_000)
    value: int | None = Field(None, ge=-10_000, le=10_000)


class Placing(Model):
    fighter: FighterId
    initiative: int = Field(ge=0, le=1000)
    bid: list[DieKey] = Field(max_length=30, description="The final bid's dice (spent out of the Effort Pool).")
    took_turn: bool = Field(description="False when the combatant was Vanquished before their turn came.")


class RoundAnswer(Model):
    ruleset: Short
    ruleset_version: Short
    status: RoundStatus
    violations: list[Finding] = Field(max_length=400)
    warnings: list[Finding] = Field(max_length=400)
    info: list[Finding] = Field(max_length=400, description="Notes: what the missing core rulebook would decide.")
    unsupported: list[Unsupported] = Field(max_length=100)
    dice_needed: list[RoundDie] = Field(max_length=400)
    decisions_needed: list[RoundDecision] = Field(max_length=MAX_COMBATANTS * 20)
    combatants: list[Combatant] = Field(
        max_length=MAX_COMBATANTS, description="After the round when complete; as sent while decisions are pending."
    )
    holds: list[Hold] = Field(max_length=MAX_COMBATANTS * 2)
    death_token: bool
    initiative: list[Placing] = Field(
        max_length=MAX_COMBATANTS,
        description="The order the turns were taken in, each with the Initiative it was taken at (lowered ones too).",
    )
    combat_over: bool = Field(description="Nobody kept up the violence at the end of the round.")
    rolls: list[RoundRoll] = Field(max_length=1000)
    log: list[RoundStep] = Field(max_length=2000)
    events: list[RoundEvent] = Field(max_length=2000)
