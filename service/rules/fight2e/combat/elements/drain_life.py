"""Drain Life (000 L3232–L3244) and its modifier Healing Attack, whose heal is its own roll, hit or miss
(000 L3248–L3254)."""

from __future__ import annotations

from ...catalogue.table_records import DrainHeal, Heal
from ..registry.elements import MOVE_HIT
from ..state.action import Attack, DamageRoll
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import MoveProfile
from ..state.turn import Turn, die_for_step
from .design import design_of

# What the user heals at H.1; Healing Attack replaces Drain Life's heal (the later row wins).
HEALS: EntryTable[Heal] = of_records("drain_heal", DrainHeal, lambda found: found[0].heal)


def heal_kind(m: MoveProfile) -> Heal | None:
    found = HEALS.found(m.entries)
    return found[-1][1] if found else None


def _full(m: MoveProfile) -> bool:
    """The 4-Element version: Drain Life's design heals all of it (000 L3240)."""
    return design_of(m, HEALS, lambda heal: heal is Heal.taken).get("heal") == "full"


def taken_heal(m: MoveProfile, lost: int) -> int:
    """What Drain Life heals of the Life Bar a hit took: all of it for the 4-Element version, else half, rounded
    down (000 L3232–L3244)."""
    return lost if _full(m) else lost // 2


@MOVE_HIT(10, entries=("drain_life",))
def drain(ctx: Turn, atk: Attack, dmg: DamageRoll, m: MoveProfile, i: int, lost: int) -> None:
    """Ruling: the heal is the Life Bar the attack took (half, rounded down, for the 3-Element version); a Drain Life
    move later in a Combo heals 1 (000 L3232–L3244). Applied at H.1."""
    if heal_kind(m) is not Heal.taken:
        return
    a = atk.attacker
    heal = taken_heal(m, lost)
    heal = heal if i == 0 else min(lost, 1)
    if heal > 0:
        a.heal += heal
        ctx.note(
            "E.5",
            a.id,
            f"Drain Life: {a.id} will heal {heal} at the end of the turn.",
            "000 L3232–L3244",
            {"lost": lost},
            {"heal": a.heal},
        )


def healing_attack(ctx: Turn, atk: Attack, label: str) -> None:
    """E.5 on a hit, F.1 on a miss: roll the move's own damage die (no Strength, Stamina or Damage Bonus), heal all or
    half of it (as the Drain Life design says; 1 when the move is not first in a Combo), applied at H.1
    (000 L3240–L3244, L3252–L3254)."""
    a = atk.attacker
    if a.defeated:
        return
    for i, m in enumerate(atk.moves):
        if heal_kind(m) is not Heal.own_roll or m.damage_step is None:
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
            full = _full(m)
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
