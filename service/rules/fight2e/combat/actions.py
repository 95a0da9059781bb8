"""Steps B–D and G for the fighter whose place in the order has come: forced actions, holding, Hit Stun's
choice, movement and its Fighting Spirit, the attack or other action, and movement after it
(000 L5393–L5443, L5591–L5644, L5992–L6049)."""

from __future__ import annotations

from dataclasses import replace

from ...dice import Die
from . import (
    access,
    bombs,
    buff_modifiers,
    charge,
    effects,
    enhancer,
    free_movement,
    gradual,
    hazards,
    knockdown_chain,
    limited_move,
    maneuvers,
    moveable_bomb,
    movement,
    multi_part_throw,
    ongoing,
    positions,
    power_up_elements,
    power_up_utility,
    props,
    ranged,
    records,
    sequences,
    sidestep_setup,
    styles,
    summon,
    super_only,
    suppression,
    tag_team,
    taunts,
    techniques,
    transformations,
)
from .attack import land, resolve
from .attack_records import Attack, Outcome, Plan
from .combo import check_combo, control_cost
from .effects import on_use, report_unsupported
from .fighter import F
from .initiative import roll_off
from .models import MAX_CHOICES, MAX_DECISION_MOVES, ActionType, Choice, ChoiceOption, DecisionValue, Direction
from .move_profile import MoveProfile
from .responses import movement_fs, reaction_window
from .state import Ctx, Invalid
from .super_energy import pay_supers

BEFORE = {
    "normal_move": (0, 1),
    "mobile": (0, 2),
    "long_mobile": (1, 3),
    "throw_movement": (0, 1),
    "after_mobile": (0, 0),
    "passing": (1, 1),
    "no_movement": (0, 0),
}  # 000 L2377–L2391


# ── the slot ─────────────────────────────────────────────────────────────────────────────────────


def slot(ctx: Ctx, f: F, point: str = "action") -> None:
    """Everything that happens when ``f``'s place in the order comes (B.0–B.3)."""
    if f.defeated or f.tag_waiting:  # Tag Team: switched out before his place came
        return
    if f.acted:
        ctx.note("B", f.id, f"{f.id} has already used his action this turn.", "000 L5521")
        return
    if multi_part_throw.held_down(ctx, f):
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
    if point == "action" and _slow_startup_due(f) is None and not any(e.id == "sustained_hold" for e in f.ongoing):
        key, d = ctx.decide(
            f.id, "act_or_hold", "A.4", f"{f.id}: act now or hold his Initiative.", DecisionValue(choice=Choice.act)
        )
        if d.choice is Choice.hold:
            f.holding = True
            ctx.note(
                "A.4", f.id, f"{f.id} holds his Initiative (Initiative {f.init}).", "000 L5513", {}, {"holding": True}
            )
            return
        if d.choice not in (None, Choice.act):
            ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: choose act or hold.", key=key)
    act(ctx, f, point)


def lost_action(ctx: Ctx, f: F) -> None:
    """The action was lost before it came: a Stun recovery, standing up, or nothing (000 L5936, L5946)."""
    if f.stunned:
        recover(ctx, f)
        return
    f.acted = True
    if f.knocked_down and f.kd_before_acting:
        f.knocked_down = False
        f.stood_this_turn = True
        ctx.note(
            "B.0",
            f.id,
            f"{f.id} spends his action standing up; he rolls Initiative one die size lower next turn.",
            "000 L5962",
            {},
            {"knocked_down": False},
        )
        return
    ctx.note("B.0", f.id, f"{f.id} has lost his action this turn.", "000 L5936, L5946", {}, {"acted": True})


def recover(ctx: Ctx, f: F) -> None:
    """One Stun recovery action (000 L5978, L5990); with a Knock Down the same action stands him up (L5986)."""
    f.acted = True
    f.stunned -= 1
    text = f"{f.id} spends his action recovering from Stun"
    if f.stunned <= 0:
        f.stunned = 0
        f.stun_damage = 0
        text += " and is no longer Stunned"
    else:
        text += f" ({f.stunned} action to go)"
    if f.knocked_down:
        f.knocked_down = False
        f.stood_this_turn = True
        f.stood_penalty = True
        text += "; the same action stands him up (−1 Initiative step next turn)"
    ctx.note("B.0", f.id, text + ".", "000 L5978–L5990", {}, {"stunned": f.stunned > 0})


def _prone_attack(ctx: Ctx, f: F, d: DecisionValue, key: str) -> None:
    """Only When Prone: the move replaces the action a Knock Down takes, at −1 Accuracy; he is still down after it
    (000 L4737–L4743). Ruling: offered at his place in the order while down from an earlier turn."""
    m = f.move((d.moves or [""])[0])
    if m is None or not m.has("only_when_prone") or len(d.moves or []) != 1:
        ctx.fail(
            "ONLY_WHEN_PRONE_INVALID",
            f"decisions.{key}",
            f"{key}: `act` from the ground needs one Only When Prone move.",
            key=key,
        )
    assert m is not None
    target = _target(ctx, f, d.target, key)
    if m.level > f.control:
        ctx.fail("INSUFFICIENT_CONTROL", f"decisions.{key}", f"{key}: {m.name} needs {m.level} Control.", key=key)
    ctx.note("B.0", f.id, f"{f.id} attacks from the ground with {m.name} (−1 Accuracy); he stays down.", "000 L4743")
    # the −1 is the Liability's own Accuracy modifier in the catalogue, already in the move's figure (000 L4741)
    plan = Plan(ActionType.attack, target, [m], 0, True, cost=m.level, key=key)
    perform(ctx, f, plan)


def stand(ctx: Ctx, f: F) -> None:
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
    if m is None or "reversal" not in m.responses:
        ctx.fail(
            "RESPONSE_NO_ELEMENT",
            f"decisions.{key}",
            f"{key}: '{d.moves[0]}' is not a Reversal move of {f.id}.",
            key=key,
        )
    target = _target(ctx, f, d.target, key)
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


def _target(ctx: Ctx, f: F, ident: str | None, key: str) -> F:
    if ident is None:
        opp = ctx.opponents(f)
        if len(opp) == 1 and not hazards.in_pit(opp[0]):
            return opp[0]
        ident = opp[0].id if len(opp) == 1 else None
    if ident is None:
        ctx.fail("DECISION_INVALID", f"decisions.{key}.target", f"{key}: name the target.", key=key)
    t = ctx.fighters.get(ident)  # type: ignore[arg-type]
    if t is None:
        ctx.fail("UNKNOWN_FIGHTER", f"decisions.{key}.target", f"{key}: no fighter '{ident}'.", key=key)
    assert t is not None
    if t.defeated or t.side == f.side or hazards.in_pit(t) or t.tag_waiting:  # waiting partner: out of the fight
        ctx.fail(
            "TARGET_UNAVAILABLE", f"decisions.{key}.target", f"{key}: {t.id} cannot be attacked by {f.id}.", key=key
        )
    from .invisibility import blocked

    if blocked(f, t):
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"decisions.{key}.target",
            f"{key}: {f.id} chose to keep clear of the invisible {t.id} this turn.",
            key=key,
        )  # 000 L3591
    if multi_part_throw.sealed(ctx, f, t):
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"decisions.{key}.target",
            f"{key}: {t.id} is locked in a Multi-Part Throw; nobody else can reach him.",
            key=key,
        )  # 000 L3769
    return t


def _heal_target(ctx: Ctx, f: F, m: MoveProfile, ident: str | None, key: str) -> F:
    """Heal Others: the user or another fighter (`target`; the user when none is named), never the user with Only
    Heal Others (000 L3446–L3454)."""
    t = ctx.fighters.get(ident) if ident is not None else f
    if t is None or t.defeated or (t is f and m.has("healing.only_heal_others")):
        ctx.fail(
            "HEAL_TARGET_INVALID", f"decisions.{key}.target", f"{key}: {ident} cannot be healed by {m.name}.", key=key
        )
    assert t is not None
    return t


def action_choices(ctx: Ctx, f: F, simultaneous: bool = False) -> list[ChoiceOption]:
    """The single-move actions he can afford, each a complete value; an attack names its target when there is more
    than one opponent and says whether it reaches at the distance as it stands (``can_hit``)."""
    from .attack import range_ok

    out = [
        ChoiceOption.model_construct(
            value=DecisionValue(action=ActionType.move, movement=n),
            fs=_move_only_fs(f, n),
            control=0,
            text=f"move {n} Range{'s' if n > 1 else ''}" + (" (+1 to every Defense Total this turn)" if n == 1 else ""),
        )
        for n in (1, 2, 3)
    ]
    foes = ctx.opponents(f)
    for m in f.prof.moves.values():
        if m.level <= f.control and (m.offensive or m.utility) and not m.has("counter"):
            kind = ActionType.attack if m.offensive else ActionType.utility
            if kind is ActionType.utility or not foes:
                out.append(
                    ChoiceOption.model_construct(
                        value=DecisionValue(action=kind, moves=[m.id]),
                        fs=0,
                        control=m.level,
                        text=f"{kind.value}: {m.name} (L{m.level})",
                    )
                )
                continue
            if m.is_super and f.se < super_only.cost(ctx, f, m):
                continue  # not enough Super Energy (000 L5281)
            for o in foes:
                reach = range_ok(m, ctx.distance(f, o))
                out.append(
                    ChoiceOption.model_construct(
                        value=DecisionValue(action=kind, moves=[m.id], target=o.id if len(foes) > 1 else None),
                        fs=0,
                        control=m.level,
                        can_hit=reach,
                        text=f"{kind.value}: {m.name} (L{m.level})"
                        + (f" at {o.id}" if len(foes) > 1 else "")
                        + ("" if reach else " (out of reach from here)"),
                    )
                )
                if not reach:
                    out += _closing_in(ctx, f, [m], o, len(foes) > 1)
    if simultaneous:  # the exchange's choices are those of an ordinary action (no Combos, 000 L5517)
        return out + [
            ChoiceOption.model_construct(value=DecisionValue(action=kind), fs=0, control=0, text=kind.value)
            for kind in (ActionType.refocus, ActionType.power_up, ActionType.await_opening)
        ]
    tail = [
        ChoiceOption.model_construct(value=DecisionValue(action=kind), fs=0, control=0, text=text)
        for kind, text in (
            (ActionType.refocus, "Refocus (1d4 + half Power Level FS)"),
            (ActionType.power_up, "Power Up (+1d6 Super Energy)"),
            (ActionType.await_opening, "Await Opening"),
            (ActionType.none, "do nothing" + (" (+2 Control steps next turn)" if _idle_bonus(f) else "")),
        )
    ]
    tail += transformations.choices(ctx, f) + tag_team.choices(ctx, f)
    if foes:
        out += _combo_choices(ctx, f, foes, room=MAX_CHOICES - len(out) - len(tail))
    return out + tail


def _closing_in(ctx: Ctx, f: F, moves: list[MoveProfile], o: F, name: bool) -> list[ChoiceOption]:
    """The same attack after the fewest Ranges of movement toward ``o`` that bring it in reach (Range mode; none
    for a move with No Movement)."""
    from .attack import range_ok

    if ctx.band_mode or any(m.has("no_movement") for m in moves):
        return []
    dist = ctx.distance(f, o)
    for n in (1, 2, 3):
        if n <= dist and range_ok(moves[0], dist - n):
            return [
                ChoiceOption.model_construct(
                    value=DecisionValue(
                        action=ActionType.attack,
                        moves=[m.id for m in moves],
                        movement=n,
                        direction=Direction.toward,
                        target=o.id if name else None,
                    ),
                    fs=_move_only_fs(f, n),
                    control=control_cost(moves),
                    can_hit=True,
                    text=f"move {n} toward {o.id}, then " + " + ".join(m.name for m in moves),
                )
            ]
    return []


def _combo_choices(ctx: Ctx, f: F, foes: list[F], room: int) -> list[ChoiceOption]:
    """A few ready-made Combos: each attacking move he can afford opening (or, for a Throw, closing) a run of Basic
    Moves, as long as his Combo Skill and Control allow it and the Combo is legal. Any other legal Combo may be sent
    as well; these are offered so that a client can pick one without building it, so they fill only the ``room``
    the answer's bound on choices leaves after the single actions (a high Combo Skill would list hundreds)."""
    from .attack import range_ok

    basic = f.move("basic_move")
    if basic is None or f.prof.combo < 2:
        return []
    out: list[ChoiceOption] = []
    mark = len(ctx.violations)
    for m in f.prof.moves.values():
        if not m.offensive or m.is_super or m.has("counter"):
            continue
        for n in range(1, min(f.prof.combo, MAX_DECISION_MOVES)):  # no longer than a decision can name
            if len(out) + 2 > room:  # this Combo and the move closing in to it might not fit
                return out
            moves = [basic] * n + [m] if m.throw else [m] + [basic] * n
            cost = control_cost(moves)
            if cost > f.control:
                break
            try:
                check_combo(ctx, f, moves, "combo")
            except Invalid:
                del ctx.violations[mark:]
                break
            o = foes[0]
            reach = range_ok(moves[0], ctx.distance(f, o))
            out.append(
                ChoiceOption.model_construct(
                    value=DecisionValue(action=ActionType.attack, moves=[x.id for x in moves]),
                    fs=0,
                    control=cost,
                    can_hit=reach,
                    text="Combo: " + " + ".join(x.name for x in moves),
                )
            )
            if not reach:
                out += _closing_in(ctx, f, moves, o, len(foes) > 1)
    return out


def _idle_bonus(f: F) -> bool:
    """Hit-Stunned with Control left when his action comes: doing nothing earns the Control bonus (000 L5942)."""
    return f.hit_stun and f.control > 0


def idle(ctx: Ctx, f: F, text: str) -> None:
    """He neither moves nor acts this turn, however it was declared (`action: none`, or a hold never used): after
    Hit Stun with Control left, his next Control roll is two die sizes larger (000 L5942–L5944, L5397, L10223)."""
    bonus = _idle_bonus(f)
    f.acted = True
    f.holding = False
    f.idle_after_hit_stun = f.idle_after_hit_stun or bonus
    ctx.note(
        "B.3" if bonus else "B.1",
        f.id,
        text + (": +2 Control steps next turn" if bonus else "") + ".",
        "000 L5942–L5944" if bonus else "000 L5593",
        {},
        {"acted": True, "control_bonus": bonus},
    )


def _move_only_fs(f: F, n: int) -> int:
    base = 1 if n == 3 else 0
    return movement_fs(f, base) if n else 0


def act(ctx: Ctx, f: F, point: str = "action") -> None:
    """B.3 then B.1: the fighter's one action."""
    if point == "action" and multi_part_throw.stalled(ctx, f):
        return
    if point == "action" and hazards.leap_out(ctx, f):
        return
    if point == "action" and _slow_startup_due(f) is not None:
        execute_slow_startup(ctx, f)
        return
    if point == "action" and any(e.id == "sustained_hold" for e in f.ongoing):
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
    if point == "action" and not multi_part_throw.declared(ctx, f, d):
        return
    plan = declare(ctx, f, d, key, simultaneous=point == "simul_declare")
    if point == "action" and plan.kind is ActionType.attack and held_interrupt(ctx, f, plan):
        return
    perform(ctx, f, plan)


# ── a holder interrupting a declared attack ──────────────────────────────────────────────────────────


def _holders(ctx: Ctx, f: F) -> list[F]:
    from .invisibility import blocked

    return sorted(
        (
            o
            for o in ctx.opponents(f)
            if o.holding
            and not o.acted
            and not o.action_lost
            and not o.stunned
            and not o.knocked_down
            and not blocked(o, f)
        ),
        key=lambda o: -o.init,
    )


def held_interrupt(ctx: Ctx, f: F, plan: Plan) -> bool:
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
    return any(m.has("priority") for m in plan.moves[:1])


def _exchange(ctx: Ctx, f: F, plan: Plan, h: F, hplan: Plan) -> None:
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
        first = roll_off(ctx, [f, h], "interrupt", f"{h.id} interrupting {f.id}", "000 L5513, L5521")[0]
        order = [(f, plan), (h, hplan)] if first is f else [(h, hplan), (f, plan)]
    # A Super interrupted by a non-Super move has Temporary Invulnerability (000 L5301).
    armor = any(m.is_super for m in plan.moves) and not any(m.is_super for m in hplan.moves)
    f.invulnerable, h.invulnerable = ti_level(plan.moves), ti_level(hplan.moves)  # ruling: both are interrupted
    f.vulnerable = any(m.has("vulnerability") for m in plan.moves)
    h.vulnerable = any(m.has("vulnerability") for m in hplan.moves)
    try:
        for n, (who, p) in enumerate(order):
            if n and not _still_able(ctx, who, p):
                continue
            f.super_armor = armor and who is h
            perform(ctx, who, p, context="interrupt" if who is h else "action")
            f.super_armor = False
    finally:
        f.super_armor = False
        f.invulnerable = h.invulnerable = ""
        f.vulnerable = h.vulnerable = False
        f.committed = h.committed = False
        f.acted = h.acted = True
        h.holding = False


def _still_able(ctx: Ctx, who: F, p: Plan) -> bool:
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


def declare(ctx: Ctx, f: F, d: DecisionValue, key: str, simultaneous: bool = False) -> Plan:
    """Validate an action declaration completely before anything happens."""
    kind = d.action
    assert kind is not None
    free_movement.check_action(ctx, f, kind, key)
    path = f"decisions.{key}"
    n = d.movement or 0
    suppression.check_action(ctx, f, kind, n, key)
    styles.check_action(ctx, f, d, kind, n, key)
    toward = d.direction is not Direction.away
    super_jump = kind is ActionType.move and d.technique is not None and d.technique.value == "super_jump"
    if n > (4 if super_jump else 3):
        ctx.fail("MOVEMENT_TOO_FAR", path, f"{key}: at most 3 Ranges of movement (a Super Jump 4).", key=key)
    buff_modifiers.check_action(ctx, f, kind, n, list(d.moves or []), key)
    if kind is ActionType.switch:  # Tag Team: Switching Teammates (000 L6281)
        return Plan(kind, tag_team.check_switch(ctx, f, d, key), [], 0, True, key=key)
    if kind in (ActionType.attack, ActionType.utility):
        tag_acc = tag_team.check_combo(ctx, f, list(d.moves or []), key) if ctx.opts.tag_team else {}
        plan = _declare_move(ctx, f, d, key, kind, n, toward, simultaneous)
        plan.extra_acc = {**(plan.extra_acc or {}), **tag_acc} if tag_acc else plan.extra_acc  # 000 L6291
        return plan
    sidestep_setup.check(ctx, f, [], key)  # a non-attack action ends a Sidestep Setup chance (000 L4827)
    if kind is ActionType.transform:  # Transformations: the change is the whole action (000 L5313)
        transformations.check(ctx, f, n, key)
        return Plan(kind, None, [], 0, True, key=key)
    target = None
    if d.target is not None or kind in (ActionType.taunt,):
        target = _target(ctx, f, d.target, key)
    elif ctx.opponents(f):
        target = _nearest(ctx, f)
    plan = Plan(kind, target, [], n, toward, key=key)
    if kind is ActionType.move:
        if n == 0:
            ctx.fail("DECISION_INVALID", path, f"{key}: a movement action moves 1 to 3 Ranges.", key=key)
        plan.fs_move = _move_only_fs(f, n)
        limited = styles.movement_fs(ctx, f, kind, None, n, key)
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
    elif kind in (ActionType.refocus, ActionType.await_opening):
        if n > 1 or (n == 1 and toward):
            ctx.fail(
                "MOVEMENT_DIRECTION_INVALID", path, f"{key}: {kind.value} allows 1 Range away from opponents.", key=key
            )
        if kind is ActionType.await_opening and f.hit_stun:
            ctx.fail("AWAIT_OPENING_AFTER_HIT_STUN", path, f"{key}: no Await Opening after Hit Stun.", key=key)
        plan.fs_move = movement_fs(f, 0) if n else 0
    elif kind is ActionType.power_up:
        if n:
            ctx.fail("POWER_UP_WITH_MOVEMENT", path, f"{key}: Power Up allows no movement.", key=key)
        if f.pl < 3:
            ctx.fail("POWER_UP_BELOW_PL3", path, f"{key}: Power Up needs Power Level 3.", key=key)
    elif kind is ActionType.taunt:
        if (
            not techniques.has(ctx, f, "taunts")
            or f.taunt_used
            or f.from_hold
            or target is None
            or target.init >= f.init
        ):
            ctx.fail(
                "TAUNT_INVALID",
                path,
                f"{key}: Taunt needs the option, a target with lower Initiative, no holding, and is once per combat.",
                key=key,
            )
        if n > 1:
            ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", path, f"{key}: the Taunt has Normal Move.", key=key)
        plan.fs_move = movement_fs(f, 0) if n else 0
    elif n:
        ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", path, f"{key}: no movement with this action.", key=key)
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
        for o in ctx.opponents(f):
            if positions.after_move_range(ctx, f, o, n, False) < 2:
                ctx.fail(
                    "REFOCUS_TOO_CLOSE",
                    path,
                    f"{key}: Refocus needs Range 2 or more from every opponent (ruling A19: after its movement).",
                    key=key,
                )
    return plan


def _nearest(ctx: Ctx, f: F) -> F:
    return min(ctx.opponents(f), key=lambda o: ctx.distance(f, o))


def _declare_move(
    ctx: Ctx, f: F, d: DecisionValue, key: str, kind: ActionType, n: int, toward: bool, simultaneous: bool
) -> Plan:
    path = f"decisions.{key}"
    ids = d.moves or []
    if not ids:
        ctx.fail("DECISION_INVALID", f"{path}.moves", f"{key}: name the move or the Combo.", key=key)
    moves: list[MoveProfile] = []
    for mid in ids:
        m = f.move(mid)
        if m is None:
            ctx.fail("UNKNOWN_MOVE", f"{path}.moves", f"{key}: {f.id} has no move '{mid}'.", key=key)
        assert m is not None
        moves.append(m)
    sequences.check(ctx, f, moves, f"{path}.moves", key)
    access.check(ctx, f, moves, f"{path}.moves", key)
    prepare, extra_damage, extra_acc = _extended(ctx, f, moves, key, simultaneous)
    from . import triggered

    if not prepare and triggered.arms(ctx, f, moves, key):
        prepare = "triggered_interrupt"  # used as an action it is only armed (000 L4404)
    offensive = [m for m in moves if m.offensive]
    if kind is ActionType.attack and not offensive:
        ctx.fail("UTILITY_MOVE_IS_NOT_AN_ATTACK", f"{path}.moves", f"{key}: no Offensive move in the attack.", key=key)
    if kind is ActionType.utility and offensive:
        ctx.fail(
            "UTILITY_MOVE_IS_NOT_AN_ATTACK",
            f"{path}.moves",
            f"{key}: a Utility action has only Utility moves.",
            key=key,
        )
    for m in moves:
        if m.has("counter") or m.has("interrupt.interrupt_only") or hazards.sidestep_only(m):
            ctx.fail(
                "COUNTER_MOVE_AS_ATTACK",
                f"{path}.moves",
                f"{key}: {m.name} works only as a Defensive Response.",
                key=key,
            )
    if len(moves) > 1:
        if simultaneous:
            ctx.fail(
                "SIMULTANEOUS_COMBO_FORBIDDEN",
                f"{path}.moves",
                f"{key}: no Combos in simultaneous Initiative.",
                key=key,
            )
        check_combo(ctx, f, moves, key)
    cost = control_cost(moves) if len(moves) > 1 else moves[0].level
    cost += sum(1 for m in moves if _power_up_version(m) == "life_bar")  # one more Control (000 L3860)
    if any(e.id == "wind_up" and e.move not in ids[:1] for e in f.ongoing):
        cost += 2  # every other move while a Wind Up is held (000 L4449)
    if prepare:
        cost = moves[0].level
    control_fs = d.fs or 0
    if control_fs:
        if not f.natural_12:
            ctx.fail(
                "FS_CONTROL_WITHOUT_NATURAL_12",
                f"{path}.fs",
                f"{key}: Control above the roll needs a natural 12 on a d12.",
                key=key,
            )
        if control_fs > f.pl or control_fs > f.fs:
            ctx.fail(
                "FS_EXCEEDS_POWER_LEVEL" if control_fs > f.pl else "FS_INSUFFICIENT",
                f"{path}.fs",
                f"{key}: {control_fs} FS on Control is too much.",
                key=key,
            )
    if cost > f.control + control_fs:
        ctx.fail(
            "INSUFFICIENT_CONTROL", f"{path}.moves", f"{key}: {cost} Control needed; {f.id} has {f.control}.", key=key
        )
    empty = ongoing.check_charges(f, moves)
    if empty is not None:
        ctx.fail("LIMITED_USE_NO_CHARGES", f"{path}.moves", f"{key}: pool {empty} has too few charges left.", key=key)
    super_only.usable(ctx, f, moves, f"{path}.moves", key)
    transformations.usable(ctx, f, moves, f"{path}.moves", key)
    se_need = sum(super_only.cost(ctx, f, m) for m in moves if m.is_super or m.has("super_energy_liability"))
    if se_need > f.se:
        ctx.fail(
            "INSUFFICIENT_SUPER_ENERGY",
            f"{path}.moves",
            f"{key}: {se_need} Super Energy needed; {f.id} has {f.se}.",
            key=key,
        )
    healer = next((m for m in moves if m.has("healing.heal_others")), None)
    heal_target = None
    if kind is ActionType.utility and healer is not None:
        heal_target = _heal_target(ctx, f, healer, d.target, key)
        target = _nearest(ctx, f) if ctx.opponents(f) else None
    else:
        target = (
            _target(ctx, f, d.target, key)
            if kind is ActionType.attack or d.target
            else (_nearest(ctx, f) if ctx.opponents(f) else None)
        )
    if kind is ActionType.attack and target is not None and target.knocked_down:
        pursuit = moves[0].id == "pursuit_attack" or moves[0].has("pursuit")
        if not pursuit and not ctx.opts.hit_downed_attacks:
            ctx.fail(
                "TARGET_KNOCKED_DOWN",
                f"{path}.target",
                f"{key}: only a Pursuit attack hits a Knocked Down fighter.",
                key=key,
            )
    if kind is ActionType.attack and target is not None and free_movement.immune(target):
        ctx.fail(
            "TARGET_UNAVAILABLE",
            f"{path}.target",
            f"{key}: {target.id} is in Free Movement: no attack reaches him.",
            key=key,
        )  # 000 L3380
    if kind is ActionType.attack and target is not None and ongoing.super_jumping(target):
        for m in offensive:
            if not (
                m.is_special
                and (m.has("ranged") or m.has("aerial") or m.has("hard_to_evade") or m.has("hits_super_jump"))
            ):
                ctx.fail(
                    "TARGET_UNAVAILABLE",
                    f"{path}.target",
                    f"{key}: {target.id} is in a Super Jump; only "
                    "Ranged, Aerial, Hard to Evade (or Hits Super Jump) Special Moves reach him.",
                    key=key,
                )
        if any(m.has("hits_super_jump") for m in moves):
            extra_acc = {**(extra_acc or {}), "hits_super_jump": 1}  # 000 L3474
    for i, m in enumerate(moves):
        if m.has("only_when_prone") and not any(x.has("self_prone") for x in moves[:i]):
            ctx.fail(
                "ONLY_WHEN_PRONE_INVALID",
                f"{path}.moves",
                f"{key}: {m.name} is used only from the ground, in "
                "place of the action a Knock Down takes (or after a Self-Prone move in a Combo).",
                key=key,
            )
        if m.has("end_buff.end_only") and not any(e.id == "buff" for e in f.ongoing):
            ctx.fail("END_ONLY_WITHOUT_BUFF", f"{path}.moves", f"{key}: {m.name} needs a Buff in effect.", key=key)
    if kind is ActionType.attack:
        records.check_use_locks(ctx, f, offensive, f"{path}.moves", key)  # flying (000 L3370)
    _charge_back(ctx, f, moves, n, toward, target, cost, key)
    hazards.check_requirements(ctx, f, moves, target, key)
    hazards.check_create(ctx, f, moves, key)
    knockdown_chain.check_target(ctx, f, moves, target, key)
    sidestep_setup.check(ctx, f, moves, key)
    plan = Plan(
        kind,
        target,
        moves,
        n,
        toward,
        cost=cost,
        control_fs=control_fs,
        key=key,
        full_offense=bool(d.full_offense),
        prepare=prepare,
        extra_damage=extra_damage,
        extra_acc=extra_acc,
        heal_target=heal_target,
    )
    _movement(ctx, f, plan, d, key)
    charge.ready(ctx, f, plan)
    return plan


def _extended(
    ctx: Ctx, f: F, moves: list[MoveProfile], key: str, simultaneous: bool
) -> tuple[str, int, dict[str, int] | None]:
    """Set Up and Wind Up (000 L4123–L4131, L4443–L4451): readying the move, or using the readied one.
    A readied Wind Up counts as an L1 move (``moves`` is changed in place) and hits harder."""
    if not f.prof.entry_ids & _EXTENDED:
        return "", 0, None
    first = moves[0]
    path = f"decisions.{key}.moves"
    if any(m.has("slow_startup") for m in moves):
        if len(moves) > 1 or simultaneous:
            ctx.fail(
                "RULE_UNSUPPORTED",
                path,
                f"{key}: a Slow Startup move in a Combo or a simultaneous exchange is not resolved yet; use it alone.",
                key=key,
            )
        return "slow_startup", 0, None
    if first.has("set_up"):
        armed = ongoing.active(f, "set_up", first.id)
        if armed is None:
            if len(moves) == 1 and not simultaneous:
                return "set_up", 0, None
        else:
            if armed.since is not None and ctx.turn - armed.since < 2:
                ctx.fail(
                    "SET_UP_CONSECUTIVE_TURNS",
                    path,
                    f"{key}: {first.name} was readied last turn; a turn must pass between its uses.",
                    key=key,
                )
            # Powerless: +2 damage (000 L4139); the +2 Accuracy is in the move's own Accuracy (000 L4131)
            return "", 2 if first.has("set_up.powerless") else 0, None
    if first.has("wind_up"):
        held = ongoing.active(f, "wind_up", first.id)
        if held is not None:
            passed = max((held.since or 0) - ctx.time_count, 0)
            moves[0] = replace(first, level=1)  # used later as an L1 move (000 L4449)
            return "", min(passed // 3, first.level * 3), None
        if len(moves) == 1 and not simultaneous:
            _, d = ctx.decide(
                f.id,
                "wind_up",
                "B.1",
                f"{f.id}: strike with {first.name} now, or hold it for a "
                "later turn (it gains +1 damage for every 3 Time Count).",
                DecisionValue(choice=Choice.act),
            )
            if d.choice is Choice.hold:
                return "wind_up", 0, None
    return "", 0, None


def _charge_back(
    ctx: Ctx, f: F, moves: list[MoveProfile], n: int, toward: bool, target: F | None, cost: int, key: str
) -> None:
    """Charge Back needs one of: 1 Range or more away just before (or standing at Range 4), the last attack on
    him blocked with Defense without moving (this turn: earlier turns are not carried), Control 2 above the
    need, or 3 Control of moves before it in a Combo (000 L3085–L3099)."""
    if "charge_back" not in f.prof.entry_ids:
        return
    for i, m in enumerate(moves):
        if not m.has("charge_back"):
            continue
        if i:
            ok = sum(x.level for x in moves[:i]) >= 3
        else:
            at_4 = target is not None and ctx.distance(f, target) >= 4 and n == 0
            ok = (n >= 1 and not toward) or at_4 or f.blocked_last or f.control >= cost + 2
        if not ok:
            ctx.fail(
                "CHARGE_BACK_NOT_READY",
                f"decisions.{key}.moves",
                f"{key}: {m.name} needs a Charge Back: "
                "move away first, block the last attack, roll 2 Control above the need, or (in a Combo) 3 "
                "Control of moves before it.",
                key=key,
            )


def _movement(ctx: Ctx, f: F, plan: Plan, d: DecisionValue, key: str) -> None:
    """C: the movement the first move allows and what it costs (000 L5603–L5644, L2377–L2391)."""
    path = f"decisions.{key}.movement"
    first = plan.moves[0]
    n = plan.movement
    mv = first.movement
    utility = plan.kind is ActionType.utility
    lo, hi = BEFORE.get(mv, (0, 1))
    if mv == "mobile" and utility:
        hi = 3
    if first.id == "basic_move":
        lo, hi = 0, 2  # the Basic Move is Mobile: a 2-Range jumping attack (000 L2088–L2096)
    if d.wall_spring:
        _wall_spring(ctx, f, plan, key)
        lo = hi = 3
    if mv == "passing":
        lo = 0  # "can move 1 Range before" (000 L2389)
    if not lo <= n <= hi:
        ctx.fail(
            "MOVEMENT_NOT_ALLOWED_BY_KEYWORD",
            path,
            f"{key}: {first.name} ({mv.replace('_', ' ')}) allows {lo}–{hi} Ranges before it, not {n}.",
            key=key,
        )
    kws = first.keywords
    if "dash" in kws and n < 2:
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} must move at least 2 Ranges.", key=key)
    if n and "away" in kws and plan.toward:
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} must move away.", key=key)
    if n and "closer" in kws and not plan.toward:
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} must move closer.", key=key)
    if first.has("limited_movement") and "closer" in kws and n < 1 and plan.kind is ActionType.attack:
        # Limited Movement (Closer): at least 1 Range forward before the attack (000 L4599).
        ctx.fail(
            "MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} needs at least 1 Range forward first.", key=key
        )
    target = plan.target
    end = positions.after_move_range(ctx, f, target, n, plan.toward) if target is not None else 3
    if plan.wall_spring and target is not None:
        end = _wall_spring_end(ctx, f, target)
    if n == 3 and mv == "mobile" and end == 0 and not plan.wall_spring:
        ctx.fail("MOBILE_ENDS_AT_RANGE_0", path, f"{key}: a 3-Range Mobile move cannot end at Range 0.", key=key)
    q = f.prof.qualities
    base = 0
    free_move = first.has("teleportation") > 0  # Mobile with no FS cost (000 L4303–L4309)
    if target is not None and "pass_through" in f.prof.entry_ids:
        free_move = free_move or movement.pass_through(ctx, first, n, plan.toward, ctx.distance(f, target), end, key)
    if n >= 2 and not free_move:
        base = 1  # 000 L5632; ruling A15 for Utility and After Mobile
        if plan.kind is ActionType.attack and n == 2:
            jumper_ok = first.kind == "basic" or (mv == "mobile" and first.has("aerial"))
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
    if d.cross_up:
        # an Aerial move is a jump too (000 L2103): a 2-Range Aerial Mobile attack may Cross-Up, as the Cross-Up
        # Liability presumes (000 L4539)
        aerial_jump = plan.kind is ActionType.attack and n == 2 and first.has("aerial") > 0 and "runner" not in q
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


_GUARDED = frozenset({"temporary_invulnerability", "vulnerability"})
_EXTENDED = frozenset({"slow_startup", "set_up", "wind_up"})
_AREA = frozenset({"area_effect", "explosive"})


def _start_super_jump(ctx: Ctx, f: F, plan: Plan) -> None:
    """The whole action starts the Super Jump: 1 FS, meanwhile 2 Ranges toward the destination (all of it when it
    is 2 or less away); he lands at his next action (000 L2187–L2190). Ruling: no Reaction Attack on the take-off,
    he is already out of reach of all but Ranged, Aerial and Hard to Evade Special Moves (000 L2191)."""
    assert plan.target is not None
    f.fs -= plan.fs_move
    now = min(plan.movement, 2)
    before = ctx.distance(f, plan.target)
    positions.move(ctx, f, plan.target, now, plan.toward)
    f.jumped = True
    f.ongoing = [e for e in f.ongoing if e.id != "super_jump"]
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


def _super_jump_due(ctx: Ctx, f: F) -> bool:
    e = ongoing.active(f, "super_jump")
    return e is not None and e.since is not None and e.since < ctx.turn


def land_super_jump(ctx: Ctx, f: F) -> None:
    """He lands at the start of his action; after 3 Ranges or fewer he may make a Basic Offensive Mobile attack at
    +2 Accuracy (a Combo may follow) on a target in range that has not moved this turn, never a Cross-Up; else his
    action is over (000 L2190, L2231)."""
    e = ongoing.active(f, "super_jump")
    assert e is not None
    ongoing.land(ctx, f, "he lands at his action")
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


def _power_up_version(m: MoveProfile) -> str:
    return str(m.options.get("power_up", {}).get("version") or "control") if m.has("power_up") else ""


def _power_up(ctx: Ctx, f: F, plan: Plan) -> None:
    """Power Up, decided before the attack roll: +1 damage per extra Control demanded (the move's need at most twice
    its Level) or per Life Bar spent (at most Power Level); halved when the move does not open the Combo
    (000 L3852–L3862)."""
    i, m = next(((i, m) for i, m in enumerate(plan.moves) if m.has("power_up")), (0, None))
    if m is None:
        return
    version = _power_up_version(m)
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
    for_damage = power_up_elements.buy(ctx, f, plan, i, m, n) if version == "control" else n
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


def _wall_spring(ctx: Ctx, f: F, plan: Plan, key: str) -> None:
    """Offensive Wall Spring: 1 Range back onto the stage border, then 3 forward into a Basic Offensive Mobile
    attack (000 L2237–L2241; ruling: exactly 1 back, for the book's net gain of 2)."""
    first = plan.moves[0]
    target = plan.target
    # A Special Move springs only with the Wall Spring Element (000 L3701).
    springy = (first.kind == "basic" and "mobile" in first.keywords) or first.has("mobile.wall_spring") > 0
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


def _wall_spring_end(ctx: Ctx, f: F, target: F) -> int:
    if not ctx.band_mode:
        return abs(ctx.distance(f, target) + 1 - 3)
    pos, tpos = ctx.bands[f.id], ctx.bands[target.id]
    back = pos - 1 if tpos >= pos else pos + 1
    land = min(max(back + (3 if tpos >= back else -3), 1), 6)
    return abs(land - tpos)


def ti_level(moves: list[MoveProfile]) -> str:
    """Temporary Invulnerability a move or Combo gives its user while it is under way (000 L4323–L4327)."""
    ti = [m for m in moves if m.has("temporary_invulnerability")]
    return ("super" if any(m.is_super for m in ti) else "special") if ti else ""


def perform(ctx: Ctx, f: F, plan: Plan, context: str = "action", apply_knockback: bool = True) -> Outcome | None:
    """Carry out a validated plan: movement (C), then the action (C.5, D, refocus …), then G.1."""
    if not f.prof.entry_ids & _GUARDED:
        return _perform(ctx, f, plan, context, apply_knockback)
    prev, prev_v = f.invulnerable, f.vulnerable
    f.invulnerable = prev or ti_level(plan.moves)
    f.vulnerable = prev_v or any(m.has("vulnerability") for m in plan.moves)
    try:
        return _perform(ctx, f, plan, context, apply_knockback)
    finally:
        f.invulnerable, f.vulnerable = prev, prev_v


def _perform(ctx: Ctx, f: F, plan: Plan, context: str, apply_knockback: bool) -> Outcome | None:
    f.acted = True
    f.holding = False
    if plan.kind is not ActionType.await_opening:
        f.awaiting = False
    if plan.super_jump:
        _start_super_jump(ctx, f, plan)
        return
    if plan.kind is ActionType.switch and plan.target is not None:
        tag_team.switch(ctx, f, plan.target)
        return None
    if plan.kind is ActionType.transform:
        transformations.transform(ctx, f)  # Beast Form (000 L5311–L5319)
        return None
    attacking = plan.kind is ActionType.attack
    hazards.before_action(ctx, f, attacking)
    if attacking:
        hazards.exploit(ctx, f, plan.target)
    start = ctx.distance(f, plan.target) if plan.target is not None else 0
    if plan.movement:
        do_move(ctx, f, plan)
    maneuvers.declare(ctx, f, plan.target, plan.movement)
    kind = plan.kind
    if kind not in (ActionType.attack, ActionType.utility):
        sequences.action_taken(ctx, f, kind.value)  # 000 L3750
    if kind is ActionType.none:
        idle(ctx, f, f"{f.id} does nothing this turn")
        return None
    if kind is ActionType.move:
        f.air_bonus = plan.air_bonus
        if plan.movement == 1:
            f.moved_one_bonus = True  # 000 L5638
        if plan.target is not None and _entered_close(ctx, f, plan):
            reaction_window(
                ctx, f, "moved in without attacking", jumped=plan.movement >= 2 and "runner" not in f.prof.qualities
            )
        return
    if kind is ActionType.refocus:
        f.non_attack_action = True
        r = ctx.roll(f.id, "refocus", Die(2), "Refocus", "B.1")
        gain = min(r + f.pl // 2, max(f.fs_start - f.fs, 0))
        f.fs += gain
        ctx.note(
            "B.1",
            f.id,
            f"{f.id} Refocuses: 1d4 ({r}) + {f.pl // 2} → regains {gain} FS (capped at his starting total).",
            "000 L6041",
            {"roll": r},
            {"fs": f.fs},
        )
        return
    if kind is ActionType.power_up:
        f.non_attack_action = True
        if (
            plan.target is not None
            and ctx.distance(f, plan.target) <= 1
            and reaction_window(ctx, f, "Power Up", jumped=False)
        ):
            ctx.note("B.1", f.id, "Hit while powering up: no Super Energy.", "000 L6008, L6021")
            return
        r = ctx.roll(f.id, "power_up", Die(3), "Power Up", "B.1")
        before = f.se
        if f.prof.has_supers and buff_modifiers.se_frozen(f) is None:  # 000 L3067
            f.se = min(f.se + r, ctx.opts.super_energy_max)
        ctx.note(
            "B.1",
            f.id,
            f"{f.id} Powers Up: +{f.se - before} Super Energy ({r} rolled).",
            "000 L6043",
            {"roll": r},
            {"super_energy": f.se},
        )
        return
    if kind is ActionType.await_opening:
        f.non_attack_action = True
        f.awaiting = True
        ctx.note("B.1", f.id, f"{f.id} Awaits an Opening.", "000 L6045–L6049", {}, {"awaiting": True})
        return
    if kind is ActionType.taunt:
        assert plan.target is not None
        if ctx.distance(f, plan.target) <= 1 and reaction_window(ctx, f, "Taunt", jumped=False):
            return
        f.taunt_used = True
        r = ctx.roll(f.id, "taunt_glory", Die(2), "Taunt Glory", "B.1")
        ctx.award(f.id, r, f"Taunt against {plan.target.id}", "000 L2141")
        return
    if kind is ActionType.utility:
        _utility(ctx, f, plan)
        return
    if plan.prepare:
        _prepare(ctx, f, plan)
        return
    assert plan.target is not None
    if (
        not hazards.checked_attack(ctx, f, plan.target, plan.movement, plan.key)
        or not hazards.requirement_met(ctx, f, plan.moves, plan.target, plan.key)
        or not hazards.behind_ok(ctx, f, plan.target, plan.moves, start, plan.movement, plan.toward, plan.key)
    ):
        return None
    extra: dict[str, int] = dict(plan.extra_acc or {})
    if plan.mobility_penalty:
        extra["mobility"] = -1
    extra.update(hazards.wall_bounce(ctx, f, plan.target, plan.moves[0]))
    if (
        plan.target.knocked_down
        and ctx.opts.hit_downed_attacks
        and not (plan.moves[0].id == "pursuit_attack" or plan.moves[0].has("pursuit"))
    ):
        extra["downed_target"] = -2 if plan.moves[0].has("hits_low") else -4  # 000 L2165
    full_screen = (
        plan.moves[0].has("mobile.full_screen")
        and max(plan.movement, plan.premoved) == 3
        and not plan.moves[0].has("mobile.fast_full_screen")
    )
    pay_supers(ctx, f, plan.moves)
    ongoing.spend_charges(ctx, f, plan.moves)
    f.fs -= plan.charge_fs
    if plan.control_fs:
        f.fs -= plan.control_fs
        f.control += plan.control_fs
    _power_up(ctx, f, plan)
    if hazards.creates(plan.moves):
        hazards.create(ctx, f, plan.moves[0], plan.target, plan.key)
        for m in plan.moves:
            on_use(ctx, f, m)
        hazards.after_action(ctx, f, plan.moves)
        return None
    if "ranged.accuracy_for_damage" in f.prof.entry_ids:
        extra.update(ranged.accuracy_for_damage(ctx, f, plan))
    plan.moves = props.use_recovery(ctx, f, plan.moves)
    kick = moveable_bomb.choose(ctx, f, plan.moves, plan.target)
    if kick is not None:
        if ctx.band_mode:
            moveable_bomb.kick_on_map(ctx, f, plan.moves[0], kick[0], kick[1], plan.target, kick[2])
            if len(plan.moves) == 1:
                return None
            plan.moves = plan.moves[1:]  # the rest of the Combo goes at the target (000 L2893)
            kick = None
        else:
            kicked = plan.moves[0]
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
        _spend_readied(ctx, f, m)
    hits_before = f.was_hit
    centre = _blast_centre(f, plan)
    out = _resolve_blast(ctx, atk, centre)
    for other in _area_targets(ctx, f, plan):
        if f.defeated or other.defeated:
            continue
        out = _resolve_blast(ctx, replace(atk, defender=other, extra_acc=dict(atk.extra_acc)), centre)
    if kick is not None:
        moveable_bomb.after_roll(ctx, atk, out.hit, kicked, kick[0], kick[1])
    summon.join(ctx, f, plan.moves, plan.target, out)
    for m in plan.moves:
        on_use(ctx, f, m)
    hazards.after_action(ctx, f, plan.moves)
    sequences.used(ctx, f, plan.moves)
    taunts.taunt_glory(ctx, f, plan.moves, plan.target)
    if not f.defeated and not (f.was_hit and not hits_before):
        post_move(ctx, f, plan)
    tag_team.combo_switch(ctx, f, plan.moves, out.hit, f.was_hit and not hits_before)  # 000 L6289–L6291
    return out


def _blast_centre(f: F, plan: Plan) -> F | None:
    """The centre of a Reduced Damage explosion: the target of a Ranged one, else the user (000 L3326–L3334)."""
    m = next((m for m in plan.moves if m.has("explosive.reduced_damage")), None)
    if m is None:
        return None
    return plan.target if m.has("ranged") else f


def _resolve_blast(ctx: Ctx, atk: Attack, centre: F | None) -> Outcome:
    if centre is None:
        return resolve(ctx, atk)
    atk.defender.blast_steps = ctx.distance(centre, atk.defender)
    try:
        return resolve(ctx, atk)
    finally:
        atk.defender.blast_steps = 0


def _area_targets(ctx: Ctx, f: F, plan: Plan) -> list[F]:
    """Area Effect (Range 0–1) and Explosive (Range 0–2; around the target when Ranged): everyone else there,
    friend or foe, is attacked as well, each with his own roll and defence (000 L2831–L2839, L3324–L3330; ruling:
    one after the other, Responses settled as they come)."""
    if not f.prof.entry_ids & _AREA:
        return []
    explosive = next((m for m in plan.moves if m.has("explosive")), None)
    if explosive is None and not any(m.has("area_effect") for m in plan.moves):
        return []
    radius = 2 if explosive is not None else 1
    centre = plan.target if explosive is not None and explosive.has("ranged") and plan.target is not None else f
    from .invisibility import blocked  # nothing he does touches an invisible fighter he keeps clear of (000 L3591)

    return [
        o
        for i in ctx.order
        if (o := ctx.fighters[i]) is not f
        and o is not plan.target
        and o.active
        and ctx.distance(centre, o) <= radius
        and not multi_part_throw.sealed(ctx, f, o)
        and not blocked(f, o)
        and not hazards.in_pit(o)
    ]


def _entered_close(ctx: Ctx, f: F, plan: Plan) -> bool:
    return any(ctx.distance(f, o) <= 1 for o in ctx.opponents(f)) and plan.toward


def do_move(ctx: Ctx, f: F, plan: Plan) -> None:
    before = ctx.distance(f, plan.target) if plan.target is not None else None
    f.fs -= plan.fs_move
    if plan.wall_spring:
        positions.move(ctx, f, plan.target, 1, False)
        f.moved -= 1  # the leap back is part of the spring
        ctx.note("C", f.id, f"{f.id} leaps back 1 Range onto the stage border for a Wall Spring.", "000 L2237–L2239")
    positions.move(ctx, f, plan.target, plan.movement, plan.toward)
    after = ctx.distance(f, plan.target) if plan.target is not None else None
    f.jumped = plan.jumping or (plan.kind is ActionType.move and plan.movement == 3)
    ctx.note(
        "C",
        f.id,
        f"{f.id} moves {plan.movement} Range{'s' if plan.movement > 1 else ''} "
        f"{'toward' if plan.toward else 'away'}"
        + (f" (Range {before} → {after})" if before is not None else "")
        + (f", {plan.fs_move} FS" if plan.fs_move else "")
        + ".",
        "000 L5603–L5644",
        {"ranges": plan.movement, "fs": plan.fs_move},
        {"range": after, "fs": f.fs},
    )


def post_move(ctx: Ctx, f: F, plan: Plan) -> None:
    """G.1: Passing and After Mobile movement after the move (000 L2387–L2389, L5442)."""
    last = plan.moves[-1] if plan.moves else None
    if last is None or last.movement not in ("passing", "after_mobile") or plan.target is None:
        return
    if buff_modifiers.rooted(f):
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


def _prepare(ctx: Ctx, f: F, plan: Plan) -> None:
    """Readying a Set Up or Wind Up move: like a Utility move, no roll and no Glory (000 L4127, L4447)."""
    m = plan.moves[0]
    sequences.used(ctx, f, plan.moves)
    near = [o for o in ctx.opponents(f) if ctx.distance(f, o) <= 1]
    if near and reaction_window(ctx, f, f"readying {m.name}", jumped=False):
        ctx.note("C.5", f.id, f"{m.name} is interrupted: it is not readied.", "000 L6002")
        return
    if plan.prepare == "slow_startup":
        assert plan.target is not None
        f.ongoing.append(ongoing.Effect("slow_startup", m.id, None, ctx.turn, plan.target.id))
        ctx.note(
            "C.5",
            f.id,
            f"{f.id} begins {m.name} against {plan.target.id}: it strikes next turn; until then "
            "he defends with Defense only and a hit cancels it.",
            "000 L4840–L4846",
            {"move": m.id},
            {"slow_startup": plan.target.id},
        )
    elif plan.prepare == "triggered_interrupt":
        from . import triggered

        triggered.arm(ctx, f, m)
    elif plan.prepare == "set_up":
        f.ongoing.append(ongoing.Effect("set_up", m.id, None, ctx.turn))
        ctx.note(
            "C.5",
            f.id,
            f"{f.id} sets up {m.name}: its next use, after at least one turn, has +2 Accuracy.",
            "000 L4127–L4131",
            {"move": m.id},
            {"set_up": True},
        )
    else:
        f.ongoing.append(ongoing.Effect("wind_up", m.id, None, ctx.start_time))
        ctx.note(
            "C.5",
            f.id,
            f"{f.id} holds {m.name} wound up from Time Count {ctx.start_time}; his other moves "
            "cost 2 more Control meanwhile.",
            "000 L4447–L4451",
            {"move": m.id},
            {"wind_up": ctx.start_time},
        )
    post_move(ctx, f, plan)


def settle_holds(ctx: Ctx) -> None:
    """A Sustained Hold's second turn: if the holder did not win Initiative outright over his victim, the hold
    ends now with its effects and no damage (000 L4387–L4391; ruling: before any action of the turn)."""
    for fid in ctx.order:
        a = ctx.fighters[fid]
        for e in [x for x in a.ongoing if x.id == "sustained_hold"]:
            d = ctx.fighters.get(e.target or "")
            m = a.move(e.move or "")
            if d is None or m is None or d.defeated or a.defeated:
                a.ongoing.remove(e)
                continue
            if len([f for f in ctx.fighters.values() if f.active]) > 2:
                ctx.unsupported_rule(
                    "sustained_hold",
                    f"fighters[{a.index}].state.ongoing_effects",
                    "other fighters cannot reach the pair during a Sustained Hold: not applied",
                )
            if a.init > d.init:
                continue  # he strikes again at his place in the order
            a.ongoing.remove(e)
            effects.release_hold(ctx, a, d, m)


def execute_hold(ctx: Ctx, f: F) -> None:
    """The holder won Initiative: the hold hits again by itself for half damage, with all its effects
    (000 L4387)."""
    e = next(x for x in f.ongoing if x.id == "sustained_hold")
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


def _slow_startup_due(f: F) -> ongoing.Effect | None:
    return next((e for e in f.ongoing if e.id == "slow_startup" and e.since is not None), None)


def execute_slow_startup(ctx: Ctx, f: F) -> None:
    """The turn after: the move goes off against the declared target for 1 Control, in range or not
    (000 L4846–L4848)."""
    e = _slow_startup_due(f)
    assert e is not None
    f.ongoing = [x for x in f.ongoing if x is not e]
    m = f.move(e.move or "")
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


def _spend_readied(ctx: Ctx, f: F, m: MoveProfile) -> None:
    before = len(f.ongoing)
    f.ongoing = [e for e in f.ongoing if not (e.id in ("set_up", "wind_up") and e.move == m.id)]
    if len(f.ongoing) != before:
        ctx.note("D.1", f.id, f"{f.id} unleashes the readied {m.name}.", "000 L4129, L4449", {"move": m.id})


def _healed(ctx: Ctx, f: F, plan: Plan, m: MoveProfile) -> F | None:
    """Who a Healing move heals: the user, or with Heal Others the fighter named, if he is at Range 0–2 (the move's
    own Range when it has one) after the movement (000 L3446–L3448)."""
    t = plan.heal_target
    if not m.has("healing.heal_others") or t is None or t is f:
        return f
    reach = m.range if m.range is not None else (0, 2)
    if not reach[0] <= ctx.distance(f, t) <= reach[1]:
        ctx.note("C.5", f.id, f"{t.id} is out of {m.name}'s Range: nobody is healed.", "000 L3448")
        return None
    return t


def _healing(ctx: Ctx, f: F, m: MoveProfile, first: bool, healed: F) -> None:
    """Healing: the move's damage die, without Strength (1d6 for a Special, 1d8 for a Super, Increased and Decreased
    Damage steps), all or half of it, 1 later in a Combo; applied at H.1 (000 L3436–L3444, L2285, L3526–L3534)."""
    from .state import die_for_step

    step = (1 if m.is_super else 0) + min(m.has("increased_damage") // 2, 3) - m.has("decreased_damage")
    d = die_for_step(step)
    roll = ctx.roll(f.id, "healing", d, f"healing of {m.name}", "C.5")
    full = m.options.get("healing", {}).get("heal") == "full"
    amount = (roll if full else roll // 2) if first else 1
    amount = gradual.heal_split(ctx, f, m, healed, amount) if first else amount  # 000 L3392
    healed.heal += amount
    ctx.note(
        "C.5",
        f.id,
        f"{m.name}: {healed.id} will heal {amount} at the end of the turn ({d} rolled {roll}"
        + ("" if full else ", halved")
        + ").",
        "000 L3436–L3454",
        {"roll": roll, "die": str(d)},
        {"heal": healed.heal},
    )


def _utility(ctx: Ctx, f: F, plan: Plan) -> None:
    """C.5: no roll; the effects and Glory apply unless a Reaction Attack hits (000 L5996–L6004)."""
    names = " + ".join(m.name for m in plan.moves)
    for m in plan.moves:
        report_unsupported(ctx, f, m)
    near = [o for o in ctx.opponents(f) if ctx.distance(f, o) <= 1]
    if near and reaction_window(
        ctx, f, f"the Utility move {names}", jumped=False, aerial_utility=any(m.has("aerial") for m in plan.moves)
    ):
        ctx.note("C.5", f.id, f"{names} is interrupted: no effect and no Glory.", "000 L6002")
        return
    ctx.note("C.5", f.id, f"{f.id} uses {names}.", "000 L5996–L6004", {"moves": [m.id for m in plan.moves]})
    props.use_recovery(ctx, f, plan.moves)
    plan.moves = enhancer.apply(ctx, f, plan.moves)
    plan.moves = taunts.lend(ctx, f, plan.moves)  # a Taunt's Element Addition (000 L4291–L4301)
    # A Utility Super pays here, once not interrupted (ruling: an interrupted Utility move is not performed).
    pay_supers(ctx, f, plan.moves)  # also counts Cheap uses
    kept = limited_move.apply(ctx, f, plan.moves, plan.target)
    if kept is None:  # its Limited Move drawback applies: no effect, no Glory
        post_move(ctx, f, plan)
        return
    plan.moves = kept
    taunts.taunt_glory(ctx, f, plan.moves, plan.target)
    ongoing.spend_charges(ctx, f, plan.moves)
    powered, boost = power_up_utility.decide(ctx, f, plan)
    short_fuse: list[ongoing.Effect] = []
    for i, m in enumerate(plan.moves):
        if m.id.startswith(styles.PREFIX):
            styles.use_command(ctx, f, m, len(plan.moves) > 1, plan.key)
        summon.call(ctx, f, m, plan.target)
        on_use(ctx, f, m)
        if m.has("bomb"):
            before = power_up_utility.bombs_of(f)
            placed = bombs.place(ctx, f, m, plan.target)
            power_up_utility.charge_bomb(f, before, m, boost if m is powered else 0)
            short_fuse += [placed] if placed is not None else []
        if m.id == "detonate" and m.kind == "command":
            bombs.detonate(ctx, f)
        if m.id == gradual.TRIGGER and m.kind == "command":
            gradual.trigger(ctx, f)
        healed = _healed(ctx, f, plan, m) if m.has("healing") else None
        if healed is not None:
            _healing(ctx, f, m, first=i == 0, healed=healed)
            power_up_utility.add_heal(ctx, f, healed, m, boost if m is powered else 0)
        if m.id not in f.utility_used and m.kind != "command" and not m.has("cheap"):  # Special Moves (000 L5749)
            f.utility_used.append(m.id)
            ctx.award(f.id, styles.glory(f, m, m.level), f"first use of the Utility move {m.name}", "000 L5751")
    sequences.used(ctx, f, plan.moves)
    post_move(ctx, f, plan)
    tag_team.combo_switch(ctx, f, plan.moves, False, False)  # an all-Utility Combo counts as a miss (000 L6291)
    for e in short_fuse:
        bombs.explode(ctx, f, e, "the Short Timer ran out: it goes off after his action")  # 000 L2929–L2931
