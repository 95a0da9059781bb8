"""The main system's actions that are not attacks, taken against Thug groups (000 L6750 names Refocus among a Thug
Thrashing action's choices; the rest of Thug combat is the Main Combat System's, 000 L6646): Refocus, Power Up,
Await Opening (000 L6037–L6049), the Taunt (000 L2141) and a Utility move (000 L5996–L6004). Shared by the Thug
Thrashing turn and the Dramatic turn with Thugs; each says how a Utility move is paid for (Control, or Action
Points).

Rulings: the 1 Range of movement Refocus and Await Opening allow is away from one group (the one named, or the only
one left), as every Fighter's movement in a Thug turn is (000 L6662–L6670); Refocus needs Range 2 or more from every
opposing group and Fighter once it has moved; after any of the three non-attack actions he defends with the Defense
Skill alone for the rest of the turn (000 L6039), which bars Evasion, Agility in its place and the Agility dodge. A
Utility move's Glory is its level the first time (000 L6004), raw until the end of the combat like all Glory against
Thugs (000 L6547); its Elements act on its user (their ``against_thugs`` records): Healing heals him, a Buff starts
as in the main turn, a Summon move calls its Ally (``ally``)."""

from __future__ import annotations

from collections.abc import Callable

from ....dice import Die
from ..contract.model_types import OngoingEffectId
from ..contract.models import ActionType, ChoiceOption, DecisionValue, Direction
from ..elements import techniques
from ..elements.glory import GloryRule, glory_rule
from ..elements.sequences import sequences
from ..state.combatant import Combatant
from ..state.profile import Heals, MoveProfile, MoveTrait
from ..state.turn import Turn
from ..turn.c_utility_actions import heal
from . import after_move, ally, move_elements
from . import group as thug_group
from .group import Group, award, choice, shift

D4, D6 = Die(2), Die(3)
RESOLVED = frozenset(
    {ActionType.refocus, ActionType.power_up, ActionType.await_opening, ActionType.taunt, ActionType.utility}
)
NON_ATTACK = frozenset({ActionType.refocus, ActionType.power_up, ActionType.await_opening})  # 000 L6037
REFOCUS_RANGE = 2  # 000 L6041
POWER_UP_PL = 3  # 000 L6043
NEAR = 2  # a Fighter opponent within this Range bars Refocus too (000 L6041)


def may_taunt(ctx: Turn, f: Combatant) -> bool:
    """The Taunt needs its campaign option or Technique, and earns once a combat (000 L2141); the Dramatic turn's
    test too."""
    return techniques.has(ctx, f, "taunts") and not f.taunt_used


def _live(ctx: Turn, f: Combatant, groups: list[Group]) -> list[Group]:
    return [g for g in groups if g.members and thug_group.opposes(g, f)]


def _clear(ctx: Turn, f: Combatant, groups: list[Group]) -> bool:
    """Range 2 or more from every opposing group and Fighter (000 L6041)."""
    fighters = (o for o in ctx.opponents(f) if o.active)
    return all(g.ranges[f.id] >= REFOCUS_RANGE for g in _live(ctx, f, groups)) and all(
        ctx.distance(f, o) >= NEAR for o in fighters
    )


def offered(
    ctx: Turn, f: Combatant, groups: list[Group], utility_ok: Callable[[MoveProfile], bool]
) -> list[ChoiceOption]:
    out = []
    if _clear(ctx, f, groups):
        out.append(choice(DecisionValue(action=ActionType.refocus), "Refocus (1d4 + half PL FS)"))
    if f.pl >= POWER_UP_PL:
        out.append(choice(DecisionValue(action=ActionType.power_up), "Power Up (+1d6 Super Energy)"))
    out.append(choice(DecisionValue(action=ActionType.await_opening), "Await Opening"))
    if may_taunt(ctx, f):
        for g in (g for g in _live(ctx, f, groups) if g.init < f.init):
            out.append(choice(DecisionValue(action=ActionType.taunt, target=g.id), f"Taunt {g.id}"))
    for m in f.prof.moves.values():
        if m.utility and not m.offensive and utility_ok(m):
            out.append(choice(DecisionValue(action=ActionType.utility, moves=[m.id]), f"{m.name} (Utility)"))
    return out


def _moved(
    ctx: Turn, f: Combatant, groups: list[Group], v: DecisionValue, key: str, what: str, away: bool = True
) -> None:
    """1 Range from the group named, or the only one left: away only for Refocus and Await Opening (000 L6041,
    L6045); either way for a Utility move (ruling: 1 Range as with an attack, 000 L5996, L6662)."""
    n = v.movement or 0
    if not n:
        return
    if n > 1 or (away and v.direction not in (Direction.away, None)):
        way = "away" if away else ""
        ctx.fail("MOVEMENT_DIRECTION_INVALID", f"{key}.movement", f"{key}: {what} allows 1 Range {way}.", key=key)
    live = _live(ctx, f, groups)
    named = None if v.target in ctx.fighters else v.target  # a Fighter named is the one his Heal Others move heals
    g = next((g for g in live if g.id == named), live[0] if named is None and len(live) == 1 else None)
    if g is None:
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: name the Thug group to move by.", key=key)
    shift(ctx, f, g, 1, Direction.away if away else (v.direction or Direction.toward))


def act(
    ctx: Turn,
    f: Combatant,
    groups: list[Group],
    key: str,
    v: DecisionValue,
    pay_utility: Callable[[MoveProfile, str], None],
) -> None:
    """Carry out ``v.action`` (one of RESOLVED); ``pay_utility`` checks and pays a Utility move's price."""
    kind = v.action
    if kind in NON_ATTACK:
        f.non_attack_action = True  # the Defense Skill alone for the rest of the turn (000 L6039)
        sequences.action_taken(ctx, f, kind.value)  # it closes an Opening Move's window (000 L3750)
    if kind is ActionType.refocus:
        _moved(ctx, f, groups, v, key, "Refocus")
        if not _clear(ctx, f, groups):  # ruling A19: after its movement
            ctx.fail("REFOCUS_TOO_CLOSE", key, f"{key}: Refocus needs Range 2 or more from every opponent.", key=key)
        r = ctx.roll(f.id, "refocus", D4, "Refocus", "B.1")
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
    elif kind is ActionType.power_up:
        if v.movement:
            ctx.fail("POWER_UP_WITH_MOVEMENT", key, f"{key}: Power Up allows no movement.", key=key)
        if f.pl < POWER_UP_PL:
            ctx.fail("POWER_UP_BELOW_PL3", key, f"{key}: Power Up needs Power Level 3.", key=key)
        r = ctx.roll(f.id, kind.value, D6, "Power Up", "B.1")  # the roll is keyed by the action
        before = f.se
        if f.prof.has_supers:
            f.se = min(f.se + r, ctx.opts.super_energy_max)
        ctx.note(
            "B.1", f.id, f"{f.id} Powers Up: +{f.se - before} Super Energy ({r} rolled).", "000 L6043", {"roll": r}
        )
    elif kind is ActionType.await_opening:
        if f.hit_stun:
            ctx.fail("AWAIT_OPENING_AFTER_HIT_STUN", key, f"{key}: no Await Opening after Hit Stun.", key=key)
        _moved(ctx, f, groups, v, key, "Await Opening")
        f.awaiting = True
        ctx.note("B.1", f.id, f"{f.id} Awaits an Opening.", "000 L6045–L6049", {}, {"awaiting": True})
    elif kind is ActionType.taunt:
        _taunt(ctx, f, groups, key, v)
    else:
        _utility(ctx, f, groups, key, v, pay_utility)


def _taunt(ctx: Turn, f: Combatant, groups: list[Group], key: str, v: DecisionValue) -> None:
    """1d4 Glory once a combat, at a group with lower Initiative (000 L2141); raw against Thugs (000 L6547)."""
    g = next((g for g in _live(ctx, f, groups) if g.id == v.target), None)
    if not may_taunt(ctx, f) or g is None or g.init >= f.init:
        ctx.fail(
            "TAUNT_INVALID",
            key,
            f"{key}: Taunt needs the option, a group with lower Initiative, and is once per combat.",
            key=key,
        )
    if v.movement:
        ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: a Taunt is made where he stands.", key=key)
    f.taunt_used = True
    r = ctx.roll(f.id, "taunt_glory", D4, "Taunt Glory", "B.1")
    award(ctx, f.id, r, f"Taunt against {g.id}", "000 L2141, L6547")


def _utility(
    ctx: Turn, f: Combatant, groups: list[Group], key: str, v: DecisionValue, pay: Callable[[MoveProfile, str], None]
) -> None:
    m = f.move((v.moves or [""])[0])
    if m is None or not m.utility or m.offensive:
        ctx.fail("UNKNOWN_MOVE", f"{key}.moves", f"{key}: {f.id} has no Utility move '{v.moves}'.", key=key)
    move_elements.recover_prop(ctx, f, [m])  # Recover Prop, a Prop Recovery move (000 L3902–L3908, L4785)
    move_elements.check_use(ctx, f, [m], key)  # Powerless, End Only (000 L6646)
    healed = _healed(ctx, f, m, v, key)
    pay(m, key)
    after_move.check_before(ctx, m, v.movement or 0, key)  # After Mobile, Passing (000 L2387–L2389)
    _moved(ctx, f, groups, v, key, m.name, away=False)
    ctx.note("C.5", f.id, f"{f.id} uses {m.name}.", "000 L5996–L6004", {"moves": [m.id]})
    if m.trait(MoveTrait.slow_startup):  # only readied: it takes effect at his first action next turn (000 L4842)
        move_elements.ready(ctx, f, m, OngoingEffectId.slow_startup, healed.id if healed is not f else None)
        return
    _take_effect(ctx, f, groups, key, v, m, healed)


def _take_effect(
    ctx: Turn, f: Combatant, groups: list[Group], key: str, v: DecisionValue, m: MoveProfile, healed: Combatant | None
) -> None:
    """The Utility move's effects on its user, its heal and its Glory."""
    kept = move_elements.limited(ctx, f, [m])  # Limited Move's drawback on this use (000 L4579–L4591)
    if kept is None:
        return
    m = move_elements.enhanced(ctx, f, kept)[0]  # a Power Enhancer's bank, a Taunt's lent Element (000 L6646)
    move_elements.start_user_states(ctx, f, [m])  # a Buff starts (000 L2961, L6646)
    ally.call(ctx, f, m, _faced(ctx, f, groups, v), f"{key}.moves", key)  # his Ally appears (000 L4191)
    if m.heals(Heals.heals) and healed is not None:  # Healing heals its user (000 L3436–L3444)
        heal(ctx, f, m, healed)
    if m.id not in f.scored and not glory_rule(m, GloryRule.earns_none):  # its level the first time (000 L6004, L4533)
        f.scored.append(m.id)
        award(ctx, f.id, m.level, f"{m.name} used", "000 L6004, L6547")
    after_move.after(ctx, f, _faced(ctx, f, groups, v), [m], groups, True)  # After Mobile: 0–3 (000 L2387)


def released_use(ctx: Turn, f: Combatant, groups: list[Group], key: str, budget: int) -> bool:
    """His Utility move readied last turn with Slow Startup takes effect at his first action for 1 Control, nothing
    more to pay, its heal going to the one named then (000 L4846–L4848); False when what waits is an attack's."""
    e = move_elements.slow_startup_due(f) if f.ongoing else None
    m = f.move(e.move or "") if e is not None else None
    if e is None or m is None or m.offensive:
        return False
    f.ongoing = [x for x in f.ongoing if x is not e]
    if budget < 1:
        ctx.note("B.3", f.id, f"{f.id} has no Control left to release {m.name}.", "000 L4848")
        return True
    ctx.note("B.1", f.id, f"{f.id}'s {m.name}, begun last turn, takes effect (1 Control).", "000 L4846–L4848")
    healed = ctx.fighters.get(e.target or "", f)
    if healed.defeated:
        ctx.note("C.5", f.id, f"{healed.id} is out of the fight: nobody is healed.", "000 L3446")
    v = DecisionValue(action=ActionType.utility, moves=[m.id], target=e.target)
    _take_effect(ctx, f, groups, key, v, m, None if healed.defeated else healed)
    return True


def _faced(ctx: Turn, f: Combatant, groups: list[Group], v: DecisionValue) -> Group | None:
    """The group a Summon move's Ally appears toward: the one named, else the only one left (000 L4191)."""
    live = _live(ctx, f, groups)
    return next((g for g in live if g.id == v.target), live[0] if len(live) == 1 else None)


def heals_ally(ctx: Turn, f: Combatant, v: DecisionValue) -> bool:
    """A Utility move named on another Fighter of his own side: his Heal Others move on that ally (000 L3446)."""
    t = ctx.fighters.get(v.target or "")
    return v.action is ActionType.utility and t is not None and t is not f and t.side == f.side


def _healed(ctx: Turn, f: Combatant, m: MoveProfile, v: DecisionValue, key: str) -> Combatant:
    """Whom his Utility move heals: himself, or with Heal Others the ally named as ``target``; Only Heal Others never
    heals him (000 L3436–L3454). Ruling: a turn with Thugs keeps no Range between Fighters of one side (000 L6670),
    so the ally is within the move's reach (000 L3448)."""
    t = ctx.fighters.get(v.target or "", f)
    if (t is not f and not m.heals(Heals.others)) or t.defeated or (t is f and m.heals(Heals.not_self)):
        who = "another Fighter of his side, named as the target" if m.heals(Heals.others) else "only its user"
        ctx.fail("HEAL_TARGET_INVALID", f"{key}.target", f"{key}: {m.name} heals {who}.", key=key)
    return t


def end_of_turn(ctx: Turn) -> None:
    """A turn of Await Opening not hit counts toward the next Initiative; anything else ends the run (000 L6049)."""
    for f in ctx.fighters.values():
        f.await_count = f.await_count + 1 if (f.awaiting and not f.was_hit) else 0
