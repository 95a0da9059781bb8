"""Utility Combo Opener: an unbroken run of such moves opening a Combo lets the Normal or Stun move after it do
full damage — the Combo is not halved for lacking an Offensive Normal opener (000 L4433–L4441, L5810)."""

from __future__ import annotations

from ...state.profile import ComboPart, MoveProfile
from . import sequences


def chain_end(moves: list[MoveProfile]) -> int | None:
    """The index of the damaging move that follows the opening chain, or None when there is no such chain."""
    k = 0
    while k < len(moves) and (moves[k].part(ComboPart.opener) or sequences.free_combo_opener(moves[k])):
        k += 1
    if k == 0 or k == len(moves):
        return None
    m = moves[k]
    damaging = m.offensive and m.damage_step is not None and not m.kw("no_damage")
    return k if damaging and (m.kw("normal") or m.kw("stun")) else None
