"""A Fighter's melee weapon or gun against Thugs (000 L6796–L6800, L6848): the attack is a Basic Move with +1
Accuracy and a larger damage die (so a lower Life Save); a gun has the Ranged and Gun Elements too. Each hit with one
is worth 1 Glory; a Combo earns only its usual Glory."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WeaponRule:
    accuracy: int
    die_steps: int
    reach: tuple[int, int] | None  # None: the Basic Move's own Ranges
    ranged: bool  # no −1 at Range 2, as a Long Range attack (000 L5613, L2373)
    glory_per_hit: int


WEAPONS: dict[str, WeaponRule] = {
    "melee": WeaponRule(accuracy=1, die_steps=1, reach=None, ranged=False, glory_per_hit=1),  # 000 L6796–L6798
    # Ranged (Long Range, 0–4) and Gun (past Range 5, 000 L6846): ruling: every Range a pair can have, 0–5
    "gun": WeaponRule(accuracy=1, die_steps=2, reach=(0, 5), ranged=True, glory_per_hit=1),  # 000 L6848
}
