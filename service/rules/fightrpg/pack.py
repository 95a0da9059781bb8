"""The data pack: what the text leaves out (the attribute list, which attribute caps which token, the die size,
techniques), each value with its source. A request names a shipped pack or carries its own."""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from ..core.findings import Finding
from ..core.packs import PackError, Source, load_packs, pack_names
from .base import AsInt, EntryId, Model, Name
from .codes import finding
from .tokens.counts import RpgTokenCounts, RpgTokenType

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
    ruleset: Literal["fightrpg"] = Field("fightrpg", description="The ruleset the pack is for.")
    name: Name
    die_sides: RpgDieSides
    max_attack_tokens: RpgAttackSize
    attributes: list[RpgAttribute] = Field(min_length=1, max_length=MAX_ATTRIBUTES)
    techniques: list[RpgTechnique] = Field(default_factory=list, max_length=MAX_TECHNIQUES)

    @cached_property
    def _caps(self) -> dict[RpgTokenType, RpgAttribute]:
        out: dict[RpgTokenType, RpgAttribute] = {}
        for a in self.attributes:
            if a.caps is not None:
                out.setdefault(a.caps, a)  # the first, if a request's own pack caps a type twice (PACK_INVALID)
        return out

    def cap_of(self, token: RpgTokenType) -> RpgAttribute | None:
        return self._caps.get(token)

    def technique(self, ident: str) -> RpgTechnique | None:
        return next((t for t in self.techniques if t.id == ident), None)


def pack_problems(pack: RpgPack, at: str = "custom_pack") -> list[Finding]:
    """What no schema states: ids used once, a token type capped once, techniques that spend something."""
    out = []
    seen: set[str] = set()
    for i, a in enumerate(pack.attributes):
        if a.id in seen or a.id == DECLINE:
            out.append(finding("PACK_INVALID", f"{at}.attributes[{i}].id", f"{a.id!r} is taken."))
        seen.add(a.id)
    capped: set[RpgTokenType] = set()
    for i, a in enumerate(pack.attributes):
        if a.caps is not None and a.caps in capped:
            out.append(finding("PACK_INVALID", f"{at}.attributes[{i}].caps", f"{a.caps.value} is capped twice."))
        if a.caps is not None:
            capped.add(a.caps)
    names: set[str] = set()
    for i, t in enumerate(pack.techniques):
        if t.id in names:
            out.append(finding("PACK_INVALID", f"{at}.techniques[{i}].id", f"{t.id!r} is taken."))
        names.add(t.id)
        if t.tokens.total() == 0:
            out.append(finding("PACK_INVALID", f"{at}.techniques[{i}].tokens", "A technique spends a token at least."))
    return out


PACKS = load_packs(Path(__file__).resolve().parent / "data", RpgPack)
for _name, _pack in PACKS.items():
    if pack_problems(_pack):
        raise PackError(f"{_name}: {pack_problems(_pack)[0].message}")
if TYPE_CHECKING:
    PackName = StrEnum
else:
    PackName = pack_names("FightrpgPackName", PACKS)  # the shipped packs' names: an unknown one is refused
