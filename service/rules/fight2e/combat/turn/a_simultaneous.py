"""Simultaneous Initiative: the formal procedure (declarations, Priority first, those who stay put, then the
movers) and the simplified one (a second roll) (000 L5515–L5589)."""

from __future__ import annotations

from functools import partial

from ....dice import Die
from ..contract.model_types import Figure, OngoingEffectId
from ..contract.models import ACT, ActionType, Choice, ChoiceOption, DecisionValue
from ..registry.features import KNOCKED_BACK, MOVES_PAID
from ..state.action import Outcome, Plan
from ..state.combatant import Combatant
from ..state.profile import MoveTrait
from ..state.turn import Turn, die_for_step
from .a_initiative import roll_off
from .b_action_choices import action_choices
from .b_actions import slot
from .c_declaration import declare
from .d_performing import perform, ti_level
from .g_moving import do_move

PASS = DecisionValue(choice=Choice.pass_)
NON_ATTACK = (ActionType.refocus, ActionType.power_up, ActionType.await_opening)


def _free(f: Combatant) -> bool:
    return not (
        f.defeated
        or f.acted
        or f.action_lost
        or f.stunned
        or f.knocked_down
        or any(e.id == OngoingEffectId.super_jump for e in f.ongoing)
    )  # a Super Jump lands at his slot (000 L2190)


def resolve_group(ctx: Turn, group: list[Combatant]) -> None:
    forced = [f for f in group if not _free(f)]
    for f in forced:
        slot(ctx, f)  # Stun recovery, standing up, lost actions
    free = [f for f in group if _free(f)]
    if len({f.side for f in free}) < 2:
        for f in free:
            slot(ctx, f)
        return
    if ctx.opts.simplified_simultaneous_initiative:
        _simplified(ctx, free)
        return
    _formal(ctx, free)


def _priority_moves(f: Combatant) -> list[str]:
    """The Priority moves his Control reaches this turn (000 L5571: he must have rolled enough Control)."""
    return [m.id for m in f.prof.moves.values() if m.trait(MoveTrait.priority) and m.level <= f.control]


def _declares_priority(ctx: Turn, f: Combatant) -> bool:
    moves = _priority_moves(f)
    if not moves:
        return False
    key, d = ctx.decide(
        f.id,
        "simul_priority",
        "A.4",
        f"{f.id}: declare an attack with a Priority move ({', '.join(moves)}) to go first among the tied.",
        PASS,
        [ChoiceOption(value=ACT, text="declare a Priority attack"), ChoiceOption(value=PASS, text="roll off")],
    )
    if d.choice not in (Choice.act, Choice.pass_):
        ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: choose act or pass.", key=key)
    return d.choice is Choice.act


def _simplified(ctx: Turn, group: list[Combatant]) -> None:
    """Priority attacks declared before the roll go first, rolled off among themselves (000 L5571–L5573); the
    others roll Initiative again (FS allowed), ties re-roll, and act in that order after them (000 L5563–L5569)."""
    first = [f for f in group if _declares_priority(ctx, f)]
    for f in first:
        f.priority_declared = True  # held to it: his action must be that attack (checked at the declaration)
    rest = [f for f in group if f not in first]
    order = _tie_break(ctx, first, "simul_priority") + _tie_break(ctx, rest, "simul")
    ctx.note(
        "A.4",
        None,
        "Simultaneous Initiative, simplified: "
        + (f"Priority first ({', '.join(f.id for f in first)}); " if first else "")
        + ", ".join(f.id for f in order)
        + ".",
        "000 L5563–L5573",
        {},
        {"order": [f.id for f in order]},
    )
    for f in order:
        slot(ctx, f)
        f.priority_declared = False


def _tie_break(ctx: Turn, group: list[Combatant], point: str) -> list[Combatant]:
    """A second Initiative roll (FS allowed, ties re-roll) ordering ``group``; one alone needs none."""
    if len(group) < 2:
        return list(group)
    rolls: dict[str, int] = {}
    pending = list(group)
    for _ in range(10):
        for f in pending:
            key, d = ctx.decide(
                f.id,
                f"{point}_fs",
                "A.4",
                f"{f.id}: Fighting Spirit on the tie-breaking Initiative roll (up to {f.pl}).",
                DecisionValue(fs=0),
            )
            fs = d.fs or 0
            if fs > f.pl or fs > f.fs:
                ctx.fail(
                    "FS_EXCEEDS_POWER_LEVEL" if fs > f.pl else "FS_INSUFFICIENT",
                    f"decisions.{key}",
                    f"{key}: {fs} FS is too much.",
                    key=key,
                )
            f.fs -= fs
            step = die_for_step(min(f.init_step + fs, 3))
            rolls[f.id] = ctx.roll(f.id, f"{point}_init", step, "simultaneous Initiative tie-break", "A.4")
        totals = [rolls[f.id] for f in group]
        pending = [f for f in group if totals.count(rolls[f.id]) > 1]
        if not pending:
            break
    return sorted(group, key=lambda f: -rolls[f.id])


def _fitting(ctx: Turn, f: Combatant, declared: list[ActionType]) -> list[ChoiceOption]:
    """The exchange's choices left to a later declarer: Refocus, Power Up and Await Opening only if everyone uses
    one (000 L6039), so after an attack none of them, after one of them only those."""
    out = action_choices(ctx, f, simultaneous=True)
    if not declared:
        return out
    idle = any(k in NON_ATTACK for k in declared)
    return [c for c in out if (c.value.action in NON_ATTACK) is idle] or out


def _formal(ctx: Turn, group: list[Combatant]) -> None:
    ctx.note(
        "A.4",
        None,
        "Simultaneous Initiative: " + ", ".join(f.id for f in group) + " declare in ascending "
        "order of Control; no Combos.",
        "000 L5515–L5545",
    )
    plans: dict[str, Plan] = {}
    for f in sorted(group, key=lambda f: f.control):
        key, d = ctx.decide(
            f.id,
            "simul_declare",
            "A.4",
            f"{f.id} declares his action for the simultaneous exchange (movement, move, target).",
            None,
            partial(_fitting, ctx, f, [p.kind for p in plans.values()]),
        )
        if d.action is None:
            ctx.fail("DECISION_INVALID", f"decisions.{key}.action", f"{key}: say which action.", key=key)
        plans[f.id] = declare(ctx, f, d, key, simultaneous=True)
        ctx.note(
            "A.4",
            f.id,
            f"{f.id} declares {d.action.value}"
            + (f" with {', '.join(d.moves)}" if d.moves else "")
            + (f", moving {d.movement}" if d.movement else "")
            + ".",
            "000 L5517, L5543",
        )
    kinds = [p.kind for p in plans.values()]
    if any(k in NON_ATTACK for k in kinds) and not all(k in NON_ATTACK for k in kinds):
        first = next(p for p in plans.values() if p.kind in NON_ATTACK)
        ctx.fail(
            "SIMULTANEOUS_NON_ATTACK_ACTION",
            f"decisions.{first.key}",
            f"{first.key}: Refocus, Power Up and Await Opening only if every fighter of the exchange uses one.",
            key=first.key,
        )
    supers = [fid for fid, p in plans.items() if any(m.is_super for m in p.moves)]
    if len({ctx.fighters[fid].side for fid in supers}) > 1:
        supers = _super_rolloff(ctx, supers, plans)
        group = [f for f in group if not f.acted]
    for fid in supers:
        ctx.fighters[fid].super_armor = True  # Temporary Invulnerability against non-Super moves (000 L5301)
    for f in group:
        f.invulnerable = ti_level(plans[f.id].moves)  # attacking at the same time (000 L4323)
        f.vulnerable = any(m.trait(MoveTrait.vulnerable) for m in plans[f.id].moves)  # 000 L4892
    by_control = sorted(group, key=lambda f: -f.control)
    priority = [
        f
        for f in by_control
        if plans[f.id].kind is ActionType.attack
        and (plans[f.id].moves[0].trait(MoveTrait.priority) or plans[f.id].moves[0].throw)
    ]
    rest = [f for f in by_control if f not in priority]
    for f in priority:  # Priority (and Throws) first, one by one (000 L5577–L5579, L4347; ruling A27 by Control)
        _run(ctx, [f], plans)
    still = [f for f in rest if _can_go(ctx, f, plans[f.id])]
    _run(ctx, [f for f in still if plans[f.id].movement == 0], plans)
    movers = [f for f in still if plans[f.id].movement and _can_go(ctx, f, plans[f.id])]
    for f in movers:  # all movement first, then the actions (000 L5553–L5555)
        f.acted = True

        do_move(ctx, f, plans[f.id])
        plans[f.id].movement = 0
    _run(ctx, movers, plans)
    for f in group:
        f.super_armor = False
        f.invulnerable = ""
        f.vulnerable = False


def _super_rolloff(ctx: Turn, supers: list[str], plans: dict[str, Plan]) -> list[str]:
    """Two Supers on simultaneous Initiative: all pay their Super Energy, a separate Initiative roll (FS allowed,
    ties re-roll) says which one is launched; the others' actions are spent (000 L5299–L5301)."""
    group = [ctx.fighters[fid] for fid in supers]
    winner = roll_off(ctx, group, "super", "simultaneous Super Moves", "000 L5301")[0]
    for f in group:
        if f is winner:
            continue
        MOVES_PAID.fn(ctx, f, plans[f.id].moves)
        f.acted = True
        ctx.note(
            "A.4",
            f.id,
            f"{f.id} loses the Super roll-off: his Super Energy is spent and his Super is not launched.",
            "000 L5301",
            {},
            {Figure.super_energy: f.se, "acted": True},
        )
    return [winner.id]


def _can_go(ctx: Turn, f: Combatant, plan: Plan) -> bool:
    if f.defeated or f.action_lost or f.stunned or f.knocked_down:
        ctx.note("B", f.id, f"{f.id} can no longer carry out his declared action.", "000 L5521")
        return False
    if plan.moves and plan.cost > f.control:
        f.acted = True
        ctx.note(
            "B.3",
            f.id,
            f"{f.id}'s Control ({f.control}) no longer covers {plan.moves[0].name}: the action is lost.",
            "000 L5936",
        )
        return False
    return True


def _run(ctx: Turn, members: list[Combatant], plans: dict[str, Plan]) -> None:
    """One simultaneous phase: everyone acts on the state at its start; Knock Back and the first-hit refund are
    settled afterwards (000 L5581–L5585, L5489)."""
    if not members:
        return
    for f in members:
        f.acted = True  # a hit inside the phase does not stop the others' actions
    awarded = ctx.first_hit_awarded
    ctx.first_hit_awarded = True if len(members) > 1 else awarded
    results: list[tuple[Combatant, Plan, Outcome | None]] = []
    down = {f.id for f in members if f.defeated}
    if len(members) > 1:
        # Everyone acts on the state at the phase's start, the hits' effects come at its end (000 L5518, L5575);
        # ruling: one defeated in the phase still makes his simultaneous attack (a double defeat can happen).
        ctx.exchange = []
    for f in members:
        if f.id in down:
            continue
        plan = plans[f.id]
        out = perform(ctx, f, plan, context="simultaneous", apply_knockback=len(members) == 1)
        results.append((f, plan, out))
    if len(members) == 1:
        ctx.first_hit_awarded = awarded or ctx.first_hit_awarded
        return
    ctx.first_hit_awarded = awarded
    dealt: dict[str, int] = {}
    taken: dict[str, int] = {}
    kb: dict[str, tuple[int, str]] = {}
    for f, plan, out in results:
        if out is None or not out.hit or plan.target is None:
            continue
        dealt[f.id] = dealt.get(f.id, 0) + out.life_lost
        t = plan.target.id
        taken[t] = taken.get(t, 0) + out.life_lost
        if out.knockback > kb.get(t, (0, ""))[0]:
            kb[t] = (out.knockback, f.id)
    if not awarded and dealt and any(dealt.values()):
        top = max(dealt.values())
        leaders = [fid for fid, v in dealt.items() if v == top]
        ctx.first_hit_awarded = True
        if len(leaders) == 1:
            a = ctx.fighters[leaders[0]]
            gain = min(a.pl, max(a.fs_start - a.fs, 0))
            a.fs += gain
            ctx.note(
                "E.1",
                a.id,
                f"First hit of the round (most damage in the exchange): {a.id} regains {gain} FS.",
                "000 L5489",
                {},
                {"fs": a.fs},
            )
        else:
            ctx.note("E.1", None, "Simultaneous first hits with equal damage: no Fighting Spirit refund.", "000 L5489")
    if kb:
        most = max(taken.get(t, 0) for t in kb)
        victims = [t for t in kb if taken.get(t, 0) == most]
        victim = victims[0]
        if len(victims) > 1:
            r = ctx.roll("fight", "knockback_tie", Die(3), "Knock Back tie", "E.3")
            victim = victims[(r - 1) % len(victims)]
        ranges, by = kb[victim]
        d = ctx.fighters[victim]
        if not d.defeated:
            before, after = KNOCKED_BACK.fn(ctx, ctx.fighters[by], d, ranges)
            ctx.note(
                "E.3",
                victim,
                f"Of the simultaneous hits only {victim}, who took the most damage, is Knocked "
                f"Back {ranges}: Range {before} → {after}.",
                "000 L5581–L5585",
                {},
                {"range": after},
            )
    waiting, ctx.exchange = ctx.exchange or [], None
    for effect in waiting:  # after the Knock Back, as in a single attack (E.3 before E.4–E.8)
        effect()
