"""A Fighter's actions on a Thug group in a Thug Thrashing turn (000 L6646–L6724): moving toward or away from it
(only that pair's Range changes), spending Fighting Spirit, and attacking it: Accuracy against the group's Defense,
the Life Saves a hit forces (by die size and Strength; a Combo reduces or spreads), Knock Down's second save or
push, and the Glory and Super Energy of the hit."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ....dice import Die, die
from ...catalogue.records import AccuracyForDamage, Misfire, Modifier, MoveTrait, Point, Trigger
from ...catalogue.records import Area as AreaRecord
from ...thugs import attacks as thug_rules
from ...thugs import life_save
from ...thugs.dice import die_step, die_text
from ...thugs.weapons import WEAPONS, WeaponRule, weapon_expert_bonus
from ..contract.models import ActionType, DecisionValue, Direction, ThugComboMode
from ..elements import drain_life, limited_use, perfect_hit, ranged, styles
from ..elements.combo import check_combo, control_cost
from ..elements.glory import GloryRule, glory_rule
from ..elements.hazards.hazard_elements import sidestep_only
from ..elements.power_up.power_up_elements import PowerUp, powered
from ..elements.power_up.power_up_elements import buy as buy_elements
from ..elements.power_up.power_up_elements import cap as power_up_cap
from ..elements.super_energy import count_attack, pay_supers
from ..elements.throws import multi_part_throw
from ..registry import points as records
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, Use
from ..state.turn import Turn
from ..turn.d_accuracy import range_modifier, range_ok
from ..turn.d_area_attacks import AREAS
from ..turn.d_move_declaration import power_up_version
from ..turn.d_performing import ti_level
from . import after_move, ally, lasting, move_elements
from . import evasion as thug_evasion
from . import group as thug_group
from . import stances as thug_stances
from .group import Group, award

D4, D6, D10 = Die(2), Die(3), Die(5)
BASE_DIE = "1d6"  # a move's damage step is counted from this die (state.profile)
# The entries whose records these steps read, a quick gate before a move's records are walked.
_MISFIRES = records.entries_with(Misfire)
_BY_RANGE = records.entries_with(Modifier, Point.accuracy, labelled=True)
_SUPER_ENERGY = records.entries_with(Modifier, Point.super_energy)
_TRADES = records.entries_with(AccuracyForDamage)
_AREAS = records.entries_with(AreaRecord)
_ON_USER = frozenset({MoveTrait.self_stun, MoveTrait.self_damage, MoveTrait.self_prone})


def move(ctx: Turn, f: Combatant, g: Group, n: int, direction: Direction | None) -> None:
    """Movement changes his Range to the group he moves toward or away from (000 L6662–L6670)."""
    if n and lasting.move_locked(f):  # a Suppression's movement lock (000 L4247)
        ctx.fail("SUPPRESSION_RESTRICTED", "decisions", f"{f.id} is suppressed and cannot move.")
    thug_group.shift(ctx, f, g, n, direction)
    if n:
        move_elements.moved(f)  # a dropped Prop is no longer at his feet (000 L4761)


def move_or_idle(ctx: Turn, f: Combatant, v: DecisionValue, key: str, toward: Callable[[], Group], turn: str) -> None:
    """An action that is not an attack: up to 2 Ranges of movement toward or away from a group, or nothing; any
    other action is reported as not resolved in this ``turn`` yet (000 L6662–L6670, L6752)."""
    if v.action is ActionType.move:
        n = v.movement or 0
        _movable(ctx, f, n, key)
        if n > 2:
            ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: at most 2 Ranges without an action.", key=key)
        styles.check_action(ctx, f, v, ActionType.move, n, key)  # a No Movement style (000 L5130–L5138)
        # a Limited Movement style: 1 Range free, 2 for 1 FS (000 L5102)
        spend_fs(ctx, f, styles.movement_fs(ctx, f, ActionType.move, None, n, key) or 0, key, "the movement")
        move(ctx, f, toward(), n, v.direction)
    elif v.action in (ActionType.none, None):
        ctx.note("C", f.id, f"{f.id} does nothing with this action.", "000 L6752")
    else:
        ctx.unsupported_rule(v.action.value, key, f"this action is not resolved in {turn} yet")
        ctx.note("C", f.id, f"{f.id} does nothing (the action asked for is not resolved yet).", "000 L6752")


def _movable(ctx: Turn, f: Combatant, n: int, key: str) -> None:
    """A Suppression's movement lock (000 L4247)."""
    if n and lasting.move_locked(f):
        ctx.fail("SUPPRESSION_RESTRICTED", f"{key}.movement", f"{key}: {f.id} is suppressed and cannot move.", key=key)


def spend_fs(ctx: Turn, f: Combatant, n: int, key: str, what: str) -> None:
    if n > f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"{key}.fs", f"{key}: {n} FS is more than PL {f.pl}.", key=key)
    if n > f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {f.id} has only {f.fs} FS for {what}.", key=key)
    f.fs -= n


def _named(ctx: Turn, f: Combatant, v: DecisionValue, key: str) -> list[MoveProfile]:
    moves = []
    for mid in v.moves or []:
        m = f.move(mid)
        if m is None or not m.offensive:
            ctx.fail("UNKNOWN_MOVE", f"{key}.moves", f"{key}: {f.id} has no attacking move '{mid}'.", key=key)
        moves.append(m)
    if not moves:
        ctx.fail("DECISION_INVALID", f"{key}.moves", f"{key}: an attack names its move or Combo.", key=key)
    suppressed(ctx, f, moves, key)
    for m in moves:
        if m.withheld(Use.attack) or sidestep_only(m):  # as in the main turn (000 L3121–L3129, L3575–L3579)
            why = f"{key}: {m.name} works only as a Defensive Response."
            ctx.fail("COUNTER_MOVE_AS_ATTACK", f"{key}.moves", why, key=key)
    moves = move_elements.recover_prop(ctx, f, moves)  # Prop Recovery (000 L3902–L3908)
    move_elements.check_use(ctx, f, moves, key)  # Powerless, End Only, Flight's lock (000 L6646)
    return moves


def behind(ctx: Turn, f: Combatant, g: Group, m: MoveProfile, start: int, n: int, toward: bool, key: str) -> bool:
    """Behind Opponent on a group, the move opening the attack (000 L4457–L4477): made by going past it (toward it
    farther than his Range before, from Range 1 or more), or from Range 0 (moving at most 1) or by a step from Range 1
    to 0 with a won Maneuver Check. Ruling: a group's Ranges are read as the no-map ones, map or not (000 L4462); the
    check is 1d10 + his Tactics against 1d10 + the group's Defense, its one skill, as a Bomb's Maneuver Roll (000
    L6582, L2857), ties rolled again; waived when another Fighter is within Range 1 of the group (it faces other
    opponents, 000 L4475); the condition lasts this attack only, a group's Ranges being redrawn by its own moves
    (000 L4477). Not met: the move is not used and the action is spent, as in the main turn. False then."""
    if not m.trait(MoveTrait.behind_opponent):
        return True
    how = ""
    if toward and n > start > 0:
        how = "going past it"
    elif (start == 0 and n <= 1) or (start == 1 and toward and n == 1 and g.ranges[f.id] == 0):
        others = [o for o in ctx.fighters.values() if o is not f and o.active and g.ranges.get(o.id, 99) <= 1]
        if others:
            how = "the group facing other Fighters (no check needed)"
        elif not f.maneuvered:
            f.maneuvered = True  # his one Maneuver Check of the turn (000 L6079)
            how = "a Maneuver Check" if _maneuver_won(ctx, f, g) else ""
    if how:
        ctx.note("C", f.id, f"{f.id} is Behind {g.id} ({how}).", "000 L4457–L4477", {}, {"behind": g.id})
        return True
    why = f"{m.name} needs {f.id} Behind {g.id}: the move cannot be used and the action is spent."
    ctx.warn("BEHIND_NOT_ACHIEVED", key, why, key=key)
    ctx.note("C", f.id, f"{f.id} is not Behind {g.id}: {m.name} cannot be used.", "000 L4457–L4477")
    return False


def _maneuver_won(ctx: Turn, f: Combatant, g: Group) -> bool:
    for _ in range(10):  # ruling: ties are rolled again; ten ties in a row go to the group
        mine = ctx.roll(f.id, "maneuver", D10, f"Maneuver Check (get behind {g.id})", "C") + f.prof.tactics
        theirs = ctx.roll(g.id, "maneuver", D10, f"Maneuver Check against {f.id}", "C") + g.defense
        if mine != theirs:
            ctx.note("C", f.id, f"Maneuver Check: {f.id} {mine} against {g.id} {theirs}.", "000 L4466, L6582")
            return mine > theirs
    return False


def suppressed(ctx: Turn, f: Combatant, moves: list[MoveProfile], key: str) -> None:
    """A group's Suppression on him: the moves its tier keeps from him are refused (000 L4251–L4254). Any turn with
    Thugs where he names moves for an attack asks it (the group's Suppression is applied where this is called)."""
    if not f.suppressed[0]:
        return
    for m in moves:
        barred = lasting.move_barred(f, m)
        if barred:
            ctx.fail("SUPPRESSION_RESTRICTED", f"{key}.moves", f"{key}: {barred}.", key=key)


def _approach(ctx: Turn, f: Combatant, g: Group, moves: list[MoveProfile], v: DecisionValue, key: str) -> int:
    """1 Range with the attack; 2 with a Basic jump for 1 FS (000 L5632); farther with a movement Element of the
    first move: Mobile 2 for 1 FS, Full Screen up to 3 for 1 FS, Teleportation and Pass Through 2 for none (ruling:
    the FS pays for what goes beyond the usual 1); or a Dash (``move_elements.dash``). Returns the Accuracy the
    movement gives."""
    n = v.movement or 0
    _movable(ctx, f, n, key)
    after_move.check_before(ctx, moves[0], n, key)  # After Mobile, Passing (000 L2387–L2389)
    if v.dash:
        fee, acc = move_elements.dash(ctx, f, moves, g.ranges[f.id], v, key)
        spend_fs(ctx, f, fee, key, "the Dash")  # 000 L2177–L2179
        move(ctx, f, g, n, Direction.toward)
        return acc
    styles.check_action(ctx, f, v, ActionType.attack, n, key)  # a No Movement style (000 L5130–L5138)
    styled = styles.movement_fs(ctx, f, ActionType.attack, moves[0], n, key)  # unless Movement Exception (000 L3294)
    if styled is not None:  # a Limited Movement style: 1 Range before the attack for 1 FS (000 L5102)
        spend_fs(ctx, f, styled, key, "movement in a Limited Movement style")
        move(ctx, f, g, n, v.direction)
        return 0
    if n and any(m.trait(MoveTrait.no_movement) for m in moves):  # 000 L4714–L4719
        ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: {moves[0].name} allows no movement.", key=key)
    if n == 1 and moves[0].kw("dash"):  # its Dash keyword: 2 Ranges when it moves (000 L2423, L4577)
        ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: {moves[0].name} moves 2 Ranges or none.", key=key)
    _direction(ctx, moves[0], n, v.direction is not Direction.away, key)
    far, fee = move_elements.movement(moves)
    jump = n == 2 and all(m.kind == "basic" for m in moves)
    if n > max(far, 2 if jump else 1):
        ctx.fail("MOVEMENT_TOO_FAR", f"{key}.movement", f"{key}: 1 Range with an attack, 2 with a Basic jump.", key=key)
    if n > 1:
        cost, what = (fee, moves[0].name) if n <= far else (1, "a Jumping Basic")
        spend_fs(ctx, f, cost, key, what)  # 000 L5632
    move(ctx, f, g, n, v.direction)
    return 0


def _direction(ctx: Turn, first: MoveProfile, n: int, toward: bool, key: str) -> None:
    """Its Away and Closer keywords, as in the main turn: movement only away from the group, or toward it, and
    with Limited Movement's Closer at least 1 Range forward before the attack (000 L2419–L2421, L4599)."""
    if "away" not in first.keywords and "closer" not in first.keywords:
        return
    path = f"{key}.movement"
    if n and first.kw("away") and toward:
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} must move away.", key=key)
    if n and first.kw("closer") and not toward:
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {first.name} must move closer.", key=key)
    if first.moving.forward_first and first.kw("closer") and n < 1:
        why = f"{key}: {first.name} needs at least 1 Range forward first."
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, why, key=key)


def attack(
    ctx: Turn,
    f: Combatant,
    g: Group,
    budget: int,
    key: str,
    v: DecisionValue,
    special_factor: int = 1,
    groups: list[Group] | None = None,
    released: bool = False,
    bonus: int = 0,
) -> None:
    """His attack on the group: the usual roll against its static Defense (doubled by Defensive Advantage), then
    the Life Saves of a hit (000 L6714–L6718); an Area Effect or Explosive move attacks every other group in its
    area too, each as one combatant (000 L2839, L3328; ruling: with no map the area is measured from him, and his
    Fighter allies, whose Ranges to him a Thug turn does not keep, are not in it). ``released``: a Slow Startup move
    readied last turn goes off, for 1 Control and in range or not (000 L4846–L4848). ``bonus``: Accuracy it has
    as a Reaction Attack (a Super one's +1, 000 L6031)."""
    moves = _named(ctx, f, v, key)
    if any(multi_part_throw.opens_chain(f, m) for m in moves):  # ruling: no lock on a group (000 L3765, L6714)
        ctx.note(
            "D.3", f.id, f"On {g.id} his Opening Throw is a plain Throw: no Multi-Part Throw on a group.", "000 L3765"
        )
    arm = WEAPONS[v.weapon.value] if v.weapon else None
    if arm is not None and any(m.kind != "basic" for m in moves):
        ctx.fail("DECISION_INVALID", f"{key}.weapon", f"{key}: a weapon attacks with Basic Moves (000 L6796).", key=key)
    if len(moves) > 1:
        check_combo(ctx, f, moves, key)  # Combo Skill and placement as usual (000 L6716, L5773–L5816)
    empty = limited_use.check_charges(f, moves)
    if empty is not None:
        ctx.fail("LIMITED_USE_NO_CHARGES", f"{key}.moves", f"{key}: pool {empty} has too few charges left.", key=key)
    # Set Up, Wind Up, Slow Startup (000 L4123–L4131, L4443–L4451, L4838–L4848)
    readying, wound = ("", False) if released else move_elements.readied(ctx, f, moves, key)
    cost = control_cost(moves) + move_elements.wind_up_control(f, moves)  # +2 while a Wind Up is held (000 L4451)
    cost = 1 if released else cost
    level, added = power_up(ctx, f, moves, budget, cost)
    if level > budget:
        ctx.fail("INSUFFICIENT_CONTROL", f"{key}.moves", f"{key}: needs Control {level}, has {budget}.", key=key)
    if readying:
        move_elements.ready(ctx, f, moves[0], readying, g.id)  # a Utility-like use: no roll, no Glory (000 L4127)
        return
    moves = move_elements.enhanced(ctx, f, moves)  # a Power Enhancer's banked die sizes (000 L3826)
    kept = move_elements.limited(ctx, f, moves)  # Limited Move's drawback on this use (000 L4579–L4591)
    if kept is None:
        count_attack(ctx, f, moves, False)  # an attack made, to no effect
        return
    moves = kept
    added = added or wound
    start = g.ranges[f.id]
    dashed = _approach(ctx, f, g, moves, v, key)  # a Dash's +1 Accuracy (000 L2179)
    dist = g.ranges[f.id]
    if not behind(ctx, f, g, moves[0], start, v.movement or 0, v.direction is not Direction.away, key):
        return  # Behind Opponent not met: the action is spent (000 L4457–L4477)
    # his charge moves as in the main turn, by his movement on this group (000 L3093–L3097, L4499–L4501, L6646)
    fee = move_elements.charged(ctx, f, moves, key, budget >= level + 2, start, v)
    if fee:
        spend_fs(ctx, f, fee, key, "the Charge Forward step")  # 000 L4501
    short = _out_of_reach(ctx, f, moves, dist, arm, released, groups or [g], key)
    rolled = move_elements.random_effect(ctx, f, moves, dist)  # its combination this use (000 L3938–L3960)
    if rolled is None:
        count_attack(ctx, f, moves, False)  # unusable here: the attack misses (000 L3958)
        return
    moves = rolled
    fs = v.fs or 0
    spend_fs(ctx, f, fs, key, "Accuracy")
    pay_supers(ctx, f, moves)  # a Super Move's Super Energy on use (000 L5281), and Cheap's Glory (000 L4533)
    limited_use.spend_charges(ctx, f, moves)  # Limited Use's charges, a Reload's refill (000 L4608–L4614)
    taunt(ctx, f, g, moves)
    evasion = thug_evasion.take(ctx, f, g)  # +2 after evading this group (000 L6698)
    expert = weapon_expert_bonus(f.prof.qualities, arm, f.weapon_expert_used)
    f.weapon_expert_used = f.weapon_expert_used or bool(expert)
    traded, more = accuracy_for_damage(ctx, f, moves, dist)
    added = added or more
    acc = _accuracy(f, moves, dist, budget, level, arm) + fs + evasion + expert + traded + dashed + bonus
    if move_elements.long_advance(moves[0], v.movement or 0):
        acc -= 1  # the group's +1 Defense Total after a full Full Screen advance (000 L3685)
    f.attacked_thugs = True
    sides = thug_stances.attack_sides(f, v)  # 1d10 on Full Offense (000 L5726)
    name = moves[0].name if len(moves) == 1 else f"{len(moves)}-hit Combo"
    name += f" with a {v.weapon.value} weapon" if v.weapon is not None and arm is not None and not arm.ranged else ""
    name += " with a gun" if arm is not None and arm.ranged else ""
    name += " on Full Offense" if sides == D10.sides else ""
    blow = _Blow(moves, sides, name, v.combo_mode or ThugComboMode.reduce, arm, added)
    if ti_level(moves):
        f.invulnerable = ti_level(moves)  # a group tied with him hits him for nothing (000 L4323–L4327)
    move_elements.under_way(f, moves)  # Vulnerability: a tied group's hit one die size up (000 L4894)
    if fails(ctx, f, moves):
        return
    lands = not short and connects(ctx, f, moves)
    hit = lands and _strike(ctx, f, g, blow, acc, evasion, expert)
    strike = partial(_ally_strike, ctx, f, budget, level, blow.mode)
    ally.join(ctx, f, g, moves, groups or [g], strike)  # his Ally's Basic Moves, with their own hits (000 L4201–L4207)
    count_attack(ctx, f, moves, hit)
    for other in in_area(f, g, moves, groups or []) if lands else []:  # his FS and Evasion bonus: the named
        other_acc = _accuracy(f, moves, other.ranges[f.id], budget, level, arm)
        hit = _strike(ctx, f, other, blow, other_acc, 0, 0, named=False) or hit
    if hit:
        _glory(ctx, f, moves, special_factor)
        if arm is not None and len(moves) == 1:  # every weapon hit, not the first only; a Combo has no more (000 L6798)
            award(ctx, f.id, arm.glory_per_hit, "a hit with a weapon on Thugs", "000 L6798, L6848")
    on_himself(ctx, f, moves, hit)
    for i, m in enumerate(moves):  # Fast and Slow Recovery: his die next turn (000 L3358, L4836)
        records.die_shifts(ctx, f, None, m, Trigger.always)
        trigger = Trigger.on_hit if hit else Trigger.on_miss
        records.die_shifts(ctx, f, None, m, trigger, i == len(moves) - 1, None, len(moves) > 1)
    after_move.after(ctx, f, g, moves, groups or [g], False)  # After Mobile, Passing (000 L2387–L2389)


def _out_of_reach(
    ctx: Turn,
    f: Combatant,
    moves: list[MoveProfile],
    dist: int,
    arm: WeaponRule | None,
    released: bool,
    groups: list[Group],
    key: str,
) -> bool:
    """A move that cannot reach the group is refused, unless it is a Basic Move launched only so that his Ally
    strikes a group it reaches (000 L4205): then his own attack has no effect (True)."""
    for m in moves if not released else ():
        if m.has(move_elements.RANDOM_EFFECT):
            continue  # its rolled combination's reach (000 L3958): ``move_elements.random_effect``
        lo, hi = (arm.reach if arm is not None else None) or m.range or (0, 2)
        if lo <= dist <= hi if arm is not None else range_ok(m, dist):  # Specific Range: its one Range
            continue
        if arm is None and all(x.kind == "basic" for x in moves) and ally.reaches_any(ctx, f, groups):
            ctx.note("D.1", f.id, f"{f.id}'s {m.name} cannot reach Range {dist}: it has no effect.", "000 L4205")
            return True
        ctx.fail("TARGET_OUT_OF_RANGE", f"{key}.moves", f"{key}: {m.name} cannot reach Range {dist}.", key=key)
    return False


def _ally_strike(
    ctx: Turn,
    f: Combatant,
    budget: int,
    level: int,
    mode: ThugComboMode,
    g: Group,
    moves: list[MoveProfile],
    dist: int,
    key: str,
) -> bool:
    """The Ally's attack on a group, as a Fighter's (000 L6714–L6718): its moves' Accuracy at its own Range, with
    his Control (ruling: his Control and action pay for the pair, as in the main turn, 000 L4201) and none of the
    bonuses that are his alone (FS spent, an Evasion's +2, a weapon, Full Offense's die)."""
    acc = _accuracy(f, moves, dist, budget, level, None)
    name = moves[0].name if len(moves) == 1 else f"Ally's {len(moves)}-hit Combo"
    if fails(ctx, f, moves) or not connects(ctx, f, moves):
        return False
    return _strike(ctx, f, g, _Blow(moves, D6.sides, name, mode, None), acc, 0, 0, at=dist)


def power_up(ctx: Turn, f: Combatant, moves: list[MoveProfile], budget: int, level: int) -> tuple[int, bool]:
    """Power Up, decided before the attack roll: more Control demanded (up to the move's cap) or Life Bar spent (up
    to his Power Level, the move needing 1 more Control) for damage (000 L3852–L3862); against a group any damage it
    adds is one less on the Life Save, however much (000 L6572; ruling A11). Returns the Control the attack needs and
    whether damage was added."""
    i, m = next(((i, m) for i, m in enumerate(moves) if power_up_version(m)), (0, None))
    if m is None:
        return level, False
    version = power_up_version(m)
    if version == "life_bar":
        level += 1  # 000 L3860
    room = max(min(power_up_cap(m), budget - level) if version == "control" else min(f.pl, f.life - 1), 0)
    key, d = ctx.decide(
        f.id,
        "power_up_bonus",
        "D.1",
        f"{f.id}: Power Up {m.name} by how much ("
        + ("extra Control" if version == "control" else "Life Bar")
        + f", up to {room})?",
        DecisionValue(amount=0),
    )
    n = d.amount or 0
    if not 0 <= n <= room:
        ctx.fail("POWER_UP_INVALID", f"decisions.{key}.amount", f"{key}: Power Up {m.name} by 0–{room}.", key=key)
    if not n:
        return level, False
    if version == "control":
        level += n
        # Extra Elements: the design's Elements bought first, in order, the rest as damage (000 L3870–L3876)
        n = buy_elements(ctx, f, moves, i, m, n) if powered(m, PowerUp.buys_elements) else n
        if not n:
            return level, False
    else:
        f.life -= n
    ctx.note(
        "D.1",
        f.id,
        f"{f.id} powers up {m.name}: "
        + (f"{n} more Control" if version == "control" else f"{n} Life Bar")
        + ": one less on the Thugs' Life Save.",
        "000 L3852–L3862, L6572",
        {"amount": n},
        {"life_bar": f.life},
    )
    return level, True


def accuracy_for_damage(ctx: Turn, f: Combatant, moves: list[MoveProfile], dist: int) -> tuple[int, bool]:
    """Accuracy for Damage: each Range cut from the reach of 4 (never below the group's Range) trades 1 Accuracy
    for 2 damage (000 L3991–L3999); against a group the damage is one less on the Life Save (000 L6572). Returns
    the Accuracy (none when the move is not the Combo's first, ruling as the Main Combat System's) and whether
    damage was added."""
    if _TRADES.isdisjoint(f.prof.entry_ids):
        return 0, False
    i, m, trade = next(
        ((i, m, t) for i, m in enumerate(moves) if (t := records.first_record(m, AccuracyForDamage))), (0, None, None)
    )
    if m is None or trade is None:
        return 0, False
    n = ranged.trade_reach(ctx, f, m, trade, dist)
    if n:
        ctx.note("D.1", f.id, f"Accuracy for Damage: {m.name} gives up {n} Range(s).", "000 L3991–L3999, L6572")
    return (trade.accuracy * n if i == 0 else 0), n > 0


def taunt(ctx: Turn, f: Combatant, g: Group, moves: list[MoveProfile]) -> None:
    """A Taunt move taunts a group as a Fighter: 1d4 Glory against lower Initiative, once a combat (000 L2141,
    L4279; ruling: raw, divided at the end like all Glory against Thugs, 000 L6547)."""
    m = next((x for x in moves if glory_rule(x, GloryRule.taunts)), None)
    if m is None:
        return
    if f.taunt_used or g.init >= f.init:
        why = "Taunt Glory was already earned" if f.taunt_used else f"{g.id}'s Initiative is not lower"
        ctx.note("C.5", f.id, f"{m.name} is a Taunt, but {why}: no Taunt Glory.", "000 L2141, L4279")
        return
    f.taunt_used = True
    r = ctx.roll(f.id, "taunt_glory", D4, f"Taunt Glory of {m.name}", "C.5")
    award(ctx, f.id, r, f"Taunt {m.name} against {g.id}", "000 L2141, L4279")


def fails(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> bool:
    """Unreliable: a 1 on 1d10 after declaring, and the move, and any Combo holding it, does nothing
    (000 L4872–L4874)."""
    chance = None if _MISFIRES.isdisjoint(f.prof.entry_ids) else records.misfire(moves)  # as the main turn (000 L4874)
    if chance is None:
        return False
    entry, mf = chance
    face = ctx.roll(f.id, entry, die(f"1d{mf.sides}"), mf.purpose, "D.1")
    fails = face <= mf.fails_at_most
    f.misfired = f.misfired or fails  # a Defensive Response's failure: the attack it answered hits (000 L4874)
    ctx.note("D.1", f.id, f"{mf.purpose}: {face}" + (": the move fails." if fails else "."), mf.ref, {"face": face})
    return fails


def connects(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> bool:
    """A move that connects only from a Cross-Up misses: a Thug turn keeps Ranges, and offers no Cross-Up over a
    group (ruling, 000 L4537–L4543, L6662)."""
    if not moves[0].trait(MoveTrait.cross_up):
        return True
    ctx.note("D.6", f.id, f"{moves[0].name} connects only in a Cross-Up: an automatic miss.", "000 L4543, L6662")
    return False


@dataclass(frozen=True)
class _Blow:
    moves: list[MoveProfile]
    sides: int
    name: str
    mode: ThugComboMode
    arm: WeaponRule | None
    added: bool = False  # an Element added damage: one less on the Life Save (000 L6572)


def in_area(f: Combatant, g: Group, moves: list[MoveProfile], groups: list[Group]) -> list[Group]:
    if _AREAS.isdisjoint(f.prof.entry_ids):
        return []
    radius = max((a.radius for m in moves for _, a in AREAS.found(m.entries)), default=-1)  # the widest counts
    return [o for o in groups if o is not g and o.members and f.id in o.ranges and o.ranges[f.id] <= radius]


def _strike(
    ctx: Turn,
    f: Combatant,
    g: Group,
    blow: _Blow,
    acc: int,
    evasion: int,
    expert: int,
    named: bool = True,
    at: int | None = None,
) -> bool:
    """One attack roll on one group, and what its hit does (000 L6714–L6718); ``at``: the Range it comes from when
    not his (his Ally's)."""
    dist = g.ranges[f.id] if at is None else at
    defense = g.defense * g.now.defense_multiplier  # ruling: the doubling is of the Defense alone
    face = ctx.roll(f.id, "attack", D10 if blow.sides == D10.sides else D6, f"attack roll on {g.id}", "D.6")
    hit = face + acc >= defense
    ctx.note(
        "D.6",
        f.id,
        f"{f.id}'s {blow.name} on {g.id} at Range {dist}: {face} + {acc} = {face + acc} against Defense {defense}: "
        + ("hit." if hit else "miss."),
        "000 L6714, L5708" + (", L1381" if expert else ""),
        inputs={"face": face, "accuracy": acc, "evasion_bonus": evasion, "defense": defense, "weapon_expert": expert},
    )
    breaks = any(m.trait(MoveTrait.pierces) for m in blow.moves)  # it pierces Temporary Invulnerability
    if hit and not breaks and thug_rules.invulnerable(g.traits, g.init == f.init):
        ctx.note("E", g.id, f"{g.id} attacks at the same moment: Temporary Invulnerability, no effect.", "000 L4327")
        return False
    if hit:
        g.critical_next = 0  # ruling: a hit on the group negates its Critical Hit (000 L3208)
        # Reduced Damage: a die size less per Range from the blast's centre, its target when Ranged, else him
        # (000 L3332–L3336; ruling: with no Range kept between groups, the others' from him, 000 L6946)
        blast = next((m for m in blow.moves if m.trait(MoveTrait.reduced_blast)), None)
        fall = dist if blast is not None and not (named and blast.trait(MoveTrait.projectile)) else 0
        moves = perfect_hit.settle(ctx, f, blow.moves)  # its Perfect Hit dice, once the group is hit (000 L4753)
        _on_hit(ctx, f, g, moves, blow.mode, blow.arm, blow.added, fall)
    return hit


def on_himself(ctx: Turn, f: Combatant, moves: list[MoveProfile], hit: bool) -> None:
    """What the move does to its user against Thugs as anywhere: Self Damage (his Power Level in Life Bar, never
    below 1, hit or miss) or in its place Self-Stun (Stunned from next turn unless hit first), Self Prone (Knocked
    Down, whatever the result), and a Healing Attack's point on a miss."""
    move_elements.start_user_states(ctx, f, moves)  # a Buff, End Buff (their against_thugs records, 000 L6646)
    if _ON_USER.isdisjoint(f.prof.traits) and drain_life.HEALS.ids.isdisjoint(f.prof.entry_ids):
        return
    stun = next((m for m in moves if m.trait(MoveTrait.self_stun)), None)
    if stun is not None:
        f.self_stun = True  # a Thug's hit before then spares him (attacks.attack); Stunned at the turn's end
        ctx.note(
            "E",
            f.id,
            f"{stun.name}: {f.id} will be Stunned from the start of next turn unless hit before then.",
            "000 L4801–L4806",
            change={"self_stun": True},
        )
    elif any(m.trait(MoveTrait.self_damage) for m in moves):
        before = f.life
        f.life = max(f.life - f.pl, min(1, f.life))
        ctx.note(
            "E",
            f.id,
            f"Self Damage: {f.id} loses {before - f.life} Life Bar.",
            "000 L4799",
            change={"life_bar": f.life},
        )
    if any(m.trait(MoveTrait.self_prone) for m in moves) and not f.knocked_down:
        f.knocked_down = True
        ctx.note("E", f.id, f"{f.id} ends up Knocked Down by his own move.", "000 L4815", change={"knocked_down": True})
    if not hit and any(drain_life.heal_kind(m) is drain_life.Heal.own_roll for m in moves):
        f.heal += 1  # ruling: the 1 Life Bar a group gives (000 L3246), on a miss too (000 L3252)
        ctx.note("E", f.id, f"Healing Attack: {f.id} will heal 1 at H.1.", "000 L3246, L3252")


def _accuracy(f: Combatant, moves: list, dist: int, budget: int, level: int, arm: WeaponRule | None) -> int:
    """Move Accuracy + Accuracy Bonus + Range (+1 at 0, −1 at 2 without Reach or Long Range) + 1 for Control to spare,
    −1 per full three moves of a Combo (000 L5708, L5613, L5728, L5804); a weapon's +1 (000 L6796, L6848; ruling:
    a Combo of weapon Basic Moves has it too, its first move's Accuracy being the Combo's)."""
    first = moves[0]
    acc = first.accuracy_vs("defense") + f.prof.acc_bonus + (arm.accuracy if arm is not None else 0)
    if not _BY_RANGE.isdisjoint(first.entries):  # Very Fast, Very Slow (000 L4057, L4065)
        acc += sum(records.labelled_accuracy(first, dist, "defense").values())
    ranged = arm is not None and arm.ranged
    mod = range_modifier(first, dist, False)  # +1 at 0; −1 at 2 but Reach or Long Range; Reach at 3 −2 (000 L4083)
    if mod is not None and not (ranged and mod[1] < 0):
        acc += mod[1]
    if budget > level:
        acc += 1
    return acc - len(moves) // 3


def _saves(f: Combatant, g: Group, moves: list, mode: ThugComboMode, steps: int, added: bool = False) -> list[int]:
    """The effective Life Saves the hit makes Thugs roll (000 L6568–L6580)."""
    robust = "robust" in g.traits
    base = life_save.base_life_save(g.life_save, g.now.life_save_multiplier)
    if len(moves) == 1:
        m = moves[0]
        if not move_elements.forces_save(m):
            return []
        die = die_text((die_step(BASE_DIE) or 0) + (m.damage_step or 0) + steps) if m.damage_step is not None else "1"
        return [life_save.single_move_life_save(base, f.prof.strength, die, added, robust)]
    if mode is ThugComboMode.spread:
        return life_save.combo_spread_saves(base, len(moves), g.members)
    return [life_save.combo_reduce_life_save(base, len(moves), robust)]


def _save(ctx: Turn, g: Group, ls: int, what: str) -> life_save.Save:
    face = ctx.roll(g.id, "life_save", D10, what, "E.2") if life_save.needs_roll(ls) else None
    s = life_save.roll_save(ls, face)
    if s.outcome is life_save.SaveOutcome.out:
        g.members -= 1
    ctx.note(
        "E.2",
        g.id,
        f"{what} against {ls}: "
        + (f"{face}" if face is not None else "no roll")
        + (f" → out: {g.members} left." if s.outcome is life_save.SaveOutcome.out else " → he stays."),
        "000 L6568–L6580",
        inputs={"life_save": ls, "face": face},
    )
    return s


def _on_hit(
    ctx: Turn,
    f: Combatant,
    g: Group,
    moves: list,
    mode: ThugComboMode,
    arm: WeaponRule | None,
    added: bool = False,
    fall: int = 0,
) -> None:
    f.hit_someone = True
    if not ctx.first_hit_awarded:  # the fight's first hit refunds FS = PL, not above the start (000 L5489)
        ctx.first_hit_awarded = True
        back = max(min(f.fs + f.pl, f.fs_start) - f.fs, 0)
        f.fs += back
        ctx.note("E", f.id, f"First hit of the fight: {f.id} regains {back} FS.", "000 L5489", change={"fs": f.fs})
    f.se_specials += sum(  # a hit's extra Super Energy
        records.modifier_total(m, Point.super_energy) for m in moves if not _SUPER_ENERGY.isdisjoint(m.entries)
    )
    before = g.members
    steps = (arm.die_steps if arm is not None else 0) - fall  # a weapon's die (000 L6798); a blast's fall-off
    saves = _saves(f, g, moves, mode, steps, added)
    if not saves:
        ctx.note("E.2", g.id, f"{moves[0].name} cannot take a Thug out: no Life Save.", "000 L6568, L6714")
    first = _save(ctx, g, saves[0], "Life Save") if saves else None
    for ls in saves[1:]:
        if g.members:
            _save(ctx, g, ls, "Life Save (Combo spread)")
    pushed = 0
    last = moves[-1]
    if first is not None and last.kw("knocks_down") and len(saves) == 1:
        if first.outcome is life_save.SaveOutcome.stays:
            _save(ctx, g, first.life_save, "second Life Save (Knocks Down)")  # ruling: the same save
        else:
            pushed = 1  # the rest stumble back (000 L6718)
    if move_elements.pushes(moves, f):
        pushed = 1  # ruling: never more than 1 Range from one hit (000 L6716)
    if pushed and g.members:
        before_range = g.ranges[f.id]
        g.ranges[f.id] = life_save.pushed_range(before_range, pushed)
        ctx.note("E.4", g.id, f"{g.id} is pushed back: Range {before_range} → {g.ranges[f.id]}.", "000 L6718")
    drain(ctx, f, moves, before - g.members)
    if not g.members:
        ctx.note("E.2", g.id, f"{g.id} is defeated: no Thugs left.", "000 L6568")


def blast(ctx: Turn, f: Combatant, g: Group, m: MoveProfile, ref: str) -> None:
    """Damage on a group that is no attack (Beast Form's change, thug_thrashing.tag): the group is one combatant, one
    Thug rolling the Life Save of a hit by ``m`` (000 L6570), with no attack roll, push or Glory."""
    saves = _saves(f, g, [m], ThugComboMode.reduce, 0)
    ctx.note("B.1", f.id, f"{f.id}'s change reaches {g.id} at Range {g.ranges[f.id]}: {m.name} damage.", ref)
    if saves:
        _save(ctx, g, saves[0], "Life Save")
    if not g.members:
        ctx.note("E.2", g.id, f"{g.id} is defeated: no Thugs left.", "000 L6568")


def drain(ctx: Turn, f: Combatant, moves: list[MoveProfile], out: int) -> None:
    """Drain Life against a group: 1 Life Bar, as no damage is rolled; opening a Combo, 1 for each Thug it defeats
    (000 L3246; ruling: never less than the 1 of a hit). Healed at H.1 (000 L3240)."""
    if drain_life.HEALS.ids.isdisjoint(f.prof.entry_ids) or not any(drain_life.heal_kind(m) for m in moves):
        return
    n = max(out, 1) if len(moves) > 1 and drain_life.heal_kind(moves[0]) else 1
    f.heal += n
    ctx.note("E", f.id, f"Drain Life: {f.id} will heal {n} at H.1.", "000 L3246")


def _glory(ctx: Turn, f: Combatant, moves: list, special_factor: int) -> None:
    """A Special Move's Glory the first time it hits; a Combo ⌈moves/2⌉ and its first-time Special Moves
    (000 L5749–L5751), and Combos on successive turns (000 L5753); raw, divided at the end of the combat
    (000 L6547). ``special_factor``: the Saga Scale's Thug Thrashing + 1 on the Special Moves' Glory (000 L6820;
    ruling: on their own Glory only, not the Combo's)."""
    new = [
        m
        for m in moves
        if m.kind != "basic" and m.id not in f.scored and not glory_rule(m, GloryRule.earns_none)  # Cheap
    ]
    for m in new:
        f.scored.append(m.id)
    specials = sum(m.glory for m in new) * special_factor
    if len(moves) > 1:
        award(ctx, f.id, math.ceil(len(moves) / 2) + specials, f"{len(moves)}-hit Combo on Thugs", "000 L5749")
        # Combos on successive turns, unbroken by a hit on him: 1 on the second, 1 more each turn after; once a turn
        # (ruling: the bonus counts turns, whatever his Thug Thrashing actions; 000 L5753, L784)
        if f.combo_streak >= 1 and not f.was_hit and not f.combo_hit_this_turn:
            award(ctx, f.id, f.combo_streak, f"Combos on {f.combo_streak + 1} successive turns", "000 L5753, L784")
        f.combo_hit_this_turn = True
    elif new:
        award(ctx, f.id, specials, f"{moves[0].name} first hitting", "000 L5749")
