"""The sheet rules: attributes against the data pack, injuries (002 L104–L108), and a round's allocation of the
Flexible Pool (002 L86–L88) with the injury reserve (002 L104–L106)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.findings import Finding, map_key
from ..codes import finding
from ..pack import RpgPack
from ..tokens.counts import TOKEN_TYPES, RpgTokenCounts, RpgTokenType
from .models import RpgFighter

DEFEAT_AT = 10  # 002 L9
POOL_DICE = 3  # 002 L86


def defeated(f: RpgFighter) -> bool:
    return f.damage >= DEFEAT_AT


def may_take_injuries(f: RpgFighter, player_strength: int | None) -> bool | None:
    """Player-fighters may; so may others at least as strong as the strongest player-fighter (002 L104; digest
    ruling B12). None when that strength is not known."""
    if f.player:
        return True
    if player_strength is None:
        return None
    return f.strength >= player_strength


def sheet_findings(f: RpgFighter, pack: RpgPack, at: str, player_strength: int | None) -> list[Finding]:
    out: list[Finding] = []
    known = {a.id for a in pack.attributes}
    for name in f.attributes:
        if name not in known:
            out.append(finding("ATTRIBUTE_UNKNOWN", f"{at}.attributes{map_key(name)}", f"No attribute {name!r}."))
    for a in pack.attributes:
        if a.id not in f.attributes:
            out.append(finding("ATTRIBUTE_MISSING", f"{at}.attributes", f"The sheet has no {a.name} value."))
    for name, n in f.injuries.items():
        path = f"{at}.injuries{map_key(name)}"
        if name not in known:
            out.append(finding("ATTRIBUTE_UNKNOWN", path, f"No attribute {name!r}."))
        elif n > (rated := f.attributes.get(name, 0)):  # 002 L108: at most the attribute's value (unrated: 0)
            out.append(finding("INJURY_LIMIT_EXCEEDED", path, f"{n} injuries on {name}, rated {rated}."))
    if any(f.injuries.values()):
        allowed = may_take_injuries(f, player_strength)
        if allowed is False:
            out.append(finding("INJURY_NOT_ALLOWED", f"{at}.injuries", "Weaker than the strongest player-fighter."))
        elif allowed is None:
            out.append(finding("INJURY_ELIGIBILITY_UNKNOWN", f"{at}.injuries", "Send `player_strength` to check."))
    if defeated(f):
        out.append(finding("FIGHTER_DEFEATED", f"{at}.damage", f"{f.damage} damage: out of the fight."))
    return out


def reserve(f: RpgFighter, pack: RpgPack, token: RpgTokenType) -> int:
    """Pool that must go to ``token`` and gives no token: one per injury on its attribute (002 L104–L106)."""
    attribute = pack.cap_of(token)
    return f.injuries.get(attribute.id, 0) if attribute else 0


def cap(f: RpgFighter, pack: RpgPack, token: RpgTokenType) -> int | None:
    """Most of the pool ``token`` may take: its attribute's value, injured or not (002 L88; digest ruling B11)."""
    attribute = pack.cap_of(token)
    return f.attributes.get(attribute.id, 0) if attribute else None


def tokens_from(f: RpgFighter, pack: RpgPack, allocation: RpgTokenCounts) -> dict[RpgTokenType, int]:
    """The tokens an allocation gives: each injury withholds the first token of its type (002 L106)."""
    return {t: max(0, allocation.get(t) - reserve(f, pack, t)) for t in TOKEN_TYPES}


def dice_findings(pool: Sequence[int], sides: int, at: str) -> list[Finding]:
    if len(pool) != POOL_DICE:
        return [finding("DICE_INVALID", at, f"{len(pool)} dice; a Flexible Pool is {POOL_DICE}.")]
    return [
        finding("DICE_INVALID", f"{at}[{i}]", f"{face} is not a face of a d{sides}.")
        for i, face in enumerate(pool)
        if not 1 <= face <= sides
    ]


def allocation_findings(
    f: RpgFighter, pack: RpgPack, allocation: RpgTokenCounts, pool_total: int | None, at: str
) -> list[Finding]:
    out: list[Finding] = []
    spent = allocation.total()
    if pool_total is not None and spent > pool_total:  # 002 L86
        out.append(finding("ALLOCATION_EXCEEDS_POOL", at, f"{spent} allocated from a pool of {pool_total}."))
    reserves = {t: reserve(f, pack, t) for t in TOKEN_TYPES}
    # Our ruling: a pool smaller than all the reserves together must go to reserved types in full.
    short_pool = pool_total is not None and sum(reserves.values()) > pool_total
    for t in TOKEN_TYPES:
        n, most, least = allocation.get(t), cap(f, pack, t), reserves[t]
        if most is not None and n > most:  # 002 L88
            out.append(finding("ALLOCATION_EXCEEDS_ATTRIBUTE", f"{at}.{t.value}", f"{n} over a cap of {most}."))
        if n < least and not short_pool:  # 002 L106
            out.append(finding("INJURY_RESERVE_UNMET", f"{at}.{t.value}", f"{n} under the {least} injuries reserve."))
    if short_pool and sum(min(allocation.get(t), reserves[t]) for t in TOKEN_TYPES) < (pool_total or 0):
        out.append(finding("INJURY_RESERVE_UNMET", at, "The pool is below the reserves: all of it goes to them."))
    if pool_total is not None and spent < pool_total:  # our ruling (digest B3): the rest of the pool is lost
        out.append(finding("POOL_UNSPENT", at, f"{pool_total - spent} of the pool left unallocated and lost."))
    return out
