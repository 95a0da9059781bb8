"""Steps D–F for one attack: the defender's choice, the attack roll, the hit (E) or the miss (F)
(000 L5411–L5438, L5692–L5741)."""

from __future__ import annotations

from ....dice import Die, die
from ..contract.model_types import Figure, OngoingEffectId
from ..contract.models import NO_FS, ResponseKind
from ..elements import (
    charge,
    copies,
    effects,
    enhancer,
    knockdown,
    limited_move,
    negative_positioning,
    random_effect,
    ranged,
    sidestep_setup,
    story,
    strike_through,
    tag_team,
    taunts,
)
from ..elements.interrupts import triggered
from ..protocol.keys import Scope
from ..protocol.names import AttackContext
from ..registry import elements
from ..registry import points as records
from ..registry.features import (
    ABSORBED_SPENT,
    ATTACK_COUNTED,
    BUFF_CHANGED,
    DAMAGE_ROLLED,
    DOWNED_DEFENSE_BONUS,
    HAZARD_CARRY,
    HOLD_EARNED,
    HOLD_STARTED,
    MOVE_UNSUPPORTED_REPORTED,
    POSITION_SHIFT,
    SEQUENCE_DEFENDED,
    STOOD_UP_BY_HIT,
    STUNNED,
    THROW_FINISHED,
    THROW_LINKS_ON,
    THROW_MISSED,
    UNTOUCHABLE,
    WALL_REFLECTS_AFTER,
    WALL_REFLECTS_FIRST,
)
from ..state.action import Attack, DamageRoll, Guard, Outcome
from ..state.profile import MoveTrait
from ..state.turn import Turn
from . import c_reactions as reactions
from . import f_responses as responses
from .d_accuracy import accuracy, range_ok
from .d_attack_elements import breakthrough_of, cancelled_throw, combo_tactics, invulnerable
from .d_defense import choose_defense

# the turn's own words, read once (an Enum's attribute is slow to read on Python 3.11)
_ACTION, _INTERRUPT, _RESPONSE, _BOMB = (
    AttackContext.action,
    AttackContext.interrupt,
    AttackContext.response,
    AttackContext.bomb,
)
_OWN = (_ACTION, _INTERRUPT)  # the attacker's own action, or a held fighter's interrupt
_BOMBS = (_BOMB, AttackContext.bomb_shot)  # a Bomb's own attack or shot
_STRUCK_BACK = (ResponseKind.counter, ResponseKind.interrupt)


def resolve(ctx: Turn, atk: Attack) -> Outcome:
    """D–F for one attack; every key asked or rolled meanwhile is about this attack (keys.py)."""
    saved, saved_move = ctx.scope, ctx.move  # by hand, not ``ctx.scoped``: the turn's hottest path
    ctx.scope, ctx.move = Scope(atk.attacker.id, atk.defender.id, atk.context), 1
    try:
        return _resolve(ctx, atk)
    finally:
        ctx.scope, ctx.move = saved, saved_move


def _resolve(ctx: Turn, atk: Attack) -> Outcome:
    a, d = atk.attacker, atk.defender
    names = " + ".join(m.name for m in atk.moves)
    distance = ctx.distance(a, d)
    ctx.note(
        "D.3",
        a.id,
        f"{a.id} attacks {d.id} with {names}"
        + (" on Full Offense" if atk.full_offense else "")
        + f" at Range {distance}.",
        "000 L5415, L5712",
        {
            "moves": [m.id for m in atk.moves],
            "control_cost": atk.cost,
            "control": a.control,
            "range": distance,
            "context": atk.context,
        },
    )
    if atk.full_offense:
        a.full_offense = True
    if UNTOUCHABLE.fn(d):
        ctx.note("D.3", d.id, f"{d.id} is in Free Movement: the attack cannot touch him.", "000 L3380")
        return Outcome(hit=False)
    if not atk.enhanced and atk.context not in _BOMBS:
        atk.enhanced = True
        atk.moves = enhancer.apply(ctx, a, atk.moves)
        atk.moves = taunts.lend(ctx, a, atk.moves)  # a Taunt's Element Addition (000 L4291–L4301)
        atk.moves = BUFF_CHANGED.fn(ctx, a, atk.moves)  # a Buff's added and swapped Elements (000 L2963)
    for m in atk.moves:
        MOVE_UNSUPPORTED_REPORTED.fn(ctx, a, m)
    if atk.context not in _BOMBS:
        sidestep_setup.used(ctx, a, atk.moves)  # 000 L4825
    ABSORBED_SPENT.fn(ctx, a, atk.moves)  # an absorbed move is used once (000 L2767)
    if not random_effect.roll(ctx, atk, distance, range_ok):  # its own gate: no Random Effect move, no roll
        ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)  # an unusable combination: an automatic miss (000 L3958)
        effects.on_miss(ctx, atk)
        return Outcome(hit=False)
    if not a.ignore_range and not ranged.reach_ok(atk, distance, range_ok):
        ctx.warn(
            "TARGET_OUT_OF_RANGE",
            atk.key or "decisions",
            f"{names} cannot reach Range {distance}: it misses automatically.",
            key=atk.key or None,
        )
        ctx.note("D.6", a.id, f"Out of range at Range {distance}: an automatic miss.", "000 L5269, L2429")
        ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)
        effects.on_miss(ctx, atk)
        return Outcome(hit=False)
    if not all(connects(ctx, atk) for connects in elements.CONNECTS.hooks):  # Cross-Up …
        ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)
        effects.on_miss(ctx, atk)
        return Outcome(hit=False)
    chance = records.misfire(atk.moves)  # Unreliable (000 L4874)
    if chance is not None:
        entry, mf = chance
        r = ctx.roll(a.id, entry, die(f"1d{mf.sides}"), mf.purpose, "D.1")
        if r <= mf.fails_at_most:
            ctx.note("D.1", a.id, mf.note.format(roll=r), mf.ref, {"roll": r})
            a.misfired = True  # a Defensive Response's failure: the attack it answered hits (``miss``, 000 L4874)
            ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)
            return Outcome(hit=False)
    if not atk.limited:  # once per use: an Area Effect's other targets share the answer
        limited = limited_move.apply(ctx, a, atk.moves, d)
        atk.limited = "void" if limited is None else "ok"
        atk.moves = limited or atk.moves
    if atk.limited == "void":  # its Limited Move drawback applies to this use (000 L4579–L4591)
        ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)
        return Outcome(hit=False)
    if atk.context in _OWN and reactions.invincible_interrupt(ctx, atk):
        ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)
        return Outcome(hit=False)
    if atk.context in _OWN and WALL_REFLECTS_FIRST.fn(ctx, a, d, atk.moves):
        ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)  # turned back by a made Wall (000 L3193)
        return Outcome(hit=False)
    sidestep_setup.defending(ctx, d)  # 000 L4826
    guard = choose_defense(
        ctx,
        d,
        a,
        _ACTION if atk.context == _INTERRUPT else atk.context,
        "D.4",
        aerial_attacker=atk.orig_aerial,
        vs_anti_air=atk.vs_anti_air,
        jumping_defender=atk.defender_jumping,
        jumping_basic=atk.jumping,
        full_screen=atk.full_screen,
        reflected=atk.reflected,
        only=atk.same_skill,
    )
    if guard.response is None:
        # ruling: every defence chosen is a Defensive Option (000 L5828); a Response settles it when used
        SEQUENCE_DEFENDED.fn(ctx, d, [])  # 000 L3749
    DOWNED_DEFENSE_BONUS.fn(ctx, atk, guard)
    trap = triggered.offer(ctx, atk)  # an armed Triggered Interrupt on top of his defence (000 L4404)
    option = "jinking" if guard.response is not None and guard.response.value == "jinking" else guard.option.value
    negative_positioning.negative_spent(ctx, a)
    parts = accuracy(ctx, atk, option)
    base = sum(parts.values())
    if atk.context == _BOMB:
        key, dv = "", NO_FS  # no FS on a Bomb's Accuracy (000 L2853)
    else:
        key, dv = ctx.decide(
            a.id,
            "accuracy_fs",
            "D.6",
            f"{a.id}: Fighting Spirit on Accuracy (up to {a.pl}) against Defense Total {guard.dt}, Accuracy {base:+d}.",
            NO_FS,
        )
    fs = dv.fs or 0
    if fs > a.pl:
        ctx.fail(
            "FS_EXCEEDS_POWER_LEVEL", f"decisions.{key}", f"{key}: {fs} FS is more than Power Level {a.pl}.", key=key
        )
    if fs > a.fs:
        ctx.fail("FS_INSUFFICIENT", f"decisions.{key}", f"{key}: {a.id} has only {a.fs} FS.", key=key)
    a.fs -= fs
    total_acc = base + fs
    sides = 10 if a.full_offense else 6  # 000 L5726
    breakthrough = breakthrough_of(atk)
    if 1 + total_acc >= guard.dt:
        ctx.skip_roll(a.id, "attack")
        roll, hit = None, True
    elif sides + total_acc < guard.dt - breakthrough:
        ctx.skip_roll(a.id, "attack")
        roll, hit = None, False
    else:
        roll = ctx.roll(a.id, "attack", Die(5 if sides == 10 else 3), "attack roll", "D.6")
        hit = roll + total_acc >= guard.dt
    text = (
        f"Accuracy {total_acc:+d}"
        + (f" ({fs} FS)" if fs else "")
        + f" against Defense Total {guard.dt}: "
        + (
            "even the lowest roll hits, no roll needed"
            if roll is None and hit
            else "even the highest roll misses"
            if roll is None
            else f"rolled {roll}, total {roll + total_acc}"
        )
        + (" — hit." if hit else " — miss.")
    )
    ctx.note(
        "D.6",
        a.id,
        text,
        "000 L5724–L5741, L6331",
        {**parts, "fs": fs, "die": f"1d{sides}", "roll": roll},
        {"hit": hit, "fs": a.fs},
        {"accuracy": total_acc, "defense_total": guard.dt}
        | ({"roll": roll, "total": roll + total_acc} if roll is not None else {}),
    )
    if trap is not None:
        if not triggered.beaten(ctx, atk, trap, total_acc, option, sides):
            return triggered.caught(ctx, atk, guard, trap, hit)
        triggered.used_up(ctx, atk, trap)
    if hit:
        return strike_through.after_hit(ctx, atk, guard, land(ctx, atk, guard))
    margin = guard.dt - (roll if roll is not None else sides) - total_acc
    if breakthrough and margin <= breakthrough:
        ctx.note(
            "D.6",
            a.id,
            f"Breakthrough: missed by {margin}, a partial hit.",
            "000 L4906–L4912",
            {"margin": margin, Figure.breakthrough: breakthrough},
        )
        return strike_through.after_hit(ctx, atk, guard, land(ctx, atk, guard, partial=True))
    return miss(ctx, atk, guard)


def land(ctx: Turn, atk: Attack, guard: Guard | None, partial: bool = False) -> Outcome:
    """E.1–E.8 (flow-chart order; Stun and Knock Down decided before Hit Stun, ruling A2)."""
    a, d = atk.attacker, atk.defender
    shield = invulnerable(atk)
    if shield:
        ctx.note(
            "E",
            d.id,
            f"{d.id} has Temporary Invulnerability ({shield}): the hit has no effect.",
            "000 L5299–L5301, L4323–L4327, L2949",
        )
        ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)
        return Outcome(hit=False, guard=guard)
    if not partial:
        cancelled_throw(ctx, atk)
    HAZARD_CARRY.fn(ctx, a, d, atk.moves, end_of_combo=False)
    tactics_bonus = combo_tactics(ctx, atk)
    stood = STOOD_UP_BY_HIT.fn(ctx, atk)
    if ranged.draw_closer(a.prof):
        ranged.mid_combo(ctx, atk)
    for landing in elements.LANDING.hooks:  # Random Effect's cut, Perfect Hit's roll …
        landing(ctx, atk)
    # The first part of a Sustained Hold: damage and Hit Stun only, and the victim's action is gone (000 L4385).
    hold = not atk.hold_release and any(m.trait(MoveTrait.sustained_hold) for m in atk.moves)
    chain = not hold and MoveTrait.opening_throw in a.prof.traits and THROW_LINKS_ON.fn(ctx, atk)
    kd_coming = knockdown.knocks_down(atk) and not d.knocked_down and not hold and not chain
    breakfall, tech = knockdown.knockdown_options(ctx, atk) if kd_coming else (False, None)
    d.breakfall = breakfall
    try:
        dmg = DAMAGE_ROLLED.fn(ctx, a, d, atk.moves[1:] if stood else atk.moves)  # stood up: the 2nd hits in full
    finally:
        d.breakfall = False
    if atk.hold_release:
        dmg.total //= 2
        dmg.stun //= 2
    if tactics_bonus:
        dmg.total += tactics_bonus
    if atk.extra_damage:
        dmg.total += atk.extra_damage
        ctx.note(
            "E.1",
            a.id,
            f"Wound up, powered up or extra Triggered Interrupt instances: +{atk.extra_damage} damage.",
            "000 L4449, L3858–L3862, L4423",
            {"bonus": atk.extra_damage},
        )
    for hook in elements.DAMAGE.hooks:  # a Juggle against a Wall, the higher ground …
        dmg.total += hook(ctx, atk)
    if partial:
        dmg.total //= 2
        dmg.stun //= 2
    copies.convert(ctx, atk, dmg)
    dmg.total = story.damage(ctx, atk, dmg.total)
    offensive = any(m.offensive for m in atk.moves)
    life_before = d.life
    lost = dmg.total
    for cap in elements.LIFE_LOST.hooks:  # Limited Damage, Non-Finisher …
        lost = cap(atk, dmg, lost)
    d.life = max(d.life - lost, 0)
    d.dmg_from[a.id] = d.dmg_from.get(a.id, 0) + lost
    d.was_hit = True
    a.hit_someone = True
    if d.ongoing and any(e.id == OngoingEffectId.super_jump for e in d.ongoing):
        d.ongoing = [e for e in d.ongoing if e.id != OngoingEffectId.super_jump]
        ctx.note("E.1", d.id, f"{d.id} is hit in his Super Jump: he has landed.", "000 L2193")
    parts_text = ", ".join(
        (
            f"{p.move.name} +1"
            if p.counted == "basic_plus_one"
            else f"{p.move.name} {p.die}→{p.roll}" + ("" if p.counted == "full" else " halved")
        )
        for p in dmg.parts
        if p.counted != "none"
    )
    ctx.note(
        "E.1",
        a.id,
        f"Damage to {d.id}: {dmg.total}"
        + (f" [{parts_text}]" if parts_text else "")
        + (f" + {a.prof.dmg_bonus} Damage Bonus" if a.prof.dmg_bonus and dmg.parts else "")
        + (" (halved: partial hit)" if partial else "")
        + (" (Big: −1)" if dmg.big else "")
        + f". Life Bar {life_before} → {d.life}.",
        "000 L5906–L5924, L10135–L10167",
        {
            "parts": [p.value for p in dmg.parts],
            "damage_bonus": a.prof.dmg_bonus,
            "steps": [p.step for p in dmg.parts],
            "rolls": [p.roll for p in dmg.parts],
        },
        {"damage": dmg.total, "life_bar": d.life, "stun_damage": dmg.stun},
    )
    if lost > 0:
        d.life_loss_from.add(a.id)  # one Super Energy per opponent who takes Life Bar (000 L5268)
    if d.life == 0 and not d.defeated:
        d.defeated = True
        ctx.note("E.1", d.id, f"{d.id} is defeated.", "000 L5924, L5745", {}, {"defeated": True})
        effects.defeat_glory(ctx, a, d, atk)
    if not ctx.first_hit_awarded and lost > 0:
        ctx.first_hit_awarded = True
        gain = min(a.pl, max(a.fs_start - a.fs, 0))  # refund up to the starting total (000 L5489)
        a.fs += gain
        ctx.note(
            "E.1",
            a.id,
            f"First hit of the round: {a.id} regains {gain} FS (Power Level, capped at his starting total).",
            "000 L5489, L10385",
            {"pl": a.pl},
            {"fs": a.fs},
        )
    later = ctx.after_exchange  # in a simultaneous exchange, at its end (000 L5518, L5575)
    later(lambda: effects.conditions_ended_by_hit(ctx, d))
    kd = kd_coming and not breakfall  # a Breakfall: no Knock Down at all (000 L2203)
    stunned_now = effects.stun_check(ctx, atk, d, dmg.stun) if not d.defeated else False
    # ruling: a link's waiting Knock Down stands in for Hit Stun, as a Throw's does (000 L3767)
    if offensive and not kd and not chain and not stunned_now and not d.defeated:
        later(lambda: effects.hit_stun(ctx, d, a))
    HAZARD_CARRY.fn(ctx, a, d, atk.moves, end_of_combo=True)
    kb = 0
    if hold:
        HOLD_STARTED.fn(ctx, atk)
    elif chain:
        kb = 0  # waits for the end of the Multi-Part Throw (000 L3767)
    elif atk.apply_knockback and not d.defeated:
        kb = knockdown.knock_back(ctx, atk, dmg.total)
    else:
        kb = knockdown.knockback_ranges(atk, dmg.total)
    if kd and not d.defeated:
        later(lambda: None if d.knocked_down else knockdown.knock_down(ctx, a, d))  # one Knock Down
    if tech is not None and not d.defeated:
        later(lambda: knockdown.tech_roll(ctx, a, d, tech))
    if not hold:
        later(lambda: _hit_effects(ctx, atk, dmg, lost))
    if not chain and MoveTrait.opening_throw in a.prof.traits:
        THROW_FINISHED.fn(ctx, atk)
    if atk.apply_knockback and not hold:
        knockdown.knockback_advance(ctx, atk, kb)
    later(lambda: POSITION_SHIFT.fn(ctx, a, d, atk.moves))  # movement after the exchange (000 L5543)
    if stunned_now:
        later(lambda: None if d.stunned else STUNNED.fn(ctx, d))  # Stunned once
    _hold_glory(atk, effects.hit_glory(ctx, atk, partial))
    ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=True)
    return Outcome(hit=True, partial=partial, damage=dmg, guard=guard, knockback=kb, life_lost=lost)


def _hold_glory(atk: Attack, earned: list[str]) -> None:
    """A Sustained Hold begun by this hit keeps whether its first part earned the move's Glory, for the point lost
    without the second part (000 L4397)."""
    won = any(m.trait(MoveTrait.sustained_hold) and m.id in earned for m in atk.moves)
    HOLD_EARNED.fn(atk.attacker, won)


def miss(ctx: Turn, atk: Attack, guard: Guard) -> Outcome:
    """F: On-Miss effects, Evasion results, Defensive Responses (000 L5431–L5438, L5826–L5902); a Response that
    fails its Unreliable roll lets the attack hit after all (000 L4874)."""
    a, d = atk.attacker, atk.defender
    d.blocked_last = guard.option.value in ("defense", "defense_evasion")  # Charge Back (000 L3093)
    d.last_guard = charge.guard_kind(guard)  # Charge Down / Up (000 L4485, L4521)
    effects.on_miss(ctx, atk, guard)
    if atk.context in _OWN and WALL_REFLECTS_AFTER.fn(ctx, a, d, atk.moves, guard.option.value == "evasion"):
        ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)
        return Outcome(hit=False, guard=guard)  # the Evasion let his Wall turn it back (000 L3193)
    THROW_MISSED.fn(ctx, atk)
    if guard.option.value == "defense" and atk.is_combo and len(atk.moves) >= 4:
        ctx.award(d.id, 2, "blocked a Combo of 4 or more hits with Defense", "000 L836", extra=True)
    if atk.context == _RESPONSE and atk.response in _STRUCK_BACK:
        ctx.award(d.id, 1, "defended against a Counter or Interrupt attack", "000 L837", extra=True)
    if atk.context in _OWN:
        seen = len(ctx.log)
        d.misfired = False
        responses.after_miss(ctx, atk, guard)
        if d.misfired and not a.defeated and not d.defeated:
            return misfired_response(ctx, atk, guard)
        answered = any(s.label == "F.3" and s.actor == d.id for s in ctx.log[seen:])
        tag_team.tag_counter(ctx, atk, guard, answered)  # a waiting partner's Tag Counter (000 L4269)
    ATTACK_COUNTED.fn(ctx, a, atk.moves, hit=False)
    return Outcome(hit=False, guard=guard)


def misfired_response(ctx: Turn, atk: Attack, guard: Guard) -> Outcome:
    """His Unreliable Response failed: the attack it answered hits him after all, in full (000 L4874). Ruling: the
    roll is made as the Response is declared, which is after the miss was known (000 L4872, L5850); the miss's
    own results already applied (On-Miss parts, Evasion results) stand, and the hit is resolved as any hit is."""
    d = atk.defender
    d.misfired = False
    ctx.note(
        "F.3",
        d.id,
        f"{d.id}'s Unreliable Response failed: {atk.attacker.id}'s attack hits him after all.",
        "000 L4874",
        {},
        {"hit": True},
    )
    return land(ctx, atk, guard)


def _hit_effects(ctx: Turn, atk: Attack, dmg: DamageRoll, lost: int) -> None:
    """The moves' own effects on a hit, then a Gradual Effect's first installment."""
    for hook in elements.ON_HIT.hooks:
        hook(ctx, atk, dmg, lost)
