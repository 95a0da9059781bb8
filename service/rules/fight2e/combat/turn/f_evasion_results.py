"""F.1–F.2: what a successful Evasion gives the defender (a bonus, a step away, a Cross-Up turned round), Aerial
Blocks, and the Fighting Spirit a defender's movement costs (000 L5826–L5848, L5632)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import Choice, DecisionValue
from ..elements import positions, sidestep_setup, styles, suppression, techniques
from ..registry.features import BUFF_ROOTED, HAZARDS_IN_PLAY, SIDESTEP_CHECKED
from ..state.action import Attack, Guard
from ..state.combatant import Combatant
from ..state.profile import MoveTrait
from ..state.turn import Turn


def movement_fs(f: Combatant, base: int) -> int:
    """Big +1 on movement that already costs FS (000 L1080); Hit Stun +1 on any movement (000 L5938)."""
    cost = base + (1 if base > 0 and f.prof.big else 0)
    return cost + (1 if f.hit_stun else 0)


def pay(ctx: Turn, f: Combatant, cost: int, key: str, what: str) -> None:
    if cost > f.pl:
        ctx.fail(
            "FS_EXCEEDS_POWER_LEVEL",
            f"decisions.{key}",
            f"{key}: {what} costs {cost} FS, more than Power Level {f.pl} allows in one application.",
            key=key,
        )
    if cost > f.fs:
        ctx.fail(
            "FS_MOVEMENT_COST_UNPAID", f"decisions.{key}", f"{key}: {what} costs {cost} FS; {f.id} has {f.fs}.", key=key
        )
    f.fs -= cost


def evasion_result(ctx: Turn, atk: Attack, guard: Guard) -> None:
    """F.2: move exactly 2 Ranges for 1 FS, or +2 Accuracy on the next attack against the attacker
    (000 L5834–L5836; ruling A28)."""
    a, d = atk.attacker, atk.defender
    if any(e.id == OngoingEffectId.super_jump for e in d.ongoing):
        ctx.note("F.2", d.id, f"{d.id} evades in his Super Jump: no move and no Accuracy bonus.", "000 L2193")
        return
    must_move = any(m.trait(MoveTrait.hits_low) for m in atk.moves) or bool(guard.technique)  # 000 L3464, L2145, L2183
    rooted = BUFF_ROOTED.fn(d)
    if rooted is not None or suppression.no_movement(d) or styles.immobile(d):
        must_move = False  # ruling: rooted by his Buff, he keeps the Accuracy bonus instead of moving (000 L3037)
    low = guard.parts.get("lower_ground", 0) > 0  # his +2 from below: no move after the Evasion (000 L6155)
    if low:
        must_move = False
    back = guard.technique == "back_dash"  # a Back Dash moves away (000 L2183)
    default = (
        DecisionValue(choice=Choice.move, direction=None) if must_move else DecisionValue(choice=Choice.accuracy_bonus)
    )
    key, dv = ctx.decide(
        d.id,
        "evasion_result",
        "F.2",
        f"{d.id} evaded {a.id}: move exactly 2 Ranges for 1 FS, or +2 Accuracy on his next attack against him.",
        default,
    )
    if rooted is not None and dv.choice in (Choice.move, Choice.sidestep):
        ctx.fail(
            "BUFF_NO_MOVEMENT", f"decisions.{key}", f"{key}: while {rooted.name} lasts {d.id} cannot move.", key=key
        )
    if styles.immobile(d) and dv.choice in (Choice.move, Choice.sidestep):
        ctx.fail(
            "STYLE_MOVEMENT_LIMITED",
            f"decisions.{key}",
            f"{key}: in the {d.style} style {d.id} cannot move after the Evasion.",
            key=key,
        )  # 000 L5104, L5138
    if low and dv.choice in (Choice.move, Choice.sidestep):
        ctx.fail(
            "EVASION_RESULT_INVALID",
            f"decisions.{key}",
            f"{key}: {d.id} took +2 Evading from the lower elevation and does not move after it.",
            key=key,
        )
    if suppression.no_movement(d) and dv.choice in (Choice.move, Choice.sidestep):
        ctx.fail(
            "SUPPRESSION_RESTRICTED",
            f"decisions.{key}",
            f"{key}: {d.id} is suppressed and cannot move after the Evasion.",
            key=key,
        )  # 000 L4247
    if dv.choice is Choice.move:
        cost = movement_fs(d, 1)
        pay(ctx, d, cost, key, "the Evasion move")
        toward = dv.direction is not None and dv.direction.value == "toward" and not back
        toward = toward or guard.technique == "wall_spring"  # a Wall Spring springs forward (000 L2241)
        positions.move(ctx, d, a, 2, toward)
        d.moved -= 2  # not his action's movement
        ctx.note(
            "F.2",
            d.id,
            f"{d.id} moves 2 Ranges {'toward' if toward else 'away'} ({cost} FS): Range {ctx.distance(a, d)}.",
            "000 L5834",
            {"fs": cost},
            {"range": ctx.distance(a, d), "fs": d.fs},
        )
    elif dv.choice is Choice.accuracy_bonus and not must_move:
        d.pending_acc = [p for p in d.pending_acc if p[2] != "evasion"]
        d.pending_acc.append((2, a.id, "evasion"))
        ctx.note(
            "F.2",
            d.id,
            f"{d.id} takes +2 Accuracy on his next attack against {a.id}.",
            "000 L5834–L5836",
            {},
            {"pending_accuracy": 2},
        )
    elif (
        dv.choice is Choice.sidestep
        and techniques.has(ctx, d, "sidestep")
        and not must_move
        and HAZARDS_IN_PLAY.fn(ctx)
    ):
        # With Hazards in play a Sidestep is a free Maneuver Check with one (ruling: 1 FS, as the Evasion move;
        # 000 L2225–L2229).
        pay(ctx, d, movement_fs(d, 1), key, "the Sidestep")
        SIDESTEP_CHECKED.fn(ctx, d, a, "F.2")
    elif dv.choice is Choice.sidestep and techniques.has(ctx, d, "sidestep") and not must_move:
        # Sidestep without Hazards in play: 1 Range either way (1 FS, as the Evasion move) and +2 Accuracy on his
        # next attack against the attacker, lost if hit first (000 L2221, L2229).
        cost = movement_fs(d, 1)
        pay(ctx, d, cost, key, "the Sidestep")
        toward = dv.direction is not None and dv.direction.value == "toward"
        positions.move(ctx, d, a, 1, toward)
        d.moved -= 1
        d.pending_acc = [p for p in d.pending_acc if p[2] != "evasion"]
        d.pending_acc.append((2, a.id, "evasion"))
        ctx.note(
            "F.2",
            d.id,
            f"{d.id} sidesteps 1 Range {'toward' if toward else 'away'} ({cost} FS) and takes +2 "
            f"Accuracy on his next attack against {a.id}: Range {ctx.distance(a, d)}.",
            "000 L2219–L2229",
            {"fs": cost},
            {"range": ctx.distance(a, d), "pending_accuracy": 2},
        )
        sidestep_setup.sidestepped(ctx, d)
    else:
        ctx.fail(
            "EVASION_RESULT_INVALID",
            f"decisions.{key}",
            f"{key}: choose move or accuracy_bonus"
            + (" (a Hits Low move forces the 2-Range move)" if must_move else "")
            + ".",
            key=key,
        )


def aerial_block_result(ctx: Turn, atk: Attack) -> None:
    """Aerial Blocks (option): after a successful combined block the defender may move as after an Evasion,
    2 Ranges for 1 FS more (000 L5840)."""
    a, d = atk.attacker, atk.defender
    key, dv = ctx.decide(
        d.id,
        "aerial_block",
        "F.2",
        f"{d.id} blocked in the air: move 2 Ranges for 1 FS, or stay.",
        DecisionValue(choice=Choice.stay),
    )
    if dv.choice in (None, Choice.stay, Choice.pass_):
        return
    if dv.choice is not Choice.move:
        ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: choose move (with a direction) or stay.", key=key)
    cost = movement_fs(d, 1)
    pay(ctx, d, cost, key, "the Aerial Block move")
    toward = dv.direction is not None and dv.direction.value == "toward"
    positions.move(ctx, d, a, 2, toward)
    d.moved -= 2
    d.last_guard = "aerial_block"  # Charge Up (000 L4521)
    ctx.note(
        "F.2",
        d.id,
        f"{d.id} moves 2 Ranges {'toward' if toward else 'away'} after his Aerial Block ({cost} "
        f"FS): Range {ctx.distance(a, d)}.",
        "000 L5840",
        {"fs": cost},
        {"range": ctx.distance(a, d), "fs": d.fs},
    )
