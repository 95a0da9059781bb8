"""Fighters defending against Thugs (Chapter 5, Defending Against Thugs): Agility in place of Evasion, and the
Agility dodge after a Ranged group's hit with the Thug it may take out."""

from __future__ import annotations

from dataclasses import dataclass

DODGE_BASE = 4  # the dodge's DL is this plus the hit's damage (000 L6704)
ELIMINATION_REACH = 2  # the group must be this close (000 L6706)
ELIMINATION_MEMBERS = 2  # and hold this many Thugs


def agility_level(agility: int, acrobatics: int = 0) -> int:
    """Agility, or Acrobatics at half (down) where that is higher (000 L6708)."""
    return max(agility, acrobatics // 2)


@dataclass(frozen=True)
class Dodge:
    difficulty: int
    total: int
    dodged: bool
    eliminates: bool  # one Thug of the group may be taken out at the end of the turn, for 1 Glory (000 L6706)


def agility_dodge(
    damage: int, roll: int, skill: int, full_agility_bonus: int, group_range: int, group_members: int
) -> Dodge:
    """1d10 + Agility (+ the Full Defense bonus when the whole action went to it) against 4 + damage (000 L6704)."""
    difficulty = DODGE_BASE + damage
    total = roll + skill + full_agility_bonus
    dodged = total >= difficulty
    eliminates = dodged and group_range <= ELIMINATION_REACH and group_members >= ELIMINATION_MEMBERS
    return Dodge(difficulty, total, dodged, eliminates)
