"""Impact's fixed rules as typed data (``data/rules.yaml``), read once: ranks, purchase factors, Stamina, the
automatic increase, the defensive tactics and the end-of-fight awards."""

from __future__ import annotations

from functools import cache, cached_property
from pathlib import Path
from typing import Annotated

from pydantic import Field, model_validator

from ...core.models import Record
from ...core.packs import Source
from ...core.tables import read_table
from .vocabulary import ImpactDefenseBonus, ImpactGroundRule, ImpactManeuverType, ImpactRank, ImpactStat

RULES = Path(__file__).resolve().parents[1] / "data" / "rules.yaml"


class _Row(Record):
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
    binds: bool = False  # the tactic a Bind is made defending with (one tactic, 001 L695)
    ripostes: bool = False  # an attack defended with it opens a Riposte on the next turn (001 L709)


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
    test: int = 0  # on the maneuver test (a Stop-Hit's -3)
    damage_divisor: int = 1  # a landed Stop-Hit's damage is halved
    failed_test: int = 0  # a failed Stop-Hit: the opponent's maneuver test bonus
    failed_damage: int = 0  # and his damage bonus against the stop-hitter


class VariationRow(_Row):
    id: str
    speed: int = 0
    test: int = 0
    damage: int = 0
    next_speed: int = 0
    stamina_multiplier: int = 1


class GroundRow(_Row):
    id: ImpactGroundRule
    refused: list[ImpactManeuverType]


class CombatRow(_Row):
    stamina_quarter_penalty: int
    knocked_down_speed: int
    limb_ko_speed: int
    minus_one_sp_stamina_dice: int
    limbs_to_lose: int
    default_range: str


class Rules(Record):
    ranks: list[RankRow]
    factors: list[FactorRow]
    stamina: Annotated[list[StaminaRow], Field(min_length=1, max_length=1)]
    automatic_increase: Annotated[list[IncreaseRow], Field(min_length=1, max_length=1)]
    defense_tactics: list[TacticRow]
    awards: Annotated[list[AwardRow], Field(min_length=1, max_length=1)]
    actions: list[ActionRow]
    variations: list[VariationRow]
    combat: Annotated[list[CombatRow], Field(min_length=1, max_length=1)]
    ground: list[GroundRow]

    @model_validator(mode="after")
    def _one_bind_tactic(self) -> Rules:
        if sum(t.binds for t in self.defense_tactics) != 1:
            raise ValueError("one defensive tactic is the Bind's")
        return self

    @cached_property
    def bind_tactic(self) -> str:
        """The tactic a Bind defends with."""
        return next(t.id for t in self.defense_tactics if t.binds)

    @cached_property
    def riposte_tactics(self) -> frozenset[str]:
        """The tactics whose defence a Riposte may follow."""
        return frozenset(t.id for t in self.defense_tactics if t.ripostes)

    @cached_property
    def _by_id(self) -> tuple[dict[str, ActionRow], dict[str, VariationRow], dict[str, int], dict[str, FactorRow]]:
        return (
            {a.id: a for a in self.actions},
            {v.id: v for v in self.variations},
            {r.id: r.pp for r in self.ranks},
            {f.stat: f for f in self.factors},
        )

    def action(self, action_id: str) -> ActionRow:
        return self._by_id[0][action_id]

    def ground_refused(self, rule: ImpactGroundRule) -> list[ImpactManeuverType]:
        return next(g.refused for g in self.ground if g.id == rule)

    def variation(self, variation_id: str) -> VariationRow:
        return self._by_id[1][variation_id]

    def budget(self, rank: ImpactRank) -> int:
        return self._by_id[2][rank]

    def factor(self, stat: ImpactStat) -> FactorRow:
        return self._by_id[3][stat]


@cache
def rules() -> Rules:
    return read_table(RULES, Rules)
