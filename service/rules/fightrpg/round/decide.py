"""Taking a decision: the caller's value at its key (checked), else the fighter's named policy, else ask."""

from __future__ import annotations

from collections.abc import Callable

from ...core.findings import map_key
from ..action_models import RpgAction
from ..codes import finding
from ..round_models import RpgChoice, RpgDecision, RpgDecisionKind, RpgPendingDecision
from .state import Need, Refused, RoundState


def normal(a: RpgAction | None) -> tuple[object, ...] | None:
    if a is None:
        return None
    return (a.kind, a.damage or 0, a.knockdown or 0, a.technique, a.target)


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


def decide(
    state: RoundState,
    pending: RpgPendingDecision,
    policy_value: RpgDecision | None,
    check: Callable[[RpgDecision], str | None] | None = None,
) -> RpgDecision:
    given = state.decision(pending.key)
    if given is not None:
        problem = (check or among(pending.choices))(given)
        if problem:
            path = f"decisions{map_key(pending.key)}"
            raise Refused([finding("DECISION_INVALID", path, problem, key=pending.key)], pending)
        return given
    if policy_value is not None:
        return policy_value
    raise Need(decisions=[pending])


def pending(
    state: RoundState,
    fighter: str,
    kind: RpgDecisionKind,
    parts: tuple[str | int, ...],
    text: str,
    choices: list[RpgChoice],
    default: RpgDecision | None = None,
) -> RpgPendingDecision:
    return RpgPendingDecision(
        key=state.key(fighter, *parts), kind=kind, fighter=fighter, text=text, choices=choices, default=default
    )
