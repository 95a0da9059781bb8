"""E.2–E.8 and F.1: Hit Stun, Knock Back, Knock Down, aftereffects, conditions ended by a hit, Stun
(000 L5926–L5990, L2425–L2433)."""

from __future__ import annotations

from ...catalogue.records import Point, Trigger
from ..contract.model_types import OngoingEffectId
from ..registry import elements, features
from ..registry import points as records
from ..registry.coverage import IMPLEMENTED, PARTLY_IMPLEMENTED
from ..state.action import Attack, DamageRoll, Guard
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from . import (
    drain_life,
    enhancer,
    fake,
    free_movement,
    invisibility,
    negative_positioning,
    ongoing,
    styles,
    summon,
    super_only,
    suppression,
    transformations,
    vulnerability,
)
from .glory import defeat_glory, hit_glory  # noqa: F401  (re-exported for attack.py)


@features.MOVE_UNSUPPORTED_REPORTED
def report_unsupported(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """Every entry of a used move whose combat effect is not applied is listed, never silently ignored."""
    for entry in IMPLEMENTED.missing(m.entries) if not PARTLY_IMPLEMENTED else m.entries:
        if entry in PARTLY_IMPLEMENTED:
            ctx.unsupported_rule(entry, f"fighters[{f.index}].sheet.{m.path}", f"{m.name}: {PARTLY_IMPLEMENTED[entry]}")
        elif entry not in IMPLEMENTED:
            ctx.unsupported_rule(
                entry,
                f"fighters[{f.index}].sheet.{m.path}",
                f"{m.name}: the combat effect of '{entry}' is not applied by the resolver",
            )


@features.MOVE_USE_EFFECTS
def on_use(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """'Always' recovery effects (000 L3358, L4836); a Buff starts or an End Buff stops one (000 L2961, L3262)."""
    ongoing.start(ctx, f, m)
    free_movement.start(ctx, f, m)
    styles.end_style(ctx, f, m)
    vulnerability.start(ctx, f, m)

    fake.use(ctx, f, m)  # 000 L3350
    invisibility.start(ctx, f, m)  # 000 L3591
    ongoing.end_buff(ctx, f, m)
    super_only.on_use(ctx, f, m)  # after the Buff and the rest have started: Extended Duration stretches them
    enhancer.bank(ctx, f, m)
    records.die_shifts(ctx, f, None, m, Trigger.always)  # 'Always' recovery effects (000 L3358, L4836)
    for hook in elements.MOVE_USED.hooks:  # Self-Damage, Self-Stun, Self-Prone …
        hook(ctx, f, m)


@elements.MOVE_USED(10, entries=("self_damage", "self_damage.self_stun"))
def self_damage(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """The user pays for the move: Power Level in Life Bar, or (Self-Stun in its place) Stunned next turn."""
    if f.defeated:
        return
    if m.trait(MoveTrait.self_stun):
        f.self_stun = True
        ctx.note(
            "G",
            f.id,
            f"{m.name}: {f.id} will be Stunned from the start of next turn unless hit before then.",
            "000 L4801–L4806",
            {},
            {"self_stun": True},
        )
    elif m.trait(MoveTrait.self_damage):
        before = f.life
        f.life = max(f.life - f.pl, min(f.life, 1))  # never below 1; no Stun, Knock Back or Hit Stun (000 L4797)
        ctx.note(
            "G",
            f.id,
            f"Self-Damage of {m.name}: {f.id} loses {before - f.life} Life Bar ({before} → {f.life}).",
            "000 L4793–L4799",
            {"pl": f.pl},
            {"life_bar": f.life},
        )


@elements.MOVE_USED(20, entries=("self_prone",))
def self_prone(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    if m.trait(MoveTrait.self_prone):
        f.knocked_down = True
        transformations.knocked_down(ctx, f)  # ruling: ending prone is a Knock Down "by any means" (000 L5317)
        ctx.note("G", f.id, f"{f.id} ends prone after {m.name} and must stand with his next action.", "000 L4809")


@elements.ON_HIT(10)
def on_hit(ctx: Turn, atk: Attack, dmg: DamageRoll, lost: int = 0) -> None:
    """E.5: On-Hit aftereffects (000 L5426, L2425–L2433)."""
    suppression.on_hit(ctx, atk, lost)
    drain_life.healing_attack(ctx, atk, "E.5")
    for i, m in enumerate(atk.moves):
        for hook in elements.MOVE_HIT.hooks:  # Drain Life, recovery shifts, Modify Super Energy, Entangle …
            hook(ctx, atk, dmg, m, i, lost)


@elements.MOVE_HIT(20)
def recovery_shifts(ctx: Turn, atk: Attack, dmg: DamageRoll, m: MoveProfile, i: int, lost: int) -> None:
    """The move's typed records on a hit: Critical Hit, Fast Recovery, Harry (000 L3210, L3358, L3432); Super Energy
    (000 L4231)."""
    if m.records:
        a = atk.attacker
        part = next((p for p in dmg.parts if p.move is m), None)
        records.die_shifts(ctx, a, atk.defender, m, Trigger.on_hit, i == len(atk.moves) - 1, part, atk.is_combo)
        a.se_extra += records.modifier_total(m, Point.super_energy)


@elements.MOVE_HIT(40, entries=("entangle",))
def entangle(ctx: Turn, atk: Attack, dmg: DamageRoll, m: MoveProfile, i: int, lost: int) -> None:
    """Entangle: the action is lost if not yet taken, and the next Initiative die is smaller (000 L3306)."""
    d = atk.defender
    if not m.trait(MoveTrait.entangle) or d.defeated:
        return
    d.entangled = True
    action_lost = not d.acted
    if action_lost:
        d.action_lost = True
        d.holding = False
    ctx.note(
        "E.5",
        d.id,
        f"Entangled: {d.id} "
        + ("loses his action and " if action_lost else "")
        + "rolls Initiative one die size lower next turn.",
        "000 L3306",
        {},
        {"action_lost": action_lost},
    )


def on_miss(ctx: Turn, atk: Attack, guard: Guard | None = None) -> None:
    """F.1: On-Miss aftereffects; Always Does Damage against Defense (000 L2807–L2823, L4836)."""
    a, d = atk.attacker, atk.defender
    drain_life.healing_attack(ctx, atk, "F.1")
    last = len(atk.moves) - 1
    for i, m in enumerate(atk.moves):
        records.die_shifts(ctx, a, d, m, Trigger.on_miss, i == last, None, atk.is_combo)  # 000 L4836
    if guard is not None:
        chip = records.modifier_vs(atk.moves, Point.blocked_damage, guard.option.value)  # through Defense (000 L2815)
        if chip and d.life > 0:
            before = d.life
            d.life = max(d.life - chip, 0)
            ctx.note(
                "F.1",
                a.id,
                f"Always Does Damage: {d.id} loses {before - d.life} Life Bar through the block.",
                "000 L2807–L2823",
                {},
                {"life_bar": d.life},
            )
            if d.life == 0:
                d.defeated = True
                defeat_glory(ctx, a, d, atk)


def conditions_ended_by_hit(ctx: Turn, d: Combatant) -> None:
    """E.6 (000 L5427, L5747)."""

    invisibility.hit(ctx, d)  # 000 L3591, L3597
    summon.struck(ctx, d)  # 000 L4209
    d.self_stun = False  # a hit before next turn spares him the Self-Stun (000 L4806)
    negative_positioning.ended_by_hit(ctx, d)  # Negative Position (000 L4690)
    d.entangled = False  # a later hit lifts an Entangle's Initiative penalty (000 L3306)
    d.blocked_last = False
    d.last_guard = ""
    lost = [p for p in d.pending_acc if p[2] == "evasion"]
    d.pending_acc = [p for p in d.pending_acc if p[2] != "evasion"]
    lost_now = records.lost_when_hit()  # 000 L3210, L3358, L3432, L4836
    d.next_dice = [x for x in d.next_dice if x[2] not in lost_now]
    ended = []
    if lost:
        ended.append("his Evasion Accuracy bonus")
    if any(e.id == OngoingEffectId.slow_startup for e in d.ongoing):
        d.ongoing = [e for e in d.ongoing if e.id != OngoingEffectId.slow_startup]
        ended.append("his Slow Startup move")  # 000 L4844
    if d.awaiting:
        d.await_count = 0
        d.awaiting = False
        ended.append("his Await Opening")
    if ended:
        ctx.note("E.6", d.id, f"Being hit ends {', '.join(ended)}.", "000 L5427, L5834, L6049")


def hit_stun(ctx: Turn, d: Combatant, a: Combatant) -> None:
    """E.2: Control → min(C − 4, ⌊C/2⌋) (ruling A1; Big with Stamina 2: −3), once per turn (000 L5926–L5946)."""
    if d.hit_stun:
        ctx.note("E.2", d.id, f"{d.id} already suffered Hit Stun this turn.", "000 L5928")
        return
    d.hit_stun = True
    for hook in elements.HIT_STUN.hooks:  # a forced Style, an open Sequence, a Sidestep Setup …
        hook(ctx, d)
    before = d.control
    drop = 3 if (d.prof.big and d.prof.stamina >= 2) else 4
    d.control = max(min(before - drop, before // 2), 0)
    lost = False
    if not d.acted and (ctx.opts.simplified_hit_stun or d.control <= 0):
        d.action_lost = True
        d.holding = False
        lost = True
    ctx.note(
        "E.2",
        d.id,
        f"Hit Stun: {d.id}'s Control {before} → {d.control}" + (" and he loses his action" if lost else "") + ".",
        "000 L5930–L5936",
        {"control": before},
        {"control": d.control, "action_lost": lost},
    )


def stun_check(ctx: Turn, atk: Attack, d: Combatant, stun: int) -> bool:
    """E.8 decided right after damage (ruling A2). A Stunned fighter recovers when hit instead (000 L5982)."""
    if d.stunned:
        d.stunned = 0
        d.stun_damage = 0
        d.stun_recovered_by_hit = True
        ctx.note(
            "E.8",
            d.id,
            f"{d.id} recovers from Stun on being hit (−1 Initiative step next turn).",
            "000 L5982, L5988",
            {},
            {"stunned": False},
        )
        return False
    if stun <= 0:
        return False
    d.stun_damage += stun
    if d.stun_damage > d.stun_threshold:  # strictly greater (ruling A4)
        return True
    ctx.note(
        "E.8",
        d.id,
        f"Stun damage {d.stun_damage} this turn against a Stun Threshold of {d.stun_threshold}: not Stunned.",
        "000 L5972–L5976",
        {"stun_damage": d.stun_damage, "threshold": d.stun_threshold},
    )
    return False


def heal(ctx: Turn, f: Combatant, most: int | None = None) -> None:
    """H.1: pending healing, unless he was defeated first (000 L3240), up to his full Life Bar or ``most`` (a
    Dramatic Life Bar, 000 L7072)."""
    if f.heal and not f.defeated:
        before = f.life
        f.life = max(min(f.life + f.heal, f.prof.life_max if most is None else most), before)
        ctx.note(
            "H.1",
            f.id,
            f"{f.id} heals {f.life - before} Life Bar ({before} → {f.life}).",
            "000 L3240",
            {"heal": f.heal},
            {"life_bar": f.life},
        )
    f.heal = 0
