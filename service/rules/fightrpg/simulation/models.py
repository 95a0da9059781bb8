"""The request of Fight RPG's matchup simulator (the answer is the shared ``SimulationSums``)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..base import AsInt, FighterId, Model
from ..sheet.models import RpgFighter, RpgPackRequest
from .policies import RpgSimPolicy

MAX_FIGHTS = 500  # per request; larger runs are split and merged
MAX_OFFSET = 10_000_000
MAX_ROUNDS = 99  # a round's number is at most 99 (its decision keys)
DEFAULT_COUNT = 25  # fights × turn limit within the default REST cost bound (core.simulation.run_cost)
DEFAULT_ROUND_LIMIT = 30


class RpgSimulationSide(Model):
    name: FighterId = Field(
        description="The side's fighter id in every round; when both sides have the same name, the second is played "
        "and reported as `<name>-2`."
    )
    fighter: RpgFighter = Field(description="The Fighter as a round starts; its id and side are the side's name.")
    policy: RpgSimPolicy = RpgSimPolicy.balanced


class RpgSimulationRequest(RpgPackRequest):
    """Two sides and a seed range: fight i of the run (offset ≤ i < offset + count) is rounds played from the
    sheets as given, with the i-th seed derived from `seed`, until one side is defeated (002 L9) or the limit."""

    sides: list[RpgSimulationSide] = Field(min_length=2, max_length=2)
    seed: Annotated[int, Field(ge=-(2**63), le=2**63 - 1), AsInt] = 0
    offset: Annotated[int, Field(ge=0, le=MAX_OFFSET), AsInt] = Field(0, description="Index of the run's first fight.")
    count: Annotated[int, Field(ge=1, le=MAX_FIGHTS), AsInt] = Field(
        DEFAULT_COUNT, description="Fights in this request (at most 500)."
    )
    turn_limit: Annotated[int, Field(ge=1, le=MAX_ROUNDS), AsInt] = Field(
        DEFAULT_ROUND_LIMIT, description="Rounds: a fight still going after this many is a time-out."
    )
