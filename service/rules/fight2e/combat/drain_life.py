"""Healing Attack, the modifier of Drain Life: the heal is its own roll, hit or miss (000 L3248–L3254)."""

from __future__ import annotations

from .attack_records import Attack
from .state import Ctx, die_for_step

ENTRY = "drain_life.healing_attack"


def healing_attack(ctx: Ctx, atk: Attack, label: str) -> None:
    """E.5 on a hit, F.1 on a miss: roll the move's own damage die (no Strength, Stamina or Damage Bonus), heal all or
    half of it (as the Drain Life design says; 1 when the move is not first in a Combo), applied at H.1
    (000 L3240–L3244, L3252–L3254)."""
    a = atk.attacker
    if a.defeated or ENTRY not in a.prof.entry_ids:
        return
    for i, m in enumerate(atk.moves):
        if not m.has(ENTRY) or m.damage_step is None:
            continue
        once = f"_healing_attack|{a.id}|{atk.key}|{i}"
        if atk.key and once in ctx.counters:  # the same declared action against a further target
            # ruling: one heal roll per use; every further Fighter the move is aimed at adds 1, as Drain Life does
            # against several targets (000 L3242)
            a.heal += 1
            ctx.note(
                label,
                a.id,
                f"Healing Attack: +1 heal for another target ({atk.defender.id}).",
                "000 L3242",
                {},
                {"heal": a.heal},
            )
            continue
        ctx.counters[once] = 1
        if i > 0:
            amount, text = 1, "1 (not first in the Combo)"  # 000 L3236
        else:
            d = die_for_step(m.damage_step)
            roll = ctx.roll(a.id, "drain_heal", d, f"Healing Attack of {m.name}", label)
            full = m.options.get("drain_life", {}).get("heal") == "full"
            amount = roll if full else roll // 2
            text = f"{amount} ({d} rolled {roll}" + ("" if full else ", halved") + ")"
        a.heal += amount
        ctx.note(
            label,
            a.id,
            f"Healing Attack: {a.id} will heal {text} at the end of the turn, hit or miss.",
            "000 L3248–L3254",
            {},
            {"heal": a.heal},
        )
