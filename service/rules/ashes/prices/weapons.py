"""What using a weapon's advantage costs (004 L85–L99)."""

from __future__ import annotations

from ..pack import Advantage, Pack, Weapon


def advantage_prana(weapon: Weapon, use: int, far: bool = False) -> int:
    """Prana for the ``use``-th use of the advantage in a round (1 is the first)."""
    if weapon.every_use_free or use <= 1:  # 004 L88: free once a round; 004 L94: Heavy adds to every attack
        return 0
    if far and weapon.far_cost is not None:  # 004 L95 "Cost 0/6": 6 for any visible target (digest D9)
        return weapon.far_cost
    return weapon.cost


def unarmed_extra_allowed(weapon: Weapon, use: int, pack: Pack) -> bool:
    """Whether the ``use``-th extra Rank 1 attack of a turn is allowed (the first extra one is the advantage)."""
    if weapon.advantage is not Advantage.unarmed:
        return False
    extra = (weapon.rank1_attacks or 1) - 1
    return use <= extra or pack.unarmed_extra_for_prana  # 004 L97, digest D19: no third one unless the pack says so
