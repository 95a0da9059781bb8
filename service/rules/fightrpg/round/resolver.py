"""The resolve-a-round operation: the four phases in order (002 L82–L100), replayed from the request each time,
in the core turn protocol: where a die or a decision is missing the round halts, and the look-ahead names every die
and decision it can see from there (``core.protocol.steps.look_ahead``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ...core.dice import DieOutOfRange, DiePending, KeyedDice, TooManyDice
from ...core.findings import Finding, Severity, map_key
from ...core.protocol.keys import KeyBook, KeyParts, parse
from ...core.protocol.models import DecisionNeeded, DieNeeded, StepStatus
from ...core.protocol.steps import DecisionPending, Decisions, look_ahead, unused_keys
from ..base import BUILT
from ..codes import finding
from ..identity import RULESET, VERSION
from ..sheet.validation import defeated, may_take_injuries, sheet_findings
from ..tokens.menu import RpgResponseKind
from .actions import take_turn
from .damage import gain, hurt, settle
from .models import RpgDecision, RpgEventKind, RpgPhase, RpgPoint, RpgRoundRequest, RpgRoundResult
from .order import order_phase
from .pool import allocate_pools, roll_pools
from .state import Combatant, Pending, Refused, RoundState

DICE_POINTS = frozenset({"pool", "rolloff"})
DECISION_POINTS = frozenset(p.value for p in RpgPoint)


def _player_strength(request: RpgRoundRequest) -> int | None:
    if request.player_strength is not None:
        return request.player_strength
    players = [f.strength for f in request.fighters if f.player]
    return max(players) if players else None  # no player-fighter: no one else may take injuries (our ruling)


def _request_findings(request: RpgRoundRequest, state: RoundState) -> list[Finding]:
    out: list[Finding] = request.pack_findings()
    ids = Counter(f.id for f in request.fighters)
    for i, f in enumerate(request.fighters):
        if ids[f.id] > 1:
            out.append(finding("FIGHTER_DUPLICATE", f"fighters[{i}].id", f"{f.id!r} appears {ids[f.id]} times."))
        out += [
            x
            for x in sheet_findings(f, state.pack, f"fighters[{i}]", _player_strength(request))
            if x.severity is Severity.error
        ]
    for name in request.policies:
        if name not in ids:
            out.append(finding("POLICY_UNKNOWN_FIGHTER", f"policies{map_key(name)}", f"No fighter {name!r}."))
    return out


def _state(request: RpgRoundRequest, dice: KeyedDice, decisions: Decisions) -> RoundState:
    pack = request.data_pack()
    strongest = _player_strength(request)
    fighters = {
        f.id: Combatant(
            sheet=f,
            side=f.side or f.id,
            damage=f.damage,
            power_points=f.power_points,
            injuries=dict(f.injuries),
            statuses=list(f.statuses),
            injury_eligible=bool(may_take_injuries(f, strongest)),
            defeated=defeated(f),
        )
        for f in request.fighters
    }
    book = KeyBook("R", request.round, one_opponent=len(fighters) == 2)
    state = RoundState(request=request, pack=pack, dice=dice, decisions=decisions, fighters=fighters, book=book)
    state.out = [c.id for c in fighters.values() if c.defeated]
    return state


def _action_phase(state: RoundState) -> None:
    """002 L96: turns in order, pass after pass, until everyone is out of tokens or has passed."""
    for pass_no in range(1, state.request.max_passes + 1):
        if state.sides_standing() < 2:
            return
        if all(c.passed for c in state.standing()):
            state.ran_out = True
            return
        state.passes = pass_no
        acted: set[str] = set()
        while state.sides_standing() >= 2:
            turn = next((c for c in state.standing() if c.id not in acted and not c.passed), None)
            if turn is None:
                break
            acted.add(turn.id)
            take_turn(state, turn, pass_no)
    if state.sides_standing() >= 2 and all(c.passed for c in state.standing()):
        state.ran_out = True
    elif state.sides_standing() >= 2:
        state.warnings.append(
            finding("PASS_LIMIT_REACHED", "max_passes", f"Stopped after {state.request.max_passes} passes.")
        )


def _status_phase(state: RoundState) -> None:
    """002 L100: each status acts, then loses one from its duration; at 0 it ends."""
    for c in state.standing():
        kept = []
        for s in c.statuses:
            state.say(RpgPhase.status, c.id, f"{c.id}'s {s.id} takes effect.", "002 L100")
            state.event(RpgEventKind.status_effect, c.id, figures={"duration": s.duration})
            hurt(state, c, s.damage, RpgPhase.status, s.id, "002 L100")
            gain(state, c, s.power_points, RpgPhase.status, s.id, "002 L100")
            if s.duration > 1:
                kept.append(s.model_copy(update={"duration": s.duration - 1}))
            else:
                state.say(RpgPhase.status, c.id, f"{c.id}'s {s.id} ends.", "002 L100")
                state.event(RpgEventKind.status_ended, c.id)
        c.statuses = kept
    settle(state, state.standing(), RpgPhase.status)


def _play(state: RoundState) -> None:
    if state.sides_standing() < 2:
        state.say(RpgPhase.end, None, "Fewer than two sides are standing: the fight is over.", "002 L9")
        return
    roll_pools(state)
    allocate_pools(state)
    order_phase(state)
    _action_phase(state)
    _status_phase(state)
    state.say(RpgPhase.end, None, "The round ends; unspent tokens are lost (our ruling).", "002 L96")


def _misaddressed(state: RoundState) -> list[Finding]:
    """A response no action asked for, once the Action Phase has run to its end with its fighter standing: only an
    action's target responds (002 L64, L96), so it answers nothing and is refused, never dropped."""
    out = []
    for key, value in state.request.decisions.items():
        parts = parse(key)
        if key in state.decisions.used or parts is None or parts.point != RpgPoint.response:
            continue
        c = state.fighters.get(parts.fighter)
        if c is None or not c.standing or parts.n != state.round:
            continue
        if value.response not in (None, RpgResponseKind.none):
            text = f"No action aimed at {c.id} in this round answers to this key; only an action's target responds."
            out.append(finding("RESPONSE_INVALID", f"decisions{map_key(key)}", text, key=key))
    return out


def _leftovers(state: RoundState) -> tuple[list[Finding], list[Finding]]:
    """Keys the resolved round never read (core strict keys; lenient: warnings), misaddressed responses first."""
    request = state.request
    violations = _misaddressed(state) if state.ran_out else []
    used = state.decisions.used | {f.key for f in violations if f.key}
    ids = set(state.fighters)

    def fits(points: frozenset[str]) -> Callable[[KeyParts], bool]:
        return lambda p: p.letter == "R" and p.n == request.round and p.fighter in ids and p.point in points

    out = unused_keys(request.model_copy(update={"rolls": {}}), used, (), fits(DECISION_POINTS))
    rolls = unused_keys(request.model_copy(update={"decisions": {}}), (), state.dice.used, fits(DICE_POINTS))
    return violations + out[0] + rolls[0], out[1] + rolls[1]


Decider = Callable[[Pending], RpgDecision | None]


def _rerun(request: RpgRoundRequest) -> Callable[[KeyedDice, Decisions], object]:
    return lambda dice, decisions: _play(_state(request, dice, decisions))


def resolve_round(request: RpgRoundRequest, decider: Decider | None = None) -> RpgRoundResult:
    """The round; ``decider`` (in-process callers only) answers each decision no named policy takes, where it is met,
    as a step-mode caller would answer the same ``decisions_needed`` entry."""
    dice = KeyedDice(seed=request.seed, supplied=request.rolls)
    state = _state(request, dice, Decisions.of(request, decider=decider))
    violations = _request_findings(request, state)
    status, needed_dice, needed = StepStatus.resolved, list[DieNeeded](), list[DecisionNeeded]()
    if violations:
        status = StepStatus.invalid
    else:
        try:
            _play(state)
        except (DiePending, DecisionPending):
            ahead = look_ahead(request, _rerun(request), stops=(Refused, DieOutOfRange))
            status, needed_dice, needed = StepStatus.decision_required, ahead.dice, ahead.decisions
        except Refused as refused:
            status, violations, needed = StepStatus.invalid, [refused.refused.finding()], [refused.needed]
        except DieOutOfRange as bad:
            status = StepStatus.invalid
            violations = [finding("ROLL_INVALID", f"rolls{map_key(bad.key)}", str(bad), key=bad.key)]
        except TooManyDice as many:  # unreachable within the request's bounds; kept as a refusal, never a 5xx
            status, violations = StepStatus.invalid, [finding("DECISION_INVALID", "", str(many))]
        else:
            violations, unused = _leftovers(state)
            state.warnings += unused
            if violations:
                status = StepStatus.invalid
            elif state.sides_standing() < 2:
                status = StepStatus.over
    return _answer(state, status, violations, needed_dice, needed)


def _answer(
    state: RoundState,
    status: StepStatus,
    violations: list[Finding],
    needed_dice: list[DieNeeded],
    needed: list[DecisionNeeded],
) -> RpgRoundResult:
    over = status is StepStatus.over
    answer = {
        "ruleset": RULESET,
        "ruleset_version": VERSION,
        "status": status,
        "violations": violations,
        "warnings": state.warnings + state.decisions.warnings,
        "unsupported": [],
        "decisions_needed": needed,
        "dice_needed": needed_dice,
        "rolls": [
            {"key": r.key, "die": f"1d{r.sides}", "result": r.face, "purpose": r.purpose, "source": r.source}
            for r in state.dice.rolls
        ],
        "over": over,
        "winner": next((c.side for c in state.fighters.values() if c.standing), None) if over else None,
        "out": state.out,
        "round": state.round,
        "order": state.order,
        "passes": state.passes,
        "fighters": [c.fighter() for c in state.fighters.values()],
        "pools": [
            {
                "fighter": c.id,
                "dice": c.dice,
                "total": sum(c.dice),
                "allocation": c.allocation,
                "tokens_left": c.tokens,  # keyed by members, which are the field names
            }
            for c in state.fighters.values()
            if c.dice
        ],
        "log": state.log,
        "events": state.events,
    }
    return RpgRoundResult.model_validate(answer, context=BUILT)
