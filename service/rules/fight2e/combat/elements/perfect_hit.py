"""Perfect Hit: after a hit, before its effects, a die decides whether the one Element it is tied to works this
time — even it does, odd it is ignored (000 L4745–L4753)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from ....dice import Die
from ..protocol.names import Point
from ..registry.elements import LANDING
from ..registry.reprice import with_entries
from ..state.action import Attack
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import entry_of

ENTRY = entry_of(MoveTrait.perfect_hit)


@LANDING(20, entries=(ENTRY,))
def check(ctx: Turn, atk: Attack) -> None:
    """Before E.1: one d6 per Perfect Hit (ruling: "a die" read as 1d6, 000 L4753), each guarding its own Element
    (000 L4745); every guarded Element rolled odd is set aside together, the move priced again without them
    (``atk.moves`` is changed)."""
    atk.moves = settle(ctx, atk.attacker, atk.moves)


def settle(ctx: Turn, a: Combatant, moves: list[MoveProfile]) -> list[MoveProfile]:
    """The moves of a hit after their Perfect Hit dice (``check``); a turn with Thugs asks it when a group is hit
    (000 L6646)."""
    if ENTRY not in a.prof.entry_ids:
        return moves
    out = list(moves)
    for i, m in enumerate(list(out)):
        target = str(m.options.get(ENTRY, {}).get("target") or "")
        if not m.has(ENTRY) or not target:
            continue
        listed = cast("Iterable[str]", m.options[ENTRY].get("targets", ()))
        failed = []
        for guarded in dict.fromkeys(listed or (target,)):
            if not m.has(guarded):
                continue
            roll = ctx.roll(a.id, Point.perfect_hit, Die(3), f"Perfect Hit on {m.name}'s {guarded}", "E")
            works = roll % 2 == 0
            ctx.note(
                "E",
                a.id,
                f"Perfect Hit: {roll} on 1d6 — {m.name}'s {guarded} "
                + ("works this time." if works else "is ignored this time."),
                "000 L4753",
                {"roll": roll, "target": guarded},
                {"applies": works},
            )
            if not works:
                failed.append(guarded)
        if not failed:
            continue
        out[i] = with_entries(ctx, a, m, remove=failed)
    return out
