"""One turn of Dramatic Combat (000 L7066–L7445) on the same spine as the main system: the request, keys, keyed dice,
decisions with their legal choices, log, Glory, Time Roll and answer are the resolver's; what differs is the turn's
own flow. Initiative comes from Speed plus the Control Bonus with no Control roll, Action Points are granted and
banked, every attack is a Basic Move unless an option says otherwise, a hit always costs a target who has not acted
his action, and Healing Life Bar closes the turn.

Resolved here: the Initiative die from Speed, the point each turn (none after a Special Move that defeated no one),
showing off, Initiative re-rolls, the free Flourish of a tie within Range 0–2, Ignore Hit Stun, movement, Basic Moves
with a bought bonus, Special and Super Moves with their Action Point price, Property Damage, Athletics, Full Defense
and its recovery point, the top-damage point, the first-attack knockout when the Director allows it, Healing Life
Bar, Super Energy (ruling C4) and the Time Roll. Any other option a decision names is reported unsupported and the
fighter's action is spent doing nothing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from math import ceil

from ...dice import Die
from ..dramatic import attacks, bank, checks, costs, healing
from ..dramatic.catalogue import Gain, tables
from ..dramatic.flourish import flourish
from ..dramatic.initiative import flourish_on_tie, initiative_die, initiative_total
from . import events
from .fighter import F
from .initiative import declaration_order
from .models import (
    ActionType,
    AthleticsUse,
    Choice,
    ChoiceOption,
    DecisionValue,
    DefenseOption,
    Direction,
    DramaticBoost,
    DramaticOption,
    DramaticState,
)
from .state import Ctx
from .time import time_roll

D6, D10 = Die(3), Die(5)
MAX_RANGE = 4  # Range 5 is reached only by Leaving Combat (000 L7106, L7152)
BASIC = "basic_move"
_RESOLVED = frozenset(
    {
        DramaticOption.basic_boost,
        DramaticOption.special_move,
        DramaticOption.property_damage,
        DramaticOption.athletics,
        DramaticOption.full_defense,
    }
)


@dataclass
class Dram:
    """One fighter's Dramatic figures during the turn."""

    f: F
    life_max: int
    points: bank.Bank
    no_point: bool
    used: list[str]
    attacked: bool
    may_show_off: bool
    init_steps: int
    accuracy_now: int
    hit_stunned: bool = False
    acted: bool = False
    full_defense: bool = False
    was_hit: bool = False
    hit_by_others: set[str] = field(default_factory=set)
    did_damage: bool = False
    took_damage: bool = False
    hit_opponent: bool = False
    life_losses: int = 0
    specials: int = 0
    next_steps: int = 0
    next_accuracy: int = 0
    no_point_next: bool = False
    hit_stun_penalty: int = 0


def _load(ctx: Ctx) -> dict[str, Dram]:
    out: dict[str, Dram] = {}
    epic = ctx.opts.dramatic.full_life_bar
    for fid in ctx.order:
        f = ctx.fighters[fid]
        s = f.dramatic or DramaticState()
        d = Dram(
            f=f,
            life_max=healing.dramatic_life_bar(f.prof.life_max, epic),
            points=bank.Bank(s.action_points, s.recovery_points, s.healing_points),
            no_point=s.no_point_next_turn,
            used=list(s.special_moves_used),
            attacked=s.attacked,
            may_show_off=s.may_show_off,
            init_steps=s.initiative_steps,
            accuracy_now=s.accuracy_next_turn,
        )
        if f.life > d.life_max:
            ctx.fail(
                "DRAMATIC_LIFE_BAR_OUT_OF_RANGE",
                f"fighters.{fid}.state.life_bar",
                f"{fid}: Life Bar {f.life} is above the Dramatic maximum {d.life_max}.",
            )
        out[fid] = d
    if ctx.req.fight.first_hit_awarded is None:  # derived against the Dramatic bar (000 L5489, L7072)
        ctx.first_hit_awarded = ctx.req.fight.round > 1 or any(d.f.life < d.life_max for d in out.values())
    return out


def _store(ds: dict[str, Dram]) -> None:
    for d in ds.values():
        d.f.dramatic = DramaticState.model_construct(
            action_points=min(d.points.general, 99),
            recovery_points=min(d.points.recovery_only, 99),
            healing_points=min(d.points.heal_only, 99),
            no_point_next_turn=d.no_point_next,
            special_moves_used=d.used[:120],
            attacked=d.attacked,
            may_show_off=d.hit_opponent and not d.was_hit,
            initiative_steps=max(min(d.next_steps, 3), -3),
            accuracy_next_turn=max(min(d.next_accuracy, 20), -10),
        )


def _pay(ctx: Ctx, d: Dram, option: DramaticOption, points: int, key: str) -> None:
    """Pay ``points`` for ``option`` from the bank, Story Points standing in for what is missing (000 L7082)."""
    if points <= 0:
        return
    story = d.f.story if d.f.story is not None else 0
    try:
        d.points, from_story = bank.spend(d.points, tables().option(option.value), points, story)
    except bank.Short:
        ctx.fail(
            "AP_INSUFFICIENT",
            key,
            f"{key}: {d.f.id} has {d.points.total} Action Points and {story} Story Points; "
            f"{tables().option(option.value).name} needs {points}.",
            key=key,
        )
    if from_story:
        d.f.story = story - from_story
    ctx.note(
        "AP",
        d.f.id,
        f"{d.f.id} spends {points} Action Point{'s' if points != 1 else ''} on {tables().option(option.value).name}"
        + (f" ({from_story} from Story Points)" if from_story else "")
        + f": {d.points.total} left.",
        tables().option(option.value).ref,
        inputs={"option": option.value, "points": points},
    )


# ── Initiative ─────────────────────────────────────────────────────────────────────────────────────


def _initiative(ctx: Ctx, ds: dict[str, Dram]) -> None:
    per_turn = ctx.opts.dramatic.action_points_per_turn
    for d in (ds[f.id] for f in declaration_order(ctx)):
        d.points = bank.grant(d.points, per_turn, withheld=d.no_point)
        ctx.note(
            "A.1",
            d.f.id,
            f"{d.f.id} "
            + ("gets no Action Point this turn" if d.no_point else f"gets {per_turn} Action Point(s)")
            + f": {d.points.total} banked.",
            "000 L7082, L7213",
        )
        steps = d.init_steps
        if d.may_show_off and d.points.general + (d.f.story or 0) >= 1:
            key, v = ctx.decide(
                d.f.id,
                "show_off",
                "A.2",
                f"{d.f.id} hit last turn untouched: spend an Action Point for a larger Initiative die and 1 Glory?",
                DecisionValue(choice=Choice.pass_),
            )
            if v.choice is Choice.act:
                o = tables().option("show_off")
                _pay(ctx, d, DramaticOption.show_off, costs.ap_cost(o), key)
                steps += o.die_steps or 0
                ctx.award(d.f.id, o.glory or 0, "showing off", o.ref)
        _roll_initiative(ctx, d, steps)
    for d in (ds[f.id] for f in declaration_order(ctx)):
        _rerolls(ctx, d)


def _roll_initiative(ctx: Ctx, d: Dram, steps: int) -> None:
    f = d.f
    d.f.init_step = steps
    die = initiative_die(f.prof.speed, steps)
    face = ctx.roll(f.id, "init", die, "Initiative (Dramatic: die by Speed)", "A.2")
    lead = 1 if ctx.opts.leader_bonus and ctx.prev_leader == f.id and ctx.prev_leader_hit else 0  # ruling C3
    f.init = initiative_total(face, f.prof.ctrl_bonus) + lead
    ctx.note(
        "A.2",
        f.id,
        f"{f.id} rolls {die} for Initiative: {face} + Control Bonus {f.prof.ctrl_bonus}"
        + (" + 1 (last turn's leader hit)" if lead else "")
        + f" = {f.init}.",
        "000 L7084–L7096",
        inputs={"die": str(die), "face": face},
        change={"init": f.init},
    )


def _rerolls(ctx: Ctx, d: Dram) -> None:
    """Any number of re-rolls, a point each; the new roll stands (000 L7098)."""
    for _ in range(20):
        if d.points.general + (d.f.story or 0) < 1:
            return
        key, v = ctx.decide(
            d.f.id,
            "reroll",
            "A.3",
            f"{d.f.id} has Initiative {d.f.init}: spend an Action Point to roll it again (the new roll stands)?",
            DecisionValue(choice=Choice.pass_),
        )
        if v.choice is not Choice.act:
            return
        _pay(ctx, d, DramaticOption.initiative_reroll, 1, key)
        _roll_initiative(ctx, d, d.f.init_step)


def _order(ctx: Ctx, ds: dict[str, Dram]) -> list[Dram]:
    """Highest Initiative first; the single highest is the turn's leader (000 L5509)."""
    active = [ds[i] for i in ctx.order if ds[i].f.active]
    active.sort(key=lambda d: -d.f.init)
    if active and (len(active) == 1 or active[0].f.init > active[1].f.init):
        ctx.leader = active[0].f.id
    for a, b in itertools.pairwise(active):
        if a.f.init == b.f.init and not flourish_on_tie(a.f.init, b.f.init, ctx.distance(a.f, b.f)):
            ctx.unsupported_rule(
                "dramatic_simultaneous_initiative",
                "fight",
                "tied Initiative outside Range 0–2 is resolved one after the other in request order, not "
                "simultaneously",
            )
    return active


# ── Flourish ───────────────────────────────────────────────────────────────────────────────────────


def _tied_flourishes(ctx: Ctx, ds: dict[str, Dram], order: list[Dram]) -> None:
    """Opponents tied within Range 0–2 trade a free Flourish in place of their turns (000 L7100, L7189)."""
    for a, b in itertools.pairwise(order):
        if a.acted or b.acted or a.f.side == b.f.side:
            continue
        if flourish_on_tie(a.f.init, b.f.init, ctx.distance(a.f, b.f)):
            ctx.note(
                "A.4",
                None,
                f"{a.f.id} and {b.f.id} tie on {a.f.init} within Range 0–2: a Flourish replaces their turns.",
                "000 L7100",
            )
            a.acted = b.acted = True
            _flourish(ctx, a, b)


def _flourish(ctx: Ctx, a: Dram, b: Dram) -> None:
    ra = ctx.roll(a.f.id, "flourish", D10, "Flourish", "C")
    rb = ctx.roll(b.f.id, "flourish", D10, "Flourish", "C")
    r = flourish(ra, rb)
    if r.winner is None:
        ctx.note("C", None, f"Flourish: {ra} against {rb}, a tie: nothing happens.", "000 L7189")
        return
    win, lose = (a, b) if r.winner == 0 else (b, a)
    dmg = ctx.roll(win.f.id, "flourish_damage", D10, "Flourish damage", "C")
    ctx.note(
        "C",
        win.f.id,
        f"Flourish: {a.f.id} {ra}, {b.f.id} {rb}. {win.f.id} deals {dmg} with no defence possible.",
        "000 L7189",
        inputs={a.f.id: ra, b.f.id: rb},
    )
    # ruling C12: Flourish damage is Life Bar loss (Super Energy) but not an attack nor a hit
    _hurt(ctx, win, lose, dmg, hit=False)
    _knock_back(ctx, win, lose, r.knock_back)


# ── Actions ────────────────────────────────────────────────────────────────────────────────────────


def _act(ctx: Ctx, ds: dict[str, Dram], d: Dram) -> None:
    f = d.f
    if d.acted or not f.active:
        return
    d.acted = True
    f.acted = True
    if f.stunned:
        f.stunned -= 1
        ctx.note("B", f.id, f"{f.id} spends his action recovering from Stun.", "000 L5972–L5990")
        return
    if d.hit_stunned and not _ignore_hit_stun(ctx, d):
        return
    key, v = ctx.decide(
        f.id,
        "action",
        "C",
        f"{f.id}: movement and one action (Basic Move, an Action Point option, Full Defense or nothing).",
        None,
        lambda: _action_choices(ctx, ds, d),
    )
    _carry_out(ctx, ds, d, key, v)


def _ignore_hit_stun(ctx: Ctx, d: Dram) -> bool:
    """A hit before acting costs the action unless a point is paid (000 L7130–L7136, L7229)."""
    f = d.f
    if d.points.general + (f.story or 0) < 1:
        ctx.note("B", f.id, f"{f.id} was hit before acting and loses his action (Hit Stun).", "000 L7130")
        return False
    key, v = ctx.decide(
        f.id,
        "ignore_hit_stun",
        "B",
        f"{f.id} was hit before acting: spend an Action Point to act anyway at −2 Accuracy and −2 to checks?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is not Choice.act:
        ctx.note("B", f.id, f"{f.id} loses his action to Hit Stun.", "000 L7130")
        return False
    o = tables().option("ignore_hit_stun")
    _pay(ctx, d, DramaticOption.ignore_hit_stun, costs.ap_cost(o), key)
    d.hit_stun_penalty = o.accuracy or 0
    return True


def _opponent(ctx: Ctx, ds: dict[str, Dram], d: Dram, target: str | None, key: str) -> Dram:
    foes = [ds[o.id] for o in ctx.opponents(d.f)]
    if target is None and len(foes) == 1:
        return foes[0]
    for o in foes:
        if o.f.id == target:
            return o
    ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: no opponent '{target}' to attack.", key=key)


def _carry_out(ctx: Ctx, ds: dict[str, Dram], d: Dram, key: str, v: DecisionValue) -> None:
    f = d.f
    option = v.option
    if option is not None and option not in _RESOLVED:
        ctx.unsupported_rule(
            option.value, key, f"the Dramatic option {tables().option(option.value).name} is not resolved in a turn yet"
        )
        ctx.note("C", f.id, f"{f.id} does nothing (the option asked for is not resolved yet).", "000 L7138")
        return
    if v.moves and len(v.moves) > 1:
        ctx.fail("DRAMATIC_NO_COMBOS", f"{key}.moves", f"{key}: Dramatic Combat has no Combos.", key=key)
    attacking = v.action is ActionType.attack or option in (DramaticOption.property_damage, DramaticOption.athletics)
    if v.full_defense or option is DramaticOption.full_defense:
        d.full_defense = f.full_defense = True
        ctx.note("C", f.id, f"{f.id} goes on Full Defense.", "000 L5722, L7227")
        return
    _move(ctx, ds, d, v, key, with_action=attacking or v.action is not ActionType.move)
    if option is DramaticOption.athletics:
        _athletics(ctx, ds, d, v, key)
    elif option is DramaticOption.property_damage:
        _attack(ctx, d, _opponent(ctx, ds, d, v.target, key), v, key, property_damage=True)
    elif v.action is ActionType.attack:
        _attack(ctx, d, _opponent(ctx, ds, d, v.target, key), v, key)
    elif v.action in (None, ActionType.none, ActionType.move):
        ctx.note("C", f.id, f"{f.id} takes no action" + (" beyond moving." if v.movement else "."), "000 L7140")
    else:
        ctx.unsupported_rule(v.action.value, key, "this main-system action is not resolved in Dramatic Combat yet")


def _move(ctx: Ctx, ds: dict[str, Dram], d: Dram, v: DecisionValue, key: str, with_action: bool) -> None:
    n = v.movement or 0
    if not n:
        return
    limit = 1 if with_action else 2
    if n > limit:
        ctx.fail(
            "DECISION_INVALID",
            f"{key}.movement",
            f"{key}: {n} Ranges of movement; at most {limit} {'with' if with_action else 'without'} an action.",
            key=key,
        )
    _shift_range(ctx, ds, d, n, v.direction or Direction.toward)


def _shift_range(ctx: Ctx, ds: dict[str, Dram], d: Dram, n: int, direction: Direction) -> None:
    if ctx.range is None:
        return
    before = ctx.range
    step = -n if direction is Direction.toward else n
    ctx.range = max(0, min(before + step, MAX_RANGE))
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id} moves {n} Range{'s' if n != 1 else ''} {direction.value}: Range {before} → {ctx.range}.",
        "000 L5615, L7106",
        change={"range": ctx.range},
    )


def _skill(ctx: Ctx, f: F, name: str) -> int:
    sheet = ctx.req.fighters[f.index].sheet
    wanted = name.replace("_", "")
    for s in sheet.narrative_skills:
        if "".join(ch for ch in s.id.lower() if ch.isalnum()) == wanted:
            return s.level
    return 0


def _athletics(ctx: Ctx, ds: dict[str, Dram], d: Dram, v: DecisionValue, key: str) -> None:
    o = tables().option("athletics")
    _pay(ctx, d, DramaticOption.athletics, costs.ap_cost(o), key)
    level = _skill(ctx, d.f, o.skill or "")
    face = ctx.roll(d.f.id, "athletics", D10, "Athletics check", "C")
    total = checks.check_total(face, level, d.hit_stun_penalty)
    got = checks.gains(o, total)
    use = v.athletics or AthleticsUse.extra_range
    ctx.note(
        "C",
        d.f.id,
        f"{d.f.id}'s Athletics: {face} + {level} = {total}.",
        o.ref,
        inputs={"face": face, "skill": level, "total": total},
    )
    if use is AthleticsUse.extra_range:
        _shift_range(ctx, ds, d, got[Gain.extra_range], v.direction or Direction.toward)
    else:
        d.next_accuracy += got[Gain.accuracy_next_turn]
        ctx.note("C", d.f.id, f"+{got[Gain.accuracy_next_turn]} Accuracy next turn.", o.ref)


# ── Attacks ────────────────────────────────────────────────────────────────────────────────────────


@dataclass
class _Plan:
    name: str
    accuracy: int
    die: Die
    flat: int
    special: bool
    level: int
    move_id: str | None


def _plan(ctx: Ctx, d: Dram, t: Dram, v: DecisionValue, key: str, property_damage: bool) -> _Plan:
    f = d.f
    if property_damage:
        o = tables().option("property_damage")
        _pay(ctx, d, DramaticOption.property_damage, costs.ap_cost(o), key)
        skill = _skill(ctx, f, o.skill or "")
        dmg = attacks.property_damage_die(skill, f.prof.strength, t.f.prof.stamina)
        return _Plan("Property Damage", 0, dmg, f.prof.dmg_bonus, False, 0, None)
    move_id = v.moves[0] if v.moves else BASIC
    m = f.move(move_id)
    if m is None or not m.offensive:
        ctx.fail("UNKNOWN_MOVE", f"{key}.moves", f"{key}: {f.id} has no attack '{move_id}'.", key=key)
    lo, hi = m.range or (0, 2)
    dist = ctx.distance(f, t.f)
    if not lo <= dist <= hi:
        ctx.fail("TARGET_OUT_OF_RANGE", f"{key}.moves", f"{key}: {m.name} cannot reach Range {dist}.", key=key)
    acc = m.accuracy_vs("defense") + (1 if dist == 0 else 0)  # Range 0: +1 (000 L5613)
    if dist == 2 and not (m.kw("reach_range") or m.kw("long_range")):
        acc -= 1  # Range 2: −1 for a move without the Reach or Long Range keyword (000 L2367–L2373)
    step = (m.damage_step or 0) + f.prof.strength - t.f.prof.stamina
    if m.is_special or m.is_super:
        return _special(ctx, d, m.id, m.name, m.level, acc, step, m.flat_bonus + f.prof.dmg_bonus, key, v)
    if v.option is DramaticOption.basic_boost:
        o = tables().option("basic_boost")
        _pay(ctx, d, DramaticOption.basic_boost, costs.ap_cost(o), key)
        plus_acc, plus_die = attacks.basic_boost(attacks.Boost((v.boost or DramaticBoost.accuracy).value))
        acc, step = acc + plus_acc, step + plus_die
    return _Plan(m.name, acc, Die(max(0, 3 + step)), m.flat_bonus + f.prof.dmg_bonus, False, 0, m.id)


def _special(
    ctx: Ctx, d: Dram, mid: str, name: str, level: int, acc: int, step: int, flat: int, key: str, v: DecisionValue
) -> _Plan:
    """A Special or Super Move: a point the first time, twice its level after (000 L7209–L7215, ruling C10)."""
    o = tables().option("special_move")
    price = costs.ap_cost(o, used_before=mid in d.used, level=level)
    _pay(ctx, d, DramaticOption.special_move, price, key)
    if mid not in d.used:
        d.used.append(mid)
    d.specials += 1
    plus_acc, plus_die = attacks.special_move_bonus()
    return _Plan(name, acc + plus_acc, Die(max(0, 3 + step + plus_die)), flat, True, level, mid)


def _defense(ctx: Ctx, t: Dram, attacker: str, property_damage: bool) -> tuple[int, str]:
    """The defender's Defense Total: Defense, Evasion or both together, plus FS up to his PL (000 L5716, L5834);
    Property Damage gives +1 and allows no Tactics (000 L7197)."""
    f = t.f
    p = f.prof
    totals = {
        DefenseOption.defense: p.defense,
        DefenseOption.evasion: p.evasion,
        DefenseOption.defense_evasion: max(p.defense, p.evasion) + min(p.defense, p.evasion) // 2,
    }
    # the default: the higher of Defense and Evasion with no FS (the combined defence costs 1 FS, 000 L5838)
    best = DefenseOption.defense if p.defense >= p.evasion else DefenseOption.evasion
    cap = min(f.fs, f.pl)

    def choices() -> list[ChoiceOption]:
        return [
            ChoiceOption.model_construct(
                value=DecisionValue(defense=opt, fs=n), fs=n, control=0, text=f"{opt.value} + {n} FS", can_hit=None
            )
            for opt in totals
            for n in range(cap + 1)
        ]

    key, v = ctx.decide(
        f.id,
        "defense",
        "D.4",
        f"{f.id} is attacked by {attacker}: Defense, Evasion or both together, and FS to add (at most {f.pl}).",
        DecisionValue(defense=best, fs=0),
        choices,
    )
    opt = v.defense or best
    if opt not in totals:
        ctx.fail("DECISION_INVALID", f"{key}.defense", f"{key}: {opt.value} is not offered here.", key=key)
    fs = v.fs or 0
    if fs > f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"{key}.fs", f"{key}: {fs} FS is more than PL {f.pl}.", key=key)
    if fs > f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {f.id} has only {f.fs} FS.", key=key)
    if opt is DefenseOption.defense_evasion and fs + 1 > f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: the combined defence costs 1 FS more.", key=key)
    f.fs -= fs + (1 if opt is DefenseOption.defense_evasion else 0)
    dt = (
        totals[opt]
        + p.def_bonus
        + fs
        + (tables().option("property_damage").defense_total or 0 if property_damage else 0)
    )
    if t.full_defense:
        dt += p.full_defense_bonus if opt is DefenseOption.defense else p.full_defense_bonus // 2
    return dt, opt.value


def _attack_fs(ctx: Ctx, d: Dram, v: DecisionValue, key: str) -> int:
    fs = v.fs or 0
    if fs > d.f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"{key}.fs", f"{key}: {fs} FS is more than PL {d.f.pl}.", key=key)
    if fs > d.f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {d.f.id} has only {d.f.fs} FS.", key=key)
    d.f.fs -= fs
    return fs


def _attack(ctx: Ctx, d: Dram, t: Dram, v: DecisionValue, key: str, property_damage: bool = False) -> None:
    f = d.f
    plan = _plan(ctx, d, t, v, key, property_damage)
    fs = _attack_fs(ctx, d, v, key)
    acc = plan.accuracy + f.prof.acc_bonus + fs + d.accuracy_now + d.hit_stun_penalty
    d.accuracy_now = 0
    first = not d.attacked
    d.attacked = True
    f.attacks += 1
    dt, how = _defense(ctx, t, f.id, property_damage)
    face = ctx.roll(f.id, "attack", D6, f"attack roll ({plan.name})", "D.6")
    hit = face + acc >= dt
    ctx.note(
        "D.6",
        f.id,
        f"{f.id}'s {plan.name}: {face} + {acc} = {face + acc} against {t.f.id}'s {how} {dt}: "
        + ("hit." if hit else "miss."),
        "000 L5708, L7108",
        inputs={"face": face, "accuracy": acc, "defense_total": dt},
    )
    if hit:
        _on_hit(ctx, d, t, plan, first, property_damage)
    if plan.special and not t.f.defeated:
        d.no_point_next = True  # ruling C11: hit or miss, no defeat means no point next turn (000 L7213)


def _on_hit(ctx: Ctx, d: Dram, t: Dram, plan: _Plan, first: bool, property_damage: bool) -> None:
    f = d.f
    face = ctx.roll(f.id, "damage", plan.die, f"damage ({plan.name})", "E.1")
    dmg = max(face + plan.flat, 1) if plan.die.sides else max(1 + plan.flat, 1)
    top = attacks.max_damage([face - plan.die.bonus], [plan.die])
    ctx.note("E.1", f.id, f"Damage {plan.die}{plan.flat:+d}: {dmg}.", "000 L5924", inputs={"face": face})
    d.hit_opponent = True
    f.hit_someone = True
    t.was_hit = True
    if not ctx.first_hit_awarded:  # the fight's first hit refunds FS = PL, not above the start (000 L5489)
        ctx.first_hit_awarded = True
        back = max(min(f.fs + f.pl, f.fs_start) - f.fs, 0)
        f.fs += back
        ctx.note("E", f.id, f"First hit of the fight: {f.id} regains {back} FS.", "000 L5489")
    if attacks.first_attack_knockout(first, top, dmg, t.f.pl, ctx.opts.dramatic.first_attack_knockout):
        dmg = t.f.life
        ctx.note("E", f.id, f"{f.id}'s first attack hits for top damage: {t.f.id} is knocked out.", "000 L7112")
    _hurt(ctx, d, t, dmg, hit=True)
    bonus = attacks.ap_for_max_damage(first, top) + (
        (tables().option("property_damage").ap_on_hit or 0) if property_damage else 0
    )
    if bonus:
        d.points = bank.Bank(d.points.general + bonus, d.points.recovery_only, d.points.heal_only)
        ctx.note("E", f.id, f"{f.id} earns {bonus} Action Point(s) for the hit.", "000 L7112, L7197")
    if plan.special and plan.move_id and plan.move_id not in f.scored:
        f.scored.append(plan.move_id)
        ctx.award(f.id, plan.level, f"{plan.name} hits", "000 L5749")
    _knock_back(ctx, d, t, 1)
    if not t.acted and not t.f.defeated:
        t.hit_stunned = True  # a hit always costs an unacted target his action (000 L7130)


def _hurt(ctx: Ctx, src: Dram, t: Dram, dmg: int, hit: bool) -> None:
    f = t.f
    before = f.life
    f.life = max(f.life - dmg, 0)
    t.took_damage = True
    t.life_losses += 1
    src.did_damage = True
    f.life_loss_from.add(src.f.id)
    if hit:
        t.hit_by_others.add(src.f.id)
    ctx.note(
        "E.2",
        f.id,
        f"{f.id} loses {before - f.life} Life Bar: {before} → {f.life}.",
        "000 L5924, L7072",
        change={"life_bar": f.life},
    )
    if f.life == 0:
        f.defeated = True
        ctx.note("E.2", f.id, f"{f.id} is defeated.", "000 L5924")
    elif dmg > f.stun_threshold and not f.stunned:
        f.stunned = 2
        f.times_stunned += 1
        ctx.note("E.3", f.id, f"{dmg} is above {f.id}'s Stun Threshold: Stunned.", "000 L5974–L5990")


def _knock_back(ctx: Ctx, src: Dram, t: Dram, n: int) -> None:
    if ctx.range is None or t.f.defeated:
        return
    before = ctx.range
    ctx.range = min(before + n, MAX_RANGE)  # never to Range 5 by Knock Back (000 L5950, L7106)
    ctx.note(
        "E.4",
        t.f.id,
        f"{t.f.id} is knocked back: Range {before} → {ctx.range}"
        + (" (no further than 4)." if before + n > ctx.range else "."),
        "000 L5950",
        change={"range": ctx.range},
    )


# ── The offered actions ────────────────────────────────────────────────────────────────────────────


def _action_choices(ctx: Ctx, ds: dict[str, Dram], d: Dram) -> list[ChoiceOption]:
    f = d.f
    foes = [ds[o.id] for o in ctx.opponents(f)]
    out = [_choice(DecisionValue(action=ActionType.none), "do nothing")]
    out.append(_choice(DecisionValue(action=ActionType.none, full_defense=True), "Full Defense"))
    for direction in Direction:
        for n in (1, 2):
            out.append(_choice(DecisionValue(action=ActionType.move, movement=n, direction=direction), f"move {n}"))
    spendable = d.points.general + (f.story or 0)
    for t in foes:
        dist = ctx.distance(f, t.f)
        for m in f.prof.moves.values():
            if not m.offensive or m.kind == "command":
                continue
            lo, hi = m.range or (0, 2)
            if not lo <= dist <= hi:
                continue
            special = m.is_special or m.is_super
            price = costs.ap_cost(tables().option("special_move"), used_before=m.id in d.used, level=m.level)
            if special and price > spendable:
                continue
            base = DecisionValue(action=ActionType.attack, moves=[m.id], target=t.f.id)
            out.append(_choice(base, f"{m.name} at {t.f.id}", m.level))
            if not special and spendable >= 1:
                for boost in DramaticBoost:
                    out.append(
                        _choice(
                            base.model_copy(update={"option": DramaticOption.basic_boost, "boost": boost}),
                            f"{m.name} at {t.f.id}, a point for {boost.value}",
                        )
                    )
        if spendable >= 1:
            out.append(
                _choice(
                    DecisionValue(action=ActionType.attack, option=DramaticOption.property_damage, target=t.f.id),
                    f"Property Damage at {t.f.id}",
                )
            )
    if spendable >= 1:
        for use in AthleticsUse:
            out.append(
                _choice(DecisionValue(option=DramaticOption.athletics, athletics=use), f"Athletics ({use.value})")
            )
    return out[:200]


def _choice(value: DecisionValue, text: str, control: int = 0) -> ChoiceOption:
    return ChoiceOption.model_construct(value=value, fs=0, control=control, text=text, can_hit=None)


# ── End of turn ────────────────────────────────────────────────────────────────────────────────────


def _healing(ctx: Ctx, d: Dram) -> None:
    """Healing Life Bar: n points for n², at most PL at once, after taking damage and doing none (000 L7253–L7255)."""
    f = d.f
    o = tables().option("healing_life_bar")
    usable = bank.usable(d.points, o) + (f.story or 0)
    if f.defeated or not d.took_damage or d.did_damage or usable < 1:
        return
    limit = min(healing.points_limit(f.pl), usable)
    key, v = ctx.decide(
        f.id,
        "heal",
        "H.1",
        f"{f.id} was hurt and hurt no one: Action Points to spend on healing (n heals n², at most {f.pl})?",
        DecisionValue(points=0),
        lambda: [_choice(DecisionValue(points=n), f"{n} points: +{n * n}") for n in range(limit + 1)],
    )
    n = v.points or 0
    if not n:
        return
    if n > limit and n > healing.points_limit(f.pl):
        ctx.fail("AP_OVER_PL_LIMIT", f"{key}.points", f"{key}: {n} points at once is more than PL {f.pl}.", key=key)
    _pay(ctx, d, DramaticOption.healing_life_bar, costs.ap_cost(o, points=n), key)
    before = f.life
    f.life = healing.heal(f.life, d.life_max, n)
    ctx.note(
        "H.1",
        f.id,
        f"{f.id} heals {f.life - before} Life Bar: {before} → {f.life}.",
        o.ref,
        change={"life_bar": f.life},
    )


def _super_energy(ctx: Ctx, d: Dram) -> None:
    """Per turn, per Life Bar loss and per Special or Super Move attack (ruling C4: in Dramatic Combat only those
    attacks count), only for fighters with Super Moves (000 L5264–L5273)."""
    f = d.f
    if not f.prof.has_supers or f.super_used:
        return
    gain = ceil(ctx.opts.super_energy_max / 20) + d.life_losses + d.specials
    before = f.se
    f.se = min(f.se + gain, ctx.opts.super_energy_max)
    if f.se != before:
        ctx.note("H.3", f.id, f"{f.id} gains {f.se - before} Super Energy: {f.se}.", "000 L5264–L5273")


def _end(ctx: Ctx, ds: dict[str, Dram]) -> None:
    for fid in ctx.order:
        d = ds[fid]
        _healing(ctx, d)
        if d.full_defense and not d.was_hit and not d.f.defeated:
            rec = tables().option("full_defense").recovery_ap or 0
            d.points = bank.Bank(d.points.general, d.points.recovery_only + rec, d.points.heal_only)
            ctx.note("H.1", fid, f"{fid} was not hit on Full Defense: +{rec} recovery point.", "000 L7227")
    for fid in ctx.order:
        _super_energy(ctx, ds[fid])


_IN_TURN = frozenset(
    {
        *(o.value for o in _RESOLVED),
        DramaticOption.initiative_reroll.value,
        DramaticOption.show_off.value,
        DramaticOption.ignore_hit_stun.value,
        DramaticOption.healing_life_bar.value,
        DramaticOption.flourish.value,  # the free Flourish of a tie; an invitation is named below
    }
)


def _report_gaps(ctx: Ctx) -> None:
    """What a Dramatic turn does not resolve yet, named in every answer rather than skipped in silence."""
    missing = ", ".join(o.id for o in tables().options if o.id not in _IN_TURN)
    ctx.unsupported_rule(
        "dramatic_options",
        "options.subsystem",
        f"not offered or resolved in a Dramatic turn yet (their figures are in the Dramatic core): {missing}; "
        "a Flourish by invitation; a move's Elements beyond its Accuracy, damage and Range",
    )
    if ctx.band_mode:
        ctx.unsupported_rule("dramatic_band_map", "fight.positioning.mode", "a Dramatic turn on a Band Map")
        ctx.fail("RULE_UNSUPPORTED", "fight.positioning.mode", "Dramatic turns are resolved in mode `range` only.")


def run(ctx: Ctx) -> None:
    """The Dramatic turn, from the point grant to the Time Roll."""
    events.start(ctx)
    _report_gaps(ctx)
    ds = _load(ctx)
    _initiative(ctx, ds)
    order = _order(ctx, ds)
    _tied_flourishes(ctx, ds, order)
    for d in order:
        _act(ctx, ds, d)
        if len(ctx.sides_left()) <= 1:
            ctx.round_over = True
            break
    _end(ctx, ds)
    if not ctx.round_over:
        time_roll(ctx)
    _store(ds)
