"""Holding: a fighter who holds his Initiative may interrupt another's declared attack, the two exchanging as the
book orders them; holders acting from their hold (000 L5513–L5543, ruling A26)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType, Choice, DecisionValue
from ..protocol.names import AttackContext, Point
from ..registry.features import HOLD_RELEASED, UNENGAGED
from ..state.action import Attack, Plan
from ..state.combatant import Combatant
from ..state.profile import MoveTrait
from ..state.turn import Turn
from .a_initiative import roll_off
from .b_recovery import lost_action
from .c_declaration import declare
from .d_attack import land
from .d_performing import crouched, perform, ti_level
from .g_moving import do_move


def _holders(ctx: Turn, f: Combatant) -> list[Combatant]:

    return sorted(
        (
            o
            for o in ctx.opponents(f)
            if o.holding
            and not o.acted
            and not o.action_lost
            and not o.stunned
            and not o.knocked_down
            and not UNENGAGED.fn(o, f)
        ),
        key=lambda o: -o.init,
    )


def held_interrupt(ctx: Turn, f: Combatant, plan: Plan) -> bool:
    """A holder may interrupt ``f`` once his move is declared (after its movement): a separate Initiative roll
    orders the two attacks, a Priority move wins it outright, and the loser may use any defensive option
    (000 L5408, L5513–L5521). Returns True when the exchange took place (both actions are then resolved)."""
    holders = _holders(ctx, f)
    if not holders:
        return False
    if plan.movement:  # the interrupt comes at the end of the movement (000 L5408)
        f.acted = True
        do_move(ctx, f, plan)
        plan.premoved, plan.movement = plan.movement, 0
    for h in holders:
        key, d = ctx.decide(
            h.id,
            "interrupt_move",
            "A.4",
            f"{h.id} is holding: interrupt {f.id}'s {' + '.join(m.name for m in plan.moves)} with an attack, or pass.",
            DecisionValue(choice=Choice.pass_),
        )
        if d.choice in (None, Choice.pass_) and d.action is None:
            continue
        if d.action is not ActionType.attack:
            ctx.fail(
                "INTERRUPT_INVALID",
                f"decisions.{key}",
                f"{key}: an interrupt after a declared move is an attack (action `attack` with its moves), or pass.",
                key=key,
            )
        if d.target is not None and d.target != f.id:
            ctx.fail(
                "INTERRUPT_INVALID",
                f"decisions.{key}.target",
                f"{key}: the interrupt attacks {f.id}, whose action it interrupts.",
                key=key,
            )
        hplan = declare(ctx, h, d.model_copy(update={"target": f.id}), key)
        _exchange(ctx, f, plan, h, hplan)
        return True
    return False


def _priority(plan: Plan) -> bool:
    return any(m.trait(MoveTrait.priority) for m in plan.moves[:1])


def _exchange(ctx: Turn, f: Combatant, plan: Plan, h: Combatant, hplan: Plan) -> None:
    h.holding = False
    h.from_hold = True
    f.committed = h.committed = True
    ctx.note(
        "A.4",
        h.id,
        f"{h.id} interrupts {f.id}'s action from his held Initiative.",
        "000 L5513",
        {"moves": [m.id for m in hplan.moves]},
    )
    if _priority(plan) != _priority(hplan):  # 000 L5521
        order = [(f, plan), (h, hplan)] if _priority(plan) else [(h, hplan), (f, plan)]
        ctx.note("A.4", order[0][0].id, f"{order[0][0].id}'s Priority move goes first without a roll-off.", "000 L5521")
    else:
        first = roll_off(ctx, [f, h], Point.interrupt, f"{h.id} interrupting {f.id}", "000 L5513, L5521")[0]
        order = [(f, plan), (h, hplan)] if first is f else [(h, hplan), (f, plan)]
    # A Super interrupted by a non-Super move has Temporary Invulnerability (000 L5301).
    armor = any(m.is_super for m in plan.moves) and not any(m.is_super for m in hplan.moves)
    f.invulnerable, h.invulnerable = ti_level(plan.moves), ti_level(hplan.moves)  # ruling: both are interrupted
    f.vulnerable = any(m.trait(MoveTrait.vulnerable) for m in plan.moves)
    f.crouching = crouched(plan)  # his Crouching opener helps him Evade the interrupt (000 L3220)
    h.vulnerable = any(m.trait(MoveTrait.vulnerable) for m in hplan.moves)
    try:
        for n, (who, p) in enumerate(order):
            if n and not _still_able(ctx, who, p):
                continue
            f.super_armor = armor and who is h
            perform(ctx, who, p, context=AttackContext.interrupt if who is h else AttackContext.action)
            f.super_armor = False
    finally:
        f.super_armor = False
        f.invulnerable = h.invulnerable = ""
        f.vulnerable = h.vulnerable = False
        f.crouching = False
        f.committed = h.committed = False
        f.acted = h.acted = True
        h.holding = False


def _still_able(ctx: Turn, who: Combatant, p: Plan) -> bool:
    """After the first attack of the exchange: Hit Stun, a Knock Down or a Stun may have cost the action."""
    if who.defeated:
        return False
    if who.action_lost:
        lost_action(ctx, who)
        return False
    if who.acted or who.stunned or who.knocked_down:
        who.acted = True
        ctx.note("B", who.id, f"{who.id} can no longer carry out his attack.", "000 L5521")
        return False
    if p.cost > who.control + p.control_fs:
        who.acted = True
        ctx.note(
            "B.3",
            who.id,
            f"{who.id}'s Control ({who.control}) no longer covers {p.moves[0].name}: the attack is lost.",
            "000 L5936",
        )
        return False
    return True


def settle_holds(ctx: Turn) -> None:
    """A Sustained Hold's second turn: if the holder did not win Initiative outright over his victim, the hold
    ends now with its effects and no damage (000 L4387–L4391; ruling: before any action of the turn)."""
    for fid in ctx.order:
        a = ctx.fighters[fid]
        for e in [x for x in a.ongoing if x.id == OngoingEffectId.sustained_hold]:
            d = ctx.fighters.get(e.target or "")
            m = a.move(e.move or "")
            if d is None or m is None or d.defeated or a.defeated:
                a.ongoing.remove(e)
                continue
            if a.init > d.init:
                continue  # he strikes again at his place in the order
            a.ongoing.remove(e)
            HOLD_RELEASED.fn(ctx, a, d, m, bool(e.charges))


def execute_hold(ctx: Turn, f: Combatant) -> None:
    """The holder won Initiative: the hold hits again by itself for half damage, with all its effects
    (000 L4387)."""
    e = next(x for x in f.ongoing if x.id == OngoingEffectId.sustained_hold)
    f.ongoing.remove(e)
    m = f.move(e.move or "")
    d = ctx.fighters.get(e.target or "")
    f.acted = True
    if m is None or d is None or d.defeated:
        return
    ctx.note("B.1", f.id, f"{f.id}'s Sustained Hold on {d.id} strikes again (half damage).", "000 L4387")
    land(
        ctx,
        Attack(attacker=f, defender=d, moves=[m], context="action", label="D", cost=0, key="", hold_release=True),
        None,
    )
