"""Bounded scalar types and the request fields every operation shares (the pack it reads)."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BeforeValidator, Field

from ...core.packs import DEFAULT_PACK, chosen
from ..base import Model, one_of
from ..pack import PACKS, Pack, PackName


def pack_id(value: object) -> object:
    """A name as the text writes it (``Balanced``, ``Space-age``) read as the pack's id (``balanced``, ``space_age``):
    case folded, spaces and hyphens made underscores. Other values pass to the type check unchanged."""
    if isinstance(value, str):
        read = re.sub(r"[\s-]+", "_", value.strip()).casefold()
        return read or value  # blank: kept as sent, for the rule it breaks to name it
    return value


# An id of the caller's (a combatant ``Kell``, a Technique ``Iron Palm``): kept as written, capitals allowed.
FighterId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")]
ItemId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")]
# A name the data pack defines (weapon type, skill, rank-0 action, keyword): normalised by ``pack_id``; one the pack
# does not list is a finding of the rule it breaks, not a malformed request.
PackRef = Annotated[
    str,
    BeforeValidator(pack_id),
    Field(
        min_length=1,
        max_length=40,
        description="Matched to the pack's ids without regard to case; spaces and hyphens read as underscores.",
    ),
]
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

    pack: Annotated[PackName, one_of(PackName)] = Field(
        PackName(DEFAULT_PACK), description="A shipped data pack (the catalogue's `packs`)."
    )
    custom_pack: Pack | None = Field(None, description="A whole data pack of the caller's own, used instead.")

    def data(self) -> Pack:
        return chosen(self.pack, self.custom_pack, PACKS)
