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


WEAPON_EXPERT = "weapon_expert"
WEAPON_EXPERT_BONUS = 3  # on one roll a turn in Thug Thrashing combat that involves melee weapons (000 L1381)


def weapon_expert_bonus(qualities: frozenset[str], arm: WeaponRule | None, used: bool) -> int:
    """Weapon Expert's +3, on a melee weapon's roll, once a turn (000 L1381; a bow or gun is Gun Expert's). Ruling:
    it goes on his first attack roll with a melee weapon, the roll the weapon is plainly in, since Initiative and
    Control are rolled before the turn shows which attack he makes."""
    if used or arm is None or arm.ranged or WEAPON_EXPERT not in qualities:
        return 0
    return WEAPON_EXPERT_BONUS
