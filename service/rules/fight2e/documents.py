"""The fight2e catalogue as documents: what each one holds, the filters it takes, and how it is built.

Pure data over the loaded catalogues (no web framework); the adapters serve each document with an ETag under
/v1/fight2e/catalog/{name} and in GraphQL.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..core.ruleset import CatalogueDocument, CatalogueLookup
from .catalog import catalog
from .character_catalog import character_catalog
from .character_schema import PowerLevelRow, Quirk, Skill, Trait
from .identity import RULESET, VERSION
from .schema import Entry, FixedMove, Keyword, KeywordCategory

MoveType = Literal["special", "super"]
EntryKind = Literal["element", "liability"]


class Document(BaseModel):
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


# ── filters (each optional field is a query parameter; an unknown parameter is refused by the adapter)

Search = Field(None, min_length=1, max_length=100, description="Case-insensitive part of the name or id.")
KeywordId = Field(
    None,
    min_length=1,
    max_length=64,
    pattern=r"^[a-z0-9_]+(:[a-z0-9_]+)?$",
    description="A keyword id (see the keywords document): only what gives that keyword.",
)


class Filters(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EntryFilters(Filters):
    move_type: MoveType | None = Field(None, description="Only entries allowed on this move type.")
    keyword: str | None = KeywordId
    search: str | None = Search


class AnyEntryFilters(EntryFilters):
    kind: EntryKind | None = Field(None, description="Elements or Liabilities.")


class KeywordFilters(Filters):
    category: KeywordCategory | None = Field(None, description="The keyword's category.")
    search: str | None = Search


class FixedMoveFilters(Filters):
    kind: Literal["basic", "command"] | None = Field(None, description="Basic Moves or Command Moves.")
    keyword: str | None = KeywordId
    search: str | None = Search


def _named(name: str, record_id: str, search: str | None) -> bool:
    return search is None or search.casefold() in name.casefold() or search.casefold() in record_id


def entry_keywords(entry: Entry) -> set[str]:
    """The keywords an entry gives a move: added, replaced to, or its own inside a Combo."""
    changes = entry.keywords
    return {*changes.add, *changes.replace.values(), *changes.entry_combo}


def filter_entries(entries: Iterable[Entry], f: EntryFilters | None) -> list[Entry]:
    if f is None:
        return list(entries)
    kind = getattr(f, "kind", None)
    return [
        e
        for e in entries
        if (kind is None or e.kind == kind)
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


def _whole(_: None) -> CatalogDocument:
    cat = catalog()
    return CatalogDocument(
        **HEAD,
        elements=cat.elements(),
        liabilities=cat.liabilities(),
        keywords=list(cat.keywords.values()),
        basic_moves=list(cat.fixed_moves.values()),
    )


DOCUMENTS = (
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
        lambda _: QualityList(**HEAD, qualities=list(character_catalog().qualities.values())),
    ),
    CatalogueDocument(
        "weaknesses",
        "Weaknesses",
        WeaknessList,
        lambda _: WeaknessList(**HEAD, weaknesses=list(character_catalog().weaknesses.values())),
    ),
    CatalogueDocument(
        "quirks", "Quirks", QuirkList, lambda _: QuirkList(**HEAD, quirks=list(character_catalog().quirks.values()))
    ),
    CatalogueDocument(
        "skills",
        "Combat and Narrative Skills",
        SkillList,
        lambda _: SkillList(**HEAD, skills=list(character_catalog().skills.values())),
    ),
    CatalogueDocument(
        "power-levels",
        "The Power Level chart",
        PowerLevelChart,
        lambda _: PowerLevelChart(**HEAD, power_levels=list(character_catalog().power_levels.values())),
    ),
)

LOOKUPS = (CatalogueLookup("entries", "One Element or Liability by id", Entry, lambda i: catalog().entries.get(i)),)
