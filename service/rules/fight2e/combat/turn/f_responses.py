"""F.2 Evasion results, F.3 Defensive Responses (000 L5826–L5902) and Reaction Attacks (000 L6006–L6033)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..contract.models import Choice, ChoiceOption, DecisionValue, DefenseOption, ResponseKind
from ..elements import access, positions, props, summon, techniques
from ..protocol.names import Part
from ..registry.elements import DEFENSE_TOTAL, DefenseMoment
from ..registry.features import INVINCIBLE_FIRST, THROW_RESPONSE_CHECKED, THROW_RESPONSES, UNENGAGED
from ..state.action import Attack, Guard
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from . import f_response_attacks as response_attacks
from .f_evasion_results import aerial_block_result, evasion_result, movement_fs, pay

SKILL_OF = {
    ResponseKind.counter: DefenseOption.defense,
    ResponseKind.mid_air_teleport: DefenseOption.evasion,
    ResponseKind.sidestep_counter: DefenseOption.evasion,
}
NO_ATTACK = (ResponseKind.jinking, ResponseKind.mid_air_teleport)


def _eligible_moves(d: Combatant, kind: ResponseKind) -> list[MoveProfile]:
    """His moves that can open a ``kind`` Response (a Utility one only as ``response_attacks.answers`` allows)."""
    answers = response_attacks.answers
    if kind is ResponseKind.interrupt and MoveTrait.triggered in d.prof.traits:
        # ruling: a Triggered Interrupt answers only through its own decision, once armed (000 L4404)
        return [
            m
            for m in d.prof.moves.values()
            if ResponseKind.interrupt in m.responses
            and not m.trait(MoveTrait.triggered)
            and not access.locked(d, m)
            and answers(m, kind)
        ]
    return [
        m for m in d.prof.moves.values() if kind.value in m.responses and not access.locked(d, m) and answers(m, kind)
    ]


eligible_moves = _eligible_moves  # what another turn offers at its Defense Total (dramatic.responses)

_RESPONSE_KINDS = tuple(ResponseKind)  # in the enum's order, without iterating the enum each time


def _offered(d: Combatant, guard: Guard, only_jinking: bool) -> list[ResponseKind]:
    """The Defensive Responses the defender could answer the miss with (F.3, 000 L5850–L5902)."""
    skills = {guard.option}
    if guard.response is not None:
        skills = {DefenseOption.tactics} if guard.response is not ResponseKind.mid_air_teleport else skills
    offer = []
    for kind in _RESPONSE_KINDS:
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


def _response_choices(
    d: Combatant, offer: list[ResponseKind], usable: Callable[[MoveProfile], bool] | None = None
) -> list[ChoiceOption]:
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
            if (m.level <= d.control) if usable is None else usable(m):
                choices.append(
                    ChoiceOption.model_construct(
                        value=DecisionValue(choice=Choice.act, response=kind, moves=[m.id]),
                        fs=0,
                        control=m.level,
                        text=f"{kind.value.replace('_', ' ')} Response with {m.name}",
                    )
                )
    return choices


Strike = Callable[[Turn, Attack, Guard, ResponseKind, DecisionValue, str], None]


@dataclass(frozen=True, slots=True)
class Gate:
    """What a turn other than the main one changes in the Responses offered: the kinds it opens, whether Hit Stun
    leaves only Jinking, what stands in for Control on a responding move, and how a Response that strikes back is
    resolved (a Dramatic turn: ``dramatic.responses``)."""

    kinds: frozenset[ResponseKind]
    only_jinking: bool
    usable: Callable[[MoveProfile], bool]
    strike: Strike


def after_miss(ctx: Turn, atk: Attack, guard: Guard) -> None:
    a, d = atk.attacker, atk.defender
    if guard.option is DefenseOption.evasion:
        props.evaded(ctx, a, d, atk.moves, access.locked)  # ruling: an Evasion-based Response counts (000 L4757)
    if guard.option is DefenseOption.evasion and guard.response is None:
        evasion_result(ctx, atk, guard)
    if guard.option is DefenseOption.defense_evasion and techniques.has(ctx, d, "aerial_blocks"):
        aerial_block_result(ctx, atk)

    respond(ctx, atk, guard)


def respond(ctx: Turn, atk: Attack, guard: Guard, gate: Gate | None = None) -> None:
    """F.3: the Defensive Responses open after the miss, offered, checked and carried out (000 L5850–L5902);
    ``gate``: another turn's changes to them."""
    a, d = atk.attacker, atk.defender
    if UNENGAGED.fn(d, a):
        return  # he keeps clear of the invisible attacker: no Defensive Response (000 L3591)
    if summon.is_ally_attack(atk):
        # ruling: the Ally cannot be targeted, so no Response answers its own attack; one Response, taken against
        # its summoner's attack, answers the pair (000 L4197, L4203)
        return
    only_jinking = (d.action_lost or d.control <= 0) if gate is None else gate.only_jinking  # 000 L5858
    offer = _offered(d, guard, only_jinking)
    if gate is not None:
        offer = [k for k in offer if k in gate.kinds]
    offer = THROW_RESPONSES.fn(atk, offer)
    if not offer and not ctx.supplied(ctx.peek_key(d.id, "defensive_response")):
        return
    default = DecisionValue(choice=Choice.pass_)
    if guard.response is not None:
        moves = INVINCIBLE_FIRST.fn(_eligible_moves(d, guard.response))
        if d.declared_illusion:  # the Offensive Illusion declared with the Defense Total (000 L3490)
            moves = [m for m in moves if m.id == d.declared_illusion] or moves
        default = DecisionValue(choice=Choice.act, response=guard.response, moves=[moves[0].id] if moves else None)
    choices = _response_choices(d, offer, gate.usable if gate is not None else None)
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
    THROW_RESPONSE_CHECKED.fn(ctx, atk, kind, path, key)  # only the Throw Response against a link (000 L3767)
    named = d.move(dv.moves[0]) if dv.moves else None
    if kind is ResponseKind.interrupt and named is not None and named.trait(MoveTrait.triggered):
        ctx.fail(
            "RESPONSE_TRIGGER_INVALID",
            path,
            f"{key}: a Triggered Interrupt goes off only once armed, through "
            "the triggered_interrupt decision taken with the defence.",
            key=key,
        )  # 000 L4404
    if named is not None and not response_attacks.answers(named, kind):
        response_attacks.utility_checked(ctx, named, [named], path, key)  # never offered either (000 L2399)
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
        response_attacks.super_response_glory(ctx, atk, d)
        return
    (response_attacks.strike_back if gate is None else gate.strike)(ctx, atk, guard, kind, dv, key)


def _jinking(ctx: Turn, atk: Attack, d: Combatant, key: str, ranges: int = 1) -> None:
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


# ── Reaction Attacks ──────────────────────────────────────────────────────────────────────────────


@DEFENSE_TOTAL(50, entries=("crouching",))
def crouching(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    """An action opened by a Crouching move: its user's Defense Total is +1 against a Defensive Response or
    Reaction Attack, +2 when he Evades a held fighter's interrupt (000 L3220)."""
    if not m.defender.crouching:
        return {}
    if m.context in ("response", "reaction"):
        return {Part.crouching: 1}
    # ruling: the crouching block (Defense and Evasion together, 000 L5838) is Evading too
    evading = m.option in (DefenseOption.evasion, DefenseOption.defense_evasion)
    interrupted = m.context == "action" and m.defender.committed  # a held fighter's interrupt (000 L5513)
    return {Part.crouching: 2} if interrupted and evading else {}
