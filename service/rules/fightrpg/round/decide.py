"""Taking a decision through the core protocol: the caller's value at its key (checked by the rule it would break),
else the fighter's named policy, else the point's default, else the in-process decider, else the step asks.

Every decision point draws its key from the round's ``KeyBook`` where it is met, whoever answers it, so the keys of
one request are the same in every pass.

The look-ahead (``core.protocol.look_ahead``) lists every decision to the end of the round, each past a stand-in
``provisional``, except a fighter's split of a Flexible Pool not rolled yet (002 L86: the split is of the dice): it
stops there, so the first answer names the pool dice and the second asks the splits. An answer given ahead that the
real round no longer allows is set aside by the core (a DECISION_NOT_USED warning; the default, else the first
choice)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ...core.construct import built
from ...core.protocol.models import ChoiceOption, DecisionNeeded
from ...core.protocol.steps import DecisionRefused, Refusal, StopLooking, jsonable
from ...core.references import ref_of
from ..actions.models import RpgAction
from ..codes import CODES
from .models import RpgDecision, RpgPoint
from .state import Pending, Refused, RoundState

STEPS = {  # the text's step each point belongs to
    RpgPoint.allocation: "Flexible Pool Phase",
    RpgPoint.action: "Action Phase",
    RpgPoint.response: "Action Phase",
    RpgPoint.injury: "Injuries",
    RpgPoint.push: "Chain Knockdowns",
}


def refusal(code: str, message: str) -> Refusal:
    """A refusal naming the rule: its code in the codes table, and that code's text reference."""
    return Refusal(code, message, ref_of(CODES[code].ref))


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


@dataclass(frozen=True)
class Choice:
    value: RpgDecision
    option: ChoiceOption  # the value as the answer lists it


def choice(value: RpgDecision, text: str, costs: dict[str, int] | None = None) -> Choice:
    option = built(ChoiceOption, {"value": jsonable(value), "text": text, "costs": costs or {}, "can_hit": None})
    return Choice(value, option)  # the round's own legal value: nothing to validate


Check = Callable[[RpgDecision], Refusal | None]


@dataclass
class Ask:
    """A decision point, built into a ``DecisionNeeded`` (with its choices) only when the caller answered it or
    must be asked: a policy's answer needs neither."""

    fighter: str
    point: RpgPoint
    text: str
    choices: Callable[[], list[Choice]]
    default: RpgDecision | None = None
    check: Check | None = None  # the rules' own refusals; by default: one of the choices
    other: str | None = None  # whom it is about (the key's `@other` when the fighter has several opponents)


def _needed(ask: Ask, key: str, choices: list[Choice]) -> DecisionNeeded:
    default = jsonable(ask.default) if ask.default is not None else None
    values = {
        "key": key,
        "fighter": ask.fighter,
        "point": ask.point.value,
        "step": STEPS[ask.point],
        "text": ask.text,
        "choices": [c.option for c in choices],
        "default": default,
        "provisional": False,
    }
    return built(DecisionNeeded, values)  # the round's own key, choices and default


def _among(choices: list[Choice]) -> Check:
    def check(value: RpgDecision) -> Refusal | None:
        if any(same(value, c.value) for c in choices):
            return None
        return refusal("DECISION_INVALID", "Not one of the choices the round offers at this key.")

    return check


def decide(state: RoundState, ask: Ask, policy_value: RpgDecision | None) -> RpgDecision:
    request = state.request
    key = state.book.key(ask.fighter, ask.point.value, other=ask.other)
    typed = request.decisions.get(key)
    if typed is None:
        typed = request.if_asked.get(key)
    if typed is not None:
        choices = ask.choices()
        needed = _needed(ask, key, choices)
        given = typed
        check = ask.check or _among(choices)
        aside = len(state.decisions.warnings)
        try:
            picked = state.decisions.decide(needed, lambda _value: check(given))
        except DecisionRefused as refused:
            raise Refused(refused, needed) from None
        if len(state.decisions.warnings) > aside:  # an answer given ahead that no longer fits: the core's pick
            return next((c.value for c in choices if c.option.value == picked), choices[0].value)
        return typed
    if policy_value is not None:
        return policy_value
    if ask.default is not None and not request.ask_every_decision:
        return ask.default
    choices = ask.choices()
    # the core's decider hook (in-process callers): a decision no policy takes, where it is met, as a step-mode caller
    # would answer the same pending decision
    value = state.decisions.consult(
        key,
        ask.default is not None,
        lambda: Pending(key, ask.fighter, ask.point, [c.value for c in choices], ask.default),
    )
    if value is not None:
        return cast(RpgDecision, value)
    if ask.point is RpgPoint.allocation and ask.fighter in state.pool_stood_in:
        raise StopLooking  # the splits of a pool not rolled yet are not asked ahead of its dice (002 L86)
    picked = state.decisions.decide(_needed(ask, key, choices))  # a stand-in, or the step halts here
    return next((c.value for c in choices if c.option.value == picked), choices[0].value)
