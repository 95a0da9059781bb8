"""The main system's non-attack actions in a Dramatic turn (000 L6037–L6049, L2141, L5996–L6004), which Dramatic
Combat keeps as it keeps the main procedure (000 L7080): Refocus, Power Up, Await Opening, the Taunt and a Utility
move.

Ours where Dramatic Combat changes the ground (ruling C21): there is no Control roll (000 L7084), so no Reaction
Attack answers a Power Up, a Utility move or movement, and Await Opening's die sizes all go to the Initiative die (up
to 1d12), the rest becoming +1 Accuracy each on his next attack this turn. A Utility move is a Special Move and is
paid as one (000 L7209–L7213); its Limited Use charges, Buff, End Buff and Healing act as in the main turn, and what
an attack applies on its user (``move_elements.on_user``, Unreliable, Cheap, a Taunt's Glory, Power Up, its movement
before and after it); what has nothing to act on is logged (``move_elements``). Switching Tag
Team partners and transforming into Beast Form are ``tag``'s."""

from __future__ import annotations

from ....dice import D12, Die
from ...catalogue.records import Heals
from ...dramatic import costs
from ...dramatic.catalogue import tables
from ...dramatic.initiative import initiative_die
from ..contract.models import ActionType, Choice, ChoiceOption, DecisionValue, Direction, DramaticOption
from ..elements import limited_move, limited_use, summon
from ..elements.glory import GloryRule, cheap_use, glory_rule
from ..elements.power_up import power_up_utility
from ..elements.super_energy import pay_supers
from ..elements.taunts import taunt_glory
from ..protocol.names import Point
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from ..thug_thrashing import fighter_on_thugs
from ..thug_thrashing.non_attack import may_taunt
from ..turn import c_utility_actions as utility
from ..turn.d_move_declaration import power_up_version
from . import conditions, kept_states, move_elements
from .base import Dram, choice, pay, shift_range, spendable

D4, D6 = Die(2), Die(3)
RESOLVED = frozenset(
    {ActionType.refocus, ActionType.power_up, ActionType.await_opening, ActionType.taunt, ActionType.utility}
)
NON_ATTACK = frozenset({ActionType.refocus, ActionType.power_up, ActionType.await_opening})  # 000 L6037


def offered(ctx: Turn, d: Dram, foes: list[Dram]) -> list[ChoiceOption]:
    f = d.f
    out = []
    if all(ctx.distance(f, t.f) >= 2 for t in foes):
        out.append(choice(DecisionValue(action=ActionType.refocus), "Refocus (1d4 + half PL FS)"))
    if f.pl >= 3:
        out.append(choice(DecisionValue(action=ActionType.power_up), "Power Up (+1d6 Super Energy)"))
    if not d.hit_stunned:
        out.append(choice(DecisionValue(action=ActionType.await_opening), "Await Opening"))
    if may_taunt(ctx, f):
        for t in (t for t in foes if t.f.init < f.init):
            out.append(choice(DecisionValue(action=ActionType.taunt, target=t.f.id), f"Taunt {t.f.id}"))
    for m in f.prof.moves.values():
        if m.utility and not m.offensive and _price(d, m.id, m.level) <= spendable(d, DramaticOption.special_move):
            out.append(choice(DecisionValue(action=ActionType.utility, moves=[m.id]), f"{m.name} (Utility)"))
    return out


def _price(d: Dram, mid: str, level: int) -> int:
    return costs.ap_cost(tables().option("special_move"), used_before=mid in d.used, level=level)


def _away_only(ctx: Turn, v: DecisionValue, key: str, what: str) -> None:
    if (v.movement or 0) > 1 or (v.movement and v.direction is not Direction.away):
        ctx.fail("MOVEMENT_DIRECTION_INVALID", f"{key}.movement", f"{key}: {what} allows 1 Range away.", key=key)


def act(
    ctx: Turn,
    d: Dram,
    v: DecisionValue,
    key: str,
    foes: list[Dram],
    target: Dram | None,
    others: list[Dram] | None = None,
    released: bool = False,
) -> None:
    """Carry out the non-attack action ``v.action`` (one of RESOLVED); ``others``: the other fighters, whom a Heal
    Others move may heal; ``released``: his Utility move readied last turn with Slow Startup takes effect."""
    f = d.f
    kind = v.action
    if kind in NON_ATTACK:
        d.non_attack = True  # only the Defense skill for the rest of the turn (000 L6037)
    if kind is ActionType.refocus:
        _away_only(ctx, v, key, "Refocus")
        if v.movement:
            shift_range(ctx, d, 1, Direction.away)
        if any(ctx.distance(f, t.f) < 2 for t in foes):  # ruling A19: after its movement
            ctx.fail("REFOCUS_TOO_CLOSE", key, f"{key}: Refocus needs Range 2 or more from every opponent.", key=key)
        r = ctx.roll(f.id, "refocus", D4, "Refocus", "B.1")
        gain = min(r + f.pl // 2, max(f.fs_start - f.fs, 0))
        f.fs += gain
        ctx.note("B.1", f.id, f"{f.id} Refocuses: {r} + {f.pl // 2}: +{gain} FS.", "000 L6041", {"roll": r})
    elif kind is ActionType.power_up:
        if v.movement:
            ctx.fail("POWER_UP_WITH_MOVEMENT", key, f"{key}: Power Up allows no movement.", key=key)
        if f.pl < 3:
            ctx.fail("POWER_UP_BELOW_PL3", key, f"{key}: Power Up needs Power Level 3.", key=key)
        r = ctx.roll(f.id, Point.power_up, D6, "Power Up", "B.1")
        before = f.se
        if f.prof.has_supers:
            f.se = min(f.se + r, ctx.opts.super_energy_max)
        ctx.note("B.1", f.id, f"{f.id} Powers Up: +{f.se - before} Super Energy.", "000 L6043", {"roll": r})
    elif kind is ActionType.await_opening:
        _away_only(ctx, v, key, "Await Opening")
        if d.hit_stunned:
            ctx.fail("AWAIT_OPENING_AFTER_HIT_STUN", key, f"{key}: no Await Opening after Hit Stun.", key=key)
        if v.movement:
            shift_range(ctx, d, 1, Direction.away)
        d.awaiting = True
        ctx.note("B.1", f.id, f"{f.id} Awaits an Opening.", "000 L6045")
    elif kind is ActionType.taunt:
        _taunt(ctx, d, key, target)
    else:
        _utility(ctx, d, v, key, others or [], foes, released)


def _taunt(ctx: Turn, d: Dram, key: str, t: Dram | None) -> None:
    """1d4 Glory once a combat, at an opponent with lower Initiative (000 L2141; the Taunt needs its option)."""
    f = d.f
    if not may_taunt(ctx, f) or t is None or t.f.init >= f.init:
        ctx.fail(
            "TAUNT_INVALID",
            key,
            f"{key}: Taunt needs the option, a target with lower Initiative, and is once per combat.",
            key=key,
        )
    f.taunt_used = True
    r = ctx.roll(f.id, "taunt_glory", D4, "Taunt Glory", "B.1")
    ctx.award(f.id, r, f"Taunt against {t.f.id}", "000 L2141")


def _utility(
    ctx: Turn, d: Dram, v: DecisionValue, key: str, others: list[Dram], foes: list[Dram], released: bool = False
) -> None:
    """A Utility move used; with Slow Startup its first use only readies it and it takes effect next turn
    (``released``), paid for when readied (000 L4840–L4848)."""
    f = d.f
    m = f.move((v.moves or [""])[0])
    if m is None or not m.utility or m.offensive:
        ctx.fail("UNKNOWN_MOVE", f"{key}.moves", f"{key}: {f.id} has no Utility move '{v.moves}'.", key=key)
    if not released and _readies(ctx, d, m, v, key, others):
        return
    _use(ctx, d, m, v, key, others, foes, released)


def response(
    ctx: Turn, d: Dram, m: MoveProfile, v: DecisionValue, key: str, near: list[Dram], foes: list[Dram]
) -> None:
    """A Utility move used as a Passive Defensive Response takes effect as the Utility action does, paid the same way
    (000 L5856, L5868, L7128); ``near``: whom its Heal Others may name (every other fighter of the turn, 000
    L3446–L3448); ``foes``: whom it faces (the attacker he answers)."""
    _utility(ctx, d, DecisionValue(moves=[m.id], target=v.target), key, near, foes)


def _readies(ctx: Turn, d: Dram, m: MoveProfile, v: DecisionValue, key: str, others: list[Dram]) -> bool:
    """Its checks and price; True when this use only readies it (Slow Startup, 000 L4840–L4842)."""
    f = d.f
    empty = limited_use.check_charges(f, [m])  # Limited Use's charges, as in every turn (000 L4600–L4614)
    if empty is not None:
        ctx.fail("LIMITED_USE_NO_CHARGES", f"{key}.moves", f"{key}: pool {empty} has too few charges left.", key=key)
    move_elements.usable(ctx, f, m, f"{key}.moves", key)  # End Only (000 L3276–L3280)
    kept_states.sidestep(ctx, f, m, key)  # Sidestep Setup's chance (000 L4823)
    summon.check(ctx, f, [m], f"{key}.moves", key)  # no Ally while its last one rests (000 L4209)
    pay(ctx, d, DramaticOption.special_move, _price(d, m.id, m.level), key)
    limited_use.spend_charges(ctx, f, [m])
    if m.is_super:  # a Utility Super pays its Super Energy and 1 FS besides the point, as any Super (000 L5281, L7215)
        pay_supers(ctx, f, [m])  # Cheap's use counted there
    else:  # Cheap: no Glory of its own, 1d4 Glory lost on each later use in the round (000 L4531–L4535)
        cheap_use(ctx, f, [m])
    if not m.trait(MoveTrait.slow_startup):
        return False
    # ruling: its price is paid when readied, as an attack's (000 L4842); its effects and Glory come next turn
    kept_states.ready_use(ctx, f, m, next((o.f.id for o in others if o.f.id == v.target), None))
    if m.id not in d.used:
        d.used.append(m.id)
    return True


def _use(
    ctx: Turn, d: Dram, m: MoveProfile, v: DecisionValue, key: str, others: list[Dram], foes: list[Dram], released: bool
) -> None:
    """The Utility move takes effect: Limited Move's drawback, its states, Ally, heal and Glory."""
    f = d.f
    # Limited Move: the drawback asked at each use, as in an attack (000 L4579–L4591); the whole move narrowed: the
    # use, paid for, does nothing (ruling: as Unreliable's failure, 000 L4872–L4874): no state, heal or Glory
    narrowed = limited_move.apply(ctx, f, [m], None)
    if narrowed is None:
        if m.id not in d.used:
            d.used.append(m.id)
        return
    m = narrowed[0]
    if m.id not in d.used:
        d.used.append(m.id)
    if fighter_on_thugs.fails(ctx, f, [m]):  # Unreliable's 1d10: a 1 and the use, paid for, does nothing (000 L4874)
        return
    ctx.note("C.5", f.id, f"{f.id} uses {m.name}.", "000 L5996–L6004, L7209", {"moves": [m.id]})
    move_elements.idle(ctx, f, m, "C.5")  # what has nothing to act on here, as events (ruling)
    # the opponent named, else the only one: whom a Taunt move taunts and its Ally faces (000 L4191, L4279, L7080)
    facing = next((o.f for o in foes if o.f.id == v.target), foes[0].f if len(foes) == 1 else None)
    taunt_glory(ctx, f, [m], facing)  # a Taunt move's 1d4 Glory against lower Initiative (000 L2141, L4279)
    move_elements.on_user(ctx, f, m)  # Fast/Slow Recovery, Self Damage, Self-Stun, Self Prone (000 L7080)
    move_elements.start_states(ctx, f, m)  # a Buff, End Buff, as in the main turn (000 L7080, L2953–L2997)
    kept_states.start(ctx, f, m)  # the states kept over turns (000 L7080)
    summon.call(ctx, f, m, facing)
    conditions.opened(ctx, f, m)  # a Utility Opening Move opens its window too (000 L3746)
    move_elements.triggered(ctx, f, m)  # Trigger Gradual Effect (000 L3406–L3410)
    _heal(ctx, d, m, v, key, others, released)
    if m.id not in f.scored and not glory_rule(m, GloryRule.earns_none):  # its level the first time (000 L6004, L4533)
        f.scored.append(m.id)
        ctx.award(f.id, m.level, f"{m.name} used", "000 L6004")
    after_move(ctx, d, m, key)


def after_move(ctx: Turn, d: Dram, m: MoveProfile, key: str) -> None:
    """After Mobile's and Passing's movement after the move, as the main turn's G.1 asks it (000 L2387–L2389, L7104):
    up to 2 Ranges (3 after a Utility move) or 1, 1 FS for 2 or more (ruling A15), Limited Movement's direction kept
    (000 L4597); none once he is defeated or down."""
    hi = move_elements.after_ranges(m)
    f = d.f
    if not hi or f.defeated or f.knocked_down or ctx.round_over:
        return
    k, v = ctx.decide(f.id, "post_move", "G.1", f"{f.id} may move up to {hi} Range(s) after {m.name}.",
                      DecisionValue(movement=0))  # fmt: skip
    n, toward = v.movement or 0, v.direction is not Direction.away
    if not 0 <= n <= hi or (n and ((m.kw("away") and toward) or (m.kw("closer") and not toward))):
        only = ", only away" if m.kw("away") else ", only closer" if m.kw("closer") else ""
        ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", f"decisions.{k}", f"{k}: {m.name} allows {hi} Range(s) after it"
                 f"{only}.", key=k)  # fmt: skip
    if move_elements.too_close(m, ctx.range or 0, n, toward):
        ctx.fail("MOBILE_ENDS_AT_RANGE_0", f"decisions.{k}", f"{k}: 3 Ranges cannot end at Range 0.", key=k)
    if not n:
        return
    fs = 1 if n >= 2 else 0
    if f.fs < fs:
        ctx.fail("FS_INSUFFICIENT", f"decisions.{k}", f"{k}: {f.id} has only {f.fs} FS.", key=k)
    f.fs -= fs
    ctx.note("G.1", f.id, f"{f.id} moves {n} Range(s) after {m.name} for {fs} FS.", "000 L2387–L2389", {"fs": fs})
    shift_range(ctx, d, n, Direction.toward if toward else Direction.away)


def _heal(
    ctx: Turn, d: Dram, m: MoveProfile, v: DecisionValue, key: str, others: list[Dram], released: bool = False
) -> None:
    """A Healing move heals as in the main turn, at the end of the turn up to the Dramatic Life Bar (000 L3436–L3456,
    L7072): its user, or with Heal Others the fighter named as ``target`` at Range 0–2 (its own Range if it has one);
    Only Heal Others needs one."""
    if not m.heals(Heals.heals):
        return
    f = d.f
    named = next((o.f for o in others if o.f.id == v.target), None)
    if v.target is not None and v.target != f.id and (named is None or not m.heals(Heals.others)):
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: {m.name} cannot heal '{v.target}'.", key=key)
    if named is None and m.heals(Heals.not_self):
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: {m.name} heals others only.", key=key)
    if named is not None and not released:  # readied with Slow Startup: in range or not (000 L4846)
        lo, hi = m.range or (0, 2)
        if not lo <= ctx.distance(f, named) <= hi:
            ctx.fail("TARGET_OUT_OF_RANGE", f"{key}.target", f"{key}: {named.id} is out of {m.name}'s Range.", key=key)
    # Power Up's Life Bar version: +1 to the heal for each Life Bar spent, up to his PL (000 L3852–L3864); its Control
    # version has no Control to take here (000 L7084), as on an attack
    bonus = move_elements.power_up(ctx, f, m, power_up_version(m) == "life_bar", "to the heal")
    utility.heal(ctx, f, m, named or f)
    power_up_utility.add_heal(ctx, f, named or f, m, bonus)


def cash_in(ctx: Turn, d: Dram, steps: int) -> int:
    """At Initiative after successful Await Opening turns: keep awaiting (the action this turn is Await Opening
    again), or take PL sizes a turn on the Initiative die up to 1d12, the rest as Accuracy (ruling C21). Returns the
    die sizes."""
    f = d.f
    if f.await_count <= 0:
        return 0
    total = f.await_count * f.pl
    room = max(D12 - initiative_die(f.prof.speed, steps).step, 0)
    key, v = ctx.decide(
        f.id,
        "await_opening",
        "A.1",
        f"{f.id}: cash in {f.await_count} successful Await Opening turn(s) ({total} die sizes) or keep awaiting?",
        DecisionValue(choice=Choice.cash_in),
        [
            choice(DecisionValue(choice=Choice.cash_in), "cash in"),
            choice(DecisionValue(choice=Choice.continue_), "wait"),
        ],
    )
    if v.choice is Choice.continue_:
        d.keep_awaiting = True
        ctx.note("A.1", f.id, f"{f.id} keeps awaiting an opening ({f.await_count} so far).", "000 L6049")
        return 0
    if v.choice not in (Choice.cash_in, None):
        ctx.fail("DECISION_INVALID", key, f"{key}: cash_in or continue.", key=key)
    sizes = min(total, room)
    d.accuracy_now += total - sizes
    f.await_count = 0
    ctx.note(
        "A.1",
        f.id,
        f"{f.id} cashes in Await Opening: +{sizes} Initiative die size(s)"
        + (f", +{total - sizes} Accuracy on his next attack." if total > sizes else "."),
        "000 L6045–L6049",
    )
    return sizes


def end_of_turn(ds: dict[str, Dram]) -> None:
    """A turn of Await Opening not hit before another action counts; anything else ends the run (000 L6049)."""
    for d in ds.values():
        d.f.await_count = d.f.await_count + 1 if d.awaiting and not d.was_hit else 0
