"""Stun: Stun damage above the threshold leaves a fighter Stunned for two recovery actions (000 L5972–L5990)."""

from __future__ import annotations

from ..registry import features
from ..state.combatant import Combatant
from ..state.turn import Turn


@features.STUNNED
def apply_stun(ctx: Turn, d: Combatant) -> None:
    threshold = d.stun_threshold
    d.stunned = 2
    d.times_stunned += 1
    if d.full_defense:
        d.fd_void = True  # 000 L5978
    when = "his action will go to recovering"
    if d.holding:
        d.holding = False
        d.acted = True
        d.stunned = 1  # ruling: the held action is spent on the first recovery action (000 L5984)
        when = "his held action goes to the first recovery action"
    elif not d.acted:
        d.action_lost = True
        when = "his action this turn is the first recovery action"
    ctx.note(
        "E.8",
        d.id,
        f"{d.id} is Stunned ({d.stun_damage} Stun damage > threshold {threshold}); {when}. "
        f"His threshold is now {d.stun_threshold}.",
        "000 L5972–L5990",
        {"stun_damage": d.stun_damage, "threshold": threshold},
        {"stunned": True, "threshold": d.stun_threshold},
    )
    ctx.award(d.id, -1, "Stunned in combat", "000 L852", extra=True)
