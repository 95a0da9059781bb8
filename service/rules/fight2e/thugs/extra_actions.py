"""The Thug Thrashing Skill (Chapter 5, Thug Thrashing): a Fighter's extra actions against Thugs, their Control,
and the Stunt Sequence a Story Point buys (Special Actions Useable Against Thugs)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction


def effective_thug_thrashing(
    skill: int, *, more_realistic: bool = False, saga_steps: int = 0, blocked: bool = False
) -> int:
    """The TT level that counts: halved (down) under More Realistic (000 L6804) and once per Saga Scale step
    (000 L6818); none under Endless Numbers (000 L6778)."""
    if blocked:
        return 0
    level = skill // 2 if more_realistic else skill
    for _ in range(saga_steps):
        level //= 2
    return max(0, level)


def control_budgets(control: int, thug_thrashing: int) -> list[int]:
    """Each action's Control: the first takes the whole total, each extra one half of it, down; at half 0 there
    are no extra actions (000 L6754). A Hit Stun already taken lowers ``control`` first."""
    if control <= 0:
        return []
    half = control // 2
    return [control] + ([half] * thug_thrashing if half > 0 else [])


@dataclass(frozen=True)
class Stunt:
    points: int
    removed: int
    spent: Fraction  # Glory earned, divided at the end of the combat (000 L6792)
    lost: Fraction


def stunt_sequence(power_level: int, thug_thrashing: int, threat_level: int, members: int) -> Stunt:
    """Stunt Points = PL + TT; each Thug costs its Threat Level, a TL 0 Thug half a point; what is left over is lost
    (000 L6792; ruling B21: TT after its halvings)."""
    points = power_level + thug_thrashing
    cost = Fraction(threat_level) if threat_level > 0 else Fraction(1, 2)
    removed = min(members, math.floor(points / cost))
    spent = removed * cost
    return Stunt(points, removed, spent, points - spent)
