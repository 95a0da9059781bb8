"""Checks of the catalogue entries' combat effects, registered per entry id.

A check is a function of no arguments that resolves a turn with the entry (and, when that is clearer, the same
turn without it) and asserts the figure or choice the book gives, worked out by hand from the line in ``ref``.
The check modules of this package are collected by ``tests/unit/fight2e/combat/test_entry_effects.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Check:
    entry: str  # catalogue entry id
    ref: str  # book line(s) the expected figures come from, e.g. "000 L3120"
    fn: Callable[[], None]


CHECKS: dict[str, list[Check]] = {}


def effect_of(entry_id: str, ref: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register the decorated function as a check of ``entry_id``'s combat effect; returns it unchanged."""

    def register(fn: Callable[[], None]) -> Callable[[], None]:
        CHECKS.setdefault(entry_id, []).append(Check(entry_id, ref, fn))
        return fn

    return register
