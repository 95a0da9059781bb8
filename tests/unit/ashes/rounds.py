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
