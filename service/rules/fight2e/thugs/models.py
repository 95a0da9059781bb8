"""The Thug operations' contract: a Thug build, a Thug group and what their validation answers."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...core.findings import Finding, Unsupported
from ...core.references import Ref
from ..moves.models import Model

DieText = Annotated[
    str,
    Field(
        pattern=r"^1(d[0-9]{1,2}(\+[0-9]{1,2})?)?$",
        max_length=8,
        description="A die as the book writes it: `1d6`, `1d12+2`.",
        examples=["1d6"],
    ),
]
TraitIdText = Annotated[
    str,
    Field(
        pattern=r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$",
        max_length=60,
        description="A trait or Element id from the `thug-traits` catalogue (another id is priced as one "
        "Quality or Weakness, with a warning).",
    ),
]
Attribute = Literal[
    "initiative", "accuracy", "damage", "defense", "life_save", "threat_level", "qualities", "weaknesses"
]


class ThugTraitTake(Model):
    id: TraitIdText
    cost: float | None = Field(
        None,
        ge=0,
        le=20,
        multiple_of=0.5,
        description="For an Element priced `n or more` (Area Effect, Explosive, Suppression): the count of Elements "
        "bought. Ignored for any other trait.",
    )


class ThugSkill(Model):
    id: TraitIdText = Field(description="A Narrative Skill's id (see the `skills` catalogue).")
    level: int = Field(ge=0, le=20)


class ThugBuild(Model):
    """One Thug as bought with Thug Points; every member of a group shares it."""

    name: str | None = Field(None, max_length=80)
    initiative: DieText
    accuracy: int = Field(ge=-20, le=20)
    damage: DieText
    defense: int = Field(ge=-20, le=50)
    life_save: int = Field(ge=-20, le=50)
    threat_level: int = Field(ge=-20, le=50)
    qualities: list[ThugTraitTake] = Field(default_factory=list, max_length=40)
    weaknesses: list[TraitIdText] = Field(default_factory=list, max_length=40)
    skills: list[ThugSkill] = Field(
        default_factory=list, max_length=20, description="The Narrative Skills the Skilled Quality gives."
    )
    declared_points: float | None = Field(
        None, ge=-100, le=500, description="The Thug Points the sheet states; checked against the price computed."
    )


class ThugOptions(Model):
    saga_scale: int = Field(1, ge=1, le=1_000_000, description="1 (none), 10, 100 or 1000 people per Thug.")
    allow_defense_over_5: bool = Field(False, description="Defense above 5 is a warning instead of an error.")
    throws_blockable: bool = Field(False, description="The campaign lets Throws be blocked (Throw costs 0).")
    gun_die_included_in_listing: bool = Field(
        False, description="The listed Damage already holds the Gun's extra die size (default: Gun adds it)."
    )


class ThugRequest(Model):
    thug: ThugBuild
    options: ThugOptions = ThugOptions()


class ThugMembers(Model):
    thug: ThugBuild
    count: int = Field(ge=0, le=100, description="How many members have this build.")


class ThugGroup(Model):
    name: str | None = Field(None, max_length=80)
    members: list[ThugMembers] = Field(min_length=1, max_length=10)


class ThugGroupRequest(Model):
    group: ThugGroup
    options: ThugOptions = ThugOptions()


class PointItem(Model):
    attribute: Attribute
    id: str | None = Field(None, description="The trait priced (qualities and weaknesses).")
    value: str = Field(description="What was bought, as written (`1d6`, `+2`, `3`, a trait's id).")
    points: float
    ref: Ref | None


class ThugPoints(Model):
    items: list[PointItem] = Field(description="Each attribute and trait with its price, in the build's order.")
    total: float = Field(description="The sum; a half point stays (Always Does Damage costs ½).")
    rounded: int = Field(description="The total rounded up: what the 50-point cap and the Glory divisor use.")
    declared: float | None
    maximum: int


class EffectiveAttributes(Model):
    """The attributes a group fights with: bought, raised by Gun, then one step per Saga Scale step."""

    saga_scale: int
    steps: int = Field(description="Saga Scale steps applied to every attribute (0, 1, 2 or 3).")
    initiative: str | None = Field(description="Null when the bought die is not on the die chain.")
    accuracy: int
    damage: str | None = Field(description="Null when the bought die is not on the die chain.")
    defense: int
    life_save: int
    threat_level: int


class SkillLevels(Model):
    quality_checks: int = Field(description="Skill level for a Quality's check: the Defense.")
    assumed_skills: int = Field(description="A skill the Director assumes the group has: half the Defense, up.")
    skilled_count: int | None = Field(description="With Skilled: how many Narrative Skills it gives.")
    skilled_level: int | None = Field(description="With Skilled: the level of each.")


class ThugFigures(Model):
    points: ThugPoints
    glory_divisor: int = Field(description="What Glory earned against this Thug is divided by at the end.")
    effective: EffectiveAttributes
    skill_levels: SkillLevels


class ThugValidation(ThugFigures):
    ruleset: str
    ruleset_version: str
    valid: bool
    violations: list[Finding]
    warnings: list[Finding]
    info: list[Finding]
    unsupported: list[Unsupported]


class ThugGroupValidation(Model):
    ruleset: str
    ruleset_version: str
    valid: bool
    violations: list[Finding]
    warnings: list[Finding]
    info: list[Finding]
    unsupported: list[Unsupported]
    size: int = Field(description="Members in the group.")
    glory_divisor: int = Field(description="From the cheapest build listed (one build in a legal group).")
    members: list[ThugFigures] = Field(description="Each entry of `group.members` priced, in order.")


class ThugGroupPoints(Model):
    name: str | None = Field(None, max_length=80)
    thug: ThugBuild


class RawGlory(Model):
    id: str = Field(min_length=1, max_length=60, description="The Fighter.")
    raw_glory: float = Field(
        ge=0, le=100_000, multiple_of=0.5, description="Glory earned in the whole combat, before the division."
    )


class ThugCombatEndRequest(Model):
    groups: list[ThugGroupPoints] = Field(
        min_length=1, max_length=20, description="Every Thug group that took part (the cheapest sets the divisor)."
    )
    fighters: list[RawGlory] = Field(min_length=1, max_length=20)


class DividedGlory(Model):
    id: str
    raw_glory: float
    glory: int = Field(description="The raw Glory over the divisor, rounded up.")


class ThugCombatEnd(Model):
    ruleset: str
    ruleset_version: str
    valid: bool = Field(description="False when a group's build breaks a rule; the Glory is still divided.")
    violations: list[Finding]
    warnings: list[Finding]
    info: list[Finding]
    unsupported: list[Unsupported]
    lowest_points: int = Field(description="Thug Points of the cheapest group (rounded up).")
    glory_divisor: int
    fighters: list[DividedGlory]
