"""Life Saves (Chapter 5, Thug Attributes and Damage Effects Against Thugs): what a Fighter's hit does to a group.

A hit makes one Thug roll 1d10 against his effective Life Save; at or under it he stays, over it he is out
(000 L6568–L6570). Pure functions over the figures; the caller rolls the dice by key.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .dice import die_step

LOWEST_SAVE_DIE = "1d4"  # die sizes above this one lower the save (000 L6570)
D10_TOP = 10


class SaveOutcome(StrEnum):
    stays = "stays"
    out = "out"


@dataclass(frozen=True)
class Save:
    life_save: int  # the effective Life Save rolled against
    roll: int | None  # None when no roll is needed (ruling B1)
    outcome: SaveOutcome


def base_life_save(life_save: int, multiplier: int = 1, bonus: int = 0) -> int:
    """The save before the attack's modifiers: doubled by Relentless Foes, then any flat bonus (ruling B3)."""
    return life_save * multiplier + bonus


def _floored(value: int, robust: bool) -> int:
    # Robust keeps it at 1 or more (000 L6640); otherwise it stops at 0, already a sure defeat (000 L6580).
    return max(1 if robust else 0, value)


def single_move_life_save(
    base: int, strength: int, damage_die: str, adds_damage: bool = False, robust: bool = False
) -> int:
    """One move's hit: Strength off the save, one more per die size above 1d4 (each +2 past 1d12 a size), one more
    when an Element adds damage (000 L6570–L6572). The die is measured before Strength (ruling A8); flat bonuses
    and minimum damage count for nothing (000 L6572, L6894; ruling A11)."""
    step, floor_step = die_step(damage_die), die_step(LOWEST_SAVE_DIE)
    sizes = max(0, (step or 0) - (floor_step or 0))
    return _floored(base - strength - sizes - (1 if adds_damage else 0), robust)


def combo_points(hits: int) -> int:
    """A Combo's points against Thugs: one per full two hits (000 L6574)."""
    return hits // 2


def combo_reduce_life_save(base: int, hits: int, robust: bool = False) -> int:
    """A Combo spent on one Thug: his save drops by the Combo's points; the moves' damage and Strength count for
    nothing (000 L6574, L6580; ruling A9)."""
    return _floored(base - combo_points(hits), robust)


def combo_spread_saves(base: int, hits: int, members: int) -> list[int]:
    """A Combo spread over the group: the target and one more Thug per point each roll the plain save, as many as
    the group holds (000 L6578; ruling A10)."""
    return [base] * min(members, 1 + combo_points(hits))


def roll_save(life_save: int, roll: int | None) -> Save:
    """The save against a d10: at 0 or less he is out and at 10 or more he stays, with no roll (ruling B1)."""
    if life_save <= 0:
        return Save(life_save, None, SaveOutcome.out)
    if life_save >= D10_TOP:
        return Save(life_save, None, SaveOutcome.stays)
    if roll is None:
        raise ValueError("a Life Save between 1 and 9 needs its d10")
    return Save(life_save, roll, SaveOutcome.stays if roll <= life_save else SaveOutcome.out)


def needs_roll(life_save: int) -> bool:
    return 0 < life_save < D10_TOP


@dataclass(frozen=True)
class KnockDownResult:
    second_save: Save | None  # the Thug who stayed rolls again (ruling B2: at the same save)
    group_pushed: int  # Ranges the rest of the group is pushed back (only when the first save failed)


def knock_down(first: Save, second_roll: int | None) -> KnockDownResult:
    """A Knock Down against a group: a Thug who stayed saves again; one who fell pushes the rest back 1 Range
    (000 L6718). A second failure pushes nobody (ruling B2)."""
    if first.outcome is SaveOutcome.out:
        return KnockDownResult(None, 1)
    return KnockDownResult(roll_save(first.life_save, second_roll), 0)


def pushed_range(current: int, push: int, farthest: int = 4) -> int:
    """A group pushed back never goes past Range 4 (000 L5950; ruling B5: pushes in one hit do not add up)."""
    return min(farthest, current + min(push, 1)) if push else current
