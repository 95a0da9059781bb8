"""Defensive Responses in a plain Dramatic turn (000 L7124–L7128). Against a Special or Super Move every normal
defensive option is open, against a Basic Move the Basic and Jinking Responses. They are offered, checked and carried
out by the main turn's own steps (``turn.f_responses``, ``turn.f_response_attacks``); one that strikes back is a
Dramatic attack of its own (``attack``), a Basic Response bringing his Ally's Basic Move (000 L4203), and a Special or
Super Move used in it costs Action Points as any Dramatic Special Move does (000 L7128, L7209–L7215).

Rulings where the text is silent (RULINGS.md, issue 36):

* No Control is rolled in Dramatic Combat (000 L7084): a responding Special or Super Move needs the Action Points its
  use costs where the main turn asks for Control; a Basic Move needs neither.
* Hit Stun that is to take his action (hit before acting, not yet paid off with Ignore Hit Stun) leaves him Jinking
  only (000 L5858, L7130).
* The Response strikes with one move: Combos are not used (000 L7106).

An Interrupt with Absorbs Attacks, Reflection or Illusionary Doubles (a Utility one too) has its effect through the
main turn's ``interrupt_effects.respond``, which strikes with the move as a Dramatic attack where it is Offensive and
reaches; Reflection strikes with the attacker's projectile as a Dramatic attack of the reflector's (``attack``), for
the price of his Reflection move (ruling: 000 L4091, L7128). A Utility move with no Interrupt effect takes effect as
his Utility action does (``actions.response``, 000 L5856, L5868).
"""

from __future__ import annotations

from collections.abc import Callable

from ...dramatic import costs
from ...dramatic.catalogue import tables
from ..contract.models import DecisionValue, DefenseOption, DramaticOption, ResponseKind
from ..elements.interrupts import interrupt_effects
from ..elements.super_energy import pay_supers
from ..state.action import Attack, Guard
from ..state.profile import MoveProfile
from ..state.turn import Turn
from ..turn import f_response_attacks, f_responses
from ..turn.d_defense import PRE_DECLARED
from . import actions
from .base import Dram, pay, spendable

EVERY = frozenset(ResponseKind)
NONE: frozenset[ResponseKind] = frozenset()
PLAIN = frozenset({ResponseKind.basic, ResponseKind.jinking})  # open against a Basic Move too (000 L7126)

# the responder, the original attacker, the responding move, the Response, its decision and key, whether the attack
# answered was Aerial, whether the move is the attacker's projectile reflected: the attack made, and whether it hit
# (``attack``)
Strike = Callable[[Dram, Dram, MoveProfile, ResponseKind, DecisionValue, str, bool, bool], bool]


def kinds(ctx: Turn, d: Dram, t: Dram, move: MoveProfile | None, special: bool, pd: bool) -> frozenset[ResponseKind]:
    """The Responses open to ``t`` against ``d``'s ``move``: all of them against a Special or Super Move, the Basic and
    Jinking Responses against a Basic Move (000 L7124–L7126), none against Property Damage (``pd``), which Tactics
    cannot meet (000 L7197); each only where the attack sets off its trigger as in the main turn (a Ranged Special Move
    for the Ranged Response, Range 0 for a Throw …, 000 L5866–L5902)."""
    if pd or move is None:
        return NONE
    atk = _attack(d, t, move, "")
    return frozenset(
        k for k in (EVERY if special else PLAIN) if f_response_attacks.trigger_ok(ctx, atk, k, t.f) is None
    )


def _attack(d: Dram, t: Dram, move: MoveProfile, key: str) -> Attack:
    return Attack(attacker=d.f, defender=t.f, moves=[move], context="action", label="D", cost=0, key=key)


def price(t: Dram, m: MoveProfile) -> int:
    """The Action Points ``m`` costs him as a Response: a Special or Super Move's Dramatic price (000 L7128, L7209,
    ruling C10); a Basic Move nothing."""
    if m.kind == "basic":
        return 0
    return costs.ap_cost(tables().option("special_move"), used_before=m.id in t.used, level=m.level)


def _usable(t: Dram) -> Callable[[MoveProfile], bool]:
    """A responding move he can pay for (ruling: Action Points in place of Control, 000 L7084, L7128)."""

    def usable(m: MoveProfile) -> bool:
        return m.kind == "basic" or spendable(t, DramaticOption.special_move) >= price(t, m)

    return usable


def after_miss(
    ctx: Turn,
    d: Dram,
    t: Dram,
    move: MoveProfile | None,
    open_kinds: frozenset[ResponseKind],
    key: str,
    hit: Strike,
    ds: dict[str, Dram] | None = None,
) -> None:
    """The miss leaves ``t`` his Defensive Responses against ``d``'s ``move`` (000 L5850–L5902, L7126); ``ds``: the
    turn's fighters, whom a Utility Response's Heal Others may name (000 L3446–L3448)."""
    if move is None or not open_kinds or t.f.defeated or d.f.defeated:
        return
    if t.f.stunned or t.idle:  # he can do nothing at all (000 L5980, L7285)
        return
    atk = _attack(d, t, move, key)
    option = PRE_DECLARED.get(t.response, DefenseOption.tactics) if t.response is not None else _option(t.guarded)
    interrupt = t.response is ResponseKind.interrupt  # declared with the Defense Total: an Invincible Interrupt
    guard = Guard(option, 0, 0, t.full_defense, t.response, {"invincible_interrupt": 2} if interrupt else {})
    # ruling: Hit Stun not paid off leaves Jinking only (000 L5858, L7130)
    only_jinking = t.hit_stunned and not t.hit_stun_penalty

    near = [x for x in (ds or {d.f.id: d}).values() if x is not t]  # as his Utility action's (``turn.carry_out``)

    def strike(ctx: Turn, atk: Attack, guard: Guard, kind: ResponseKind, dv: DecisionValue, key: str) -> None:
        _strike(ctx, d, t, atk, guard, kind, dv, key, hit, near)

    gate = f_responses.Gate(open_kinds, only_jinking, _usable(t), strike)
    f_responses.respond(ctx, atk, guard, gate)


def _option(guarded: str) -> DefenseOption:
    return DefenseOption.tactics if guarded == "jinking" else DefenseOption(guarded)


def _strike(
    ctx: Turn,
    d: Dram,
    t: Dram,
    atk: Attack,
    guard: Guard,
    kind: ResponseKind,
    dv: DecisionValue,
    key: str,
    hit: Strike,
    near: list[Dram],
) -> None:
    """A Response that strikes back, checked as in the main turn, then made as a Dramatic attack on ``d`` that
    takes the place of ``t``'s action if he has not acted (000 L5850–L5864, L7128)."""
    path = f"decisions.{key}"
    moves = f_response_attacks.checked(ctx, atk, guard, kind, dv, key)
    if len(moves) > 1:
        ctx.fail("DECISION_INVALID", f"{path}.moves", f"{key}: one move; Combos are not used (000 L7106).", key=key)
    m = moves[0]
    if not _usable(t)(m):
        why = f"{m.name} costs {price(t, m)} Action Point(s) (000 L7128)"
        ctx.fail("DRAMATIC_OPTION_NOT_ALLOWED", f"{path}.moves", f"{key}: {why}.", key=key)
    special = f_response_attacks.placed(ctx, atk, kind, moves, dv, key)
    if kind is ResponseKind.reversal and t.f.knocked_down:
        t.f.knocked_down = False  # he rises with the Reversal, as in the main turn (000 L5888, L5894)
    replaced = not t.acted
    t.acted = t.f.acted = True
    t.f.holding = False
    ctx.note(
        "F.3",
        t.f.id,
        f"{t.f.id} answers with a {kind.value.replace('_', ' ')} Response, {m.name}"
        + (", in place of his action" if replaced else " (an extra attack)")
        + ".",
        "000 L5850–L5864, L7128",
        {"response": kind.value, "moves": [m.id]},
        {"acted": True},
    )

    # no attack: its effect as his Utility action; ruling: like it, no lost point next turn (000 L5856, L5868, L7213)
    if m.utility and not special:
        actions.response(ctx, t, m, dv, key, near, [d])
        if t.f.misfired:
            return  # Unreliable failed: no effect, and the attack hits him (``attack.response_failed``, 000 L4874)
        t.f.responded_ok = True  # he avoided the attack: a successful Defensive Response (000 L857)
        f_response_attacks.super_response_glory(ctx, atk, t.f)
        return
    made: list[bool] = []

    def struck(used: list[MoveProfile], reflected: bool) -> bool:
        made.append(True)
        if reflected:  # ruling: he pays for his Reflection move; the projectile's price was its owner's (000 L7128)
            _paid(ctx, t, m, key)
        if not hit(t, d, used[0], kind, dv, key, atk.aerial, reflected):
            if kind is ResponseKind.reversal:
                t.next_steps -= 2  # a missed Reversal: two Initiative die sizes less next turn (000 L5888)
                ctx.note("F.3", t.f.id, f"{t.f.id}'s Reversal missed: −2 Initiative die sizes next turn.", "000 L5888")
            return False
        t.f.responded_ok = True
        f_response_attacks.super_response_glory(ctx, atk, t.f)
        return True

    if special:  # Absorbs Attacks, Illusionary Doubles: the main turn's own steps (000 L2761, L3476, L5860)
        interrupt_effects.respond(ctx, atk, t.f, moves, key, struck)
        if not made:  # ruling: its effect alone (Utility, or out of reach) is still a Special Move used (000 L7128)
            _used(ctx, t, m, key)
        return
    struck(moves, False)


def _used(ctx: Turn, t: Dram, m: MoveProfile, key: str) -> None:
    """A responding Special Move that makes no attack, paid for as a Utility move is in a Dramatic turn (``_paid``);
    an Offensive one out of reach defeated no one (ruling C11, 000 L7213)."""
    _paid(ctx, t, m, key)
    # ruling: a Utility move makes no attack, so it keeps next turn's point, as a Utility action does (000 L7213)
    if m.kind != "basic" and not m.utility:
        t.no_point_next = True


def _paid(ctx: Turn, t: Dram, m: MoveProfile, key: str) -> None:
    """A responding Special Move's price, a Super's Super Energy and FS (000 L7128, L7209–L7215), and its use."""
    pay(ctx, t, DramaticOption.special_move, price(t, m), key)
    if m.is_super:
        pay_supers(ctx, t.f, [m])
    if m.kind != "basic" and m.id not in t.used:
        t.used.append(m.id)
