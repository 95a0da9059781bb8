"""The fight2e catalogue as documents: what each one holds, the filters it takes, and how it is built.

Pure data over the loaded catalogues (no web framework); the adapters serve each document with an ETag under
/v1/fight2e/catalog/{name} and in GraphQL.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum, EnumMeta, StrEnum
from typing import TYPE_CHECKING, Literal, TypeAlias, TypeVar, get_args

from pydantic import ConfigDict, Field

from ..core.models import Record, RulesModel
from ..core.ruleset import CatalogueDocument, CatalogueLookup
from .catalogue.catalog import catalog
from .catalogue.character_catalog import character_catalog
from .catalogue.character_schema import PowerLevelRow, Quirk, Skill, SkillKind, Trait
from .catalogue.schema import Entry, FixedMove, Keyword, KeywordCategory
from .identity import RULESET, VERSION
from .thugs.catalogue import ThugTrait, ThugTraitKind, thug_catalogue

MoveType = Literal["special", "super"]
NamedRecord = TypeVar("NamedRecord", Trait, Quirk, Skill)
EntryKind = Literal["element", "liability"]


class Document(RulesModel):
    ruleset: str
    ruleset_version: str


HEAD = {"ruleset": RULESET, "ruleset_version": VERSION}


class CatalogDocument(Document):
    elements: list[Entry]
    liabilities: list[Entry]
    keywords: list[Keyword]
    basic_moves: list[FixedMove]


class ElementList(Document):
    elements: list[Entry]


class LiabilityList(Document):
    liabilities: list[Entry]


class EntryList(Document):
    entries: list[Entry]


class KeywordList(Document):
    keywords: list[Keyword]


class FixedMoveList(Document):
    basic_moves: list[FixedMove]


class QualityList(Document):
    qualities: list[Trait]


class WeaknessList(Document):
    weaknesses: list[Trait]


class QuirkList(Document):
    quirks: list[Quirk]


class SkillList(Document):
    skills: list[Skill]


class PowerLevelChart(Document):
    power_levels: list[PowerLevelRow]


class ThugTraitList(Document):
    thug_traits: list[ThugTrait]


# ── filters (each optional field is a query parameter; an unknown parameter is refused by the adapter). Every filter
# that names something is an enum of what exists, so an unknown value is refused (a 400, a GraphQL validation
# error), never answered with an empty list.

_NOT_NAME = re.compile(r"[^_a-zA-Z0-9]")


def _choices(name: str, values: Iterable[str], doc: str) -> type[Enum]:
    """An enum of ids; a character a GraphQL name cannot hold becomes ``__`` in the member's name
    (``defensive_response:anti_air`` → ``defensive_response__anti_air``), the value stays the id. Enum's
    functional API, called through the metaclass so that a type checker follows a name known only at run time."""
    members = [(_NOT_NAME.sub("__", v), v) for v in sorted(set(values))]
    choices = EnumMeta.__call__(StrEnum, name, members, module=__name__)
    choices.__doc__ = doc
    return choices


def _known_keywords() -> set[str]:
    """Every keyword id a filter can name: the book's keywords, and those Basic Moves and entries give."""
    cat = catalog()
    return {
        *cat.keywords,
        *(k for m in cat.fixed_moves.values() for k in m.keywords),
        *(k for e in cat.entries.values() for k in entry_keywords(e)),
    }


def entry_keywords(entry: Entry) -> set[str]:
    """The keywords an entry gives a move: added, replaced to, or its own inside a Combo."""
    changes = entry.keywords
    return {*changes.add, *changes.replace.values(), *changes.entry_combo}


if TYPE_CHECKING:  # enums built from the data at import; to a type checker, the ids they hold are strings
    KeywordId: TypeAlias = str
    EntryId: TypeAlias = str
    EntryKindFilter: TypeAlias = str
    MoveTypeFilter: TypeAlias = str
    BasicMoveKindFilter: TypeAlias = str
    KeywordCategoryFilter: TypeAlias = str
    SkillKindFilter: TypeAlias = str
    ThugTraitKindFilter: TypeAlias = str
else:
    KeywordId = _choices("KeywordId", _known_keywords(), "A keyword's id (see the keywords document).")
    EntryId = _choices("EntryId", catalog().entries, "An Element's or Liability's id.")
    EntryKindFilter = _choices("EntryKindFilter", get_args(EntryKind), "Elements or Liabilities.")
    MoveTypeFilter = _choices("MoveTypeFilter", get_args(MoveType), "Entries allowed on this move type.")
    BasicMoveKindFilter = _choices(
        "BasicMoveKindFilter", get_args(FixedMove.model_fields["kind"].annotation), "Basic Moves or Command Moves."
    )
    KeywordCategoryFilter = _choices("KeywordCategoryFilter", KeywordCategory, "A keyword category.")
    SkillKindFilter = _choices("SkillKindFilter", SkillKind, "Combat or Narrative Skills.")
    ThugTraitKindFilter = _choices(
        "ThugTraitKindFilter",
        get_args(ThugTraitKind),
        "Standard Qualities or Weaknesses, Elements, Thug-only Qualities.",
    )

Search = Field(None, min_length=1, max_length=100, description="Case-insensitive part of the name or id.")


class Filters(Record):
    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=True)  # filters hold the plain ids


class NameFilters(Filters):
    search: str | None = Search


class EntryFilters(Filters):
    move_type: MoveTypeFilter | None = Field(None, description="Only entries allowed on this move type.")
    keyword: KeywordId | None = Field(None, description="Only entries that give a move this keyword.")
    search: str | None = Search


class AnyEntryFilters(EntryFilters):
    kind: EntryKindFilter | None = Field(None, description="Elements or Liabilities.")
    ids: list[EntryId] | None = Field(
        None, min_length=1, max_length=400, description="Only the entries with these ids."
    )


class KeywordFilters(Filters):
    category: KeywordCategoryFilter | None = Field(None, description="The keyword's category.")
    search: str | None = Search


class FixedMoveFilters(Filters):
    kind: BasicMoveKindFilter | None = Field(None, description="Basic Moves or Command Moves.")
    keyword: KeywordId | None = Field(None, description="Only moves that have this keyword.")
    search: str | None = Search


class SkillFilters(Filters):
    kind: SkillKindFilter | None = Field(None, description="Combat or Narrative Skills.")
    search: str | None = Search


class ThugTraitFilters(Filters):
    kind: ThugTraitKindFilter | None = Field(None, description="What kind of trait.")
    search: str | None = Search


def filter_thug_traits(traits: Iterable[ThugTrait], f: ThugTraitFilters | None) -> list[ThugTrait]:
    if f is None:
        return list(traits)
    return [t for t in traits if (f.kind is None or t.kind == f.kind) and _named(t.name, t.id, f.search)]


def _named(name: str, record_id: str, search: str | None) -> bool:
    return search is None or search.casefold() in name.casefold() or search.casefold() in record_id


def filter_entries(entries: Iterable[Entry], f: EntryFilters | None) -> list[Entry]:
    if f is None:
        return list(entries)
    kind, ids = getattr(f, "kind", None), getattr(f, "ids", None)
    return [
        e
        for e in entries
        if (kind is None or e.kind == kind)
        and (ids is None or e.id in ids)
        and (f.move_type is None or f.move_type in e.move_types)
        and (f.keyword is None or f.keyword in entry_keywords(e))
        and _named(e.name, e.id, f.search)
    ]


def filter_keywords(keywords: Iterable[Keyword], f: KeywordFilters | None) -> list[Keyword]:
    if f is None:
        return list(keywords)
    return [k for k in keywords if (f.category is None or k.category == f.category) and _named(k.name, k.id, f.search)]


def filter_fixed_moves(moves: Iterable[FixedMove], f: FixedMoveFilters | None) -> list[FixedMove]:
    if f is None:
        return list(moves)
    return [
        m
        for m in moves
        if (f.kind is None or m.kind == f.kind)
        and (f.keyword is None or f.keyword in m.keywords)
        and _named(m.name, m.id, f.search)
    ]


def filter_named(records: Iterable[NamedRecord], f: NameFilters | SkillFilters | None) -> list[NamedRecord]:
    """Qualities, Weaknesses, Quirks or Skills by a part of the name or id (and a Skill's kind)."""
    if f is None:
        return list(records)
    kind = getattr(f, "kind", None)
    return [r for r in records if (kind is None or getattr(r, "kind", None) == kind) and _named(r.name, r.id, f.search)]


def _whole(_: None) -> CatalogDocument:
    cat = catalog()
    return CatalogDocument(
        **HEAD,
        elements=cat.elements(),
        liabilities=cat.liabilities(),
        keywords=list(cat.keywords.values()),
        basic_moves=list(cat.fixed_moves.values()),
    )


DOCUMENTS: tuple[CatalogueDocument, ...] = (
    CatalogueDocument(
        "", "The whole catalogue: Elements, Liabilities, Keywords, Basic and Command Moves", CatalogDocument, _whole
    ),
    CatalogueDocument(
        "elements",
        "Elements (including modifier and Super-only Elements)",
        ElementList,
        lambda f: ElementList(**HEAD, elements=filter_entries(catalog().elements(), f)),
        EntryFilters,
    ),
    CatalogueDocument(
        "liabilities",
        "Liabilities (including Super-only and campaign Liabilities)",
        LiabilityList,
        lambda f: LiabilityList(**HEAD, liabilities=filter_entries(catalog().liabilities(), f)),
        EntryFilters,
    ),
    CatalogueDocument(
        "entries",
        "Elements and Liabilities, filtered",
        EntryList,
        lambda f: EntryList(**HEAD, entries=filter_entries(catalog().entries.values(), f)),
        AnyEntryFilters,
    ),
    CatalogueDocument(
        "keywords",
        "Keywords and what each means",
        KeywordList,
        lambda f: KeywordList(**HEAD, keywords=filter_keywords(catalog().keywords.values(), f)),
        KeywordFilters,
    ),
    CatalogueDocument(
        "basic-moves",
        "Basic Moves and book-defined Command Moves as fixed stat blocks",
        FixedMoveList,
        lambda f: FixedMoveList(**HEAD, basic_moves=filter_fixed_moves(catalog().fixed_moves.values(), f)),
        FixedMoveFilters,
    ),
    CatalogueDocument(
        "qualities",
        "Qualities",
        QualityList,
        lambda f: QualityList(**HEAD, qualities=filter_named(character_catalog().qualities.values(), f)),
        NameFilters,
    ),
    CatalogueDocument(
        "weaknesses",
        "Weaknesses",
        WeaknessList,
        lambda f: WeaknessList(**HEAD, weaknesses=filter_named(character_catalog().weaknesses.values(), f)),
        NameFilters,
    ),
    CatalogueDocument(
        "quirks",
        "Quirks",
        QuirkList,
        lambda f: QuirkList(**HEAD, quirks=filter_named(character_catalog().quirks.values(), f)),
        NameFilters,
    ),
    CatalogueDocument(
        "skills",
        "Combat and Narrative Skills",
        SkillList,
        lambda f: SkillList(**HEAD, skills=filter_named(character_catalog().skills.values(), f)),
        SkillFilters,
    ),
    CatalogueDocument(
        "power-levels",
        "The Power Level chart",
        PowerLevelChart,
        lambda _: PowerLevelChart(**HEAD, power_levels=list(character_catalog().power_levels.values())),
    ),
)

DOCUMENTS += (
    CatalogueDocument(
        "thug-traits",
        "The Qualities and Weaknesses a Thug group may take, with their price in Thug Points",
        ThugTraitList,
        lambda f: ThugTraitList(**HEAD, thug_traits=filter_thug_traits(thug_catalogue().traits.values(), f)),
        ThugTraitFilters,
    ),
)

LOOKUPS = (
    CatalogueLookup("entries", "One Element or Liability by id", Entry, lambda i: catalog().entries.get(i)),
    CatalogueLookup(
        "thug-traits", "One Thug Quality or Weakness by id", ThugTrait, lambda i: thug_catalogue().traits.get(i)
    ),
)
