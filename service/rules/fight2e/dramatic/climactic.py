"""The Climactic Super Move (000 L7156–L7170)."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from .catalogue import tables


def eligible(life: int, life_max: int, opponents: list[tuple[int, int]], used: bool) -> bool:
    """Below a tenth of his own bar (rounded up; ruling C9 iii) while every opponent keeps half or more
    (000 L7156); once per combat."""
    if used or life_max <= 0:
        return False
    return life < ceil(life_max / 10) and all(2 * cur >= full for cur, full in opponents)


def percent_left(life: int, life_max: int) -> int:
    """The target's bar left in per cent, rounded up (000 L7160, ruling C9 ii)."""
    return ceil(100 * life / life_max) if life_max > 0 else 0


def dl(percent: int) -> int:
    """The DL for the target's percentage: the highest row at or below it (ruling C9 ii); under the lowest row,
    the lowest row's DL (a target below half cannot be aimed at in the first place, 000 L7156)."""
    rows = sorted(tables().climactic_dl, key=lambda r: r.percent)
    chosen = rows[0]
    for row in rows:
        if percent >= row.percent:
            chosen = row
    return chosen.dl


def energy_spent(super_energy: int) -> int:
    """10 Super Energy, or all he has below that (000 L7156)."""
    return min(10, super_energy)


@dataclass(frozen=True)
class Outcome:
    life_after: int
    damage: int
    glory: int


def outcome(check_total: int, target_life: int, target_max: int) -> Outcome:
    """Success empties the target's bar; failure does a tenth of the target's full bar, rounded up (000 L7170)."""
    o = tables().option("climactic_super_move")
    if check_total >= dl(percent_left(target_life, target_max)):
        return Outcome(0, target_life, o.glory or 0)
    damage = ceil(target_max / 10)
    return Outcome(max(target_life - damage, 0), damage, o.glory_on_failure or 0)
