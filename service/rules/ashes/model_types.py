"""Bounded scalar types and the request fields every operation shares (the pack it reads)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..core.packs import DEFAULT_PACK, chosen
from .base import Model
from .pack import PACKS, Pack, PackName

FighterId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_-]*$")]
ItemId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_-]*$")]
DieKey = Annotated[str, Field(min_length=1, max_length=80, pattern=r"^[A-Za-z0-9_.@:#-]+$")]
Name = Annotated[str, Field(max_length=80)]
HealthLeft = Annotated[int, Field(ge=0, le=100, description="Health left in one box.")]
Face = Annotated[int, Field(ge=1, le=100)]
Text = Annotated[str, Field(max_length=600)]
Short = Annotated[str, Field(max_length=120)]

MAX_COMBATANTS = 8
MAX_DICE_IN_SET = 30
MAX_HEALTH_BOXES = 20


class PackChoice(Model):
    """The data pack a request reads: a shipped one by name, or its own (which wins when given)."""

    pack: PackName = Field(PackName(DEFAULT_PACK), description="A shipped data pack (the catalogue's `packs`).")
    custom_pack: Pack | None = Field(None, description="A whole data pack of the caller's own, used instead.")

    def data(self) -> Pack:
        return chosen(self.pack, self.custom_pack, PACKS)
