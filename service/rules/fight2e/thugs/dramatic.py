"""Thug groups in Dramatic Combat (000 L7074–L7076): the Action Points a group earns each turn and whether its hits
cause Hit Stun. Pure functions of the group's traits over the Thug data."""

from __future__ import annotations

from collections.abc import Collection

from .catalogue import thug_catalogue


def action_points_per_turn(traits: Collection[str]) -> int:
    """Points the group gets as Initiative is rolled: none, unless a Quality grants them (Dramatic Villain,
    000 L6632, L7076)."""
    per = thug_catalogue().dramatic_action_points
    return sum(per.get(t, 0) for t in traits)


def causes_hit_stun(traits: Collection[str]) -> bool:
    """Ruling C22: a Thug's hit causes Hit Stun only with the Hit Stun Quality (000 L6638), even in Dramatic Combat,
    where every other hit does (000 L7130)."""
    return any(t in thug_catalogue().hit_stun_traits for t in traits)
