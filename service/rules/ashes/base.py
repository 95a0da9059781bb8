"""The base of every model of the ruleset: frozen, no unknown fields, and JSON's own readings taken under strict
validation (REST and GraphQL validate requests strictly): enum values become members and integral numbers such as
``3.0`` become ints (JSON Schema counts them as integers), in fields, lists and map values."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, model_validator

Convert = Callable[[Any], Any]


def _to_int(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _scalar(annotation: Any) -> Convert | None:
    if get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        members = annotation._value2member_map_
        return lambda v: members.get(v, v) if isinstance(v, str) else v
    if annotation is int:
        return _to_int
    return None


def _converter(annotation: Any) -> Convert | None:
    """How to read JSON into a field of this type, or None when nothing needs doing."""
    if get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    origin, args = get_origin(annotation), [a for a in get_args(annotation) if a is not type(None)]
    if origin is list and args:
        item = _scalar(args[0])
        return (lambda v: [item(x) for x in v] if isinstance(v, list) else v) if item else None
    if origin is dict and len(args) == 2:
        value = _scalar(args[1])
        return (lambda v: {k: value(x) for k, x in v.items()} if isinstance(v, dict) else v) if value else None
    if origin is Union or (origin is not None and type(None) in get_args(annotation)):
        return _scalar(args[0]) if len(args) == 1 else None
    return _scalar(annotation)


@cache
def _converters(model: type[BaseModel]) -> dict[str, Convert]:
    found = {name: _converter(f.annotation) for name, f in model.model_fields.items()}
    return {name: fn for name, fn in found.items() if fn is not None}


class Model(BaseModel):
    """Frozen, no unknown fields; JSON enum values and integral numbers read as members and ints."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _json_values(cls, data: Any) -> Any:
        converters = _converters(cls)
        if not converters or not isinstance(data, dict):
            return data
        data = dict(data)
        for name, convert in converters.items():
            if name in data:
                data[name] = convert(data[name])
        return data
