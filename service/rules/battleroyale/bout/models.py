"""A Bout round (003 L835-L941): requests and answers; a Conflict round's share the same pieces."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ...core.models import JsonModel, RulesModel
from ...core.packs import DEFAULT_PACK
from ..pack import PackName, RoyalePack
from ..resolution.models import (
    BoostIn,
    RoyaleAnswer,
    RoyaleBoost,
    RoyaleFighter,
    RoyaleGangPool,
    RoyaleRollDeclaration,
    RoyaleStepRequest,
)
from ..tables.model_types import JSON_INT, DamageTypeIn, Id, RoyaleDamageType, json_member


class RoyaleSplit(StrEnum):
    """How the three Bout dice are divided (003 L876-L890)."""

    all_out_defense = "all_out_defense"
    strong_defense = "strong_defense"
    strong_attack = "strong_attack"
    all_out_attack = "all_out_attack"


class RoyaleBoutPlan(JsonModel):
    """One side's declarations for the round: its strike, its reaction, and how it takes a Form Strength."""

    fighter: Id
    attack: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)
    defense: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)
    damage_type: DamageTypeIn = RoyaleDamageType.wound
    form_bonus: BoostIn = Field(RoyaleBoost.die, description="A Form Strength taken as a die or +1.")
    blitz_attacks: Annotated[int, Field(ge=1, le=12), JSON_INT] | None = Field(
        None,
        description="A Basic Blitz's Strikes this round, up to its MOD (all of them when left out): each rolled with "
        "the attack dice and met by its own reaction with the defense dice (003 L1379-L1382).",
    )
    resist: RoyaleRollDeclaration = Field(
        default_factory=lambda: RoyaleRollDeclaration(style=False),
        description="What the side adds to a Cyclic Attack's Risky Challenge or to breaking a Binding.",
    )
    break_free: bool = Field(False, description="The Strike is spent on a Binding's Challenge (003 L767-L768).")
    harmonize: Id | None = Field(
        None, description="The Style harmonized for this round (003 L235-L241), before the Strike, for both rolls."
    )


class RoyaleBoutChallenge(JsonModel):
    """A Combat Challenge offered in place of this round (003 L868-L870)."""

    initiator: Id
    initiator_roll: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)
    opponent_roll: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)


class RoyaleSwitchReason(StrEnum):
    """Why a Bout's pairs change at the Engage step (003 L862-L863)."""

    mostly_dead = "mostly_dead"
    allies_trade = "allies_trade"


class RoyaleSwitchOut(JsonModel):
    """A fighter who takes over this Bout from another at the start of the round."""

    fighter: Id = Field(description="The fighter who steps in (one of this round's pair).")
    replaces: Id = Field(description="The one who leaves the pair.")
    reason: Annotated[RoyaleSwitchReason, json_member(RoyaleSwitchReason)]
    replaced_mostly_dead: bool = Field(False, description="The one who leaves is Mostly Dead.")


class RoyaleBoutRequest(RoyaleStepRequest):
    round: Annotated[int, Field(ge=1, le=999), JSON_INT] = 1
    bowl: Annotated[int, Field(ge=0, le=500), JSON_INT] = Field(0, description="Spirit Dice in the Bowl.")
    combat_challenge: RoyaleBoutChallenge | None = None
    switch_outs: Annotated[list[RoyaleSwitchOut], Field(max_length=2)] = Field(
        [], description="Opponents switched out at this round's Engage step (003 L862-L863)."
    )
    fighters: Annotated[list[RoyaleFighter], Field(min_length=1, max_length=4)]
    plans: Annotated[list[RoyaleBoutPlan], Field(max_length=4)] = []
    pack: Annotated[PackName, json_member(PackName)] = PackName(DEFAULT_PACK)  # type: ignore[valid-type]
    custom_pack: RoyalePack | None = None


class RoyaleClashResult(RulesModel):
    attacker: str
    defender: str
    attack: int
    defense: int
    damage: int
    damage_type: str


class RoyaleBoutResult(RoyaleAnswer):
    round: int
    attacker: str | None = Field(None, description="Who won the initiative (most Spirit Dice, 003 L864-L867).")
    first: str | None = Field(None, description="Who struck first.")
    splits: dict[str, str] = {}
    clashes: list[RoyaleClashResult] = []
    spirit_dice_to_bowl: int = 0
    bowl: int = Field(0, description="The Bowl after the round: spent Spirit Dice go in (003 L543, L626).")
    challenge: str | None = Field(
        None, description="`cancelled` (the opponent paid a Spirit Die), or the Combat Challenge's winner or `tie`."
    )
    gang_pools: dict[str, RoyaleGangPool] = Field(
        {}, description="Each Minion Gang's bonus dice this round and how many the round used (003 L736-L738)."
    )
    fighters: list[RoyaleFighter]
