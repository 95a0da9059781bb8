"""One simulated fight: the public turn resolver, asked turn after turn, with each side's policy answering every
decision it asks for (docs/turn-protocol.md), and what happened counted from the answers' typed events.

``play`` resolves each turn in one call, the policies answering the resolver's decisions as it meets them, and hands
the answers' state objects straight to the next turn; ``play(..., protocol=True)`` plays each turn the way a client
of the REST endpoint does: the request sent as JSON, answered with the decisions it asks for and sent again until
the turn is over, the next state read back from the answer's JSON. Both must give the same fight
(tests/unit/fight2e/test_simulation.py checks it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.findings import Finding, Severity
from ...core.protocol.models import StepStatus
from ...core.simulation import FightRecord, SideRecord
from ..combat.contract.models import (
    Asked,
    CombatFighter,
    DecisionValue,
    EventKind,
    FighterState,
    FightState,
    Positioning,
    TurnRequest,
    TurnResult,
)
from ..combat.resolver import resolve_turn
from ..fighters.fighter_models import Fighter
from .estimates import SheetFigures, sheet_figures
from .models import SimulationRequest
from .policies import View, choose, typed

MAX_STATE = 5000  # FighterState's bound on Life Bar and Fighting Spirit
SEED_SPAN = 2**53  # the turn request's seed bound (the core's): a fight's seed is taken modulo it
MAX_ASKS = 40  # answers to the resolver within one turn before the fight is given up as aborted


@dataclass(frozen=True)
class Matchup:
    """What every fight of a run shares: the request and each side's figures, read once."""

    request: SimulationRequest
    names: tuple[str, str]
    figures: tuple[SheetFigures, SheetFigures]
    supers: tuple[frozenset[str], frozenset[str]]

    def side_of(self, fighter: str | None) -> int | None:
        return self.names.index(fighter) if fighter in self.names else None


def side_names(request: SimulationRequest) -> tuple[str, str]:
    """The sides' fighter ids: the second gets ``-2`` when both are named alike (ids are at most 40 characters)."""
    a, b = request.sides[0].name, request.sides[1].name
    return a, (b if b != a else f"{b[:38]}-2")


def matchup(request: SimulationRequest) -> Matchup:
    a, b = request.sides
    return Matchup(
        request=request,
        names=side_names(request),
        figures=(sheet_figures(a.fighter), sheet_figures(b.fighter)),
        supers=(_supers(a.fighter), _supers(b.fighter)),
    )


def _supers(sheet: Fighter) -> frozenset[str]:
    return frozenset(m.id for m in sheet.moves if m.id and str(m.kind) == "super")


def _start(m: Matchup) -> tuple[FightState, list[CombatFighter]]:
    opts = m.request.options
    fight = FightState(time_count=opts.time_start, positioning=Positioning(range=m.request.range))
    fighters = [
        CombatFighter(
            id=name,
            sheet=side.fighter,
            state=FighterState(life_bar=_bounded(fig.life_bar), fighting_spirit=_bounded(fig.fighting_spirit)),
        )
        for name, side, fig in zip(m.names, m.request.sides, m.figures, strict=True)
    ]
    return fight, fighters


def _bounded(value: int) -> int:
    """A sheet's figure within what a fighter's state holds (a broken sheet's is reported by the resolver)."""
    return max(0, min(MAX_STATE, value))


Resolve = Callable[[TurnRequest], TurnResult]


def _via_json(request: TurnRequest) -> TurnResult:
    """The turn as a client of the REST endpoint sees it: JSON in, JSON out."""
    answer = resolve_turn(TurnRequest.model_validate_json(request.model_dump_json()))
    return TurnResult.model_validate_json(answer.model_dump_json())


def play(m: Matchup, seed: int, *, protocol: bool = False) -> FightRecord:
    seed %= SEED_SPAN
    fight, fighters = _start(m)
    record = FightRecord(winner=None, turns=0, sides=(SideRecord(), SideRecord()))
    seen: set[tuple[str, str]] = set()
    for turn in range(1, m.request.turn_limit + 1):
        result = _turn(m, _via_json, fight, fighters, seed) if protocol else _turn_direct(m, fight, fighters, seed)
        for u in result.unsupported:
            if (u.id, u.path) not in seen:
                seen.add((u.id, u.path))
                record.unsupported.append(u)
        for w in result.warnings:
            if ("warning", w.code) not in seen:
                seen.add(("warning", w.code))
                record.warnings.append(w)
        if result.status in (StepStatus.invalid, StepStatus.decision_required):
            record.aborted, record.turns = True, turn
            record.violations.extend(result.violations)
            record.violations.extend(_unanswered(result, seen))
            return record
        _count(m, result, record)
        record.turns = turn
        if result.status is StepStatus.over:
            record.winner = m.side_of(result.winner)
            return record
        fight, fighters = result.fight, result.fighters
    record.timed_out = True
    return record


def _turn_direct(m: Matchup, fight: FightState, fighters: list[CombatFighter], seed: int) -> TurnResult:
    """The turn in one resolver call, each side's policy answering the decisions where the resolver meets them
    (the same values ``_turn`` would send back). A turn that does not end that way (a refused decision, a decision
    of nobody's side) is played again the protocol's way, so that both give the same fight."""
    fs = {f.id: f.state.fighting_spirit for f in fighters}

    def decider(d: Asked) -> DecisionValue | None:
        side = m.side_of(d.fighter)
        if side is None:
            return None
        view = View(m.figures[side], m.figures[1 - side], fs.get(d.fighter, 0))
        return choose(m.request.sides[side].policy, d, view, ())

    request = TurnRequest(options=m.request.options, fight=fight, fighters=fighters, seed=seed)
    result = resolve_turn(request, decider, quiet=True)  # the log's text is never read here
    if result.status in (StepStatus.invalid, StepStatus.decision_required):
        return _turn(m, resolve_turn, fight, fighters, seed)
    return result


def _turn(m: Matchup, resolve: Resolve, fight: FightState, fighters: list[CombatFighter], seed: int) -> TurnResult:
    """Asks the resolver until the turn is over; a decision it refuses is struck off and asked again."""
    decisions: dict[str, DecisionValue] = {}
    if_asked: dict[str, DecisionValue] = {}
    struck: dict[str, list[DecisionValue]] = {}
    fs = {f.id: f.state.fighting_spirit for f in fighters}
    result = None
    for _ in range(MAX_ASKS):
        req = TurnRequest(
            options=m.request.options,
            fight=fight,
            fighters=fighters,
            decisions=decisions,
            if_asked=if_asked,
            seed=seed,
        )
        result = resolve(req)
        if result.status is StepStatus.decision_required:
            for d in result.decisions_needed:
                side = m.side_of(d.fighter)
                if side is None:
                    return result  # a decision of nobody's side: nothing can answer it
                view = View(m.figures[side], m.figures[1 - side], fs.get(d.fighter, 0))
                value = choose(m.request.sides[side].policy, typed(d), view, struck.get(d.key, ()))
                (if_asked if d.provisional else decisions)[d.key] = value
            continue
        if result.status is StepStatus.invalid:
            refused = [v.key for v in result.violations if v.key in decisions]
            if not refused:
                return result
            for key in refused:
                struck.setdefault(key, []).append(decisions.pop(key))
            continue
        return result
    assert result is not None
    return result


def _unanswered(result: TurnResult, seen: set[tuple[str, str]]) -> list[Finding]:
    """A fight stopped at a decision no policy answers: the request cannot be played to its end, which the aborted
    fight's violations say (the resolver's own refusals are already there)."""
    pending = result.decisions_needed[0] if result.decisions_needed else None
    if result.violations or pending is None or ("unanswered", pending.point) in seen:
        return []
    seen.add(("unanswered", pending.point))
    message = f"A fight was stopped: no policy answers the decision point `{pending.point}`."
    return [
        Finding(code="SIMULATION_UNANSWERED", severity=Severity.error, path="fight", key=pending.key, message=message)
    ]


def _count(m: Matchup, result: TurnResult, record: FightRecord) -> None:
    """Attacks, hits, damage, Supers and Glory of one turn, from its log and typed events."""
    attack_of: dict[str, tuple[str, bool]] = {}  # fighter → (label, includes a Super) of his attack in progress
    declared = [s for s in result.log if s.actor is not None and isinstance(s.inputs.get("moves"), list)]
    last_hit: tuple[int, list[int]] | None = None  # (attacking side, its attack row)
    i = 0
    for e in result.events:
        while i < len(declared) and declared[i].step <= e.step:  # the attacks declared up to this event
            actor, moves = declared[i].actor or "", declared[i].inputs["moves"]
            attack_of[actor] = _label(m, actor, [str(x) for x in moves] if isinstance(moves, list) else [])
            i += 1
        side = m.side_of(e.fighter)
        if side is None:
            continue
        if e.kind in (EventKind.hit, EventKind.miss):
            label, is_super = attack_of.get(e.fighter or "", ("unknown", False))
            row = record.sides[side].attack(label, e.kind is EventKind.hit)
            record.sides[side].supers_used += int(is_super)
            last_hit = (side, row) if e.kind is EventKind.hit else None
        elif e.kind is EventKind.damage and e.amount is not None and e.amount < 0:
            record.sides[1 - side].damage_dealt -= e.amount
            if last_hit is not None and last_hit[0] != side:
                last_hit[1][2] -= e.amount
        elif e.kind is EventKind.glory and e.amount is not None:
            record.sides[side].glory += e.amount


def _label(m: Matchup, fighter: str, names: list[str]) -> tuple[str, bool]:
    side = m.side_of(fighter)
    return " + ".join(names), side is not None and any(n in m.supers[side] for n in names)
