"""The round's working state: the fighters as they change, the order, keyed dice and decisions, log and events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.construct import built
from ...core.dice import KeyedDice
from ...core.findings import Finding
from ..pack import RpgPack
from ..positions import RpgPosition
from ..round_models import (
    RpgDecision,
    RpgDieRequest,
    RpgEvent,
    RpgEventKind,
    RpgLogStep,
    RpgPendingDecision,
    RpgPhase,
    RpgPolicy,
    RpgRoundRequest,
)
from ..sheet import DEFEAT_AT
from ..sheet_models import RpgFighter, RpgStatus
from ..tokens import TOKEN_TYPES, RpgTokenCounts, RpgTokenType


class Need(Exception):
    """The round cannot go on without these dice or decisions."""

    def __init__(
        self, dice: list[RpgDieRequest] | None = None, decisions: list[RpgPendingDecision] | None = None
    ) -> None:
        super().__init__("input needed")
        self.dice = dice or []
        self.decisions = decisions or []


class Refused(Exception):
    """A value in the request the round cannot take: the answer is ``invalid`` with these findings."""

    def __init__(self, findings: list[Finding], pending: RpgPendingDecision | None = None) -> None:
        super().__init__("refused")
        self.findings = findings
        self.pending = pending


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
            update={
                "damage": self.damage,
                "power_points": self.power_points,
                "injuries": {k: v for k, v in self.injuries.items() if v},
                "statuses": self.statuses,
                "position": self.position,
            }
        )


@dataclass
class RoundState:
    request: RpgRoundRequest
    pack: RpgPack
    dice: KeyedDice
    fighters: dict[str, Combatant]
    order: list[str] = field(default_factory=list)
    passes: int = 0
    # The answer's models, built from the round's own values (no validation pass: nothing in them came from outside).
    log: list[RpgLogStep] = field(default_factory=list)
    events: list[RpgEvent] = field(default_factory=list)
    asked: set[str] = field(default_factory=set)
    warnings: list[Finding] = field(default_factory=list)
    cache: dict[str, object] = field(default_factory=dict)  # what one round computes once (the action shapes)
    # In-process callers (the matchup simulator) may answer a decision no policy takes where it is met, with one of
    # its choices: what a step-mode caller would send back for the same pending decision.
    decider: Callable[[RpgPendingDecision], RpgDecision | None] | None = None

    @property
    def round(self) -> int:
        return self.request.round

    def key(self, fighter: str, *parts: str | int) -> str:
        return ".".join([f"R{self.round}", fighter, *map(str, parts)])

    def policy(self, fighter: str) -> RpgPolicy:
        return self.request.policies.get(fighter) or RpgPolicy()

    def decision(self, key: str) -> RpgDecision | None:
        self.asked.add(key)
        return self.request.decisions.get(key)

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
    ) -> None:
        values = {
            "step": len(self.log),
            "kind": kind,
            "fighter": fighter,
            "other": other,
            "amount": amount,
            "value": value,
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
