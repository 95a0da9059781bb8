"""D–G: carrying out a declared action: movement before it, the attack (its Accuracy modifiers and costs, an area or
a blast), the other actions (Refocus, Power Up, Await Opening, Taunt, Utility moves, Healing) and movement after
it (000 L5393–L5448, L5992)."""

from __future__ import annotations

from dataclasses import replace

from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType, DecisionValue
from ..elements import (
    behind,
    limited_use,
    negative_positioning,
    ongoing,
    positions,
    props,
    ranged,
    summon,
    tag_team,
    taunts,
    techniques,
    transformations,
)
from ..elements.bombs import moveable_bomb
from ..elements.power_up import power_up_elements
from ..registry.features import (
    CHECKED_ATTACK,
    HAZARD_MADE,
    HAZARD_MAKING,
    HAZARD_MANEUVER,
    HAZARD_NEEDS_MET,
    MOVE_USE_EFFECTS,
    MOVES_PAID,
    PURSUIT_MOVE,
    SEQUENCE_OTHER_ACTION,
    SEQUENCE_USED,
    WALL_BOUNCE,
)
from ..state.action import Attack, Outcome, Plan
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from . import d_attack_elements as attack_elements
from .c_other_actions import OTHER_ACTIONS
from .c_utility_actions import prepare, spend_readied
from .d_area_attacks import area_targets, blast_centre, resolve_blast
from .d_move_declaration import power_up_version
from .g_moving import do_move, post_move


def _start_super_jump(ctx: Turn, f: Combatant, plan: Plan) -> None:
    """The whole action starts the Super Jump: 1 FS, meanwhile 2 Ranges toward the destination (all of it when it
    is 2 or less away); he lands at his next action (000 L2187–L2190). Ruling: no Reaction Attack on the take-off,
    he is already out of reach of all but Ranged, Aerial and Hard to Evade Special Moves (000 L2191)."""
    assert plan.target is not None
    f.fs -= plan.fs_move
    now = min(plan.movement, 2)
    before = ctx.distance(f, plan.target)
    positions.move(ctx, f, plan.target, now, plan.toward)
    f.jumped = True
    f.ongoing = [e for e in f.ongoing if e.id != OngoingEffectId.super_jump]
    f.ongoing.append(
        ongoing.Effect(
            "super_jump", None, None, ctx.turn, plan.target.id, plan.movement, "toward" if plan.toward else "away"
        )
    )
    ctx.note(
        "C",
        f.id,
        f"{f.id} starts a Super Jump of {plan.movement} Ranges {'toward' if plan.toward else 'away'} "
        f"({plan.fs_move} FS): meanwhile Range {before} → {ctx.distance(f, plan.target)}; he lands at his next "
        "action.",
        "000 L2187–L2190",
        {"ranges": plan.movement, "fs": plan.fs_move},
        {"range": ctx.distance(f, plan.target), "fs": f.fs},
    )


def _power_up(ctx: Turn, f: Combatant, plan: Plan) -> None:
    """Power Up, decided before the attack roll: +1 damage per extra Control demanded (the move's need at most twice
    its Level) or per Life Bar spent (at most Power Level); halved when the move does not open the Combo
    (000 L3852–L3862)."""
    i, m = next(((i, m) for i, m in enumerate(plan.moves) if power_up_version(m)), (0, None))
    if m is None:
        return
    version = power_up_version(m)
    room = min(power_up_elements.cap(m), f.control - plan.cost) if version == "control" else min(f.pl, f.life - 1)
    key, d = ctx.decide(
        f.id,
        "power_up_bonus",
        "D.1",
        f"{f.id}: Power Up {m.name} by how much ("
        + ("extra Control" if version == "control" else "Life Bar")
        + f", up to {max(room, 0)})?",
        DecisionValue(amount=0),
    )
    n = d.amount or 0
    if n < 0 or n > max(room, 0):
        ctx.fail(
            "POWER_UP_INVALID", f"decisions.{key}.amount", f"{key}: Power Up {m.name} by 0–{max(room, 0)}.", key=key
        )
    if not n:
        return
    if version == "control":
        plan.cost += n
    else:
        f.life -= n
    for_damage = power_up_elements.buy(ctx, f, plan.moves, i, m, n) if version == "control" else n
    bonus = for_damage if i == 0 else for_damage // 2
    plan.extra_damage += bonus
    ctx.note(
        "D.1",
        f.id,
        f"{f.id} powers up {m.name}: "
        + (f"{n} more Control" if version == "control" else f"{n} Life Bar")
        + f" for +{bonus} damage.",
        "000 L3852–L3862",
        {"amount": n},
        {"extra_damage": bonus, "life_bar": f.life},
    )


def ti_level(moves: list[MoveProfile]) -> str:
    """Temporary Invulnerability a move or Combo gives its user while it is under way (000 L4323–L4327)."""
    ti = [m for m in moves if attack_elements.has_trait(m, attack_elements.Trait.invulnerable)]
    return ("super" if any(m.is_super for m in ti) else "special") if ti else ""


def perform(
    ctx: Turn, f: Combatant, plan: Plan, context: str = "action", apply_knockback: bool = True
) -> Outcome | None:
    """Carry out a validated plan: movement (C), then the action (C.5, D, refocus …), then G.1."""
    was_crouching, f.crouching = f.crouching, crouched(plan)
    try:
        return _guarded(ctx, f, plan, context, apply_knockback)
    finally:
        f.crouching = was_crouching


def crouched(plan: Plan) -> bool:
    """The action opens with a Crouching move: only the Combo's first move counts (000 L3220)."""
    return bool(plan.moves) and plan.moves[0].trait(MoveTrait.crouching) > 0


def _guarded(ctx: Turn, f: Combatant, plan: Plan, context: str, apply_knockback: bool) -> Outcome | None:
    if not attack_elements.any_trait(f.prof, attack_elements.UNDER_WAY):
        return _perform(ctx, f, plan, context, apply_knockback)
    prev, prev_v = f.invulnerable, f.vulnerable
    f.invulnerable = prev or ti_level(plan.moves)
    f.vulnerable = prev_v or any(attack_elements.has_trait(m, attack_elements.Trait.vulnerable) for m in plan.moves)
    try:
        return _perform(ctx, f, plan, context, apply_knockback)
    finally:
        f.invulnerable, f.vulnerable = prev, prev_v


def _perform(ctx: Turn, f: Combatant, plan: Plan, context: str, apply_knockback: bool) -> Outcome | None:
    f.acted = True
    f.holding = False
    if plan.kind is not ActionType.await_opening:
        f.awaiting = False
    if plan.super_jump:
        _start_super_jump(ctx, f, plan)
        return None
    if plan.kind is ActionType.switch and plan.target is not None:
        tag_team.switch(ctx, f, plan.target)
        return None
    if plan.kind is ActionType.transform:
        transformations.transform(ctx, f)  # Beast Form (000 L5311–L5319)
        return None
    attacking = plan.kind is ActionType.attack
    negative_positioning.before_action(ctx, f, attacking)
    if attacking:
        negative_positioning.exploit(ctx, f, plan.target)
    start = ctx.distance(f, plan.target) if plan.target is not None else 0
    if plan.movement:
        do_move(ctx, f, plan)
    HAZARD_MANEUVER.fn(ctx, f, plan.target, plan.movement)
    kind = plan.kind
    if kind not in (ActionType.attack, ActionType.utility):
        SEQUENCE_OTHER_ACTION.fn(ctx, f, kind.value)  # 000 L3750
    other = OTHER_ACTIONS.get(kind)
    if other is not None:
        other(ctx, f, plan)
        return None
    if plan.prepare:
        prepare(ctx, f, plan)
        return None
    return _attack(ctx, f, plan, context, apply_knockback, start)


def _attack_extras(ctx: Turn, f: Combatant, plan: Plan) -> dict[str, int]:
    """Accuracy modifiers of the declared attack: Mobility, Wall Bounce, a downed target (000 L2165)."""
    assert plan.target is not None
    extra: dict[str, int] = dict(plan.extra_acc or {})
    if plan.mobility_penalty:
        extra["mobility"] = -1
    extra.update(WALL_BOUNCE.fn(ctx, f, plan.target, plan.moves[0]))
    downed = plan.target.knocked_down and techniques.has(ctx, f, "hit_downed_attacks")
    if downed and not PURSUIT_MOVE.fn(plan.moves[0]):
        extra["downed_target"] = -2 if plan.moves[0].trait(MoveTrait.hits_low) else -4  # 000 L2165
    return extra


def _pay(ctx: Turn, f: Combatant, plan: Plan) -> None:
    """The attack's costs: Super Energy, Limited Use charges, Charge Forward's and Control's Fighting Spirit."""
    MOVES_PAID.fn(ctx, f, plan.moves)
    limited_use.spend_charges(ctx, f, plan.moves)
    f.fs -= plan.charge_fs
    if plan.control_fs:
        f.fs -= plan.control_fs
        f.control += plan.control_fs
    _power_up(ctx, f, plan)


def _attack(ctx: Turn, f: Combatant, plan: Plan, context: str, apply_knockback: bool, start: int) -> Outcome | None:
    assert plan.target is not None
    if (
        not CHECKED_ATTACK.fn(ctx, f, plan.target, plan.movement, plan.key)
        or not HAZARD_NEEDS_MET.fn(ctx, f, plan.moves, plan.target, plan.key)
        or not behind.behind_ok(ctx, f, plan.target, plan.moves, start, plan.movement, plan.toward, plan.key)
    ):
        return None
    extra = _attack_extras(ctx, f, plan)
    full_screen = bool(
        plan.moves[0].moving.full_screen
        and max(plan.movement, plan.premoved) == 3
        and not plan.moves[0].moving.no_full_screen_bonus
    )
    _pay(ctx, f, plan)
    if HAZARD_MAKING.fn(plan.moves):
        HAZARD_MADE.fn(ctx, f, plan.moves[0], plan.target, plan.key)
        for m in plan.moves:
            MOVE_USE_EFFECTS.fn(ctx, f, m)
        negative_positioning.after_action(ctx, f, plan.moves)
        return None
    if ranged.trades(f.prof):
        extra.update(ranged.accuracy_for_damage(ctx, f, plan))
    plan.moves = props.use_recovery(ctx, f, plan.moves)
    kick = moveable_bomb.choose(ctx, f, plan.moves, plan.target)
    kicked = plan.moves[0]
    if kick is not None:
        if ctx.band_mode or ctx.grid_mode:
            moveable_bomb.kick_on_map(ctx, f, plan.moves[0], kick[0], kick[1], plan.target, kick[2])
            if len(plan.moves) == 1:
                return None
            plan.moves = plan.moves[1:]  # the rest of the Combo goes at the target (000 L2893)
            kick = None
        else:
            plan.moves = [moveable_bomb.aim_payload(kicked), *plan.moves[1:]]
    atk = Attack(
        attacker=f,
        defender=plan.target,
        moves=plan.moves,
        context="action",
        label="D",
        cost=plan.cost,
        key=plan.key,
        full_offense=plan.full_offense,
        cross_up=plan.cross_up,
        jumping=plan.jumping,
        extra_acc=extra,
        full_screen=full_screen,
        apply_knockback=apply_knockback,
        extra_damage=plan.extra_damage,
    )
    atk.context = context
    for m in plan.moves:
        spend_readied(ctx, f, m)
    hits_before = f.was_hit
    centre = blast_centre(f, plan)
    out = resolve_blast(ctx, atk, centre)
    for other in area_targets(ctx, f, plan):
        if f.defeated or other.defeated:
            continue
        out = resolve_blast(ctx, replace(atk, defender=other, extra_acc=dict(atk.extra_acc)), centre)
    if kick is not None:
        moveable_bomb.after_roll(ctx, atk, out.hit, kicked, kick[0], kick[1])
    _after_attack(ctx, f, plan, out, hits_before)
    return out


def _after_attack(ctx: Turn, f: Combatant, plan: Plan, out: Outcome, hits_before: bool) -> None:
    assert plan.target is not None
    summon.join(ctx, f, plan.moves, plan.target, out)
    for m in plan.moves:
        MOVE_USE_EFFECTS.fn(ctx, f, m)
    negative_positioning.after_action(ctx, f, plan.moves)
    SEQUENCE_USED.fn(ctx, f, plan.moves)
    taunts.taunt_glory(ctx, f, plan.moves, plan.target)
    if not f.defeated and not (f.was_hit and not hits_before):
        post_move(ctx, f, plan)
    tag_team.combo_switch(ctx, f, plan.moves, out.hit, f.was_hit and not hits_before)  # 000 L6289–L6291
