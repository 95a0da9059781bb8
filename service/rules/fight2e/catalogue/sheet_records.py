"""Records an entry carries for the Fighter sheet (Chapter 4's rules between a Fighter's moves and his Styles, and
the Elements an Attack String may end with, and the order pricing applies an entry in).

A move's entry may need another move on the sheet (a Prop to pick up, a pool to reload, a Throw to cancel into),
name moves of the sheet in a design option (what a Power Enhancer feeds, which Buff an End Buff ends), continue a
sequence from a named opening move, draw on a named charge pool, bind every Super Move of the Fighter, or lose its
worth in a Style that does not move or defend. The Fighter check (``fighters/moves.py``, ``fighters/styles.py``)
reads these records, never the entries' ids: a new entry of one of these sorts is its data alone.

Within one move, an entry may belong to a group of which the move takes at most one (the ways a Buff's duration is
set), a Family may need exactly one of such a group (its versions), and a variant may do nothing unless the campaign
uses an optional rule; the move check (``moves/constraints.py``) reads these records the same way.

Pure data: no framework, no combat state.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from ...core.models import Record as _Record
from .schema import _check_keywords

EntryId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_.]*$")]
OptionName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
Code = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9_]*$")]


class NeedsMove(_Record):
    """The Fighter needs another move carrying every one of ``entries``; without one, a finding ``code``."""

    kind: Literal["needs_move"]
    entries: tuple[EntryId, ...] = Field(min_length=1)
    what: str  # how a finding names the move needed ("a move with the Prop Liability")
    code: Code = "CROSS_MOVE_REFERENCE_MISSING"
    ref: str


class TargetMust(StrEnum):
    """What a move named by an entry's design option must be, beyond being another move of the sheet."""

    super = "super"  # a Super Move
    same_style = "same_style"  # of the same Style as the naming move, unless either is Cross-Style


class NamesMoves(_Record):
    """The entry's design ``option`` names other moves of the sheet (comma-separated); each must be there and fit
    ``must`` and ``with_entries`` (a misfit is a finding ``code``). ``unnamed``: when none is named, another move of
    the sheet must fit."""

    kind: Literal["names_moves"]
    option: OptionName
    must: TargetMust | None = None
    with_entries: tuple[EntryId, ...] = ()  # a named move carries every one of these
    what: str = "another move on the sheet"  # how a finding names a move that fits
    code: Code = "CROSS_MOVE_REFERENCE_MISSING"
    unnamed: bool = False
    ref: str


class OpensFrom(_Record):
    """The move goes on from the opening move its design ``option`` names, which must be on the sheet."""

    kind: Literal["opens_from"]
    option: OptionName
    ref: str


class ChargePool(_Record):
    """The move draws on the charge pool its design option ``pool`` names; every move of one pool reloads the way
    its option ``reload`` says, the same for all."""

    kind: Literal["charge_pool"]
    pool: OptionName
    reload: OptionName
    ref: str


class OnEverySuper(_Record):
    """Once one Super Move of the Fighter has the entry, each of his Super Moves must; else a finding ``code``."""

    kind: Literal["on_every_super"]
    code: Code
    ref: str


class StyleRole(StrEnum):
    """What a Style that does not move or does not defend takes from an entry of its moves (000 L5100, L5126,
    L5136–L5138)."""

    movement = "movement"  # moves its user or limits how he moves: worth nothing in a Limited or No Movement Style
    defense = "defense"  # limits how its user defends: worth nothing in a No Defense Style
    movement_exception = "movement_exception"  # the move keeps its movement entries in such a Style


class StyleBound(_Record):
    """The entry's worth depends on the Style of its move (read with its parent's: Mobile's modifiers move too)."""

    kind: Literal["style_bound"]
    role: StyleRole
    ref: str


class EndsAttackString(_Record):
    """The entry is one of the base Elements an Attack String may end with (its optional rule, 000 L5185–L5196)."""

    kind: Literal["ends_attack_string"]
    ref: str


class ActsLast(_Record):
    """Pricing applies the entry's keyword changes after every other entry's (digest part 1 §5 step 5.3): it strips
    the finished move's Knockback or narrows its Range."""

    kind: Literal["acts_last"]
    ref: str


class OneOnMove(_Record):
    """The entry belongs to ``group``: a move takes at most one entry of a group, else a finding ``code``, reported
    once, by the group's last entry in catalogue order. Without a code, the ``needs_one_of`` record naming the group
    counts its entries."""

    kind: Literal["one_on_move"]
    group: OptionName
    code: Code | None = None
    ref: str


class NeedsOneOf(_Record):
    """The entry's move takes exactly one entry of ``group`` (a ``one_on_move`` group), else a finding ``code``."""

    kind: Literal["needs_one_of"]
    group: OptionName
    code: Code
    ref: str


class CampaignRule(StrEnum):
    """Optional rules of the campaign (its settings of the same names) an entry may depend on."""

    breakfall = "breakfall"  # 000 L2199, L2205
    tech_roll = "tech_roll"  # 000 L2199, L2207


class OptionalRule(_Record):
    """The entry does nothing unless the campaign uses the optional ``rule`` (a warning otherwise)."""

    kind: Literal["optional_rule"]
    rule: CampaignRule
    ref: str


class SuperOffense(_Record):
    """The entry counts toward the half of a damaging Super Move's Elements spent on offense (000 L2295)."""

    kind: Literal["super_offense"]
    ref: str


class PayloadShell(_Record):
    """The move is a Utility shell carrying an Offensive payload (a Bomb): the payload may hit, its damage is
    Ki-based, and its entries' requirements are checked against the payload, not the shell."""

    kind: Literal["payload_shell"]
    ref: str


class SpendsOn(StrEnum):
    """The move type a Super Energy spend applies to."""

    special = "special"
    super = "super"


class SuperEnergySpend(_Record):
    """On a move of type ``move_type``, the entry sets the Super Energy the move spends: ``spends``, or the number its
    design ``option`` holds. Several on one Super (an illegal build): the largest."""

    kind: Literal["super_energy_spend"]
    move_type: SpendsOn
    spends: int = Field(ge=0, le=100)
    option: OptionName | None = None
    ref: str


class LendsKiSkill(_Record):
    """The entry lends a Super Move the Ki Skill its other entries require."""

    kind: Literal["lends_ki_skill"]
    ref: str


class CostWith(_Record):
    """The entry costs ``cost`` Element slots (per instance) when its move also has every one of ``entries``; its
    base cost otherwise. Read by the entry's cost rule."""

    kind: Literal["cost_with"]
    entries: tuple[EntryId, ...] = Field(min_length=1)
    cost: float = Field(ge=-10, le=10, multiple_of=0.5)
    ref: str


class AddsElements(_Record):
    """The entry's effect adds Elements to another move: a Buff may not hand it out (000 L2963)."""

    kind: Literal["adds_elements"]
    ref: str


class PowerUpTarget(_Record):
    """On a Utility move the entry does harm or heals, which Power Up can increase (000 L3864)."""

    kind: Literal["power_up_target"]
    ref: str


class SeveralTargets(_Record):
    """The entry makes its move strike several targets: Away and Closer need one (000 L2419–L2421), and a summoned
    ally may not have it (000 L4189)."""

    kind: Literal["several_targets"]
    ref: str


class ForbidsOnMove(_Record):
    """A move with the entry may have none of ``entries``; each one there is a finding ``code``."""

    kind: Literal["forbids_on_move"]
    entries: tuple[EntryId, ...] = Field(min_length=1)
    code: Code
    ref: str


class SetsOption(_Record):
    """The entry settles its base entry's design ``option``: to ``value``, or, without one, makes the choice needless
    (it replaces what the option would choose)."""

    kind: Literal["sets_option"]
    option: OptionName
    value: OptionName | None = None
    ref: str


class WaivedBy(_Record):
    """The entry's own requirement checked under ``code`` does not hold when its move also has one of ``entries``,
    or when the entry's own design ``option`` is one of ``values``; a record gives one or both ways."""

    kind: Literal["waived_by"]
    entries: tuple[EntryId, ...] = ()
    option: OptionName | None = None
    values: tuple[str, ...] = ()
    code: Code
    ref: str

    @model_validator(mode="after")
    def _waives_somehow(self) -> WaivedBy:
        if (self.option is None) != (not self.values):
            raise ValueError("a waived_by record names an option together with its values")
        if not self.entries and self.option is None:
            raise ValueError("a waived_by record names the entries or the option values that waive the requirement")
        return self


class KeywordsFor(_Record):
    """Values of a design option and the keywords of which the move needs one when it takes any of them."""

    values: tuple[str, ...] = Field(min_length=1)
    any_keywords: tuple[str, ...] = Field(min_length=1)

    _known = field_validator("any_keywords")(_check_keywords)


class ChoiceNeedsKeyword(_Record):
    """The entry's design ``option`` asks the move for a keyword: for each value, one of its ``needs`` row's
    keywords, on the move as the other entries make it; a finding ``code`` otherwise."""

    kind: Literal["choice_needs_keyword"]
    option: OptionName
    needs: tuple[KeywordsFor, ...] = Field(min_length=1)
    code: Code
    ref: str


class FinishesRange(_Record):
    """The entry narrows the finished move's Range: the other entries' Range requirements are checked on the move
    without it."""

    kind: Literal["finishes_range"]
    ref: str


class KeepsNature(_Record):
    """The entries the entry's design ``option`` names keep their own nature inside its base entry: their
    requirements are checked on the move without the base's keyword changes."""

    kind: Literal["keeps_nature"]
    option: OptionName
    ref: str


class CancelsKeyword(_Record):
    """The entry takes ``keyword`` off its move when only ``added_by`` entries add it (Bounce lets a Knock Down move
    go on in a Combo)."""

    kind: Literal["cancels_keyword"]
    keyword: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    added_by: tuple[EntryId, ...] = Field(min_length=1)
    ref: str


class ForbidsChoice(_Record):
    """A move with the entry may not have ``entry`` with its design ``option`` set to ``value``: a finding ``code``
    saying ``message``."""

    kind: Literal["forbids_choice"]
    entry: EntryId
    option: OptionName
    value: str
    code: Code
    message: str
    ref: str


class PayloadForbids(_Record):
    """A payload shell's explosion (a Bomb's) may carry none of ``entries`` nor a variant of ``families``, and with
    ``utility`` no Utility Element of another entry but the ``spared`` ones; each is a finding ``code``."""

    kind: Literal["payload_forbids"]
    entries: tuple[EntryId, ...] = Field(min_length=1)
    families: tuple[EntryId, ...] = ()  # their variants (``family.…``), not the family's own entry
    utility: bool = False
    spared: tuple[EntryId, ...] = ()
    code: Code
    ref: str


class PayloadAllows(_Record):
    """The variant lets its shell's explosion carry ``entries`` and the variants of ``families`` after all (an
    Assault Bomb's own shot)."""

    kind: Literal["payload_allows"]
    entries: tuple[EntryId, ...] = ()
    families: tuple[EntryId, ...] = ()
    ref: str


SHEET_KINDS = (
    NeedsMove,
    NamesMoves,
    OpensFrom,
    ChargePool,
    OnEverySuper,
    StyleBound,
    EndsAttackString,
    ActsLast,
    OneOnMove,
    NeedsOneOf,
    OptionalRule,
    SuperOffense,
    PayloadShell,
    SuperEnergySpend,
    LendsKiSkill,
    CostWith,
    AddsElements,
    PowerUpTarget,
    SeveralTargets,
    ForbidsOnMove,
    SetsOption,
    WaivedBy,
    ChoiceNeedsKeyword,
    PayloadForbids,
    PayloadAllows,
    FinishesRange,
    KeepsNature,
    CancelsKeyword,
    ForbidsChoice,
)


def sheet_options(records: tuple[object, ...]) -> set[str]:
    """The design options the sheet's records read."""
    out: set[str] = set()
    for r in records:
        if isinstance(r, NamesMoves | OpensFrom):
            out.add(r.option)
        elif isinstance(r, ChargePool):
            out |= {r.pool, r.reload}
        elif isinstance(r, SuperEnergySpend | KeepsNature | WaivedBy | ChoiceNeedsKeyword) and r.option:
            out.add(r.option)
    return out


def named_values(records: tuple[object, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """The design options whose values the records name (a ``waived_by`` waiver's, a ``choice_needs_keyword``
    row's), with the values named."""
    out = [(r.option, r.values) for r in records if isinstance(r, WaivedBy) and r.option is not None]
    return out + [(r.option, n.values) for r in records if isinstance(r, ChoiceNeedsKeyword) for n in r.needs]


def entries_with(records: dict[str, tuple[object, ...]], kind: type) -> frozenset[str]:
    """The entries carrying a record of ``kind``."""
    return frozenset(i for i, found in records.items() if any(isinstance(r, kind) for r in found))


def group_problems(records: dict[str, tuple[object, ...]], codes: dict[str, set[str]]) -> list[str]:
    """What is wrong with the move records across the catalogue: a group of fewer than two entries, a group whose
    entries disagree on their code, a ``needs_one_of`` naming no group, a ``cost_with`` naming an unknown entry; and a
    record whose code is not among its entry's constraints (``codes``: every entry id → its constraint codes), so no
    check would read it."""
    members: dict[str, list[str]] = {}
    group_codes: dict[str, set[str | None]] = {}
    problems: list[str] = []
    for ident, found in records.items():
        for r in found:
            if (
                isinstance(
                    r,
                    OneOnMove
                    | NeedsOneOf
                    | ForbidsOnMove
                    | WaivedBy
                    | ChoiceNeedsKeyword
                    | PayloadForbids
                    | ForbidsChoice,
                )
                and r.code
                and r.code not in codes.get(ident, set())
            ):
                problems.append(f"{ident}: a {r.kind!r} record's code {r.code} is not among the entry's constraints")
            if isinstance(r, OneOnMove):
                members.setdefault(r.group, []).append(ident)
                group_codes.setdefault(r.group, set()).add(r.code)
    for ident, found in records.items():
        for r in found:
            if isinstance(r, ForbidsChoice) and r.entry not in codes:
                problems.append(f"{ident}: {r.kind!r} names no entry {r.entry!r}")
            if isinstance(r, CancelsKeyword):
                problems += [f"{ident}: {r.kind!r} names no entry {i!r}" for i in r.added_by if i not in codes]
            if isinstance(r, CostWith | ForbidsOnMove | WaivedBy):
                problems += [f"{ident}: {r.kind!r} names no entry {i!r}" for i in r.entries if i not in codes]
            if isinstance(r, PayloadForbids | PayloadAllows):
                listed = (*r.entries, *r.families, *(r.spared if isinstance(r, PayloadForbids) else ()))
                problems += [f"{ident}: {r.kind!r} names no entry {i!r}" for i in listed if i not in codes]
    for group, named in sorted(members.items()):
        if len(named) < 2:
            problems.append(f"{named[0]}: the move group {group!r} needs two entries or more")
        if len(group_codes[group]) > 1:
            problems.append(
                f"move group {group!r}: its entries disagree on the code ({sorted(map(str, group_codes[group]))})"
            )
    counted = {r.group for found in records.values() for r in found if isinstance(r, NeedsOneOf)}
    for ident, found in records.items():
        for r in found:
            if isinstance(r, NeedsOneOf) and r.group not in members:
                problems.append(f"{ident}: 'needs_one_of' names no move group {r.group!r}")
    for group in sorted(g for g, c in group_codes.items() if c == {None} and g not in counted):
        problems.append(f"move group {group!r} has no code and no 'needs_one_of' record counts it")
    return problems
