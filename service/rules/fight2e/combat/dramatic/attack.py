"""One Dramatic attack (000 L7108–L7136, L7172–L7217): a Basic Move (with a bought bonus), a Special or Super Move at
its Action Point price, or Property Damage; the options declared with it; the defender's Defense Total; the roll;
and on a hit the damage, the options taken then, the top-damage point, Knock Back and Hit Stun."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....dice import Die
from ...dramatic import attacks, costs
from ...dramatic.attacks import KnockedOut
from ...dramatic.catalogue import tables
from ..contract.models import Choice, DecisionValue, Direction, DramaticBoost, DramaticOption, ResponseKind, YellSkill
from ..elements import limited_use, summon
from ..elements.glory import GloryRule, cheap_use, glory_rule
from ..elements.super_energy import pay_supers
from ..elements.taunts import taunt_glory
from ..elements.throws import multi_part_throw, sustained_hold
from ..registry import points as records
from ..state.action import Attack
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from ..thug_thrashing import fighter_on_thugs
from ..turn.d_accuracy import range_ok
from ..turn.d_attack_elements import cancel_into
from ..turn.d_move_declaration import power_up_version
from . import attack_options as options
from . import bands, conditions, evasion, kept_states, move_elements, responses
from .base import (
    D6,
    Dram,
    choice,
    earn,
    hurt,
    knock_back,
    lose_points,
    norm,
    pay,
    shift_range,
    skill,
    spendable,
    stun_check,
)
from .defense import Answering, defense
from .face_off import opening
from .interpose import take_a_hit
from .pauses import stand_off_accuracy
from .spirit import accuracy as spirit_accuracy
from .spirit import against_spirit

BASIC = "basic_move"


@dataclass
class Plan:
    name: str
    accuracy: int
    die: Die
    flat: int
    special: bool
    level: int
    move_id: str | None
    basic: bool = False  # a Basic Move (Freeze Frame, Debilitating Injury, 000 L7172, L7193)
    ranged: bool = False  # a Special Move with the Ranged Element may be met by a Ki Face Off (000 L7231)
    move: MoveProfile | None = None  # the move, whose Elements act as in the main turn (dramatic.move_elements)
    readying: str = ""  # Set Up or Wind Up readied by this use: no attack (000 L4127, L4447)
    void: bool = False  # Limited Move's drawback applies to the whole move: it does nothing (000 L4579–L4591)
    short: bool = False  # a Basic Move beyond his reach, launched for his Ally's sake: no effect (000 L4205)


def _plan(
    ctx: Turn,
    d: Dram,
    t: Dram,
    v: DecisionValue,
    key: str,
    property_damage: bool,
    released: bool,
    given: MoveProfile | None = None,
) -> Plan:
    """``released``: a Slow Startup move readied last turn goes off, in range or not, its price, charges and Super
    Energy paid when it was readied (ruling, as with Thugs: readying is its use, 000 L4846, L7209–L7215); ``given``:
    the attacker's projectile Reflection turns back, which strikes as a Special Move of the reflector's with its own
    figures, in range or not, its price, charges and Super Energy its owner's (ruling, 000 L4091, L7128)."""
    f = d.f
    if property_damage:
        # Call Forth Wisdom is Property Damage rolled with its own skill, at a spirit (000 L7311, L7319)
        wisdom = v.option is DramaticOption.call_forth_wisdom
        if wisdom and not against_spirit(d, t):
            ctx.fail(
                "DRAMATIC_OPTION_NOT_ALLOWED",
                f"{key}.option",
                f"{key}: only in Spirit Combat or at a purely spiritual creature (000 L7311, L7319).",
                key=key,
            )
        o = tables().option(v.option.value if wisdom and v.option else "property_damage")
        pay(ctx, d, DramaticOption(o.id), costs.ap_cost(o), key)
        level = skill(ctx, d, o.skill or "")
        dmg = attacks.property_damage_die(level, f.prof.strength, t.f.prof.stamina)
        return Plan("Property Damage", 0, dmg, f.prof.dmg_bonus, False, 0, None)
    move_id = v.moves[0] if v.moves else BASIC
    m = given or f.move(move_id)
    released = released or given is not None  # ruling: used as a released move is, its owner paid (000 L4091)
    if m is None or not m.offensive:
        ctx.fail("UNKNOWN_MOVE", f"{key}.moves", f"{key}: {f.id} has no attack '{move_id}'.", key=key)
    dist = ctx.distance(f, t.f)
    m, unusable = conditions.rolled(ctx, f, m, dist, range_ok)  # Random Effect's combination (000 L3956–L3958)
    lo, hi = m.range or (0, 2)
    # Specific Range: only at its one Range (000 L4858), as every turn reads it
    short = not unusable and not released and not (lo <= dist <= hi if m.kind == "basic" else range_ok(m, dist))
    if short and not (m.kind == "basic" and any(summon.reaches(ctx, f, o) for o in ctx.opponents(f))):
        ctx.fail("TARGET_OUT_OF_RANGE", f"{key}.moves", f"{key}: {m.name} cannot reach Range {dist}.", key=key)
    empty = None if released else limited_use.check_charges(f, [m])  # Limited Use's charges (000 L4600–L4614)
    if empty is not None:
        ctx.fail("LIMITED_USE_NO_CHARGES", f"{key}.moves", f"{key}: pool {empty} has too few charges left.", key=key)
    if given is None:  # what his own move asks of him; the reflected one was used by its owner (ruling, 000 L4091)
        m = _own(ctx, d, m, dist, key, released)
    m, dashed = move_elements.dash(ctx, d, m, v, key)  # a Dash and a Power Dash (000 L2175–L2179, L3812–L3818)
    narrowed = conditions.limited(ctx, f, m, t.f) if given is None else m  # Limited Move's drawback (000 L4579–L4591)
    move_elements.idle(ctx, f, m, "D.1")  # what has nothing to act on here, as events (ruling)
    void, m = narrowed is None or bool(unusable), narrowed or m  # its figures without the Elements it narrows
    if m.trait(MoveTrait.projectile):
        if d.ki_defended:
            ctx.fail(
                "DRAMATIC_OPTION_NOT_ALLOWED",
                f"{key}.moves",
                f"{key}: {f.id} defended with Ki this turn and cannot use a Ranged move (000 L7124).",
                key=key,
            )
        d.ranged_used = True
    acc = m.accuracy_vs("defense") + (1 if dist == 0 else 0) + dashed  # Range 0: +1 (000 L5613)
    acc += 1 if d.crossing and dist == 0 else 0  # a Cross-Up: +2 in place of it (000 L5634–L5636)
    if dist == 2 and not (m.kw("reach_range") or m.kw("long_range")):
        acc -= 1  # Range 2: −1 for a move without the Reach or Long Range keyword (000 L2367–L2373)
    step = _step(ctx, d, t, m)
    if m.is_special or m.is_super:
        # Set Up, Wind Up, Slow Startup (000 L4123, L4443, L4838)
        readying, m, held = ("", m, 0) if released else move_elements.readied(ctx, f, m, key, d.together(t))
        more = move_elements.power_up(ctx, f, m, power_up_version(m) == "life_bar")  # before the roll (000 L3852)
        more += held
        traded, extra = move_elements.accuracy_for_damage(ctx, f, m, dist)  # 000 L3991–L3999
        acc, more = acc + traded, more + extra
        plan = _special(ctx, d, m, acc, step, m.flat_bonus + f.prof.dmg_bonus + more, key, not released, given is None)
        if m.is_super and not released:  # its Super Energy and 1 FS besides the point (000 L7215, L5281)
            pay_supers(ctx, f, [m])
        elif not released:  # Cheap: its first use this round earns nothing, later ones cost 1d4 Glory (000 L4531–L4535)
            cheap_use(ctx, f, [m])
        plan.ranged = bool(m.trait(MoveTrait.projectile))
        plan.move = m
        plan.readying = readying
        plan.void = void
        return plan
    if DramaticOption.basic_boost in options.riders(v):
        o = tables().option("basic_boost")
        pay(ctx, d, DramaticOption.basic_boost, costs.ap_cost(o), key)
        plus_acc, plus_die = attacks.basic_boost(attacks.Boost((v.boost or DramaticBoost.accuracy).value))
        acc, step = acc + plus_acc, step + plus_die
    return Plan(
        m.name,
        acc,
        Die(max(0, 3 + step)),
        m.flat_bonus + f.prof.dmg_bonus,
        False,
        0,
        m.id,
        True,
        move=m,
        void=void,
        short=short,
    )


def _own(ctx: Turn, d: Dram, m: MoveProfile, dist: int, key: str, released: bool) -> MoveProfile:
    """The checks and costs of using his own move, and the move as his states change it."""
    f = d.f
    move_elements.usable(ctx, f, m, f"{key}.moves", key)  # End Only (000 L3276–L3280)
    kept_states.sidestep(ctx, f, m, key)  # Sidestep Setup's chance (000 L4823)
    conditions.follow_up(ctx, f, m, key)  # an Opening Move's window (000 L3744–L3753, L4652–L4670)
    if m.trait(MoveTrait.prone_only) and not f.knocked_down:  # only from the ground (000 L4741)
        ctx.fail("ONLY_WHEN_PRONE_INVALID", f"{key}.moves", f"{key}: {m.name} is used only when down.", key=key)
    records.check_use_locks(ctx, f, [m], f"{key}.moves", key)  # flying: Hard to Evade or Aerial only (000 L3370)
    if not released:
        limited_use.spend_charges(ctx, f, [m])
    if not (m.trait(MoveTrait.set_up) or m.trait(MoveTrait.wind_up)):  # a readied move strikes as it was readied
        m = kept_states.enhanced(ctx, f, m)  # a Power Enhancer's bank, a Taunt's Element Addition (000 L3820, L4291)
    conditions.suppressed_move(ctx, f, m, key)  # under a Suppression (000 L4251–L4255)
    conditions.charged(ctx, d, m, dist, key)  # the Charges' preparation (000 L4479–L4527)
    return m


def _step(ctx: Turn, d: Dram, t: Dram, m: MoveProfile) -> int:
    """The move's damage die sizes against ``t``: a Ki-based move ignores Strength (000 L3976), an unbroken yell
    doubles Ki for its damage (000 L7281), Explosive is a size less against a Fighter (000 L3326)."""
    f = d.f
    step = (m.damage_step or 0) + (0 if m.ki_based else f.prof.strength) - t.f.prof.stamina
    step += move_elements.damage_steps(m)
    if m.ki_based and f.dramatic is not None and f.dramatic.yelled == YellSkill.ki:
        step += tables().ranged_damage_steps(skill(ctx, d, "ki")) - tables().ranged_damage_steps(f.prof.ki)
    return step


def price(d: Dram, m: MoveProfile) -> int:
    """A Special or Super Move's price: a point the first time, twice its level after (000 L7209–L7215, ruling C10)."""
    return costs.ap_cost(tables().option("special_move"), used_before=m.id in d.used, level=m.level)


def _special(
    ctx: Turn, d: Dram, m: MoveProfile, acc: int, step: int, flat: int, key: str, paying: bool = True, own: bool = True
) -> Plan:
    """A Special or Super Move at its price (``paying``), with the Special Move's bonus (000 L7209–L7215); not
    ``own``: another's move he strikes with (a reflected projectile), neither his signature nor one he has used."""
    if paying:
        pay(ctx, d, DramaticOption.special_move, price(d, m), key)
    if own and m.id not in d.used:
        d.used.append(m.id)
    d.specials += 1
    plus_acc, plus_die = attacks.special_move_bonus(signature=own and m.id in d.signature)  # +3 with one (000 L7211)
    return Plan(m.name, acc + plus_acc, Die(max(0, 3 + step + plus_die)), flat, True, m.level, m.id)


def _struck(ctx: Turn, d: Dram, t: Dram, m: MoveProfile) -> Plan:
    """The Special Move ``m`` landing with no roll of its own and no price (a Cancel Throw's Throw, a Sustained Hold's
    second part): its damage die, flat bonus and Special Move bonus as for any use."""
    plus_die = attacks.special_move_bonus(signature=m.id in d.signature)[1]
    die = Die(max(0, 3 + _step(ctx, d, t, m) + plus_die))
    flat = m.flat_bonus + d.f.prof.dmg_bonus
    return Plan(m.name, 0, die, flat, True, m.level, m.id, move=m)


def _attack_fs(ctx: Turn, d: Dram, v: DecisionValue, key: str) -> int:
    fs = v.fs or 0
    if fs > d.f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", f"{key}.fs", f"{key}: {fs} FS is more than PL {d.f.pl}.", key=key)
    if fs > d.f.fs:
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {d.f.id} has only {d.f.fs} FS.", key=key)
    d.f.fs -= fs
    return fs


@dataclass
class Ready:
    """An attack paid for and aimed, waiting for its Defense Total."""

    plan: Plan
    mods: options.Mods
    accuracy: int
    first: bool
    property_damage: bool
    push: bool = True  # its hit moves the Range (not an Area's further targets without a map, ``_area``)
    partial: bool = False  # a Breakthrough partial hit: half damage, 1 Glory less (000 L4910)
    hold: bool = False  # a Sustained Hold's second part: half damage, then its Knock Back and Knock Down (000 L4387)


def ready(
    ctx: Turn,
    d: Dram,
    t: Dram,
    v: DecisionValue,
    key: str,
    property_damage: bool = False,
    released: bool = False,
    answering: Answering | None = None,
) -> Ready:
    """The move's plan, the options declared with it, FS on Accuracy and every Accuracy bonus and penalty;
    ``answering``: a Defensive Response, which may strike with a reflected projectile (``Answering.reflected``)."""
    f = d.f
    t.guarded = "defense"  # until he chooses his defence (a Final Blow meets the bare Defense skill)
    if kept_states.unreachable(t.f):  # Free Movement: no attack reaches him (000 L3380)
        why = f"{key}: {t.f.id} is in Free Movement: no attack reaches him (000 L3380)."
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", why, key=key)
    if kept_states.locked(ctx, f, t.f):  # held in another's Sustained Hold or Multi-Part Throw (000 L4393, L3769)
        why = f"{key}: {t.f.id} is locked in a Sustained Hold or a Multi-Part Throw: no one else reaches him."
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", why, key=key)
    plan = _plan(ctx, d, t, v, key, property_damage, released, answering.reflected if answering else None)
    if t.f.knocked_down and not move_elements.pursues(plan.move):  # only a Pursuit move (000 L5968, L3916)
        ctx.fail("TARGET_UNAVAILABLE", f"{key}.target", f"{key}: {t.f.id} is Knocked Down (000 L5968).", key=key)
    mods = options.declare(ctx, d, t, v, key, plan.special, plan.basic)
    fs = _attack_fs(ctx, d, v, key)
    acc = plan.accuracy + f.prof.acc_bonus + fs + d.accuracy_now + d.hit_stun_penalty + mods.accuracy
    acc += stand_off_accuracy(t) + spirit_accuracy(ctx, d, t)
    acc += 1 if t.face_off_next not in (None, d.f.id) else 0  # a third party on a Ki Face Off (000 L7237)
    acc += 1 if d.freeing(t) else 0  # mind-controlled, against one pulling punches to free him (000 L7207)
    acc += evasion.accuracy(ctx, f, t.f)  # his bonus from evading t, lost on another (000 L5834–L5836)
    d.accuracy_now = 0
    first = not d.attacked
    d.attacked = True
    f.attacks += 1
    return Ready(plan, mods, acc, first, property_damage)


def roll_against(ctx: Turn, d: Dram, t: Dram, r: Ready, dt: int, how: str) -> tuple[int, bool]:
    """The attack roll against the Defense Total: (the die, whether it hits)."""
    f = d.f
    # the move's Accuracy against the defence chosen, not only against Defense (000 L5708)
    acc = r.accuracy + move_elements.accuracy_for(r.plan.move, t.guarded)
    face = ctx.roll(f.id, "attack", D6, f"attack roll ({r.plan.name})", "D.6")
    hit = face + acc >= dt
    ctx.snap_defender = t.f.id  # the hit or miss event names him
    ctx.note(
        "D.6",
        f.id,
        f"{f.id}'s {r.plan.name}: {face} + {acc} = {face + acc} against {t.f.id}'s {how} {dt}: "
        + ("hit." if hit else "miss."),
        "000 L5708, L7108",
        inputs={"face": face, "accuracy": acc, "defense_total": dt},
        change={"hit": hit},
    )
    return face, hit


def land(ctx: Turn, d: Dram, t: Dram, r: Ready, face: int, ds: dict[str, Dram] | None) -> None:
    """A hit: Realize Potential's die of 1, then the damage and what follows it."""
    if face == 1:
        d.realize_next = True  # an attack die of 1 that hit opens Realize Potential next turn (000 L7269)
    _on_hit(ctx, d, t, r, face + r.accuracy + move_elements.accuracy_for(r.plan.move, t.guarded), ds)


def attack(
    ctx: Turn,
    d: Dram,
    t: Dram,
    v: DecisionValue,
    key: str,
    property_damage: bool = False,
    ds: dict[str, Dram] | None = None,
    answering: Answering | None = None,
    released: bool = False,
) -> None:
    """``d``'s attack on ``t``; ``answering``: it is a Defensive Response to ``t``'s attack (``responses``);
    ``released``: his Slow Startup move readied last turn goes off (000 L4846)."""
    given = answering.reflected if answering is not None else None
    if not move_elements.behind(ctx, d, t.f, given or (d.f.move(v.moves[0]) if v.moves else None), key):
        return  # not Behind him: the move cannot be used, the action is spent (000 L4457–L4477)
    r = ready(ctx, d, t, v, key, property_damage, released, answering)
    plan = r.plan
    conditions.opened(ctx, d.f, plan.move)  # hit or miss, an Opening Move's window opens (000 L3746–L3748)
    if plan.move is not None:  # a Taunt move's 1d4 Glory against lower Initiative (000 L2141, L4279)
        taunt_glory(ctx, d.f, [plan.move], t.f)
    if plan.move is not None and (plan.void or fighter_on_thugs.fails(ctx, d.f, [plan.move])):
        # Unreliable: the move, paid for, does nothing (000 L4872–L4874), as under Limited Move's drawback
        # (000 L4579–L4591); a Special Move defeated no one (ruling C11)
        d.no_point_next = d.no_point_next or plan.special
        return
    if plan.readying and plan.move is not None:  # readied, not used: like a Utility move (000 L4127, L4447, L4842)
        move_elements.ready(ctx, d.f, plan.move, plan.readying, t.f.id)
        d.no_point_next = True  # ruling C11: a Special Move that defeated no one
        return
    if move_elements.misses_outright(ctx, d.f, plan.move, d.crossing):  # Cross-Up outside one (000 L4543)
        move_elements.on_attacker(ctx, d.f, t.f, plan.move, False)
        d.no_point_next = d.no_point_next or plan.special  # ruling C11
        return
    # against a Special Move his Responses too (000 L7126); none against a Response (000 L5850), a Final Blow
    # (000 L7181) or at a simultaneous Initiative (the Defense skill alone, 000 L5573); down, a Reversal (000 L5888)
    closed = answering or r.mods.final_blow or d.together(t)
    kinds = responses.NONE if closed else responses.kinds(ctx, d, t, plan.move, plan.special, property_damage)
    if r.mods.final_blow:  # against the bare Defense skill, with no defensive option (000 L7177, ruling C8)
        dt, how = t.f.prof.defense, "unmodified Defense"
    else:
        dt, how = defense(
            ctx,
            t,
            d.f.id,
            property_damage,
            plan.special and plan.ranged and answering is None,
            simultaneous=d.together(t) or t.f.knocked_down,  # down, the Defense skill only (000 L3918)
            spirit=d.spiritual,
            kinds=kinds,
            answering=answering,
        )
        conditions.window_closed(ctx, t.f, "he used a Defensive Option")  # 000 L3749, ruling L5828
        kept_states.defending(ctx, t.f)  # loses a Sidestep Setup chance (000 L4826)
    if move_elements.long_advance(plan.move, d.advanced):  # a full 3-Range Full Screen advance (000 L3685)
        dt += 1
        ctx.note("D.4", t.f.id, f"{t.f.id} saw {d.f.id} come 3 Ranges: +1 Defense Total ({dt}).", "000 L3685")
    if t.face_off_now:  # the Face Off replaces the attack roll (000 L7233); no Stamina on the damage
        t.face_off_now = False
        opening(ctx, d, t, plan.die.shifted(t.f.prof.stamina), plan.flat)
        d.no_point_next = True  # ruling C11: a Special Move that defeated no one
        return
    centre = t.f if move_elements.around_target(plan.move) and plan.ranged else d.f
    caught = _caught(ctx, d, t, r, centre, ds)  # where they stand as it strikes
    face, hit, partial = _roll(ctx, d, t, r, dt, how)
    r = replace(r, partial=True) if partial else r
    if hit:
        land(ctx, d, t, _blast(r, 0 if centre is t.f else ctx.distance(centre, t.f)), face, ds)
    elif not plan.short:
        _through_block(ctx, d, t, plan)
        kept_states.evaded(ctx, d.f, t.f, plan.move, t.guarded)  # a Ranged Prop is lost (000 L4757)
        if plan.move is not None and multi_part_throw.link_missed(ctx, d.f, t.f, [plan.move]):  # 000 L3767, L3775
            chain_ends(ctx, d, {t.f.id: t}, f"{t.f.id} defends against the next Throw")
        if answering is None:  # F.2 after his own attack, as in the main turn (000 L5834)
            evasion.evaded(ctx, d, t, plan.move)
        t.f.misfired = False
        responses.after_miss(ctx, d, t, plan.move, kinds, key, _answer(ctx, ds), ds)
        if response_failed(ctx, d.f.id, t) and not d.f.defeated:
            land(ctx, d, t, _blast(r, 0 if centre is t.f else ctx.distance(centre, t.f)), face, ds)
            hit = True
    move_elements.healing_attack(ctx, d.f, plan.move)  # hit or miss (000 L3252)
    _area(ctx, d, r, caught, ds, key, answering is not None)
    if answering is None:
        ally(ctx, d, t, plan, (dt, how), ds)  # his Ally's Basic Move along with his (000 L4201–L4207)
    elif answering.basic:  # his Basic Response brings his Ally's, as in the main turn (000 L4203, L7126)
        ally_response(ctx, d, t, plan, (dt, how), ds)
    move_elements.on_attacker(ctx, d.f, t.f, plan.move, hit)  # hit or miss (000 L4799, L4815)
    move_elements.start_states(ctx, d.f, plan.move)  # a Buff, End Buff, as in the main turn (000 L7080)
    if plan.move is not None:
        kept_states.start(ctx, d.f, plan.move)  # the states kept over turns (000 L7080)
    if plan.special and not t.f.defeated:
        d.no_point_next = True  # ruling C11: hit or miss, no defeat means no point next turn (000 L7213)


def response_failed(ctx: Turn, who: str, t: Dram) -> bool:
    """Whether ``t``'s Unreliable Response failed (his ``misfired`` mark, cleared here): the attack it answered, by
    ``who``, then hits him after all, as any hit (000 L4874); ruling as in the main turn
    (``d_attack.misfired_response``): rolled as the Response is declared, after the miss was known."""
    if not t.f.misfired:
        return False
    t.f.misfired = False
    if not t.f.active:
        return False
    ctx.note("F.3", t.f.id, f"{t.f.id}'s Unreliable Response failed: {who}'s attack hits him after all.",
             "000 L4874", {}, {"hit": True})  # fmt: skip
    return True


def _answer(ctx: Turn, ds: dict[str, Dram] | None) -> responses.Strike:
    """A Defensive Response that strikes back: ``t``'s Dramatic attack on ``d`` with the move, paid for as any
    (000 L7128); whether it hit."""

    def strike(
        t: Dram, d: Dram, m: MoveProfile, kind: ResponseKind, dv: DecisionValue, key: str, aerial: bool, back: bool
    ) -> bool:
        was, t.hit_opponent = t.hit_opponent, False
        v = DecisionValue(moves=[m.id], fs=dv.fs)
        how = Answering(aerial, kind is ResponseKind.anti_air, kind is ResponseKind.basic, m if back else None)
        attack(ctx, t, d, v, key, ds=ds, answering=how)
        hit, t.hit_opponent = t.hit_opponent, was or t.hit_opponent
        return hit

    return strike


answer = _answer  # the same, for a Team-Up's and a Climactic Super Move's Responses (team, climactic)


def _roll(ctx: Turn, d: Dram, t: Dram, r: Ready, dt: int, how: str) -> tuple[int, bool, bool]:
    """His attack roll: (the die, a hit, a Breakthrough's partial hit, 000 L4908–L4910); none for a Basic Move
    beyond his reach launched for his Ally's sake (000 L4205)."""
    plan = r.plan
    if plan.short:
        ctx.note("D.6", d.f.id, f"{d.f.id}'s {plan.name} cannot reach {t.f.id}: it has no effect.", "000 L4205")
        return 0, False, False
    face, hit = roll_against(ctx, d, t, r, dt, how)
    conditions.guarded(t.f, t.guarded, hit)  # for his Charge moves (000 L4485, L4521)
    short = dt - (face + r.accuracy + move_elements.accuracy_for(plan.move, t.guarded))
    if not hit and move_elements.partial_hit(plan.move, short):  # Breakthrough (000 L4908–L4910)
        ctx.note("D.6", d.f.id, f"{plan.name} misses by {short}: a partial hit.", "000 L4908–L4910")
        return face, True, True
    return face, hit, False


def ally_response(ctx: Turn, d: Dram, t: Dram, plan: Plan, guard: tuple[int, str], ds: dict[str, Dram] | None) -> None:
    """His Basic Response brings each Ally's Basic Move, as his Basic Move does (000 L4203): ruling, as in the main
    turn, at ``t`` alone, whom his Response answers, and at no further cost; its hit is not his Response's, which
    stands or falls by his own for its Glory (000 L4203, L835, L838). Its Basic Reaction Attack has no place here:
    a Dramatic turn rolls no Control and so has no Reaction Attack, his or its (ruling C21, 000 L6015, L7084)."""
    own = d.hit_opponent
    ally(ctx, d, t, plan, guard, ds, only=True)
    d.hit_opponent = own


def ally(
    ctx: Turn,
    d: Dram,
    t: Dram,
    plan: Plan,
    guard: tuple[int, str],
    ds: dict[str, Dram] | None,
    only: bool = False,
) -> None:
    """His Basic Move brings each of his Allies' as in the main turn (000 L4201–L4207, L7080): at ``t`` when it
    reaches him, else at another opponent it reaches, who chooses his own defence (000 L4207); ``t`` meets it with
    the defence he chose against the summoner's (ruling: the same Skill, its Defense Total and options standing for
    both, 000 L4201). Its Basic Move has its own Range's Accuracy, his Strength and none of his Buffs or bought
    bonuses (ruling, 000 L4201, L7110). ``only``: at ``t`` or no one (his Response's, ``ally_response``)."""
    f = d.f
    move = plan.move
    if not f.ongoing or move is None or move.kind != "basic" or f.defeated or not summon.allies(f):
        return
    for e in list(summon.allies(f)):
        sm = f.move(e.move or "")
        if sm is None or e not in f.ongoing:
            continue
        _, made = summon.choose(ctx, f, sm, 1, "D.1")
        m = made[0]
        lo, hi = m.range or (0, 2)
        opposed = {o.id for o in ctx.opponents(f)}
        foes = [
            x
            for x in ([t] if only or not ds else ds.values())
            if x.f.id in opposed
            if not x.f.defeated and not x.f.knocked_down and not kept_states.unreachable(x.f)
            if lo <= summon.distance(ctx, f, e, x.f) <= hi
        ]
        v = t if t in foes else (foes[0] if foes else None)
        if v is None or not summon.ally_checks.may_strike(ctx, f, e, v.f):
            ctx.note("D.1", f.id, f"{f.id}'s Ally reaches no opponent: its attack has no effect.", "000 L4205")
            continue
        dist = summon.distance(ctx, f, e, v.f)
        ctx.note("D.1", f.id, f"{f.id}'s Ally attacks {v.f.id} at Range {dist}.", "000 L4201, L4207")
        keep = f.prof
        f.prof = f.base_prof or f.prof  # his Strength, none of his Buffs (000 L4201)
        try:
            _ally_strike(ctx, d, v, m, dist, guard if v is t else None, ds)
        finally:
            f.prof = keep


def _ally_strike(
    ctx: Turn, d: Dram, t: Dram, m: MoveProfile, dist: int, guard: tuple[int, str] | None, ds: dict[str, Dram] | None
) -> None:
    f = d.f
    acc = m.accuracy_vs("defense") + (1 if dist == 0 else 0) + f.prof.acc_bonus  # Range 0: +1 (000 L5613)
    if dist == 2 and not (m.kw("reach_range") or m.kw("long_range")):
        acc -= 1  # 000 L2367–L2373
    step = (m.damage_step or 0) + (0 if m.ki_based else f.prof.strength) - t.f.prof.stamina
    plan = Plan(m.name, acc, Die(max(0, 3 + step)), m.flat_bonus + f.prof.dmg_bonus, False, 0, m.id, True, move=m)
    r = Ready(plan, options.Mods(), acc, False, False)
    if guard is None:
        simultaneous = d.together(t) or t.f.knocked_down
        guard = defense(ctx, t, f.id, False, simultaneous=simultaneous, spirit=d.spiritual)
    face, hit = roll_against(ctx, d, t, r, *guard)
    if hit:
        land(ctx, d, t, r, face, ds)


def _perfect(ctx: Turn, f: Combatant, r: Ready) -> Ready:
    """The hit without the Elements its Perfect Hit dice set aside: its damage die and flat bonus read again from the
    move priced without them (000 L4745–L4753)."""
    was = r.plan.move
    now = conditions.perfect(ctx, f, was)
    if was is None or now is None or now is was:
        return r
    steps = (now.damage_step or 0) - (was.damage_step or 0)
    flat = now.flat_bonus - was.flat_bonus
    return replace(r, plan=replace(r.plan, die=r.plan.die.shifted(steps), flat=r.plan.flat + flat, move=now))


def _blast(r: Ready, dist: int) -> Ready:
    """Reduced Damage: an Explosive attack's die a size smaller for each Range its target stands from the centre
    (000 L3332–L3336)."""
    steps = move_elements.blast_steps(r.plan.move, dist)
    return replace(r, plan=replace(r.plan, die=r.plan.die.shifted(-steps))) if steps else r


def _caught(
    ctx: Turn, d: Dram, t: Dram, r: Ready, centre: Combatant, ds: dict[str, Dram] | None
) -> list[tuple[Dram, int]]:
    """Area Effect and Explosive: everyone else within its radius of the attacker, or of the target of a Ranged one
    (000 L2831–L2841, L3318–L3330), with his Range from the centre. Ruling: without a Band Map or Battle Grid only his
    opponents are caught (one Range is kept between opponents only, 000 L5605, L7106); a fighter who is down is not
    standing in it (000 L2833)."""
    radius = move_elements.area_radius(r.plan.move)
    if radius < 0 or ds is None:
        return []
    mapped = bands.mapped(ctx)
    return [
        (o, ctx.distance(centre, o.f))
        for o in ds.values()
        if o not in (d, t)
        and o.f.active
        and not o.f.knocked_down
        and (mapped or o.f.side != d.f.side)
        and ctx.distance(centre, o.f) <= radius
    ]


def _area(
    ctx: Turn,
    d: Dram,
    r: Ready,
    caught: list[tuple[Dram, int]],
    ds: dict[str, Dram] | None,
    key: str,
    answering: bool,
) -> None:
    """Each one caught is attacked too, with his own roll and defence (000 L2835), his Responses settled as they come
    as in the main turn (000 L7126); ruling: without a map their hits do not move the one Range again (000 L5605)."""
    plan = r.plan
    for o, dist in caught:
        if o.f.defeated:
            continue
        ctx.note("D", d.f.id, f"{plan.name} catches {o.f.id} too.", "000 L2833, L3322")
        closed = answering or d.together(o) or o.f.knocked_down  # one who is down is not caught (``_caught``)
        kinds = responses.NONE if closed else responses.kinds(ctx, d, o, plan.move, plan.special, False)
        dt, how = defense(ctx, o, d.f.id, False, simultaneous=d.together(o), spirit=d.spiritual, kinds=kinds)
        face, hit = roll_against(ctx, d, o, r, dt, how)
        if hit:
            land(ctx, d, o, replace(_blast(r, dist), push=bands.mapped(ctx)), face, ds)
        else:
            _through_block(ctx, d, o, plan)
            o.f.misfired = False
            responses.after_miss(ctx, d, o, plan.move, kinds, key, _answer(ctx, ds), ds)
            if response_failed(ctx, d.f.id, o) and not d.f.defeated:
                land(ctx, d, o, replace(_blast(r, dist), push=bands.mapped(ctx)), face, ds)


def _through_block(ctx: Turn, d: Dram, t: Dram, plan: Plan) -> None:
    """Always Does Damage: a miss he met with the Defense skill still takes 1 Life Bar an instance, with no Hit Stun,
    Stun or Knock Back (000 L2807–L2823)."""
    chip = move_elements.through_block(plan.move, t.guarded)
    if chip and not t.f.defeated:
        ctx.note(
            "F.1", d.f.id, f"Always Does Damage: {plan.name} takes {chip} Life Bar through the block.", "000 L2815"
        )
        hurt(ctx, d, t, chip, hit=False, stun=None)


def _damage(ctx: Turn, d: Dram, t: Dram, r: Ready) -> tuple[int, bool, int]:
    """The damage roll and what changes it before it is dealt: Pushing It, Surprise Attack, Pulling Punches, a
    Gradual Effect's first installment. Returns (the damage, whether the roll was the top, the move's roll and flat
    bonus)."""
    plan, mods = r.plan, r.mods
    freeing = options.free_mind(ctx, d, t) if not mods.final_blow else False
    pulled = options.pull_punches(ctx, d, t) if not (mods.final_blow or freeing) else False
    face = ctx.roll(d.f.id, "damage", plan.die, f"damage ({plan.name})", "E.1")
    move_elements.critical(ctx, d.f, plan.move, face, bool(plan.die.sides))  # an even roll (000 L3210)
    dmg = max(face + plan.flat + mods.damage, 1) if plan.die.sides else max(1 + plan.flat + mods.damage, 1)
    own = plan.move.flat_bonus if plan.move is not None else 0
    share = move_elements.gradual_share(plan.move, face + own, plan.flat - own + mods.damage)  # 000 L3390
    dmg = dmg if share is None else share
    top = attacks.max_damage([face - plan.die.bonus], [plan.die])
    ctx.note(
        "E.1", d.f.id, f"Damage {plan.die}{plan.flat + mods.damage:+d}: {dmg}.", "000 L5924", inputs={"face": face}
    )
    if mods.double:
        dmg = attacks.surprise_damage(dmg)
        ctx.note("E.1", d.f.id, f"Surprise Attack: double damage, {dmg}.", "000 L7217")
    if r.partial:
        dmg //= 2
        ctx.note("E.1", d.f.id, f"Partial hit: half damage, {dmg}.", "000 L4910")
    if r.hold:
        dmg //= 2
        ctx.note("E.1", d.f.id, f"The Sustained Hold's second part: half damage, {dmg}.", "000 L4387")
    if pulled:
        dmg = attacks.pulled(dmg, top)
        ctx.note("E.1", d.f.id, f"Pulled punch: {dmg} damage" + (" (top roll: full)." if top else "."), "000 L7205")
    if t.mind_controlled:
        return _freeing(ctx, d, t, dmg, freeing), top, face + own
    return dmg, top, face + own


def _freeing(ctx: Turn, d: Dram, t: Dram, dmg: int, freeing: bool) -> int:
    """A pulled punch to free him: 1 damage, the roll tallied; once the tally would defeat him he is free and immune
    to Mind-Manipulating Magic for the fight (000 L7207). Ours: a tally "enough to defeat" him reaches his Life Bar
    at that moment; an opponent who hits him without pulling has stopped pulling punches."""
    if not freeing:
        if d.f.id in t.pulled_by:
            t.pulled_by.remove(d.f.id)
        return dmg
    if d.f.id not in t.pulled_by:
        t.pulled_by.append(d.f.id)
    t.tally += dmg
    free = t.tally >= t.f.life
    ctx.note(
        "E.1",
        d.f.id,
        f"{d.f.id} pulls the punch: 1 damage, {dmg} tallied ({t.tally} against {t.f.id}'s {t.f.life} Life Bar)"
        + (f": {t.f.id} is free of the mind control." if free else "."),
        "000 L7207",
        inputs={"tally": t.tally},
    )
    if free:
        t.mind_controlled, t.mind_immune, t.tally, t.pulled_by = False, True, 0, []
    return 1


def _on_hit(ctx: Turn, d: Dram, t: Dram, r: Ready, total: int, ds: dict[str, Dram] | None) -> None:
    f = d.f
    plan, mods = r.plan, r.mods
    guard = t.f.move(t.declared) if t.declared and d.together(t) else None
    if move_elements.invulnerable(guard, plan.move):  # nothing at all (000 L4323–L4327)
        ctx.note("E", t.f.id, f"{t.f.id}'s {guard.name if guard else ''} is invulnerable: the hit does nothing.",
                 "000 L4323–L4327")  # fmt: skip
        return
    r = _perfect(ctx, f, r)  # Perfect Hit's dice, before the hit's effects (000 L4745–L4753)
    r = _cancel_throw(ctx, d, t, r)  # a Throw in its place, before the hit's effects (000 L3077–L3083)
    plan = r.plan
    if move_elements.vulnerable(guard) or kept_states.lingering(t.f):  # a die size more (000 L4892, L4898)
        ctx.note("E", t.f.id, f"{t.f.id} is hit while Vulnerable: a die size more.", "000 L4892, L4898")
        r = replace(r, plan=replace(plan, die=plan.die.shifted(1)))
        plan = r.plan
    if mods.debilitating:  # no Life Bar damage; the target loses his points or a Narrative Skill (000 L7172–L7175)
        _debilitate(ctx, d, t)
        hit_effects(ctx, d, t)
        return
    factor = 1
    if ds is not None and not mods.final_blow:  # a Final Blow leaves no defensive option (000 L7181)
        t, factor = take_a_hit(ctx, d, t, total, ds)
    life, stun = move_elements.damage_kind(plan.move)
    if not life:  # No Damage, Limited Damage: no Life Bar (000 L2363, L4561–L4569)
        _no_life_bar(ctx, d, t, r, stun)
        return
    dmg, top, rolled = _damage(ctx, d, t, r)
    dmg *= factor  # ruling: the doubled damage of an interception that failed but stood (000 L7245)
    dmg = move_elements.finishes(plan.move, t.f, dmg)  # Non-Finisher (000 L4735)
    dmg = move_elements.copied(ctx, f, t.f, plan.move, dmg)  # Copies Moves: damage as Move Points (000 L3115)
    if mods.final_blow and dmg < t.f.life:  # not enough to defeat: no damage at all (000 L7183)
        ctx.note("E.1", f.id, f"Final Blow: {dmg} would not defeat {t.f.id}; no damage.", "000 L7183")
        return
    if mods.final_blow:
        dmg = t.f.life
        ctx.award(f.id, tables().option("final_blow").glory or 0, "Final Blow", "000 L7185")
    first_hit(ctx, d)
    if attacks.first_attack_knockout(r.first, top, dmg, t.f.pl, ctx.opts.dramatic.first_attack_knockout):
        dmg = t.f.life
        ctx.note("E", f.id, f"{f.id}'s first attack hits for top damage: {t.f.id} is knocked out.", "000 L7112")
    ko = None
    if not mods.final_blow:
        if plan.basic:
            dmg = options.freeze_frame(ctx, d, t, dmg)
        ko = options.knock_out(ctx, d, t, dmg, ctx.distance(d.f, t.f) if bands.mapped(ctx) else ctx.range)
        dmg = ko.damage if ko else dmg
    was = t.f.life
    hurt(ctx, d, t, move_elements.finishes(plan.move, t.f, dmg), hit=True, stun=stun)
    move_elements.drain(ctx, f, plan.move, was - t.f.life)  # Drain Life (000 L3232–L3240)
    move_elements.gradual_rest(ctx, f, t.f, plan.move, rolled)  # the next two installments (000 L3390)
    conditions.suppress(ctx, f, t.f, plan.move, was - t.f.life)  # starts or ends a Suppression (000 L4245–L4261)
    if top:
        t.realize_next = True  # hit for top damage: Realize Potential next turn (000 L7267)
    bonus = attacks.ap_for_max_damage(r.first, top) + (
        (tables().option("property_damage").ap_on_hit or 0) if r.property_damage else 0
    )
    earn(ctx, d, bonus, f"{f.id} earns {bonus} Action Point(s) for the hit.", "000 L7112, L7197")
    if mods.pushing and t.f.defeated:
        ctx.award(f.id, tables().option("pushing_it").glory or 0, "a defeat while Pushing It", "000 L7295")
    earned = _scores(ctx, d, plan, r.partial)
    _throw_effects(ctx, d, t, ko, plan.move, r, earned)


def _throw_effects(
    ctx: Turn, d: Dram, t: Dram, ko: KnockedOut | None, m: MoveProfile | None, r: Ready, earned: bool = False
) -> None:
    """The hit's effects, as a Throw that holds or chains has them: a Sustained Hold's first part has its Hit Stun
    alone and holds him into next turn (000 L4385); an Opening Throw with a link to follow keeps him locked, its
    Knock Back and Knock Down waiting for the sequence's end and its Hit Stun standing for none (he cannot act
    anyway, 000 L3767); the last link ends the sequence with its effects (000 L3778). ``earned``: the hit earned the
    move's Glory, kept on the hold for the point it loses without its second part (000 L4397)."""
    if m is None:
        hit_effects(ctx, d, t, ko, m, r.push)
        return
    atk = Attack(d.f, t.f, [m], "action", m.name, 0)
    holds = bool(m.trait(MoveTrait.sustained_hold)) and not r.hold
    chain = not holds and bool(m.trait(MoveTrait.opening_throw)) and multi_part_throw.links_on(ctx, atk)
    hit_effects(ctx, d, t, ko, m, r.push, moves_him=not (holds or chain), stuns=not chain)
    if holds and not t.f.defeated:
        sustained_hold.start_hold(ctx, atk)  # into next turn (000 L4387)
        sustained_hold.mark_earned(d.f, earned)
    elif not chain:
        multi_part_throw.finish(ctx, atk)


def chain_ends(ctx: Turn, d: Dram, ds: dict[str, Dram], why: str, own: bool = False) -> None:
    """His Multi-Part Throw ends early: the last link's waiting Knock Back and Knock Down land now, with no Hit Stun
    (000 L3767, L3773–L3775); ``own``: he ended it, no link missing: its On-Miss effects too (000 L3775)."""
    found = multi_part_throw.end(ctx, d.f, why)
    if found is not None and found[0].id in ds:
        hit_effects(ctx, d, ds[found[0].id], None, found[1], stuns=False)
        if own:
            multi_part_throw.on_miss_effects(ctx, d.f, found[0], found[1])


def chain_action(ctx: Turn, d: Dram, ds: dict[str, Dram], v: DecisionValue | None) -> bool:
    """His action with a Multi-Part Throw in progress, as in the main turn (000 L3767, L3775): the next link, without
    movement, at the one he holds goes on; anything else (``v``) declares its end, and so does having no link he
    could pay for (``v`` None: before he declares; ruling: no Control is rolled, 000 L7084, so a link's price stands
    for its Control, as for Cancel Throw). True when the sequence ended and his action with it."""
    links = multi_part_throw.next_links(d.f)
    if not links:
        return False
    if v is None:
        if any(price(d, m) <= spendable(d, DramaticOption.special_move) for m in links):
            return False
        why = "no point left for the next Throw (no Control is rolled)"
    elif multi_part_throw.goes_on(d.f, v):
        return False
    else:
        why = "he declares the end of the sequence"
    chain_ends(ctx, d, ds, why, own=True)
    d.acted = d.f.acted = True
    ctx.note("B.1", d.f.id, f"{d.f.id} loses his action this turn.", "000 L3775, L7084")
    return True


def _cancel_throw(ctx: Turn, d: Dram, t: Dram, r: Ready) -> Ready:
    """Cancel Throw as the main turn reads it (000 L3077–L3083): a hit at Range 1, a DL 8 Tactics check, then one
    of his Throw Special Moves resolved in its place. Ruling: no Control is rolled (000 L7084), so a Throw whose
    Action Point price he could pay now stands for one he has the Control for; nothing more is paid, as no Control
    is spent in the main turn."""
    m = r.plan.move
    if m is None or r.hold or not m.trait(MoveTrait.cancels) or ctx.distance(d.f, t.f) != 1:
        return r
    can = spendable(d, DramaticOption.special_move)
    throws = [x for x in d.f.prof.moves.values() if x.throw and x.is_special and price(d, x) <= can]
    if not throws:
        why = f"Cancel Throw: no Throw Special Move {d.f.id} could pay for (no Control is rolled): no check."
        ctx.note("E", d.f.id, why, "000 L3083, L7084")
    x = cancel_into(ctx, d.f, t.f, m, throws)
    return r if x is None else replace(r, plan=_struck(ctx, d, t, x))


def hold_again(ctx: Turn, d: Dram, t: Dram, m: MoveProfile) -> None:
    """His Sustained Hold's second turn, Initiative won outright: at his action it hits again with no roll, half the
    damage, then its Knock Back, Knock Down and On-Hit effects; his action is spent (000 L4387, L4391)."""
    ctx.note("B.1", d.f.id, f"{d.f.id}'s Sustained Hold on {t.f.id} strikes again (half damage).", "000 L4387")
    _on_hit(ctx, d, t, Ready(_struck(ctx, d, t, m), options.Mods(), 0, False, False, hold=True), 0, None)


def let_go(ctx: Turn, d: Dram, t: Dram, m: MoveProfile, earned: bool = False) -> None:
    """His Sustained Hold's second turn, Initiative not won outright: before anyone acts the one held takes its Knock
    Back, Knock Down and On-Hit effects with no damage, and the holder's action is spent (000 L4389–L4391); 1 Glory
    less when its first part earned it (``earned``, 000 L4397)."""
    hit_effects(ctx, d, t, None, m, stuns=False)
    d.acted = d.f.acted = True
    ctx.note("B", d.f.id, f"{d.f.id}'s action is spent letting go.", "000 L4391")
    sustained_hold.lost_glory(ctx, d.f, m, earned)


def _scores(ctx: Turn, d: Dram, plan: Plan, partial: bool = False) -> bool:
    """A Special Move's Glory the first time it hits (000 L5749), none with Cheap (000 L4533), 1 less for a partial
    hit (000 L4910). Whether it earned any."""
    f = d.f
    cheap = plan.move is not None and glory_rule(plan.move, GloryRule.earns_none)  # never its own (000 L4533)
    if plan.special and plan.move_id and plan.move_id not in f.scored and not cheap:
        f.scored.append(plan.move_id)
        glory = plan.move.glory if plan.move is not None else plan.level  # its level, Increased Glory's too
        if partial:
            ctx.award(f.id, max(glory - 1, 0), f"{plan.name}'s partial hit", "000 L5749, L4910")
            return glory > 1
        ctx.award(f.id, glory, f"{plan.name} hits", "000 L5749")
        return glory > 0
    return False


def _no_life_bar(ctx: Turn, d: Dram, t: Dram, r: Ready, stun: int | None) -> None:
    """A hit that takes no Life Bar: with Limited Damage its damage, rolled as usual, is checked against the Stun
    Threshold only (000 L4561–L4569); with No Damage nothing is rolled (000 L2363). Knock Back, Hit Stun and the
    move's Glory as for any hit."""
    plan = r.plan
    first_hit(ctx, d)
    if stun is None:
        ctx.note("E.1", d.f.id, f"{plan.name} does no damage.", "000 L2363")
        move_elements.modify_super_energy(ctx, d.f, t.f, plan.move)  # its roll is Super Energy (000 L4283–L4289)
    else:
        dmg, _, _ = _damage(ctx, d, t, r)
        ctx.note("E.1", d.f.id, f"{plan.name}: {dmg} against {t.f.id}'s Stun Threshold only.", "000 L4561–L4569")
        stun_check(ctx, t, dmg, stun)
    conditions.suppress(ctx, d.f, t.f, plan.move, 0)  # a Suppression move has No Damage (000 L4243–L4245)
    earned = _scores(ctx, d, plan, r.partial)
    _throw_effects(ctx, d, t, None, plan.move, r, earned)


def first_hit(ctx: Turn, d: Dram) -> None:
    f = d.f
    if not ctx.first_hit_awarded:  # the fight's first hit refunds FS = PL, not above the start (000 L5489)
        ctx.first_hit_awarded = True
        back = max(min(f.fs + f.pl, f.fs_start) - f.fs, 0)
        f.fs += back
        ctx.note("E", f.id, f"First hit of the fight: {f.id} regains {back} FS.", "000 L5489")


def _debilitate(ctx: Turn, d: Dram, t: Dram) -> None:
    """The attacker's pick: every banked point of the target, or one Narrative Skill of his for the rest of the
    fight, which does nothing when the target lacks it (000 L7172–L7175)."""
    first_hit(ctx, d)
    t.was_hit = True
    t.hit_by_others.add(d.f.id)
    ctx.note("E", t.f.id, f"Debilitating Injury: {t.f.id} takes no damage.", "000 L7172")
    o = tables().option("debilitating_injury")
    own = narrative_skills(ctx, t)
    gone = {norm(x) for x in t.lost_skills}
    _, v = ctx.decide(
        d.f.id,
        "debilitate",
        "E",
        f"{d.f.id}'s Debilitating Injury hits {t.f.id}: take all his Action Points, or one Narrative Skill "
        "(`narrative_skill`) for the rest of the fight?",
        DecisionValue(),
        lambda: (
            [choice(DecisionValue(), "his Action Points")]
            + [choice(DecisionValue(narrative_skill=s), f"his {s}") for s in own if norm(s) not in gone]
        ),
    )
    lost = v.narrative_skill
    if lost is None:
        lose_points(ctx, t, f"{t.f.id} loses all {t.points.total} banked Action Point(s).", o.ref)
    elif norm(lost) in {norm(x) for x in own} and norm(lost) not in gone:
        t.lost_skills.append(lost)
        ctx.note("E", t.f.id, f"{t.f.id} loses the use of {lost} for the rest of the fight.", "000 L7175")
    else:
        ctx.note("E", t.f.id, f"{t.f.id} has no {lost} to lose: the injury has no effect.", "000 L7175")


def narrative_skills(ctx: Turn, t: Dram) -> list[str]:
    """The ids of the Narrative Skills on his sheet, written as the options name them (``grim_determination``)."""
    sheet = ctx.req.fighters[t.f.index].sheet
    return [s.id.lower().replace(" ", "_").replace("-", "_") for s in sheet.narrative_skills if s.level > 0]


def hit_effects(
    ctx: Turn,
    d: Dram,
    t: Dram,
    ko: KnockedOut | None = None,
    move: MoveProfile | None = None,
    push: bool = True,
    moves_him: bool = True,
    stuns: bool = True,
) -> None:
    """What every hit does besides its damage: Knock Back as the move's records set it, Knock Down with the
    keyword, and Hit Stun (000 L5950–L5970, L7130). A Sustained Hold's first part leaves out the Knock Back, Knock
    Down and On-Hit effects (``moves_him``, 000 L4385); its letting go, the Hit Stun (``stuns``, 000 L4389)."""
    d.hit_opponent = True
    d.f.hit_someone = True
    t.was_hit = True
    move_elements.lose_next_dice(t.f)  # a hit on him loses his waiting Fast or Slow Recovery (000 L3358, L4836)
    t.f.self_stun = False  # a hit before next turn spares him his Self-Stun (000 L4806)
    t.f.entangled = False  # and lifts an earlier Entangle's Initiative penalty (000 L3306)
    kept_states.hit(ctx, t.f)  # and ends his Invisibility, cancels his Slow Startup move (000 L3591, L4844)
    evasion.hit(ctx, t.f)  # and his Evasion bonus (000 L5836)
    if moves_him and (ko is None or (ctx.range is None and not bands.mapped(ctx)) or t.f.defeated):
        n = move_elements.knock_back(move, d.f) if push else 0
        mode = move_elements.draw(ctx, d.f, t.f, move) if n else "push"
        if mode != "push":  # Draw Closer: in by as much, not past Range 0 (000 L4007, L4019–L4027)
            shift_range(ctx, d if mode == "move" else t, n, Direction.toward, (t if mode == "move" else d).f)
        elif n:  # none without the Knockback keyword (Does No Knockback, 000 L3222–L3230)
            knock_back(ctx, t, n, d)
            _advance(ctx, d, t, n, move)
    elif moves_him and ko is not None:
        _knocked_out(ctx, t, ko, d)
    if moves_him and move_elements.knocks_down(move) and not t.f.knocked_down and not t.f.defeated:
        _knock_down(ctx, d, t)
    elif stuns and not t.acted and not t.f.defeated:
        t.hit_stunned = True  # a hit always costs an unacted target his action (000 L7130)
        conditions.window_closed(ctx, t.f, "Hit Stun")  # 000 L3752
    if moves_him:
        t.entangled = move_elements.entangle(ctx, t.f, move, t.acted) or t.entangled


def _advance(ctx: Turn, d: Dram, t: Dram, kb: int, move: MoveProfile | None) -> None:
    """Knockback Advance: the attacker may follow the Knock Back by as many Ranges (000 L3653–L3663)."""
    if not move_elements.follows(move) or d.f.defeated or t.f.defeated:
        return
    key, v = ctx.decide(
        d.f.id,
        "follow",
        "E.5",
        f"{d.f.id} may follow {t.f.id} up to {kb} Range(s).",
        DecisionValue(movement=0),
    )
    n = v.movement or 0
    if not 0 <= n <= kb:
        ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", f"decisions.{key}", f"{key}: at most {kb} Ranges.", key=key)
    if n:
        shift_range(ctx, d, n, Direction.toward, t.f)
        kept_states.moved(d.f)  # 000 L4761
        ctx.note("E.5", d.f.id, f"Knockback Advance: {d.f.id} follows {n} Range(s).", "000 L3653–L3663")


def _knock_down(ctx: Turn, d: Dram, t: Dram) -> None:
    """Knocked Down (000 L5958–L5966): no Hit Stun; his action, or his next one if he has acted, goes on standing
    up, and down before acting his next Initiative die is a size smaller; the attacker may step 1 Range."""
    t.f.knocked_down = True
    t.hit_stunned = False
    conditions.window_closed(ctx, t.f, "a Knock Down")  # 000 L3752
    kept_states.knocked_down(ctx, t.f)  # his Prop falls (000 L4757)
    if not t.acted:
        t.next_steps -= 1
    ctx.note(
        "E.4",
        t.f.id,
        f"{t.f.id} is Knocked Down: "
        + ("he stands with his action (−1 Initiative die next turn)." if not t.acted else "he stands next turn."),
        "000 L5958–L5964",
        change={"knocked_down": True},
    )
    _, v = ctx.decide(
        d.f.id,
        "knockdown_move",
        "E.7",
        f"{d.f.id} may move 1 Range toward or away from {t.f.id}.",
        DecisionValue(choice=Choice.stay),
    )
    if v.choice in (Choice.toward, Choice.away):
        shift_range(ctx, d, 1, Direction.toward if v.choice is Choice.toward else Direction.away)
        kept_states.moved(d.f)  # 000 L4761


def _knocked_out(ctx: Turn, t: Dram, ko: KnockedOut, d: Dram) -> None:
    """Knock Back past Range 4: at Range 5 he is out of the fight and spends whole turns coming back, one plus one
    for each Range beyond 5 (000 L7195, ruling C14). On a Band Map he is pushed away from ``d`` (``bands``)."""
    if bands.mapped(ctx):
        t.away_next = max(t.away_next, ko.turns_away)
        was, now = bands.push_to(ctx, d.f, t.f, ko.range_after)
        ctx.note(
            "E.4",
            t.f.id,
            f"{t.f.id} is knocked back: {bands.where(ctx, t.f)}, Range {was} → {now}"
            + (f": out of the fight for {ko.turns_away} turn(s)." if ko.turns_away else "."),
            "000 L7195, L5678" if ctx.grid_mode else "000 L7195, L5656",
            change=bands.change(ctx, t.f),
        )
        return
    before = ctx.range
    ctx.range = min(ko.range_after, 5)
    t.away_next = max(t.away_next, ko.turns_away)
    ctx.note(
        "E.4",
        t.f.id,
        f"{t.f.id} is knocked back: Range {before} → {ko.range_after}"
        + (f": out of the fight for {ko.turns_away} turn(s)." if ko.turns_away else "."),
        "000 L7195",
        change={"range": ctx.range},
    )
