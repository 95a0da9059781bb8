"""Glory against Thugs (Chapter 5, Thug Glory Awards; End of the Turn): the combat's raw Glory divided once, at
the end, by the divisor of the cheapest group in the combat."""

from __future__ import annotations

import math
from fractions import Fraction

from .points import glory_divisor


def combat_divisor(group_points: list[int]) -> int:
    """The divisor of the lowest-value group in the combat (000 L6547), its Thug Points rounded up (ruling A4)."""
    return glory_divisor(min(group_points))


def divided_glory(raw: Fraction | float | int, divisor: int) -> int:
    """The Glory a Fighter keeps: the raw total over the divisor, rounded up (000 L6547; ruling A7: 13/5 → 3)."""
    return math.ceil(Fraction(raw) / divisor)
