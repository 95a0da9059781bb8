"""The round's working state: the fighters as they change, the order, the keyed dice and decisions of the core
protocol (one ``KeyBook`` names every key in the order the round meets it), log and events."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.construct import built
from ...core.dice import KeyedDice
from ...core.findings import Finding
from ...core.protocol.keys import KeyBook
from ...core.protocol.models import DecisionNeeded
from ...core.protocol.steps import DecisionRefused, Decisions
from ..pack import RpgPack
from ..sheet.models import RpgFighter, RpgStatus
from ..sheet.positions import RpgPosition
from ..sheet.validation import DEFEAT_AT
from ..tokens.counts import TOKEN_TYPES, RpgTokenCounts, RpgTokenType
from .models import (
    RpgDecision,
    RpgEvent,
    RpgEventKind,
    RpgLogStep,
    RpgPhase,
    RpgPoint,
    RpgPolicy,
    RpgRoundRequest,
)


class Refused(Exception):
    """A decision's value the rules do not allow: the core's refusal, and the decision point with its choices."""

    def __init__(self, refused: DecisionRefused, needed: DecisionNeeded) -> None:
        super().__init__(str(refused))
        self.refused, self.needed = refused, needed


@dataclass(frozen=True)
class Pending:
    """A decision no policy takes, as an in-process decider (the simulator) sees it: its choices typed."""

    key: str
    fighter: str
    point: RpgPoint
    choices: list[RpgDecision]
    default: RpgDecision | None


@dataclass
class Combatant:
    sheet: RpgFighter
    side: str
    damage: int
    power_points: int
    injuries: dict[str, int]
    statuses: list[RpgStatus]
    injury_eligible: bool
    dice: list[int] = field(default_factory=list)
    allocation: RpgTokenCounts | None = None
    tokens: dict[RpgTokenType, int] = field(default_factory=lambda: dict.fromkeys(TOKEN_TYPES, 0))
    revealed: bool = False
    passed: bool = False
    defeated: bool = False
    injury_asks: int = 0
    id: str = ""
    position: RpgPosition | None = None  # map combat: kept as the fighter moves and is pushed

    def __post_init__(self) -> None:
        self.id = self.sheet.id
        self.position = self.sheet.position

    @property
    def standing(self) -> bool:
        return not self.defeated

    def fighter(self) -> RpgFighter:
        return self.sheet.model_copy(
            update=dict(  # RpgFighter's fields, by name
                damage=self.damage,
                power_points=self.power_points,
                injuries={k: v for k, v in self.injuries.items() if v},
                statuses=self.statuses,
                position=self.position,
            )
        )


@dataclass
class RoundState:
    request: RpgRoundRequest
    pack: RpgPack
    dice: KeyedDice
    decisions: Decisions
    fighters: dict[str, Combatant]
    book: KeyBook
    order: list[str] = field(default_factory=list)
    passes: int = 0
    # The answer's models, built from the round's own values (no validation pass: nothing in them came from outside).
    log: list[RpgLogStep] = field(default_factory=list)
    events: list[RpgEvent] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    out: list[str] = field(default_factory=list)  # defeated fighters, in the order they went out
    ran_out: bool = False  # the Action Phase ended as the text ends it: everyone passed or out of tokens (002 L96)
    cache: dict[str, object] = field(default_factory=dict)  # what one round computes once (the action shapes)
    # The look-ahead: fighters whose Flexible Pool it has rolled with stand-in dice (their splits are not asked ahead).
    pool_stood_in: set[str] = field(default_factory=set)

    @property
    def round(self) -> int:
        return self.request.round

    def policy(self, fighter: str) -> RpgPolicy:
        return self.request.policies.get(fighter) or RpgPolicy()

    def say(self, phase: RpgPhase, actor: str | None, text: str, ref: str | None = None) -> int:
        step = len(self.log) + 1
        self.log.append(built(RpgLogStep, {"step": step, "phase": phase, "actor": actor, "text": text, "ref": ref}))
        return step

    def event(
        self,
        kind: RpgEventKind,
        fighter: str | None = None,
        other: str | None = None,
        amount: int | None = None,
        value: int | None = None,
        figures: dict[str, int] | None = None,
    ) -> None:
        values = {
            "step": len(self.log),
            "kind": kind,
            "fighter": fighter,
            "other": other,
            "amount": amount,
            "value": value,
            "figures": figures or {},
        }
        self.events.append(built(RpgEvent, values))

    def changed(self) -> None:
        """The order or who stands has changed: forget what was derived from them."""
        self.cache.pop("standing", None)
        self.cache.pop("sides", None)

    def standing(self) -> list[Combatant]:
        """Fighters still in the fight, in the order (or the request's order before there is one)."""
        cached = self.cache.get("standing")
        if cached is None:
            ids = self.order or list(self.fighters)
            cached = self.cache["standing"] = [self.fighters[i] for i in ids if self.fighters[i].standing]
        return cached  # type: ignore[return-value]

    def sides_standing(self) -> int:
        cached = self.cache.get("sides")
        if cached is None:
            cached = self.cache["sides"] = len({c.side for c in self.fighters.values() if c.standing})
        return cached  # type: ignore[return-value]

    def foes(self, c: Combatant) -> list[Combatant]:
        return [o for o in self.standing() if o.side != c.side]

    def others(self, c: Combatant) -> list[Combatant]:
        return [o for o in self.standing() if o.id != c.id]


def defeated_at(damage: int) -> bool:
    return damage >= DEFEAT_AT


def token_figures(tokens: dict[RpgTokenType, int] | RpgTokenCounts) -> dict[str, int]:
    """Token counts by type name, the non-zero ones."""
    counts = tokens.as_dict() if isinstance(tokens, RpgTokenCounts) else tokens
    return {t.value: n for t, n in counts.items() if n}
