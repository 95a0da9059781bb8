"""``resolve_turn``: one turn of the book's flow chart, A to H (000 L5384–L5448), for the whole fight as sent.

Pure: no I/O, the same request gives the same answer byte for byte (seeded dice are derived from the seed and
each roll's key), and a model-valid request never raises: broken rules and impossible states come back as
violations, a missing decision or die as ``decision_required`` with the request's own state.
"""

from __future__ import annotations

import contextlib

from ...core.findings import Severity
from ..identity import RULESET, VERSION
from . import (
    bombs,
    buff_modifiers,
    elements,
    events,
    gradual,
    hazards,
    interrupt_effects,
    invisibility,
    multi_part_throw,
    ongoing,
    registered,  # noqa: F401  (every rule element registers itself on import)
    sequences,
    story,
    styles,
    super_jump,
    super_only,
    tag_team,
    transformations,
)
from .actions import act, idle, settle_holds, slot
from .attack import miss, resolve
from .coverage import OPTIONS_NOT_IMPLEMENTED, RULES_NOT_IMPLEMENTED
from .effects import heal
from .fighter import F
from .glory import round_end_glory
from .initiative import order_groups, roll_initiative
from .models import (
    Choice,
    CombatFighter,
    DecisionValue,
    DieShift,
    DieTarget,
    Direction,
    FighterState,
    FightState,
    Finding,
    OngoingEffect,
    PendingAccuracy,
    PendingDecision,
    Positioning,
    PositioningMode,
    PreviousTurn,
    Status,
    Stunned,
    TurnRequest,
    TurnResult,
)
from .profile import profile
from .simultaneous import resolve_group
from .state import Ctx, Invalid, Pending, RoundOver, Stop
from .super_energy import tally
from .time import carry_over, time_roll, winner


class Steps:
    """The steps a rule element may start itself (``state.Spine``)."""

    resolve = staticmethod(resolve)
    miss = staticmethod(miss)
    slot = staticmethod(slot)


STEPS = Steps()


def _fighter(cf: CombatFighter, side: str, req: TurnRequest) -> F:
    prof = profile(cf.sheet, req.options)
    s = cf.state
    return F(
        id=cf.id,
        prof=prof,
        side=side,
        life=s.life_bar,
        fs=s.fighting_spirit,
        fs_start=s.fs_start if s.fs_start is not None else max(prof.fs_max, s.fighting_spirit),
        se=s.super_energy,
        defeated=s.defeated,
        knocked_down=s.knocked_down,
        stunned=s.stunned.actions_to_recover if s.stunned else 0,
        times_stunned=s.times_stunned_this_round,
        next_dice=[(d.target.value, d.steps, d.source) for d in s.next_turn_dice],
        no_fs_init=s.no_fs_on_init_ctrl,
        fo_streak=s.full_offense_streak,
        await_count=s.await_opening,
        pending_acc=[(p.amount, p.vs, p.source) for p in s.pending_accuracy],
        scored=list(s.moves_scored_this_round),
        utility_used=list(s.utility_moves_used),
        glory_round=s.glory_this_round,
        combo_streak=s.combo_streak,
        taunt_used=s.taunt_used,
        base_prof=prof,
        cheap_used=list(s.cheap_moves_used),
        beast_form=s.beast_form,
        beast_energy=s.beast_energy,
        long_combo=s.long_combo_used,
        tag_waiting=s.tag_waiting,
    )


def _build(req: TurnRequest, ctx_holder: list[Ctx]) -> Ctx:
    fight = req.fight
    seen: set[str] = set()
    fighters: dict[str, F] = {}
    order: list[str] = []
    bands = dict(fight.positioning.bands)
    ctx = Ctx(
        req=req,
        opts=req.options,
        turn=fight.turn,
        fighters=fighters,
        order=order,
        range=fight.positioning.range,
        bands=bands,
        band_mode=fight.positioning.mode is PositioningMode.band,
        time_count=fight.time_count,
        start_time=fight.time_count,
        first_hit_awarded=bool(fight.first_hit_awarded),
        prev_leader=fight.previous_turn.initiative_leader if fight.previous_turn else None,
        prev_leader_hit=fight.previous_turn.leader_hit if fight.previous_turn else False,
        spine=STEPS,
    )
    ctx_holder.append(ctx)
    for i, cf in enumerate(req.fighters):
        path = f"fighters[{i}]"
        if cf.id in seen:
            ctx.fail("STATE_DUPLICATE_FIGHTER", f"{path}.id", f"Two fighters are called '{cf.id}'.")
        seen.add(cf.id)
        f = _fighter(cf, fight.sides.get(cf.id, cf.id), req)
        f.index = i
        fighters[cf.id] = f
        order.append(cf.id)
        _check_fighter(ctx, f, cf, path)
    for key in req.decisions:
        if key.split(".")[2:3] == ["hitstun_choice"]:  # retired: one encoding for doing nothing (000 L5942)
            ctx.used_decisions.add(key)
            ctx.warn(
                "DECISION_RETIRED",
                f"decisions.{key}",
                f"{key}: `hitstun_choice` is no longer asked; declare `action: none` to do nothing after Hit Stun.",
                key=key,
            )
    _check_keys(ctx)
    if fight.first_hit_awarded is None:  # derived: somebody has already landed a hit (000 L5489)
        ctx.first_hit_awarded = fight.round > 1 or any(f.life < f.prof.life_max for f in fighters.values())
    ongoing.link_all(ctx)
    for fid in fight.sides:
        if fid not in fighters:
            ctx.fail("UNKNOWN_FIGHTER", f"fight.sides.{fid}", f"fight.sides names '{fid}', who is not in the fight.")
    tag_team.load(ctx)  # Tag Team partners waiting on the sidelines (000 L6279)
    _check_positions(ctx)
    hazards.load(ctx)
    _report_unsupported(ctx)
    return ctx


def _key_fits(ctx: Ctx, key: str) -> bool:
    """``T{turn}.{fighter}.{point…}`` of this turn and of a fighter in the fight."""
    parts = key.split(".")
    who = parts[1] in ctx.fighters or parts[1] == "fight" if len(parts) >= 3 else False
    return who and parts[0] == f"T{ctx.turn}" and all(parts[2:])


def _check_keys(ctx: Ctx) -> None:
    """A supplied key that cannot name anything of this turn is a violation naming it (all of them at once), or a
    warning when the request is lenient."""
    bad = [
        ("decisions", "DECISION_KEY_UNKNOWN", "DECISION_NOT_USED", k)
        for k in ctx.req.decisions
        if not _key_fits(ctx, k)
    ]
    bad += [
        ("if_asked", "DECISION_KEY_UNKNOWN", "DECISION_NOT_USED", k) for k in ctx.req.if_asked if not _key_fits(ctx, k)
    ]
    bad += [("rolls", "ROLL_KEY_UNKNOWN", "ROLL_NOT_USED", k) for k in ctx.req.rolls or {} if not _key_fits(ctx, k)]
    _report_keys(ctx, bad, f"is not a key of turn {ctx.turn} (T{ctx.turn}.<fighter>.<point>)")


def _report_keys(ctx: Ctx, bad: list[tuple[str, str, str, str]], why: str) -> None:
    for where, strict, lenient, key in bad:
        if where != "rolls":
            ctx.used_decisions.add(key)
        else:
            ctx.used_rolls.add(key)
        if ctx.req.lenient:
            ctx.warn(lenient, f"{where}.{key}", f"{key} {why}: ignored.", key=key)
            continue
        with contextlib.suppress(Invalid):  # every bad key is named, not only the first
            ctx.fail(strict, f"{where}.{key}", f"{key} {why}.", key=key)
    if ctx.violations:
        raise Invalid(ctx.violations[0].code)


def _check_fighter(ctx: Ctx, f: F, cf: CombatFighter, path: str) -> None:
    p = f.prof
    if p.invalid_pl:
        ctx.fail(
            "SHEET_INVALID_POWER_LEVEL",
            f"{path}.sheet.power_level",
            f"{f.id}: Power Level {cf.sheet.power_level} is outside 1–8.",
        )
    if p.sheet_problems:
        ctx.warn(
            "SHEET_NOT_VALID",
            f"{path}.sheet",
            f"{f.id}: Fighter validation reports "
            + ", ".join(p.sheet_problems[:8])
            + ("…" if len(p.sheet_problems) > 8 else "")
            + ".",
        )
    if f.life > p.life_max:
        ctx.fail(
            "STATE_LIFE_BAR_OUT_OF_RANGE",
            f"{path}.state.life_bar",
            f"{f.id}: Life Bar {f.life} is above the sheet's {p.life_max}.",
        )
    if f.fs > f.fs_start:
        ctx.fail(
            "STATE_FS_OUT_OF_RANGE",
            f"{path}.state.fighting_spirit",
            f"{f.id}: {f.fs} FS is above his starting total {f.fs_start}.",
        )
    if f.se > ctx.opts.super_energy_max:
        ctx.fail(
            "STATE_SUPER_ENERGY_OUT_OF_RANGE",
            f"{path}.state.super_energy",
            f"{f.id}: Super Energy {f.se} is above the maximum {ctx.opts.super_energy_max}.",
        )
    if f.defeated != (f.life == 0):
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            f"{path}.state.defeated",
            f"{f.id}: defeated must go with a Life Bar of 0, and a Life Bar of 0 with defeat.",
        )
    for j, pa in enumerate(cf.state.pending_accuracy):
        if pa.vs is not None and pa.vs not in {c.id for c in ctx.req.fighters}:
            ctx.fail("UNKNOWN_FIGHTER", f"{path}.state.pending_accuracy[{j}].vs", f"No fighter '{pa.vs}'.")
    transformations.start(ctx, f, path)  # Beast Form's raised Basic Qualities before any Buff (000 L5319)
    for j, eff in enumerate(cf.state.ongoing_effects):
        element = elements.for_effect(eff.id)
        if element is None:
            ctx.unsupported_rule(eff.id, f"{path}.state.ongoing_effects[{j}]", RULES_NOT_IMPLEMENTED["ongoing_effects"])
        else:
            element.restore(ctx, f, f"{path}.state.ongoing_effects[{j}]", eff)
    styles.start(ctx, f)
    story.start(ctx, f, cf)


def _check_positions(ctx: Ctx) -> None:
    pos = ctx.req.fight.positioning
    active = [f for f in ctx.fighters.values() if f.active]
    sides = ctx.sides_left()
    if len({f.side for f in ctx.fighters.values()}) < 2:
        ctx.fail("STATE_ONE_SIDE", "fight.sides", "Every fighter is on the same side.")
    if len(sides) < 2 or (ctx.opts.time_limit and ctx.time_count <= 0):
        ctx.fail(
            "ROUND_ALREADY_OVER",
            "fight",
            "The round is already over: start the next round with full Life Bars and a new Time Count.",
        )
    if pos.mode is PositioningMode.grid:
        ctx.unsupported_rule("grid", "fight.positioning.mode", RULES_NOT_IMPLEMENTED["grid"])
        ctx.fail(
            "POSITIONING_MODE_UNSUPPORTED",
            "fight.positioning.mode",
            "The Battle Grid is not resolved yet; use mode `range` (two fighters) or `band`.",
        )
    if pos.mode is PositioningMode.range:
        if len(active) != 2:
            ctx.fail(
                "STATE_POSITIONING_MODE_MISMATCH",
                "fight.positioning.mode",
                f"Mode `range` needs exactly two active fighters; there are {len(active)}.",
            )
        if pos.range is None:
            ctx.fail("STATE_RANGE_OUT_OF_RANGE", "fight.positioning.range", "Mode `range` needs the Range.")
    else:
        for f in ctx.fighters.values():
            if f.id not in ctx.bands and not f.tag_waiting:
                ctx.fail("STATE_RANGE_OUT_OF_RANGE", f"fight.positioning.bands.{f.id}", f"{f.id} has no band.")
        for fid in ctx.bands:
            if fid not in ctx.fighters:
                ctx.fail("UNKNOWN_FIGHTER", f"fight.positioning.bands.{fid}", f"No fighter '{fid}'.")
    leader = ctx.prev_leader
    if leader is not None and leader not in ctx.fighters:
        ctx.fail("UNKNOWN_FIGHTER", "fight.previous_turn.initiative_leader", f"No fighter '{leader}'.")


def _report_unsupported(ctx: Ctx) -> None:
    for opt, reason in OPTIONS_NOT_IMPLEMENTED.items():
        if getattr(ctx.opts, opt):
            ctx.unsupported_rule(opt, f"options.{opt}", f"{reason} is not resolved yet; the option is ignored")


def _holder_window(ctx: Ctx, final: bool = False) -> None:
    """Holders may act before the next place in the order (000 L5513); at the end each is asked in turn and a
    holder who declines forfeits (ruling A26)."""
    holders = sorted(
        (f for f in ctx.fighters.values() if f.holding and not f.acted and f.active), key=lambda f: -f.init
    )
    for h in holders:
        if not h.holding or h.acted:
            continue
        _, d = ctx.decide(
            h.id,
            "interrupt",
            "A.4",
            f"{h.id} is holding: act now, or wait"
            + (" (the turn is ending: waiting forfeits the action)" if final else "")
            + ".",
            DecisionValue(choice=Choice.pass_),
        )
        if d.choice is Choice.act:
            h.holding = False
            h.from_hold = True
            ctx.note("A.4", h.id, f"{h.id} acts from his held Initiative.", "000 L5513")
            act(ctx, h)
        elif final:
            idle(ctx, h, f"{h.id} never acts from his hold: the action is forfeited")  # 000 L5513, L5942
        _check_round(ctx)


def _check_round(ctx: Ctx) -> None:
    tag_team.replace_fallen(ctx)  # a Tag Team side sends in a waiting partner for its defeated fighter
    if len(ctx.sides_left()) <= 1:
        raise RoundOver()


def _run(ctx: Ctx) -> None:

    events.start(ctx)
    super_only.choose_supers(ctx)
    super_jump.super_jump_arrive(ctx)
    try:
        bombs.due(ctx)
        _check_round(ctx)
        invisibility.hinder(ctx)  # opponents engaging an invisible fighter roll smaller dice (000 L3591)
        story.opening(ctx)  # Distracting, Oblivious, Style Weakness, Phobia (000 L1128–L1132, L1461, L1465, L1477)
        roll_initiative(ctx)
        interrupt_effects.glide(ctx)  # an Offensive Illusion's free move, after A.2 (000 L3490)
        groups = order_groups(ctx)
        settle_holds(ctx)
        multi_part_throw.initiative(ctx)  # a Multi-Part Throw victim who wins or ties Initiative (000 L3773)
        for i, group in enumerate(groups):
            tag_team.enter_due(ctx, group[0].init)  # a switched-in partner with a higher Initiative (000 L6283)
            if i:
                _holder_window(ctx)
            if len(group) == 1:
                slot(ctx, group[0])
            else:
                resolve_group(ctx, group)
            _check_round(ctx)
        tag_team.enter_due(ctx, None)
        _holder_window(ctx, final=True)
    except RoundOver:
        ctx.round_over = True
        ctx.note("H", None, "Only one side is left standing: the round ends after this action.", "000 L5380")
    buff_modifiers.drain(ctx)  # Life Bar Drain, before H.1 (000 L3015)
    if not ctx.round_over:
        gradual.end_of_turn(ctx)  # Gradual Effect installments, before H.1 (000 L3390)
    multi_part_throw.end_of_turn(ctx)  # an unused Multi-Part Throw window ends the sequence (000 L3765)
    for fid in ctx.order:
        heal(ctx, ctx.fighters[fid])
    tally(ctx)
    transformations.end_of_turn(ctx)  # Beast Energy and the Beast Form's Life Bar (000 L5311–L5319)
    story.end_of_turn(ctx)  # Bishounen (000 L1267)
    buff_modifiers.fill_gauges(ctx)
    before = ctx.time_count
    if not ctx.round_over:
        time_roll(ctx)
    elapsed = before - ctx.time_count if ctx.opts.time_limit else ongoing.UNTIMED_TURN
    ongoing.tick(ctx, elapsed)
    hazards.tick(ctx, elapsed)
    sequences.tick(ctx)
    gradual.expire(ctx, elapsed)
    carry_over(ctx)


def resolve_turn(request: TurnRequest) -> TurnResult:
    """Resolve one turn; never raises on a model-valid request."""
    holder: list[Ctx] = []
    try:
        ctx = _build(request, holder)
        _run(ctx)
    except Pending as p:
        return _answer(request, holder[0], Status.decision_required, p.pending)
    except Stop:
        return _gathered(request, holder[0])
    except Invalid:
        if holder and holder[0].needed:  # a stand-in result led nowhere: ask for the dice gathered so far
            return _gathered(request, holder[0])
        return _answer(request, holder[0] if holder else None, Status.invalid)
    except Exception as exc:
        ctx0 = holder[0] if holder else None
        if ctx0 is not None and ctx0.needed:
            return _gathered(request, ctx0)
        finding = Finding.model_construct(
            code="INTERNAL_STATE",
            severity=Severity.error,
            key=None,
            path="",
            message=f"The resolver could not continue ({type(exc).__name__}).",
            ref=None,
        )
        if ctx0 is not None:
            ctx0.violations.append(finding)
            return _answer(request, ctx0, Status.invalid)
        return _empty(request, [finding])
    if ctx.needed or ctx.asked:
        return _gathered(request, ctx)
    try:
        return _final(request, ctx)
    except Invalid:
        return _answer(request, ctx, Status.invalid)


def _gathered(req: TurnRequest, ctx: Ctx) -> TurnResult:
    """The dice and decisions gathered in one answer; whatever was seen with stand-in dice is left out."""
    if ctx.marks is not None:
        log, rolls, glory, warnings, violations, evs = ctx.marks
        del ctx.log[log:], ctx.rolls[rolls:], ctx.glory[glory:], ctx.warnings[warnings:], ctx.violations[violations:]
        del ctx.events[evs:]
    if ctx.needed:
        first = ctx.needed[0]
        pending = PendingDecision.model_construct(
            key=first.key,
            fighter=first.fighter,
            point="roll",
            step=first.step,
            text=f"Roll {first.die} for {first.purpose}."
            + (f" ({len(ctx.needed)} dice are needed: see dice_needed.)" if len(ctx.needed) > 1 else ""),
            die=first.die,
            default=None,
            choices=[],
            provisional=False,
        )
    else:
        pending = ctx.asked[0]
    res = _answer(req, ctx, Status.decision_required, pending)
    return res.model_copy(update={"dice_needed": list(ctx.needed), "decisions_needed": list(ctx.asked)})


def _empty(req: TurnRequest, violations: list[Finding]) -> TurnResult:
    return TurnResult.model_construct(
        ruleset=RULESET,
        ruleset_version=VERSION,
        status=Status.invalid,
        violations=violations,
        warnings=[],
        unsupported=[],
        pending_decision=None,
        fight=req.fight,
        fighters=list(req.fighters),
        rolls=[],
        glory=[],
        log=[],
        winner=None,
        events=[],
        dice_needed=[],
        decisions_needed=[],
    )


def _answer(req: TurnRequest, ctx: Ctx | None, status: Status, pending: PendingDecision | None = None) -> TurnResult:
    if ctx is None:
        return _empty(req, [])
    return TurnResult.model_construct(
        ruleset=RULESET,
        ruleset_version=VERSION,
        status=status,
        violations=ctx.violations,
        warnings=ctx.warnings,
        unsupported=ctx.unsupported,
        pending_decision=pending,
        fight=req.fight,
        fighters=list(req.fighters),
        rolls=ctx.rolls,
        glory=ctx.glory,
        log=ctx.log,
        winner=None,
        events=ctx.events,
        dice_needed=[],
        decisions_needed=[pending] if pending is not None and pending.point != "roll" else [],
    )


def _state(f: F, old: FighterState) -> FighterState:
    return FighterState.model_construct(
        life_bar=f.life,
        fighting_spirit=f.fs,
        fs_start=f.fs_start,
        super_energy=f.se,
        defeated=f.defeated,
        knocked_down=f.knocked_down,
        stunned=Stunned.model_construct(actions_to_recover=f.stunned) if f.stunned else None,
        times_stunned_this_round=f.times_stunned,
        next_turn_dice=[
            DieShift.model_construct(target=DieTarget(t), steps=max(min(s, 12), -12), source=src)
            for t, s, src in f.next_dice
        ][:16],
        no_fs_on_init_ctrl=f.no_fs_init,
        full_offense_streak=min(f.fo_streak, 50),
        await_opening=min(f.await_count, 50),
        pending_accuracy=[
            PendingAccuracy.model_construct(amount=min(a, 20), vs=vs, source=src) for a, vs, src in f.pending_acc
        ][:8],
        moves_scored_this_round=f.scored[:120],
        utility_moves_used=f.utility_used[:120],
        glory_this_round=f.glory_round,
        combo_streak=min(f.combo_streak, 200),
        taunt_used=f.taunt_used,
        cheap_moves_used=f.cheap_used[:120],
        beast_form=f.beast_form,
        beast_energy=max(min(f.beast_energy, 20), -20),
        long_combo_used=f.long_combo,
        story_points=f.story,
        tag_waiting=f.tag_waiting,
        ongoing_effects=[
            OngoingEffect.model_construct(
                id=e.id,
                move=e.move,
                time_left=e.time_left,
                since=e.since,
                target=e.target,
                charges=e.charges,
                direction=Direction(e.direction) if e.direction else None,
                band=e.band,
                hazard=e.hazard,
                moved=e.moved,
                entry=e.entry,
            )
            for e in f.ongoing
        ]
        + [e for e in old.ongoing_effects if e.id not in elements.handled_effects()],
    )


def _final(req: TurnRequest, ctx: Ctx) -> TurnResult:
    over, win, why = winner(ctx)
    _report_keys(
        ctx,
        [
            ("decisions", "DECISION_KEY_UNKNOWN", "DECISION_NOT_USED", key)
            for key in sorted(set(req.decisions) - ctx.used_decisions)
        ],
        "was not asked for this turn",
    )
    for key in sorted(set(req.rolls or {}) - ctx.used_rolls):
        ctx.warn("ROLL_NOT_USED", f"rolls.{key}", f"{key} was not needed this turn and was ignored.", key=key)
    if over:
        ctx.note("H.3", None, f"The round is over ({why}): " + (f"{win} wins." if win else "a draw."), "000 L5380")
        events.round_over(ctx, win)
        round_end_glory(ctx)
        events.after_note(ctx, None, {})  # the round's Glory
    leader = ctx.fighters.get(ctx.leader) if ctx.leader else None
    pos = req.fight.positioning
    positioning = Positioning.model_construct(
        mode=pos.mode, range=ctx.range if not ctx.band_mode else pos.range, bands=dict(ctx.bands)
    )
    fight = FightState.model_construct(
        round=req.fight.round,
        turn=min(req.fight.turn + 1, 999),
        time_count=max(ctx.time_count, -100),
        positioning=positioning,
        sides=dict(req.fight.sides),
        previous_turn=PreviousTurn.model_construct(
            initiative_leader=ctx.leader, leader_hit=bool(leader and leader.hit_someone)
        ),
        first_hit_awarded=ctx.first_hit_awarded,
        hazards=hazards.out(ctx),
    )
    fighters = [cf.model_copy(update={"state": _state(ctx.fighters[cf.id], cf.state)}) for cf in req.fighters]
    return TurnResult.model_construct(
        ruleset=RULESET,
        ruleset_version=VERSION,
        status=Status.round_over if over else Status.resolved,
        violations=[],
        warnings=ctx.warnings,
        unsupported=ctx.unsupported,
        pending_decision=None,
        fight=fight,
        fighters=fighters,
        rolls=ctx.rolls,
        glory=ctx.glory,
        log=ctx.log,
        winner=win,
        events=ctx.events,
        dice_needed=[],
        decisions_needed=[],
    )
