"""What a pydantic annotation is, as far as GraphQL cares: a small tree of shapes.

Bounds (``Field(ge=…)``, ``max_length``…) are dropped here: GraphQL cannot state them and pydantic enforces them
when the converted input is validated. The one bound that changes the GraphQL type is an integer range wider
than GraphQL's 32-bit ``Int``: such a field becomes the ``Long`` scalar.
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel, JsonValue
from pydantic.fields import FieldInfo

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


@dataclass(frozen=True)
class Scalar:
    kind: str  # "Int", "Long", "Float", "Boolean", "String"


@dataclass(frozen=True)
class EnumShape:
    values: tuple[Any, ...]  # the JSON values, in order
    source: type[Enum] | None  # None for a Literal
    where: str  # "module:Model.field" of a Literal (names its GraphQL enum)


@dataclass(frozen=True)
class ModelShape:
    model: type[BaseModel]


@dataclass(frozen=True)
class ListShape:
    item: Shape


@dataclass(frozen=True)
class DictShape:
    key: Shape
    value: Shape


@dataclass(frozen=True)
class UnionShape:
    members: tuple[Shape, ...]  # no None: a nullable union is Nullable(UnionShape)

    @property
    def of_models(self) -> bool:
        return all(isinstance(m, ModelShape) for m in self.members)


@dataclass(frozen=True)
class Nullable:
    inner: Shape


Shape = Scalar | EnumShape | ModelShape | ListShape | DictShape | UnionShape | Nullable

_SCALARS: dict[Any, str] = {int: "Int", float: "Float", bool: "Boolean", str: "String"}
_LISTS = (list, tuple, set, frozenset, Sequence)
_UNIONS = (Union, types.UnionType)


def _wide(metadata: Sequence[Any]) -> bool:
    """Whether integer bounds reach outside GraphQL's Int (a FieldInfo's own metadata counts too)."""
    for item in metadata:
        if isinstance(item, FieldInfo) and _wide(item.metadata):
            return True
        for attr in ("ge", "gt", "le", "lt"):
            bound = getattr(item, attr, None) if isinstance(item, annotated_types.BaseMetadata) else None
            if isinstance(bound, int) and not INT32_MIN <= bound <= INT32_MAX:
                return True
    return False


def shape_of(annotation: Any, where: str, metadata: Sequence[Any] = ()) -> Shape:
    """The shape of ``annotation``; ``where`` ("module:Model.field") names Literal enums and error messages,
    ``metadata`` holds the field's own constraints (they apply to the innermost scalar)."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return shape_of(args[0], where, [*metadata, *annotation.__metadata__])
    if annotation is JsonValue:  # the one untyped answer: a decision's value, echoed back as the ruleset's input
        return Scalar("JSON")
    if annotation in _SCALARS:
        if annotation is int and _wide(metadata):
            return Scalar("Long")
        return Scalar(_SCALARS[annotation])
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return EnumShape(tuple(m.value for m in annotation), annotation, where)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return ModelShape(annotation)
    if origin is Literal:
        return _literal(args, where)
    if origin in _UNIONS:
        return _union(args, where, metadata)
    if origin in _LISTS or annotation in (list, tuple):
        items = [a for a in args if a is not Ellipsis]
        if len(set(items)) > 1:
            raise TypeError(f"{where}: a tuple of different types ({annotation!r}) has no GraphQL type")
        return ListShape(shape_of(items[0], where, metadata) if items else _untyped(annotation, where))
    if origin in (dict, Mapping):
        if len(args) != 2:
            _untyped(annotation, where)
        return DictShape(shape_of(args[0], where), shape_of(args[1], where, metadata))
    return _untyped(annotation, where)


def _untyped(annotation: Any, where: str) -> Shape:
    raise TypeError(f"{where}: no GraphQL type for {annotation!r} (a JSON scalar is not allowed)")


def _literal(values: tuple[Any, ...], where: str) -> Shape:
    if all(isinstance(v, str) for v in values):
        return EnumShape(tuple(values), None, where)
    kinds = {type(v) for v in values}
    if len(kinds) == 1 and (kind := kinds.pop()) in _SCALARS:
        return Scalar(_SCALARS[kind])
    return _untyped(Literal[values], where)


def _union(args: tuple[Any, ...], where: str, metadata: Sequence[Any]) -> Shape:
    members = [a for a in args if a is not type(None)]
    shapes: list[Shape] = []
    for member in members:
        shape = shape_of(member, where, metadata)
        inner = shape.members if isinstance(shape, UnionShape) else (shape,)
        shapes.extend(s for s in inner if s not in shapes)
    shape = shapes[0] if len(shapes) == 1 else UnionShape(tuple(shapes))
    return Nullable(shape) if len(members) < len(args) else shape


def field_shape(model: type[BaseModel], name: str, info: FieldInfo) -> Shape:
    return shape_of(info.annotation, f"{model.__module__}:{model.__name__}.{name}", info.metadata)


def accepts_none(shape: Shape) -> bool:
    return isinstance(shape, Nullable)
