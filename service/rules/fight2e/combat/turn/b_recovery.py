"""A lost action and recovery from Stun: the action that goes to recovering, and Hit Stun's idle turn (000 L5942,
L5972–L5990)."""

from __future__ import annotations

from ..state.combatant import Combatant
from ..state.turn import Turn


def lost_action(ctx: Turn, f: Combatant) -> None:
    """The action was lost before it came: a Stun recovery, standing up, or nothing (000 L5936, L5946)."""
    if f.stunned:
        recover(ctx, f)
        return
    f.acted = True
    if f.knocked_down and f.kd_before_acting:
        f.knocked_down = False
        f.stood_this_turn = True
        ctx.note(
            "B.0",
            f.id,
            f"{f.id} spends his action standing up; he rolls Initiative one die size lower next turn.",
            "000 L5962",
            {},
            {"knocked_down": False},
        )
        return
    ctx.note("B.0", f.id, f"{f.id} has lost his action this turn.", "000 L5936, L5946", {}, {"acted": True})


def recover(ctx: Turn, f: Combatant) -> None:
    """One Stun recovery action (000 L5978, L5990); with a Knock Down the same action stands him up (L5986)."""
    f.acted = True
    f.stunned -= 1
    text = f"{f.id} spends his action recovering from Stun"
    if f.stunned <= 0:
        f.stunned = 0
        f.stun_damage = 0
        text += " and is no longer Stunned"
    else:
        text += f" ({f.stunned} action to go)"
    if f.knocked_down:
        f.knocked_down = False
        f.stood_this_turn = True
        f.stood_penalty = True
        text += "; the same action stands him up (−1 Initiative step next turn)"
    ctx.note("B.0", f.id, text + ".", "000 L5978–L5990", {}, {"stunned": f.stunned > 0})
