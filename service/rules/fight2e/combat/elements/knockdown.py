"""E.4–E.5: Knock Back and Knock Down: how far, what the attacker may follow with, Breakfall and Tech Roll (000
L5948–L5970, L3653–L3663, L2197–L2211)."""

from __future__ import annotations

from ..contract.models import Choice, DecisionValue
from ..protocol.names import Point
from ..registry import points as records
from ..state.action import Attack
from ..state.combatant import Combatant
from ..state.profile import ComboPart, MoveTrait
from ..state.turn import Turn
from . import access, knockdown_chain, positions, props, ranged, sidestep_setup, styles, techniques, transformations
from .buffs import buff_modifiers
from .hazards import hazard_effects, hazard_interaction
from .sequences import sequences


def knocks_down(atk: Attack) -> bool:
    last = len(atk.moves) - 1
    for i, m in enumerate(atk.moves):
        if not m.kw("knocks_down"):
            continue
        if m.part(ComboPart.final_knock_down) and atk.is_combo and i != last:
            continue
        if knockdown_chain.skipped(atk.moves, i):
            continue  # Skips Knock Down (000 L4167)
        return True
    return False


def knockback_ranges(atk: Attack, damage: int) -> int:
    d = atk.defender
    if d.prof.big and damage < 2:
        return 0  # 000 L1078
    # Hurl, Increased Knockback (every attack's in Beast Form), Launcher (000 L4375, L3559, L5319, L3621)
    by_records = records.knockback(atk.moves, atk.attacker)
    return 1 if by_records is None else by_records


def knock_back(ctx: Turn, atk: Attack, damage: int) -> int:
    """E.3: once, at the end of the attack (000 L5948–L5956)."""
    n = knockback_ranges(atk, damage)
    if n <= 0:
        return 0
    if ranged.draw_closer(atk.attacker.prof) and ranged.draws(ctx, atk):
        ranged.close_in(ctx, atk, n)  # Draw Closer: in instead of out (000 L4007)
        return 0
    if hazard_effects.pinned(ctx, atk.defender):
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
    hazard_interaction.steer_knockback(ctx, atk.attacker, atk.defender)
    return n


def knock_down(ctx: Turn, a: Combatant, d: Combatant) -> None:
    """E.4 and E.7 (000 L5958–L5970)."""
    d.knocked_down = True
    transformations.knocked_down(ctx, d)  # below 0 Beast Energy: back to human form (000 L5317)
    hazard_interaction.knocked_down(ctx, d)  # in a Danger Zone: its damage (000 L6219)
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


def knockback_advance(ctx: Turn, atk: Attack, kb: int) -> None:
    """E.5: the attacker may follow a Knock Back by up to as many Ranges (000 L3653–L3663)."""
    a, d = atk.attacker, atk.defender
    if (
        kb <= 0
        or a.defeated
        or not any(m.moving.follows_knockback for m in atk.moves)
        or (styles.immobile(a) and not any(m.trait(MoveTrait.movement_exception) for m in atk.moves))
    ):
        return
    key, dv = ctx.decide(
        a.id,
        Point.knockback_advance,
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


def knockdown_options(ctx: Turn, atk: Attack) -> tuple[bool, bool | None]:
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


def tech_roll(ctx: Turn, a: Combatant, d: Combatant, toward: bool) -> None:
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
