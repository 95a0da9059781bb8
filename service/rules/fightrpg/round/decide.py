"""Taking a decision: the caller's value at its key (checked), else the fighter's named policy, else ask."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.construct import built
from ...core.findings import map_key
from ..action_models import RpgAction
from ..codes import finding
from ..round_models import RpgChoice, RpgDecision, RpgDecisionKind, RpgPendingDecision
from .state import Need, Refused, RoundState


def normal(a: RpgAction | None) -> tuple[object, ...] | None:
    if a is None:
        return None
    return (a.kind, a.damage or 0, a.knockdown or 0, a.technique, a.target, a.direction)


def same(a: RpgDecision, b: RpgDecision) -> bool:
    return (
        normal(a.action) == normal(b.action)
        and a.response == b.response
        and a.injury == b.injury
        and a.allocation == b.allocation
    )


def among(choices: list[RpgChoice]) -> Callable[[RpgDecision], str | None]:
    def check(value: RpgDecision) -> str | None:
        if any(same(value, c.value) for c in choices):
            return None
        return "Not one of the legal choices at this point (see decisions_needed)."

    return check


@dataclass
class Ask:
    """A decision point, built into a ``PendingDecision`` (with its choices) only when the caller answered it or
    must be asked: a policy's answer needs neither."""

    key: str
    fighter: str
    kind: RpgDecisionKind
    text: str
    choices: Callable[[], list[RpgChoice]]
    default: RpgDecision | None = None

    def pending(self) -> RpgPendingDecision:
        values = {
            "key": self.key,
            "kind": self.kind,
            "fighter": self.fighter,
            "text": self.text,
            "choices": self.choices(),
            "default": self.default,
        }
        return built(RpgPendingDecision, values)  # the round's own key, choices and default: nothing to validate


def ask(
    state: RoundState,
    fighter: str,
    kind: RpgDecisionKind,
    parts: tuple[str | int, ...],
    text: str,
    choices: Callable[[], list[RpgChoice]],
    default: RpgDecision | None = None,
) -> Ask:
    return Ask(state.key(fighter, *parts), fighter, kind, text, choices, default)


def decide(
    state: RoundState,
    point: Ask,
    policy_value: RpgDecision | None,
    check: Callable[[RpgDecision], str | None] | None = None,
) -> RpgDecision:
    given = state.decision(point.key)
    if given is not None:
        problem = check(given) if check else among(point.choices())(given)
        if problem:
            path = f"decisions{map_key(point.key)}"
            raise Refused([finding("DECISION_INVALID", path, problem, key=point.key)], point.pending())
        return given
    if policy_value is not None:
        return policy_value
    pending = point.pending()
    if state.decider is not None and (value := state.decider(pending)) is not None:
        return value
    raise Need(decisions=[pending])
