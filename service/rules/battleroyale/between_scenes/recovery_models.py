"""Getting Damage Ranks back: Catch a Second Wind, restoring Zeroed Out traits, and the end of a Scene."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.models import JsonModel
from ..resolution.models import RoyaleAnswer, RoyaleFighter, RoyaleStepRequest
from ..tables.model_types import JSON_INT, DamageTypeIn, Id


class RoyaleRecoveryPick(JsonModel):
    """One Damage Rank the player takes back: which trait, and a Failure or a Wound Rank."""

    trait: Id
    kind: DamageTypeIn


class RoyaleRecoveryRequest(RoyaleStepRequest):
    fighter: RoyaleFighter
    restore: Annotated[list[Id], Field(max_length=30)] = Field(
        [], description="Zeroed Out traits brought back to Poor, a Spirit Die each (003 L639-L640, L831-L834)."
    )
    second_wind: Annotated[int, Field(ge=0, le=10), JSON_INT] = Field(
        0, description="Spirit Dice spent to Catch a Second Wind, each recovering 1d6 Damage Ranks (003 L636-L640)."
    )
    end_scene: bool = Field(
        False, description="The Scene ends: Failure Ranks go, 1d6 Wound Ranks heal (003 L492-L508)."
    )
    recovery_traits: Annotated[list[Id], Field(max_length=8)] = Field(
        [], description="Strengths that speed healing: their MODs add to the Wound Ranks healed (003 L506-L508)."
    )
    full_recovery: bool = Field(False, description="The GM rules that every Wound Rank heals (003 L503-L505).")
    picks: Annotated[list[RoyaleRecoveryPick], Field(max_length=60)] = Field(
        [],
        description="The player's choice of the ranks recovered, in order (Second Wind first, then the Scene's "
        "Wound Ranks); ranks beyond them go Wound first, highest-rank trait first (our default when unsaid).",
    )
    bowl: Annotated[int, Field(ge=0, le=500), JSON_INT] = 0


class RoyaleRecoveryResult(RoyaleAnswer):
    recovered: int = Field(0, description="Damage Ranks taken off.")
    recovered_failure: int = Field(0, description="Failure Ranks among them.")
    recovered_wound: int = Field(0, description="Wound Ranks among them.")
    spirit_dice_to_bowl: int = 0
    bowl: int = 0
    fighter: RoyaleFighter
