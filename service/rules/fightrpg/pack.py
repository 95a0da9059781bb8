"""The data pack: what the text leaves out (the attribute list, which attribute caps which token, the die size,
techniques), each value with its source. A request names a shipped pack or carries its own."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Self

from pydantic import Field, model_validator

from ..core.packs import Source, load_packs, pack_names
from .base import AsInt, EntryId, Model, Name
from .tokens import RpgTokenCounts, RpgTokenType

MAX_ATTRIBUTES = 12
MAX_TECHNIQUES = 30
DECLINE = "decline"  # the injury decision's value for taking none: no attribute may be called so

SmallInt = Annotated[int, Field(ge=0, le=30), AsInt]


class RpgSourcedInt(Model):
    value: SmallInt
    source: Source


class RpgDieSides(RpgSourcedInt):
    value: Annotated[int, Field(ge=2, le=10), AsInt]


class RpgAttackSize(RpgSourcedInt):
    value: Annotated[int, Field(ge=1, le=6), AsInt]


class RpgAttribute(Model):
    """A fighter attribute (the text also calls them skills, 002 L104) and the token type whose allocation it
    caps (002 L86)."""

    id: EntryId
    name: Name
    caps: RpgTokenType | None = Field(None, description="The token type it caps; none: an attribute that caps nothing.")
    source: Source


class RpgTechnique(Model):
    """A technique bought with tokens and Power Points (002 L10, L76): the text describes none, so each is data."""

    id: EntryId
    name: Name
    tokens: RpgTokenCounts
    power_points: SmallInt = Field(0, description="Power Points spent to use it.")
    damage: SmallInt = 0
    order_down: Annotated[int, Field(ge=0, le=3), AsInt] = 0
    blockable: bool = True
    yield_power_points: SmallInt = Field(0, description="Power Points its user gains when it lands or is blocked.")
    source: Source


class RpgPack(Model):
    name: Name
    die_sides: RpgDieSides
    max_attack_tokens: RpgAttackSize
    attributes: list[RpgAttribute] = Field(min_length=1, max_length=MAX_ATTRIBUTES)
    techniques: list[RpgTechnique] = Field(default_factory=list, max_length=MAX_TECHNIQUES)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        ids = [a.id for a in self.attributes]
        if len(set(ids)) != len(ids) or DECLINE in ids:
            raise ValueError(f"attribute ids must be distinct and none may be {DECLINE!r}")
        capped = [a.caps for a in self.attributes if a.caps is not None]
        if len(set(capped)) != len(capped):
            raise ValueError("a token type is capped by one attribute at most")
        names = [t.id for t in self.techniques]
        if len(set(names)) != len(names):
            raise ValueError("technique ids must be distinct")
        if any(t.tokens.total() == 0 for t in self.techniques):
            raise ValueError("a technique spends at least one token")
        return self

    def cap_of(self, token: RpgTokenType) -> RpgAttribute | None:
        return next((a for a in self.attributes if a.caps is token), None)

    def technique(self, ident: str) -> RpgTechnique | None:
        return next((t for t in self.techniques if t.id == ident), None)


PACKS = load_packs(Path(__file__).resolve().parent / "data", RpgPack)
if TYPE_CHECKING:
    PackName = StrEnum
else:
    PackName = pack_names("FightrpgPackName", PACKS)  # the shipped packs' names: an unknown one is refused
