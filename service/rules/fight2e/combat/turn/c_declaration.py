"""C: an action declaration checked whole before anything happens: its kind, its movement and Fighting Spirit, and
the rules of Refocus, Await Opening, Power Up and Taunt (000 L5591–L5644, L5992)."""

from __future__ import annotations

from ..contract.models import ActionType, DecisionValue, Direction
from ..elements import (
    positions,
    sidestep_setup,
    styles,
    suppression,
    tag_team,
    techniques,
    transformations,
)
from ..registry.features import BUFF_DECLARATION, FREE_MOVEMENT_DECLARATION
from ..state.action import Plan
from ..state.combatant import Combatant
from ..state.profile import MoveTrait
from ..state.turn import Turn
from .c_declared_movement import grid_square, move_only_fs
from .d_move_declaration import declare_move, nearest, target_of
from .f_evasion_results import movement_fs


def declare(ctx: Turn, f: Combatant, d: DecisionValue, key: str, simultaneous: bool = False) -> Plan:
    """Validate an action declaration completely before anything happens."""
    kind = d.action
    assert kind is not None
    FREE_MOVEMENT_DECLARATION.fn(ctx, f, kind, key)
    path = f"decisions.{key}"
    n = d.movement or 0
    suppression.check_action(ctx, f, kind, n, key)
    styles.check_action(ctx, f, d, kind, n, key)
    toward = d.direction is not Direction.away
    super_jump = kind is ActionType.move and d.technique is not None and d.technique.value == "super_jump"
    if n > (4 if super_jump else 3):
        ctx.fail("MOVEMENT_TOO_FAR", path, f"{key}: at most 3 Ranges of movement (a Super Jump 4).", key=key)
    BUFF_DECLARATION.fn(ctx, f, kind, n, list(d.moves or []), key)
    if kind is ActionType.switch:  # Tag Team: Switching Teammates (000 L6281)
        return Plan(kind, tag_team.check_switch(ctx, f, d, key), [], 0, True, key=key)
    if f.priority_declared and not (kind is ActionType.attack and d.moves and _priority(f, str(d.moves[0]))):
        ctx.fail(  # a Priority attack declared to go first is the attack made (000 L5571)
            "DECISION_INVALID", path, f"{key}: {f.id} declared a Priority attack; make it.", key=key
        )
    if kind in (ActionType.attack, ActionType.utility):
        tag_acc = tag_team.check_combo(ctx, f, list(d.moves or []), key) if ctx.opts.tag_team else {}
        plan = declare_move(ctx, f, d, key, kind, n, toward, simultaneous)
        plan.extra_acc = {**(plan.extra_acc or {}), **tag_acc} if tag_acc else plan.extra_acc  # 000 L6291
        grid_square(ctx, f, d, plan, key)
        return plan
    sidestep_setup.check(ctx, f, [], key)  # a non-attack action ends a Sidestep Setup chance (000 L4827)
    if kind is ActionType.transform:  # Transformations: the change is the whole action (000 L5313)
        transformations.check(ctx, f, n, key)
        return Plan(kind, None, [], 0, True, key=key)
    target = None
    if d.target is not None or kind in (ActionType.taunt,):
        target = target_of(ctx, f, d.target, key)
    elif ctx.opponents(f):
        target = nearest(ctx, f)
    plan = Plan(kind, target, [], n, toward, key=key)
    _check_kind(ctx, f, d, plan, super_jump, key)
    grid_square(ctx, f, d, plan, key)
    if plan.fs_move > f.pl:
        ctx.fail(
            "FS_EXCEEDS_POWER_LEVEL",
            path,
            f"{key}: the movement costs {plan.fs_move} FS, more than Power Level {f.pl}.",
            key=key,
        )
    if plan.fs_move > f.fs:
        ctx.fail("FS_MOVEMENT_COST_UNPAID", path, f"{key}: the movement costs {plan.fs_move} FS.", key=key)
    if kind is ActionType.refocus and target is not None:
        _refocus_range(ctx, f, n, key)
    return plan


def _check_kind(ctx: Turn, f: Combatant, d: DecisionValue, plan: Plan, super_jump: bool, key: str) -> None:
    """The rules of the declared action's own kind: movement, Refocus and Await Opening, Power Up, Taunt."""
    kind = plan.kind
    if kind is ActionType.move:
        _declare_movement(ctx, f, d, plan, super_jump, key)
    elif kind in (ActionType.refocus, ActionType.await_opening):
        _declare_stepping_back(ctx, f, plan, key)
    elif kind is ActionType.power_up:
        _declare_power_up(ctx, f, plan, key)
    elif kind is ActionType.taunt:
        _declare_taunt(ctx, f, plan, key)
    elif plan.movement:
        ctx.fail(
            "MOVEMENT_NOT_ALLOWED_BY_KEYWORD", f"decisions.{key}", f"{key}: no movement with this action.", key=key
        )


def _declare_movement(ctx: Turn, f: Combatant, d: DecisionValue, plan: Plan, super_jump: bool, key: str) -> None:
    n, target = plan.movement, plan.target
    path = f"decisions.{key}"
    if n == 0:
        ctx.fail("DECISION_INVALID", path, f"{key}: a movement action moves 1 to 3 Ranges.", key=key)
    plan.fs_move = move_only_fs(f, n)
    limited = styles.movement_fs(ctx, f, plan.kind, None, n, key)
    plan.fs_move = plan.fs_move if limited is None else limited  # Limited Movement (000 L5102)
    if super_jump:
        if not techniques.has(ctx, f, "super_jump") or target is None:
            ctx.fail(
                "SUPER_JUMP_INVALID",
                f"{path}.technique",
                f"{key}: a Super Jump needs its option and an opponent to measure the destination from.",
                key=key,
            )
        plan.super_jump = True
        plan.fs_move = movement_fs(f, 1)  # 1 FS whatever the distance (000 L2187)
    elif d.technique is not None:
        # An Air Dash (2 Ranges, no FS) or a Hover jump (3 Ranges): +2 / +1 with Evasion against Reaction
        # Attacks and holders (000 L2215–L2217, L2235).
        tech = d.technique.value
        ok = (tech == "air_dash" and techniques.has(ctx, f, "air_dash") and n == 2) or (
            tech == "hover" and techniques.has(ctx, f, "hover") and n == 3
        )
        if not ok:
            ctx.fail(
                "EVADE_TECHNIQUE_INVALID",
                f"{path}.technique",
                f"{key}: an Air Dash moves 2 Ranges, a Hover jump 3, each with its option on.",
                key=key,
            )
        plan.air_bonus = 2 if tech == "air_dash" else 1
        plan.fs_move = 0 if tech == "air_dash" else plan.fs_move


def _declare_stepping_back(ctx: Turn, f: Combatant, plan: Plan, key: str) -> None:
    n, toward, kind = plan.movement, plan.toward, plan.kind
    path = f"decisions.{key}"
    if n > 1 or (n == 1 and toward):
        ctx.fail(
            "MOVEMENT_DIRECTION_INVALID", path, f"{key}: {kind.value} allows 1 Range away from opponents.", key=key
        )
    if kind is ActionType.await_opening and f.hit_stun:
        ctx.fail("AWAIT_OPENING_AFTER_HIT_STUN", path, f"{key}: no Await Opening after Hit Stun.", key=key)
    plan.fs_move = movement_fs(f, 0) if n else 0


def _declare_power_up(ctx: Turn, f: Combatant, plan: Plan, key: str) -> None:
    n = plan.movement
    path = f"decisions.{key}"
    if n:
        ctx.fail("POWER_UP_WITH_MOVEMENT", path, f"{key}: Power Up allows no movement.", key=key)
    if f.pl < 3:
        ctx.fail("POWER_UP_BELOW_PL3", path, f"{key}: Power Up needs Power Level 3.", key=key)


def _declare_taunt(ctx: Turn, f: Combatant, plan: Plan, key: str) -> None:
    n, target = plan.movement, plan.target
    path = f"decisions.{key}"
    if not techniques.has(ctx, f, "taunts") or f.taunt_used or f.from_hold or target is None or target.init >= f.init:
        ctx.fail(
            "TAUNT_INVALID",
            path,
            f"{key}: Taunt needs the option, a target with lower Initiative, no holding, and is once per combat.",
            key=key,
        )
    if n > 1:
        ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", path, f"{key}: the Taunt has Normal Move.", key=key)
    plan.fs_move = movement_fs(f, 0) if n else 0


def _refocus_range(ctx: Turn, f: Combatant, n: int, key: str) -> None:
    path = f"decisions.{key}"
    for o in ctx.opponents(f):
        if positions.after_move_range(ctx, f, o, n, False) < 2:
            ctx.fail(
                "REFOCUS_TOO_CLOSE",
                path,
                f"{key}: Refocus needs Range 2 or more from every opponent (ruling A19: after its movement).",
                key=key,
            )


def _priority(f: Combatant, move: str) -> bool:
    m = f.prof.moves.get(move)
    return m is not None and bool(m.trait(MoveTrait.priority))
