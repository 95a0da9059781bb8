"""A move's design options, read through the entry that gives the move a role (its ``trait`` record in the data),
never through the entry's id: the options a builder chose are kept under the entry that offers them."""

from __future__ import annotations

from collections.abc import Mapping

from ..state.profile import MOVE_TRAITS, MoveProfile, MoveTrait

_NONE: Mapping[str, object] = {}


def design(m: MoveProfile, role: MoveTrait) -> Mapping[str, object]:
    """The design options chosen for the move's entry that gives it ``role``; empty when none was chosen."""
    for entry, chosen in m.options.items():
        if role in MOVE_TRAITS.get(entry, ()):
            return chosen
    return _NONE
