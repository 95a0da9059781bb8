"""Typed schema of the fight2e catalogue data files (``data/*.yaml``).

Every Element, Liability, Keyword and fixed move of the book's Chapter 4 is one record. The data files are
validated against these models once, at start-up: a malformed file fails start-up (and a test).
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, PositiveInt, field_validator

from ...core.models import Record
from ...core.references import BookRef

ID_PATTERN = r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$"
REF_PATTERN = re.compile(r"^000 L\d{1,5}(–L?\d{1,5})?(, L\d{1,5}(–L?\d{1,5})?)*$")


class Frozen(Record):
    pass


class KeywordCategory(StrEnum):
    type = "type"
    damage = "damage"
    range = "range"
    movement = "movement"
    defense = "defense"
    duration = "duration"
    modifier = "modifier"
    aftereffect = "aftereffect"
    combo = "combo"


# The book's keywords (000 L2335–L2453) by stable id. A Defensive Response keyword carries its response type
# as a qualifier after a colon, e.g. ``defensive_response:anti_air``.
KEYWORDS: dict[str, KeywordCategory] = {
    "offensive": KeywordCategory.type,
    "utility": KeywordCategory.type,
    "normal": KeywordCategory.damage,
    "stun": KeywordCategory.damage,
    "knockback": KeywordCategory.damage,
    "knocks_down": KeywordCategory.damage,
    "no_damage": KeywordCategory.damage,
    "standard_range": KeywordCategory.range,
    "throw_range": KeywordCategory.range,
    "reach_range": KeywordCategory.range,
    "long_range": KeywordCategory.range,
    "fixed_range": KeywordCategory.range,
    "normal_move": KeywordCategory.movement,
    "mobile": KeywordCategory.movement,
    "long_mobile": KeywordCategory.movement,
    "throw_movement": KeywordCategory.movement,
    "after_mobile": KeywordCategory.movement,
    "passing": KeywordCategory.movement,
    "no_movement": KeywordCategory.movement,
    "bonus": KeywordCategory.defense,
    "defensive_response": KeywordCategory.defense,
    "passive": KeywordCategory.defense,
    "instantaneous": KeywordCategory.duration,
    "time_count": KeywordCategory.duration,
    "turns": KeywordCategory.duration,
    "unlimited": KeywordCategory.duration,
    "condition": KeywordCategory.duration,
    "extended_execution": KeywordCategory.modifier,
    "away": KeywordCategory.modifier,
    "closer": KeywordCategory.modifier,
    "dash": KeywordCategory.modifier,
    "on_hit": KeywordCategory.aftereffect,
    "on_miss": KeywordCategory.aftereffect,
    "on_defense": KeywordCategory.aftereffect,
    "always": KeywordCategory.aftereffect,
    "starter": KeywordCategory.combo,
    "initial": KeywordCategory.combo,
    "ender": KeywordCategory.combo,
    "final": KeywordCategory.combo,
    "mixup": KeywordCategory.combo,
    "gated": KeywordCategory.combo,
    "no_combo": KeywordCategory.combo,
    "basic": KeywordCategory.combo,
}


def keyword_base(keyword: str) -> str:
    """``defensive_response:anti_air`` → ``defensive_response``."""
    return keyword.split(":", 1)[0]


def _check_keywords(values: tuple[str, ...]) -> tuple[str, ...]:
    for kw in values:
        if keyword_base(kw) not in KEYWORDS:
            raise ValueError(f"unknown keyword {kw!r}")
    return values


KeywordList = tuple[str, ...]


class KeywordChanges(Frozen):
    """What an entry does to the move's keyword set, applied in catalogue order (Chapter 4, Keywords)."""

    add: KeywordList = ()
    remove: KeywordList = ()
    # old keyword → new keyword, e.g. {standard_range: long_range} for Ranged.
    replace: dict[str, str] = Field(default_factory=dict)
    # Keywords that describe only this entry's own effect inside a Combo (Initial, Final, Mixup…);
    # they are reported per entry, not added to the move (000 L2435).
    entry_combo: KeywordList = ()

    _v_add = field_validator("add", "remove", "entry_combo")(_check_keywords)

    @field_validator("replace")
    @classmethod
    def _v_replace(cls, v: dict[str, str]) -> dict[str, str]:
        _check_keywords(tuple(v) + tuple(v.values()))
        return v


class Requirements(Frozen):
    """Conditions for taking an entry (Chapter 4, Elements and Liabilities)."""

    # Every listed entry id must be on the move (a modifier always lists its base here).
    entries: tuple[str, ...] = ()
    # At least one of each inner group of entry ids must be on the move.
    any_entries: tuple[tuple[str, ...], ...] = ()
    # Keywords that must be present in the move's keyword set computed without this entry.
    keywords: KeywordList = ()
    # At least one keyword of each inner group.
    any_keywords: tuple[KeywordList, ...] = ()
    # Traits of the Fighter: "ki_skill", "style_change", "power_level_3", … (checked when a fighter is given).
    fighter: tuple[str, ...] = ()
    # Campaign switches that must be on: "supers", "wall_springs", "sidestep", "tag_team", "transformations"…
    campaign: tuple[str, ...] = ()

    _v_kw = field_validator("keywords")(_check_keywords)

    @field_validator("any_keywords")
    @classmethod
    def _v_any_kw(cls, v: tuple[KeywordList, ...]) -> tuple[KeywordList, ...]:
        for group in v:
            _check_keywords(group)
        return v


class OptionChoice(Frozen):
    """One allowed value of an enumerated design choice, with what choosing it changes."""

    value: str
    # Cost per instance when this choice is made (overrides the entry's cost).
    cost: float | None = None
    keywords: KeywordChanges | None = None
    summary: str = ""


class Picks(Frozen):
    """Which catalogue entries an ``entry`` or ``entries`` design choice may name: what a builder that makes the
    choice itself (the move optimiser) draws from, and what the pricing core checks of a named one."""

    # The named Element must be on this move (Perfect Hit's target); otherwise it is any Element of the catalogue.
    on_move: bool = False
    # It qualifies by carrying one of these keywords, or by being one of ``entries``; both empty: any Element.
    keywords: KeywordList = ()
    entries: tuple[str, ...] = ()
    # Its cost on the move must be above this many Element slots.
    more_than: float | None = None

    _v_kw = field_validator("keywords")(_check_keywords)


class EntryOption(Frozen):
    """A design-time choice fixed when the move is built (Chapter 4, Special Moves)."""

    name: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    # "choices": an ordered list of the ``choices`` values (a single value may be given alone).
    type: Literal["choice", "choices", "int", "entry", "entries", "text"] = "choice"
    required: bool = True
    default: str | int | None = None  # used when the builder gives no value (then nothing is missing)
    choices: tuple[OptionChoice, ...] = ()  # for type "choice"
    minimum: int | None = None  # for type "int"
    maximum: int | None = None
    # For type "int": each unit of the chosen value adds this many Element slots to the cost per instance
    # (Offensive Illusion: cost 1 + n → cost 1, option n with cost_per_unit 1).
    cost_per_unit: float | None = None
    # For types "entry" and "entries": the entries it may name (None: any, and the optimiser does not choose it).
    picks: Picks | None = None
    summary: str = ""


def chosen(value: object) -> list[str]:
    """The values of a ``choices`` option as given: one value alone, or a list of them."""
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, list):
        return [str(v) for v in value]
    return []


def keywords_added(entry: Entry) -> frozenset[str]:
    """Every keyword the entry may put on a move: added or replaced in, by itself or by one of its choices."""
    changes = [entry.keywords, *(c.keywords for o in entry.options for c in o.choices if c.keywords is not None)]
    return frozenset(k for c in changes for k in (*c.add, *c.replace.values()))


def qualifies(picks: Picks, entry: Entry) -> bool:
    """Whether a design choice with these ``picks`` may name the entry (its cost on the move is checked apart)."""
    if entry.kind != "element":
        return False
    if not picks.keywords and not picks.entries:
        return True
    return entry.id in picks.entries or not keywords_added(entry).isdisjoint(picks.keywords)


class AccuracyModifiers(Frozen):
    defense: int = 0
    evasion: int = 0
    tactics: int = 0


class Effects(Frozen):
    """Numbers an entry contributes to the move's profile, per instance unless said otherwise."""

    accuracy: int = 0  # against every defence
    accuracy_vs: AccuracyModifiers = AccuracyModifiers()  # against one defence only (000 L5001–L5019 format)
    stun_bonus: int = 0  # added to damage for the Stun Threshold only
    damage_steps: int = 0  # steps up (+) or down (−) the damage ladder, per instance
    damage_source: Literal["strength", "ki"] | None = None  # Ki: no Strength, Ki shifts the die
    glory: int = 0  # extra Glory
    # Effects the pricing core computes by a named rule in code (e.g. the Increased Damage table).
    rule: str | None = None


class Constraint(Frozen):
    """A rule of an entry that the generic fields cannot express; checked by code in ``moves.py``.

    An entry whose constraint has no check in code is reported to the caller as ``unsupported``.
    """

    code: Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9_]*$")]
    severity: Literal["error", "warning", "info"] = "error"
    summary: str


class Entry(Frozen):
    """An Element or a Liability (Chapter 4, Elements and Liabilities)."""

    id: Annotated[str, Field(pattern=ID_PATTERN)]
    name: str
    kind: Literal["element", "liability"]
    # The base entry of a modifier (its id is namespaced by it, e.g. bomb.short_timer → bomb).
    parent: str | None = None
    # Cost per instance in Element slots: positive for Elements, negative for Liabilities; ½ steps allowed.
    # For variable costs this is the cheapest legal cost; the real one comes from options or cost_rule.
    cost: float
    # The book's master-list price text, e.g. "2 or more", "−½ or more".
    list_cost: str
    # Name of a cost rule implemented in code when the cost depends on options or on other entries.
    cost_rule: str | None = None
    instances: PositiveInt | None = 1  # None = no stated limit; pricing relies on every entry allowing one
    super_instances: PositiveInt | None = 1  # limit on a Super Move
    # A design choice whose distinct values may each carry one more entry of this id on a move (one Perfect Hit per
    # guarded Element, one Limited Move per limitation); entries repeating a value are duplicates.
    once_per: str | None = None
    # Whether the entry is built from combinations of other entries (Random Effect, 000 L3944).
    takes_combinations: bool = False
    move_types: tuple[Literal["special", "super"], ...] = ("special", "super")
    # Campaign option that must be on for the entry to exist at all (e.g. transformations).
    campaign_option: str | None = None
    requires: Requirements = Requirements()
    excludes: tuple[str, ...] = ()  # entry ids that may not be on the same move
    excludes_keywords: KeywordList = ()  # keywords the finished move may not have
    keywords: KeywordChanges = KeywordChanges()
    options: tuple[EntryOption, ...] = ()
    effects: Effects = Effects()
    # Whether the combat resolver applies this entry's effect ("implemented") or reports it as unsupported.
    combat: Literal["implemented", "unsupported", "none"] = "unsupported"
    constraints: tuple[Constraint, ...] = ()
    director_approval: bool = False  # the book says a Director should approve or may disallow it
    summary: str  # one line, in our own words
    ref: BookRef  # "000 Lnnnn–Lnnnn"

    @field_validator("ref", mode="before")
    @classmethod
    def _v_ref(cls, v: str) -> str:
        if not REF_PATTERN.match(v):
            raise ValueError(f"ref must look like '000 L2761–L2775', got {v!r}")
        return v

    @field_validator("excludes_keywords")
    @classmethod
    def _v_exkw(cls, v: KeywordList) -> KeywordList:
        return _check_keywords(v)


class Keyword(Frozen):
    id: str
    name: str
    category: KeywordCategory
    summary: str
    ref: BookRef


class FixedMove(Frozen):
    """A Basic Move or book-defined Command Move: a fixed stat block, not priced (Chapter 4, Basic Moves)."""

    id: Annotated[str, Field(pattern=ID_PATTERN)]
    name: str
    kind: Literal["basic", "command"]
    level: int
    control: int
    accuracy: int | None
    damage: str | None  # e.g. "1d4"; None = no damage roll
    keywords: KeywordList
    combo: KeywordList = ()
    campaign_option: str | None = None
    granted_by: str | None = None  # entry id that grants this Command Move
    # Elements the move carries as though built with them, once each (the Sweep's Hits Low and Crouching)
    elements: tuple[Annotated[str, Field(pattern=ID_PATTERN)], ...] = ()
    move_points: int = 0
    glory: str | None = None
    summary: str
    ref: BookRef

    _v_kw = field_validator("keywords", "combo")(_check_keywords)
