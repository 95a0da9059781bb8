"""The start of a session (003 L540-L563): the Bowl and each character's Spirit Dice."""

from __future__ import annotations

from ..character.spirit import session_allotment
from ..identity import RULESET, VERSION
from .session_models import RoyaleSessionDice, RoyaleSessionRequest, RoyaleSessionStart

BOWL_DICE_PER_PLAYER = 2  # 003 L541-L542: two per player, the GM counting as one


def start_session(request: RoyaleSessionRequest) -> RoyaleSessionStart:
    return RoyaleSessionStart(
        ruleset=RULESET,
        ruleset_version=VERSION,
        bowl=BOWL_DICE_PER_PLAYER * (request.players + 1),
        characters=[RoyaleSessionDice(name=c.name, spirit_dice=session_allotment(c)) for c in request.characters],
    )
