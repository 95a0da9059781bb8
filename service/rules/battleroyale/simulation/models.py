"""The request of Battle Royale's matchup simulator (the answer is the shared ``SimulationSums``)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.models import JsonModel
from ...core.packs import DEFAULT_PACK
from ..pack import PackName, RoyalePack
from ..resolution.models import RoyaleFighter
from ..tables.model_types import JSON_INT, Id, json_member
from .policies import RoyaleSimPolicy

MAX_FIGHTS = 500  # per request; larger runs are split and merged
MAX_OFFSET = 10_000_000
MAX_ROUNDS = 99
DEFAULT_COUNT = 25  # fights × turn limit within the default REST cost bound (core.simulation.run_cost)
DEFAULT_ROUND_LIMIT = 30


class _In(JsonModel):
    pass


class RoyaleSimulationSide(_In):
    name: Id = Field(
        description="The side's fighter id in every round; when both sides have the same name, the second is played "
        "and reported as `<name>_2`."
    )
    fighter: RoyaleFighter = Field(description="The fighter as the Bout starts; its id is the side's name.")
    policy: Annotated[RoyaleSimPolicy, json_member(RoyaleSimPolicy)] = RoyaleSimPolicy.balanced


class RoyaleSimulationRequest(_In):
    """Two sides and a seed range: fight i of the run (offset ≤ i < offset + count) is Bout rounds played from the
    fighters as given, with the i-th seed derived from `seed`, until one hits Absolute Zero (003 L515-L518) or the
    limit."""

    sides: Annotated[list[RoyaleSimulationSide], Field(min_length=2, max_length=2)]
    pack: Annotated[PackName, json_member(PackName)] = PackName(DEFAULT_PACK)  # type: ignore[valid-type]
    custom_pack: RoyalePack | None = None
    seed: Annotated[int, Field(ge=-(2**63), le=2**63 - 1), JSON_INT] = 0
    offset: Annotated[int, Field(ge=0, le=MAX_OFFSET), JSON_INT] = Field(
        0, description="Index of the run's first fight."
    )
    count: Annotated[int, Field(ge=1, le=MAX_FIGHTS), JSON_INT] = Field(
        DEFAULT_COUNT, description="Fights in this request (at most 500)."
    )
    turn_limit: Annotated[int, Field(ge=1, le=MAX_ROUNDS), JSON_INT] = Field(
        DEFAULT_ROUND_LIMIT, description="Bout rounds: a fight still going after this many is a time-out."
    )
