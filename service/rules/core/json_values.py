"""JSON's own readings under strict validation, for every ruleset's models.

REST and GraphQL validate requests strictly: an enum field takes only its members and an int field only ints. JSON
carries enum values and may write 3 as 3.0 (JSON Schema counts it as an integer), so ``JsonValues`` turns those into
members and ints first, in a field, a list or a map's values; anything else is left for the field to refuse.
Answers a core builds from its own values skip it (``context=BUILT``).
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Annotated, Any, get_args, get_origin

from pydantic import BaseModel, ValidationInfo, model_validator

# Validation context for answers built by a core from its own values: no JSON forms to convert.
BUILT: dict[str, bool] = {"built": True}


def json_integer(value: object) -> object:
    """3.0 → 3 (JSON Schema counts an integral number as an integer); anything else as it is."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _json_form(annotation: Any) -> tuple[Any, str] | None:
    """The enum or ``int`` an annotation holds, and where: ``one``, in a ``list`` or as the values of a ``dict``."""
    if annotation is int or (isinstance(annotation, type) and issubclass(annotation, Enum)):
        return annotation, "one"
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return _json_form(args[0])
    if origin in (list, tuple) and args:
        found = _json_form(args[0])
        return (found[0], "list") if found and found[1] == "one" else None
    if origin is dict and len(args) == 2:
        found = _json_form(args[1])
        return (found[0], "dict") if found and found[1] == "one" else None
    for arg in args:  # X | None
        if arg is not type(None):
            found = _json_form(arg)
            if found:
                return found
    return None


@cache
def json_fields(model: type[BaseModel]) -> dict[str, tuple[Any, str]]:
    """The fields of ``model`` that hold an enum or an int, and where (keyed by the model class: read once)."""
    return {name: found for name, info in model.model_fields.items() if (found := _json_form(info.annotation))}


def _member(kind: Any, value: Any) -> Any:
    if kind is int:
        return json_integer(value)
    return kind._value2member_map_.get(value, value) if isinstance(value, str) else value


class JsonValues(BaseModel):
    """A model that takes JSON enum values and integral floats in any of its fields (configure the rest)."""

    @model_validator(mode="before")
    @classmethod
    def _json_values(cls, data: Any, info: ValidationInfo) -> Any:
        if info.context is BUILT:
            return data
        fields = json_fields(cls)
        if not fields or not isinstance(data, dict):
            return data
        data = dict(data)
        for name, (kind, where) in fields.items():
            if name in data:
                value = data[name]
                if where == "list" and isinstance(value, list):
                    data[name] = [_member(kind, v) for v in value]
                elif where == "dict" and isinstance(value, dict):
                    data[name] = {k: _member(kind, v) for k, v in value.items()}
                else:
                    data[name] = _member(kind, value)
        return data
