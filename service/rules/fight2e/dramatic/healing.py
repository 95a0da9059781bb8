"""Healing Life Bar at the end of the turn (000 L7253–L7255) and the Dramatic Life Bar (000 L7072)."""

from __future__ import annotations

from enum import StrEnum


def dramatic_life_bar(full: int, epic_full_life_bar: bool = False) -> int:
    """Half the usual Life Bar (000 L7072); ruling C1: rounded down. An epic fight keeps it whole (000 L7082)."""
    return full if epic_full_life_bar else full // 2


def healed(points: int) -> int:
    """n points heal n² Life Bar (000 L7255)."""
    return points * points


def points_limit(pl: int, friendship: bool = False) -> int:
    """At most PL points at once, twice that the turn after a Friendship Morale Boost (000 L7251, L7255)."""
    return pl * (2 if friendship else 1)


class HealProblem(StrEnum):
    AP_OVER_PL_LIMIT = "AP_OVER_PL_LIMIT"
    HEAL_NOT_HURT = "HEAL_NOT_HURT"
    HEAL_DID_DAMAGE = "HEAL_DID_DAMAGE"


def heal_problems(
    points: int, pl: int, took_damage: bool, did_damage: bool, friendship: bool = False
) -> list[HealProblem]:
    """Every reason a Healing Life Bar purchase is refused (000 L7253–L7255)."""
    out = []
    if points > points_limit(pl, friendship):
        out.append(HealProblem.AP_OVER_PL_LIMIT)
    if not took_damage:
        out.append(HealProblem.HEAL_NOT_HURT)
    if did_damage:
        out.append(HealProblem.HEAL_DID_DAMAGE)
    return out


def heal(life: int, life_max: int, points: int) -> int:
    """The Life Bar after healing; ruling C17: never above the Dramatic maximum."""
    return min(life + healed(points), life_max)
