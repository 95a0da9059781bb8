"""Only in Beast Form (000 L5321): with the Transformations campaign option such a move is usable only while its
user is in Beast Form. Whether he is comes in the request (``FighterState.beast_form``); the form itself — Beast
Energy, the raised Basic Qualities, Increased Knockback on every attack, the Life Bar regained each turn
(000 L5305–L5325) — is not resolved and is reported as unsupported whenever it is declared."""

from __future__ import annotations

from .profile import MoveProfile
from .state import Ctx, F

ENTRY = "only_in_beast_form"


def usable(ctx: Ctx, f: F, moves: list[MoveProfile], path: str, key: str | None = None) -> None:
    for m in moves:
        if m.has(ENTRY) and not f.beast_form:
            ctx.fail("ONLY_IN_BEAST_FORM", path, f"{m.name} can only be used in Beast Form; {f.id} is not in it.",
                     key=key)
