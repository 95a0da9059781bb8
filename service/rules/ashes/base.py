"""The base of every model of the ruleset: frozen, no unknown fields, JSON enum values taken under strict
validation (REST and GraphQL validate requests strictly, where only members would pass)."""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ConfigDict, model_validator


def _enum_of(annotation: Any) -> tuple[type[Enum], bool] | None:
    """The enum a field holds, and whether in a list (requests are validated strictly, where only members pass)."""
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return annotation, False
    args = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) is list and args and isinstance(args[0], type) and issubclass(args[0], Enum):
        return args[0], True
    if len(args) == 1 and isinstance(args[0], type) and issubclass(args[0], Enum):
        return args[0], False
    return None


@cache
def _enum_fields(model: type[BaseModel]) -> dict[str, tuple[type[Enum], bool]]:
    found = {name: _enum_of(f.annotation) for name, f in model.model_fields.items()}
    return {name: kind for name, kind in found.items() if kind is not None}


def _member(kind: type[Enum], value: object) -> object:
    return kind._value2member_map_.get(value, value) if isinstance(value, str) else value


class Model(BaseModel):
    """Frozen, no unknown fields; JSON enum values are taken as members under strict validation."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _json_enums(cls, data: Any) -> Any:
        fields = _enum_fields(cls)
        if not fields or not isinstance(data, dict):
            return data
        data = dict(data)
        for name, (kind, listed) in fields.items():
            if name in data:
                value = data[name]
                data[name] = (
                    [_member(kind, v) for v in value] if listed and isinstance(value, list) else _member(kind, value)
                )
        return data
