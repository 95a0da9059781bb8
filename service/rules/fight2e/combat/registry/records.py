"""The catalogue's typed combat records at the named points of the attack: each hook asks ``records`` for the
records of its point (the entries' own data), so no step names them."""

from __future__ import annotations

from ...catalogue.records import Point
from ..state.action import Attack
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from . import elements
from . import points as records
from .elements import DefenseMoment


@elements.ACCURACY(20)
def labelled_accuracy(ctx: Turn, atk: Attack, option: str) -> dict[str, int]:
    """Very Fast / Slow and the like: Accuracy that depends on the Range (000 L4051)."""
    return records.labelled_accuracy(atk.first, ctx.distance(atk.attacker, atk.defender), option)


@elements.DAMAGE_STEP(20)
def damage_step(m: MoveProfile, attacker: Combatant, defender: Combatant) -> int:
    """Explosive: one size less against a Fighter (000 L3326)."""
    return records.modifier_total(m, Point.damage_step)


@elements.USE_LOCK(10)
def use_locks(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str) -> None:
    """The locks of the lasting effects on him: flying allows only Hard to Evade or Aerial Specials (000 L3370)."""
    records.check_use_locks(ctx, f, moves, path, key)


@elements.DEFENSE_TOTAL(90)
def lasting_defense(ctx: Turn, moment: DefenseMoment) -> dict[str, int]:
    """Effects lasting on the defender, flying among them: +4 with Evasion (000 L3370)."""
    return records.lasting_defense(moment.defender, moment.option.value)
