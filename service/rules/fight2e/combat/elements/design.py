"""A move's design options, read through the entry that gives the move a role or a row of a table (its record in the
data), never through the entry's id: the options a builder chose are kept under the entry that offers them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from ..state.profile import MOVE_TRAITS, MoveProfile, MoveTrait

T = TypeVar("T")
_NONE: Mapping[str, object] = {}


def design(m: MoveProfile, role: MoveTrait) -> Mapping[str, object]:
    """The design options chosen for the move's entry that gives it ``role``; empty when none was chosen."""
    for entry, chosen in m.options.items():
        if role in MOVE_TRAITS.get(entry, ()):
            return chosen
    return _NONE


def design_of(m: MoveProfile, table: Mapping[str, T], keep: Callable[[T], bool]) -> Mapping[str, object]:
    """The design options chosen for the move's entry whose row in ``table`` is one to ``keep``; empty when none
    was chosen."""
    for entry, chosen in m.options.items():
        row = table.get(entry)
        if row is not None and keep(row):
            return chosen
    return _NONE


def entry_of(role: MoveTrait) -> str:
    """The catalogue entry whose ``trait`` record gives a move ``role`` (the one entry a handler serves by it)."""
    found = [e for e, roles in MOVE_TRAITS.items() if role in roles]
    if len(found) != 1:
        raise ValueError(f"the role {role!r} is given by {len(found)} entries, not one")
    return found[0]
