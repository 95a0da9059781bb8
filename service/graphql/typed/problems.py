"""Pydantic's validation errors as problems whose paths use GraphQL's names.

One notation, the service's: dotted field names, list indices in brackets (``moves[2].elements[0].id``), with
GraphQL's camelCase names. A map (a list of ``{key value}`` entries in GraphQL) is addressed by the entry's index:
``decisions[3].value.choice``, or ``decisions[3].key`` for a bad key. A union given as a ``@oneOf`` input adds the
member given: ``options[0].value.string``. Paths are relative to the operation's ``input`` argument.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import strawberry
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .registry import TypeRegistry, camel, input_key
from .shapes import DictShape, ListShape, ModelShape, Nullable, Shape, UnionShape

MAX_PROBLEMS = 50
# Errors that only say "the value is not of this member's type": in a union they come from the members the
# input did not choose and are dropped when the chosen member reported something more specific.
_MISMATCH = {
    "int_type",
    "int_parsing",
    "int_from_float",
    "bool_type",
    "bool_parsing",
    "string_type",
    "float_type",
    "float_parsing",
    "list_type",
    "dict_type",
    "model_type",
    "model_attributes_type",
    "enum",
    "literal_error",
    "is_instance_of",
    "tuple_type",
    "set_type",
}


@strawberry.type(description="One part of the input that breaks the contract.")
class InputProblem:
    path: str = strawberry.field(
        description="Where in the `input` argument, in GraphQL's names: dotted fields, "
        "list indices in brackets, e.g. `moves[2].elements[0].id`."
    )
    message: str
    code: str = strawberry.field(description="The kind of problem, e.g. `less_than_equal`, `missing`.")


@strawberry.type(
    description="The input is outside the contract's bounds, which GraphQL's types cannot state "
    "(numbers' ranges, lengths, patterns): nothing was computed."
)
class InvalidInput:
    message: str
    problems: list[InputProblem]


def path_text(parts: Sequence[str | int]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


@dataclass
class _Walk:
    parts: list[str | int]
    union_at: int | None = None  # index in parts where a union member was entered
    foreign: bool = False  # the error is about a member of a union of models the input did not choose


def _part(value: Any, name: str) -> Any:
    """A field of a GraphQL input: a mapping in GraphQL's names (graphql-core's value) or an input instance."""
    return value.get(name) if isinstance(value, Mapping) else getattr(value, name, None)


def _entry_index(entries: Any, key: Any) -> int | None:
    for i, entry in enumerate(entries or ()):
        if _part(entry, "key") == key:
            return i
    return None


def _chosen(value: Any, members: list[tuple[str, Shape]]) -> tuple[str, Shape, Any] | None:
    for name, shape in members:
        v = _part(value, name)
        if v is not None and v is not strawberry.UNSET:
            return name, shape, v
    return None


def _step(registry: TypeRegistry, shape: Shape, value: Any, loc: list[Any], walk: _Walk) -> tuple[Shape, Any] | None:
    """Consume the head of ``loc`` under ``shape``; None when the path cannot be followed further."""
    if isinstance(shape, ModelShape):
        part = loc.pop(0)
        field, found = next(
            ((n, s) for n, i, s in registry.fields(shape.model) if part in (n, input_key(n, i))), (str(part), None)
        )
        walk.parts.append(camel(field) if found is not None else field)
        attr = camel(field) if isinstance(value, Mapping) else field
        return (found, _part(value, attr)) if found is not None else None
    if isinstance(shape, ListShape):
        part = loc.pop(0)
        walk.parts.append(part)
        items = value if isinstance(value, list) else []
        return shape.item, items[part] if isinstance(part, int) and 0 <= part < len(items) else None
    if isinstance(shape, DictShape):
        key = loc.pop(0)
        index = _entry_index(value, key)
        walk.parts.append(index if index is not None else str(key))
        if loc and loc[0] == "[key]":
            loc.pop(0)
            walk.parts.append("key")
            return None
        walk.parts.append("value")
        return shape.value, _part(value[index], "value") if index is not None else None
    if isinstance(shape, UnionShape):
        tag = loc.pop(0)  # pydantic's tag of the member that failed: the class name for a model
        walk.union_at = len(walk.parts) if walk.union_at is None else walk.union_at
        chosen = _chosen(value, registry.members(shape, ""))
        if chosen is None:
            return None
        if isinstance(chosen[1], ModelShape) and chosen[1].model.__name__ != tag:
            walk.foreign = True
            return None
        walk.parts.append(chosen[0])
        return chosen[1], chosen[2]
    return None


def graphql_path(registry: TypeRegistry, model: type[BaseModel], loc: Sequence[Any], value: Any) -> str:
    """Pydantic's ``loc`` of an error in ``model`` as a GraphQL path (``moves[2].elements[0].id`` in GraphQL's
    names); ``value`` is the GraphQL input it came from (it tells map keys' entry indices and which union member
    was given)."""
    return path_text(_walk(registry, model, loc, value).parts)


def _walk(registry: TypeRegistry, model: type[BaseModel], loc: Sequence[Any], value: Any) -> _Walk:
    walk = _Walk([])
    rest = list(loc)
    shape: Shape | None = ModelShape(model)
    while rest and shape is not None:
        if isinstance(shape, Nullable):
            shape = shape.inner
            continue
        stepped = _step(registry, shape, value, rest, walk)
        shape, value = stepped if stepped is not None else (None, None)
    walk.parts.extend(p if isinstance(p, int) else str(p) for p in rest if p != "[key]")
    return walk


def invalid_input(
    registry: TypeRegistry,
    model: type[BaseModel],
    exc: ValidationError,
    value: Any,
    message: str = "The input is not well-formed.",
) -> InvalidInput:
    """Every problem pydantic found (at most ``MAX_PROBLEMS``), at its GraphQL path."""
    found: list[tuple[_Walk, ErrorDetails]] = [
        (_walk(registry, model, e["loc"], value), e) for e in exc.errors(include_url=False)
    ]
    specific = {tuple(w.parts[: w.union_at]) for w, e in found if w.union_at is not None and e["type"] not in _MISMATCH}
    problems = []
    for walk, error in found:
        if walk.foreign:
            continue
        in_union = walk.union_at is not None
        if in_union and error["type"] in _MISMATCH and tuple(walk.parts[: walk.union_at]) in specific:
            continue  # another member of this union said what is wrong
        parts = walk.parts if not in_union or error["type"] not in _MISMATCH else walk.parts[: walk.union_at]
        problem = InputProblem(path=path_text(parts), message=error["msg"], code=error["type"])
        if problem not in problems:
            problems.append(problem)
    return InvalidInput(message=message, problems=problems[:MAX_PROBLEMS])
