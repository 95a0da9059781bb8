"""The base of Impact's models: requests are validated strictly by the adapters, where an enum field takes only
its members and an int field only ints; JSON carries the enum's values and may write 3 as 3.0, so those are turned
into members and ints first (anything else is left for the field to refuse)."""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Annotated, Any, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationInfo, model_validator

# Validation context of answers the core builds from its own values: no JSON forms to convert.
BUILT: dict[str, bool] = {"built": True}


def _enum_of(annotation: Any) -> tuple[type, str] | None:
    """The enum (or ``int``) an annotation holds and where: ``one``, in a ``list``, or as a ``dict``'s values."""
    if annotation is int or (isinstance(annotation, type) and issubclass(annotation, Enum)):
        return annotation, "one"
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return _enum_of(args[0])
    if origin is list and args:
        found = _enum_of(args[0])
        return (found[0], "list") if found and found[1] == "one" else None
    if origin is dict and len(args) == 2:
        found = _enum_of(args[1])
        return (found[0], "dict") if found and found[1] == "one" else None
    for arg in args:  # X | None
        found = _enum_of(arg) if arg is not type(None) else None
        if found:
            return found
    return None


@cache
def _enum_fields(model: type[BaseModel]) -> dict[str, tuple[type, str]]:
    return {name: found for name, info in model.model_fields.items() if (found := _enum_of(info.annotation))}


def _member(kind: type, value: Any) -> Any:
    if kind is int:  # JSON Schema counts 3.0 as an integer
        return int(value) if isinstance(value, float) and value.is_integer() else value
    if isinstance(value, str) and issubclass(kind, Enum):
        return kind._value2member_map_.get(value, value)
    return value


class JsonModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _json_enums(cls, data: Any, info: ValidationInfo) -> Any:
        if info.context is BUILT:
            return data
        fields = _enum_fields(cls)
        if not fields or not isinstance(data, dict):
            return data
        data = dict(data)
        for name, (kind, where) in fields.items():
            value = data.get(name)
            if value is None:
                continue
            if where == "list" and isinstance(value, list):
                data[name] = [_member(kind, v) for v in value]
            elif where == "dict" and isinstance(value, dict):
                data[name] = {k: _member(kind, v) for k, v in value.items()}
            else:
                data[name] = _member(kind, value)
        return data
