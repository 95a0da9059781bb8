"""The contract of the Dramatic end-of-combat operation (the turn itself is resolve-turn's `options.subsystem`)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.findings import Finding, Unsupported
from ..moves.models import Model
from ..thugs.models import ThugGroupPoints

_Id = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_\-]+$")]
_MoveId = Annotated[str, Field(min_length=1, max_length=80)]


class DramaticFighterRecord(Model):
    """One fighter's record of a Dramatic fight, as the turns' answers gave it."""

    id: _Id
    glory_by_turn: list[Annotated[int, Field(ge=-1000, le=10_000)]] = Field(
        default_factory=list, max_length=999, description="The Glory each turn's answer awarded him, in order."
    )
    action_points: int = Field(0, ge=0, le=99, description="`dramatic.action_points` of his last state.")
    recovery_points: int = Field(0, ge=0, le=99)
    healing_points: int = Field(0, ge=0, le=99)
    special_moves_used: list[_MoveId] = Field(default_factory=list, max_length=120)


class DramaticCombatEndRequest(Model):
    fighters: list[DramaticFighterRecord] = Field(min_length=1, max_length=8)
    thug_groups: list[ThugGroupPoints] = Field(
        default_factory=list,
        max_length=20,
        description="A Dramatic fight with Thug groups (`dramatic_thug_thrashing`): every group that took part; the "
        "Glory is then divided as `thugs/end-of-combat` divides it, by the cheapest group's divisor "
        "(000 L6547, L7074).",
    )


class DramaticSettlement(Model):
    id: str
    glory: int = Field(
        description="The fight's Glory: the sum of its turns' awards, option Glory included; with Thug groups, that "
        "sum over the divisor, rounded up."
    )
    raw_glory: int = Field(description="The sum of its turns' awards, before any division for Thugs.")
    action_points_lapsed: int = Field(description="Banked points of every kind, which end with the fight.")
    special_moves_cleared: list[str] = Field(description="Once-a-fight Special Move uses that are free again.")


class DramaticCombatEnd(Model):
    ruleset: str
    ruleset_version: str
    valid: bool
    violations: list[Finding]
    unsupported: list[Unsupported]
    glory_divisor: int = Field(1, description="1, or with Thug groups the cheapest group's divisor (000 L6547).")
    fighters: list[DramaticSettlement]
