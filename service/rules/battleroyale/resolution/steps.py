"""One resolution in the core turn protocol (core.protocol): keyed dice, decisions read through ``Decisions``, keys
from one ``KeyBook``, and the ordered log with its typed events. ``run_step`` resolves a request: the first pass
halts at the first missing die or decision, the look-ahead then names every one to the end of the step, and once
resolved every key the step never read is a finding."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import JsonValue

from ...core.construct import built
from ...core.dice import DieOutOfRange, DiePending, KeyedDice, TooManyDice
from ...core.findings import Finding, Severity, Unsupported, map_key
from ...core.protocol.keys import KeyBook, KeyParts
from ...core.protocol.models import DecisionNeeded, DieNeeded, RollRecord, StepStatus
from ...core.protocol.steps import (
    Check,
    Decider,
    DecisionPending,
    DecisionRefused,
    Decisions,
    Refusal,
    look_ahead,
    unused_keys,
)
from ...core.references import ref_of
from ..codes import CODES, finding
from .models import RoyaleEvent, RoyaleEventKind, RoyaleRollResult, RoyaleStepRequest

SIDES = 6  # every die of the text is a d6


class Halt(Exception):
    """A finding stops the resolution where it is met (the dice limit)."""


def refusal(code: str, message: str) -> Refusal:
    """A refused decision value, naming the rule's code and its place in the text (the codes table)."""
    return Refusal(code, message, ref_of(CODES[code].ref))


@dataclass
class Steps:
    request: RoyaleStepRequest
    dice: KeyedDice
    decisions: Decisions
    book: KeyBook
    log: list[str] = field(default_factory=list)
    events: list[RoyaleEvent] = field(default_factory=list)
    results: list[RoyaleRollResult] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    unsupported: list[Unsupported] = field(default_factory=list)
    went_out: list[str] = field(default_factory=list)  # who went out of the fight, in order
    work: Any = None  # the resolver's own working objects (its fighters, what the step comes to)

    def key(
        self, fighter: str, point: str, *, other: str | None = None, window: str | None = None, move: int = 1
    ) -> str:
        return self.book.key(fighter, point, other=other, window=window, move=move)

    def d6(self, key: str, purpose: str) -> int:
        try:
            return self.dice.roll(key, SIDES, purpose)
        except TooManyDice:
            self.findings.append(finding("DICE_LIMIT", "", f"More than {self.dice.limit} dice in one request."))
            raise Halt from None

    def decide(
        self,
        key: str,
        fighter: str,
        point: str,
        step: str,
        text: str,
        choices: list[tuple[str, str]],
        default: str | None = None,
        check: Check | None = None,
    ) -> str:
        """The decision's value: the request's (refused by ``check`` naming the rule, else unless it is one of the
        choices), else its default, else the step halts to ask for it."""
        needed = self.decisions.needed(key, fighter, point, step, text, choices, default)
        return str(self.decisions.decide(needed, check=check))

    def say(self, text: str, kind: str | None = None, **event: Any) -> None:
        self.log.append(text)
        if kind is not None:
            self.events.append(RoyaleEvent(step=len(self.log) - 1, kind=RoyaleEventKind(kind), **event))

    def gone(self, fighter: str) -> None:
        if fighter not in self.went_out:
            self.went_out.append(fighter)


def faces_text(faces: list[int]) -> str:
    return ", ".join(str(f) for f in faces) or "none"


def face_figures(faces: list[int]) -> dict[str, int]:
    return {f"face_{i}": f for i, f in enumerate(faces, start=1)}


@dataclass
class Resolved:
    """What ``run_step`` hands back: the first pass's working state and the envelope's step fields."""

    steps: Steps
    status: StepStatus
    fields: dict[str, object]

    @property
    def done(self) -> bool:
        return self.status in (StepStatus.resolved, StepStatus.over)

    def answer(self, ends: dict[str, object]) -> dict[str, object]:
        """The envelope's fields with the end of the fight: ``over`` once resolved with the fight over."""
        over = self.status == StepStatus.resolved and bool(ends["over"])
        return self.fields | ends | ({"status": StepStatus.over} if over else {})


def _faces_in_range(request: RoyaleStepRequest) -> list[Finding]:
    return [
        Finding(
            code="ROLL_INVALID",
            severity=Severity.error,
            path=f"rolls{map_key(key)}",
            key=key,
            message=f"{face} is not a face of a d{SIDES}.",
        )
        for key, face in request.rolls.items()
        if not 1 <= face <= SIDES
    ]


def run_step(
    request: RoyaleStepRequest,
    start: Callable[[KeyedDice, Decisions], Steps],
    body: Callable[[Steps], None],
    fits: Callable[[KeyParts], bool],
    checks: list[Finding] | None = None,
    decider: Decider | None = None,
) -> Resolved:
    """Resolve ``request``: ``start`` makes a fresh working state from dice and decisions, ``body`` applies the
    rules to it; ``fits`` says whether a key names a die or decision point of this request; ``checks``: findings of
    the request as a whole, which stop it before any rule is applied; ``decider`` (in-process callers only) answers
    each decision the request leaves open where it is met, as if the request had sent that answer."""
    decisions = Decisions.of(request, decider=decider)
    steps = start(KeyedDice(seed=request.seed, supplied=request.rolls), decisions)
    steps.findings += (checks or []) + _faces_in_range(request)
    halted = False
    if not steps.findings:
        try:
            body(steps)
        except (DiePending, DecisionPending):
            halted = True
        except DecisionRefused as refused:
            steps.findings.append(refused.finding())
        except (Halt, DieOutOfRange):  # pragma: no cover - faces are checked above
            pass
    violations = [f for f in steps.findings if f.severity == Severity.error]
    warnings = [f for f in steps.findings if f.severity != Severity.error] + steps.decisions.warnings
    dice_needed: list[DieNeeded] = []
    decisions_needed: list[DecisionNeeded] = []
    if violations:
        status = StepStatus.invalid
    elif halted:
        status = StepStatus.decision_required
        ahead = look_ahead(request, lambda d, dec: body(start(d, dec)), stops=(Halt, DieOutOfRange))
        dice_needed, decisions_needed = ahead.dice, ahead.decisions
    else:
        bad, unused = unused_keys(request, steps.decisions.used, steps.dice.used, fits)
        violations, warnings = bad, warnings + unused
        status = StepStatus.invalid if bad else StepStatus.resolved
    fields: dict[str, object] = {
        "status": status,
        "violations": violations,
        "warnings": warnings,
        "unsupported": steps.unsupported,
        "dice_needed": dice_needed,
        "decisions_needed": decisions_needed,
        "rolls": [
            built(
                RollRecord,
                {"key": r.key, "die": f"1d{r.sides}", "result": r.face, "purpose": r.purpose, "source": r.source},
            )
            for r in steps.dice.rolls
        ]  # in process (the simulator's decider): the records of the step's own dice, built unvalidated
        if decider is not None
        else [
            RollRecord(key=r.key, die=f"1d{r.sides}", result=r.face, purpose=r.purpose, source=r.source)
            for r in steps.dice.rolls
        ],
        "results": steps.results,
        "log": steps.log,
        "events": steps.events,
    }
    return Resolved(steps, status, fields)


def one_of(values: list[str], code: str, what: str) -> Check:
    """Refuses a value outside ``values`` with the rule's own code."""

    def check(value: JsonValue) -> Refusal | None:
        if value in values:
            return None
        return refusal(code, f"{value!r} is not {what}: one of {', '.join(values)}.")

    return check


def fits_round(round_: int, fighters: set[str], points: frozenset[str]) -> Callable[[KeyParts], bool]:
    """A key of round ``round_``'s dice or decisions: one of its fighters and one of the ruleset's points."""
    return lambda p: p.letter == "R" and p.n == round_ and p.fighter in fighters and p.point in points
