"""An operation's input straight from the raw variables: one pass from the JSON the client sent (GraphQL names,
maps as ``[{key value}]``, ``@oneOf`` unions) to the plain dict REST's model validates, instead of graphql-core
coercing the variable into Python values and the registry converting those again.

The pass accepts only what graphql-core's coercion would accept unchanged (exact JSON types, 32-bit ``Int``, no
unknown field, no null where the type is non-null, exactly one member of a ``@oneOf``, no key given twice in a
map). Anything else raises ``NotPlain`` and the variable goes the general way (graphql-core's coercion, its
spec-conformant errors, then the registry's converter), so the errors a client gets are the same either way. The
request model then validates the dict once, in the resolver (``Converters.to_request``).
"""

from __future__ import annotations

from collections.abc import Callable
from math import isfinite
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLScalarType,
    Undefined,
)
from pydantic import BaseModel

from .registry import TypeRegistry, camel, input_key
from .shapes import (
    INT32_MAX,
    INT32_MIN,
    DictShape,
    EnumShape,
    ListShape,
    ModelShape,
    Nullable,
    Scalar,
    Shape,
    UnionShape,
)

Translate = Callable[[Any], Any]
_MISSING: Any = object()


class NotPlain(Exception):
    """The raw value is not one the plain pass takes: graphql-core coerces it (and reports what is wrong)."""


def _int(v: Any) -> Any:
    if type(v) is int and INT32_MIN <= v <= INT32_MAX:
        return v
    raise NotPlain


def _long(v: Any) -> Any:
    if type(v) is int:
        return v
    raise NotPlain


def _float(v: Any) -> Any:
    if type(v) is float and isfinite(v):
        return v
    if type(v) is int and float(v) == v:
        return float(v)  # as graphql-core's Float coerces an integer
    raise NotPlain


def _typed(kind: type) -> Translate:
    def check(v: Any) -> Any:
        if type(v) is kind:
            return v
        raise NotPlain

    return check


_SCALARS: dict[str, Translate] = {
    "Int": _int,
    "Long": _long,
    "Float": _float,
    "String": _typed(str),
    "Boolean": _typed(bool),
}


class RawInputs:
    """The plain pass for the input types of one registry, built on first use per GraphQL input type."""

    def __init__(self, registry: TypeRegistry) -> None:
        self.registry = registry
        self._models: dict[str, type[BaseModel]] | None = None
        self._built: dict[str, Translate | None] = {}

    def models(self) -> dict[str, type[BaseModel]]:
        if self._models is None:
            self._models = self.registry.input_models()
        return self._models

    def translator(self, t: GraphQLInputObjectType) -> Translate | None:
        """The pass for a request model's input type, or None when the type is not one (or cannot be taken
        plainly: a scalar this pass does not know)."""
        if t.name in self._built:
            return self._built[t.name]
        model = self.models().get(t.name)
        built: Translate | None = None
        if model is not None:
            before = dict(self._built)
            try:
                built = self._model(t, model)
            except TypeError:  # nothing half-built stays
                self._built = before
        self._built[t.name] = built
        return built

    def _model(self, t: GraphQLInputObjectType, model: type[BaseModel]) -> Translate:
        specs: list[tuple[str, str, Translate, bool, bool, bool, bool]] = []
        names = frozenset(t.fields)

        def translate(value: Any) -> dict[str, Any]:
            if type(value) is not dict or not value.keys() <= names:
                raise NotPlain
            out: dict[str, Any] = {}
            for name, key, conv, non_null, has_default, keeps_none, required in specs:
                v = value.get(name, _MISSING)
                if v is _MISSING:
                    if has_default:
                        continue  # the model's own default, which the SDL states
                    if non_null:
                        raise NotPlain
                    if keeps_none and required:
                        out[key] = None
                    continue
                if v is None:
                    if non_null:
                        raise NotPlain
                    if keeps_none:
                        out[key] = None
                    continue
                out[key] = conv(v)
            return out

        self._built.setdefault(t.name, translate)  # a model that holds itself finds its own pass
        for field, info, shape in self.registry.fields(model):
            name = camel(field)
            gfield = t.fields[name]
            non_null = isinstance(gfield.type, GraphQLNonNull)
            conv = self._value(_nullable(gfield.type), _inner(shape))
            specs.append(
                (
                    name,
                    input_key(field, info),
                    conv,
                    non_null,
                    gfield.default_value is not Undefined,
                    isinstance(shape, Nullable),
                    info.is_required(),
                )
            )
        return translate

    def _value(self, t: GraphQLInputType, shape: Shape) -> Translate:
        if isinstance(t, GraphQLScalarType):
            if t.name not in _SCALARS or not isinstance(shape, Scalar):
                raise TypeError(t.name)
            return _SCALARS[t.name]
        if isinstance(t, GraphQLEnumType):
            values = {name: getattr(v.value, "value", v.value) for name, v in t.values.items()}
            if not isinstance(shape, EnumShape):
                raise TypeError(t.name)

            def enum(v: Any) -> Any:
                if type(v) is str and v in values:
                    return values[v]
                raise NotPlain

            return enum
        if isinstance(t, GraphQLList):
            item_type = t.of_type
            if isinstance(shape, DictShape):
                return self._entries(item_type, shape)
            if not isinstance(shape, ListShape):
                raise TypeError(str(t))
            return _list(self._value(_nullable(item_type), _inner(shape.item)), isinstance(item_type, GraphQLNonNull))
        if isinstance(t, GraphQLInputObjectType):
            if isinstance(shape, UnionShape):  # a @oneOf input
                return self._one_of(t, shape)
            if not isinstance(shape, ModelShape):
                raise TypeError(t.name)
            built = self._built.get(t.name)
            return built if built is not None else self._model(t, shape.model)
        raise TypeError(str(t))

    def _entries(self, item_type: GraphQLInputType, shape: DictShape) -> Translate:
        entry = _nullable(item_type)
        if not isinstance(item_type, GraphQLNonNull) or not isinstance(entry, GraphQLInputObjectType):
            raise TypeError(str(item_type))
        key_field, value_field = entry.fields["key"], entry.fields["value"]
        key_conv = self._value(_nullable(key_field.type), _inner(shape.key))
        value_conv = self._value(_nullable(value_field.type), _inner(shape.value))
        value_non_null = isinstance(value_field.type, GraphQLNonNull)

        def entries(v: Any) -> dict[Any, Any]:
            if type(v) is not list:
                raise NotPlain
            out: dict[Any, Any] = {}
            for item in v:
                if type(item) is not dict or item.keys() != {"key", "value"} or item["key"] is None:
                    raise NotPlain
                key = key_conv(item["key"])
                if key in out:
                    raise NotPlain  # graphql-core's way tells which entry repeats the key
                value = item["value"]
                if value is None and value_non_null:
                    raise NotPlain
                out[key] = None if value is None else value_conv(value)
            return out

        return entries

    def _one_of(self, t: GraphQLInputObjectType, shape: UnionShape) -> Translate:
        members = {
            name: self._value(_nullable(t.fields[name].type), _inner(member))
            for name, member in self.registry.members(shape, "")
        }

        def one_of(v: Any) -> Any:
            if type(v) is not dict or len(v) != 1:
                raise NotPlain
            ((name, value),) = v.items()
            conv = members.get(name)
            if conv is None or value is None:
                raise NotPlain
            return conv(value)

        return one_of


def _nullable(t: GraphQLInputType) -> Any:
    return t.of_type if isinstance(t, GraphQLNonNull) else t


def _inner(shape: Shape) -> Shape:
    return shape.inner if isinstance(shape, Nullable) else shape


def _list(item: Translate, non_null: bool) -> Translate:
    def translate(v: Any) -> list[Any]:
        if type(v) is not list:
            raise NotPlain  # GraphQL takes a single value as a list of one: graphql-core's way
        out: list[Any] = []
        for x in v:
            if x is None:
                if non_null:
                    raise NotPlain
                out.append(None)
            else:
                out.append(item(x))
        return out

    return translate
