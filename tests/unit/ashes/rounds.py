"""Helpers of the round tests: a request from sheets, the table's dice by fighter, decisions by short key."""

from __future__ import annotations

from typing import Any

from service.rules.ashes.round.models import Decision, RoundAnswer, RoundRequest
from service.rules.ashes.round.resolve import resolve_round
from service.rules.core.protocol.models import ChoiceOption, DecisionNeeded


def effort(fighter: str, *faces: int, round_no: int = 1) -> dict[str, int]:
    """The Effort dice a fighter rolled, under their keys (`R1.kai.effort`, `R1.kai.effort.2` …)."""
    return {die(fighter, n, round_no): face for n, face in enumerate(faces, start=1)}


def die(fighter: str, n: int, round_no: int = 1) -> str:
    """The n-th Effort die's key: bare the first time, `.n` after (the core's key grammar)."""
    return f"R{round_no}.{fighter}.effort" + (f".{n}" if n > 1 else "")


def play(
    combatants: list[dict[str, Any]], rolls: dict[str, int], decisions: dict[str, Any], **more: Any
) -> RoundAnswer:
    body = {"combatants": combatants, "rolls": rolls, "decisions": decisions, **more}
    return resolve_round(RoundRequest.model_validate(body))


def by_id(answer: RoundAnswer) -> dict[str, Any]:
    return {c.id: c for c in answer.combatants}


def codes(answer: RoundAnswer) -> list[str]:
    return [v.code for v in answer.violations]


def drive(body: dict[str, Any], pick: Any = None, limit: int = 40) -> tuple[RoundAnswer, int, dict[str, Any]]:
    """The plugin loop of the core protocol from ``body`` without dice or decisions: roll every die named (faces
    from a fixed sequence), answer every decision with a choice (``pick(decision)``, default the first choice;
    provisional ones in `if_asked`) and send again. The last answer, the round trips and the final request."""
    body = {k: v for k, v in body.items() if k not in ("seed", "rolls", "decisions", "if_asked")}
    body |= {"rolls": {}, "decisions": {}, "if_asked": {}}
    faces = iter([6, 3, 6, 8, 2, 5, 9, 1, 4, 7, 10] * 40)
    for trips in range(1, limit + 1):
        answer = resolve_round(RoundRequest.model_validate(body))
        if answer.status != "decision_required":
            return answer, trips, body
        for d in answer.dice_needed:
            body["rolls"].setdefault(d.key, next(faces))
        for n in answer.decisions_needed:
            chosen = pick(n) if pick else n.choices[0].value
            body["if_asked" if n.provisional else "decisions"].setdefault(n.key, chosen)
    raise AssertionError(f"more than {limit} round trips")


def val(option: ChoiceOption) -> Decision:
    """An offered choice's value read back as the decision model."""
    return Decision.model_validate(option.value)


def asked_at(answer: RoundAnswer, key: str) -> DecisionNeeded:
    """The decision the answer asks at ``key``."""
    return next(d for d in answer.decisions_needed if d.key == key)


def offered(
    combatants: list[dict[str, Any]], rolls: dict[str, int], decisions: dict[str, Any], key: str, **more: Any
) -> list[Decision]:
    """The choices the round offers at ``key`` when the request leaves it out: every decision is asked (so one with
    a default is too), those before it answered with their default or first choice."""
    rest = {k: v for k, v in decisions.items() if k != key}
    for _ in range(40):
        answer = play(combatants, rolls, rest, ask_every_decision=True, **more)
        found = [d for d in answer.decisions_needed if d.key == key]
        if found:
            return [val(c) for c in found[0].choices]
        assert answer.status == "decision_required" and answer.decisions_needed, (answer.status, answer.violations)
        for d in answer.decisions_needed:
            rest.setdefault(d.key, d.default if d.default is not None else d.choices[0].value)
    raise AssertionError(f"{key} is never asked")
