"""Action Point banks (000 L7082): points kept from turn to turn, with the two kinds that may only be spent on some
options: recovery-only points from an untouched Full Defense (000 L7227) and healing-only points from Reaffirm
Purpose or Realize Potential (000 L7257, L7271). A Story Point may stand in for any point (000 L7082)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .catalogue import ApOption, CostRule, Group


@dataclass(frozen=True)
class Bank:
    general: int = 0
    recovery_only: int = 0
    heal_only: int = 0

    @property
    def total(self) -> int:
        return self.general + self.recovery_only + self.heal_only


class Short(Exception):
    """Not enough points for what was asked."""


def grant(bank: Bank, per_turn: int = 1, withheld: bool = False) -> Bank:
    """The points a fighter gets as Initiative is rolled: 1 (2 in an epic fight), none after a Special Move that
    defeated no one or a Team-Up (000 L7213, L7219)."""
    return bank if withheld else replace(bank, general=bank.general + per_turn)


def usable(bank: Bank, option: ApOption) -> int:
    """How many of the bank's points this option may use (ruling C17: healing-only points only heal, recovery-only
    points only pay recovery options)."""
    n = bank.general
    if option.group is Group.recovery:
        n += bank.recovery_only
    if option.cost is CostRule.squared_heal:
        n += bank.heal_only
    return n


def spend(bank: Bank, option: ApOption, points: int, story_points: int = 0) -> tuple[Bank, int]:
    """Pay ``points`` for ``option``: the restricted kinds first, then general points, then Story Points.
    Returns the new bank and the Story Points used; raises ``Short`` when even those do not reach."""
    if points < 0:
        raise Short(points)
    left = points
    heal = recovery = 0
    if option.cost is CostRule.squared_heal:
        heal = min(bank.heal_only, left)
        left -= heal
    if option.group is Group.recovery:
        recovery = min(bank.recovery_only, left)
        left -= recovery
    general = min(bank.general, left)
    left -= general
    if left > story_points:
        raise Short(points)
    new = Bank(bank.general - general, bank.recovery_only - recovery, bank.heal_only - heal)
    return new, left
