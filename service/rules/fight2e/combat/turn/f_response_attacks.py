"""F.3 Defensive Responses that strike back (000 L5850–L5864): the trigger each kind needs, the responding moves
checked and paid for (Control, a Combo's 2 FS, Super Energy, the Super Counter), the Evasive Ranged move's movement
first, then the response resolved as an attack of its own."""

from __future__ import annotations

from ....dice import die
from ..contract.model_types import Figure
from ..contract.models import ActionType, DecisionValue, Direction, ResponseKind
from ..elements import access, sidestep_setup, summon, techniques
from ..registry import points as records
from ..registry.features import (
    COMBO_CHECKED,
    COMBO_COST,
    INTERRUPT_RESPONDED,
    INTERRUPT_SPECIAL,
    INVINCIBLE_MOVE,
    MOVES_PAID,
    SEQUENCE_CHECKED,
    SEQUENCE_USED,
    SIDESTEP_CHECKED,
)
from ..state.action import Attack, Guard, Plan
from ..state.action import Attack as AttackCls
from ..state.combatant import Combatant
from ..state.profile import Heals, MoveProfile, MoveTrait, projectile_limit
from ..state.turn import Turn
from .c_declared_movement import check_movement
from .g_moving import do_move


def _evasive_ranged_move(
    ctx: Turn, d: Combatant, a: Combatant, moves: list[MoveProfile], dv: DecisionValue, key: str
) -> None:
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


def _super_counter(ctx: Turn, d: Combatant, moves: list[MoveProfile], path: str, key: str) -> None:
    """Super Counter: 10 Super Energy for the Counter Response (000 L4221)."""
    for m in moves:
        if not m.trait(MoveTrait.super_counter) or m.is_super:
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
            {Figure.super_energy: d.se},
        )


def _trigger_ok(ctx: Turn, atk: Attack, kind: ResponseKind, d: Combatant) -> str | None:
    a = atk.attacker
    dist = ctx.distance(a, d)
    if kind is ResponseKind.anti_air and not (atk.aerial and dist <= 1):
        return "Anti-Air needs a jump or an Aerial move ending at Range 0 or 1"
    if kind in (ResponseKind.evade_ranged, ResponseKind.ranged) and not (
        atk.first.trait(MoveTrait.projectile) and atk.first.kind != "basic"
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


trigger_ok = _trigger_ok  # why the attack does not open the Response, or None (dramatic.responses)


def checked(ctx: Turn, atk: Attack, guard: Guard, kind: ResponseKind, dv: DecisionValue, key: str) -> list[MoveProfile]:
    """The responding moves named in ``dv``, checked against the Response's trigger and Element (000 L5850–L5902)."""
    d = atk.defender
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
        if m is None or not techniques.usable(ctx, d, m):
            ctx.fail("UNKNOWN_MOVE", f"{path}.moves", f"{key}: {d.id} has no move '{mid}'.", key=key)
        moves.append(m)
    SEQUENCE_CHECKED.fn(ctx, d, moves, f"{path}.moves", key)
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
    if guard.parts.get("invincible_interrupt") and not INVINCIBLE_MOVE.fn(first):
        ctx.fail(
            "RESPONSE_NO_ELEMENT",
            path,
            f"{key}: the Interrupt declared with the Defense Total (+2) is answered with an Invincible Interrupt move.",
            key=key,
        )  # ruling (000 L3587)
    if kind is ResponseKind.basic and first.kind != "basic":
        ctx.fail("RESPONSE_NO_ELEMENT", path, f"{key}: the Basic Response uses a Basic Move.", key=key)
    return moves


def placed(ctx: Turn, atk: Attack, kind: ResponseKind, moves: list[MoveProfile], dv: DecisionValue, key: str) -> bool:
    """The Evasive Ranged move's movement first, then the responding move's reach from where he stands; whether it
    is an Interrupt with a special effect (Absorbs Attacks, Reflection, Illusionary Doubles)."""
    a, d = atk.attacker, atk.defender
    path = f"decisions.{key}"
    first = moves[0]
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
    special = kind is ResponseKind.interrupt and INTERRUPT_SPECIAL.fn(first)
    if first.utility and not special:
        utility_checked(ctx, first, moves, path, key)
    return special


def answers(m: MoveProfile, kind: ResponseKind) -> bool:
    """Whether ``m`` can open a ``kind`` Response at all, as ``placed`` checks it: a Utility move only with the
    Passive keyword (000 L2399, L5868) or as an Interrupt with its special effect; what the turn offers."""
    if not m.utility or m.kw("passive"):
        return True
    return kind is ResponseKind.interrupt and INTERRUPT_SPECIAL.fn(m)


def utility_checked(ctx: Turn, first: MoveProfile, moves: list[MoveProfile], path: str, key: str) -> None:
    """A Utility move answers only with the Passive keyword (000 L2399, L3571), and alone: ruling, a Combo Response
    opens with an interrupting attack, which a Utility move is not (000 L5854)."""
    if not first.kw("passive"):
        why = f"{first.name} is a Utility move without the Passive keyword: no Defensive Response (000 L2399)"
        ctx.fail("RESPONSE_NO_ELEMENT", path, f"{key}: {why}.", key=key)
    if len(moves) > 1:
        why = "a Utility move answers alone, a Combo Response opening with an attack (000 L5854)"
        ctx.fail("COMBO_PLACEMENT_INVALID", f"{path}.moves", f"{key}: {why}.", key=key)


def utility_response(ctx: Turn, atk: Attack, d: Combatant, m: MoveProfile, dv: DecisionValue, key: str) -> None:
    """A Utility move with no Interrupt effect as a Passive Response: no attack; it takes effect as the Utility
    action does (its cost, Buff, Healing, Glory …), where his action would stand if he has not acted (000 L5856,
    L5868, L5880)."""
    healed = heal_target(ctx, d, m, dv.target, key) if m.heals(Heals.others) else None
    if healed is None and dv.target not in (None, atk.attacker.id, d.id):
        why = f"{m.name} answers {atk.attacker.id}'s attack and heals no one else: no other target"
        ctx.fail("DECISION_INVALID", f"decisions.{key}.target", f"{key}: {why}.", key=key)
    if misfires(ctx, d, [m]):
        return  # no effect; the attack it answered hits him (``d_attack.miss``, 000 L4874)
    plan = Plan(ActionType.utility, atk.attacker, [m], 0, False, key=key, heal_target=healed)
    ctx.spine.utility(ctx, d, plan)
    d.responded_ok = True  # he avoided the attack: a successful Defensive Response (000 L857)
    super_response_glory(ctx, atk, d)


def misfired(ctx: Turn, f: Combatant, moves: list[MoveProfile], step: str) -> bool:
    """Unreliable on a Utility move: its 1d10 once the use is declared and before any of its results; a 1 and the
    move has no effect at all (000 L4872–L4874). An attack rolls it in D.1 (``d_attack``)."""
    chance = records.misfire(moves)
    if chance is None:
        return False
    entry, mf = chance
    r = ctx.roll(f.id, entry, die(f"1d{mf.sides}"), mf.purpose, step)
    if r > mf.fails_at_most:
        return False
    ctx.note(step, f.id, mf.note.format(roll=r), mf.ref, {"roll": r})
    return True


def misfires(ctx: Turn, d: Combatant, moves: list[MoveProfile]) -> bool:
    """Unreliable on a responding Utility move, rolled as the Response is declared (000 L4872): a failure also marks
    him (``misfired``), so the attack he answered hits (000 L4874)."""
    if not misfired(ctx, d, moves, "F.3"):
        return False
    d.misfired = True
    return True


def strike_back(ctx: Turn, atk: Attack, guard: Guard, kind: ResponseKind, dv: DecisionValue, key: str) -> None:
    """F.3 with a move: the Defensive Response that strikes back (a Counter, an Interrupt, a Reversal …), checked
    against its trigger, Control and reach, paid for, then resolved as an attack of its own (000 L5850–L5864)."""
    a, d = atk.attacker, atk.defender
    path = f"decisions.{key}"
    moves = checked(ctx, atk, guard, kind, dv, key)
    ids = dv.moves or []
    first = moves[0]
    cost = COMBO_COST.fn(moves) if len(moves) > 1 else first.level
    if d.control < cost:
        ctx.fail(
            "RESPONSE_INSUFFICIENT_CONTROL", path, f"{key}: {cost} Control needed, {d.id} has {d.control}.", key=key
        )
    special = placed(ctx, atk, kind, moves, dv, key)
    if first.utility and not special:
        _answered(ctx, d, kind, ids, key)
        utility_response(ctx, atk, d, first, dv, key)  # pays its Super Energy itself (``utility``)
        return
    extra: dict[str, int] = {}
    if len(moves) > 1:
        COMBO_CHECKED.fn(ctx, d, moves, key)
        if "ender" in first.combo_keywords:
            ctx.fail("COMBO_PLACEMENT_INVALID", path, f"{key}: {first.name} cannot open a Combo.", key=key)
        if d.fs < 2:
            ctx.fail("FS_DEFENSIVE_COMBO_UNPAID", path, f"{key}: a Combo Response costs 2 FS.", key=key)
        d.fs -= 2  # 000 L5854
        extra["combo_response"] = -1
    if kind is ResponseKind.reversal and d.knocked_down:
        d.knocked_down = False
    MOVES_PAID.fn(ctx, d, moves)
    _super_counter(ctx, d, moves, path, key)
    _answered(ctx, d, kind, ids, key)
    SEQUENCE_USED.fn(ctx, d, moves)  # a follow-up as a Defensive Response uses the window (000 L3749)

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
            super_response_glory(ctx, atk, d)
        elif kind is ResponseKind.reversal:
            d.reversal_missed = True
        return out.hit

    if special:  # Absorbs Attacks, Reflection, Illusionary Doubles (000 L2761, L4087, L3476)
        INTERRUPT_RESPONDED.fn(ctx, atk, d, moves, key, strike)
        return
    strike(moves, False)
    if kind is ResponseKind.basic:  # his Ally answers along with him (000 L4203)
        summon.join(ctx, d, moves, a, None, context="response", response=kind.value, orig_aerial=atk.aerial)
    if kind is ResponseKind.sidestep_counter:
        SIDESTEP_CHECKED.fn(ctx, d, a)  # G.2 (000 L4159)


def heal_target(ctx: Turn, f: Combatant, m: MoveProfile, ident: str | None, key: str) -> Combatant:
    """Heal Others: the user or another fighter (`target`; the user when none is named), never the user with Only
    Heal Others (000 L3446–L3454); for a Utility action and a Utility Response alike."""
    t = ctx.fighters.get(ident) if ident is not None else f
    if t is None or t.defeated or (t is f and m.heals(Heals.not_self)):
        ctx.fail(
            "HEAL_TARGET_INVALID", f"decisions.{key}.target", f"{key}: {ident} cannot be healed by {m.name}.", key=key
        )
    assert t is not None
    return t


def _answered(ctx: Turn, d: Combatant, kind: ResponseKind, ids: list[str], key: str) -> None:
    """The Response takes the place of his action if he has not acted yet (000 L5856)."""
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


def move_reaches(m: MoveProfile, distance: int) -> bool:
    return m.range is not None and m.range[0] <= distance <= m.range[1]


def super_response_glory(ctx: Turn, atk: Attack, d: Combatant) -> None:
    sup = next((m for m in atk.moves if m.is_super), None)
    if sup is not None:
        ctx.award(d.id, sup.level, f"a Defensive Response against the Super Move {sup.name}", "000 L835", extra=True)
