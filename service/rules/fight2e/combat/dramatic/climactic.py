"""The Climactic Super Move (000 L7156–L7170): announced before Initiative by a fighter below a tenth of his bar
while every opponent keeps half of his, once a fight, for a banked point and his Super Energy (10, or all he has);
he counts as on Full Defense until it goes off on his action, through Hit Stun or Stun. It is an attack at −2
(ruling C9: it must hit), then a check against the table's DL for the target's share of Life Bar: success empties
the target's bar for 10 Glory, failure takes a tenth of his full bar for 5.

Ours where the text is silent: to its target it is a Special Move (named a Super Move, 000 L7156), so every normal
defensive option is open against it (000 L7128, L7215): Tactics, and after a miss the Defensive Responses its attack
sets off as in a plain Dramatic turn (``responses``). It is made of no Elements, with no level: the Responses that
need a Ranged Element or a jump stay closed, and answering it earns no Super Move's level in Glory (000 L835)."""

from __future__ import annotations

from dataclasses import replace

from ...dramatic import checks, climactic, costs
from ...dramatic.catalogue import tables
from ..contract.models import Choice, ClimacticForm, DecisionValue, Direction, DramaticOption
from ..state.profile import MoveProfile, command_move
from ..state.turn import Turn
from . import evasion, responses
from .attack import answer, first_hit, hit_effects, response_failed
from .base import D6, D10, Dram, hurt, pay, shift_range, skill
from .defense import defense
from .spirit import accuracy as spirit_accuracy

_CSM = DramaticOption.climactic_super_move
CLOSE_MOVE, CLOSE_MOVE_FS = 2, 3  # Ranges a Close Climactic Super Move may move, the second for 1 FS (000 L7158)
CLOSE_REACH = 2  # our reading: the Close form strikes at Range 0–2, the Ranged form from anywhere without moving
_BOTH_FORMS = 5  # the Power Level at which he gains the other form (000 L7158)


def announce(ctx: Turn, ds: dict[str, Dram]) -> None:
    """Before Initiative, so the point paid is a banked one, never the turn's own (000 L7160)."""
    o = tables().option(_CSM.value)
    for fid in ctx.order:
        d = ds[fid]
        f = d.f
        foes = [(ds[x.id].f.life, ds[x.id].life_max) for x in ctx.opponents(f)]
        if not f.active or skill(ctx, d, o.skill or "") < 1 or d.points.general + (f.story or 0) < 1:
            continue
        if not climactic.eligible(f.life, d.life_max, foes, d.climactic_used):
            continue
        key, v = ctx.decide(
            fid,
            "climactic",
            "A.0",
            f"{fid} is nearly beaten while his opponents are not: announce a Climactic Super Move (a banked point and "
            "his Super Energy, once a fight)?",
            DecisionValue(choice=Choice.pass_),
        )
        if v.choice is not Choice.act:
            continue
        pay(ctx, d, _CSM, costs.ap_cost(o), key)
        spent = climactic.energy_spent(f.se)
        f.se -= spent
        d.climactic = d.climactic_used = True  # ruling C9 iv: the use is gone even if it misses
        d.full_defense = f.full_defense = True
        ctx.note("A.0", fid, f"{fid} announces a Climactic Super Move ({spent} Super Energy); on Full Defense.", o.ref)


def _form(d: Dram) -> ClimacticForm | None:
    """His one form below Power Level 5, or None when he has both (000 L7158)."""
    return None if d.f.pl >= _BOTH_FORMS else d.climactic_form


def _as_move() -> MoveProfile:
    """The move his target defends against: a Special Move of no Elements and no level (ours, 000 L7128, L7156)."""
    m = command_move(_CSM.value, "Climactic Super Move", 0, ("offensive",))
    return replace(m, kind="special", path=f"dramatic:{_CSM.value}")


def fire(ctx: Turn, d: Dram, t: Dram, v: DecisionValue, key: str, ds: dict[str, Dram] | None = None) -> None:
    o = tables().option(_CSM.value)
    f = d.f
    d.full_defense = f.full_defense = False  # on Full Defense only until it goes off (000 L7160)
    form = _form(d)
    if v.dash:  # its movement is its own, 2 Ranges or a third for 1 FS, never a Dash (000 L7158, L2175)
        why = f"{key}: a Climactic Super Move moves as its form allows (000 L7158); no Dash goes with it."
        ctx.fail("DASH_INVALID", f"{key}.dash", why, key=key)
    if form is ClimacticForm.ranged and v.movement:
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: the Ranged form allows no movement.", key=key)
    _close_in(ctx, d, v, key, t)
    dist = ctx.distance(f, t.f)
    close = dist <= CLOSE_REACH and form is not ClimacticForm.ranged
    if form is ClimacticForm.close and not close:
        ctx.fail(
            "TARGET_OUT_OF_RANGE",
            f"{key}.target",
            f"{key}: his is the Close Climactic Super Move, which reaches Range 0–2 (000 L7158).",
            key=key,
        )
    if v.movement and not close:
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: the Ranged form allows no movement.", key=key)
    acc = (o.accuracy or 0) + f.prof.acc_bonus + d.hit_stun_penalty + _fs(ctx, d, v, key)
    if close:
        acc += 1 if dist == 0 else -1 if dist == 2 else 0  # the usual Range 0–2 figures (000 L7158, L5613)
    acc += spirit_accuracy(ctx, d, t)  # every attack on a spirit, for one unfit to fight them (000 L7315)
    d.attacked = True
    f.attacks += 1
    move = _as_move()
    # every normal defensive option against it (ours: a Special Move to him, 000 L7128); none at a shared Initiative
    kinds = responses.NONE if d.together(t) else responses.kinds(ctx, d, t, move, True, False)
    # at a shared Initiative the Defense skill alone, as against any simultaneous attack (000 L5573)
    dt, how = defense(ctx, t, f.id, False, simultaneous=d.together(t), spirit=d.spiritual, kinds=kinds)
    face = ctx.roll(f.id, "attack", D6, "attack roll (Climactic Super Move)", "D.6")
    hit = face + acc >= dt
    ctx.snap_defender = t.f.id  # the hit or miss event names him
    ctx.note(
        "D.6",
        f.id,
        f"{f.id}'s Climactic Super Move: {face} + {acc} = {face + acc} against {t.f.id}'s {how} {dt}: "
        + ("hit." if hit else "miss."),
        o.ref,
        inputs={"face": face, "accuracy": acc, "defense_total": dt},
        change={"hit": hit},
    )
    if not hit:
        t.f.misfired = False
        evasion.evaded(ctx, d, t, move)  # F.2 after it, as after any attack of his (000 L5834; ours, 000 L7128)
        responses.after_miss(ctx, d, t, move, kinds, key, answer(ctx, ds), ds)
        if not response_failed(ctx, f.id, t) or f.defeated:  # a failed Unreliable Response: it hits (000 L4874)
            return
    level = skill(ctx, d, o.skill or "")
    roll = ctx.roll(f.id, "climactic_check", D10, "Climactic Super Move check", "E.1")
    total = checks.check_total(roll, level, d.hit_stun_penalty)
    dl = climactic.dl(climactic.percent_left(t.f.life, t.life_max))
    out = climactic.outcome(total, t.f.life, t.life_max)
    ctx.note(
        "E.1",
        f.id,
        f"Climactic Super Move check: {roll} + {level} = {total} against DL {dl}: "
        + ("the target's bar is emptied." if total >= dl else f"{out.damage} damage."),
        "000 L7162–L7170",
        inputs={"face": roll, "total": total, "dl": dl},
    )
    first_hit(ctx, d)
    hurt(ctx, d, t, out.damage, hit=True)
    ctx.award(f.id, out.glory, "Climactic Super Move", "000 L7170")
    hit_effects(ctx, d, t)


def _close_in(ctx: Turn, d: Dram, v: DecisionValue, key: str, t: Dram) -> None:
    n = v.movement or 0
    if not n:
        return
    if n > CLOSE_MOVE_FS:
        ctx.fail("DECISION_INVALID", f"{key}.movement", f"{key}: at most {CLOSE_MOVE_FS} Ranges.", key=key)
    if n > CLOSE_MOVE:
        if d.f.fs < 1:
            ctx.fail("FS_INSUFFICIENT", f"{key}.movement", f"{key}: a third Range costs 1 FS.", key=key)
        d.f.fs -= 1
    shift_range(ctx, d, n, v.direction or Direction.toward, t.f)


def _fs(ctx: Turn, d: Dram, v: DecisionValue, key: str) -> int:
    fs = v.fs or 0
    if fs > min(d.f.pl, d.f.fs):
        ctx.fail("FS_INSUFFICIENT", f"{key}.fs", f"{key}: {fs} FS is more than he may put on it.", key=key)
    d.f.fs -= fs
    return fs
