"""``resolve_turn``: one turn of the book's flow chart, A to H (000 L5384–L5448), for the whole fight as sent.

Pure: no I/O, the same request gives the same answer byte for byte (seeded dice are derived from the seed and
each roll's key), and a model-valid request never raises: broken rules and impossible states come back as
violations, a missing decision or die as ``decision_required`` with the request's own state.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.findings import Severity
from ...core.protocol.models import StepStatus
from ...core.protocol.steps import Refusal, set_aside
from .contract.models import Choice, DecisionValue, Finding, Subsystem, TurnRequest, TurnResult
from .dramatic import (
    thugs as dramatic_thugs,
)
from .dramatic import (
    turn as dramatic_turn,
)
from .elements import (
    ongoing,
    tag_team,
)
from .elements.effects import heal
from .elements.super_energy import tally
from .protocol import (
    events,
)
from .protocol.keys import Scope
from .protocol.names import Point
from .registry import (
    elements,
    registered,  # noqa: F401  (every rule element registers itself on import)
)
from .state.turn import Decider, Invalid, RoundOver, Stop, Turn
from .thug_thrashing import (
    turn as thug_turn,
)
from .turn.a_initiative import order_groups, roll_initiative
from .turn.a_simultaneous import resolve_group
from .turn.answer import answer_of, empty, final_answer, gathered_answer
from .turn.b_actions import act, slot
from .turn.b_holds import settle_holds
from .turn.c_other_actions import idle
from .turn.h_time import carry_over, time_roll
from .turn.setup import build


def _holder_window(ctx: Turn, before: str | None = None) -> None:
    """Holders may act before the next place in the order (000 L5513); at the end each is asked in turn and a
    holder who declines forfeits (ruling A26). The window's key names whose place comes next, or ``:end``."""
    final = before is None
    holders = sorted(
        (f for f in ctx.fighters.values() if f.holding and not f.acted and f.active), key=lambda f: -f.init
    )
    for h in holders:
        if not h.holding or h.acted:
            continue
        with ctx.scoped(Scope(None, before, "end" if final else "")):
            _, d = ctx.decide(
                h.id,
                Point.interrupt,
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


def _check_round(ctx: Turn) -> None:
    tag_team.replace_fallen(ctx)  # a Tag Team side sends in a waiting partner for its defeated fighter
    if len(ctx.sides_left()) <= 1:
        raise RoundOver()


def _run(ctx: Turn) -> None:

    events.start(ctx)
    elements.run("turn_start", ctx)
    try:
        elements.run("before_initiative", ctx)
        _check_round(ctx)
        elements.run("initiative_dice", ctx)
        roll_initiative(ctx)
        elements.run("after_initiative_roll", ctx)
        groups = order_groups(ctx)
        settle_holds(ctx)
        elements.run("after_order", ctx)
        for i, group in enumerate(groups):
            tag_team.enter_due(ctx, group[0].init)  # a switched-in partner with a higher Initiative (000 L6283)
            if i:
                _holder_window(ctx, group[0].id)
            if len(group) == 1:
                slot(ctx, group[0])
            else:
                resolve_group(ctx, group)
            _check_round(ctx)
        tag_team.enter_due(ctx, None)
        _holder_window(ctx)
    except RoundOver:
        ctx.round_over = True
        ctx.note("H", None, "Only one side is left standing: the round ends after this action.", "000 L5380")
    elements.run("before_healing", ctx)
    for fid in ctx.order:
        heal(ctx, ctx.fighters[fid])
    tally(ctx)
    elements.run("after_healing", ctx)
    before = ctx.time_count
    if not ctx.round_over:
        time_roll(ctx)
    elapsed = before - ctx.time_count if ctx.opts.time_limit else ongoing.UNTIMED_TURN
    elements.run_after_time_roll(ctx, elapsed)
    carry_over(ctx)


def _system(ctx: Turn) -> Callable[[Turn], None]:
    """The turn's flow for the combat system the options name (000 L6493–L7445)."""
    if ctx.opts.subsystem is Subsystem.dramatic:
        return dramatic_turn.run
    if ctx.opts.subsystem is Subsystem.dramatic_thug_thrashing:
        return dramatic_thugs.run
    return thug_turn.run if ctx.opts.subsystem is Subsystem.thug_thrashing else _run  # others: turn_setup refuses


MAX_SET_ASIDE = 20  # answers given ahead set aside in one request at most (each costs a pass of the turn)


def resolve_turn(request: TurnRequest, decider: Decider | None = None, *, quiet: bool = False) -> TurnResult:
    """Resolve one turn; never raises on a model-valid request. ``decider`` (in-process callers) answers the
    decisions the turn would otherwise end with, as if they had been sent in ``request.decisions``; ``quiet`` leaves
    the text out of the log's steps and the decisions asked (everything else is the same answer).

    An answer given ahead in ``if_asked`` that the rules refuse once the turn reaches it (the real dice or an
    earlier answer changed what is legal) is set aside as the core protocol does: the point takes its default, else
    its first choice as it stands, with a DECISION_NOT_USED warning naming the refusal."""
    answer = _resolve(request, decider, quiet)
    warnings: list[Finding] = []
    for _ in range(MAX_SET_ASIDE):
        stale = _stale(request, answer)
        if stale is None or stale.key is None:
            break
        key = stale.key
        without = {k: v for k, v in request.if_asked.items() if k != key}
        probe = _resolve(request.model_copy(update={"if_asked": without}), decider, quiet)
        asked = next((d for d in probe.decisions_needed if d.key == key and not d.provisional), None)
        taken = None if asked is None else asked.default if asked.default is not None else asked.choices[0].value
        if taken is not None:
            without[key] = DecisionValue.model_validate(taken)
        request = request.model_copy(update={"if_asked": without})
        answer = probe if taken is None else _resolve(request, decider, quiet)
        warnings.append(set_aside(key, Refusal(stale.code, stale.message, stale.ref), taken))
    if not warnings:
        return answer
    return answer.model_copy(update={"warnings": [*answer.warnings, *warnings]})


def _stale(request: TurnRequest, answer: TurnResult) -> Finding | None:
    """The first violation of a refused turn that is about an answer given ahead (in ``if_asked`` only)."""
    if answer.status is not StepStatus.invalid:
        return None
    return next(
        (v for v in answer.violations if v.key and v.key in request.if_asked and v.key not in request.decisions),
        None,
    )


def _resolve(request: TurnRequest, decider: Decider | None, quiet: bool) -> TurnResult:
    holder: list[Turn] = []
    try:
        ctx = build(request, holder, decider, quiet)
        _system(ctx)(ctx)
    except Stop:
        return gathered_answer(request, holder[0])
    except Invalid:
        if holder and holder[0].needed:  # a stand-in result led nowhere: ask for the dice gathered so far
            return gathered_answer(request, holder[0])
        return answer_of(request, holder[0] if holder else None, StepStatus.invalid)
    except Exception as exc:
        ctx0 = holder[0] if holder else None
        if ctx0 is not None and ctx0.needed:
            return gathered_answer(request, ctx0)
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
            return answer_of(request, ctx0, StepStatus.invalid)
        return empty(request, [finding])
    if ctx.needed or ctx.asked:
        return gathered_answer(request, ctx)
    try:
        return final_answer(request, ctx)
    except Invalid:
        return answer_of(request, ctx, StepStatus.invalid)
