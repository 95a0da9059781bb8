"""Request and answer models of the fight2e move operations: the contract, as pydantic models.

Every number is bounded, so no request can make the core loop or allocate without limit: a value outside
its bounds is a malformed request (4xx); a value inside them that the book forbids is a rule violation (200).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import (
    BeforeValidator,
    Field,
    StrictBool,
    field_validator,
)

from ...core.findings import Finding, Unsupported
from ...core.json_values import BUILT as BUILT  # re-exported: the cores build their answers with it
from ...core.json_values import JsonValues
from ...core.json_values import json_integer as _json_integer
from ...core.models import Record

# An integer as JSON Schema means it; requests are validated strictly otherwise (no "3" for 3, no 0 for false).
StrictInt = Annotated[int, BeforeValidator(_json_integer)]


def OptionalInt(low: int, high: int) -> object:
    """An optional bounded integer (bounds before the JSON-integer conversion, so the schema keeps them)."""
    return Annotated[int, Field(ge=low, le=high), BeforeValidator(_json_integer)] | None


Id = Annotated[str, Field(min_length=1, max_length=80)]
OptionValue = StrictInt | StrictBool | Annotated[str, Field(max_length=120)] | Annotated[list[Id], Field(max_length=20)]


class MoveType(StrEnum):
    special = "special"
    super = "super"


class EntryKind(StrEnum):
    element = "element"
    liability = "liability"


class DamageBasis(StrEnum):
    strength = "strength"
    ki = "ki"


class Plain(Record):
    """Frozen, no unknown fields. Models whose integers all convert JSON's 3.0 themselves (``StrictInt``,
    ``OptionalInt``) and that hold no enum derive from this directly: no per-model hook runs on parsing."""


class Model(JsonValues, Plain):
    """A ``Plain`` model that also takes JSON enum values and integral floats in any of its fields
    (``core.json_values``)."""


class EntryRef(Plain):
    """One Element or Liability as the builder wrote it down (also one entry of a Random Effect combination)."""

    id: Id = Field(description="Catalogue id, e.g. `increased_damage` or `bomb.short_timer`.")
    times: StrictInt = Field(1, ge=1, le=20, description="Instances taken (default 1).")
    options: dict[Annotated[str, Field(max_length=40)], OptionValue] = Field(
        default_factory=dict,
        max_length=12,
        description="Design choices fixed when the move is built, e.g. Perfect Hit's `target`.",
    )
    condition: str | None = Field(None, max_length=300, description="Free-text condition (Liabilities).")

    @field_validator("options")
    @classmethod
    def _sorted(cls, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        return dict(sorted(options.items()))  # a canonical order, so equal requests have equal cache keys


class RandomCombination(Plain):
    """One combination of a Random Effect: Elements and Liabilities built like a Special Move (Chapter 4, Elements
    and Liabilities)."""

    name: str | None = Field(None, max_length=120, description="e.g. `Grenade`.")
    entries: list[EntryRef] = Field(
        max_length=40, description="Its Elements and Liabilities, each with its instances and design choices."
    )


class EntryChoice(EntryRef):
    """One Element or Liability of a move."""

    combinations: list[RandomCombination] | None = Field(
        None, max_length=20, description="Random Effect only: its combinations (the book allows up to ten)."
    )


class TechniqueOption(StrEnum):
    """Campaign options that gate what a move may carry and that one Fighter may hold as a Technique Quality
    instead (the Technique Quality: Chapter 2, Quality Descriptions; Wall Springs, Dash and Sidestep: Chapter 4,
    Basic Moves)."""

    wall_springs = "wall_springs"
    sidestep = "sidestep"
    dash = "dash"


class FighterContext(Model):
    """What a move's legality and figures depend on from its owner. Every field is optional."""

    power_level: OptionalInt(1, 10) = Field(None)  # type: ignore[valid-type]
    strength: OptionalInt(-2, 3) = Field(  # type: ignore[valid-type]
        None, description="Basic Quality; shifts the damage die."
    )
    speed: OptionalInt(-2, 3) = Field(None, description="Basic Quality (for Buffs that raise it).")  # type: ignore[valid-type]
    stamina: OptionalInt(-2, 3) = Field(  # type: ignore[valid-type]
        None, description="Basic Quality (for Buffs that raise or lower it)."
    )
    defense_skill: OptionalInt(0, 30) = Field(  # type: ignore[valid-type]
        None, description="Defense Skill (a Buff may trade points of it away)."
    )
    ki: OptionalInt(0, 10) = Field(None, description="Ki Skill (0 = none).")  # type: ignore[valid-type]
    styles: StrictInt = Field(1, ge=1, le=10, description="Styles known (Multiple Styles Quality).")
    receiving_styles: OptionalInt(1, 10) = Field(  # type: ignore[valid-type]
        None, description="With the Director's leave: styles that actually get this move."
    )
    cross_style: StrictBool = Field(False, description="The move is a Cross-Style Move.")
    base_style: StrictBool = Field(True, description="The move belongs to the Base Style.")
    harder_command_move_flaws: StrictInt = Field(0, ge=0, le=10)
    borrow_identities: StrictBool = False
    style_change: StrictBool = Field(False, description="Has the Style Change Quality.")
    techniques: list[TechniqueOption] = Field(
        default_factory=list,
        max_length=10,
        description="Campaign options the Fighter holds as a Technique "
        "Quality: his moves may use them even where the campaign does not.",
    )

    @field_validator("techniques")
    @classmethod
    def _canonical(cls, techniques: list[TechniqueOption]) -> list[TechniqueOption]:
        return sorted(set(techniques))  # equal requests, equal cache keys


class Campaign(Plain):
    """Campaign switches that change pricing or legality; the defaults are the core book."""

    supers: StrictBool = True
    super_stun: StrictBool = Field(False, description="Director option: Super Moves keep the Stun keyword.")
    three_tier_supers: StrictBool = False
    attack_strings: StrictBool = Field(False, description="Special Moves cost one level more.")
    throws_blockable: StrictBool = Field(
        False,
        description="Director option: Throws can be blocked; the Throw Element then costs 0 and loses its +1 Accuracy.",
    )
    free_basic_throws: StrictInt = Field(0, ge=0, le=5, description="Free L2 Throw moves at PL 1.")
    charge_moves_must_be_l3: StrictBool = False
    wall_springs: StrictBool = False
    sidestep: StrictBool = False
    tag_team: StrictBool = False
    transformations: StrictBool = False
    breakfall: StrictBool = False
    tech_roll: StrictBool = False
    dash: StrictBool = False
    denied: list[Id] = Field(default_factory=list, max_length=300, description="Entries the Director disallows.")


DEFAULT_CAMPAIGN = Campaign()  # frozen, so every request without a campaign can share it


class MoveRequest(Plain):
    name: str | None = Field(None, max_length=120)
    # A Literal, not the enum: requests are validated strictly, and strict mode takes an enum's value only from JSON.
    type: Literal["special", "super"] = "special"
    level: StrictInt = Field(ge=0, le=30)
    elements: list[EntryChoice] = Field(default_factory=list, max_length=64)
    liabilities: list[EntryChoice] = Field(default_factory=list, max_length=64)
    free_throw: StrictBool = Field(
        False, description="One of the campaign's free Basic Throws (Chapter 4, Definitions)."
    )
    tier: StrictInt = Field(1, ge=1, le=3, description="Tier of a three-tier Super Move (1–3).")
    fighter: FighterContext | None = None
    campaign: Campaign = Field(default_factory=lambda: DEFAULT_CAMPAIGN)


class ResolvedEntry(Plain):
    id: str
    name: str
    kind: EntryKind
    times: int
    cost: float = Field(description="Total Element slots: positive for Elements, negative for Liabilities.")
    combo: list[str] = Field(
        default_factory=list,
        description="Combo keywords that qualify only this entry's effect (Initial, Final, Mixup).",
    )
    path: str


class AccuracyVs(Plain):
    defense: int
    evasion: int
    tactics: int


class Damage(Plain):
    die: str = Field(description="Base damage die after Increased Damage and other steps, before Strength.")
    die_with_strength: str | None = Field(None, description="With the fighter's Strength, when given and it applies.")
    flat_bonus: int = 0
    minimum_roll: int = Field(1, description="Re-roll until at least this (1 = no minimum).")
    stun_bonus: int = 0
    based_on: DamageBasis


class Range(Plain):
    min: int
    max: int


class MovePrice(Plain):
    ruleset: str
    ruleset_version: str
    name: str | None
    type: MoveType
    level: int
    legal: bool
    violations: list[Finding]
    warnings: list[Finding]
    info: list[Finding]
    unsupported: list[Unsupported]
    element_slots: int = Field(description="Slots the level gives (Special L+1, Super 2L, −1 Borrow Identities).")
    liability_slots: int = Field(description="Extra slots earned by Liabilities (whole).")
    elements_spent: int = Field(description="Slots used: ceil(Elements − Liabilities).")
    unused_slots: int
    move_points: int
    control: int
    glory: int
    accuracy: int
    accuracy_vs: AccuracyVs
    damage: Damage | None = Field(
        description="The ordinary damage: an Element a Perfect Hit guards is left out "
        "(Chapter 4, Elements and Liabilities)."
    )
    damage_with_perfect_hit: Damage | None = Field(
        None,
        description="The damage when every Perfect Hit roll succeeds; null when no Perfect Hit guards an "
        "Element that changes the damage.",
    )
    keywords: list[str]
    combo_keywords: list[str]
    range: Range | None
    super_energy_cost: int | None = None
    entries: list[ResolvedEntry]


class PriceBatchRequest(Plain):
    moves: list[MoveRequest] = Field(min_length=1, max_length=200)


class PriceBatchResponse(Plain):
    ruleset: str
    ruleset_version: str
    results: list[MovePrice]
