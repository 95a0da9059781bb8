"""The seam every ruleset plugs into: what it is, the operations it answers, the catalogue it serves and its
coverage.

A ruleset is a package under ``service/rules/`` whose ``__init__`` defines ``ruleset() -> Ruleset``. The adapters
(REST, GraphQL, the contracts) are generated from these records; they name no ruleset.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .coverage import Coverage


class Caching(StrEnum):
    none = "none"  # every call computes (answers unique per request, e.g. a combat turn)
    local = "local"  # in-process tier only (cheaper to compute than a Redis round trip)
    shared = "shared"  # in-process, then Redis


@dataclass(frozen=True)
class Operation:
    """One computation: a request model in, an answer model out, by a pure function."""

    name: str  # snake_case verb phrase, e.g. "price_move"; the operationId is the ruleset id + its PascalCase
    path: str  # below /v1/{ruleset}/, e.g. "moves/price"
    summary: str
    request: type[BaseModel]
    answer: type[BaseModel]
    run: Callable[[Any], BaseModel | bytes]  # bytes: the answer already serialised as JSON
    description: str = ""
    caching: Caching = Caching.shared
    cost: Callable[[Any], int] = field(default=lambda _request: 1)  # units charged to rate and query-cost limits
    examples: Mapping[str, Any] = field(default_factory=dict)  # name → request body, shown in the contracts
    # name → why that example answers as it does (an example that answers invalid says why), shown in the contracts
    example_notes: Mapping[str, str] = field(default_factory=dict)
    offload: bool = False  # run in a worker thread: an answer that takes seconds must not hold the event loop


@dataclass(frozen=True)
class CatalogueDocument:
    """A read-only document served with an ETag under /v1/{ruleset}/catalog/{name}.

    ``build(None)`` is the whole document; with ``filters`` (a model whose optional fields are the query
    parameters), ``build(filters)`` is the document keeping only what the given filters match.
    """

    name: str  # "" for the whole catalogue
    summary: str
    model: type[BaseModel]
    build: Callable[[Any], BaseModel]
    filters: type[BaseModel] | None = None


@dataclass(frozen=True)
class CatalogueLookup:
    """One record by id, under /v1/{ruleset}/catalog/{name}/{id}; ``find`` answers None for an unknown id."""

    name: str
    summary: str
    model: type[BaseModel]
    find: Callable[[str], BaseModel | None]


class SourceText(BaseModel):
    """The rule text a ruleset follows, as the text itself names it: a field the text does not state is null."""

    model_config = ConfigDict(frozen=True)

    title: str = Field(description="The text's title, as its own pages give it.")
    edition: str | None = Field(None, description="Its edition or release, when the text states one.")
    publisher: str | None = Field(None, description="Its publisher, when the text names one.")
    year: int | None = Field(None, description="Its year of publication or copyright, when the text states one.")
    ref: str = Field(description="The lines of our copy of the text that state these facts.")


@dataclass(frozen=True, eq=False)  # one record per ruleset and process: compared and hashed by identity
class Ruleset:
    id: str  # path segment and GraphQL namespace, e.g. "fight2e"
    title: str
    source: str  # the rule text it follows, e.g. "000"
    version: str  # derived: see core.versioning
    operations: tuple[Operation, ...]
    catalogue: tuple[CatalogueDocument, ...] = ()
    lookups: tuple[CatalogueLookup, ...] = ()
    validation_codes: Callable[[], str] | None = None  # Markdown: every stable code it answers with
    # Its coverage document (core.coverage): what it applies, leaves to the Director and does not apply yet.
    coverage: Callable[[], Coverage] | None = None
    text: SourceText | None = None  # the title, edition and publisher of the text it follows
    # Class-name prefixes its models carry by hand (``Royale`` in ``RoyaleBoutResult``): published type names carry
    # the ruleset's own prefix once instead (``BattleroyaleBoutResult``; see ``published_name``).
    type_prefixes: tuple[str, ...] = ()

    def operation(self, name: str) -> Operation:
        return next(op for op in self.operations if op.name == name)


def pascal(name: str) -> str:
    """``fight2e`` → ``Fight2e``, ``price_move`` → ``PriceMove``."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def namespace_of(module: str) -> str | None:
    """The ruleset a module belongs to (``service.rules.impact.turn.resolve`` → ``impact``); None for shared modules."""
    parts = module.split(".")
    if len(parts) > 2 and parts[:2] == ["service", "rules"] and parts[2] != "core":
        return parts[2]
    return None


def published_name(module: str, name: str) -> str:
    """The name a model or enum of ``module`` is published under in OpenAPI and GraphQL: a ruleset's types carry its
    PascalCase id once (``Fight2eTurnResult``, ``BattleroyaleBoutResult``, not ``BattleroyaleRoyaleBoutResult``);
    the shared ones (``service.rules.core``, the service's own) keep their class name."""
    namespace = namespace_of(module)
    if namespace is None:
        return name
    prefix = pascal(namespace)
    found = next((r for r in rulesets() if r.id == namespace), None)
    for hand in (prefix, *(found.type_prefixes if found else ())):
        if name.startswith(hand) and name[len(hand) : len(hand) + 1].isupper():
            return prefix + name[len(hand) :]
    return prefix + name


@cache
def rulesets() -> tuple[Ruleset, ...]:
    """Every ruleset package under ``service/rules/`` (any package whose ``__init__`` defines ``ruleset()``)."""
    from .. import __path__ as rules_path

    found = []
    for info in sorted(pkgutil.iter_modules(rules_path), key=lambda i: i.name):
        if not info.ispkg or info.name == "core":
            continue
        module = importlib.import_module(f"service.rules.{info.name}")
        factory = getattr(module, "ruleset", None)
        if callable(factory):
            found.append(factory())
    return tuple(found)
