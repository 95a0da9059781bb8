"""C: the movement a declared move allows before it and what it costs in Fighting Spirit (000 L5603–L5644,
L2377–L2391): direction keywords, Dash, Wall Spring."""

from __future__ import annotations

from ..contract.models import ActionType, DecisionValue
from ..elements import grid, movement, positions, styles, techniques
from ..state.action import Plan
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from .f_evasion_results import movement_fs

BEFORE = {
    "normal_move": (0, 1),
    "mobile": (0, 2),
    "long_mobile": (1, 3),
    "throw_movement": (0, 1),
    "after_mobile": (0, 0),
    "passing": (1, 1),
    "no_movement": (0, 0),
}  # 000 L2377–L2391


def move_only_fs(f: Combatant, n: int) -> int:
    base = 1 if n == 3 else 0
    return movement_fs(f, base) if n else 0


def allowed_before(first: MoveProfile, utility: bool = False) -> tuple[int, int]:
    """The fewest and most Ranges the first move lets a fighter move before it (000 L2377–L2391)."""
    mv = first.movement
    lo, hi = BEFORE.get(mv, (0, 1))
    if mv == "mobile" and utility:
        hi = 3
    if first.id == "basic_move":
        lo, hi = 0, 2  # the Basic Move is Mobile: a 2-Range jumping attack (000 L2088–L2096)
    if mv == "passing":
        lo = 0  # "can move 1 Range before" (000 L2389)
    return lo, hi


def check_movement(ctx: Turn, f: Combatant, plan: Plan, d: DecisionValue, key: str) -> None:
    """C: the movement the first move allows and what it costs (000 L5603–L5644, L2377–L2391)."""
    path = f"decisions.{key}.movement"
    first = plan.moves[0]
    n = plan.movement
    mv = first.movement
    lo, hi = allowed_before(first, utility=plan.kind is ActionType.utility)
    if d.wall_spring:
        _wall_spring(ctx, f, plan, key)
        lo = hi = 3
    if not lo <= n <= hi:
        ctx.fail(
            "MOVEMENT_NOT_ALLOWED_BY_KEYWORD",
            path,
            f"{key}: {first.name} ({mv.replace('_', ' ')}) allows {lo}–{hi} Ranges before it, not {n}.",
            key=key,
        )
    _check_direction(ctx, plan, first, n, path, key)
    target = plan.target
    end = positions.after_move_range(ctx, f, target, n, plan.toward) if target is not None else 3
    if plan.wall_spring and target is not None:
        end = _wall_spring_end(ctx, f, target)
    if n == 3 and mv == "mobile" and end == 0 and not plan.wall_spring:
        ctx.fail("MOBILE_ENDS_AT_RANGE_0", path, f"{key}: a 3-Range Mobile move cannot end at Range 0.", key=key)
    q = f.prof.qualities
    base = 0
    free_move = first.moving.no_fs  # Mobile with no FS cost (000 L4303–L4309)
    if target is not None and first.moving.pass_through:
        free_move = free_move or movement.pass_through(ctx, first, n, plan.toward, ctx.distance(f, target), end, key)
    if n >= 2 and not free_move:
        base = 1  # 000 L5632; ruling A15 for Utility and After Mobile
        if plan.kind is ActionType.attack and n == 2:
            jumper_ok = first.kind == "basic" or (mv == "mobile" and first.moving.airborne)
            if "jumper" in q and jumper_ok:
                base = 0  # 000 L1271
            elif "mobility" in q and not f.prof.big:
                base = 0
                plan.mobility_penalty = True  # −1 Accuracy instead (000 L1281)
    if mv == "throw_movement" and n == 1:
        base = 0 if ("mobile_grappler" in q and end == 0) else 1  # 000 L2385, L1279
    plan.jumping = plan.kind is ActionType.attack and first.kind == "basic" and n == 2 and "runner" not in q
    if plan.wall_spring:
        base = 1  # ruling: the spring is a jump and costs a jump's 1 FS (000 L5632, L2239)
        plan.jumping = True
        plan.extra_acc = {**(plan.extra_acc or {}), "wall_spring": 1}  # 000 L2239
    if d.dash:
        base = _dash(ctx, f, plan, first, path, key)
    if d.cross_up:
        # an Aerial move is a jump too (000 L2103): a 2-Range Aerial Mobile attack may Cross-Up, as the Cross-Up
        # Liability presumes (000 L4539)
        aerial_jump = plan.kind is ActionType.attack and n == 2 and first.moving.airborne and "runner" not in q
        if not ((plan.jumping or aerial_jump) and end == 0 and plan.toward):
            ctx.fail(
                "CROSS_UP_INVALID",
                path,
                f"{key}: a Cross-Up is a jumping Basic attack of 2 Ranges landing at Range 0 (not by a Runner).",
                key=key,
            )
        plan.cross_up = True
    fs = base + (1 if base > 0 and f.prof.big and not ("mobility" in q and plan.kind is ActionType.attack) else 0)
    fs += 1 if plan.cross_up else 0  # 000 L5634
    fs += 1 if (n and f.hit_stun) else 0  # 000 L5938
    limited = styles.movement_fs(ctx, f, plan.kind, first, n, key)
    if limited is not None:
        fs = limited + (1 if f.hit_stun else 0)  # Limited Movement: 1 Range for 1 FS (000 L5102)
        plan.jumping = False
    if fs > f.pl:
        ctx.fail(
            "FS_EXCEEDS_POWER_LEVEL",
            path,
            f"{key}: the movement costs {fs} FS, more than Power Level {f.pl} allows in one application.",
            key=key,
        )
    if fs > f.fs:
        ctx.fail("FS_MOVEMENT_COST_UNPAID", path, f"{key}: the movement costs {fs} FS; {f.id} has {f.fs}.", key=key)
    plan.fs_move = fs


def _check_direction(ctx: Turn, plan: Plan, first: MoveProfile, n: int, path: str, key: str) -> None:
    """Dash, Away and Closer keywords: how far and which way the move's movement goes."""
    kws = first.keywords
    if "dash" in kws and n < 2:
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} must move at least 2 Ranges.", key=key)
    if n and "away" in kws and plan.toward:
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} must move away.", key=key)
    if n and "closer" in kws and not plan.toward:
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} must move closer.", key=key)
    if first.moving.forward_first and "closer" in kws and n < 1 and plan.kind is ActionType.attack:
        # Limited Movement (Closer): at least 1 Range forward before the attack (000 L4599).
        ctx.fail(
            "MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} needs at least 1 Range forward first.", key=key
        )


def _dash(ctx: Turn, f: Combatant, plan: Plan, first: MoveProfile, path: str, key: str) -> int:
    """A Dash before a Basic attack (000 L2175–L2179): the movement's base FS cost."""
    n, target = plan.movement, plan.target
    start = ctx.distance(f, target) if target is not None else 3
    basic = first.kind == "basic" or movement.can_power_dash(first, n)
    if not (
        techniques.has(ctx, f, "dash")
        and plan.kind is ActionType.attack
        and basic
        and plan.toward
        and (n == 2 or (n == 1 and start in (1, 2)))
    ):
        ctx.fail(
            "DASH_INVALID",
            path,
            f"{key}: a Dash is a Basic attack after 2 Ranges forward, or after 1 "
            "Range forward from Range 1 or 2, with the option on.",
            key=key,
        )
    plan.jumping = False  # not a jump: no Anti-Air (000 L2177)
    base = 2 if n == 2 else 1
    if n == 1:
        plan.extra_acc = {**(plan.extra_acc or {}), "dash": 1}  # 000 L2179
        movement.power_dash(ctx, f, plan.moves)
    return base


def _wall_spring(ctx: Turn, f: Combatant, plan: Plan, key: str) -> None:
    """Offensive Wall Spring: 1 Range back onto the stage border, then 3 forward into a Basic Offensive Mobile
    attack (000 L2237–L2241; ruling: exactly 1 back, for the book's net gain of 2)."""
    first = plan.moves[0]
    target = plan.target
    # A Special Move springs only with the Wall Spring Element (000 L3701).
    springy = (first.kind == "basic" and "mobile" in first.keywords) or first.moving.wall_spring
    ok = (
        techniques.has(ctx, f, "wall_springs")
        and plan.kind is ActionType.attack
        and springy
        and plan.toward
        and plan.movement == 3
        and target is not None
    )
    if ok and target is not None:
        if ctx.band_mode:
            pos, tpos = ctx.bands[f.id], ctx.bands[target.id]
            back = pos - 1 if tpos >= pos else pos + 1
            ok = back in (1, 6) and back != pos
        else:
            ok = ctx.distance(f, target) == 3  # back to Range 4, the border (000 L2241)
    if not ok:
        ctx.fail(
            "WALL_SPRING_INVALID",
            f"decisions.{key}.wall_spring",
            f"{key}: a Wall Spring is a Basic Mobile "
            "attack with `movement` 3 toward the target after 1 Range back onto the stage border (Range 3 "
            "without a map, band 2 or 5 on a Band Map), with the option on.",
            key=key,
        )
    plan.wall_spring = True


def _wall_spring_end(ctx: Turn, f: Combatant, target: Combatant) -> int:
    if not ctx.band_mode:
        return abs(ctx.distance(f, target) + 1 - 3)
    pos, tpos = ctx.bands[f.id], ctx.bands[target.id]
    back = pos - 1 if tpos >= pos else pos + 1
    land = min(max(back + (3 if tpos >= back else -3), 1), 6)
    return abs(land - tpos)


def grid_square(ctx: Turn, f: Combatant, d: DecisionValue, plan: Plan, key: str) -> None:
    """Battle Grid: the square the declared movement ends on, `movement` squares of straight or diagonal steps
    toward or away from the target (000 L5680–L5682), or the lateral step, one square beside him at the same Range, in
    lieu of any other action (000 L5684)."""
    if d.square is None:
        return
    path = f"decisions.{key}.square"
    if not ctx.grid_mode:
        ctx.fail("DECISION_INVALID", path, f"{key}: a square is chosen on the Battle Grid only.", key=key)
    square = (d.square.col, d.square.row)
    why = grid.legal_square(ctx, f, plan.target, square, plan.movement, plan.toward) if plan.movement else "no movement"
    lateral = plan.movement == 1 and grid.is_lateral(ctx, f, plan.target, square)
    if lateral and plan.kind is not ActionType.move:
        why = "the lateral step is the whole action (action `move`, 000 L5684)"
    if why:
        ctx.fail("GRID_SQUARE_INVALID", path, f"{key}: square ({square[0]}, {square[1]}): {why}.", key=key)
    plan.square = square
    plan.lateral = lateral
