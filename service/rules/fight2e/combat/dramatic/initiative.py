"""The start of a Dramatic turn (000 L7082–L7102, L7146, L7223): the point grant, Endure Great Hardship taken up for
the turn, showing off, the Initiative die by Speed plus the Control Bonus, re-rolls, Fast Reflexes and the order."""

from __future__ import annotations

from ....dice import D12
from ...dramatic import attacks, bank, checks, costs
from ...dramatic.catalogue import tables
from ...dramatic.initiative import initiative_die, initiative_total
from ..contract.models import NO_INIT_CTRL, Choice, DecisionValue, DramaticOption
from ..protocol import events
from ..state.turn import Turn
from ..turn.a_initiative import declaration_order
from .actions import cash_in as await_cash_in
from .base import D10, Dram, pay, skill, spendable
from .kept_states import hindrance, initiative_steps

_FR = DramaticOption.fast_reflexes
_EGH = DramaticOption.endure_great_hardship


def initiative(ctx: Turn, ds: dict[str, Dram]) -> None:
    """Everyone declares what goes on his die (showing off, FS, …) in declaration order before anyone rolls
    (000 L5505–L5507, L7102), as the main turn's A.1; then the rolls, re-rolls and Fast Reflexes."""
    order = [ds[f.id] for f in declaration_order(ctx)]
    declared = [(d, _declare(ctx, ds, d)) for d in order]
    for d, steps in declared:
        roll_initiative(ctx, d, steps)
    for d in order:
        rerolls(ctx, d)
    fast_reflexes(ctx, ds)


def _declare(ctx: Turn, ds: dict[str, Dram], d: Dram) -> int:
    """His point, Endure Great Hardship, showing off, Await Opening cashed in and FS: his die's sizes."""
    per_turn = ctx.opts.dramatic.action_points_per_turn
    d.points = bank.grant(d.points, per_turn, withheld=d.no_point)
    ctx.note(
        "A.1",
        d.f.id,
        f"{d.f.id} "
        + ("gets no Action Point this turn" if d.no_point else f"gets {per_turn} Action Point(s)")
        + f": {d.points.total} banked.",
        "000 L7082, L7213",
    )
    events.action_points(ctx, d.f.id, 0 if d.no_point else per_turn, d.points.total)
    endure(ctx, ds, d)
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
            pay(ctx, d, DramaticOption.show_off, costs.ap_cost(o), key)
            steps += o.die_steps or 0
            ctx.award(d.f.id, o.glory or 0, "showing off", o.ref)
    steps += await_cash_in(ctx, d, steps)
    steps -= hindrance(ctx, d.f, ctx.opponents(d.f))  # an invisible opponent's (000 L3591)
    steps += initiative_steps(d.f)  # Slow Startup going off, a Sustained Hold's second turn (000 L4846, L4387)
    return steps + fs_on_initiative(ctx, d, steps)


def endure(ctx: Turn, ds: dict[str, Dram], d: Dram) -> None:
    """Endure Great Hardship, bought for the turn as Initiative is rolled: a point and 1 FS, below half while every
    opponent is above it, or below a quarter (000 L7223–L7225, ruling C23)."""
    f = d.f
    o = tables().option(_EGH.value)
    foes = [(ds[x.id].f.life, ds[x.id].life_max) for x in ctx.opponents(f)]
    if skill(ctx, d, o.skill or "") < 1 or spendable(d, _EGH) < costs.ap_cost(o):
        return
    if not attacks.endure_eligible(f.life, d.life_max, foes, f.fs):
        return
    key, v = ctx.decide(
        f.id,
        "endure",
        "A.1",
        f"{f.id} may Endure Great Hardship this turn (a point and 1 FS): the skill in place of Defense, hits halved, "
        "and a check to stay up at 1 Life Bar if defeated?",
        DecisionValue(choice=Choice.pass_),
    )
    if v.choice is not Choice.act:
        return
    pay(ctx, d, _EGH, costs.ap_cost(o), key)
    f.fs -= o.fs or 0
    d.enduring = True
    ctx.note("A.1", f.id, f"{f.id} endures great hardship this turn: FS {f.fs}.", o.ref, change={"fs": f.fs})


def fs_on_initiative(ctx: Turn, d: Dram, steps: int) -> int:
    """Our ruling C2: Fighting Spirit still buys Initiative die sizes, one FS each, as the main turn's A.1 (the same
    decision, ``fs_init_ctrl``): at most his Power Level, the die no larger than 1d12 (000 L5505); no Control is
    rolled, so none goes on Control (000 L7084). Asked only of one with FS who can raise his die. Returns the sizes."""
    f = d.f
    base = initiative_die(f.prof.speed, steps)
    if f.fs < 1 or f.pl < 1 or base.step >= D12:
        return 0
    key, v = ctx.decide(
        f.id,
        "fs_init_ctrl",
        "A.1",
        f"{f.id}: Fighting Spirit on the Initiative die, one size each (at most {min(f.pl, f.fs)}, up to 1d12)?",
        NO_INIT_CTRL,
    )
    fi, fc = v.init or 0, v.ctrl or 0
    path = f"decisions.{key}"
    if fc:
        ctx.fail("DECISION_INVALID", path, f"{key}: no Control is rolled in Dramatic Combat (000 L7084).", key=key)
    if fi > f.pl:
        ctx.fail("FS_EXCEEDS_POWER_LEVEL", path, f"{key}: {fi} FS is more than Power Level {f.pl} allows.", key=key)
    if fi > f.fs:
        ctx.fail("FS_INSUFFICIENT", path, f"{key}: {f.id} has only {f.fs} FS.", key=key)
    if fi and base.step + fi > D12:
        ctx.fail("FS_DIE_ABOVE_D12", path, f"{key}: Fighting Spirit cannot raise a die above 1d12.", key=key)
    if fi:
        f.fs -= fi
        die = initiative_die(f.prof.speed, steps, fi)
        ctx.note("A.1", f.id, f"{f.id} spends {fi} FS: {die} Initiative.", "000 L5505", change={"fs": f.fs})
    return fi


def roll_initiative(ctx: Turn, d: Dram, steps: int) -> None:
    f = d.f
    d.f.init_step = steps
    die = initiative_die(f.prof.speed, steps)
    face = ctx.roll(f.id, "init", die, "Initiative (Dramatic: die by Speed)", "A.2")
    lead = 1 if ctx.opts.leader_bonus and ctx.prev_leader == f.id and ctx.prev_leader_hit else 0  # ruling C3
    f.init = initiative_total(face, f.prof.ctrl_bonus) + lead + d.face_off_bonus  # a Face Off's margin (000 L7235)
    ctx.note(
        "A.2",
        f.id,
        f"{f.id} rolls {die} for Initiative: {face} + Control Bonus {f.prof.ctrl_bonus}"
        + (" + 1 (last turn's leader hit)" if lead else "")
        + (f" + {d.face_off_bonus} (Ki Face Off)" if d.face_off_bonus else "")
        + f" = {f.init}.",
        "000 L7084–L7096",
        inputs={"die": str(die), "face": face},
        change={"init": f.init},
    )


def rerolls(ctx: Turn, d: Dram) -> None:
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
        pay(ctx, d, DramaticOption.initiative_reroll, 1, key)
        roll_initiative(ctx, d, d.f.init_step)


def fast_reflexes(ctx: Turn, ds: dict[str, Dram], others: tuple[int, ...] = ()) -> None:
    """Fast Reflexes: those who pay roll the skill against every opponent who has it; one higher than all of his
    opponents takes the top Initiative, the highest of several such winning (000 L7146). Our reading: an opponent
    with the skill who did not pay rolls it too, for nothing; ruling C19: a tie at the top is rolled again.
    ``others``: the Initiatives of Thug groups, which have no such skill (so a lone Fighter trying wins), to rise
    above as well."""
    o = tables().option(_FR.value)
    level = {d.f.id: skill(ctx, d, o.skill or "") for d in ds.values() if d.f.active}
    tryers: list[Dram] = []
    for d in (ds[f.id] for f in declaration_order(ctx)):
        if level.get(d.f.id, 0) < 1 or spendable(d, _FR) < costs.ap_cost(o):
            continue
        key, v = ctx.decide(
            d.f.id,
            "fast_reflexes",
            "A.3",
            f"{d.f.id} has Initiative {d.f.init}: spend an Action Point on Fast Reflexes to take the top Initiative?",
            DecisionValue(choice=Choice.pass_),
        )
        if v.choice is Choice.act:
            pay(ctx, d, _FR, costs.ap_cost(o), key)
            tryers.append(d)
    if not tryers:
        return
    ids = {t.f.id for t in tryers}
    rolling = [d for d in ds.values() if d.f.active and level.get(d.f.id, 0) >= 1 and _faces(d, tryers, ids)]
    winner = _contest(ctx, tryers, rolling, level)
    if winner is None:
        ctx.note("A.3", None, "Fast Reflexes: no one beats all his opponents; Initiative stands.", o.ref)
        return
    rest = [d.f.init for d in ds.values() if d.f.active and d is not winner]
    top = max([*rest, *others], default=winner.f.init)
    winner.f.init = max(winner.f.init, top + 1)  # our figure: one above the rest, so he alone goes first
    ctx.note("A.3", winner.f.id, f"Fast Reflexes: {winner.f.id} takes the top Initiative ({winner.f.init}).", o.ref)


def _faces(d: Dram, tryers: list[Dram], ids: set[str]) -> bool:
    """He rolls: he is trying, or he is an opponent of one who is."""
    return d.f.id in ids or any(t.f.side != d.f.side for t in tryers)


def _contest(ctx: Turn, tryers: list[Dram], rolling: list[Dram], level: dict[str, int]) -> Dram | None:
    o = tables().option(_FR.value)
    totals: dict[str, int] = {}
    for _ in range(4):
        for d in rolling:
            if d.f.id in totals:
                continue
            face = ctx.roll(d.f.id, "fast_reflexes_check", D10, "Fast Reflexes check", "A.3")
            totals[d.f.id] = checks.check_total(face, level[d.f.id])
            ctx.note("A.3", d.f.id, f"{d.f.id}'s Fast Reflexes: {totals[d.f.id]}.", o.ref, inputs={"face": face})
        beaten = [
            t
            for t in tryers
            if checks.contest(totals[t.f.id], [totals[x.f.id] for x in rolling if x.f.side != t.f.side])
        ]
        if not beaten:
            return None
        best = max(totals[t.f.id] for t in beaten)
        top = [t for t in beaten if totals[t.f.id] == best]
        if len(top) == 1:
            return top[0]
        for t in top:  # ruling C19: the tied top roll again
            del totals[t.f.id]
        rolling = [d for d in rolling if d.f.id in totals or d in top]
        tryers = top
    return None


def turn_order(ctx: Turn, ds: dict[str, Dram]) -> list[Dram]:
    """Highest Initiative first; the single highest is the turn's leader (000 L5509)."""
    active = [ds[i] for i in ctx.order if ds[i].f.active]
    active.sort(key=lambda d: -d.f.init)
    if active and (len(active) == 1 or active[0].f.init > active[1].f.init):
        ctx.leader = active[0].f.id
    return active


def mark_simultaneous(order: list[Dram]) -> None:
    """Those who share an Initiative with an opponent and whose turn no Flourish took act at once (000 L5519)."""
    for d in order:
        d.simultaneous = not d.acted and any(
            o is not d and not o.acted and o.f.init == d.f.init and o.f.side != d.f.side for o in order
        )
