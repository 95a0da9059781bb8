"""Perfect Hit: after a hit, before its effects, a die decides whether the one Element it is tied to works this
time — even it does, odd it is ignored (000 L4745–L4753)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from ....dice import Die
from ..registry.elements import LANDING
from ..registry.reprice import with_entries
from ..state.action import Attack
from ..state.turn import Turn

ENTRY = "perfect_hit"


@LANDING(20, entries=(ENTRY,))
def check(ctx: Turn, atk: Attack) -> None:
    """Before E.1: one d6 per Perfect Hit (ruling: "a die" read as 1d6, 000 L4753), each guarding its own Element
    (000 L4745); every guarded Element rolled odd is set aside together, the move priced again without them
    (``atk.moves`` is changed)."""
    a = atk.attacker
    if ENTRY not in a.prof.entry_ids:
        return
    for i, m in enumerate(list(atk.moves)):
        target = str(m.options.get(ENTRY, {}).get("target") or "")
        if not m.has(ENTRY) or not target:
            continue
        listed = cast("Iterable[str]", m.options[ENTRY].get("targets", ()))
        failed = []
        for guarded in dict.fromkeys(listed or (target,)):
            if not m.has(guarded):
                continue
            roll = ctx.roll(a.id, "perfect_hit", Die(3), f"Perfect Hit on {m.name}'s {guarded}", "E")
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
        v = with_entries(ctx, a, m, remove=failed)
        atk.moves = [*atk.moves[:i], v, *atk.moves[i + 1 :]]
