"""The start of a session: the Bowl's dice and each character's Spirit Dice from the Box (003 L540-L563)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.models import JsonModel, RulesModel
from ..character.models import RoyaleCharacter
from ..tables.model_types import JSON_INT


class RoyaleSessionRequest(JsonModel):
    players: Annotated[int, Field(ge=1, le=20), JSON_INT] = Field(description="Players at the table, the GM aside.")
    characters: Annotated[list[RoyaleCharacter], Field(max_length=20)] = Field(
        [], description="The players' characters, for their Spirit Dice (Style Mastery and the GM's extras)."
    )


class RoyaleSessionDice(RulesModel):
    name: str
    spirit_dice: int


class RoyaleSessionStart(RulesModel):
    ruleset: str
    ruleset_version: str
    bowl: int = Field(description="Two dice per player, the GM included (003 L541-L542).")
    characters: list[RoyaleSessionDice] = Field(description="Each one's Spirit Dice from the Box (003 L549-L563).")
