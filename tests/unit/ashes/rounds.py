"""Helpers of the round tests: a request from sheets, the table's dice by fighter, decisions by short key."""

from __future__ import annotations

from typing import Any

from service.rules.ashes.round import resolve_round
from service.rules.ashes.round_models import RoundAnswer, RoundRequest


def effort(fighter: str, *faces: int, round_no: int = 1) -> dict[str, int]:
    """The Effort dice a fighter rolled, under their keys (`R1.kai.effort.1` …)."""
    return {f"R{round_no}.{fighter}.effort.{n}": face for n, face in enumerate(faces, start=1)}


def die(fighter: str, n: int, round_no: int = 1) -> str:
    return f"R{round_no}.{fighter}.effort.{n}"


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
