"""Typed schema of the fight2e character catalogue (``data/character/*.yaml``).

The book's Chapters 1–3 and Appendix B give the lists a Fighter is built from: the Power Level Chart, the skill
point schemes, the Qualities, Weaknesses and Quirks, the Skills and the Defensive Responses a Fighter may buy
bonuses for. Each is one record here, validated once at start-up, exactly like the moves catalogue.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field, field_validator

from ...core.references import BookRef
from .schema import REF_PATTERN, Frozen

TraitId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]


def _check_ref(v: str) -> str:
    if not REF_PATTERN.match(v):
        raise ValueError(f"ref must look like '000 L995–L1019', got {v!r}")
    return v


def _one_line(v: str) -> str:
    if "\n" in v.strip() or not v.strip():
        raise ValueError("summary must be one non-empty line")
    return v.strip()


class Described(Frozen):
    id: TraitId
    name: str
    summary: str  # one line, in our own words
    ref: BookRef  # "000 Lnnnn–Lnnnn"

    _v_ref = field_validator("ref", mode="before")(_check_ref)
    _v_summary = field_validator("summary")(_one_line)


class PowerLevelRow(Frozen):
    """One row of the Power Level Chart (Chapter 1, Power Level), or of the optional Boss extension (Chapter 6,
    Pacing a Campaign)."""

    power_level: int = Field(ge=1, le=10)
    glory_min: int | None  # None: Glory does not apply (extended Boss levels)
    glory_max: int | None  # None: open-ended (PL 8) or not applicable
    super_moves: int = Field(ge=0)
    combat_bonuses: int = Field(ge=0)  # total number of +1 bonuses
    combat_bonus_max_single: int = Field(ge=0)  # highest value a single category may reach (000 L756)
    det: int = Field(ge=0)
    full_defense: int = Field(ge=0)
    life_bar: int = Field(ge=0)
    fighting_spirit: int = Field(ge=0)
    extended: bool = False  # optional Boss-only row
    ref: BookRef

    _v_ref = field_validator("ref", mode="before")(_check_ref)


class SkillPointScheme(Described):
    """Combat and Narrative Skill Point grants (Chapter 1, Designing a Character; Chapter 1, Power Level)."""

    csp_first: int = Field(ge=0)  # Combat Skill Points at PL 1
    csp_per_advancement: int = Field(ge=0)
    nsp_first: int = Field(ge=0)  # Narrative Skill Points at PL 1
    nsp_per_advancement: int = Field(ge=0)


class DefensiveResponse(Described):
    """A Defensive Response (Chapter 5, Defending Against An Attack); ``eligible``: may carry a bought bonus at
    PL 5+ (Chapter 1, Power Level)."""

    eligible: bool


class ParamKind(StrEnum):
    """What a trait take must name when it is taken."""

    skills = "skills"  # two Skills from ``skill_choices`` (first +2/+1 or +1/+1)
    skill = "skill"  # one Skill (``skill_choices`` empty: any Narrative Skill)
    subject = "subject"  # a free description: the power, item, locale, rule, hunter, object of fear…
    descriptor = "descriptor"  # Attractive / Interesting Appearance descriptors
    benefit = "benefit"  # Distracting's chosen benefit
    category = "category"  # Gun Expert's weapon category


class TraitKind(StrEnum):
    quality = "quality"
    weakness = "weakness"


class Trait(Described):
    """A Quality or a Weakness (Chapter 2, Quality Descriptions; Appendix B)."""

    kind: TraitKind
    aliases: tuple[TraitId, ...] = ()
    repeatable: bool = False
    max_takes: int | None = None  # a cap on repeats (None: no stated cap)
    distinct_param: bool = False  # repeats must differ in their parameter
    creation_only: bool = False  # only at character creation (000 L914–L925)
    director_approval: bool = False  # WARNING unless the take is marked approved
    metagame: bool = False  # a metagame trait (000 L960)
    strikable: bool = False  # the group may strike it from the lists (000 L1144–L1146)
    tone: bool = False  # INFO in a serious campaign (000 L1273, L1489)
    requires: tuple[TraitId, ...] = ()  # prerequisite traits
    excludes: tuple[TraitId, ...] = ()  # traits that cannot be held together with this one
    param: ParamKind | None = None
    param_required: bool = False
    param_choices: tuple[str, ...] = ()  # allowed values (Skills for skills/skill; benefits; categories)
    gates_skill: TraitId | None = None  # the Skill this Quality unlocks (Magic, Psychic, Gadgeteering, Power)
    skill_per_take: TraitId | None = None  # Fame / Wealth: the special "Skill" raised 3 levels per take


class Quirk(Described):
    """A Quirk (Chapter 2, Quality Descriptions; Chapter 2, Quirk Descriptions)."""

    param: str | None = None  # what the Quirk must name: beloved, rival, target
    strikable: bool = False
    tone: bool = False


class SkillKind(StrEnum):
    combat = "combat"
    narrative = "narrative"


class SkillCap(StrEnum):
    general = "general"  # PL × 3 up to 10 (000 L594)
    none = "none"  # Combo (000 L596)
    det = "det"  # Defense, Evasion, Tactics: the DET column (000 L758)


class Skill(Described):
    """A Combat or Narrative Skill (Chapter 3, Basics of the Skill System; Appendix B)."""

    kind: SkillKind
    aliases: tuple[TraitId, ...] = ()
    cap: SkillCap = SkillCap.general
    optional: str | None = None  # the campaign switch without which the Skill does not exist
    requires_quality: TraitId | None = None
    secondaries: tuple[TraitId, ...] = ()  # each must be at least half this Skill's level, rounded up
    subject: str | None = None  # what an entry must name (area, profession, base skill and focus, power…)
    repeatable: bool = False  # several entries with different subjects
