"""Builders for Impact requests in the tests: plain dicts, validated as the adapters would."""

from __future__ import annotations

from typing import Any

from service.rules.impact.fighter.models import (
    ImpactFighterRequest,
    ImpactFighterValidation,
    ImpactPriceAnswer,
    ImpactPriceRequest,
)
from service.rules.impact.fighter.pricing import price_purchases
from service.rules.impact.fighter.validation import validate_fighter

RATIOS = {"right": "power_2_1", "left": "speed_1_2"}  # Frank's choice (001 L164-166)


def buy(stat: str, to_level: int | None = None, **where: str) -> dict[str, Any]:
    return {"stat": stat, **where} | ({} if to_level is None else {"to_level": to_level})


def validate(fighter: dict[str, Any], **extra: Any) -> ImpactFighterValidation:
    return validate_fighter(ImpactFighterRequest.model_validate({"fighter": {"ratios": RATIOS} | fighter} | extra))


def price(purchases: list[dict[str, Any]], fighter: dict[str, Any] | None = None, **extra: Any) -> ImpactPriceAnswer:
    body = {"fighter": {"ratios": RATIOS} | (fighter or {}), "purchases": purchases} | extra
    return price_purchases(ImpactPriceRequest.model_validate(body))


def codes(answer: ImpactFighterValidation | ImpactPriceAnswer) -> list[tuple[str, str]]:
    return [(f.code, f.path) for f in answer.violations]


FRANK_LEDGER = [
    buy("power", 2, side="right"),
    buy("power", 3, side="right"),
    buy("speed", 2, side="left"),
    buy("tactics", 2),
    *[buy("maneuver", level, maneuver="straight_punch") for level in (2, 3, 4)],
    *[buy("maneuver", level, maneuver="hook_punch") for level in (2, 3, 4)],
    *[buy("maneuver", level, maneuver="round_kick") for level in (2, 3)],
    buy("maneuver", 2, maneuver="sweep_kick"),
    buy("maneuver", 2, maneuver="grapple"),
    buy("maneuver", 1, maneuver="joint_lock"),
    buy("toughness", 6, area="head"),
    buy("defense", 2),
]
