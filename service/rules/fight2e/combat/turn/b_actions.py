"""Steps B–D and G for the fighter whose place in the order has come: forced actions, holding, Hit Stun's
choice, movement and its Fighting Spirit, the attack or other action, and movement after it
(000 L5393–L5443, L5591–L5644, L5992–L6049)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId, ResponseKind
from ..contract.models import ACT, ActionType, Choice, DecisionValue
from ..elements import ongoing, super_jump
from ..registry.features import PIT_LEAP, THROW_DECLARED, THROW_HELD_DOWN, THROW_STALLED
from ..state.action import Attack, Plan
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .b_action_choices import action_choices
from .b_holds import execute_hold, held_interrupt
from .b_recovery import lost_action, recover
from .c_declaration import declare
from .d_attack import resolve
from .d_move_declaration import nearest, target_of
from .d_performing import perform

# ── the slot ─────────────────────────────────────────────────────────────────────────────────────


def slot(ctx: Turn, f: Combatant, point: str = "action") -> None:
    """Everything that happens when ``f``'s place in the order comes (B.0–B.3)."""
    if f.defeated or f.tag_waiting:  # Tag Team: switched out before his place came
        return
    if f.acted:
        ctx.note("B", f.id, f"{f.id} has already used his action this turn.", "000 L5521")
        return
    if THROW_HELD_DOWN.fn(ctx, f):
        return
    if f.action_lost:
        lost_action(ctx, f)
        return
    if f.stunned:
        recover(ctx, f)
        return
    if f.knocked_down:
        stand(ctx, f)
        return
    if point == "action" and _super_jump_due(ctx, f):
        land_super_jump(ctx, f)
        return
    if (
        point == "action"
        and _slow_startup_due(f) is None
        and not any(e.id == OngoingEffectId.sustained_hold for e in f.ongoing)
    ):
        key, d = ctx.decide(f.id, "act_or_hold", "A.4", f"{f.id}: act now or hold his Initiative.", ACT)
        if d.choice is Choice.hold and f.priority_declared:  # his declared Priority attack goes now (000 L5571)
            ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: a declared Priority attack is not held.", key=key)
        if d.choice is Choice.hold:
            f.holding = True
            ctx.note(
                "A.4", f.id, f"{f.id} holds his Initiative (Initiative {f.init}).", "000 L5513", {}, {"holding": True}
            )
            return
        if d.choice not in (None, Choice.act):
            ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: choose act or hold.", key=key)
    act(ctx, f, point)


def _prone_attack(ctx: Turn, f: Combatant, d: DecisionValue, key: str) -> None:
    """Only When Prone: the move replaces the action a Knock Down takes, at −1 Accuracy; he is still down after it
    (000 L4737–L4743). Ruling: offered at his place in the order while down from an earlier turn."""
    m = f.move((d.moves or [""])[0])
    if m is None or not m.trait(MoveTrait.prone_only) or len(d.moves or []) != 1:
        ctx.fail(
            "ONLY_WHEN_PRONE_INVALID",
            f"decisions.{key}",
            f"{key}: `act` from the ground needs one Only When Prone move.",
            key=key,
        )
    assert m is not None
    target = target_of(ctx, f, d.target, key)
    if m.level > f.control:
        ctx.fail("INSUFFICIENT_CONTROL", f"decisions.{key}", f"{key}: {m.name} needs {m.level} Control.", key=key)
    ctx.note("B.0", f.id, f"{f.id} attacks from the ground with {m.name} (−1 Accuracy); he stays down.", "000 L4743")
    # the −1 is the Liability's own Accuracy modifier in the catalogue, already in the move's figure (000 L4741)
    plan = Plan(ActionType.attack, target, [m], 0, True, cost=m.level, key=key)
    perform(ctx, f, plan)


def stand(ctx: Turn, f: Combatant) -> None:
    """Stand up from a Knock Down of an earlier turn, or use a Reversal move instead (000 L5962–L5964, L4113)."""
    key, d = ctx.decide(
        f.id,
        "stand_alt",
        "B.0",
        f"{f.id} is Knocked Down: stand up, or use a Reversal move "
        "instead" + (", or stay down" if ctx.opts.voluntary_stay_down else "") + ".",
        DecisionValue(choice=Choice.stand),
    )
    f.acted = True
    if d.choice is Choice.stay and ctx.opts.voluntary_stay_down:
        ctx.note("B.0", f.id, f"{f.id} chooses to stay down; his action is spent.", "000 L5964")
        return
    if d.choice is Choice.act:
        _prone_attack(ctx, f, d, key)
        return
    f.knocked_down = False
    f.stood_this_turn = True
    if d.choice in (None, Choice.stand):
        ctx.note("B.0", f.id, f"{f.id} stands up.", "000 L5962–L5964", {}, {"knocked_down": False})
        return
    if d.choice is not Choice.reversal or not d.moves or len(d.moves) != 1:
        ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: choose stand, or reversal with one move.", key=key)
    m = f.move(d.moves[0])
    if m is None or ResponseKind.reversal not in m.responses:
        ctx.fail(
            "RESPONSE_NO_ELEMENT",
            f"decisions.{key}",
            f"{key}: '{d.moves[0]}' is not a Reversal move of {f.id}.",
            key=key,
        )
    target = target_of(ctx, f, d.target, key)
    if m.level > f.control:
        ctx.fail("INSUFFICIENT_CONTROL", f"decisions.{key}", f"{key}: {m.name} needs {m.level} Control.", key=key)
    ctx.note("B.0", f.id, f"{f.id} rises with the Reversal {m.name} (−2 Accuracy).", "000 L4113–L4121")
    out = resolve(
        ctx,
        Attack(
            attacker=f,
            defender=target,
            moves=[m],
            context="action",
            label="D",
            cost=m.level,
            key=key,
            extra_acc={"reversal_from_ground": -2},
        ),
    )
    if not out.hit:
        f.reversal_missed = True


# ── the action ───────────────────────────────────────────────────────────────────────────────────


def act(ctx: Turn, f: Combatant, point: str = "action") -> None:
    """B.3 then B.1: the fighter's one action."""
    if point == "action" and THROW_STALLED.fn(ctx, f):
        return
    if point == "action" and PIT_LEAP.fn(ctx, f):
        return
    if point == "action" and _slow_startup_due(f) is not None:
        execute_slow_startup(ctx, f)
        return
    if point == "action" and any(e.id == OngoingEffectId.sustained_hold for e in f.ongoing):
        execute_hold(ctx, f)
        return
    key, d = ctx.decide(
        f.id,
        point,
        "B.1",
        f"{f.id} declares his action (Control {f.control}, FS {f.fs}).",
        None,
        lambda: action_choices(ctx, f),
    )
    if d.action is None:
        ctx.fail("DECISION_INVALID", f"decisions.{key}.action", f"{key}: say which action.", key=key)
    if point == "action" and not THROW_DECLARED.fn(ctx, f, d):
        return
    plan = declare(ctx, f, d, key, simultaneous=point == "simul_declare")
    if point == "action" and plan.kind is ActionType.attack and held_interrupt(ctx, f, plan):
        return
    perform(ctx, f, plan)


# ── a holder interrupting a declared attack ──────────────────────────────────────────────────────────


def _super_jump_due(ctx: Turn, f: Combatant) -> bool:
    e = ongoing.active(f, "super_jump")
    return e is not None and e.since is not None and e.since < ctx.turn


def land_super_jump(ctx: Turn, f: Combatant) -> None:
    """He lands at the start of his action; after 3 Ranges or fewer he may make a Basic Offensive Mobile attack at
    +2 Accuracy (a Combo may follow) on a target in range that has not moved this turn, never a Cross-Up; else his
    action is over (000 L2190, L2231)."""
    e = ongoing.active(f, "super_jump")
    assert e is not None
    super_jump.land(ctx, f, "he lands at his action")
    targets = [o for o in ctx.opponents(f) if o.moved == 0 and ctx.distance(f, o) <= 1 and not o.defeated]
    if (e.charges or 0) > 3 or not targets:
        f.acted = True
        ctx.note(
            "B.1",
            f.id,
            f"{f.id} lands and can do nothing more this turn ("
            + ("a 4-Range Super Jump" if (e.charges or 0) > 3 else "no target in range that has not moved")
            + ").",
            "000 L2231",
        )
        return
    key, d = ctx.decide(
        f.id,
        "action",
        "B.1",
        f"{f.id} lands from his Super Jump: a Basic Mobile attack at +2 Accuracy (a Combo may follow), or nothing.",
        DecisionValue(action=ActionType.none),
    )
    if d.action is ActionType.none or d.action is None:
        f.acted = True
        ctx.note("B.1", f.id, f"{f.id} lands and does nothing more.", "000 L2231")
        return
    first = f.move((d.moves or [""])[0])
    ok = (
        d.action is ActionType.attack
        and first is not None
        and first.kind == "basic"
        and "mobile" in first.keywords
        and not d.movement
        and not d.cross_up
        and not d.wall_spring
        and not d.dash
        and (d.target is None or d.target in {t.id for t in targets})
    )
    if not ok:
        ctx.fail(
            "SUPER_JUMP_INVALID",
            f"decisions.{key}",
            f"{key}: after a Super Jump only a Basic Mobile attack "
            "(a Combo may follow), without movement or Cross-Up, at a target in range that has not moved: "
            + ", ".join(t.id for t in targets)
            + ".",
            key=key,
        )
    if d.target is None and len(targets) == 1:
        d = d.model_copy(update={"target": targets[0].id})
    plan = declare(ctx, f, d, key)
    plan.jumping = True
    plan.extra_acc = {**(plan.extra_acc or {}), "super_jump_landing": 2}  # 000 L2231
    perform(ctx, f, plan)


def _slow_startup_due(f: Combatant) -> ongoing.Effect | None:
    return next((e for e in f.ongoing if e.id == OngoingEffectId.slow_startup and e.since is not None), None)


def execute_slow_startup(ctx: Turn, f: Combatant) -> None:
    """The turn after: the move goes off against the declared target for 1 Control, in range or not
    (000 L4846–L4848)."""
    e = _slow_startup_due(f)
    assert e is not None
    f.ongoing = [x for x in f.ongoing if x is not e]
    m = f.move(e.move or "")
    if m is not None and not m.offensive:
        _release_use(ctx, f, m, e.target)
        return
    target = ctx.fighters.get(e.target or "")
    if m is None or target is None or target.defeated or target.side == f.side:
        f.acted = True
        ctx.note("B.1", f.id, f"{f.id}'s Slow Startup move has no target left: the action is spent.", "000 L4846")
        return
    if f.control < 1:
        f.acted = True
        ctx.note("B.3", f.id, f"{f.id} has no Control left to release {m.name}.", "000 L4848")
        return
    ctx.note("B.1", f.id, f"{f.id} releases {m.name} at {target.id} (1 Control).", "000 L4846–L4848")
    plan = Plan(ActionType.attack, target, [m], 0, True, cost=1, key=ctx.peek_key(f.id, "action"), prepare="")
    plan.extra_acc = {}
    f.ignore_range = True
    try:
        perform(ctx, f, plan)
    finally:
        f.ignore_range = False


def _release_use(ctx: Turn, f: Combatant, m: MoveProfile, healed: str | None) -> None:
    """A Utility move readied last turn takes effect at his action for 1 Control, nothing more to pay; a heal goes to
    the one named then (000 L4846–L4848)."""
    if f.control < 1:
        f.acted = True
        ctx.note("B.3", f.id, f"{f.id} has no Control left to release {m.name}.", "000 L4848")
        return
    ctx.note("B.1", f.id, f"{f.id}'s {m.name}, begun last turn, takes effect (1 Control).", "000 L4846–L4848")
    opponents = ctx.opponents(f)
    plan = Plan(ActionType.utility, nearest(ctx, f) if opponents else None, [m], 0, True, cost=1, released=True)
    plan.key = ctx.peek_key(f.id, "action")
    plan.heal_target = ctx.fighters.get(healed or "") if healed is not None else None
    perform(ctx, f, plan)
