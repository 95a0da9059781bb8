"""Builders for the Fight RPG tests: requests as a client sends them, run through the core."""

from __future__ import annotations

from typing import Any

from service.rules.fightrpg.actions.models import RpgPriceAnswer, RpgPriceRequest
from service.rules.fightrpg.actions.pricing import price_actions
from service.rules.fightrpg.round.models import RpgRoundRequest, RpgRoundResult
from service.rules.fightrpg.round.resolver import resolve_round
from service.rules.fightrpg.sheet.fighters import validate_fighter
from service.rules.fightrpg.sheet.models import RpgFighterRequest, RpgFighterValidation


def validate(body: dict[str, Any]) -> RpgFighterValidation:
    return validate_fighter(RpgFighterRequest.model_validate(body, strict=True))


def price(body: dict[str, Any]) -> RpgPriceAnswer:
    return price_actions(RpgPriceRequest.model_validate(body, strict=True))


def resolve(body: dict[str, Any]) -> RpgRoundResult:
    return resolve_round(RpgRoundRequest.model_validate(body, strict=True))


def nth(who: str, point: str, n: int = 1, qualifier: str = "") -> str:
    """The key of ``who``'s n-th ``point`` in round 1 (core grammar): bare the first time, then ``.n``."""
    base = f"R1.{who}.{point}{qualifier}"
    return base if n == 1 else f"{base}.{n}"


def pools(**dice: list[int]) -> dict[str, int]:
    """``pools(dragon=[5, 3, 2])`` → the round-1 pool keys (``R1.dragon.pool``, ``….pool.2``, ``….pool.3``)."""
    return {nth(who, "pool", i): face for who, faces in dice.items() for i, face in enumerate(faces, start=1)}


def rolloff(who: str, faces: list[int], attempt: int = 1) -> dict[str, int]:
    """The five roll-off dice of ``who``'s ``attempt``-th roll-off, counted through the round."""
    return {nth(who, "rolloff", (attempt - 1) * 5 + i): f for i, f in enumerate(faces, start=1)}


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
