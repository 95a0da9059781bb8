"""G and C: the movement of an action, before it and after it (post-move), and whether it brought the fighter close
to an opponent (000 L5603–L5644, L5442)."""

from __future__ import annotations

from ..contract.models import ActionType, DecisionValue, Direction
from ..elements import positions, styles, suppression
from ..registry.features import BUFF_ROOTED
from ..state.action import Plan
from ..state.combatant import Combatant
from ..state.turn import Turn
from .f_evasion_results import movement_fs


def entered_close(ctx: Turn, f: Combatant, plan: Plan) -> bool:
    return any(ctx.distance(f, o) <= 1 for o in ctx.opponents(f)) and plan.toward and not plan.lateral


def do_move(ctx: Turn, f: Combatant, plan: Plan) -> None:
    before = ctx.distance(f, plan.target) if plan.target is not None else None
    f.fs -= plan.fs_move
    if plan.wall_spring:
        positions.move(ctx, f, plan.target, 1, False)
        f.moved -= 1  # the leap back is part of the spring
        ctx.note("C", f.id, f"{f.id} leaps back 1 Range onto the stage border for a Wall Spring.", "000 L2237–L2239")
    positions.move(ctx, f, plan.target, plan.movement, plan.toward, plan.square)
    after = ctx.distance(f, plan.target) if plan.target is not None else None
    f.jumped = plan.jumping or (plan.kind is ActionType.move and plan.movement == 3)
    how = (
        "sideways (lateral: +1 to his Defense Totals this turn)"
        if plan.lateral
        else ("toward" if plan.toward else "away")
    )
    sq = ctx.squares.get(f.id)
    ctx.note(
        "C",
        f.id,
        f"{f.id} moves {plan.movement} Range{'s' if plan.movement > 1 else ''} {how}"
        + (f" (Range {before} → {after})" if before is not None else "")
        + (f", to square ({sq[0]}, {sq[1]})" if sq else "")
        + (f", {plan.fs_move} FS" if plan.fs_move else "")
        + ".",
        "000 L5684" if plan.lateral else "000 L5680–L5682" if ctx.grid_mode else "000 L5603–L5644",
        {"ranges": plan.movement, "fs": plan.fs_move},
        {"range": after, "fs": f.fs, **({"col": sq[0], "row": sq[1]} if sq else {})},
    )


def post_move(ctx: Turn, f: Combatant, plan: Plan) -> None:
    """G.1: Passing and After Mobile movement after the move (000 L2387–L2389, L5442)."""
    last = plan.moves[-1] if plan.moves else None
    if last is None or last.movement not in ("passing", "after_mobile") or plan.target is None:
        return
    if BUFF_ROOTED.fn(f):
        ctx.note("G.1", f.id, f"{f.id}'s Buff keeps him where he stands: no movement after {last.name}.", "000 L3037")
        return
    if suppression.no_movement(f):
        ctx.note("G.1", f.id, f"{f.id} is suppressed: no movement after {last.name}.", "000 L4247")
        return
    if styles.no_movement(f, last) or styles.limited(f, last):
        ctx.note("G.1", f.id, f"{f.id}'s {f.style} style allows no movement after {last.name}.", "000 L5098–L5104")
        return
    hi = 1 if last.movement == "passing" else (3 if plan.kind is ActionType.utility else 2)
    key, d = ctx.decide(
        f.id, "post_move", "G.1", f"{f.id} may move up to {hi} Range(s) after {last.name}.", DecisionValue(movement=0)
    )
    n = d.movement or 0
    if n > hi:
        ctx.fail(
            "MOVEMENT_NOT_ALLOWED_BY_KEYWORD",
            f"decisions.{key}",
            f"{key}: at most {hi} Ranges after {last.name}.",
            key=key,
        )
    if not n:
        return
    toward = d.direction is not Direction.away
    if ("away" in last.keywords and toward) or ("closer" in last.keywords and not toward):
        ctx.fail(
            "MOVEMENT_DIRECTION_INVALID",
            f"decisions.{key}",
            f"{key}: {last.name} moves only " + ("away." if "away" in last.keywords else "closer."),
            key=key,
        )  # Limited Movement (000 L4597)
    base = 1 if n >= 2 else 0  # ruling A15
    fs = movement_fs(f, base)
    if fs > f.pl or fs > f.fs:
        ctx.fail("FS_MOVEMENT_COST_UNPAID", f"decisions.{key}", f"{key}: the movement costs {fs} FS.", key=key)
    f.fs -= fs
    positions.move(ctx, f, plan.target, n, toward)
    ctx.note(
        "G.1",
        f.id,
        f"{f.id} moves {n} Range(s) {'toward' if toward else 'away'} after {last.name}: Range "
        f"{ctx.distance(f, plan.target)}.",
        "000 L5442",
        {"ranges": n, "fs": fs},
        {"range": ctx.distance(f, plan.target)},
    )
