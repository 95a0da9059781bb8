"""What a turn works with: keyed dice, decisions (asked or defaulted), the ranges and holds, and the log with its
typed events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.dice import KeyedDice
from ..core.findings import Unsupported
from .combatants import Fighter
from .pack import ImpactPack
from .tables import Rules
from .turn_models import (
    MAX_TURN,
    ImpactChoice,
    ImpactDecisionNeeded,
    ImpactEvent,
    ImpactEventKind,
    ImpactFight,
    ImpactHoldState,
    ImpactPairRange,
)
from .vocabulary import RANGE_ORDER, ImpactArea, ImpactRange


class DecisionNeeded(Exception):
    def __init__(self, needed: ImpactDecisionNeeded) -> None:
        super().__init__(needed.key)
        self.needed = needed


class BadDecision(Exception):
    def __init__(self, key: str, value: str, choices: list[str]) -> None:
        super().__init__(f"{value!r} is not one of {choices}")
        self.key, self.value, self.choices = key, value, choices


@dataclass
class Hold:
    maneuver: str
    holder: str
    victim: str
    area: ImpactArea
    turns: int
    renewed: bool = False  # performed again this turn


@dataclass
class Turn:
    fight: ImpactFight
    pack: ImpactPack
    rules: Rules
    fighters: dict[str, Fighter]
    dice: KeyedDice
    decisions: dict[str, str]
    ask: bool
    ranges: dict[frozenset[str], ImpactRange] = field(default_factory=dict)
    holds: list[Hold] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    events: list[ImpactEvent] = field(default_factory=list)
    unsupported: list[Unsupported] = field(default_factory=list)
    used_decisions: set[str] = field(default_factory=set)
    # In-process callers (the matchup simulator) may answer each decision where it is met, with one of its choices:
    # what a step-mode caller would send back for the same ``ImpactDecisionNeeded``.
    decider: Callable[[ImpactDecisionNeeded], str | None] | None = None

    @property
    def n(self) -> int:
        return self.fight.turn

    def phase(self, level: int) -> bool:
        return self.fight.phase >= level

    def key(self, fighter: str, point: str, other: str | None = None) -> str:
        many = len(self.fighters) > 2
        return f"T{self.n}.{fighter}.{point}" + (f"@{other}" if many and other else "")

    def d6(self, key: str, purpose: str) -> int:
        return self.dice.roll(key, 6, purpose)

    def two_d6(self, key: str, purpose: str) -> int:
        return self.d6(f"{key}.1", purpose) + self.d6(f"{key}.2", purpose)

    def dice_total(self, key: str, count: int, purpose: str) -> int:
        return sum(self.d6(f"{key}.{i}", purpose) for i in range(1, count + 1)) if count > 1 else self.d6(key, purpose)

    def decide(self, key: str, kind: str, fighter: str, choices: list[tuple[str, str]], default: str) -> str:
        values = [v for v, _ in choices]
        given = self.decisions.get(key)
        if given is not None:
            if given not in values:
                raise BadDecision(key, given, values)
            self.used_decisions.add(key)
            return given
        if self.ask or self.decider is not None:
            needed = ImpactDecisionNeeded(
                key=key,
                kind=kind,
                fighter=fighter,
                choices=[ImpactChoice(value=v, label=label) for v, label in choices],
                default=default,
            )
            answer = self.decider(needed) if self.decider is not None else None
            if answer in values:
                return str(answer)
            if self.ask:
                raise DecisionNeeded(needed)
        return default

    def say(self, text: str, kind: ImpactEventKind | None = None, fighter: str = "", **detail: object) -> None:
        self.log.append(text)
        if kind is not None:
            self.events.append(ImpactEvent(kind=kind, fighter=fighter, detail=text, **detail))  # type: ignore[arg-type]

    def range_of(self, a: str, b: str) -> ImpactRange:
        return self.ranges.get(frozenset((a, b)), ImpactRange(self.rules.combat[0].default_range))

    def shift_range(self, a: str, b: str, outward: bool) -> ImpactRange:
        """One step out (toward out of range) or in (toward grappling) (001 L214)."""
        i = RANGE_ORDER.index(self.range_of(a, b)) + (-1 if outward else 1)
        new = RANGE_ORDER[max(0, min(len(RANGE_ORDER) - 1, i))]
        self.ranges[frozenset((a, b))] = new
        return new

    def holds_on(self, victim: str) -> list[Hold]:
        return [h for h in self.holds if h.victim == victim]

    def hold_by(self, holder: str, victim: str, maneuver: str) -> Hold | None:
        return next((h for h in self.holds if (h.holder, h.victim, h.maneuver) == (holder, victim, maneuver)), None)

    def pair_ranges(self) -> list[ImpactPairRange]:
        ids = list(self.fighters)
        out = []
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                r = self.ranges.get(frozenset((a, b)))
                if r is not None:
                    out.append(ImpactPairRange(a=a, b=b, range=r))
        return out

    def hold_states(self) -> list[ImpactHoldState]:
        return [
            ImpactHoldState(
                maneuver=h.maneuver, holder=h.holder, victim=h.victim, area=h.area, turns=min(h.turns, MAX_TURN)
            )
            for h in self.holds
        ]
