"""The data pack: the record sheet the text refers to but does not print (maneuvers, lean numbers, body areas).

Each record carries a ``source``; ``from_text`` names the fields whose value the text itself gives, with the line.
A shipped pack is validated at start-up; a request's own pack is validated like any input and is part of its
cache key.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import ConfigDict, Field

from ..core.findings import Finding
from ..core.packs import PackError, Source, TextRef, load_packs, pack_names
from .base import JsonModel
from .tables.vocabulary import ImpactArea, ImpactEffect, ImpactManeuverType, ImpactRange

DATA = Path(__file__).resolve().parent / "data"
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$", max_length=40)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Small = Annotated[int, Field(ge=-20, le=20)]
FromText = Annotated[
    dict[str, TextRef],
    Field(max_length=12, description="The fields whose value the text gives, with its line; the rest are rulings."),
]


class ImpactSource(Source):
    """Lines of the text, a ruling, or both; the schema states that one of the two is given."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={
            "anyOf": [
                {"required": ["ref"], "properties": {"ref": {"type": "string"}}},
                {"required": ["ruling"], "properties": {"ruling": {"type": "string"}}},
            ]
        },
    )


class Record(JsonModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ImpactLean3(Record):
    """The three lean numbers beside a category heading (001 L70, L597)."""

    out: Small
    none: Small
    into: Small


class ImpactCategory(Record):
    id: Id
    name: Name
    type: ImpactManeuverType
    lean: ImpactLean3
    source: ImpactSource


class ImpactOutcome(Record):
    at_least: Annotated[int, Field(ge=2, le=12)] = Field(description="The lowest 2d6 total that brings the effects.")
    effects: Annotated[list[ImpactEffect], Field(min_length=1, max_length=5)]


class ImpactSpecial(Record):
    """A maneuver's special effect (001 L254-302): a 2d6 roll when it damages one of ``areas``."""

    areas: Annotated[list[ImpactArea], Field(max_length=7)] = Field(description="Empty: any area.")
    outcomes: Annotated[list[ImpactOutcome], Field(min_length=1, max_length=4)]
    rolled: bool = Field(True, description="False: the effects of the lowest outcome follow every hit, unrolled.")
    source: ImpactSource


class ImpactHold(Record):
    """A sustained grappling maneuver (001 L248-251, L282-294) and what it does while it lasts."""

    starts: Literal["on_hit", "on_special"] = Field(description="On any hit, or only when its special roll says so.")
    victim_difficulty: Small = Field(0, description="Added to the victim's Difficulty roll against later repeats.")
    damage: Annotated[int, Field(ge=0, le=20)] | None = Field(None, description="Replaces the damage on repeats.")
    victim_speed: Small = 0
    damage_multiplier: Annotated[int, Field(ge=1, le=4)] = 1
    victim_grapple_only: bool = False
    knock_out_after: Annotated[int, Field(ge=1, le=20)] | None = Field(None, description="Turns held to a KO.")
    source: ImpactSource


class ImpactManeuver(Record):
    id: Id
    name: Name
    category: Id
    damage: Annotated[int, Field(ge=0, le=20)]
    speed: Small
    sp: Annotated[int, Field(ge=-1, le=10)] = Field(description="Setup Points needed; -1 earns one (001 L200).")
    ranges: Annotated[list[ImpactRange], Field(min_length=1, max_length=5)]
    cost: Annotated[int, Field(ge=1, le=1000)] = Field(description="PP per next level (001 L140).")
    base_level: Annotated[int, Field(ge=0, le=10)]
    targets: Annotated[list[ImpactArea], Field(max_length=7)] | None = Field(
        None, description="The areas it may aim at; null for any (punches and kicks choose, 001 L234)."
    )
    hold: ImpactHold | None = None
    special: ImpactSpecial | None = None
    breaks_holds: bool = False
    sp_on_hit: Annotated[int, Field(ge=0, le=5)] = Field(0, description="SP earned by each success (001 L244).")
    from_text: FromText = {}
    source: ImpactSource


class ImpactAreaRecord(Record):
    id: ImpactArea
    name: Name
    difficulty: Annotated[int, Field(ge=0, le=30)]
    toughness: Annotated[int, Field(ge=0, le=30)]
    ko_value: Annotated[int, Field(ge=1, le=60)] = Field(description="Damage that knocks the area out (001 L104).")
    pair: ImpactArea | None = Field(None, description="The other arm or leg, raised with this one (001 L160).")
    from_text: FromText = {}
    source: ImpactSource


class ImpactPack(Record):
    """The values Impact's text leaves out, each with its source."""

    name: Annotated[str, Field(min_length=1, max_length=40)]
    description: Annotated[str, Field(max_length=400)] = ""
    categories: Annotated[list[ImpactCategory], Field(min_length=1, max_length=40)]
    maneuvers: Annotated[list[ImpactManeuver], Field(min_length=1, max_length=200)]
    areas: Annotated[list[ImpactAreaRecord], Field(min_length=7, max_length=7)]

    @cached_property
    def _index(self) -> tuple[dict[str, ImpactManeuver], dict[str, ImpactCategory], dict[ImpactArea, ImpactAreaRecord]]:
        return ({m.id: m for m in self.maneuvers}, {c.id: c for c in self.categories}, {a.id: a for a in self.areas})

    @cached_property
    def _members(self) -> dict[str, tuple[ImpactManeuver, ...]]:
        return {c.id: tuple(m for m in self.maneuvers if m.category == c.id) for c in self.categories}

    def maneuver(self, maneuver_id: str) -> ImpactManeuver | None:
        return self._index[0].get(maneuver_id)

    def category(self, category_id: str) -> ImpactCategory:
        return self._index[1][category_id]

    def members(self, category_id: str) -> tuple[ImpactManeuver, ...]:
        return self._members[category_id]

    def area(self, area: ImpactArea) -> ImpactAreaRecord:
        return self._index[2][area]


def pack_problems(pack: ImpactPack) -> list[str]:
    """What makes a pack unusable beyond its schema: unique ids, known categories, the seven areas, paired limbs."""
    out = []
    categories = {c.id for c in pack.categories}
    if len(categories) != len(pack.categories):
        out.append("category ids must be unique")
    ids = [m.id for m in pack.maneuvers]
    if len(set(ids)) != len(ids):
        out.append("maneuver ids must be unique")
    out += [f"maneuver {m.id}: unknown category {m.category}" for m in pack.maneuvers if m.category not in categories]
    if {a.id for a in pack.areas} != set(ImpactArea) or len(pack.areas) != len(ImpactArea):
        out.append("the pack gives each of the seven areas once")
    else:
        by_id = {a.id: a for a in pack.areas}
        out += [f"area {a.id}: its pair names it back" for a in pack.areas if a.pair and by_id[a.pair].pair != a.id]
    return out


PACKS = load_packs(DATA, ImpactPack)
for _name, _pack in PACKS.items():
    if pack_problems(_pack):
        raise PackError(f"{_name}.yaml: {'; '.join(pack_problems(_pack))}")
if TYPE_CHECKING:
    PackName = StrEnum
else:
    PackName = pack_names("ImpactPackName", PACKS)  # the shipped packs' names: an unknown one is refused


def custom_pack_findings(request: object) -> list[Finding]:
    """The request's own pack's problems as findings (a shipped pack was checked at start-up)."""
    from .codes import finding

    custom = getattr(request, "custom_pack", None)
    return [finding("PACK_INVALID", "custom_pack", problem) for problem in pack_problems(custom)] if custom else []


def chosen_pack(request: object) -> ImpactPack:
    """The pack a request uses: its inline one when given, else the shipped one it names."""
    custom = getattr(request, "custom_pack", None)
    return custom if custom is not None else PACKS[str(getattr(request, "pack", "default"))]
