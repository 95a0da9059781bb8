"""The resolve-a-round operation: the four phases in order (002 L82–L100), replayed from the request each time,
stopping where a die or a decision is missing (step mode)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ...core.dice import DieOutOfRange, KeyedDice, TooManyDice
from ...core.findings import Finding, Severity, map_key
from ..base import BUILT
from ..codes import finding
from ..identity import RULESET, VERSION
from ..round_models import (
    RpgDecision,
    RpgEventKind,
    RpgPendingDecision,
    RpgPhase,
    RpgRoundRequest,
    RpgRoundResult,
    RpgRoundStatus,
)
from ..sheet import defeated, may_take_injuries, sheet_findings
from .actions import take_turn
from .damage import gain, hurt, settle
from .order import order_phase
from .pool import allocate_pools, roll_pools
from .state import Combatant, Need, Refused, RoundState


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


def _state(request: RpgRoundRequest, decider: Decider | None = None) -> RoundState:
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
    dice = KeyedDice(seed=request.seed, supplied=request.rolls)
    return RoundState(request=request, pack=pack, dice=dice, fighters=fighters, decider=decider)


def _action_phase(state: RoundState) -> None:
    """002 L96: turns in order, pass after pass, until everyone is out of tokens or has passed."""
    for pass_no in range(1, state.request.max_passes + 1):
        if all(c.passed for c in state.standing()) or state.sides_standing() < 2:
            return
        state.passes = pass_no
        acted: set[str] = set()
        while state.sides_standing() >= 2:
            turn = next((c for c in state.standing() if c.id not in acted and not c.passed), None)
            if turn is None:
                break
            acted.add(turn.id)
            take_turn(state, turn, pass_no)
    if state.sides_standing() >= 2 and not all(c.passed for c in state.standing()):
        state.warnings.append(
            finding("PASS_LIMIT_REACHED", "max_passes", f"Stopped after {state.request.max_passes} passes.")
        )


def _status_phase(state: RoundState) -> None:
    """002 L100: each status acts, then loses one from its duration; at 0 it ends."""
    for c in state.standing():
        kept = []
        for s in c.statuses:
            state.say(RpgPhase.status, c.id, f"{c.id}'s {s.id} takes effect.", "002 L100")
            state.event(RpgEventKind.status_effect, c.id)
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


def _leftovers(state: RoundState) -> list[Finding]:
    out = [
        finding("DECISION_NOT_USED", f"decisions{map_key(k)}", "Never asked for in this round.", key=k)
        for k in state.request.decisions
        if k not in state.asked
    ]
    out += [
        finding("ROLL_NOT_USED", f"rolls{map_key(k)}", "Never rolled in this round.", key=k)
        for k in state.dice.unused()
    ]
    return out


Decider = Callable[[RpgPendingDecision], RpgDecision | None]


def resolve_round(request: RpgRoundRequest, decider: Decider | None = None) -> RpgRoundResult:
    """The round; ``decider`` (in-process callers only) answers each decision no named policy takes, where it is met,
    as a step-mode caller would answer the same ``decisions_needed`` entry."""
    state = _state(request, decider)
    violations = _request_findings(request, state)
    status, needed_dice, needed = RpgRoundStatus.complete, [], []
    if violations:
        status = RpgRoundStatus.invalid
    else:
        try:
            _play(state)
            state.warnings += _leftovers(state)
        except Need as need:
            status, needed_dice, needed = RpgRoundStatus.decision_required, need.dice, need.decisions
        except Refused as refused:
            status, violations = RpgRoundStatus.invalid, refused.findings
            needed = [refused.pending] if refused.pending else []
        except DieOutOfRange as bad:
            status = RpgRoundStatus.invalid
            violations = [finding("ROLL_OUT_OF_RANGE", f"rolls{map_key(bad.key)}", str(bad), key=bad.key)]
        except TooManyDice as many:  # unreachable within the request's bounds; kept as a refusal, never a 5xx
            status, violations = RpgRoundStatus.invalid, [finding("DECISION_INVALID", "", str(many))]
    answer = {
        "ruleset": RULESET,
        "ruleset_version": VERSION,
        "status": status,
        "violations": violations,
        "warnings": state.warnings,
        "unsupported": [],
        "round": request.round,
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
        "rolls": [
            {"key": r.key, "die": f"1d{r.sides}", "result": r.face, "purpose": r.purpose, "source": r.source}
            for r in state.dice.rolls
        ],
        "dice_needed": needed_dice,
        "decisions_needed": needed,
        "log": state.log,
        "events": state.events,
        "defeated": [c.id for c in state.fighters.values() if c.defeated],
        "fight_over": state.sides_standing() < 2,
        "winning_side": next((c.side for c in state.fighters.values() if c.standing), None)
        if state.sides_standing() == 1
        else None,
    }
    return RpgRoundResult.model_validate(answer, context=BUILT)
