"""Catalogues with filters: ``fight2e { catalog { entries(kind, moveType, keyword, search, ids) … } }``.

A ruleset's ``catalog`` is generic when it has ``CatalogueDocument`` records (``typed.catalogue_type``); a ruleset
whose catalogue has filters registers a builder here, keyed by its id, which takes that place. Every filter that
names something (a kind, a move type, a keyword, an id) is an enum of the values that exist, so an unknown value is
a GraphQL validation error, never an empty list. ``search`` is a part of the name or id (case-insensitive).
Entries are typed from the same pydantic records as the REST catalogue (no ``JSON`` scalar).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Sequence
from enum import Enum, StrEnum
from typing import Any

import strawberry
from pydantic import BaseModel
from strawberry.tools import create_type
from strawberry.types.field import StrawberryField

from .typed import TypeRegistry
from .typed.registry import camel, pascal

_NOT_NAME = re.compile(r"[^_a-zA-Z0-9]")


def _enum(name: str, values: Iterable[str], description: str) -> type[Enum]:
    """A GraphQL enum whose value names are the catalogue's ids; a character GraphQL names cannot hold becomes
    ``__`` (``defensive_response:anti_air`` → ``defensive_response__anti_air``)."""
    pairs = [(_NOT_NAME.sub("__", v), v) for v in sorted(set(values))]
    pairs = [(n if n[:1].isalpha() or n[:1] == "_" else f"_{n}", v) for n, v in pairs]
    if len({n for n, _ in pairs}) < len(pairs):
        raise TypeError(f"enum {name}: ids without distinct GraphQL names")
    members: Any = pairs
    return strawberry.enum(StrEnum(name, members), name=name, description=description)


def _value(item: Enum | None) -> str | None:
    return None if item is None else str(item.value)


def _named(items: Iterable[Any], search: str | None) -> list[Any]:
    if search is None:
        return list(items)
    needle = search.casefold()
    return [i for i in items if needle in i.name.casefold() or needle in i.id]


class _Fields:
    """Builds the fields of one namespace's ``…Catalog`` type against one type registry."""

    def __init__(self, namespace: str, registry: TypeRegistry) -> None:
        self.namespace = namespace
        self.registry = registry
        self.fields: list[StrawberryField] = []

    def enum(self, name: str, values: Iterable[str], description: str) -> type[Enum]:
        return _enum(f"{pascal(self.namespace)}{name}", values, description)

    def add(
        self,
        name: str,
        model: type[BaseModel],
        items: Callable[..., Sequence[BaseModel]],
        args: dict[str, Any],
        description: str,
    ) -> None:
        """A field ``name(args…): [Model!]!`` answering ``items(**args)`` (enum arguments given as their values)."""
        out = self.registry.output_type(model, self.namespace)
        convert = self.registry.output_converter(model)

        def resolve(root: Any, **kwargs: Any) -> list[Any]:
            plain = {k: _plain(v) for k, v in kwargs.items()}
            return [convert(item) for item in items(**plain)]

        resolve.__name__ = name
        resolve.__annotations__ = {"root": Any, **args, "return": list[out]}  # type: ignore[valid-type]
        keyword = inspect.Parameter.KEYWORD_ONLY
        resolve.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [inspect.Parameter("root", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Any)]
            + [inspect.Parameter(n, keyword, default=None, annotation=t) for n, t in args.items()],
            return_annotation=list[out],  # type: ignore[valid-type]
        )
        self.fields.append(strawberry.field(resolver=resolve, name=camel(name), description=description))


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return _value(value) if isinstance(value, Enum) else value


def fight2e_catalog(namespace: str, registry: TypeRegistry) -> type:
    """fight2e's catalogue: Elements and Liabilities, Keywords, Basic Moves and the character catalogue."""
    from ..rules.fight2e import documents as docs
    from ..rules.fight2e.catalog import catalog
    from ..rules.fight2e.character_catalog import character_catalog
    from ..rules.fight2e.character_schema import PowerLevelRow, Quirk, Skill, SkillKind, Trait
    from ..rules.fight2e.schema import Entry, FixedMove, Keyword, KeywordCategory

    cat, chars = catalog(), character_catalog()
    f = _Fields(namespace, registry)
    keyword_ids = {*cat.keywords, *(k for m in cat.fixed_moves.values() for k in m.keywords)}
    keyword_ids |= {k for e in cat.entries.values() for k in docs.entry_keywords(e)}
    kind = f.enum("EntryKindFilter", ("element", "liability"), "Elements or Liabilities.")
    move_type = f.enum("MoveTypeFilter", ("special", "super"), "Entries allowed on this move type.")
    keyword = f.enum("KeywordId", keyword_ids, "A keyword's id (see `keywords`).")
    entry_id = f.enum("EntryId", cat.entries, "An Element's or Liability's id.")
    category = f.enum("KeywordCategoryFilter", (c.value for c in KeywordCategory), "A keyword category.")
    fixed_kind = f.enum("BasicMoveKindFilter", ("basic", "command"), "Basic Moves or book-defined Command Moves.")
    skill_kind = f.enum("SkillKindFilter", (k.value for k in SkillKind), "Combat or Narrative Skills.")
    search = str | None

    def filters(model: type[BaseModel], given: dict[str, Any]) -> BaseModel | None:
        # An empty search matches every name; one longer than the REST bound (100) can match none.
        if len(given.get("search") or "") > 100:
            return None
        return model(**{k: v for k, v in given.items() if v not in (None, "")})

    def entries(ids: list[str] | None = None, **a: Any) -> list[Entry]:
        f = filters(docs.AnyEntryFilters, a)
        found = [] if f is None else docs.filter_entries(cat.entries.values(), f)  # type: ignore[arg-type]
        return [e for e in found if not ids or e.id in ids]

    def keywords(**a: Any) -> list[Keyword]:
        f = filters(docs.KeywordFilters, a)
        return [] if f is None else docs.filter_keywords(cat.keywords.values(), f)  # type: ignore[arg-type]

    def basic_moves(**a: Any) -> list[FixedMove]:
        f = filters(docs.FixedMoveFilters, a)
        return [] if f is None else docs.filter_fixed_moves(cat.fixed_moves.values(), f)  # type: ignore[arg-type]

    f.add(
        "entries",
        Entry,
        entries,
        {
            "kind": kind | None,
            "move_type": move_type | None,
            "keyword": keyword | None,
            "search": search,
            "ids": list[entry_id] | None,
        },  # type: ignore[valid-type]
        "Elements and Liabilities, filtered by kind, move type, a keyword they give, a part of the name or id, "
        "or by ids (all filters given must hold).",
    )
    f.add(
        "keywords",
        Keyword,
        keywords,
        {"category": category | None, "search": search},
        "Keywords and what each means.",
    )
    f.add(
        "basic_moves",
        FixedMove,
        basic_moves,
        {"kind": fixed_kind | None, "keyword": keyword | None, "search": search},
        "Basic Moves and book-defined Command Moves.",
    )
    f.add("qualities", Trait, lambda search: _named(chars.qualities.values(), search), {"search": search}, "Qualities.")
    f.add(
        "weaknesses", Trait, lambda search: _named(chars.weaknesses.values(), search), {"search": search}, "Weaknesses."
    )
    f.add("quirks", Quirk, lambda search: _named(chars.quirks.values(), search), {"search": search}, "Quirks.")
    f.add(
        "skills",
        Skill,
        lambda kind, search: [s for s in _named(chars.skills.values(), search) if kind is None or s.kind == kind],
        {"kind": skill_kind | None, "search": search},
        "Combat and Narrative Skills.",
    )
    f.add(
        "power_levels",
        PowerLevelRow,
        lambda: list(chars.power_levels.values()),
        {},
        "The Power Level chart, one row per Power Level.",
    )
    return create_type(f"{pascal(namespace)}Catalog", f.fields, description="The ruleset's catalogue.")


# Ruleset id → the builder of its ``catalog`` type (rulesets without one get the generic documents, if any).
CATALOGS: dict[str, Callable[[str, TypeRegistry], type]] = {"fight2e": fight2e_catalog}
