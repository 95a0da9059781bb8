"""The resolve-a-round request and answer (the contract), in the step-mode vocabulary every ruleset shares:
`seed`, `rolls` and `decisions` by key in; `status`, `dice_needed`, `decisions_needed`, `log` and `events` out.

Keys: `R{round}.{fighter}.{point}[.{n}…]`: `R1.dragon.pool.2` (the second pool die), `R1.dragon.rolloff.1.3`,
`R1.dragon.allocation`, `R1.dragon.action.2` (the action of the second pass), `R1.tiger.response.2.dragon`
(the answer to dragon's action of the second pass), `R1.dragon.push.2` (what dragon's push of that pass hit, map
combat), `R1.tiger.injury.1` (tiger's first injury choice of the round).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from ..core.dice import RollSource
from ..core.findings import Finding, Unsupported
from .action_models import RpgAction
from .base import AsInt, EntryId, FighterId, Model, Text
from .menu import RpgResponseKind
from .positions import RpgDirection
from .sheet_models import RpgFighter, RpgPackRequest, Strength
from .tokens import RpgTokenCounts

MAX_FIGHTERS = 8
MAX_PASSES = 32  # above any round's need: every turn that is not a pass spends a token, and a pool is at most 30
MAX_CHOICES = 600
Key = Annotated[
    str, Field(pattern=r"^R\d{1,2}\.[a-z0-9][a-z0-9_-]{0,23}\.[a-z]+(\.[a-z0-9_-]{1,24}){0,3}$", max_length=100)
]
ChainEntry = Annotated[str, Field(min_length=1, max_length=40)]


class RpgAllocationPolicy(StrEnum):
    ask = "ask"  # step mode: the allocation is a decision, taken after seeing the dice
    balanced = "balanced"  # one token at a time round the types, damage first
    offense = "offense"  # damage, knockdown, grapple and move first
    defense = "defense"  # block and move first


class RpgActionPolicy(StrEnum):
    ask = "ask"
    aggressive = "aggressive"  # the biggest attack or grab it can pay for, at the most hurt foe


class RpgResponsePolicy(StrEnum):
    ask = "ask"
    guard = "guard"  # block, else cancel a grab, else evade, else counter
    none = "none"  # never respond


class RpgInjuryPolicy(StrEnum):
    ask = "ask"
    take = "take"  # an injury on the attribute with most room, while any has room
    decline = "decline"  # defeated at 10


class RpgPolicy(Model):
    """Named policies that answer a fighter's decisions; `ask` leaves them to step mode."""

    allocation: RpgAllocationPolicy = RpgAllocationPolicy.ask
    actions: RpgActionPolicy = RpgActionPolicy.ask
    responses: RpgResponsePolicy = RpgResponsePolicy.ask
    injuries: RpgInjuryPolicy = RpgInjuryPolicy.ask


class RpgDecision(Model):
    """One decision; which field matters depends on the key's point (`allocation`, `action`, `response`,
    `injury`, `push`)."""

    allocation: RpgTokenCounts | None = None
    action: RpgAction | None = None
    response: RpgResponseKind | None = None
    injury: EntryId | None = Field(None, description="An attribute to injure, or `decline`.")
    chain: list[ChainEntry] | None = Field(
        None, max_length=8, description="Map combat: what the pushed fighter hit, in order (fighter ids or objects)."
    )
    direction: RpgDirection | None = Field(
        None, description="Map combat, `push`: where the target is pushed; none: straight away from the pusher."
    )
    feet: Annotated[int, Field(ge=0, le=60, multiple_of=5), AsInt] | None = Field(
        None,
        description="Map combat, `push`: how far the target went before what it hit stopped it; none: all the way.",
    )

    @model_serializer(mode="wrap")
    def _compact(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return {k: v for k, v in handler(self).items() if v is not None}


class RpgRoundRequest(RpgPackRequest):
    round: Annotated[int, Field(ge=1, le=99), AsInt] = 1
    map: bool = Field(False, description="Map combat: pushes, 5-foot moves and chain knockdowns (002 L33, L112).")
    fighters: list[RpgFighter] = Field(min_length=2, max_length=MAX_FIGHTERS)
    player_strength: Strength | None = Field(
        None, description="Strength of the strongest player-fighter; default: from the fighters of the round."
    )
    policies: dict[FighterId, RpgPolicy] = Field(default_factory=dict, max_length=MAX_FIGHTERS)
    max_passes: Annotated[int, Field(ge=1, le=MAX_PASSES), AsInt] = MAX_PASSES
    decisions: dict[Key, RpgDecision] = Field(default_factory=dict, max_length=400)
    rolls: dict[Key, Annotated[int, Field(ge=-100, le=1000), AsInt]] = Field(default_factory=dict, max_length=400)
    seed: Annotated[int, Field(ge=-(2**63), le=2**63 - 1), AsInt] | None = None


class RpgRoundStatus(StrEnum):
    complete = "complete"
    decision_required = "decision_required"
    invalid = "invalid"


class RpgDecisionKind(StrEnum):
    allocation = "allocation"
    action = "action"
    response = "response"
    injury = "injury"
    push = "push"


class RpgChoice(Model):
    value: RpgDecision
    label: Text


class RpgPendingDecision(Model):
    key: Key
    kind: RpgDecisionKind
    fighter: FighterId
    text: Text
    choices: list[RpgChoice] = Field(min_length=1, max_length=MAX_CHOICES)
    default: RpgDecision | None = None


class RpgDieRequest(Model):
    key: Key
    fighter: FighterId
    die: str
    purpose: Text


class RpgRollRecord(Model):
    key: Key
    die: str
    result: int
    purpose: Text
    source: RollSource


class RpgPhase(StrEnum):
    pool = "pool"
    order = "order"
    action = "action"
    status = "status"
    end = "end"


class RpgLogStep(Model):
    step: int
    phase: RpgPhase
    actor: FighterId | None
    text: Text
    ref: str | None = Field(None, description="Lines of the text the step applies, e.g. `002 L72`.")


class RpgEventKind(StrEnum):
    pool = "pool"  # amount: the pool's total
    order = "order"  # value: place in the order (1 first)
    allocation_revealed = "allocation_revealed"
    action = "action"  # other: target
    passed = "passed"
    blocked = "blocked"  # fighter: blocker, amount: tokens cancelled
    grab_cancelled = "grab_cancelled"
    evaded = "evaded"
    countered = "countered"
    damage = "damage"  # amount: taken, value: damage after
    order_lowered = "order_lowered"  # value: place after
    pushed = "pushed"  # amount: feet
    moved = "moved"  # amount: feet (a 5-foot step)
    chain_knockdown = "chain_knockdown"
    block_removed = "block_removed"
    power_points = "power_points"  # amount: change, value: after
    injury = "injury"  # value: damage after
    defeated = "defeated"
    status_effect = "status_effect"
    status_ended = "status_ended"


class RpgEvent(Model):
    step: int
    kind: RpgEventKind
    fighter: FighterId | None = None
    other: FighterId | None = None
    amount: int | None = None
    value: int | None = None


class RpgPoolState(Model):
    fighter: FighterId
    dice: list[int]
    total: int
    allocation: RpgTokenCounts | None
    tokens_left: RpgTokenCounts


class RpgRoundResult(Model):
    ruleset: str
    ruleset_version: str
    status: RpgRoundStatus
    violations: list[Finding] = Field(max_length=1000)
    warnings: list[Finding] = Field(max_length=1000)
    unsupported: list[Unsupported] = Field(max_length=50)
    round: int
    order: list[FighterId] = Field(description="The order of the Action Phase as it stands (knockdowns applied).")
    passes: int
    fighters: list[RpgFighter] = Field(description="Every fighter after the round (so far, when not complete).")
    pools: list[RpgPoolState]
    rolls: list[RpgRollRecord]
    dice_needed: list[RpgDieRequest]
    decisions_needed: list[RpgPendingDecision]
    log: list[RpgLogStep] = Field(max_length=20_000)
    events: list[RpgEvent] = Field(max_length=20_000)
    defeated: list[FighterId] = Field(
        [], description="Every fighter at 10 damage or more and out of the fight, in the request's order (002 L9)."
    )
    fight_over: bool = Field(False, description="Fewer than two sides have a fighter standing (002 L9).")
    winning_side: str | None = Field(None, description="When the fight is over: the side still standing, if any.")
