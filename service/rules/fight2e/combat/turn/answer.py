"""The answer to a turn: the fight and every fighter's state after it, or the request's own state with the decisions
and dice still needed, or the violations (000 L5380, L5448)."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from ....core.construct import built
from ....core.protocol.models import StepStatus
from ...identity import RULESET, VERSION
from ..contract.models import (
    AccuracySource,
    CombatFighter,
    DieShift,
    DieShiftSource,
    DieTarget,
    Direction,
    EventKind,
    FighterState,
    FightState,
    Finding,
    GridSquare,
    OngoingEffect,
    OngoingEffectId,
    PendingAccuracy,
    Positioning,
    PreviousTurn,
    Stunned,
    TurnRequest,
    TurnResult,
)
from ..protocol import events
from ..protocol.choices import offered
from ..registry.features import HAZARDS_OUT, ROUND_END_GLORY
from ..state.combatant import Combatant
from ..state.turn import Turn
from .h_time import winner
from .setup import report_keys


def gathered_answer(req: TurnRequest, ctx: Turn) -> TurnResult:
    """The dice and decisions gathered in one answer; whatever was seen with stand-in dice is left out."""
    if ctx.marks is not None:
        log, rolls, glory, warnings, violations, evs = ctx.marks
        del ctx.log[log:], ctx.rolls[rolls:], ctx.glory[glory:], ctx.warnings[warnings:], ctx.violations[violations:]
        del ctx.events[evs:]
    res = answer_of(req, ctx, StepStatus.decision_required)
    return res.model_copy(update={"dice_needed": list(ctx.needed), "decisions_needed": [offered(a) for a in ctx.asked]})


def _result(
    status: StepStatus,
    fight: FightState,
    fighters: list[CombatFighter],
    ctx: Turn | None,
    violations: list[Finding],
    winner: str | None = None,
) -> TurnResult:
    """The answer, every field given: what the turn gathered in ``ctx`` (nothing without one)."""
    if ctx is None:
        warnings, unsupported, rolls, glory, log, events = [], [], [], [], [], []
    else:
        warnings, unsupported, rolls, glory, log, events = (
            ctx.warnings,
            ctx.unsupported,
            ctx.rolls,
            ctx.glory,
            ctx.log,
            ctx.events,
        )
    return built(
        TurnResult,
        dict(
            ruleset=RULESET,
            ruleset_version=VERSION,
            status=status,
            violations=violations,
            warnings=warnings,
            unsupported=unsupported,
            decisions_needed=[],
            dice_needed=[],
            rolls=rolls,
            over=status is StepStatus.over,
            winner=winner,
            out=_out(fighters, ctx) if status in (StepStatus.resolved, StepStatus.over) else [],
            fight=fight,
            fighters=fighters,
            glory=glory,
            log=log,
            events=events,
        ),
    )


def _out(fighters: list[CombatFighter], ctx: Turn | None) -> list[str]:
    """Who is out of the round, in the order they went out: those defeated in this turn's events after those who
    came in defeated (in the request's order); a Thug group with no member left counts as out."""
    before = [
        cf.id
        for cf in fighters
        if cf.state.defeated
        and (ctx is None or not any(e.kind is EventKind.defeated and e.fighter == cf.id for e in ctx.events))
    ]
    now = [e.fighter for e in (ctx.events if ctx is not None else []) if e.kind is EventKind.defeated and e.fighter]
    out = before + [f for i, f in enumerate(now) if f not in now[:i] and f not in before]
    if ctx is not None and ctx.thug_state is not None:
        out += [g.id for g in ctx.thug_state if g.members == 0 and g.id not in out]
    return out[:100]


def empty(req: TurnRequest, violations: list[Finding]) -> TurnResult:
    return _result(StepStatus.invalid, req.fight, list(req.fighters), None, violations)


def answer_of(req: TurnRequest, ctx: Turn | None, status: StepStatus) -> TurnResult:
    if ctx is None:
        return empty(req, [])
    return _result(status, req.fight, list(req.fighters), ctx, ctx.violations)


_E = TypeVar("_E", bound=StrEnum)


def _of(kind: type[_E], source: str) -> _E | None:
    """A source as the answer states it (every source the rules lay is a member: test_combat_state_sources)."""
    return kind(source) if source in kind.__members__ else None


def _state(f: Combatant, old: FighterState) -> FighterState:
    return built(
        FighterState,
        dict(
            life_bar=f.life,
            fighting_spirit=f.fs,
            fs_start=f.fs_start,
            super_energy=f.se,
            defeated=f.defeated,
            knocked_down=f.knocked_down,
            stunned=Stunned.model_construct(actions_to_recover=f.stunned) if f.stunned else None,
            times_stunned_this_round=f.times_stunned,
            next_turn_dice=[
                DieShift.model_construct(
                    target=DieTarget(t), steps=max(min(s, 12), -12), source=_of(DieShiftSource, src)
                )
                for t, s, src in f.next_dice
            ][:16],
            no_fs_on_init_ctrl=f.no_fs_init,
            full_offense_streak=min(f.fo_streak, 50),
            await_opening=min(f.await_count, 50),
            pending_accuracy=[
                PendingAccuracy.model_construct(amount=min(a, 20), vs=vs, source=_of(AccuracySource, src))
                for a, vs, src in f.pending_acc
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
            dramatic=f.dramatic,
            ongoing_effects=[
                OngoingEffect.model_construct(
                    id=OngoingEffectId(e.id),
                    move=e.move,
                    time_left=e.time_left,
                    since=e.since,
                    target=e.target,
                    charges=e.charges,
                    direction=Direction(e.direction) if e.direction else None,
                    band=e.band,
                    square=built(GridSquare, dict(col=e.square[0], row=e.square[1])) if e.square else None,
                    hazard=e.hazard,
                    moved=e.moved,
                    entry=e.entry,
                )
                for e in f.ongoing
            ],
        ),
    )


def final_answer(req: TurnRequest, ctx: Turn) -> TurnResult:
    over, win, why = winner(ctx)
    report_keys(
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
        if ctx.thug_state is None:  # Thug fights keep raw Glory, divided at the end of the combat (000 L6547)
            ROUND_END_GLORY.fn(ctx)
        events.after_note(ctx, None, {})  # the round's Glory
    leader = ctx.fighters.get(ctx.leader) if ctx.leader else None
    pos = req.fight.positioning
    positioning = built(
        Positioning,
        dict(
            mode=pos.mode,
            range=ctx.range if not (ctx.band_mode or ctx.grid_mode) else pos.range,
            bands=dict(ctx.bands),
            squares={fid: built(GridSquare, dict(col=sq[0], row=sq[1])) for fid, sq in ctx.squares.items() if sq},
            off_grid=[fid for fid, sq in ctx.squares.items() if sq is None],
        ),
    )
    fight = built(
        FightState,
        dict(
            round=req.fight.round,
            turn=min(req.fight.turn + 1, 999),
            time_count=max(ctx.time_count, -100),
            positioning=positioning,
            sides=dict(req.fight.sides),
            previous_turn=built(
                PreviousTurn, dict(initiative_leader=ctx.leader, leader_hit=bool(leader and leader.hit_someone))
            ),
            first_hit_awarded=ctx.first_hit_awarded,
            hazards=HAZARDS_OUT.fn(ctx),
            thugs=ctx.thug_state if ctx.thug_state is not None else list(req.fight.thugs),
        ),
    )
    # the same fighter with his new state (his sheet the same object: its dump, kept by identity, is not redone)
    fighters = [
        built(CombatFighter, {**cf.__dict__, "state": _state(ctx.fighters[cf.id], cf.state)}) for cf in req.fighters
    ]
    return _result(StepStatus.over if over else StepStatus.resolved, fight, fighters, ctx, [], winner=win)
