"""Impact's fixed rules as typed data (``data/rules.yaml``), read once: ranks, purchase factors, Stamina, the
automatic increase, the defensive tactics and the end-of-fight awards."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated

import yaml
from pydantic import BaseModel, ConfigDict, Field

from ..core.packs import Source
from .vocabulary import ImpactDefenseBonus, ImpactRank, ImpactStat

RULES = Path(__file__).resolve().parent / "data" / "rules.yaml"


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source


class RankRow(_Row):
    id: ImpactRank
    name: str
    pp: int


class FactorRow(_Row):
    stat: ImpactStat
    base: int
    factor: int


class StaminaRow(_Row):
    base: int
    step: int
    price: int


class IncreaseRow(_Row):
    ratio: int


class TacticRow(_Row):
    id: str
    name: str
    applies: list[ImpactDefenseBonus]


class AwardRow(_Row):
    per_knock_out: int
    health_boxes_per_pp: int


class Rules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ranks: list[RankRow]
    factors: list[FactorRow]
    stamina: Annotated[list[StaminaRow], Field(min_length=1, max_length=1)]
    automatic_increase: Annotated[list[IncreaseRow], Field(min_length=1, max_length=1)]
    defense_tactics: list[TacticRow]
    awards: Annotated[list[AwardRow], Field(min_length=1, max_length=1)]

    def budget(self, rank: ImpactRank) -> int:
        return next(r.pp for r in self.ranks if r.id == rank)

    def factor(self, stat: ImpactStat) -> FactorRow:
        return next(f for f in self.factors if f.stat == stat)


@cache
def rules() -> Rules:
    return Rules.model_validate(yaml.safe_load(RULES.read_bytes()))
