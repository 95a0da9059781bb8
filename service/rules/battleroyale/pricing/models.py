"""Requests and answers of the two prices: a Move's activation in Spirit Dice, and what Bonus Points and Training
Points buy."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ...core.findings import Finding, Unsupported
from ...core.models import JsonModel, RulesModel
from ...core.packs import DEFAULT_PACK
from ...core.references import Ref
from ..character.models import RoyaleCharacter
from ..pack import PackName, RoyalePack
from ..tables.model_types import (
    JSON_INT,
    FormIn,
    Id,
    MoveKindIn,
    RankIn,
    Ranks,
    RoyaleMoveKind,
    RoyaleRank,
    json_member,
)
from ..tables.records import creation, moves

SampleMoveId = StrEnum("RoyaleSampleMoveId", {m.id: m.id for m in moves().moves})  # type: ignore[misc]
PurchaseId = StrEnum("RoyalePurchaseId", {p.id: p.id for p in creation().purchases})  # type: ignore[misc]


class _In(JsonModel):
    pass


class RoyaleMoveRequest(_In):
    style_rank: RankIn = Field(description="The Style's rank on the sheet.")
    style_damage: Ranks = Field(0, description="Damage Ranks on the Style: the Move Rank counts from what is left.")
    forms: Annotated[list[FormIn], Field(max_length=4)] = []
    shifts: Annotated[int, Field(ge=-6, le=10), JSON_INT] = Field(
        0, description="Upshifts (positive) or Downshifts (negative) from the Style's rank."
    )
    kind: MoveKindIn = RoyaleMoveKind.basic
    signature: bool = False
    favored: bool = Field(False, description="The GM rules the Move one the Style's Form favors.")
    move: Annotated[SampleMoveId, json_member(SampleMoveId)] | None = Field(
        None, description="A sample Move, for the figures its rank gives."
    )  # type: ignore[valid-type]
    wound_ranks: bool = Field(False, description="A Mystic Attack paying to deal Wound Ranks instead of Failure.")
    spirit_dice: Annotated[int, Field(ge=0, le=99), JSON_INT] | None = Field(
        None, description="Spirit Dice the fighter holds."
    )
    style_id: Id | None = None
    pack: Annotated[PackName, json_member(PackName)] = PackName(DEFAULT_PACK)  # type: ignore[valid-type]
    custom_pack: RoyalePack | None = None


class RoyaleRankInfo(RulesModel):
    rank: RoyaleRank
    name: str
    mod: int
    tn: int


class RoyaleCostStep(RulesModel):
    rule: str
    spirit_dice: int = Field(description="The cost after this step.")
    ref: Ref | None


class RoyaleMoveFigure(RulesModel):
    id: str
    value: int


class RoyaleMovePrice(RulesModel):
    ruleset: str
    ruleset_version: str
    legal: bool
    move_rank: RoyaleRankInfo | None
    spirit_dice: int = Field(description="Spirit Dice the Move costs to activate.")
    dice: int = Field(description="d6 rolled and kept in a Conflict roll with the Move (a Signature Move adds one).")
    steps: list[RoyaleCostStep]
    figures: list[RoyaleMoveFigure] = Field(description="What the sample Move's rank gives (TN, damage, turns …).")
    affordable: bool | None
    violations: list[Finding] = []
    warnings: list[Finding] = []
    unsupported: list[Unsupported] = []


class RoyalePurchaseLine(_In):
    purchase: Annotated[PurchaseId, json_member(PurchaseId)]  # type: ignore[valid-type]
    count: Annotated[int, Field(ge=1, le=20), JSON_INT] = 1
    trait: Annotated[str, Field(min_length=1, max_length=80)] | None = Field(
        None, description="For a raise: the character's Strength or Style (id or name), checked against Master."
    )


class RoyalePurchaseRequest(_In):
    purchases: Annotated[list[RoyalePurchaseLine], Field(min_length=1, max_length=30)]
    character: RoyaleCharacter | None = Field(
        None, description="The buyer: raises are checked against the Master cap (003 L675-L676, L681-L682)."
    )
    training_points: Annotated[int, Field(ge=0, le=9999), JSON_INT] | None = Field(
        None, description="Training Points on hand (else the character's unspent ones, when it gives them)."
    )


class RoyalePurchasePriceLine(RulesModel):
    purchase: str
    name: str
    count: int
    bonus_points: int | None = Field(description="Null when Bonus Points cannot buy it.")
    training_points: int | None = Field(description="Null when Training Points cannot buy it.")
    ref: Ref | None


class RoyalePurchasePrice(RulesModel):
    ruleset: str
    ruleset_version: str
    lines: list[RoyalePurchasePriceLine]
    bonus_points: int | None = Field(description="Total at creation; null when a line cannot be bought so.")
    training_points: int | None = Field(description="Total in play; null when a line cannot be bought so.")
    training_points_on_hand: int | None = None
    affordable: bool | None = Field(None, description="The Training Points on hand pay for it; null when not given.")
    legal: bool = Field(True, description="No raise goes past Master and every raised trait is the character's.")
    violations: list[Finding] = []
    warnings: list[Finding] = []
