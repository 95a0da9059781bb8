"""The request of Ashes' matchup simulator (the answer is the shared ``SimulationSums``)."""

from __future__ import annotations

from pydantic import Field

from ..base import Model
from ..combatant.model_types import FighterId, PackChoice
from ..combatant.models import Combatant
from .policies import AshesSimPolicy

MAX_FIGHTS = 500  # per request; larger runs are split and merged
MAX_OFFSET = 10_000_000
MAX_ROUNDS = 99
DEFAULT_COUNT = 25  # fights × turn limit within the default REST cost bound (core.simulation.run_cost)
DEFAULT_ROUND_LIMIT = 30


class AshesSimulationSide(Model):
    name: FighterId = Field(
        description="The side's combatant id in every round; when both sides have the same name, the second is "
        "played and reported as `<name>-2`."
    )
    combatant: Combatant = Field(description="The combatant as the fight starts; its id is the side's name.")
    policy: AshesSimPolicy = AshesSimPolicy.balanced


class AshesSimulationRequest(PackChoice):
    """Two sides and a seed range: fight i of the run (offset ≤ i < offset + count) is rounds played from the
    sheets as given, with the i-th seed derived from `seed`, until a side is Vanquished (004 L61) or the limit."""

    sides: list[AshesSimulationSide] = Field(min_length=2, max_length=2)
    seed: int = Field(0, ge=-(2**63), le=2**63 - 1)
    offset: int = Field(0, ge=0, le=MAX_OFFSET, description="Index of the run's first fight.")
    count: int = Field(DEFAULT_COUNT, ge=1, le=MAX_FIGHTS, description="Fights in this request (at most 500).")
    turn_limit: int = Field(
        DEFAULT_ROUND_LIMIT,
        ge=1,
        le=MAX_ROUNDS,
        description="Rounds: a fight still going after this many is a time-out.",
    )
