"""A pydantic model built from values the rules computed themselves, without validation: what ``model_construct``
does when every field is given, without its walk over the fields and their defaults. The combat turn builds its
log steps, roll records, events and answer states many times a turn."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_FIELDS: dict[type[BaseModel], frozenset[str]] = {}  # each model class's field names (the class's, not a request's)


def built(cls: type[M], values: dict[str, Any]) -> M:
    """``cls`` holding ``values``; when a field is missing or unknown this is ``model_construct`` (defaults filled)."""
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = frozenset(cls.model_fields)
    if values.keys() != fields:
        return cls.model_construct(**values)
    out = _new(cls)
    _set(out, "__dict__", values)
    _set(out, "__pydantic_fields_set__", set(fields))
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_private__", None)
    return out


_new, _set = object.__new__, object.__setattr__  # looked up once: built many times a turn
