"""Challenges, Risky Challenges and Combat Challenges: requests and answers."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.models import JsonModel
from ...core.packs import DEFAULT_PACK
from ..pack import PackName, RoyalePack
from ..resolution.models import BoostIn, RoyaleAnswer, RoyaleFighter, RoyaleRollDeclaration, RoyaleStepRequest
from ..tables.model_types import JSON_INT, DamageTypeIn, RankIn, RoyaleDamageType, json_member


class _In(JsonModel):
    pass


class RoyaleByDifficulty(_In):
    """A Difficulty Rank: its Target Number is the chart's (003 L346-L358)."""

    difficulty: RankIn


class RoyaleByNumber(_In):
    """A Target Number set directly."""

    tn: Annotated[int, Field(ge=2, le=40), JSON_INT]


class RoyaleByZones(_In):
    """A move across this many zones: the pack's crossing TN, +2 per zone skipped (003 L964-L976)."""

    zones: Annotated[int, Field(ge=1, le=3), JSON_INT]


class RoyaleByMinion(_In):
    """A lone Minion: its rank's TN, or TN 7 when its one Strength does not bear on the task (003 L724-L731)."""

    minion: RankIn = Field(description="The Minion's one Strength's rank.")
    relevant: bool = Field(True, description="Its Strength bears on the task (the GM's call).")


class RoyaleChallengeRequest(RoyaleStepRequest):
    """One roll against a Target Number (003 L346-L427)."""

    fighter: RoyaleFighter
    roll: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)
    target: RoyaleByDifficulty | RoyaleByNumber | RoyaleByZones | RoyaleByMinion = Field(
        description="What the roll must meet: a Difficulty Rank, a Target Number, a number of zones crossed, or a "
        "lone Minion."
    )
    risky: bool = Field(False, description="A Risky Challenge: failing deals the shortfall as Damage Ranks.")
    damage_type: DamageTypeIn = RoyaleDamageType.wound
    helpers: Annotated[list[BoostIn], Field(max_length=8)] = Field(
        [], description="Team effort: each helper adds a die or +1 (003 L422-L427)."
    )
    first_failure: bool = Field(True, description="No earlier failure at this Challenge (a Training Point).")
    significant: bool = Field(
        True,
        description="A risk or reward rides on it: only then does a failure earn a Training Point (003 L655-L660).",
    )
    bowl: Annotated[int, Field(ge=0, le=500), JSON_INT] = Field(0, description="Spirit Dice in the Bowl.")
    pack: Annotated[PackName, json_member(PackName)] = PackName(DEFAULT_PACK)  # type: ignore[valid-type]
    custom_pack: RoyalePack | None = None


class RoyaleChallengeResult(RoyaleAnswer):
    tn: int
    total: int | None = None
    success: bool | None = None
    damage: int = 0
    training_points: int = Field(0, description="Training Points earned by this roll.")
    spirit_dice_to_bowl: int = 0
    bowl: int = Field(0, description="The Bowl after the roll: spent Spirit Dice go in (003 L543, L626).")
    fighter: RoyaleFighter


class RoyaleCombatChallengeRequest(RoyaleStepRequest):
    """A Combat Challenge (003 L789-L806): both roll, the higher gains a Spirit Die from the Bowl, the lower takes
    a Failure Rank."""

    initiator: RoyaleFighter
    opponent: RoyaleFighter
    initiator_roll: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)
    opponent_roll: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)
    bowl: Annotated[int, Field(ge=0, le=500), JSON_INT] = Field(0, description="Spirit Dice in the Bowl.")
    pack: Annotated[PackName, json_member(PackName)] = PackName(DEFAULT_PACK)  # type: ignore[valid-type]
    custom_pack: RoyalePack | None = None


class RoyaleCombatChallengeResult(RoyaleAnswer):
    challenge_winner: str | None = Field(None, description="Who rolled higher (null on a tie or before).")
    totals: dict[str, int] = {}
    bowl: int
    fighters: list[RoyaleFighter]
