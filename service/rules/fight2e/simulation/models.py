"""Request models of the matchup simulator (the answer is the shared ``SimulationSums``)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field, field_validator

from ...core.simulation import MAX_TURN_LIMIT, SimulationSums, merge
from ..combat.contract.models import CombatOptions, FighterId
from ..fighters.fighter_models import Fighter
from ..moves.models import Model

MAX_FIGHTS = 500  # per request in the core; the REST cost bound admits fewer (fight2e.operations.simulation_cost)
MAX_OFFSET = 10_000_000
DEFAULT_COUNT = 25  # 25 fights of 100 turns cost 2,600: within the default REST bound (FIGHT_RULES_MAX_REQUEST_COST)
DEFAULT_TURN_LIMIT = 100


class Policy(StrEnum):
    """How a side answers the resolver's decisions (docs/simulation.md has the details)."""

    balanced = "balanced"  # best expected damage less the FS it costs; Refocus when FS runs low
    aggressive = "aggressive"  # the longest Combo that can hit, then expected damage; never Refocuses
    defensive = "defensive"  # the surest single attack; Refocus under half FS; Await Opening when nothing is sure
    greedy = "greedy"  # the legal choice with the best expected damage this turn, whatever it costs


class Side(Model):
    name: FighterId = Field(
        description="The side's fighter id in every turn (letters, digits, _ and -); when both sides have the same "
        "name, the second is played and reported as `<name>-2`."
    )
    fighter: Fighter
    policy: Policy = Policy.balanced


class SimulationRequest(Model):
    """Two sides, the campaign options and a seed range: fight i of the run (offset ≤ i < offset + count) is one
    round played from fresh Life Bars and Fighting Spirit with the i-th seed derived from `seed`."""

    model_config = {
        **Model.model_config,
        "json_schema_extra": {"description": "Same request, same answer; split runs merge exactly."},
    }

    sides: list[Side] = Field(min_length=2, max_length=2)
    options: CombatOptions = Field(default_factory=CombatOptions)
    range: int = Field(3, ge=0, le=5, description="Range between the fighters when a fight starts (000 L5605).")
    seed: int = Field(0, ge=-(2**63), le=2**63 - 1)
    offset: int = Field(0, ge=0, le=MAX_OFFSET, description="Index of the run's first fight.")
    count: int = Field(DEFAULT_COUNT, ge=1, le=MAX_FIGHTS, description="Fights in this request (at most 500).")
    turn_limit: int = Field(
        DEFAULT_TURN_LIMIT,
        ge=1,
        le=MAX_TURN_LIMIT,
        description="A fight still going after this many turns is a time-out.",
    )


Runs = Annotated[list[SimulationSums], Field(min_length=1, max_length=1000)]


class MergeRequest(Model):
    """Answers of one run's seed ranges (same matchup, adjacent ranges, any order)."""

    runs: Runs

    @field_validator("runs")
    @classmethod
    def _parts_of_one_run(cls, runs: list[SimulationSums]) -> list[SimulationSums]:
        merge(runs)  # a MergeError is a ValueError: parts that do not join are refused as a malformed request
        return runs
