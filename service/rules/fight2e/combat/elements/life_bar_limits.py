"""Moves whose hit takes less off the Life Bar than its damage: Limited Damage and Non-Finisher, hooks of the
``life_lost`` point of the attack."""

from __future__ import annotations

from ..registry.elements import LIFE_LOST
from ..state.action import Attack, DamageRoll
from ..state.profile import MoveTrait


@LIFE_LOST(10, entries=("limited_damage",))
def limited_damage(atk: Attack, dmg: DamageRoll, lost: int) -> int:
    """Limited Damage: the Life Bar keeps every point; Stun damage and Knock Back are dealt as usual."""
    return 0 if any(p.move.trait(MoveTrait.limited_damage) for p in dmg.parts) else lost


@LIFE_LOST(20, entries=("non_finisher",))
def non_finisher(atk: Attack, dmg: DamageRoll, lost: int) -> int:
    """Non-Finisher: the hit leaves the defender at least 1 Life (000 L4729–L4735)."""
    if not any(p.move.trait(MoveTrait.non_finisher) for p in dmg.parts):
        return lost
    return min(lost, max(atk.defender.life - 1, 0))
