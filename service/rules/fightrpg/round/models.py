"""The resolve-a-round request and answer (the contract), in the core turn protocol every ruleset speaks
(``core.protocol``): the step fields in; `status`, `decisions_needed`, `dice_needed`, rolls, the end of the fight
(`over`, `winner`, `out`), `log` and `events` out.

Keys follow the one grammar `R{round}.{fighter}.{point}[@other][.n]`: `R1.dragon.pool`, `R1.dragon.pool.2`,
`R1.dragon.pool.3` (the three pool dice), `R1.dragon.rolloff` … `R1.dragon.rolloff.5` (the five dice of a roll-off,
`.6` … `.10` for a second one), `R1.dragon.allocation`, `R1.dragon.action` (the first turn), `R1.dragon.action.2`
(the second), `R1.tiger.response` (tiger's answer to the first action aimed at it; with more than one opponent the
later ones name the attacker, `R1.tiger.response@crane`), `R1.dragon.push` (what dragon's first push hit, map
combat), `R1.tiger.injury` (tiger's first injury choice).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from ...core.protocol.models import StepAnswer, StepEvent, StepRequest
from ..actions.models import RpgAction
from ..base import AsInt, EntryId, FighterId, Model, Text
from ..sheet.models import RpgFighter, RpgPackRequest, Strength
from ..sheet.positions import RpgDirection
from ..tokens.counts import RpgTokenCounts
from ..tokens.menu import RpgResponseKind

MAX_FIGHTERS = 8
MAX_PASSES = 32  # above any round's need: every turn that is not a pass spends a token, and a pool is at most 30
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


class RpgRoundRequest(RpgPackRequest, StepRequest[RpgDecision]):
    """One round: the fighters as it starts, the named policies and the core step fields (`decisions`, `if_asked`,
    `rolls`, `seed`, `lenient`, `ask_every_decision`)."""

    round: Annotated[int, Field(ge=1, le=99), AsInt] = 1
    map: bool = Field(False, description="Map combat: pushes, 5-foot moves and chain knockdowns (002 L33, L112).")
    fighters: list[RpgFighter] = Field(min_length=2, max_length=MAX_FIGHTERS)
    player_strength: Strength | None = Field(
        None, description="Strength of the strongest player-fighter; default: from the fighters of the round."
    )
    policies: dict[FighterId, RpgPolicy] = Field(default_factory=dict, max_length=MAX_FIGHTERS)
    max_passes: Annotated[int, Field(ge=1, le=MAX_PASSES), AsInt] = MAX_PASSES


class RpgPoint(StrEnum):
    """The decision points of a round: the `{point}` of a decision key."""

    allocation = "allocation"
    action = "action"
    response = "response"
    injury = "injury"
    push = "push"


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
    """What happened; the figures each kind carries are named beside it."""

    pool = "pool"  # amount: the pool's total; figures: die_1 … die_3, total
    allocated = "allocated"  # amount: tokens allocated; figures: the pool given to each token type, pool, unspent
    rolloff = "rolloff"  # a roll-off of identical pools: amount: the five dice's total; figures: attempt, die_1 …
    order = "order"  # value: place in the order (1 first); figures: pool
    allocation_revealed = "allocation_revealed"  # figures: the pool given to each token type
    action = "action"  # other: target; figures: the tokens spent by type and power_points spent
    passed = "passed"
    blocked = "blocked"  # fighter: blocker, amount: tokens cancelled; figures: block_tokens, cancelled
    grab_cancelled = "grab_cancelled"  # figures: grapple_tokens
    evaded = "evaded"  # figures: move_tokens
    countered = "countered"  # figures: damage (dealt back)
    damage = "damage"  # amount: taken, value: damage after
    order_lowered = "order_lowered"  # amount: -1, value: place after
    pushed = "pushed"  # amount: feet; figures: x, y (placed fighters)
    moved = "moved"  # amount: feet (a 5-foot step); figures: x, y (placed fighters)
    chain_knockdown = "chain_knockdown"  # fighter: who or what is struck (a fighter or an object), amount: 1
    block_removed = "block_removed"  # amount: Block tokens taken
    power_points = "power_points"  # amount: change, value: after
    injury = "injury"  # amount: -1 damage, value: damage after; figures: injuries (on that attribute, after)
    defeated = "defeated"  # value: damage
    status_effect = "status_effect"  # figures: duration (before the phase)
    status_ended = "status_ended"


class RpgEvent(StepEvent[RpgEventKind]):
    """Something that happened in the round, with every figure the log prints for it."""


class RpgPoolState(Model):
    fighter: FighterId
    dice: list[int]
    total: int
    allocation: RpgTokenCounts | None
    tokens_left: RpgTokenCounts


class RpgRoundResult(StepAnswer):
    """The core answer envelope (status, findings, `decisions_needed`, `dice_needed`, rolls, `over`, `winner` (the
    side still standing), `out` (the fighters defeated, in the order they went out, 002 L9)) and the round."""

    round: int
    order: list[FighterId] = Field(description="The order of the Action Phase as it stands (knockdowns applied).")
    passes: int
    fighters: list[RpgFighter] = Field(description="Every fighter after the round (so far, when not resolved).")
    pools: list[RpgPoolState]
    log: list[RpgLogStep] = Field(max_length=20_000)
    events: list[RpgEvent] = Field(max_length=20_000)
