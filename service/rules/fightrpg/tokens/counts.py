"""The six token types (002 L14) and a count of each, the currency of a Fight RPG round."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ..base import AsInt, Model

MAX_TOKENS = 30  # per type: a whole pool, three dice of at most ten sides (the largest die a pack may name)


Count = Annotated[int, Field(ge=0, le=MAX_TOKENS), AsInt]


class RpgTokenType(StrEnum):
    damage = "damage"
    knockdown = "knockdown"
    grapple = "grapple"
    move = "move"
    block = "block"
    complex_action = "complex_action"


TOKEN_TYPES: tuple[RpgTokenType, ...] = tuple(RpgTokenType)


class RpgTokenCounts(Model):
    """How many tokens of each type (an allocation of the Flexible Pool, a bundle, or what a fighter holds)."""

    damage: Count = 0
    knockdown: Count = 0
    grapple: Count = 0
    move: Count = 0
    block: Count = 0
    complex_action: Count = Field(0, description="Complex Action tokens.")

    def get(self, token: RpgTokenType) -> int:
        return int(getattr(self, token))  # a StrEnum member is its field's name

    def total(self) -> int:
        return sum(self.get(t) for t in TOKEN_TYPES)

    def as_dict(self) -> dict[RpgTokenType, int]:
        return {t: self.get(t) for t in TOKEN_TYPES}


def counts(values: dict[RpgTokenType, int]) -> RpgTokenCounts:
    return RpgTokenCounts.model_validate({t: n for t, n in values.items() if n})  # a member is its field's name


def covers(held: dict[RpgTokenType, int], bundle: dict[RpgTokenType, int]) -> bool:
    """Whether ``held`` has every token ``bundle`` spends."""
    return all(held.get(t, 0) >= n for t, n in bundle.items())


WORDS = {t: t.replace("_", " ") for t in RpgTokenType}


def short(values: dict[RpgTokenType, int]) -> str:
    """``2 damage + 1 move``: a bundle in a log line."""
    parts = [f"{n} {WORDS[t]}" for t, n in values.items() if n]
    return " + ".join(parts) or "no tokens"
