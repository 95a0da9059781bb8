"""F.2 Evasion results, F.3 Defensive Responses (000 L5826–L5902) and Reaction Attacks (000 L6006–L6033)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import (
    access,
    buff_modifiers,
    free_movement,
    hazards,
    invincible_interrupts,
    multi_part_throw,
    positions,
    props,
    sequences,
    sidestep_setup,
    styles,
    summon,
    suppression,
    techniques,
)
from .combo import check_combo, control_cost
from .fighter import F
from .models import Choice, ChoiceOption, DecisionValue, DefenseOption, ResponseKind
from .move_profile import MoveProfile
from .state import Ctx
from .super_energy import pay_supers

if TYPE_CHECKING:
    from .attack_records import Attack, Guard

SKILL_OF = {
    ResponseKind.counter: DefenseOption.defense,
    ResponseKind.mid_air_teleport: DefenseOption.evasion,
    ResponseKind.sidestep_counter: DefenseOption.evasion,
}
NO_ATTACK = (ResponseKind.jinking, ResponseKind.mid_air_teleport)


def movement_fs(f: F, base: int) -> int:
    """Big +1 on movement that already costs FS (000 L1080); Hit Stun +1 on any movement (000 L5938)."""
    cost = base + (1 if base > 0 and f.prof.big else 0)
    return cost + (1 if f.hit_stun else 0)


def _pay(ctx: Ctx, f: F, cost: int, key: str, what: str) -> None:
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


def evasion_result(ctx: Ctx, atk: Attack, guard: Guard) -> None:
    """F.2: move exactly 2 Ranges for 1 FS, or +2 Accuracy on the next attack against the attacker
    (000 L5834–L5836; ruling A28)."""
    a, d = atk.attacker, atk.defender
    if any(e.id == "super_jump" for e in d.ongoing):
        ctx.note("F.2", d.id, f"{d.id} evades in his Super Jump: no move and no Accuracy bonus.", "000 L2193")
        return
    must_move = any(m.has("hits_low") for m in atk.moves) or bool(guard.technique)  # 000 L3464, L2145, L2183
    rooted = buff_modifiers.rooted(d)
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
        _pay(ctx, d, cost, key, "the Evasion move")
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
        dv.choice is Choice.sidestep and techniques.has(ctx, d, "sidestep") and not must_move and hazards.resolved(ctx)
    ):
        # With Hazards in play a Sidestep is a free Maneuver Check with one (ruling: 1 FS, as the Evasion move;
        # 000 L2225–L2229).
        _pay(ctx, d, movement_fs(d, 1), key, "the Sidestep")
        hazards.sidestep_check(ctx, d, a, "F.2")
    elif dv.choice is Choice.sidestep and techniques.has(ctx, d, "sidestep") and not must_move:
        # Sidestep without Hazards in play: 1 Range either way (1 FS, as the Evasion move) and +2 Accuracy on his
        # next attack against the attacker, lost if hit first (000 L2221, L2229).
        cost = movement_fs(d, 1)
        _pay(ctx, d, cost, key, "the Sidestep")
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


def _aerial_block(ctx: Ctx, atk: Attack) -> None:
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
    _pay(ctx, d, cost, key, "the Aerial Block move")
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


def _eligible_moves(d: F, kind: ResponseKind) -> list[MoveProfile]:
    if kind is ResponseKind.interrupt and "triggered_interrupt" in d.prof.entry_ids:
        # ruling: a Triggered Interrupt answers only through its own decision, once armed (000 L4404)
        return [
            m
            for m in d.prof.moves.values()
            if "interrupt" in m.responses and not m.has("triggered_interrupt") and not access.locked(d, m)
        ]
    return [m for m in d.prof.moves.values() if kind.value in m.responses and not access.locked(d, m)]


def after_miss(ctx: Ctx, atk: Attack, guard: Guard) -> None:
    a, d = atk.attacker, atk.defender
    if guard.option is DefenseOption.evasion:
        props.evaded(ctx, a, d, atk.moves, access.locked)  # ruling: an Evasion-based Response counts (000 L4757)
    if guard.option is DefenseOption.evasion and guard.response is None:
        evasion_result(ctx, atk, guard)
    if guard.option is DefenseOption.defense_evasion and ctx.opts.aerial_blocks:
        _aerial_block(ctx, atk)
    from .invisibility import blocked

    if blocked(d, a):
        return  # he keeps clear of the invisible attacker: no Defensive Response (000 L3591)
    if summon.is_ally_attack(atk):
        # ruling: the Ally cannot be targeted, so no Response answers its own attack; one Response, taken against
        # its summoner's attack, answers the pair (000 L4197, L4203)
        return
    skills = {guard.option}
    if guard.response is not None:
        skills = {DefenseOption.tactics} if guard.response is not ResponseKind.mid_air_teleport else skills
    only_jinking = d.action_lost or d.control <= 0  # 000 L5858
    offer = []
    for kind in ResponseKind:
        need = SKILL_OF.get(kind, DefenseOption.tactics)
        if guard.response is not None and kind is not guard.response:
            continue
        if guard.response is None and kind in (
            ResponseKind.priority,
            ResponseKind.mid_air_teleport,
            ResponseKind.ranged,
        ):
            continue  # declared with the Defense Total (ruling A16)
        if need not in skills and guard.response is None:
            continue
        if only_jinking and kind is not ResponseKind.jinking:
            continue
        if kind is ResponseKind.jinking or _eligible_moves(d, kind):
            offer.append(kind)
    offer = multi_part_throw.open_responses(atk, offer)
    if not offer and not ctx.supplied(ctx.peek_key(d.id, "defensive_response")):
        return
    default = DecisionValue(choice=Choice.pass_)
    if guard.response is not None:
        moves = invincible_interrupts.first(_eligible_moves(d, guard.response))
        if d.declared_illusion:  # the Offensive Illusion declared with the Defense Total (000 L3490)
            moves = [m for m in moves if m.id == d.declared_illusion] or moves
        default = DecisionValue(choice=Choice.act, response=guard.response, moves=[moves[0].id] if moves else None)
    choices = [ChoiceOption.model_construct(value=DecisionValue(choice=Choice.pass_), fs=0, control=0, text="pass")]
    for kind in offer:
        if kind is ResponseKind.jinking:
            choices.append(
                ChoiceOption.model_construct(
                    value=DecisionValue(choice=Choice.act, response=kind),
                    fs=movement_fs(d, 0),
                    control=0,
                    text="Jinking: step 1 Range away",
                )
            )
            continue
        for m in _eligible_moves(d, kind):
            if m.level <= d.control:
                choices.append(
                    ChoiceOption.model_construct(
                        value=DecisionValue(choice=Choice.act, response=kind, moves=[m.id]),
                        fs=0,
                        control=m.level,
                        text=f"{kind.value.replace('_', ' ')} Response with {m.name}",
                    )
                )
    key, dv = ctx.decide(
        d.id,
        "defensive_response",
        "F.3",
        f"{d.id} may use a Defensive Response against {a.id}: " + ", ".join(k.value for k in offer) + ".",
        default,
        choices,
    )
    if dv.choice in (None, Choice.pass_):
        if guard.response is not None:
            ctx.note(
                "F.3",
                d.id,
                f"{d.id} does not follow through with the declared {guard.response.value} Response.",
                "000 L5848",
            )
        return
    if dv.choice is not Choice.act or dv.response is None:
        ctx.fail(
            "DECISION_INVALID", f"decisions.{key}", f"{key}: choose respond with a response kind, or pass.", key=key
        )
    kind = dv.response
    path = f"decisions.{key}"
    summon.response_ok(ctx, atk, guard, kind, path, key)  # one Tactics Response meets both attacks (000 L4203)
    multi_part_throw.response_ok(ctx, atk, kind, path, key)  # only the Throw Response against a link (000 L3767)
    named = d.move(dv.moves[0]) if dv.moves else None
    if kind is ResponseKind.interrupt and named is not None and named.has("triggered_interrupt"):
        ctx.fail(
            "RESPONSE_TRIGGER_INVALID",
            path,
            f"{key}: a Triggered Interrupt goes off only once armed, through "
            "the triggered_interrupt decision taken with the defence.",
            key=key,
        )  # 000 L4404
    if kind not in offer:
        code = "RESPONSE_AFTER_HIT_STUN" if only_jinking else "RESPONSE_SKILL_MISMATCH"
        ctx.fail(
            code,
            path,
            f"{key}: the {kind.value} Response is not open after defending with "
            f"{guard.option.value}" + (" (only Jinking after Hit Stun)" if only_jinking else "") + ".",
            key=key,
        )
    if kind is ResponseKind.jinking:
        _jinking(ctx, atk, d, key, 2 if guard.technique == "back_dash" else 1)
        return
    if kind is ResponseKind.mid_air_teleport:
        cost = movement_fs(d, 0)
        _pay(ctx, d, cost, key, "the Mid-Air Teleport")
        positions.move(ctx, d, a, 2, False)
        d.moved -= 2
        d.responded_ok = True
        ctx.note(
            "F.3",
            d.id,
            f"Mid-Air Teleport: {d.id} reappears 2 Ranges away (Range {ctx.distance(a, d)}).",
            "000 L5880",
            {},
            {"range": ctx.distance(a, d)},
        )
        _super_response_glory(ctx, atk, d)
        return
    _attacking_response(ctx, atk, guard, kind, dv, key)


def _jinking(ctx: Ctx, atk: Attack, d: F, key: str, ranges: int = 1) -> None:
    """Jinking: 1 Range away, 2 with a Back Dash (000 L5876–L5878, L2181)."""
    a = atk.attacker
    reach = max((m.range[1] for m in atk.moves if m.offensive and m.range), default=0)
    if ctx.distance(a, d) + ranges <= reach:
        ctx.fail(
            "JINKING_OUT_OF_RANGE_REQUIRED",
            f"decisions.{key}",
            f"{key}: {ranges} Range(s) away still leaves {d.id} within reach of {a.id}'s attack.",
            key=key,
        )
    cost = movement_fs(d, 0)
    _pay(ctx, d, cost, key, "the Jinking step")
    positions.move(ctx, d, a, ranges, False)
    d.moved -= ranges
    d.responded_ok = True
    ctx.note(
        "F.3",
        d.id,
        f"Jinking: {d.id} steps {ranges} Range(s) away (Range {ctx.distance(a, d)}).",
        "000 L5876–L5878, L2181",
        {"fs": cost},
        {"range": ctx.distance(a, d)},
    )


def _trigger_ok(ctx: Ctx, atk: Attack, kind: ResponseKind, d: F) -> str | None:
    a = atk.attacker
    dist = ctx.distance(a, d)
    if kind is ResponseKind.anti_air and not (atk.aerial and dist <= 1):
        return "Anti-Air needs a jump or an Aerial move ending at Range 0 or 1"
    if kind in (ResponseKind.evade_ranged, ResponseKind.ranged) and not (
        atk.first.has("ranged") and atk.first.kind != "basic"
    ):
        return "only against a Ranged Special Move"
    if kind is ResponseKind.ranged and any(m.has("ranged.no_ranged_response") for m in atk.moves):
        return "this projectile cannot be stopped with the Ranged Response (000 L4033)"
    if kind is ResponseKind.throw and dist != 0:
        return "a Throw Response needs the attack at Range 0"
    if d.knocked_down and kind is not ResponseKind.reversal:
        return "a Knocked Down fighter answers only with a Reversal (000 L2163, L3918)"
    if kind is ResponseKind.reversal and not (d.stood_this_turn or d.knocked_down):
        return "a Reversal Response needs the defender attacked right after standing up (or while down)"
    if kind is ResponseKind.sidestep_counter and not techniques.has(ctx, d, "sidestep"):
        return "Sidestep Counter needs the Sidestep option (000 L4151)"
    return None


def _attacking_response(ctx: Ctx, atk: Attack, guard: Guard, kind: ResponseKind, dv: DecisionValue, key: str) -> None:
    from . import interrupt_effects
    from .attack import resolve
    from .attack_records import Attack as AttackCls

    a, d = atk.attacker, atk.defender
    path = f"decisions.{key}"
    why = _trigger_ok(ctx, atk, kind, d)
    if why:
        ctx.fail("RESPONSE_TRIGGER_INVALID", path, f"{key}: {why}.", key=key)
    ids = dv.moves or []
    if not ids:
        ctx.fail("DECISION_INVALID", path, f"{key}: name the responding move.", key=key)
    moves: list[MoveProfile] = []
    for mid in ids:
        m = d.move(mid)
        if m is None:
            ctx.fail("UNKNOWN_MOVE", f"{path}.moves", f"{key}: {d.id} has no move '{mid}'.", key=key)
        moves.append(m)
    sequences.check(ctx, d, moves, f"{path}.moves", key)
    access.check(ctx, d, moves, f"{path}.moves", key)
    sidestep_setup.check(ctx, d, moves, key, response=True)
    first = moves[0]
    if kind is ResponseKind.interrupt and d.declared_illusion and first.id != d.declared_illusion:
        ctx.fail(
            "DECISION_INVALID",
            path,
            f"{key}: the Interrupt declared with the Defense Total uses {d.declared_illusion}.",
            key=key,
        )
    if kind.value not in first.responses:
        ctx.fail(
            "RESPONSE_NO_ELEMENT", path, f"{key}: {first.name} cannot be used as a {kind.value} Response.", key=key
        )
    if guard.parts.get("invincible_interrupt") and not first.has(invincible_interrupts.ENTRY):
        ctx.fail(
            "RESPONSE_NO_ELEMENT",
            path,
            f"{key}: the Interrupt declared with the Defense Total (+2) is answered with an Invincible Interrupt move.",
            key=key,
        )  # ruling (000 L3587)
    if kind is ResponseKind.basic and first.kind != "basic":
        ctx.fail("RESPONSE_NO_ELEMENT", path, f"{key}: the Basic Response uses a Basic Move.", key=key)
    cost = control_cost(moves) if len(moves) > 1 else first.level
    if d.control < cost:
        ctx.fail(
            "RESPONSE_INSUFFICIENT_CONTROL", path, f"{key}: {cost} Control needed, {d.id} has {d.control}.", key=key
        )
    passive = first.kw("passive")
    # his Basic Response may be out of his reach when his Ally's reaches (000 L4207)
    ally_reach = kind is ResponseKind.basic and summon.reaches(ctx, d, a)
    if not passive and not ally_reach and not all(_reaches(m, ctx.distance(a, d)) for m in moves if m.offensive):
        ctx.fail(
            "RESPONSE_OUT_OF_RANGE",
            path,
            f"{key}: {first.name} cannot reach {a.id} at Range {ctx.distance(a, d)}.",
            key=key,
        )
    special = kind is ResponseKind.interrupt and interrupt_effects.special(first)
    if first.utility and not special:
        ctx.fail("RULE_UNSUPPORTED", path, f"{key}: Utility moves as Passive Responses are not resolved yet.", key=key)
    extra: dict[str, int] = {}
    if len(moves) > 1:
        check_combo(ctx, d, moves, key)
        if "ender" in first.combo_keywords:
            ctx.fail("COMBO_PLACEMENT_INVALID", path, f"{key}: {first.name} cannot open a Combo.", key=key)
        if d.fs < 2:
            ctx.fail("FS_DEFENSIVE_COMBO_UNPAID", path, f"{key}: a Combo Response costs 2 FS.", key=key)
        d.fs -= 2  # 000 L5854
        extra["combo_response"] = -1
    if kind is ResponseKind.reversal and d.knocked_down:
        d.knocked_down = False
    pay_supers(ctx, d, moves)
    for m in moves:
        if m.has("super_counter") and not m.is_super:
            # Super Counter: 10 Super Energy for the Counter Response (000 L4221).
            if d.se < 10:
                ctx.fail(
                    "INSUFFICIENT_SUPER_ENERGY",
                    path,
                    f"{key}: {m.name} needs 10 Super Energy; {d.id} has {d.se}.",
                    key=key,
                )
            d.se -= 10
            ctx.note(
                "F.3",
                d.id,
                f"{d.id} spends 10 Super Energy on the Super Counter {m.name}.",
                "000 L4221",
                {},
                {"super_energy": d.se},
            )
    replaced = not d.acted
    d.acted = True
    d.holding = False
    ctx.note(
        "F.3",
        d.id,
        f"{d.id} answers with a {kind.value.replace('_', ' ')} Response"
        + (" in place of his action" if replaced else " (an extra attack)")
        + ".",
        "000 L5850–L5864",
        {"response": kind.value, "moves": ids},
        {"acted": True},
    )
    sequences.used(ctx, d, moves)  # a follow-up as a Defensive Response uses the window (000 L3749)

    def strike(used: list[MoveProfile], reflected: bool) -> bool:
        response = AttackCls(
            attacker=d,
            defender=a,
            moves=used,
            context="response",
            label="F.3",
            cost=cost,
            key=key,
            full_offense=d.full_offense,
            extra_acc=extra,
            response=kind.value,
            orig_aerial=atk.aerial,
            vs_anti_air=kind is ResponseKind.anti_air,
            reflected=reflected,
        )
        a.crouch_bonus = 1 if atk.moves[0].has("crouching") else 0  # Crouching opener vs Responses (000 L3220)
        out = resolve(ctx, response)
        if out.hit:
            d.responded_ok = True
            _super_response_glory(ctx, atk, d)
        elif kind is ResponseKind.reversal:
            d.reversal_missed = True
        return out.hit

    if special:  # Absorbs Attacks, Reflection, Illusionary Doubles (000 L2761, L4087, L3476)
        interrupt_effects.respond(ctx, atk, d, moves, key, strike)
        return
    strike(moves, False)
    if kind is ResponseKind.basic:  # his Ally answers along with him (000 L4203)
        summon.join(ctx, d, moves, a, None, context="response", response=kind.value, orig_aerial=atk.aerial)
    if kind is ResponseKind.sidestep_counter:
        hazards.sidestep_check(ctx, d, a)  # G.2 (000 L4159)


def _reaches(m: MoveProfile, distance: int) -> bool:
    return m.range is not None and m.range[0] <= distance <= m.range[1]


def _super_response_glory(ctx: Ctx, atk: Attack, d: F) -> None:
    sup = next((m for m in atk.moves if m.is_super), None)
    if sup is not None:
        ctx.award(d.id, sup.level, f"a Defensive Response against the Super Move {sup.name}", "000 L835", extra=True)


# ── Reaction Attacks ──────────────────────────────────────────────────────────────────────────────


def reaction_window(ctx: Ctx, target: F, cause: str, jumped: bool, aerial_utility: bool = False) -> bool:
    """C.4: after movement without an attack into Range 0/1, a Utility move or Power Up at Range 0/1, each
    opponent who has not acted (or holds) may spend 1 FS on a Reaction Attack (000 L6006–L6033). Returns True
    when a Reaction Attack hit the target."""
    from . import triggered
    from .attack import resolve
    from .attack_records import Attack as AttackCls
    from .invisibility import blocked

    if free_movement.immune(target):
        return False  # nobody can attack him (000 L3380)
    for r in list(ctx.opponents(target)):
        if blocked(r, target):
            continue  # he keeps clear of the invisible fighter (000 L3591)
        if r.acted or r.action_lost or r.reaction_used or r.knocked_down or r.stunned or r.defeated:
            continue
        dist = ctx.distance(r, target)
        if dist > 2 or r.fs < 1:
            continue
        options = _reaction_moves(ctx, r, target, dist, jumped)
        if not options:
            continue
        key, dv = ctx.decide(
            r.id,
            "reaction",
            "C.4",
            f"{r.id} may spend 1 FS on a Reaction Attack against "
            f"{target.id} ({cause}): " + ", ".join(f"{k} with {m.name}" for k, m in options) + ".",
            DecisionValue(choice=Choice.pass_),
        )
        if dv.choice in (None, Choice.pass_):
            continue
        path = f"decisions.{key}"
        if dv.choice is not Choice.act or not dv.moves or len(dv.moves) != 1:
            ctx.fail("DECISION_INVALID", path, f"{key}: choose act with one move, or pass.", key=key)
        m = r.move(dv.moves[0])
        if m is None:
            ctx.fail("UNKNOWN_MOVE", f"{path}.moves", f"{key}: {r.id} has no move '{dv.moves[0]}'.", key=key)
        kind = dv.reaction.value if dv.reaction else next((k for k, mm in options if mm is m), None)
        if kind is None or (kind, m) not in [(k, mm) for k, mm in options]:
            code = (
                "REACTION_REQUIRES_TACTICS_3"
                if kind == "interrupt" and r.prof.tactics < 3
                else "REACTION_TRIGGER_INVALID"
            )
            ctx.fail(code, path, f"{key}: {m.name} cannot be a {kind or 'Reaction'} Reaction Attack here.", key=key)
        r.fs -= 1
        pay_supers(ctx, r, [m])
        if m.has("triggered_interrupt"):
            triggered.spend(ctx, r, m)  # the armed trap goes off as the Reaction Attack (000 L4406)
        r.reaction_used = True
        r.acted = True
        r.holding = False
        ctx.note(
            "C.4",
            r.id,
            f"{r.id} spends 1 FS on a {kind} Reaction Attack with {m.name}.",
            "000 L6012–L6016",
            {"kind": kind, "move": m.id},
            {"fs": r.fs, "acted": True},
        )
        atk = AttackCls(
            attacker=r,
            defender=target,
            moves=[m],
            context="reaction",
            label="C.4",
            cost=m.level,
            key=key,
            full_offense=r.full_offense,
            reaction=kind,
            extra_acc={"super_reaction": 1} if kind == "super" else {},
            defender_jumping=jumped or aerial_utility,
        )
        out = resolve(ctx, atk)
        sequences.used(ctx, r, [m])  # a Reaction Attack is a move used: Opening Move windows (000 L3748)
        # his Ally strikes with his Basic Reaction Attack (ruling: on his trigger, at no further cost; 000 L4203)
        ally_hit = kind == "basic" and summon.join(
            ctx, r, [m], target, None, context="reaction", reaction=kind, defender_jumping=jumped or aerial_utility
        )
        if out.hit or ally_hit:
            return True
    return False


def _reaction_moves(ctx: Ctx, r: F, target: F, dist: int, jumped: bool) -> list[tuple[str, MoveProfile]]:
    from . import triggered

    out: list[tuple[str, MoveProfile]] = []
    for m in r.prof.moves.values():
        if (
            m.level > r.control
            or not m.offensive
            or m.has("counter")
            or m.has("interrupt.interrupt_only")
            or access.locked(r, m)
        ):
            continue
        if not _reaches(m, dist):
            continue
        if m.kind == "basic" and dist <= 1:
            out.append(("basic", m))
        if m.throw and dist == 0:
            out.append(("throw", m))
        if "anti_air" in m.responses and jumped and dist <= 1:
            out.append(("anti_air", m))
        if m.has("interrupt") and r.prof.tactics >= 3 and dist <= 1 and triggered.ready(r, m):
            out.append(("interrupt", m))  # a Triggered Interrupt only once armed (ruling, 000 L4406)
        if m.is_super and invincible(r, target, m):
            out.append(("super", m))
    return out


def invincible(d: F, a: F, m: MoveProfile) -> bool:
    """Invincibility: a Super of a fighter who has not acted and lost Initiative to ``a`` by no more than its
    instances (000 L4944–L4948)."""
    n = m.has("invincibility")
    return (
        bool(n)
        and m.is_super
        and not d.acted
        and 0 < a.init - d.init <= n
        and d.se >= m.se_cost
        and m.level <= d.control
    )


def invincible_interrupt(ctx: Ctx, atk: Attack) -> bool:
    """D.4: the Invincibility Super as an Interrupt Defensive Response, once a turn: the attack misses outright
    and the Super strikes back (000 L4944–L4950). Returns True when it was used."""
    from .attack import resolve
    from .attack_records import Attack as AttackCls

    a, d = atk.attacker, atk.defender
    if "invincibility" not in d.prof.entry_ids or d.invincible_used:
        return False
    if d.holding or d.action_lost or d.stunned or d.knocked_down:
        return False
    dist = ctx.distance(a, d)
    options = [
        m for m in d.prof.moves.values() if invincible(d, a, m) and _reaches(m, dist) and not access.locked(d, m)
    ]
    if not options:
        return False
    key, dv = ctx.decide(
        d.id,
        "invincible_interrupt",
        "D.4",
        f"{d.id} may answer {a.id}'s attack with an "
        "Invincibility Super: " + ", ".join(m.name for m in options) + " (the attack misses).",
        DecisionValue(choice=Choice.pass_),
    )
    if dv.choice in (None, Choice.pass_):
        return False
    m = d.move(dv.moves[0]) if dv.choice is Choice.act and dv.moves and len(dv.moves) == 1 else None
    if m is None or m not in options:
        ctx.fail(
            "DECISION_INVALID",
            f"decisions.{key}",
            f"{key}: respond with one of " + ", ".join(o.id for o in options) + ", or pass.",
            key=key,
        )
    assert m is not None
    d.invincible_used = True
    pay_supers(ctx, d, [m])
    d.acted = True
    ctx.note(
        "D.4",
        d.id,
        f"{d.id} interrupts with the Invincibility Super {m.name}: {a.id}'s attack misses.",
        "000 L4944–L4950",
        {"move": m.id},
        {"acted": True},
    )
    resolve(
        ctx,
        AttackCls(
            attacker=d,
            defender=a,
            moves=[m],
            context="response",
            label="D.4",
            cost=m.level,
            key=key,
            response="interrupt",
        ),
    )
    return True
