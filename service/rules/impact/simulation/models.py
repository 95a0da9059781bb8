"""The request of Impact's matchup simulator (the answer is the shared ``SimulationSums``)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.simulation import MAX_TURN_LIMIT
from ..fighter.models import ImpactFighter, ImpactPackChoice
from ..pack import Id
from ..tables.vocabulary import ImpactRange
from ..turn.models import ImpactCampaign, Model
from .policies import ImpactPolicy

MAX_FIGHTS = 500  # per request; larger runs are split and merged
MAX_OFFSET = 10_000_000
DEFAULT_COUNT = 25  # fights × turn limit within the default REST cost bound (core.simulation.run_cost)
DEFAULT_TURN_LIMIT = 60


class ImpactSimulationSide(Model):
    name: Id = Field(
        description="The side's fighter id in every turn; when both sides have the same name, the second is played "
        "and reported as `<name>_2`."
    )
    fighter: ImpactFighter
    policy: ImpactPolicy = ImpactPolicy.balanced


class ImpactSimulationRequest(ImpactPackChoice):
    """Two sides and a seed range: fight i of the run (offset ≤ i < offset + count) is one bout from fresh fighters,
    played turn by turn with the i-th seed derived from `seed`, until one side is out (001 L306) or the turn limit."""

    sides: Annotated[list[ImpactSimulationSide], Field(min_length=2, max_length=2)]
    phase: Annotated[int, Field(ge=1, le=5)] = Field(5, description="The text's learning phase (001 L318-683).")
    campaign: ImpactCampaign = ImpactCampaign()
    range: ImpactRange = Field(ImpactRange.punching, description="The range when a bout starts (001 L589).")
    seed: Annotated[int, Field(ge=-(2**63), le=2**63 - 1)] = 0
    offset: Annotated[int, Field(ge=0, le=MAX_OFFSET)] = Field(0, description="Index of the run's first fight.")
    count: Annotated[int, Field(ge=1, le=MAX_FIGHTS)] = Field(
        DEFAULT_COUNT, description="Fights in this request (at most 500)."
    )
    turn_limit: Annotated[int, Field(ge=1, le=MAX_TURN_LIMIT)] = Field(
        DEFAULT_TURN_LIMIT, description="A bout still going after this many turns is a time-out."
    )
