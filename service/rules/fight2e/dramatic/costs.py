"""What an Action Point option costs (000 L7138–L7309)."""

from __future__ import annotations

from .catalogue import ApOption, CostRule


def ap_cost(
    option: ApOption,
    *,
    used_before: bool = False,
    level: int = 0,
    points: int = 1,
    tied: bool = False,
    opposed: bool = False,
) -> int:
    """Points the option costs this time.

    ``used_before``/``level``: a Special Move already used this fight costs twice its level (000 L7213); ruling C10:
    that price replaces the first use's point. ``points``: Healing Life Bar pays the points it heals with (n → n²).
    ``tied``: a Flourish forced by tied Initiative is free (000 L7100). ``opposed``: Leaving Combat costs only when
    someone objects (000 L7152)."""
    rule = option.cost
    if rule is CostRule.reuse_by_level:
        return 2 * level if used_before else option.ap
    if rule is CostRule.squared_heal:
        return points
    if rule is CostRule.free_on_tie:
        return 0 if tied else option.ap
    if rule is CostRule.opposed_only:
        return option.ap if opposed else 0
    return option.ap
