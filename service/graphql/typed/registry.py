"""Strawberry input and output types generated from pydantic models, and the converters between them.

One ``TypeRegistry`` maps each pydantic model (and each enum, Literal, dict entry and scalar union) to exactly one
GraphQL type per direction, and refuses two different things under one GraphQL name. See ``__init__`` for the
mapping rules.
"""

from __future__ import annotations

import inspect
import re
import types
from collections.abc import Callable, Hashable, Iterable
from enum import Enum, EnumMeta, IntEnum, StrEnum
from operator import attrgetter, itemgetter
from typing import Annotated, Any, NamedTuple, NewType, Optional, Union

import strawberry
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from strawberry.scalars import JSON
from strawberry.types.base import get_object_definition
from strawberry.types.scalar import ScalarDefinition
from strawberry.utils.str_converters import to_camel_case

from ...rules.core.ruleset import namespace_of, pascal, published_name
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
    field_shape,
    shape_of,
)

SHARED_MODULES = ("service.rules.core",)  # models and enums from here are named without a namespace prefix
IN, OUT = "in", "out"
Converter = Callable[[Any], Any] | None  # None: the value passes as it is
_MISSING: Any = object()
_SOURCE = "_source"  # where a converted output instance keeps its answer (pydantic fields never start with _)
_NO_DEFAULT: Any = object()
_GRAPHQL_NAME = re.compile(r"^[A-Za-z][_0-9A-Za-z]*$")


def _parse_long(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"Long cannot represent a non-integer value: {value!r}")
    return value


Long = NewType("Long", int)
# The schema maps it: ``strawberry.Schema(..., config=StrawberryConfig(scalar_map=SCALAR_MAP))``.
SCALAR_MAP: dict[object, ScalarDefinition] = {
    Long: strawberry.scalar(
        name="Long",
        description="An integer outside GraphQL's 32-bit Int range (e.g. a 64-bit seed), written as a JSON number.",
        serialize=int,
        parse_value=_parse_long,
    )
}
_SCALAR_TYPES: dict[str, Any] = {
    "Int": int,
    "Long": Long,
    "Float": float,
    "Boolean": bool,
    "String": str,
    "JSON": JSON,  # a decision's value in an answer (core.protocol.models.ChoiceOption): echoed back as typed input
}


def camel(name: str) -> str:
    return to_camel_case(name)


def _doc(obj: Any) -> str | None:
    doc = obj.__dict__.get("__doc__")
    return inspect.cleandoc(doc) if isinstance(doc, str) else None


OPERATION = "_operation_resolver"  # marks a synchronous operation resolver ``(root, info, input)`` (typed.namespace)


class InputPathError(Exception):
    """An input GraphQL accepts but the request model cannot take (a dict key given twice); ``parts`` is the
    GraphQL path, filled in from the inside out."""

    def __init__(self, message: str, parts: list[str | int] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.parts = parts or []


class Received(NamedTuple):
    """What a generated input type hands the resolver: the GraphQL value as sent, the plain request dict built
    from it (None when it cannot be built) and why not."""

    graphql: Any
    data: dict[str, Any] | None
    error: InputPathError | None


class Translated(NamedTuple):
    """A variable taken by the plain pass (typed/raw.py): as sent (for the problems' GraphQL paths) and as the
    plain request dict."""

    raw: Any
    data: dict[str, Any]


class TypeRegistry:
    """GraphQL types for pydantic models, one per model and direction.

    Names: a model or enum is ``Prefix + ClassName`` (``Fight2e`` + ``MovePrice``; inputs end in ``Input``), where
    the prefix is the PascalCase namespace; models and enums of ``SHARED_MODULES`` have no prefix. A second class
    with a taken name is qualified by its module (``Fight2eCombatFinding``). A ``Literal`` of strings is an enum
    named after its field (``Fight2eMoveRequestType``). Structural types are named by what they hold: a
    ``dict[str, X]`` is a list of ``XEntry {key value}``, a union of scalars ``IntOrBooleanOrString…``.
    """

    def __init__(self, shared_modules: tuple[str, ...] = SHARED_MODULES) -> None:
        self.shared_modules = shared_modules
        self._bases: dict[str, Hashable] = {}  # base name → the model or enum it names
        self._given: dict[Hashable, str] = {}  # model or enum key → its base name
        self._types: dict[tuple[str, Hashable], Any] = {}  # (direction, key) → Strawberry type
        self._claimed: dict[str, tuple[str, Hashable]] = {}  # GraphQL name → (direction, key)
        self._enums: dict[Hashable, type[Enum]] = {}
        self._fields: dict[type[BaseModel], list[tuple[str, FieldInfo, Shape]]] = {}
        self._in_convs: dict[type[BaseModel], Callable[[Any], dict[str, Any]]] = {}
        self._map_convs: dict[type[BaseModel], Callable[[Any], dict[str, Any]]] = {}
        self._out_convs: dict[type[BaseModel], Callable[[Any], Any]] = {}

    # ---- names

    def _base_name(self, key: Hashable, module: str, name: str, namespace: str) -> str:
        if key in self._given:
            return self._given[key]
        shared = module.startswith(self.shared_modules)
        prefix = "" if shared else pascal(namespace)
        if shared:
            base = name
        elif namespace_of(module) == namespace:
            base = published_name(module, name)  # the ruleset's prefix once: BattleroyaleBoutResult
        else:
            base = name if name.startswith(prefix) else prefix + name
        parts = [p for p in module.split(".") if p not in ("models", "service", "rules", namespace)]
        candidates = [base, prefix + pascal(parts[-1] if parts else "") + name]
        candidates.append(prefix + pascal(module.rpartition(".")[2]) + name)  # e.g. Fight2eModelsEntryKind
        for candidate in candidates:
            if self._bases.get(candidate, key) == key:
                self._bases[candidate] = key
                self._given[key] = candidate
                return candidate
        raise TypeError(f"two different types are both called {candidates[-1]} in GraphQL")

    def _claim(self, name: str, direction: str, key: Hashable) -> str:
        owner = self._claimed.setdefault(name, (direction, key))
        if owner != (direction, key):
            raise TypeError(f"the GraphQL name {name} would stand for two different types: {owner} and {key}")
        return name

    def model_name(self, model: type[BaseModel], namespace: str) -> str:
        return self._base_name(model, model.__module__, model.__name__, namespace)

    def shape_name(self, shape: Shape, namespace: str) -> str:
        """A structural name: what names an entry or a union type."""
        if isinstance(shape, Scalar):
            return shape.kind
        if isinstance(shape, EnumShape):
            return self._enum_name(shape, namespace)
        if isinstance(shape, ModelShape):
            return self.model_name(shape.model, namespace)
        if isinstance(shape, ListShape):
            inner = self.shape_name(shape.item, namespace)
            return f"ListOf{inner}" if isinstance(shape.item, UnionShape) else f"{inner}List"
        if isinstance(shape, DictShape):
            return self.shape_name(shape.value, namespace) + "Map"
        if isinstance(shape, UnionShape):
            return "Or".join(self.shape_name(m, namespace) for m in shape.members)
        return "Optional" + self.shape_name(shape.inner, namespace)

    def member_field(self, shape: Shape, namespace: str) -> str:
        """The field of a union's object (output) or ``@oneOf`` input that holds this member."""
        if isinstance(shape, ListShape):
            inner = "list" if isinstance(shape.item, UnionShape) else self.member_field(shape.item, namespace)
            return inner if inner == "list" else inner + "List"
        if isinstance(shape, DictShape):
            return self.member_field(shape.value, namespace) + "Map"
        if isinstance(shape, ModelShape | EnumShape) and (
            shape.model if isinstance(shape, ModelShape) else shape.source
        ):
            name = (shape.model if isinstance(shape, ModelShape) else shape.source).__name__  # type: ignore[union-attr]
        else:
            name = self.shape_name(shape, namespace)
        return name[:1].lower() + name[1:]

    def members(self, shape: UnionShape, namespace: str) -> list[tuple[str, Shape]]:
        named = [(self.member_field(m, namespace), m) for m in shape.members]
        if len({n for n, _ in named}) < len(named):
            raise TypeError(f"a union's members need distinct GraphQL fields: {[n for n, _ in named]}")
        return named

    # ---- enums

    def _enum_key(self, shape: EnumShape) -> Hashable:
        return ("enum", shape.source) if shape.source is not None else ("literal", shape.where, shape.values)

    def _enum_name(self, shape: EnumShape, namespace: str) -> str:
        key = self._enum_key(shape)
        if shape.source is not None:
            return self._base_name(key, shape.source.__module__, shape.source.__name__, namespace)
        module, _, where = shape.where.rpartition(":")
        model, _, field = where.partition(".")
        return self._base_name(key, module, model + pascal(field), namespace)

    def enum_type(self, shape: EnumShape, namespace: str) -> type[Enum]:
        """A copy of the enum (the model's own class is never decorated), whose GraphQL value names are the JSON
        values where GraphQL allows them (``pass``, ``A``), else the Python member names."""
        key = self._enum_key(shape)
        if key in self._enums:
            return self._enums[key]
        name = self._claim(self._enum_name(shape, namespace), OUT, key)
        source_names = [m.name for m in shape.source] if shape.source else [None] * len(shape.values)
        names = [_value_name(v, n) for v, n in zip(shape.values, source_names, strict=True)]
        if len(set(names)) < len(names):
            raise TypeError(f"enum {name}: values without distinct GraphQL names {shape.values}")
        pairs = list(zip(names, shape.values, strict=True))
        if all(isinstance(v, str) for v in shape.values):
            copy = _functional_enum(StrEnum, name, pairs)
        elif all(isinstance(v, int) and not isinstance(v, bool) for v in shape.values):
            copy = _functional_enum(IntEnum, name, pairs)
        else:
            raise TypeError(f"enum {name}: only string or integer values have a GraphQL form")
        description = _doc(shape.source) if shape.source else None
        self._enums[key] = strawberry.enum(copy, name=name, description=description)
        return self._enums[key]

    # ---- types

    def fields(self, model: type[BaseModel]) -> list[tuple[str, FieldInfo, Shape]]:
        if model not in self._fields:
            self._fields[model] = [(n, i, field_shape(model, n, i)) for n, i in model.model_fields.items()]
        return self._fields[model]

    def computed(self, model: type[BaseModel]) -> list[tuple[str, str | None, Shape]]:
        """Pydantic's computed fields (answers only): name, description, shape."""
        return [
            (n, i.description, shape_of(i.return_type, f"{model.__module__}:{model.__name__}.{n}"))
            for n, i in model.model_computed_fields.items()
        ]

    def output_type(self, model: type[BaseModel], namespace: str = "") -> type:
        """The Strawberry output type of ``model`` (and, recursively, of everything it holds)."""
        found = self._types.get((OUT, model))
        if found is not None:
            return found
        name = self._claim(self.model_name(model, namespace), OUT, model)
        cls = types.new_class(name)
        self._types[(OUT, model)] = cls
        annotations, namespace_dict = {}, {}
        for field, info, shape in self.fields(model):
            annotations[field] = self.annotation(shape, OUT, namespace)
            namespace_dict[field] = strawberry.field(name=camel(field), description=info.description)
        for field, description, shape in self.computed(model):
            annotations[field] = self.annotation(shape, OUT, namespace)
            namespace_dict[field] = strawberry.field(name=camel(field), description=description)
        return _finish(cls, annotations, namespace_dict, name=name, description=_doc(model))

    def input_type(self, model: type[BaseModel], namespace: str = "") -> type:
        """The Strawberry input type of ``model``: pydantic's required fields are required, a field with a
        default is optional (the default stated when GraphQL can state it, else left to pydantic)."""
        found = self._types.get((IN, model))
        if found is not None:
            return found
        name = self._claim(self.model_name(model, namespace) + "Input", IN, model)
        cls = types.new_class(name)
        self._types[(IN, model)] = cls
        annotations, namespace_dict = {}, {}
        for field, info, shape in self.fields(model):
            annotation = self.annotation(shape, IN, namespace)
            default = _NO_DEFAULT if info.is_required() else info.get_default(call_default_factory=True)
            stated = _NO_DEFAULT if default is _NO_DEFAULT else self._graphql_default(shape, default, namespace)
            kwargs: dict[str, Any] = {"name": camel(field), "description": info.description}
            if stated is not _NO_DEFAULT:
                kwargs["default_factory" if isinstance(stated, list) else "default"] = (
                    (lambda s=stated: list(s)) if isinstance(stated, list) else stated
                )
            elif default is not _NO_DEFAULT or isinstance(shape, Nullable):
                annotation = annotation if isinstance(shape, Nullable) else Optional[annotation]  # noqa: UP045
                kwargs["default"] = strawberry.UNSET
            annotations[field] = annotation
            namespace_dict[field] = strawberry.field(**kwargs)
        cls = _finish(cls, annotations, namespace_dict, name=name, description=_doc(model), is_input=True)
        # Strawberry's hook for types that build their own value: the GraphQL value (a mapping in GraphQL's names,
        # as graphql-core coerced it) becomes the plain request dict in one pass, instead of a tree of input
        # dataclasses built field by field (about 100 ms for a Fighter with 100 moves).
        get_object_definition(cls, strict=True).from_input = lambda _cls, value, _context: self.received(model, value)
        return cls

    def input_models(self) -> dict[str, type[BaseModel]]:
        """The GraphQL name of each model's input type → the model."""
        return {
            get_object_definition(cls, strict=True).name: key
            for (direction, key), cls in self._types.items()
            if direction == IN and isinstance(key, type) and issubclass(key, BaseModel)
        }

    def received(self, model: type[BaseModel], value: Any) -> Any:
        if isinstance(value, Translated):
            return value  # the raw variable, already in the request's shape (typed/raw.py)
        try:
            return Received(value, self.mapping_converter(model)(value), None)
        except InputPathError as exc:
            return Received(value, None, exc)

    def annotation(self, shape: Shape, direction: str, namespace: str) -> Any:
        """The Python annotation Strawberry turns into the GraphQL type of ``shape``."""
        if isinstance(shape, Nullable):
            return Optional[self.annotation(shape.inner, direction, namespace)]  # noqa: UP045
        if isinstance(shape, Scalar):
            return _SCALAR_TYPES[shape.kind]
        if isinstance(shape, EnumShape):
            return self.enum_type(shape, namespace)
        if isinstance(shape, ModelShape):
            make = self.input_type if direction == IN else self.output_type
            return make(shape.model, namespace)
        if isinstance(shape, ListShape):
            return runtime_type(list, self.annotation(shape.item, direction, namespace))
        if isinstance(shape, DictShape):
            return runtime_type(list, self._entry_type(shape, direction, namespace))
        if shape.of_models and direction == OUT:
            members = tuple(self.annotation(m, OUT, namespace) for m in shape.members)
            name = self._claim(self.shape_name(shape, namespace), OUT, shape)
            return Annotated[Union[members], strawberry.union(name)]  # noqa: UP007
        return self._union_object(shape, direction, namespace)

    def _structural(self, name: str, direction: str, shape: Shape, build: Callable[[], type]) -> type:
        key = (direction, shape)
        found = self._types.get(key)
        if found is None:
            self._claim(name, direction, shape)
            found = self._types[key] = build()
        return found

    def _entry_type(self, shape: DictShape, direction: str, namespace: str) -> type:
        key_name = "" if shape.key == Scalar("String") else self.shape_name(shape.key, namespace)
        name = key_name + self.shape_name(shape.value, namespace) + "Entry" + ("Input" if direction == IN else "")

        def build() -> type:
            annotations = {
                "key": self.annotation(shape.key, direction, namespace),
                "value": self.annotation(shape.value, direction, namespace),
            }
            fields = {"key": strawberry.field(name="key"), "value": strawberry.field(name="value")}
            description = "One entry of a map: its key and its value."
            return _finish(
                types.new_class(name), annotations, fields, name=name, description=description, is_input=direction == IN
            )

        return self._structural(name, direction, shape, build)

    def _union_object(self, shape: UnionShape, direction: str, namespace: str) -> type:
        """A union as an object with one nullable field per member: an output sets the member the value is, an
        input is ``@oneOf`` (exactly one member given)."""
        name = self.shape_name(shape, namespace) + ("Input" if direction == IN else "")

        def build() -> type:
            annotations, fields = {}, {}
            for member, member_shape in self.members(shape, namespace):
                annotations[member] = Optional[self.annotation(member_shape, direction, namespace)]  # noqa: UP045
                fields[member] = strawberry.field(name=member, default=strawberry.UNSET if direction == IN else None)
            description = (
                "Exactly one of the fields: the value's own type."
                if direction == IN
                else "The value in the one field of its type; the other fields are null."
            )
            return _finish(
                types.new_class(name),
                annotations,
                fields,
                name=name,
                description=description,
                is_input=direction == IN,
                one_of=direction == IN,
            )

        return self._structural(name, direction, shape, build)

    def _graphql_default(self, shape: Shape, value: Any, namespace: str) -> Any:
        """``value`` as a GraphQL default of ``shape``, or ``_NO_DEFAULT`` when GraphQL cannot state it."""
        if isinstance(shape, Nullable):
            return None if value is None else self._graphql_default(shape.inner, value, namespace)
        if isinstance(shape, Scalar):
            return _scalar_default(shape.kind, value)
        if isinstance(shape, EnumShape):
            json_value = value.value if isinstance(value, Enum) else value
            if json_value in shape.values:
                return self.enum_type(shape, namespace)(json_value)
            return _NO_DEFAULT
        if isinstance(shape, ListShape) and isinstance(value, list | tuple):
            items = [self._graphql_default(shape.item, v, namespace) for v in value]
            return _NO_DEFAULT if any(i is _NO_DEFAULT for i in items) else items
        if isinstance(shape, DictShape) and value == {}:
            return []
        return _NO_DEFAULT

    # ---- converters

    def input_converter(self, model: type[BaseModel]) -> Callable[[Any], dict[str, Any]]:
        """Strawberry input instance → a plain dict in pydantic's field names and JSON values (enum values as
        strings, maps as dicts). A field left out stays out (pydantic applies its default); a null for a field
        pydantic does not allow to be None means the same."""
        found = self._in_convs.get(model)
        if found is not None:
            return found
        specs: list[tuple[str, str, Converter, bool, bool]] = []

        def convert(value: Any) -> dict[str, Any]:
            out: dict[str, Any] = {}
            field = ""
            try:
                for field, key, conv, keeps_none, required in specs:
                    v = getattr(value, field)
                    if v is strawberry.UNSET or v is None:
                        if keeps_none and (v is None or required):
                            out[key] = None
                        continue
                    out[key] = v if conv is None else conv(v)
            except InputPathError as exc:
                exc.parts.insert(0, camel(field))
                raise
            return out

        self._in_convs[model] = convert
        for field, info, shape in self.fields(model):
            conv = self._in_conv(shape)
            specs.append((field, input_key(field, info), conv, isinstance(shape, Nullable), info.is_required()))
        return convert

    def _in_conv(self, shape: Shape) -> Converter:
        if isinstance(shape, Nullable):
            inner = self._in_conv(shape.inner)
            return None if inner is None else (lambda v: None if v is None else inner(v))
        if isinstance(shape, Scalar):
            return None
        if isinstance(shape, EnumShape):
            return _enum_value
        if isinstance(shape, ModelShape):
            return self.input_converter(shape.model)
        if isinstance(shape, ListShape):
            return _list_in(self._in_conv(shape.item))
        if isinstance(shape, DictShape):
            return _dict_in(self._in_conv(shape.key), self._in_conv(shape.value))
        convs = [(member, self._in_conv(s)) for member, s in self.members(shape, "")]
        return _one_of_in(convs)

    def mapping_converter(self, model: type[BaseModel]) -> Callable[[Any], dict[str, Any]]:
        """The GraphQL input value as graphql-core coerced it (mappings keyed by GraphQL names, enum members, lists
        of ``{key value}`` entries, ``@oneOf`` mappings) → the plain dict pydantic validates, as ``input_converter``
        does for Strawberry input instances."""
        found = self._map_convs.get(model)
        if found is not None:
            return found
        specs: list[tuple[str, str, Converter, bool, bool]] = []

        def convert(value: Any) -> dict[str, Any]:
            out: dict[str, Any] = {}
            name = ""
            try:
                for name, key, conv, keeps_none, required in specs:
                    v = value.get(name, _MISSING)
                    if v is _MISSING or v is None:
                        if keeps_none and (v is None or required):
                            out[key] = None
                        continue
                    out[key] = v if conv is None else conv(v)
            except InputPathError as exc:
                exc.parts.insert(0, name)
                raise
            return out

        self._map_convs[model] = convert
        for field, info, shape in self.fields(model):
            conv = self._map_conv(shape)
            key = input_key(field, info)
            specs.append((camel(field), key, conv, isinstance(shape, Nullable), info.is_required()))
        return convert

    def _map_conv(self, shape: Shape) -> Converter:
        if isinstance(shape, Nullable):
            inner = self._map_conv(shape.inner)
            return None if inner is None else (lambda v: None if v is None else inner(v))
        if isinstance(shape, Scalar):
            return None
        if isinstance(shape, EnumShape):
            return _enum_value
        if isinstance(shape, ModelShape):
            return self.mapping_converter(shape.model)
        if isinstance(shape, ListShape):
            return _list_in(self._map_conv(shape.item))
        if isinstance(shape, DictShape):
            return _dict_in(self._map_conv(shape.key), self._map_conv(shape.value), itemgetter("key", "value"))
        convs = [(member, self._map_conv(s)) for member, s in self.members(shape, "")]
        return _one_of_in(convs, dict.get)

    def output_converter(self, model: type[BaseModel]) -> Callable[[Any], Any]:
        """An answer (a pydantic instance, or its ``model_dump(mode="json")`` dict) → the output type's instance,
        built directly (no pydantic round trip). A key missing from a dict takes the field's default.

        The instance holds its source and converts a field when GraphQL first reads it, so an answer costs what
        the query selects of it, not the whole of it (a turn's log and states are large; queries read a little).
        """
        found = self._out_convs.get(model)
        if found is not None:
            return found
        cls = self._types[(OUT, model)]
        fields: dict[str, tuple[Converter, Any, str | None, bool]] = {}  # name → converter, default, alias, computed
        new = object.__new__

        def convert(source: Any) -> Any:
            obj = new(cls)
            obj.__dict__[_SOURCE] = source
            return obj

        def read(obj: Any, name: str) -> Any:
            """A field not read yet: converted from the source, and kept."""
            spec = fields.get(name)
            source = obj.__dict__.get(_SOURCE, _MISSING)
            if spec is None or source is _MISSING:
                raise AttributeError(name)
            conv, default, alias, computed = spec
            plain = type(source) is dict
            if computed:
                v = source.get(name) if plain else getattr(source, name)
            else:
                data = source if plain else source.__dict__
                v = data.get(name, _MISSING)
                if v is _MISSING:
                    v = data.get(alias, default) if alias else default  # a dump by alias
            value = obj.__dict__[name] = v if conv is None or v is None else conv(v)
            return value

        self._out_convs[model] = convert
        for field, info, shape in self.fields(model):
            default = None if info.is_required() else info.get_default(call_default_factory=True)
            alias = info.serialization_alias or info.alias
            fields[field] = (self._out_conv(shape), default, alias if alias != field else None, False)
        fields.update((field, (self._out_conv(shape), None, None, True)) for field, _, shape in self.computed(model))
        cls.__getattr__ = read  # called only for names missing from the instance
        return convert

    def _out_conv(self, shape: Shape) -> Converter:
        if isinstance(shape, Nullable):
            return self._out_conv(shape.inner)  # the model converter passes None through
        if isinstance(shape, Scalar):
            return None
        if isinstance(shape, EnumShape):  # the GraphQL enum finds a str/int value or member by its value
            return None if shape.source is None or issubclass(shape.source, str | int) else _enum_value
        if isinstance(shape, ModelShape):
            return self.output_converter(shape.model)
        if isinstance(shape, ListShape):
            item = self._out_conv(shape.item)
            return None if item is None else (lambda v: [None if x is None else item(x) for x in v])
        if isinstance(shape, DictShape):
            return self._dict_out(shape)
        if shape.of_models:
            return _model_union_out([(s.model, self.output_converter(s.model)) for s in shape.members])  # type: ignore[union-attr]
        return self._union_out(shape)

    def _dict_out(self, shape: DictShape) -> Converter:
        entry = self._types[(OUT, shape)]
        key_conv, value_conv = self._out_conv(shape.key), self._out_conv(shape.value)
        new = object.__new__

        def convert(value: dict[Any, Any]) -> list[Any]:
            out = []
            for k, v in value.items():
                obj = new(entry)
                obj.__dict__.update(
                    key=k if key_conv is None else key_conv(k),
                    value=v if value_conv is None or v is None else value_conv(v),
                )
                out.append(obj)
            return out

        return convert

    def _union_out(self, shape: UnionShape) -> Converter:
        cls = self._types[(OUT, shape)]
        named = self.members(shape, "")
        empty = dict.fromkeys(name for name, _ in named)
        tests = sorted(
            ((_member_test(s), _priority(s), name, self._out_conv(s)) for name, s in named), key=lambda t: t[1]
        )
        new = object.__new__

        def convert(value: Any) -> Any:
            for test, _, name, conv in tests:
                if test(value):
                    obj = new(cls)
                    obj.__dict__.update(empty)
                    obj.__dict__[name] = value if conv is None else conv(value)
                    return obj
            raise TypeError(f"no member of {cls.__name__} holds {value!r}")

        return convert


def input_key(field: str, info: FieldInfo) -> str:
    """The key REST's JSON gives a field: its validation alias or alias when it has one."""
    for alias in (info.validation_alias, info.alias):
        if isinstance(alias, str):
            return alias
    return field


def _finish(
    cls: type,
    annotations: dict[str, Any],
    fields: dict[str, Any],
    *,
    name: str,
    description: str | None,
    is_input: bool = False,
    one_of: bool = False,
) -> type:
    cls.__annotations__ = annotations
    for attr, field in fields.items():
        setattr(cls, attr, field)
    if is_input:
        return strawberry.input(cls, name=name, description=description, one_of=one_of or None)
    return strawberry.type(cls, name=name, description=description)


def runtime_type(form: Any, *arguments: Any) -> Any:
    """``form[arguments]`` (``list[X]``, ``Union[X, Y]``, ``Annotated[X, m]``) for types made at run time, which
    Strawberry reads from annotations and a type checker cannot follow."""
    return form[arguments if len(arguments) > 1 else arguments[0]]


def _functional_enum(base: type[Enum], name: str, pairs: list[tuple[str, Any]]) -> type[Enum]:
    """``base(name, pairs)``, Enum's functional API, called through the metaclass so that a type checker follows a
    name known only at run time."""
    return EnumMeta.__call__(base, name, pairs)


def _value_name(value: Any, member_name: str | None) -> str:
    text = str(value)
    if _GRAPHQL_NAME.match(text) and text not in ("true", "false", "null"):
        return text
    if member_name is not None and _GRAPHQL_NAME.match(member_name):
        return member_name
    return "v_" + re.sub(r"\W", "_", text)


def _scalar_default(kind: str, value: Any) -> Any:
    if kind in ("Int", "Long") and isinstance(value, int) and not isinstance(value, bool):
        return value if kind == "Long" or INT32_MIN <= value <= INT32_MAX else _NO_DEFAULT
    if kind == "Float" and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if kind == "Boolean" and isinstance(value, bool):
        return value
    if kind == "String" and isinstance(value, str):
        return value
    return _NO_DEFAULT


def _enum_value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _list_in(item: Converter) -> Converter:
    def convert(values: Iterable[Any]) -> list[Any]:
        if item is None:
            return list(values)
        out, i = [], 0
        try:
            for i, v in enumerate(values):  # noqa: B007 (i names the failing item)
                out.append(None if v is None else item(v))
        except InputPathError as exc:
            exc.parts.insert(0, i)
            raise
        return out

    return convert


def _dict_in(
    key_conv: Converter, value_conv: Converter, parts: Callable[[Any], tuple[Any, Any]] = attrgetter("key", "value")
) -> Converter:
    def convert(entries: Iterable[Any]) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for i, entry in enumerate(entries):
            key, value = parts(entry)
            key = key if key_conv is None else key_conv(key)
            if key in out:
                raise InputPathError(f"the key {key!r} is given twice", [i, "key"])
            try:
                out[key] = value if value_conv is None or value is None else value_conv(value)
            except InputPathError as exc:
                exc.parts[:0] = [i, "value"]
                raise
        return out

    return convert


def _one_of_in(members: list[tuple[str, Converter]], get: Callable[[Any, str], Any] = getattr) -> Converter:
    def convert(value: Any) -> Any:
        for name, conv in members:
            v = get(value, name)
            if v is not strawberry.UNSET and v is not None:
                try:
                    return v if conv is None else conv(v)
                except InputPathError as exc:
                    exc.parts.insert(0, name)
                    raise
        return None  # @oneOf: GraphQL has already refused an object without exactly one member

    return convert


def _member_test(shape: Shape) -> Callable[[Any], bool]:
    if isinstance(shape, Scalar):
        return {
            "Boolean": lambda v: type(v) is bool,
            "Int": lambda v: isinstance(v, int) and not isinstance(v, bool),
            "Long": lambda v: isinstance(v, int) and not isinstance(v, bool),
            "Float": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
            "String": lambda v: isinstance(v, str),
        }[shape.kind]
    if isinstance(shape, EnumShape):
        values = set(shape.values)
        return lambda v: _enum_value(v) in values
    if isinstance(shape, ListShape):
        return lambda v: isinstance(v, list | tuple)
    return lambda v: isinstance(v, dict | BaseModel)


def _priority(shape: Shape) -> int:
    """Which member a value is tested against first: bool before int before float, an enum before str."""
    order = {"Boolean": 0, "Int": 1, "Long": 1, "Float": 2, "String": 4}
    if isinstance(shape, Scalar):
        return order[shape.kind]
    return 3 if isinstance(shape, EnumShape) else 5


def _model_union_out(members: list[tuple[type[BaseModel], Callable[[Any], Any]]]) -> Converter:
    """A model instance goes to its own class; a dict to the first member whose fields it fits (all required
    fields present, no field the member does not have)."""
    keys = [
        (model, conv, set(model.model_fields), {n for n, i in model.model_fields.items() if i.is_required()})
        for model, conv in members
    ]

    def convert(value: Any) -> Any:
        for model, conv, names, required in keys:
            if isinstance(value, BaseModel):
                if isinstance(value, model):
                    return conv(value)
            elif required <= value.keys() <= names:
                return conv(value)
        raise TypeError(f"no member of the union fits {value!r}")

    return convert
