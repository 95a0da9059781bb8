"""The working state of one resolution in step mode: keyed dice (supplied, seeded or asked for), decisions (given,
defaulted by a named policy, or asked for), and the ordered log with its typed events."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.dice import MAX_DICE, DiePending, KeyedDice, TooManyDice
from ..core.findings import Finding, Severity, Unsupported, map_key
from .codes import finding
from .resolve_models import (
    RoyaleChoice,
    RoyaleDecisionNeeded,
    RoyaleDieNeeded,
    RoyaleEvent,
    RoyaleRollRecord,
    RoyaleRollResult,
    RoyaleStatus,
    StepRequest,
)


class Pending(Exception):
    """Dice or decisions are missing: the resolution stops here and asks for them."""


@dataclass
class Steps:
    request: StepRequest
    dice: KeyedDice = field(init=False)
    missing_dice: list[RoyaleDieNeeded] = field(default_factory=list)
    missing_decisions: list[RoyaleDecisionNeeded] = field(default_factory=list)
    used_decisions: set[str] = field(default_factory=set)
    log: list[str] = field(default_factory=list)
    events: list[RoyaleEvent] = field(default_factory=list)
    results: list[RoyaleRollResult] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    unsupported: list[Unsupported] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.dice = KeyedDice(seed=self.request.seed, supplied=self.request.rolls, limit=MAX_DICE)

    def d6(self, key: str, purpose: str) -> int:
        """The die's face, or 0 while it is missing (``checkpoint`` then stops and asks for every missing die)."""
        try:
            return self.dice.roll(key, 6, purpose)
        except TooManyDice:
            self.findings.append(finding("DICE_LIMIT", "", f"More than {self.dice.limit} dice in one request."))
            raise Pending from None
        except DiePending:
            self.missing_dice.append(RoyaleDieNeeded(key=key, die="1d6", purpose=purpose))
            return 0

    def checkpoint(self) -> None:
        if self.missing_dice or self.missing_decisions:
            raise Pending

    def decide(
        self, key: str, kind: str, fighter: str, choices: list[RoyaleChoice], default: str | None, ask: bool = True
    ) -> str:
        """The decision's value: the request's (when it is one of the choices), else the default when the request
        chose a named policy (``ask`` false), else it is asked for, listing its choices and default."""
        given = self.request.decisions.get(key)
        values = [c.value for c in choices]
        if given is not None:
            self.used_decisions.add(key)
            if given in values:
                return given
            self.findings.append(
                finding("DECISION_INVALID", f"decisions{map_key(key)}", f"{given!r} is not among {values}.", key)
            )
        if default is not None and given is None and not ask:
            return default
        self.missing_decisions.append(
            RoyaleDecisionNeeded(key=key, kind=kind, fighter=fighter, choices=choices, default=default)
        )
        raise Pending

    def ask(
        self, key: str, kind: str, fighter: str, choices: list[RoyaleChoice], default: str | None = None
    ) -> str | None:
        """Like ``decide``, but a missing answer is only noted (so several can be asked at once): None then."""
        try:
            return self.decide(key, kind, fighter, choices, default)
        except Pending:
            return None

    def say(self, text: str, kind: str | None = None, **event: object) -> None:
        self.log.append(text)
        if kind is not None:
            values = {"fighter": None, "other": None, "amount": None, "detail": None} | event
            self.events.append(RoyaleEvent.model_construct(step=len(self.log) - 1, kind=kind, **values))  # type: ignore[arg-type]

    def fields(self) -> dict[str, object]:
        """The step-mode fields of the answer."""
        pending = bool(self.missing_dice or self.missing_decisions)
        if not pending:  # while steps are missing, a die or decision given ahead is not yet unused
            for key in self.dice.unused():
                self.findings.append(finding("DICE_UNUSED", f"rolls{map_key(key)}", "No roll asked for it.", key))
            for key in sorted(set(self.request.decisions) - self.used_decisions):
                self.findings.append(finding("DECISION_UNUSED", f"decisions{map_key(key)}", "Never asked.", key))
        violations = [f for f in self.findings if f.severity == Severity.error]
        status = (
            RoyaleStatus.invalid
            if violations
            else (RoyaleStatus.decision_required if pending else RoyaleStatus.complete)
        )
        return {
            "status": status,
            "dice_needed": self.missing_dice,
            "decisions_needed": self.missing_decisions,
            "rolls": [
                RoyaleRollRecord(key=r.key, die=f"1d{r.sides}", face=r.face, source=r.source.value, purpose=r.purpose)
                for r in self.dice.rolls
            ],
            "results": self.results,
            "log": self.log,
            "events": self.events,
            "violations": violations,
            "warnings": [f for f in self.findings if f.severity == Severity.warning],
            "unsupported": self.unsupported,
        }
