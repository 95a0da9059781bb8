"""What a turn works with: keyed dice, decisions (asked or defaulted), the ranges and holds, and the log with its
typed events."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pydantic import JsonValue

from ...core.construct import built
from ...core.dice import KeyedDice
from ...core.findings import Unsupported
from ...core.protocol.keys import KeyBook
from ...core.protocol.steps import DecisionRefused, Decisions, Refusal
from ..codes import refusal
from ..pack import ImpactPack
from ..tables.rules import Rules
from ..tables.vocabulary import RANGE_ORDER, ImpactArea, ImpactRange
from .combatants import Fighter, unvalidated
from .models import (
    MAX_TURN,
    ImpactAction,
    ImpactEvent,
    ImpactEventKind,
    ImpactFight,
    ImpactHoldState,
    ImpactPairRange,
)

# In-process callers (the matchup simulator) may answer each decision where it is met with one of its choices' values:
# what a client would send back for the same ``DecisionNeeded``; ``None`` leaves it to the request.
Check = Callable[[JsonValue], Refusal | None]


def defence_check(turn: Turn, f: Fighter, values: list[str], held: bool = False) -> Check:
    """Refuses a value that is not one of ``values`` by the rule it breaks: a defensive tactic the fighter has no
    level in (001 L156), a bridge by a held fighter (001 L288), anything else not offered."""

    def check(value: JsonValue) -> Refusal | None:
        if value in values:
            return None
        if any(value == t.id for t in turn.rules.defense_tactics):
            return refusal("DEFENSE_TACTIC_UNKNOWN", f"{f.id} has no level in the defensive tactic {value}.")
        if value in (ImpactAction.bridge, "bridge_out") and held:
            return refusal("HELD_CANNOT_BRIDGE", f"{f.id} is held in a sustained hold and may not bridge.")
        return Refusal("DECISION_INVALID", f"{value!r} is not one of the choices: {', '.join(values)}.")

    return check


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
    decisions: Decisions
    ranges: dict[frozenset[str], ImpactRange] = field(default_factory=dict)
    holds: list[Hold] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    events: list[ImpactEvent] = field(default_factory=list)
    unsupported: list[Unsupported] = field(default_factory=list)
    # in process (the simulator's decider hook): events and records hold the turn's own values, built unvalidated
    trusted: bool = False
    book: KeyBook = field(init=False)

    def __post_init__(self) -> None:
        self.book = KeyBook("T", self.fight.turn, one_opponent=len(self.fight.fighters) <= 2)

    @property
    def n(self) -> int:
        return self.fight.turn

    def phase(self, level: int) -> bool:
        return self.fight.phase >= level

    def key(self, fighter: str, point: str, other: str | None = None) -> str:
        """The key of a decision or single die (``T{turn}.{fighter}.{point}``, the core grammar)."""
        return self.book.key(fighter, point, other=other)

    def d6(self, key: str, purpose: str) -> int:
        return self.dice.roll(key, 6, purpose)

    def roll(self, fighter: str, point: str, purpose: str, count: int = 1, other: str | None = None) -> int:
        """``count`` d6 summed: the first die's key as ``key`` gives it, the others its ``.2``, ``.3`` … (a 2d6 Skill
        Test is ``T1.a.hit`` and ``T1.a.hit.2``; named by the other fighter when the first one is)."""
        first = self.book.key(fighter, point, other=other)
        total = self.d6(first, purpose)
        for _ in range(count - 1):
            total += self.d6(self.book.key(fighter, point, other=other if "@" in first else None), purpose)
        return total

    def decide(
        self,
        key: str,
        point: str,
        step: str,
        fighter: str,
        choices: Iterable[tuple[str, str]],
        default: str | None,
        text: str,
        check: Check | None = None,
    ) -> str:
        """The request's answer at ``key`` (refused by ``check`` or when not one of the choices), else the in-process
        decider's (the core hook, ``Decisions.decider``), else the default, else the step halts (``DecisionPending``)
        or looks ahead."""
        needed = self.decisions.needed(key, fighter, point, step, text, choices, default)
        return str(self.decisions.decide(needed, check))

    def refuse_given(self, key: str, refusal: Refusal, allowed: tuple[str, ...] = ("keep",)) -> None:
        """A decision the rules do not offer here: a value in ``decisions`` other than ``allowed`` is refused by the
        rule (never dropped in silence); an ``if_asked`` one is ignored, as the protocol says."""
        if key in self.decisions.given:
            self.decisions.used.add(key)
            if self.decisions.given[key] not in allowed:
                raise DecisionRefused(key, refusal)

    def say(
        self,
        text: str,
        kind: ImpactEventKind | None = None,
        fighter: str | None = None,
        *,
        other: str | None = None,
        area: ImpactArea | None = None,
        amount: int | None = None,
        value: int | None = None,
        figures: dict[str, int] | None = None,
    ) -> None:
        """A log line and, with ``kind``, its typed event carrying every figure the line prints."""
        self.log.append(text)
        if kind is not None and self.trusted:
            values = {"step": len(self.log), "kind": kind, "fighter": fighter or None, "other": other}
            values |= {"amount": amount, "value": value, "figures": dict(figures) if figures else {}, "area": area}
            self.events.append(built(ImpactEvent, values))
        elif kind is not None:
            self.events.append(
                ImpactEvent(
                    step=len(self.log),
                    kind=kind,
                    fighter=fighter or None,
                    other=other,
                    area=area,
                    amount=amount,
                    value=value,
                    figures=figures or {},
                )
            )

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
                if r is not None and self.trusted:
                    out.append(unvalidated(ImpactPairRange, {"a": a, "b": b, "range": r}))
                elif r is not None:
                    out.append(ImpactPairRange(a=a, b=b, range=r))
        return out

    def hold_states(self) -> list[ImpactHoldState]:
        return [
            ImpactHoldState(
                maneuver=h.maneuver, holder=h.holder, victim=h.victim, area=h.area, turns=min(h.turns, MAX_TURN)
            )
            for h in self.holds
        ]
