"""F.2 Evasion results, F.3 Defensive Responses (000 L5826–L5902) and Reaction Attacks (000 L6006–L6033)."""

from __future__ import annotations

from . import (
    access,
    hazard_elements,
    interrupt_effects,
    invincible_interrupts,
    multi_part_throw,
    positions,
    props,
    sequences,
    sidestep_setup,
    summon,
    techniques,
)
from .attack_records import Attack, Guard, Plan
from .attack_records import Attack as AttackCls
from .combo import check_combo, control_cost
from .declared_movement import check_movement
from .elements import DEFENSE_TOTAL, DefenseMoment
from .evasion_results import aerial_block_result, evasion_result, movement_fs, pay
from .fighter import F
from .invisibility import blocked
from .models import ActionType, Choice, ChoiceOption, DecisionValue, DefenseOption, Direction, ResponseKind
from .move_profile import MoveProfile, projectile_limit
from .moving import do_move
from .state import Ctx
from .super_energy import pay_supers

SKILL_OF = {
    ResponseKind.counter: DefenseOption.defense,
    ResponseKind.mid_air_teleport: DefenseOption.evasion,
    ResponseKind.sidestep_counter: DefenseOption.evasion,
}
NO_ATTACK = (ResponseKind.jinking, ResponseKind.mid_air_teleport)


def _eligible_moves(d: F, kind: ResponseKind) -> list[MoveProfile]:
    if kind is ResponseKind.interrupt and "triggered_interrupt" in d.prof.entry_ids:
        # ruling: a Triggered Interrupt answers only through its own decision, once armed (000 L4404)
        return [
            m
            for m in d.prof.moves.values()
            if "interrupt" in m.responses and not m.has("triggered_interrupt") and not access.locked(d, m)
        ]
    return [m for m in d.prof.moves.values() if kind.value in m.responses and not access.locked(d, m)]


def _offered(d: F, guard: Guard) -> list[ResponseKind]:
    """The Defensive Responses the defender could answer the miss with (F.3, 000 L5850–L5902)."""
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
    return offer


def _response_choices(d: F, offer: list[ResponseKind]) -> list[ChoiceOption]:
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
    return choices


def after_miss(ctx: Ctx, atk: Attack, guard: Guard) -> None:
    a, d = atk.attacker, atk.defender
    if guard.option is DefenseOption.evasion:
        props.evaded(ctx, a, d, atk.moves, access.locked)  # ruling: an Evasion-based Response counts (000 L4757)
    if guard.option is DefenseOption.evasion and guard.response is None:
        evasion_result(ctx, atk, guard)
    if guard.option is DefenseOption.defense_evasion and ctx.opts.aerial_blocks:
        aerial_block_result(ctx, atk)

    if blocked(d, a):
        return  # he keeps clear of the invisible attacker: no Defensive Response (000 L3591)
    if summon.is_ally_attack(atk):
        # ruling: the Ally cannot be targeted, so no Response answers its own attack; one Response, taken against
        # its summoner's attack, answers the pair (000 L4197, L4203)
        return
    only_jinking = d.action_lost or d.control <= 0  # 000 L5858
    offer = _offered(d, guard)
    offer = multi_part_throw.open_responses(atk, offer)
    if not offer and not ctx.supplied(ctx.peek_key(d.id, "defensive_response")):
        return
    default = DecisionValue(choice=Choice.pass_)
    if guard.response is not None:
        moves = invincible_interrupts.first(_eligible_moves(d, guard.response))
        if d.declared_illusion:  # the Offensive Illusion declared with the Defense Total (000 L3490)
            moves = [m for m in moves if m.id == d.declared_illusion] or moves
        default = DecisionValue(choice=Choice.act, response=guard.response, moves=[moves[0].id] if moves else None)
    choices = _response_choices(d, offer)
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
        pay(ctx, d, cost, key, "the Mid-Air Teleport")
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
    pay(ctx, d, cost, key, "the Jinking step")
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


def _evasive_ranged_move(ctx: Ctx, d: F, a: F, moves: list[MoveProfile], dv: DecisionValue, key: str) -> None:
    """F.3.a passed with an Evasive Ranged move: its user first moves as that move allows, with the FS ordinary
    movement costs, and then strikes from where he ends (000 L3316)."""
    plan = Plan(
        kind=ActionType.attack,
        target=a,
        moves=moves,
        movement=dv.movement or 0,
        toward=dv.direction is not Direction.away,
        key=key,
    )
    check_movement(ctx, d, plan, dv, key)  # the Ranges its movement keyword allows (000 L2377–L2391, L5632)
    do_move(ctx, d, plan)


def _super_counter(ctx: Ctx, d: F, moves: list[MoveProfile], path: str, key: str) -> None:
    """Super Counter: 10 Super Energy for the Counter Response (000 L4221)."""
    for m in moves:
        if not m.has("super_counter") or m.is_super:
            continue
        if d.se < 10:
            ctx.fail(
                "INSUFFICIENT_SUPER_ENERGY", path, f"{key}: {m.name} needs 10 Super Energy; {d.id} has {d.se}.", key=key
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


def _trigger_ok(ctx: Ctx, atk: Attack, kind: ResponseKind, d: F) -> str | None:
    a = atk.attacker
    dist = ctx.distance(a, d)
    if kind is ResponseKind.anti_air and not (atk.aerial and dist <= 1):
        return "Anti-Air needs a jump or an Aerial move ending at Range 0 or 1"
    if kind in (ResponseKind.evade_ranged, ResponseKind.ranged) and not (
        atk.first.has("ranged") and atk.first.kind != "basic"
    ):
        return "only against a Ranged Special Move"
    if kind is ResponseKind.ranged and not all(projectile_limit(m).ranged_response_stops_it for m in atk.moves):
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
    if kind is ResponseKind.evade_ranged and dv.movement:
        _evasive_ranged_move(ctx, d, a, moves, dv, key)
    passive = first.kw("passive")
    # his Basic Response may be out of his reach when his Ally's reaches (000 L4207)
    ally_reach = kind is ResponseKind.basic and summon.reaches(ctx, d, a)
    if not passive and not ally_reach and not all(move_reaches(m, ctx.distance(a, d)) for m in moves if m.offensive):
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
    _super_counter(ctx, d, moves, path, key)
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
        out = ctx.spine.resolve(ctx, response)
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
        hazard_elements.sidestep_check(ctx, d, a)  # G.2 (000 L4159)


def move_reaches(m: MoveProfile, distance: int) -> bool:
    return m.range is not None and m.range[0] <= distance <= m.range[1]


def _super_response_glory(ctx: Ctx, atk: Attack, d: F) -> None:
    sup = next((m for m in atk.moves if m.is_super), None)
    if sup is not None:
        ctx.award(d.id, sup.level, f"a Defensive Response against the Super Move {sup.name}", "000 L835", extra=True)


# ── Reaction Attacks ──────────────────────────────────────────────────────────────────────────────


@DEFENSE_TOTAL(50, entries=("crouching",))
def crouching(ctx: Ctx, m: DefenseMoment) -> dict[str, int]:
    """An action opened by a Crouching move: its user's Defense Total is +1 against a Defensive Response or
    Reaction Attack, +2 when he Evades a held fighter's interrupt (000 L3220)."""
    if not m.defender.crouching:
        return {}
    if m.context in ("response", "reaction"):
        return {"crouching": 1}
    # ruling: the crouching block (Defense and Evasion together, 000 L5838) is Evading too
    evading = m.option in (DefenseOption.evasion, DefenseOption.defense_evasion)
    interrupted = m.context == "action" and m.defender.committed  # a held fighter's interrupt (000 L5513)
    return {"crouching": 2} if interrupted and evading else {}
