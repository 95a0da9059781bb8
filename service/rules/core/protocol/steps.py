"""How a resolver meets the request's decisions and dice, and how it looks ahead.

A resolver reads each decision through ``Decisions.decide`` and each die through ``KeyedDice.roll``. In the first
pass a missing one halts the step (``DecisionPending``, ``DiePending``) and the resolver answers with the state up to
there. It then calls ``look_ahead`` with a function that resolves the same request again, from scratch, with a
``LookAhead``: every die nobody supplied gets a stand-in face and every decision nobody answered its default (or first
choice), each noted as needed, so one answer names every die and decision up to the end of the step. Whatever the
look-ahead meets past the first missing one is ``provisional``. An in-process caller (a simulator) may instead answer
the decisions the step would ask for where they are met: the one decider hook, ``Decisions.decider``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from pydantic import BaseModel, JsonValue

from ..construct import built
from ..dice import KeyedDice, TooManyDice, seeded_face
from ..findings import Finding, Severity, map_key, path_of
from .keys import KeyParts, parse
from .models import ChoiceOption, DecisionNeeded, DieNeeded, StepRequest

STAND_IN_SEED = 0  # the look-ahead's dice: any fixed faces do; these are seeded by the key alone
MAX_LOOKED_AHEAD = 200  # decisions one answer asks at most (the answer's own bound)

# The protocol's own findings, the same codes in every ruleset (a check the service adds: no book reference).
PROTOCOL_CODES: dict[str, str] = {
    "DECISION_INVALID": "The decision's value is not one of the choices offered at its key.",
    "DECISION_KEY_UNKNOWN": "A decision key that fits no decision point of this request.",
    "DECISION_NOT_USED": "A decision key the step did not ask (a branch the dice did not take, or lenient mode), or "
    "an `if_asked` answer the choices no longer allow once the step reaches it (the default or first choice is "
    "taken instead).",
    "ROLL_INVALID": "A die's face is not a face of the die named at its key.",
    "ROLL_KEY_UNKNOWN": "A roll key that fits no die of this request.",
    "ROLL_NOT_USED": "A roll key the step did not roll (a branch the dice did not take, or lenient mode).",
}


def jsonable(value: Any) -> JsonValue:
    """A decision value in the form ``choices`` list it: models as their set fields, enums as their values."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class Refusal:
    """Why a decision's value is refused: the rule's own code, its reference and a sentence naming the rule."""

    code: str
    message: str
    ref: Any = None  # the ruleset's book reference (``core.references.Ref``), or None for a protocol check


class DecisionPending(Exception):
    """The step needs this decision and the request does not carry it."""

    def __init__(self, needed: DecisionNeeded) -> None:
        super().__init__(needed.key)
        self.needed = needed


class DecisionRefused(Exception):
    """The request answers ``key`` with a value the rules do not allow."""

    def __init__(self, key: str, refusal: Refusal) -> None:
        super().__init__(f"{key}: {refusal.message}")
        self.key, self.refusal = key, refusal

    def finding(self) -> Finding:
        return Finding(
            code=self.refusal.code,
            severity=Severity.error,
            path=path_of("decisions") + map_key(self.key),
            key=self.key,
            message=self.refusal.message,
            ref=self.refusal.ref,
        )


class StopLooking(Exception):
    """The look-ahead has gathered as much as one answer asks."""


@dataclass
class LookAhead:
    """What one look-ahead pass noted as needed, in the order the step met it."""

    dice: list[DieNeeded] = field(default_factory=list)
    decisions: list[DecisionNeeded] = field(default_factory=list)
    speculative: bool = False  # a stand-in was used: what comes next may not be needed after all

    def die(self, key: str, sides: int, purpose: str) -> int:
        parts = parse(key)
        self.dice.append(
            DieNeeded(
                key=key,
                fighter=parts.fighter if parts else "fight",
                die=f"1d{sides}",
                purpose=purpose or f"d{sides}",
                step=parts.point if parts else "roll",
                provisional=self.speculative,
            )
        )
        self.speculative = True
        return seeded_face(STAND_IN_SEED, key, sides)

    def decision(self, needed: DecisionNeeded, stand_in: JsonValue | None = None) -> JsonValue:
        if len(self.decisions) >= MAX_LOOKED_AHEAD:
            raise StopLooking
        self.decisions.append(needed.model_copy(update={"provisional": self.speculative}))
        self.speculative = True
        if stand_in is not None:
            return stand_in
        return needed.default if needed.default is not None else needed.choices[0].value


Check = Callable[[JsonValue], Refusal | None]
# The in-process decider hook (simulators only; a request alone never has one), as ``Decisions.decide`` calls it: given
# a decision point the step would ask for, its answer, read as if the request had sent it. A ruleset whose points are
# typed hands the hook its own view of the point instead (``Decisions.consult``).
Decider = Callable[[DecisionNeeded], Any]


@dataclass
class Decisions:
    """The request's decisions as the rules read them; ``used`` holds every key read."""

    given: Mapping[str, Any]
    if_asked: Mapping[str, Any] = field(default_factory=dict)
    ask_every: bool = False
    ahead: LookAhead | None = None
    used: set[str] = field(default_factory=set)
    warnings: list[Finding] = field(default_factory=list)  # if_asked answers set aside: the answer must carry them
    decider: Callable[[Any], Any] | None = None  # the in-process decider hook (``Decider``), given the point's view

    @classmethod
    def of(
        cls, request: StepRequest[Any], ahead: LookAhead | None = None, decider: Callable[[Any], Any] | None = None
    ) -> Decisions:
        return cls(request.decisions, request.if_asked, request.ask_every_decision, ahead, decider=decider)

    def needed(
        self,
        key: str,
        fighter: str,
        point: str,
        step: str,
        text: str,
        choices: Iterable[tuple[JsonValue, str]],
        default: JsonValue | None = None,
    ) -> DecisionNeeded:
        """The decision point as ``decide`` reads it, its ``choices`` (value, label) the resolver's own. Where the
        in-process decider is the one to read it (the request leaves the key open, no look-ahead stands in), it is
        built without a validation pass: a simulated step pays for no more than one sent with its decisions."""
        if self.decider is None or self.ahead is not None or key in self.given or key in self.if_asked:
            listed = [ChoiceOption(value=v, text=label) for v, label in choices]
            return DecisionNeeded(
                key=key, fighter=fighter, point=point, step=step, text=text, choices=listed, default=default
            )
        options = [built(ChoiceOption, {"value": v, "text": t, "costs": {}, "can_hit": None}) for v, t in choices]
        values = {"key": key, "fighter": fighter, "point": point, "step": step, "text": text}
        return built(DecisionNeeded, {**values, "choices": options, "default": default, "provisional": False})

    def consult(
        self, key: str, defaulted: bool, view: Callable[[], Any], check: Callable[[Any], Refusal | None] | None = None
    ) -> Any:
        """The in-process decider's answer at ``key`` where it has one to give: the request leaves the point open
        (neither in ``decisions`` nor in ``if_asked``), the step would ask for it (``defaulted``: it has a default taken
        unasked, unless every decision is asked) and no look-ahead is standing in. ``view()``: the point as the decider
        reads it (built only then). The answer is read as if the request had sent it: refused (``DecisionRefused``)
        unless ``check`` passes it. None: no decider here, or it leaves the point to the request."""
        decider = self.decider
        if decider is None or self.ahead is not None or key in self.given or key in self.if_asked:
            return None
        if defaulted and not self.ask_every:
            return None
        value = decider(view())
        if value is not None and check is not None and (refusal := check(value)) is not None:
            raise DecisionRefused(key, refusal)
        return value

    def decide(
        self, needed: DecisionNeeded, check: Check | None = None, stand_in: JsonValue | None = None
    ) -> JsonValue:
        """The value the request gives at ``needed.key`` (refused unless ``check`` passes it, by default unless it is
        one of the choices), else the default, else the look-ahead's stand-in, else the step halts. ``stand_in``:
        the choice the look-ahead goes on with (one of the choices; by default the default, else the first), where
        the ruleset knows which one shows most of what comes next (an attack rather than ending the turn). Where an
        in-process decider answers it (``consult``), that answer, refused unless ``check`` passes it."""
        key = needed.key
        check = check or _one_of(needed)
        if key in self.given:
            self.used.add(key)
            value = jsonable(self.given[key])
            refusal = check(value)
            if refusal is not None:
                raise DecisionRefused(key, refusal)
            return value
        if key in self.if_asked:
            self.used.add(key)
            value = jsonable(self.if_asked[key])
            refusal = check(value)
            if refusal is None:
                return value
            # An answer given ahead that the choices as they stand now refuse (the real dice or an earlier answer
            # changed them): the point takes its default, else its first choice, with a warning naming the refusal.
            taken = needed.default if needed.default is not None else needed.choices[0].value
            self.warnings.append(set_aside(key, refusal, taken))
            return taken
        if self.decider is not None:
            answered = self.consult(key, needed.default is not None, lambda: needed)
            if answered is not None:
                value = jsonable(answered)
                refusal = check(value)
                if refusal is not None:
                    raise DecisionRefused(key, refusal)
                return value
        if needed.default is not None and not self.ask_every:
            return needed.default
        if self.ahead is not None:
            return self.ahead.decision(needed, stand_in)
        raise DecisionPending(needed)


def set_aside(key: str, refusal: Refusal, taken: JsonValue) -> Finding:
    return Finding(
        code="DECISION_NOT_USED",
        severity=Severity.warning,
        path=path_of("if_asked") + map_key(key),
        key=key,
        message=f"the answer given ahead no longer fits ({refusal.message}); {taken!r} was taken instead",
        ref=refusal.ref,
    )


def _one_of(needed: DecisionNeeded) -> Check:
    def check(value: JsonValue) -> Refusal | None:
        if any(value == c.value for c in needed.choices):
            return None
        offered = ", ".join(str(c.value) for c in needed.choices[:12])
        return Refusal("DECISION_INVALID", f"{value!r} is not one of the choices at {needed.key}: {offered}")

    return check


def look_ahead(
    request: StepRequest[Any],
    rerun: Callable[[KeyedDice, Decisions], object],
    stops: tuple[type[Exception], ...] = (),
) -> LookAhead:
    """Resolve the request again from scratch with stand-ins for every missing die and decision, and return what it
    noted as needed. ``stops``: the ruleset's own refusals, which end the look-ahead where they are met."""
    ahead = LookAhead()
    dice = KeyedDice(seed=request.seed, supplied=request.rolls, stand_in=ahead.die)
    caught: tuple[type[Exception], ...] = (StopLooking, TooManyDice, DecisionRefused, *stops)
    with suppress(*caught):  # where it stops, the answer asks what was met up to there
        rerun(dice, Decisions.of(request, ahead))
    return ahead


def unused_keys(
    request: StepRequest[Any],
    decisions_used: Iterable[str],
    dice_used: Iterable[str],
    fits: Callable[[KeyParts], bool],
) -> tuple[list[Finding], list[Finding]]:
    """Findings for keys a resolved step never read: a key that fits a decision point or die of this request (a
    branch not taken) is a warning; one that fits nothing is a violation, or a warning in lenient mode."""
    violations: list[Finding] = []
    warnings: list[Finding] = []
    for field_name, supplied, used, unknown, not_used in (
        ("decisions", request.decisions, set(decisions_used), "DECISION_KEY_UNKNOWN", "DECISION_NOT_USED"),
        ("rolls", request.rolls, set(dice_used), "ROLL_KEY_UNKNOWN", "ROLL_NOT_USED"),
    ):
        for key in sorted(set(supplied) - used):
            parts = parse(key)
            fitting = parts is not None and fits(parts)
            code = not_used if fitting or request.lenient else unknown
            out = warnings if code == not_used else violations
            out.append(
                Finding(
                    code=code,
                    severity=Severity.warning if out is warnings else Severity.error,
                    path=path_of(field_name) + map_key(key),
                    key=key,
                    message=PROTOCOL_CODES[code],
                )
            )
    return violations, warnings
