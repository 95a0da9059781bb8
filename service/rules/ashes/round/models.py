"""The round's request and answer in the core turn protocol (service/rules/core/protocol): the fight as it stands,
the table's dice and decisions by key, and the fight after the round (or, while `decision_required`, the dice and
decisions still needed, every one up to the next decision that depends on an answer not given yet)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ...core.findings import Finding
from ...core.protocol.models import StepAnswer, StepEvent, StepRequest
from ..base import Model, one_of
from ..combatant.model_types import MAX_COMBATANTS, DieKey, FighterId, ItemId, PackChoice, PackRef, Short, Text
from ..combatant.models import Combatant

MAX_CHOICES = 60
POINTS = (
    "Ashes' points (letter `R`, the round's number): `effort` (the Effort dice, `.n` the n-th), `imbalance` (the "
    "sheet's n-th Imbalance: `.n`), `bid` (`.n` the n-th pass), `reach` (Reach's die), `improvised` (paying a "
    "stand-in spear's surcharge), `action` (`#n` the n-th action of the turn), `lower` (`.n` the n-th chance to "
    "lower), `continue`, and after an attack `defense`, `buy_down` (the defender's), `heavy`, `injury`, `kill`, "
    "`break` (the attacker's), `@attacker` and `#n` (the attacker's n-th action) once they repeat. "
)


class Point(StrEnum):
    """The point a key ``R{n}.{fighter}.{point}`` names: a die rolled or a decision asked (wire vocabulary; a few
    happen to share a weapon's name, the weapon's advantage itself is its pack record)."""

    effort = "effort"
    imbalance = "imbalance"
    bid = "bid"
    reach = "reach"  # the Initiative die of an initiative_die weapon
    improvised = "improvised"  # paying a stand-in weapon's surcharge
    action = "action"
    lower_ = "lower"
    continue_ = "continue"
    defense = "defense"
    buy_down = "buy_down"
    heavy = "heavy"  # the damage die of a damage_die weapon
    injury = "injury"
    kill = "kill"
    break_ = "break"


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


class RoundRequest(PackChoice, StepRequest[Decision]):
    """The fight as it stands, and the six step fields of the core turn protocol."""

    round: int = Field(1, ge=1, le=1000, description="The round's number: the `n` of every key `R{n}.…`. " + POINTS)
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


class RoundStep(Model):
    step: int = Field(ge=1, le=10_000)
    label: Short
    actor: FighterId | None
    text: Text
    ref: Short


class RoundEventKind(StrEnum):
    """What happened; every number the log prints is in the event's `amount`, `value` or `figures`."""

    penalty = "penalty"  # amount: dice, slots or Prana taken off this round; figures: rank
    effort = "effort"  # value: Effort dice rolled; figures: each die's face by its key
    bid = "bid"  # amount: the bid's value; figures: pass, dice
    initiative = "initiative"  # value: Initiative; amount: place in the order; figures: bid, reach
    lowered = "lowered"  # value: Initiative after lowering; amount: the change; figures: bid, before, place
    attack = "attack"  # fighter: attacker; other: target; value: total; figures: rank, facing, extra_rank, bonus, grab
    defence = "defence"  # fighter: defender; other: attacker; value: total (0 undefended); figures as attack
    defended = "defended"  # fighter: defender; other: attacker; amount: attack − defence (≤ 0); figures: both
    hit = "hit"  # fighter: defender; other: attacker; amount: attack − defence; figures: attack, defence
    damage = "damage"  # amount: damage after Heavy, armor and caps; figures: margin, heavy, armor, cap
    buy_down = "buy_down"  # amount: the damage; figures: aura and health spent, refused (1 or 0)
    aura = "aura"  # amount: Aura spent; value: Aura left
    health = "health"  # amount: Health spent; value: Health left
    injured = "injured"  # amount: Imbalance ranks gained; value: the Imbalance's rank after
    vanquished = "vanquished"
    killed = "killed"
    death_token = "death_token"
    grabbed = "grabbed"  # value: the hold's value
    hold_broken = "hold_broken"
    escape = "escape"  # value: the escape's total; figures: hold, rank, facing, escaped (1 or 0)
    escaped = "escaped"  # value: the escape's total
    awakened = "awakened"  # value: the Chakra's Recovery; figures: recovery, pool, facing
    surcharge = "surcharge"  # value: the face of the die paying an improvised weapon's surcharge
    skill = "skill"  # a skill action: figures rank, facing, total
    prana = "prana"  # amount: signed change; value: total Prana after
    rank_zero = "rank_zero"
    moved = "moved"  # fighter moved (or was dragged along by `other`)
    hidden = "hidden"  # fighter took cover
    revealed = "revealed"  # fighter attacked and is no longer hidden
    left_hold = "left_hold"  # fighter left a hold (other: the other fighter of it)
    stopped = "stopped"  # nobody kept up the violence at the end of the round: the fight is over


class RoundEvent(StepEvent[RoundEventKind]):
    """One thing that happened in the round, with its figures."""


class Placing(Model):
    fighter: FighterId
    initiative: int = Field(ge=0, le=1000, description="The Initiative the turn was taken at (after any lowering).")
    bid: list[DieKey] = Field(max_length=30, description="The final bid's dice (spent out of the Effort Pool).")
    bid_total: int = Field(ge=0, le=1000, description="The final bid's value: the sum of its faces (004 L31–L35).")
    took_turn: bool = Field(description="False when the combatant was Vanquished before their turn came.")


class RoundAnswer(StepAnswer):
    """The core envelope (status, findings, dice and decisions needed, rolls, over/winner/out) and the round."""

    info: list[Finding] = Field(max_length=400, description="Notes: what the missing core rulebook would decide.")
    combatants: list[Combatant] = Field(
        max_length=MAX_COMBATANTS,
        description="After the round when resolved; up to where the round halted while `decision_required`; as sent "
        "when `invalid`.",
    )
    holds: list[Hold] = Field(max_length=MAX_COMBATANTS * 2)
    death_token: bool
    initiative: list[Placing] = Field(
        max_length=MAX_COMBATANTS,
        description="The order of the turns, each at the Initiative it was (or will be) taken at after any lowering: "
        "the turns taken, then those still waiting in their order as it stands.",
    )
    log: list[RoundStep] = Field(max_length=2000)
    events: list[RoundEvent] = Field(max_length=2000)
