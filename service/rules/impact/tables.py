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


class ActionRow(_Row):
    id: str
    sp_gain: int
    stamina_dice: int
    speed_test: bool
    adds_tactics: bool = False
    speed: int = 0


class VariationRow(_Row):
    id: str
    speed: int = 0
    test: int = 0
    damage: int = 0
    next_speed: int = 0
    stamina_multiplier: int = 1


class CombatRow(_Row):
    stamina_quarter_penalty: int
    knocked_down_speed: int
    limb_ko_speed: int
    minus_one_sp_stamina_dice: int
    limbs_to_lose: int
    default_range: str


class Rules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ranks: list[RankRow]
    factors: list[FactorRow]
    stamina: Annotated[list[StaminaRow], Field(min_length=1, max_length=1)]
    automatic_increase: Annotated[list[IncreaseRow], Field(min_length=1, max_length=1)]
    defense_tactics: list[TacticRow]
    awards: Annotated[list[AwardRow], Field(min_length=1, max_length=1)]
    actions: list[ActionRow]
    variations: list[VariationRow]
    combat: Annotated[list[CombatRow], Field(min_length=1, max_length=1)]

    def action(self, action_id: str) -> ActionRow:
        return next(a for a in self.actions if a.id == action_id)

    def variation(self, variation_id: str) -> VariationRow:
        return next(v for v in self.variations if v.id == variation_id)

    def budget(self, rank: ImpactRank) -> int:
        return next(r.pp for r in self.ranks if r.id == rank)

    def factor(self, stat: ImpactStat) -> FactorRow:
        return next(f for f in self.factors if f.stat == stat)


@cache
def rules() -> Rules:
    return Rules.model_validate(yaml.safe_load(RULES.read_bytes()))
