"""The Fighter sheet and its validation request and answer (the contract)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from ...core.findings import Finding, Unsupported
from ...core.packs import DEFAULT_PACK, chosen
from ..base import AsInt, EntryId, FighterId, Model, Name
from ..pack import PACKS, PackName, RpgPack, pack_problems
from ..tokens.counts import RpgTokenCounts, RpgTokenType
from .positions import RpgPosition

MAX_ATTRIBUTE = 30
Strength = Annotated[
    int, Field(ge=0, le=20, description="The GM's strength tier (used for injuries, 002 L104)."), AsInt
]
AttributeValue = Annotated[int, Field(ge=0, le=MAX_ATTRIBUTE), AsInt]
Die = Annotated[int, Field(ge=1, le=20), AsInt]

# The schema's examples of the sheet's fields, by field: data, since an attributes map names the pack's attributes.
_FIELD_EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples" / "sheet_fields.json"
FIELD_EXAMPLES: dict[str, list[Any]] = json.loads(_FIELD_EXAMPLES.read_text(encoding="utf-8"))


class RpgStatus(Model):
    """A status condition (002 L100). The text defines none, so each carries its own effect per Status Phase."""

    id: EntryId
    duration: Annotated[int, Field(ge=1, le=99, description="Status Phases left, counting this round's."), AsInt]
    damage: Annotated[int, Field(ge=0, le=10, description="Damage it deals in each Status Phase."), AsInt] = 0
    power_points: Annotated[int, Field(ge=-10, le=10, description="Power Points it adds or takes."), AsInt] = 0


class RpgFighter(Model):
    id: FighterId
    name: Name | None = None
    side: FighterId | None = Field(None, description="Fighters of one side do not fight each other; none: own side.")
    player: bool = Field(False, description="A player-fighter (may always take injuries, 002 L104).")
    strength: Strength = 0
    attributes: dict[EntryId, AttributeValue] = Field(
        max_length=12, description="Each attribute of the data pack, by id.", examples=FIELD_EXAMPLES["attributes"]
    )
    injuries: dict[EntryId, AttributeValue] = Field(default_factory=dict, max_length=12)
    damage: Annotated[int, Field(ge=0, le=99, description="Damage taken (defeated at 10, 002 L9)."), AsInt] = 0
    power_points: Annotated[int, Field(ge=0, le=999), AsInt] = 0
    statuses: list[RpgStatus] = Field(default_factory=list, max_length=10)
    position: RpgPosition | None = Field(
        None, description="Map combat: the fighter's square, in feet; none: not placed (its moves are only logged)."
    )


class RpgPackRequest(Model):
    pack: PackName = Field(
        PackName(DEFAULT_PACK), description="A shipped data pack by name (the catalogue serves them)."
    )
    custom_pack: RpgPack | None = Field(None, description="A data pack of the caller's own; it wins over `pack`.")

    def data_pack(self) -> RpgPack:
        return chosen(self.pack, self.custom_pack, PACKS)

    def pack_findings(self) -> list[Finding]:
        return pack_problems(self.custom_pack) if self.custom_pack is not None else []


class RpgFighterRequest(RpgPackRequest):
    fighter: RpgFighter
    pool: list[Die] | None = Field(
        None, max_length=6, description="This round's Flexible Pool dice, to check an allocation against."
    )
    allocation: RpgTokenCounts | None = Field(None, description="This round's allocation of the pool.")
    player_strength: Strength | None = Field(
        None, description="Strength of the strongest player-fighter in the fight (for a non-player's injuries)."
    )


class RpgTokenCap(Model):
    token: RpgTokenType
    attribute: EntryId | None = Field(description="The attribute that caps it; none: only the pool does.")
    cap: int | None = Field(description="Most of the pool it may take.")
    reserved: int = Field(description="Least of the pool it must take: the injuries on its attribute.")
    tokens: int | None = Field(None, description="With an allocation: the tokens it gives.")


class RpgFighterDerived(Model):
    defeated: bool
    may_take_injuries: bool | None = Field(description="None: not known without `player_strength`.")
    injury_room: dict[str, int] = Field(description="Injuries each attribute may still take.")
    caps: list[RpgTokenCap]
    pool_total: int | None = None
    unallocated: int | None = None


class RpgFighterValidation(Model):
    ruleset: str
    ruleset_version: str
    valid: bool
    violations: list[Finding] = Field(max_length=200)
    warnings: list[Finding] = Field(max_length=200)
    info: list[Finding] = Field(max_length=200)
    unsupported: list[Unsupported] = Field(max_length=50)
    derived: RpgFighterDerived
