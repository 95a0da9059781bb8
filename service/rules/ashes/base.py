"""The base of every model of the ruleset: frozen, no unknown fields, and JSON's own readings taken under strict
validation (REST and GraphQL validate requests strictly): enum values become members and integral numbers such as
``3.0`` become ints (JSON Schema counts them as integers), in fields, lists and map values."""

from __future__ import annotations

from enum import Enum
from typing import Any

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

from ..core.models import FrozenModel


class Model(FrozenModel):
    """The ruleset's models: the one base (``core.models``), frozen."""


def one_of(kind: type[Enum], fold: bool = False) -> BeforeValidator:
    """An enum field whose refusal lists the values it takes (strict validation alone says only "an instance of");
    with ``fold``, a value is read without regard to case, spaces and hyphens (``Awakened`` → ``awakened``)."""
    allowed = ", ".join(f"'{m.value}'" for m in kind)

    def check(value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip().replace("-", "_").replace(" ", "_").casefold() if fold else value
            member = kind._value2member_map_.get(text)
            if member is None:
                raise PydanticCustomError("enum", "Input should be one of {allowed}", {"allowed": allowed})
            return member
        return value

    return BeforeValidator(check)
