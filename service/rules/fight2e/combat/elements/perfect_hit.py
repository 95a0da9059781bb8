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
    """Before E.1: one d6 per move with Perfect Hit (ruling: "a die" read as 1d6, 000 L4753); on an odd result the
    move goes on priced without its target Element (``atk.moves`` is changed)."""
    a = atk.attacker
    if ENTRY not in a.prof.entry_ids:
        return
    for i, m in enumerate(list(atk.moves)):
        target = str(m.options.get(ENTRY, {}).get("target") or "")
        if not m.has(ENTRY) or not target or not m.has(target):
            continue
        targets = cast("Iterable[str]", m.options[ENTRY].get("targets", ()))
        others = [t for t in targets if t != target]
        if others:
            ctx.unsupported_rule(
                f"{ENTRY}.multiple",
                f"fighters[{a.index}].sheet.{m.path}",
                f"{m.name}: only the Perfect Hit on {target} is rolled; {', '.join(others)} always applies",
            )
        roll = ctx.roll(a.id, "perfect_hit", Die(3), f"Perfect Hit on {m.name}'s {target}", "E")
        works = roll % 2 == 0
        ctx.note(
            "E",
            a.id,
            f"Perfect Hit: {roll} on 1d6 — {m.name}'s {target} "
            + ("works this time." if works else "is ignored this time."),
            "000 L4753",
            {"roll": roll, "target": target},
            {"applies": works},
        )
        if works:
            continue
        v = with_entries(ctx, a, m, remove=(target,))
        if v is None:
            ctx.unsupported_rule(
                ENTRY,
                f"fighters[{a.index}].sheet.{m.path}",
                f"{m.name}: Perfect Hit could not set {target} aside on this move",
            )
            continue
        atk.moves = [*atk.moves[:i], v, *atk.moves[i + 1 :]]
