"""The character a request sends for validation, and the answer: every finding at once, with derived figures."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.findings import Finding, Unsupported
from ...core.models import JsonModel, RulesModel
from ...core.packs import DEFAULT_PACK
from ..pack import PackName, RoyalePack
from ..tables.model_types import (
    JSON_INT,
    BoughtIn,
    Count,
    Id,
    Name,
    RankIn,
    Ranks,
    RoyaleBought,
    RoyaleRank,
    RoyaleStyleBought,
    RoyaleTechniqueKind,
    StrengthBoughtIn,
    StyleBoughtIn,
    TechniqueKindIn,
    json_member,
)

TraitRef = Annotated[str, Field(min_length=1, max_length=80)]
FormName = Annotated[str, Field(min_length=1, max_length=80)]
Raises = Annotated[int, Field(ge=0, le=8, description="Ranks bought with Training Points since creation."), JSON_INT]


class _In(JsonModel):
    pass


class RoyaleDamaged(_In):
    failure_ranks: Ranks = 0
    wound_ranks: Ranks = 0


class RoyaleCoreStrength(RoyaleDamaged):
    name: Name
    rank: RankIn = RoyaleRank.good
    training_raises: Raises = 0


class RoyaleCoreStrengths(_In):
    """A missing one is a finding (`CORE_STRENGTH_MISSING`), not a malformed request."""

    motivation: RoyaleCoreStrength | None = None
    past: RoyaleCoreStrength | None = None
    focus: RoyaleCoreStrength | None = None


class RoyaleStrength(RoyaleDamaged):
    id: Id
    name: Name
    rank: RankIn
    bought_with: StrengthBoughtIn | None = Field(
        None,
        description="Left out: a creation Strength at Average is taken as bought with Bonus Points (003 L286–L290), "
        "any other as bought with a Strength Rank; an `info` finding says so.",
    )
    training_raises: Raises = Field(0, description="For a Strength from creation; one bought in play starts at Good.")


class RoyaleStyle(RoyaleDamaged):
    id: Id
    name: Name
    theme: Annotated[str, Field(max_length=200)] = Field(
        "", description="No price and no creation step: a missing Theme is a warning (003 L988–L1023)."
    )
    forms: Annotated[list[FormName], Field(max_length=4)] = Field(
        [], description="The six Forms by name (any case); another name is taken as a custom Form, with a warning."
    )
    custom_forms: Annotated[list[Name], Field(max_length=4, description="Forms the group made up.")] = []
    rank: RankIn
    bought_with: StyleBoughtIn = RoyaleStyleBought.style_rank
    training_raises: Raises = 0


class RoyaleFlaw(_In):
    name: Name
    bought_with: BoughtIn = RoyaleBought.creation


class RoyaleTechnique(_In):
    name: Name
    kind: TechniqueKindIn = RoyaleTechniqueKind.situational
    chained_to: TraitRef | None = Field(
        None,
        description="The Strength or Style, by id (`motivation`, `past`, `focus` for the core) or by name; null: "
        "unchained. One the sheet lacks is `TECHNIQUE_CHAIN_INVALID`.",
    )
    bought_with: BoughtIn = RoyaleBought.creation


class RoyaleSignatureMove(_In):
    id: Id
    name: Name
    style: TraitRef | None = Field(
        None, description="The Style it belongs to, by id or name; left out with one Style, that one (an `info`)."
    )
    move: Id | None = Field(None, description="The sample Move it is based on, when it is one.")
    supernatural: bool = False
    bought_with: BoughtIn = RoyaleBought.creation
    times_used: Count = Field(0, description="Times the Move was used in play before it became a Signature Move.")


class RoyaleSessionExtras(_In):
    """Start-of-session Spirit Dice awards the GM hands out beyond showing up and Style Mastery."""

    hosting: bool = False
    refreshments: bool = False
    loaning_materials: bool = False
    additional_awesomeness: bool = False


class RoyaleCharacter(_In):
    name: Name
    core: RoyaleCoreStrengths = Field(default_factory=RoyaleCoreStrengths)
    strengths: Annotated[list[RoyaleStrength], Field(max_length=24)] = []
    styles: Annotated[list[RoyaleStyle], Field(max_length=8)] = []
    flaws: Annotated[list[RoyaleFlaw], Field(max_length=12)] = []
    techniques: Annotated[list[RoyaleTechnique], Field(max_length=24)] = []
    signature_moves: Annotated[list[RoyaleSignatureMove], Field(max_length=8)] = []
    style_ranks_exchanged: Annotated[int, Field(ge=0, le=10), JSON_INT] | None = Field(
        None,
        description="Creation Style Ranks traded for two Strength Ranks each (003 L242–L243). Left out: none, unless "
        "the sheet's counts balance only with an exchange, which is then assumed (an `info`).",
    )
    flaw_changes: Annotated[int, Field(ge=0, le=50), JSON_INT] = Field(
        0, description="Flaws altered or removed with Training Points."
    )
    training_points_earned: Annotated[int, Field(ge=0, le=9999), JSON_INT] = 0
    training_points: Annotated[int, Field(ge=0, le=9999), JSON_INT] | None = Field(
        None, description="Unspent Training Points, checked against earned minus spent when given."
    )
    spirit_dice: Annotated[int, Field(ge=0, le=99), JSON_INT] | None = Field(
        None, description="Spirit Dice held; checked against the session allotment for a new character."
    )
    session: RoyaleSessionExtras = Field(default_factory=RoyaleSessionExtras)


class RoyaleCharacterRequest(_In):
    character: RoyaleCharacter
    pack: Annotated[PackName, json_member(PackName)] = Field(  # type: ignore[valid-type]
        PackName(DEFAULT_PACK), description="A shipped data pack by name."
    )
    custom_pack: RoyalePack | None = Field(None, description="An inline data pack; wins over `pack`.")


class RoyaleLedger(RulesModel):
    allowed: int
    used: int


class RoyaleHalfLedger(RulesModel):
    """Style Ranks, counted in halves: a split Average Style uses half a rank."""

    allowed_halves: int
    used_halves: int


class RoyaleTrainingLedger(RulesModel):
    earned: int
    spent: int
    balance: int


class RoyaleTraitState(RulesModel):
    id: str
    kind: str = Field(description="`core`, `strength` or `style`.")
    name: str
    rank: RankIn
    mod: int
    creation_rank: RoyaleRank | None = Field(description="Its rank at the end of creation; null when bought in play.")
    current_rank: RoyaleRank | None = Field(description="After Damage Ranks; null when Zeroed Out.")
    current_mod: int | None
    zeroed_out: bool
    ranks_to_zero_out: int = Field(description="Damage Ranks it can still take before it Zeroes Out.")


class RoyaleDerived(RulesModel):
    traits: list[RoyaleTraitState]
    strength_ranks: RoyaleLedger
    style_ranks: RoyaleHalfLedger
    bonus_points: RoyaleLedger
    training_points: RoyaleTrainingLedger
    session_spirit_dice: int = Field(description="Spirit Dice from the Box at the start of each session.")
    damage_capacity: int = Field(description="Damage Ranks the character can still take before Absolute Zero.")
    absolute_zero: bool


class RoyaleCharacterValidation(RulesModel):
    ruleset: str
    ruleset_version: str
    valid: bool
    derived: RoyaleDerived
    violations: list[Finding] = []
    warnings: list[Finding] = []
    info: list[Finding] = Field([], description="What the service assumed where the sheet is silent.")
    unsupported: list[Unsupported] = []
