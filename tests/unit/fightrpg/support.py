"""Builders for the Fight RPG tests: requests as a client sends them, run through the core."""

from __future__ import annotations

from typing import Any

from service.rules.fightrpg.action_models import RpgPriceAnswer, RpgPriceRequest
from service.rules.fightrpg.fighters import validate_fighter
from service.rules.fightrpg.pricing import price_actions
from service.rules.fightrpg.round.resolver import resolve_round
from service.rules.fightrpg.round_models import RpgRoundRequest, RpgRoundResult
from service.rules.fightrpg.sheet_models import RpgFighterRequest, RpgFighterValidation


def validate(body: dict[str, Any]) -> RpgFighterValidation:
    return validate_fighter(RpgFighterRequest.model_validate(body, strict=True))


def price(body: dict[str, Any]) -> RpgPriceAnswer:
    return price_actions(RpgPriceRequest.model_validate(body, strict=True))


def resolve(body: dict[str, Any]) -> RpgRoundResult:
    return resolve_round(RpgRoundRequest.model_validate(body, strict=True))


def pools(**dice: list[int]) -> dict[str, int]:
    """``pools(dragon=[5, 3, 2])`` → the round-1 pool keys."""
    return {f"R1.{who}.pool.{i}": face for who, faces in dice.items() for i, face in enumerate(faces, start=1)}


def alloc(**tokens: int) -> dict[str, Any]:
    return {"allocation": tokens}


def act(kind: str, target: str | None = None, **fields: Any) -> dict[str, Any]:
    action: dict[str, Any] = {"kind": kind, **fields}
    if target:
        action["target"] = target
    return {"action": action}


def respond(kind: str) -> dict[str, Any]:
    return {"response": kind}


def codes(findings: list[Any]) -> list[str]:
    return [f.code for f in findings]


def state(result: RpgRoundResult, who: str) -> Any:
    return next(f for f in result.fighters if f.id == who)


def pool_of(result: RpgRoundResult, who: str) -> Any:
    return next(p for p in result.pools if p.fighter == who)
