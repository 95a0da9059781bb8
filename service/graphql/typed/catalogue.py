"""A ruleset's ``catalog`` type, generated from its ``CatalogueDocument`` records as REST generates its routes.

One field per document (``basic-moves`` → ``basicMoves``; the whole catalogue, named ``""``, → ``all``), whose
arguments are the document's filter fields typed by the registry: a filter typed as an enum (a kind, a keyword or
an entry id) refuses an unknown value as a GraphQL validation error, never with an empty list. A document whose
model holds one list of records answers that list (``entries(kind: element): [Fight2eEntry!]!``); one holding
several answers the document. Ruleset-agnostic.

GraphQL cannot state a filter's bounds, so: an empty string is a filter not given, and a value outside the
filter's bounds (a ``search`` longer than any name) matches nothing. Answers are converted once per distinct
filter set and reused (the documents are fixed for the ruleset version the schema is built for).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from functools import lru_cache
from typing import Annotated, Any, Optional

import strawberry
from pydantic import BaseModel, ValidationError
from strawberry.tools import create_type
from strawberry.types.field import StrawberryField

from ...rules.core.ruleset import CatalogueDocument
from .registry import IN, TypeRegistry, camel, pascal, runtime_type
from .shapes import ListShape, ModelShape

ANSWERS_KEPT = 256  # distinct filter sets whose converted answer each field keeps


def _plain(value: Any) -> Any:
    """An argument as Strawberry gives it (enum members of the registry's copies) → its JSON value."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value.value if isinstance(value, Enum) else value


def _records_field(model: type[BaseModel], registry: TypeRegistry) -> tuple[str, type[BaseModel]] | None:
    """The one list-of-records field of a document model (its name and record model), if it has exactly one."""
    lists = [
        (name, shape.item.model)
        for name, _, shape in registry.fields(model)
        if isinstance(shape, ListShape) and isinstance(shape.item, ModelShape)
    ]
    return lists[0] if len(lists) == 1 else None


class _Answers:
    """The converted answer of one document per canonical filter set (``""``: no filter)."""

    def __init__(self, doc: CatalogueDocument, registry: TypeRegistry, records: tuple[str, type[BaseModel]] | None):
        self.doc = doc
        self.records = records[0] if records else None
        self.convert = registry.output_converter(records[1] if records else doc.model)
        self.get: Callable[[str], Any] = lru_cache(maxsize=ANSWERS_KEPT)(self._build)

    def _build(self, key: str) -> Any:
        filters = self.doc.filters.model_validate_json(key) if key and self.doc.filters else None
        built = self.doc.build(filters)
        if self.records is None:
            return self.convert(built)
        return [self.convert(r) for r in getattr(built, self.records)]

    def key(self, given: Mapping[str, Any]) -> str | None:
        """The canonical filter set of the arguments given, or None when they are outside the filters' bounds."""
        active = {k: _plain(v) for k, v in given.items() if v is not None and v != ""}
        if not active or self.doc.filters is None:
            return ""
        try:
            return self.doc.filters.model_validate(active).model_dump_json()
        except ValidationError:
            return None


def document_field(doc: CatalogueDocument, namespace: str, registry: TypeRegistry) -> StrawberryField:
    """The ``catalog`` field of one document, its filters as optional arguments."""
    records = _records_field(doc.model, registry)
    out: Any = registry.output_type(records[1] if records else doc.model, namespace)
    out = runtime_type(list, out) if records else out
    filters = registry.fields(doc.filters) if doc.filters is not None else []
    args = {
        name: runtime_type(
            Annotated,
            runtime_type(Optional, registry.annotation(shape, IN, namespace)),
            strawberry.argument(description=info.description),
        )
        for name, info, shape in filters
    }
    answers = _Answers(doc, registry, records)
    nothing: Any = [] if records else None

    def resolve(root: Any, **given: Any) -> Any:
        key = answers.key(given)
        return nothing if key is None else answers.get(key)

    name = doc.name.replace("-", "_") or "all"
    resolve.__name__ = name
    resolve.__annotations__ = {"root": Any, **args, "return": out}
    keyword = inspect.Parameter.KEYWORD_ONLY
    resolve.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("root", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Any)]
        + [inspect.Parameter(n, keyword, default=None, annotation=t) for n, t in args.items()],
        return_annotation=out,
    )
    return strawberry.field(resolver=resolve, name=camel(name), description=doc.summary or None)


def catalogue_type(namespace: str, documents: Sequence[CatalogueDocument], registry: TypeRegistry) -> type:
    """``<Namespace>Catalog``: one field per catalogue document."""
    fields = [document_field(doc, namespace, registry) for doc in documents]
    return create_type(f"{pascal(namespace)}Catalog", fields, description="The ruleset's catalogue.")
