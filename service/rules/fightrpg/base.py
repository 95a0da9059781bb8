"""The base of every Fight RPG model: frozen, no unknown fields, and strict parsing that still takes JSON's forms.

Requests are validated strictly (REST and GraphQL alike): an enum field wants a member and an int field an int.
JSON sends an enum's value as a string and may write 3 as 3.0, so those two forms are turned into members and
ints before the fields see them; anything else is left for the field to refuse.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Annotated, Any, get_args, get_origin

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, model_validator


def _integral(value: object) -> object:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


AsInt = BeforeValidator(_integral)  # with Field(ge=…, le=…) in an Annotated int: 3.0 is taken as 3


FighterId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,23}$", description="A fighter's id, e.g. `dragon`.")]
EntryId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$", description="A snake_case id.")]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Text = Annotated[str, Field(max_length=400)]


def _enum_of(annotation: Any) -> tuple[type[Enum], str] | None:
    """The enum an annotation holds and where: ``one``, ``list`` (items) or ``dict`` (values)."""
    if isinstance(annotation, type) and issubclass(annotation, Enum):
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
def _enum_fields(model: type[BaseModel]) -> dict[str, tuple[type[Enum], str]]:
    return {name: found for name, info in model.model_fields.items() if (found := _enum_of(info.annotation))}


def _member(kind: type[Enum], value: Any) -> Any:
    return kind._value2member_map_.get(value, value) if isinstance(value, str) else value


# Validation context for answers the core builds from its own values: enum members already, nothing to convert.
BUILT: dict[str, bool] = {"built": True}


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

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
