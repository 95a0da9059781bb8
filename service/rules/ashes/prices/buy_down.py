"""Buying damage down to 0 with Aura and Health (004 L61–L69, L121–L122)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BuyDown:
    paid: bool  # the damage was reduced to 0
    aura_spent: int
    health_spent: int
    boxes_after: tuple[int, ...]
    boxes_emptied: int  # each one a Physical Imbalance rank (004 L68)
    vanquished: bool


def default_aura(damage: int, aura: int) -> int:
    """The Aura a defender spends when they say nothing: Aura first, as much as the damage needs."""
    return min(aura, damage)


def split_fits(damage: int, aura: int, boxes: tuple[int, ...], aura_part: int, health_part: int) -> bool:
    return aura_part + health_part == damage and 0 <= aura_part <= aura and 0 <= health_part <= sum(boxes)


def buy_down(
    damage: int, aura: int, boxes: tuple[int, ...], aura_part: int | None = None, refuse: bool = False
) -> BuyDown:
    """The defender's own split (Aura first when ``aura_part`` is None); unable or unwilling means Vanquished."""
    if damage <= 0:
        return BuyDown(True, 0, 0, boxes, 0, False)
    a = default_aura(damage, aura) if aura_part is None else aura_part
    h = damage - a
    if refuse or not split_fits(damage, aura, boxes, a, h):
        # Ruling: a buy-down short of 0 buys nothing; the defender is Vanquished with what they had (004 L61).
        return BuyDown(False, 0, 0, boxes, 0, True)
    after = list(boxes)
    emptied = 0
    left = h
    for i, held in enumerate(after):  # the first box with Health in it pays first (digest D16)
        if left == 0:
            break
        take = min(held, left)
        after[i] = held - take
        left -= take
        if take and after[i] == 0:
            emptied += 1  # 004 L68: a box run dry injures, even when it empties exactly
    return BuyDown(True, a, h, tuple(after), emptied, vanquished=sum(after) == 0 and h > 0)  # 004 L121–L122
