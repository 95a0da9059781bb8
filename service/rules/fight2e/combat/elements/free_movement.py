"""Free Movement (000 L3372–L3382): after the turn it is used in, the user roams for a 5-count (one full turn at
least), out of reach of every attack and Environmental Hazard, able only to move.

The state is an ``ongoing_effects`` entry ``free_movement`` of the user: ``move`` the move, ``time_left`` the count
still to run, ``since`` the turn it was used. It runs down with the Time Roll like Flight and ends at the end of the
turn its count runs out, so he acts and can be attacked again from the next turn's A.1 (000 L3380).
"""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType
from ..registry import features
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn

COUNT = 5  # 000 L3380


@features.UNTOUCHABLE
def active(f: Combatant) -> bool:
    return bool(f.ongoing) and any(e.id == OngoingEffectId.free_movement for e in f.ongoing)


immune = active  # nothing reaches him: attacks, Reaction Attacks, blasts, Hazards (000 L3380)


def start(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """Used (hit or miss: the Always keyword): the count starts afresh, never stacking."""
    if not m.trait(MoveTrait.free_movement) or f.defeated:
        return
    f.ongoing = [e for e in f.ongoing if e.id != OngoingEffectId.free_movement]
    f.ongoing.append(Effect(OngoingEffectId.free_movement, m.id, COUNT, ctx.turn))
    ctx.note(
        "G",
        f.id,
        f"{m.name}: {f.id} is out of everyone's reach for a {COUNT}-count (one full turn at "
        "least); he can only move meanwhile.",
        "000 L3378–L3380",
        {"move": m.id},
        {"time_left": COUNT},
    )


def lock(f: Combatant, m: MoveProfile) -> str | None:
    if MoveTrait.free_movement not in f.prof.traits or not active(f):
        return None
    return f"{f.id} is in Free Movement and can only move"


@features.FREE_MOVEMENT_DECLARATION
def check_action(ctx: Turn, f: Combatant, kind: ActionType | None, key: str) -> None:
    """Only movement (or nothing) while it lasts (000 L3380)."""
    if kind in (None, ActionType.move, ActionType.none) or not active(f):
        return
    ctx.fail(
        "FREE_MOVEMENT_RESTRICTED", f"decisions.{key}", f"{key}: {f.id} is in Free Movement: he can only move.", key=key
    )


@features.TIME_FS_CHECKED
def check_time_fs(ctx: Turn, f: Combatant, amount: int, key: str) -> None:
    """He may not hurry his own count along: no Fighting Spirit to lengthen the Time Roll (ruling, 000 L3380)."""
    if amount > 0 and active(f):
        ctx.fail(
            "FREE_MOVEMENT_RESTRICTED",
            f"decisions.{key}",
            f"{key}: {f.id} is in Free Movement and may not add to the Time Roll.",
            key=key,
        )
