"""Invincible Interrupt: +2 to the Defense Total of the Interrupt Defensive Response (000 L3581–L3587).

The Interrupt Response is normally chosen after the miss, but this bonus is part of the Defense Total, so a
defender with such a move declares the Interrupt with his Tactics Defense Total (as Priority is, ruling A16) and
then answers with an Invincible Interrupt move."""

from __future__ import annotations

from ...contract.models import DecisionValue, ResponseKind
from ...registry import elements, features
from ...registry.elements import DefenseMoment
from ...state.combatant import Combatant
from ...state.profile import MoveProfile, MoveTrait
from ...state.turn import Turn
from ..design import entry_of

ENTRY = entry_of(MoveTrait.invincible_interrupt)
BONUS = 2  # 000 L3587


@features.INVINCIBLE_DECLARED
def declared(d: Combatant, dv: DecisionValue) -> bool:
    """The Interrupt declared with the Defense Total is an Invincible Interrupt: the move named, or (none named)
    any of his moves."""
    if ENTRY not in d.prof.entry_ids:
        return False
    if dv.moves:
        m = d.move(dv.moves[0])
        return m is not None and m.has(ENTRY) > 0
    return True


@features.INVINCIBLE_MOVE
def invincible(m: MoveProfile) -> bool:
    """The move is an Invincible Interrupt (its entry on the sheet)."""
    return bool(m.has(ENTRY))


@features.INVINCIBLE_FIRST
def first(moves: list[MoveProfile]) -> list[MoveProfile]:
    """The Interrupt moves with the Invincible Interrupt first (the default answer to a declared Interrupt)."""
    return sorted(moves, key=lambda m: not m.has(ENTRY))


@elements.DEFENSE_TOTAL(40, entries=(ENTRY,))
def defense_total(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    """+2 on the Interrupt's Defense Total (000 L3587)."""
    hit = m.response is ResponseKind.interrupt and declared(m.defender, m.decision)
    return {"invincible_interrupt": BONUS} if hit else {}
