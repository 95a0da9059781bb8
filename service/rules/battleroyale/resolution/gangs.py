"""A Gang's bonus dice for a round, in a Bout and in a Conflict round alike: one per Minion beyond the first (003
L736-L738; digest C13), so none for a lone Minion or a fighter who is no Gang; with what the round uses of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...core.findings import Finding
from ..codes import finding
from .models import RoyaleFighter, RoyaleGangPool


def pools(fighters: Iterable[RoyaleFighter], used: Callable[[str], int]) -> dict[str, RoyaleGangPool]:
    """Each Gang's pool, and each fighter's who uses Gang dice he has not got (``used``: by fighter id)."""
    out = {}
    for f in fighters:
        spent = used(f.id)
        if f.minions >= 2 or spent:
            out[f.id] = RoyaleGangPool(pool=max(0, f.minions - 1), used=spent)
    return out


def overspent(found: dict[str, RoyaleGangPool], path: str) -> list[Finding]:
    """A finding for each pool the round spends beyond its dice (003 L736-L738)."""
    return [
        finding("GANG_POOL_OVERSPENT", path, f"{fid} uses {p.used} of a pool of {p.pool} Gang dice.")
        for fid, p in found.items()
        if p.used > p.pool
    ]
