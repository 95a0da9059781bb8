"""The data pack: table settings the text leaves open or does not give, each with its source."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

from pydantic import Field

from ..core.models import Record
from ..core.packs import Source, load_packs, pack_names
from .tables.model_types import JSON_INT, json_member


class RoyaleSupernaturalAccess(StrEnum):
    any_style = "any_style"
    mystic_only = "mystic_only"


class RoyaleZeroOutTraining(StrEnum):
    every_time = "every_time"
    first_per_scene = "first_per_scene"


class RoyaleMinionTarget(StrEnum):
    meet_or_beat = "meet_or_beat"
    strictly_higher = "strictly_higher"


class _Setting(Record):
    source: Source


class RoyaleAccessSetting(_Setting):
    value: Annotated[RoyaleSupernaturalAccess, json_member(RoyaleSupernaturalAccess)]


class RoyaleZeroOutSetting(_Setting):
    value: Annotated[RoyaleZeroOutTraining, json_member(RoyaleZeroOutTraining)]


class RoyaleMinionSetting(_Setting):
    value: Annotated[RoyaleMinionTarget, json_member(RoyaleMinionTarget)]


class RoyaleNumberSetting(_Setting):
    value: Annotated[int, Field(ge=0, le=30), JSON_INT]


class RoyalePack(Record):
    """A Battle Royale data pack: how the table plays where the text leaves the choice open."""

    supernatural_access: RoyaleAccessSetting = Field(description="Who may use Supernatural Moves.")
    zero_out_training_points: RoyaleZeroOutSetting = Field(description="Whether every Zero Out earns a Training Point.")
    minion_target: RoyaleMinionSetting = Field(description="Whether meeting a lone Minion's Target Number beats it.")
    zone_crossing_tn: RoyaleNumberSetting = Field(description="Target Number to move to the next zone.")
    zone_skip_tn_step: RoyaleNumberSetting = Field(description="Added to that Target Number per further zone skipped.")


PACKS = load_packs(Path(__file__).resolve().parent / "data", RoyalePack)
PackName = pack_names("BattleroyalePackName", PACKS)
