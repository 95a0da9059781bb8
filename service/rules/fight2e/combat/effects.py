"""E.2–E.8 and F.1: Hit Stun, Knock Back, Knock Down, aftereffects, conditions ended by a hit, Stun
(000 L5926–L5990, L2425–L2433)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..records import Point, Trigger
from . import (
    access,
    buff_modifiers,
    drain_life,
    enhancer,
    free_movement,
    hazards,
    knockdown_chain,
    ongoing,
    positions,
    props,
    ranged,
    records,
    sequences,
    sidestep_setup,
    styles,
    summon,
    super_only,
    suppression,
    taunts,
    techniques,
    transformations,
    vulnerability,
)
from .coverage import IMPLEMENTED, PARTLY_IMPLEMENTED
from .fighter import F
from .glory import defeat_glory, hit_glory  # noqa: F401  (re-exported for attack.py)
from .models import Choice, DecisionValue
from .move_profile import MoveProfile
from .state import Ctx

if TYPE_CHECKING:
    from .attack_records import Attack, DamageRoll, Guard


def report_unsupported(ctx: Ctx, f: F, m: MoveProfile) -> None:
    """Every entry of a used move whose combat effect is not applied is listed, never silently ignored."""
    for entry in m.entries:
        if entry in PARTLY_IMPLEMENTED:
            ctx.unsupported_rule(entry, f"fighters[{f.index}].sheet.{m.path}", f"{m.name}: {PARTLY_IMPLEMENTED[entry]}")
        elif entry not in IMPLEMENTED:
            ctx.unsupported_rule(
                entry,
                f"fighters[{f.index}].sheet.{m.path}",
                f"{m.name}: the combat effect of '{entry}' is not applied by the resolver",
            )


def on_use(ctx: Ctx, f: F, m: MoveProfile) -> None:
    """'Always' recovery effects (000 L3358, L4836); a Buff starts or an End Buff stops one (000 L2961, L3262)."""
    ongoing.start(ctx, f, m)
    free_movement.start(ctx, f, m)
    styles.end_style(ctx, f, m)
    vulnerability.start(ctx, f, m)
    from . import fake, invisibility

    fake.use(ctx, f, m)  # 000 L3350
    invisibility.start(ctx, f, m)  # 000 L3591
    ongoing.end_buff(ctx, f, m)
    super_only.on_use(ctx, f, m)  # after the Buff and the rest have started: Extended Duration stretches them
    enhancer.bank(ctx, f, m)
    records.die_shifts(ctx, f, None, m, Trigger.always)  # 'Always' recovery effects (000 L3358, L4836)
    if m.has("self_damage.self_stun") and not f.defeated:
        f.self_stun = True
        ctx.note(
            "G",
            f.id,
            f"{m.name}: {f.id} will be Stunned from the start of next turn unless hit before then.",
            "000 L4801–L4806",
            {},
            {"self_stun": True},
        )
    elif m.has("self_damage") and not f.defeated:
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
    if m.has("self_prone"):
        f.knocked_down = True
        transformations.knocked_down(ctx, f)  # ruling: ending prone is a Knock Down "by any means" (000 L5317)
        ctx.note("G", f.id, f"{f.id} ends prone after {m.name} and must stand with his next action.", "000 L4809")


def on_hit(ctx: Ctx, atk: Attack, dmg: DamageRoll, lost: int = 0) -> None:
    """E.5: On-Hit aftereffects (000 L5426, L2425–L2433)."""
    suppression.on_hit(ctx, atk, lost)
    a, d = atk.attacker, atk.defender
    last = len(atk.moves) - 1
    drain_life.healing_attack(ctx, atk, "E.5")
    for i, m in enumerate(atk.moves):
        if m.has("drain_life") and not m.has(drain_life.ENTRY):
            # Ruling: the heal is the Life Bar the attack took (half, rounded down, for the 3-Element version);
            # a Drain Life move later in a Combo heals 1 (000 L3232–L3244). Applied at H.1.
            heal = lost if m.options.get("drain_life", {}).get("heal") == "full" else lost // 2
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
        if m.records:  # Critical Hit, Fast Recovery, Harry (000 L3210, L3358, L3432); Super Energy (000 L4231)
            part = next((p for p in dmg.parts if p.move is m), None)
            records.die_shifts(ctx, a, d, m, Trigger.on_hit, i == last, part, atk.is_combo)
            a.se_extra += records.modifier_total(m, Point.super_energy)
        if m.has("taunt.modify_super_energy"):
            taunts.modify_super_energy(ctx, atk, m, i)
        if m.has("entangle") and not d.defeated:
            d.entangled = True
            lost = not d.acted
            if lost:
                d.action_lost = True
                d.holding = False
            ctx.note(
                "E.5",
                d.id,
                f"Entangled: {d.id} "
                + ("loses his action and " if lost else "")
                + "rolls Initiative one die size lower next turn.",
                "000 L3306",
                {},
                {"action_lost": lost},
            )


def on_miss(ctx: Ctx, atk: Attack, guard: Guard | None = None) -> None:
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


def conditions_ended_by_hit(ctx: Ctx, d: F) -> None:
    """E.6 (000 L5427, L5747)."""
    from . import invisibility

    invisibility.hit(ctx, d)  # 000 L3591, L3597
    summon.struck(ctx, d)  # 000 L4209
    d.self_stun = False  # a hit before next turn spares him the Self-Stun (000 L4806)
    hazards.ended_by_hit(ctx, d)  # Negative Position (000 L4690)
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
    if any(e.id == "slow_startup" for e in d.ongoing):
        d.ongoing = [e for e in d.ongoing if e.id != "slow_startup"]
        ended.append("his Slow Startup move")  # 000 L4844
    if d.awaiting:
        d.await_count = 0
        d.awaiting = False
        ended.append("his Await Opening")
    if ended:
        ctx.note("E.6", d.id, f"Being hit ends {', '.join(ended)}.", "000 L5427, L5834, L6049")


def knocks_down(atk: Attack) -> bool:
    last = len(atk.moves) - 1
    for i, m in enumerate(atk.moves):
        if not m.kw("knocks_down"):
            continue
        if m.has("knocks_down.only_at_end_of_combo") and atk.is_combo and i != last:
            continue
        if knockdown_chain.skipped(atk.moves, i):
            continue  # Skips Knock Down (000 L4167)
        return True
    return False


def hit_stun(ctx: Ctx, d: F, a: F) -> None:
    """E.2: Control → min(C − 4, ⌊C/2⌋) (ruling A1; Big with Stamina 2: −3), once per turn (000 L5926–L5946)."""
    if d.hit_stun:
        ctx.note("E.2", d.id, f"{d.id} already suffered Hit Stun this turn.", "000 L5928")
        return
    d.hit_stun = True
    styles.forced(ctx, d, "Hit Stun")
    sequences.close(ctx, d, "Hit Stun")  # 000 L3750
    sidestep_setup.hit(ctx, d, "Hit Stun")  # 000 L4829
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


def knockback_ranges(atk: Attack, damage: int) -> int:
    d = atk.defender
    if d.prof.big and damage < 2:
        return 0  # 000 L1078
    by_records = records.knockback(atk.moves)  # Hurl, Increased Knockback, Launcher (000 L4375, L3559, L3621)
    if by_records is not None:
        return by_records
    if transformations.increased_knockback(atk.attacker):
        return 2  # Beast Form: every attack has Increased Knockback (000 L5319)
    return 1


def knock_back(ctx: Ctx, atk: Attack, damage: int) -> int:
    """E.3: once, at the end of the attack (000 L5948–L5956)."""
    n = knockback_ranges(atk, damage)
    if n <= 0:
        return 0
    if "ranged.draw_closer" in atk.attacker.prof.entry_ids and ranged.draws(ctx, atk):
        ranged.close_in(ctx, atk, n)  # Draw Closer: in instead of out (000 L4007)
        return 0
    if hazards.pinned(ctx, atk.defender):
        ctx.note(
            "E.3",
            atk.defender.id,
            f"{atk.defender.id} has his back to a Wall: the Knock Back has no effect.",
            "000 L6185",
        )
        return 0
    before, after = positions.knock_back(ctx, atk.attacker, atk.defender, n)
    named = records.knockback_log(atk.moves)  # Hurled (000 L4375)
    ctx.note(
        "E.3",
        atk.defender.id,
        (f"{named.log} {n} Ranges" if named else f"Knocked Back {n} Range{'s' if n > 1 else ''}")
        + f": Range {before} → {after}.",
        named.ref if named else "000 L5948–L5956",
        {"ranges": n},
        {"range": after},
    )
    hazards.steer_knockback(ctx, atk.attacker, atk.defender)
    return n


def knock_down(ctx: Ctx, a: F, d: F) -> None:
    """E.4 and E.7 (000 L5958–L5970)."""
    d.knocked_down = True
    transformations.knocked_down(ctx, d)  # below 0 Beast Energy: back to human form (000 L5317)
    sequences.close(ctx, d, "a Knock Down")  # 000 L3750
    sidestep_setup.hit(ctx, d, "a Knock Down")  # 000 L4829
    props.knocked_down(ctx, d, access.locked)
    styles.forced(ctx, d, "Knocked Down")
    if d.full_defense:
        d.fd_void = True  # ruling A6
    if d.holding:
        d.holding = False
        d.action_lost = True
        when = "his held action is lost; he stands with next turn's action"
    elif not d.acted:
        d.action_lost = True
        d.kd_before_acting = True
        when = "he loses his action and stands at his place in the order (−1 Initiative step next turn)"
    else:  # ruling: no Initiative penalty, Reversal or not (000 L5964, L10201; L4117's "normal" one is this rule)
        when = "he has already acted and stands with next turn's action"
    ctx.note("E.4", d.id, f"{d.id} is Knocked Down: {when}.", "000 L5958–L5970", {}, {"knocked_down": True})
    key, dv = ctx.decide(
        a.id,
        "knockdown_move",
        "E.7",
        f"{a.id} may move 1 Range toward or away from {d.id}.",
        DecisionValue(choice=Choice.stay),
    )
    if dv.choice in (Choice.toward, Choice.away):
        positions.move(ctx, a, d, 1, dv.choice is Choice.toward)
        a.moved -= 1  # not part of his action's movement
        ctx.note(
            "E.7",
            a.id,
            f"{a.id} moves 1 Range {dv.choice.value}: Range {ctx.distance(a, d)}.",
            "000 L5968",
            {},
            {"range": ctx.distance(a, d)},
        )
    elif dv.choice not in (None, Choice.stay):
        ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: choose toward, away or stay.", key=key)


def stun_check(ctx: Ctx, atk: Attack, d: F, stun: int) -> bool:
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


def knockback_advance(ctx: Ctx, atk: Attack, kb: int) -> None:
    """E.5: the attacker may follow a Knock Back by up to as many Ranges (000 L3653–L3663)."""
    a, d = atk.attacker, atk.defender
    if (
        kb <= 0
        or a.defeated
        or not any(m.has("knockback_advance") for m in atk.moves)
        or (styles.immobile(a) and not any(m.has("end_style.movement_exception") for m in atk.moves))
    ):
        return
    key, dv = ctx.decide(
        a.id,
        "knockback_advance",
        "E.5",
        f"{a.id} may advance up to {kb} Range(s) after the Knock Back.",
        DecisionValue(movement=0),
    )
    n = dv.movement or 0
    if n > kb:
        ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", f"decisions.{key}", f"{key}: at most {kb} Ranges.", key=key)
    if n:
        positions.move(ctx, a, d, n, True)
        a.moved -= n  # not part of his action's movement
        ctx.note(
            "E.5",
            a.id,
            f"Knockback Advance: {a.id} follows {n} Range(s): Range {ctx.distance(a, d)}.",
            "000 L3653–L3663",
            {"ranges": n},
            {"range": ctx.distance(a, d)},
        )


def heal(ctx: Ctx, f: F) -> None:
    """H.1: pending healing, unless he was defeated first (000 L3240)."""
    if f.heal and not f.defeated:
        before = f.life
        f.life = min(f.life + f.heal, f.prof.life_max)
        ctx.note(
            "H.1",
            f.id,
            f"{f.id} heals {f.life - before} Life Bar ({before} → {f.life}).",
            "000 L3240",
            {"heal": f.heal},
            {"life_bar": f.life},
        )
    f.heal = 0


def knockdown_options(ctx: Ctx, atk: Attack) -> tuple[bool, bool | None]:
    """E.4 options for a fighter about to be Knocked Down: Breakfall and Tech Roll, 2 FS each, both in one
    application of at most his Power Level (000 L2197–L2207). Returns (breakfall, tech roll toward?)."""
    a, d = atk.attacker, atk.defender
    breakfall, tech = False, None
    cost = 0
    # No Breakfall, No Tech Roll and Super Counter shut the options (000 L3633–L3643, L4221).
    denied = records.denied(atk.moves)
    no_bf, no_tr = "breakfall" in denied, "tech_roll" in denied
    if techniques.has(ctx, d, "breakfall") and not no_bf and d.pl >= 2 and d.fs >= 2:
        key, dv = ctx.decide(
            d.id,
            "breakfall",
            "E.4",
            f"{d.id} is about to be Knocked Down: Breakfall for 2 FS (one die size less damage, no Knock Down)?",
            DecisionValue(choice=Choice.pass_),
        )
        breakfall = dv.choice is Choice.act
        cost += 2 if breakfall else 0
    # A No Movement Buff rules out the Tech Roll's move (000 L3037).
    if (
        techniques.has(ctx, d, "tech_roll")
        and not buff_modifiers.rooted(d)
        and not no_tr
        and d.pl >= 2 + cost
        and d.fs >= 2 + cost
    ):
        key, dv = ctx.decide(
            d.id,
            "tech_roll",
            "E.4",
            f"{d.id} may Tech Roll for 2 FS: move exactly 2 Ranges toward or away (his action is still lost).",
            DecisionValue(choice=Choice.pass_),
        )
        if dv.choice in (Choice.toward, Choice.away):
            tech = dv.choice is Choice.toward
            cost += 2
        elif dv.choice not in (None, Choice.pass_):
            ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: choose toward, away or pass.", key=key)
    if cost:
        d.fs -= cost
        ctx.note(
            "E.4",
            d.id,
            f"{d.id} spends {cost} FS on "
            + " and ".join(x for x, on in (("a Breakfall", breakfall), ("a Tech Roll", tech is not None)) if on)
            + ".",
            "000 L2199–L2207",
            {},
            {"fs": d.fs},
        )
    _ = a
    return breakfall, tech


def tech_roll(ctx: Ctx, a: F, d: F, toward: bool) -> None:
    """Exactly 2 Ranges, through the opponent if toward; the action is lost all the same (000 L2207)."""
    positions.move(ctx, d, a, 2, toward)
    d.moved -= 2
    if not d.knocked_down and not d.acted and not d.holding:
        d.action_lost = True  # with a Breakfall he is not down, but the Tech Roll still costs the action
    ctx.note(
        "E.4",
        d.id,
        f"{d.id} Tech Rolls 2 Ranges {'toward' if toward else 'away from'} {a.id}: Range {ctx.distance(a, d)}.",
        "000 L2207",
        {},
        {"range": ctx.distance(a, d)},
    )


def start_hold(ctx: Ctx, atk: Attack) -> None:
    """A Sustained Hold lands: the victim cannot act this turn, and the hold goes on next turn (000 L4385)."""
    a, d = atk.attacker, atk.defender
    m = next(x for x in atk.moves if x.has("throw.sustained_hold"))
    if not d.defeated:
        if not d.acted:
            d.action_lost = True
            d.holding = False
        a.ongoing.append(ongoing.Effect("sustained_hold", m.id, None, ctx.turn, d.id))
        ctx.note(
            "E.5",
            a.id,
            f"Sustained Hold: {d.id} cannot act this turn; {a.id} keeps his hold into next turn "
            "(+2 Initiative die sizes).",
            "000 L4385–L4387",
            {},
            {"sustained_hold": d.id},
        )


def release_hold(ctx: Ctx, a: F, d: F, m: MoveProfile) -> None:
    """The hold ends without the attacker winning Initiative: Knock Back, Knock Down and On-Hit effects, no damage
    (000 L4389)."""
    from .attack_records import Attack as AttackCls
    from .attack_records import DamageRoll

    atk = AttackCls(attacker=a, defender=d, moves=[m], context="action", label="B", cost=0, hold_release=True)
    ctx.note("B", a.id, f"{a.id}'s Sustained Hold on {d.id} ends without damage.", "000 L4389")
    knock_back(ctx, atk, 2)
    if knocks_down(atk) and not d.knocked_down and not d.defeated:
        knock_down(ctx, a, d)
    on_hit(ctx, atk, DamageRoll())
    a.acted = True
