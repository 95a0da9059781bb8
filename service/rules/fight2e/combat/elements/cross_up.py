"""Cross-Up as a move's Liability: the move reaches its target only from a Cross-Up (000 L4543)."""

from __future__ import annotations

from ..registry.elements import CONNECTS
from ..state.action import Attack
from ..state.profile import MoveTrait
from ..state.turn import Turn


@CONNECTS(10, entries=("cross_up",))
def only_in_cross_up(ctx: Turn, atk: Attack) -> bool:
    """False, noted as an automatic miss, when the attack's first move needs a Cross-Up it is not making."""
    if not atk.first.trait(MoveTrait.cross_up) or atk.cross_up:
        return True
    ctx.note("D.6", atk.attacker.id, f"{atk.first.name} connects only in a Cross-Up: an automatic miss.", "000 L4543")
    return False
