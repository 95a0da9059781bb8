"""Super Energy: what each turn, attack, Combo and Life Bar loss is worth, tallied at H.1 (000 L5246–L5275,
L5331–L5333)."""

from __future__ import annotations

import math

from ...catalogue.table_records import SuperEnergyRule, SuperEnergyRules
from ..registry import features
from ..state.combatant import Combatant
from ..state.entry_tables import FlagTable, flags_of_records
from ..state.profile import MoveProfile
from ..state.turn import Turn
from . import super_only, transformations
from .buffs.buff_modifiers import se_frozen
from .glory import cheap_use
from .vocabulary import LogKey

SUPER_ENERGY_RULES: FlagTable[SuperEnergyRule] = flags_of_records(
    "super_energy_rule", SuperEnergyRules, lambda r: frozenset({r.rule})
)


def se_rule(m: MoveProfile, rule: SuperEnergyRule) -> bool:
    return rule in SUPER_ENERGY_RULES.grants(m.entries)


@features.ATTACK_COUNTED
def count_attack(ctx: Turn, a: Combatant, moves: list[MoveProfile], hit: bool) -> None:
    """Record an attack for H.1: a single move 1; a Combo 1 if it misses, its Special Moves + 1 if it hits."""
    if all(se_rule(m, SuperEnergyRule.earns_none) for m in moves):
        return  # 000 L4727
    if len(moves) > 1:
        if hit:
            a.se_specials += sum(1 for m in moves if m.is_special and not se_rule(m, SuperEnergyRule.earns_none))
            a.se_combos += 1
        else:
            a.attacks += 1
        return
    if moves[0].kind == "basic" and not ctx.opts.super_energy_basic_attacks_count:
        return  # ruling A10 switched off: the Example of Combat's reading
    a.attacks += 1


def tally(ctx: Turn) -> None:
    """H.1 for every fighter who owns Super Moves (000 L5264): nothing in a turn he used one (000 L5273)."""
    cap = ctx.opts.super_energy_max
    per_turn = math.ceil(cap / 20)  # 000 L5271
    for fid in ctx.order:
        f = ctx.fighters[fid]
        if not f.prof.has_supers:
            continue
        if f.super_used:
            ctx.note(
                "H.1",
                f.id,
                f"{f.id} used a Super Move this turn: no Super Energy.",
                "000 L5273",
                {},
                {LogKey.super_energy: f.se},
            )
            continue
        frozen = se_frozen(f)
        if frozen is not None:
            ctx.note(
                "H.1",
                f.id,
                f"{f.id}'s Buff {frozen.name} runs on his Super Energy: none is gained.",
                "000 L3067",
                {},
                {LogKey.super_energy: f.se},
            )
            continue
        if f.defeated and not f.life_loss_from and not f.attacks:
            continue
        gain = per_turn + len(f.life_loss_from) + f.attacks + f.se_specials + f.se_combos + f.se_extra
        before = f.se
        f.se = min(f.se + gain, cap)
        ctx.note(
            "H.1",
            f.id,
            f"{f.id} gains {f.se - before} Super Energy ({per_turn} for the turn, "
            f"{len(f.life_loss_from)} for Life Bar lost, {f.attacks} for attacks, {f.se_specials} for Special "
            f"Moves in hitting Combos, {f.se_combos} for hitting Combos"
            + (f", {f.se_extra} from moves" if f.se_extra else "")
            + f"): {before} → {f.se}.",
            "000 L5264–L5275",
            {
                "turn": per_turn,
                "life_bar_lost": len(f.life_loss_from),
                "attacks": f.attacks,
                "specials_in_combos": f.se_specials,
                "combos_hit": f.se_combos,
                "from_moves": f.se_extra,
            },
            {LogKey.super_energy: f.se},
        )


@features.MOVES_PAID
def pay_supers(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> None:
    """Super Energy is spent on use, and 1 FS if he has any (000 L5281; ruling A39)."""
    cheap_use(ctx, f, moves)  # every use of a move passes here once
    if sum(1 for m in moves if m.offensive) >= 3:
        f.long_combo = True  # no "single hits and 2-hit Combos" Glory this round (000 L847)
    transformations.usable(ctx, f, moves, f"fighters.{f.id}.state.beast_form")  # responses and reactions too
    for m in moves:
        if not m.is_super and se_rule(m, SuperEnergyRule.spends) and m.se_cost:
            # A Special Move with the Super Energy Liability: 10 Super Energy, yet not a Super (000 L4864–L4868).
            if f.se < m.se_cost:
                ctx.fail(
                    "INSUFFICIENT_SUPER_ENERGY",
                    f"fighters.{f.id}.state.super_energy",
                    f"{m.name} needs {m.se_cost} Super Energy; {f.id} has {f.se}.",
                )
            f.se -= m.se_cost
            ctx.note(
                "D.1",
                f.id,
                f"{f.id} spends {m.se_cost} Super Energy on {m.name}.",
                "000 L4864–L4868",
                {},
                {LogKey.super_energy: f.se},
            )
            continue
        if not m.is_super:
            continue
        super_only.usable(ctx, f, [m], f"fighters.{f.id}.sheet.{m.path}")
        need = super_only.cost(ctx, f, m)  # Infinite Supers, Super Move Enhancer (000 L4932, L4237)
        # ruling: a Super that costs no Super Energy still takes its 1 FS (ruling A39; 000 L4932)
        if f.se < need:
            ctx.fail(
                "INSUFFICIENT_SUPER_ENERGY",
                f"fighters.{f.id}.state.super_energy",
                f"{m.name} needs {need} Super Energy; {f.id} has {f.se}.",
            )
        f.se -= need
        fs = 1 if f.fs > 0 else 0
        f.fs -= fs
        f.super_used = True
        ctx.note(
            "D.1",
            f.id,
            f"{f.id} spends {need} Super Energy"
            + (" and 1 FS" if fs else "")
            + f" on {m.name}"
            + (f" (its cost is {m.se_cost})" if need != m.se_cost else "")
            + ".",
            "000 L5281",
            {},
            {LogKey.super_energy: f.se, "fs": f.fs},
        )
