"""Spirit Dice from the Box at the start of a session (003 L549-L563)."""

from __future__ import annotations

from ..tables.model_types import RoyaleRank, index_of
from ..tables.records import creation
from .models import RoyaleCharacter


def session_allotment(character: RoyaleCharacter) -> int:
    table = creation().session_spirit_dice
    dice = table.showing_up + table.per_style * len(character.styles)
    dice += table.per_master_style * sum(index_of(s.rank) >= index_of(RoyaleRank.master) for s in character.styles)
    extras = character.session.model_dump()
    return dice + sum(table.extras[name] for name, given in extras.items() if given)
