"""Spiritual Combat and Spirit Combat (000 L7299–L7325)."""

from __future__ import annotations

from .catalogue import tables


def fights_spirits(qualities: set[str], skills: dict[str, int]) -> bool:
    """A quality or skill level that lets a fighter hurt a purely spiritual creature (000 L7315)."""
    s = tables().spirit_fighting
    return bool(qualities & set(s.qualities)) or any(skills.get(k, 0) >= v for k, v in s.skills.items())


def against_spirit(qualities: set[str], skills: dict[str, int]) -> tuple[int, int]:
    """(Accuracy, Life Save) modifiers of a fighter against a spirit: none, or −2 and +2 (000 L7315)."""
    if fights_spirits(qualities, skills):
        return 0, 0
    s = tables().spirit_fighting
    return s.accuracy, s.life_save


def may_open_spirit_combat(skills: dict[str, int], distance: int) -> list[str]:
    """The skills with which he may open Spirit Combat against a foe at ``distance`` (000 L7299)."""
    if distance > (tables().option("spirit_combat").max_range or 0):
        return []
    return [k for k, need in tables().spirit_combat_entry.items() if skills.get(k, 0) >= need]


def spirit_combat_penalty(qualities: set[str], skills: dict[str, int]) -> int:
    """Accuracy and Defense Totals in Spirit Combat for one unfit to fight spirits (000 L7305)."""
    return 0 if fights_spirits(qualities, skills) else tables().spirit_fighting.accuracy
