"""One simulated Impact bout: the public turn resolver asked turn after turn, each side's policy declaring and
answering every decision it asks for, and what happened counted from the answers' typed events.

``play`` resolves each turn in one call, the policies declaring from the turn as the resolver opens it and answering
decisions where the resolver meets them (``resolve_turn(request, decider, declare)``); ``play(..., protocol=True)``
plays each turn as a client of the REST endpoint does: JSON in, ``decisions_needed`` answered (the provisional ones in
``if_asked``), sent again, JSON out. Both give the same bout (tests/unit/impact/test_simulation.py checks it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.findings import Finding
from ...core.json_values import BUILT
from ...core.protocol.models import DecisionNeeded, StepStatus
from ...core.simulation import FightRecord
from ...core.simulation_loop import TurnOutcome, play_fight, play_steps, side_names, via_json
from ..pack import ImpactPack
from ..turn.context import Turn
from ..turn.models import (
    ImpactCombatant,
    ImpactDeclaration,
    ImpactEventKind,
    ImpactFight,
    ImpactPairRange,
    ImpactTurnAnswer,
    ImpactTurnRequest,
)
from ..turn.resolve import open_turn, request_problems, resolve_turn
from .models import ImpactSimulationRequest
from .policies import ImpactPolicy, Memo, answer, declare

SEED_SPAN = 2**53  # the turn request's seed bound
SETUP_POINTS = "setup_points"


@dataclass(frozen=True)
class Matchup:
    request: ImpactSimulationRequest
    names: tuple[str, str]
    policies: tuple[ImpactPolicy, ImpactPolicy]
    start: ImpactFight  # the fight before its first turn: the same for every fight of the run (never changed)
    options: Memo = field(default_factory=Memo, compare=False)  # the declarations the check accepts, by state
    opening: list[tuple[list[Finding], ImpactPack | None, ImpactTurnRequest]] = field(
        default_factory=list, compare=False
    )  # ``_opening``: worked out by the run's first fight

    def side_of(self, fighter: str | None) -> int | None:
        return self.names.index(fighter) if fighter in self.names else None


def names(request: ImpactSimulationRequest) -> tuple[str, str]:
    return side_names(request.sides[0].name, request.sides[1].name, 40, "_2")


def matchup(request: ImpactSimulationRequest) -> Matchup:
    sides = names(request)
    return Matchup(request, sides, (request.sides[0].policy, request.sides[1].policy), _start(request, sides))


def _start(r: ImpactSimulationRequest, sides: tuple[str, str]) -> ImpactFight:
    a, b = sides
    return ImpactFight(
        phase=r.phase,
        campaign=r.campaign,
        fighters=[ImpactCombatant(id=n, fighter=s.fighter) for n, s in zip(sides, r.sides, strict=True)],
        ranges=[ImpactPairRange(a=a, b=b, range=r.range)],
    )


def _turn_request(
    m: Matchup, fight: ImpactFight, seed: int, declarations: list[ImpactDeclaration]
) -> ImpactTurnRequest:
    r = m.request
    values = {
        "pack": r.pack,
        "custom_pack": r.custom_pack,
        "fight": fight,
        "declarations": declarations or [],
        "seed": seed,
        "ask_every_decision": True,  # the policies answer the reactive decisions that have a default too
    }
    return ImpactTurnRequest.model_validate(values, context=BUILT)  # Python values: no JSON forms to read


def _declarations(m: Matchup, fight: ImpactFight, seed: int) -> list[ImpactDeclaration]:
    """Each standing side's declaration, made from the fight before the turn (declarations are simultaneous)."""
    probe = _turn_request(m, fight, seed, [ImpactDeclaration(fighter=m.names[0])])
    return _declared(m, open_turn(probe))


def _declared(m: Matchup, turn: Turn) -> list[ImpactDeclaration]:
    """Each standing side's declaration, made from the turn as it opens (the policies leave it as they found it)."""
    out = []
    for i, me in enumerate(m.names):
        if turn.fighters[me].out is None:
            out.append(declare(m.policies[i], turn, me, m.names[1 - i], m.options))
    return out


def _decider(m: Matchup) -> Callable[[DecisionNeeded], str]:
    def choose(needed: DecisionNeeded) -> str:
        side = m.side_of(needed.fighter)
        return answer(m.policies[side if side is not None else 0], needed)

    return choose


def _send(m: Matchup, request: ImpactTurnRequest) -> ImpactTurnAnswer:
    """The turn as a client of the REST endpoint plays it: JSON in and out, each decision asked sent back."""
    send_json = via_json(resolve_turn, ImpactTurnRequest, ImpactTurnAnswer)

    def send(decisions: dict[str, str]) -> ImpactTurnAnswer:
        return send_json(request.model_copy(update={"decisions": decisions}))

    return play_steps(send, _decider(m))


def _count(
    m: Matchup,
    pack: ImpactPack,
    fight: ImpactFight,
    decls: list[ImpactDeclaration],
    result: ImpactTurnAnswer,
    record: FightRecord,
) -> None:
    """Strikes (a hit or miss event), their damage, and the Setup Points each performed strike spent."""
    declared = {d.fighter: d for d in decls}
    last: dict[str, list[int]] = {}
    for e in result.events:
        if e.kind in (ImpactEventKind.hit, ImpactEventKind.miss):
            side = m.side_of(e.fighter)
            d = declared.get(e.fighter or "")
            if side is None or d is None or e.fighter is None:
                continue
            label = d.maneuver if d.action == "maneuver" else f"{d.action}: {d.maneuver}"
            row = record.sides[side].attack(label or str(d.action), e.kind is ImpactEventKind.hit)
            last[e.fighter] = row
            mv = pack.maneuver(d.maneuver or "")
            held = any(h.holder == e.fighter and h.maneuver == (d.maneuver or "") for h in fight.holds)
            if mv is not None and mv.sp > 0 and not held:
                record.sides[side].spend(SETUP_POINTS, mv.sp)
        elif e.kind is ImpactEventKind.damage and e.amount:
            side = m.side_of(e.other)
            if side is None:
                continue
            record.sides[side].damage_dealt += e.amount
            hitting = last.get(e.other or "")
            if hitting is not None:
                hitting[2] += e.amount


def _opening(m: Matchup, seed: int) -> tuple[list[Finding], ImpactPack | None, ImpactTurnRequest]:
    """What the first turn's request says of the run's pack (its problems, else the pack), and that request (a
    declarations placeholder in it): read from the request's pack and the fight before its first turn, never from
    the seed, so once a run. Every in-process turn's request is a copy of it with its fight and seed."""
    if not m.opening:
        probe = _turn_request(m, m.start, seed, [ImpactDeclaration(fighter=m.names[0])])
        refused = request_problems(probe)
        m.opening.append((refused, None if refused else open_turn(probe).pack, probe))
    return m.opening[0]


def play(m: Matchup, seed: int, *, protocol: bool = False) -> FightRecord:
    turn_seed = seed % SEED_SPAN
    refused, pack, probe = _opening(m, turn_seed)
    if refused:  # the request's own pack is broken: no bout can start (every finding reported once per run)
        return FightRecord(winner=None, turns=0, aborted=True, violations=refused)
    assert pack is not None  # opened when nothing was refused
    decider = _decider(m)

    def turn(fight: ImpactFight, _n: int, record: FightRecord) -> TurnOutcome[ImpactFight]:
        if protocol:  # the declarations sent in the request, made from the fight as a client holds it
            decls = _declarations(m, fight, turn_seed)
            result = _send(m, _turn_request(m, fight, turn_seed, decls))
        else:  # in process: made from the turn the resolver opens (no second turn opened to make them)
            made: list[ImpactDeclaration] = []

            def declared(t: Turn) -> list[ImpactDeclaration]:
                made.extend(_declared(m, t))
                return made

            request = probe.model_copy(update={"fight": fight, "seed": turn_seed})  # as ``_turn_request`` builds it
            result = resolve_turn(request, decider, declared)
            decls = made
        if result.status not in (StepStatus.resolved, StepStatus.over):
            return TurnOutcome(fight, aborted=True, violations=result.violations, unsupported=result.unsupported)
        _count(m, pack, fight, decls, result, record)
        winner = m.side_of(result.winner) if result.over else None
        return TurnOutcome(
            result.fight, over=result.over, winner=winner, warnings=result.warnings, unsupported=result.unsupported
        )

    record = play_fight(m.start, turn, m.request.turn_limit)
    for side in record.sides:
        side.spend(SETUP_POINTS, 0)  # reported even when none were spent
    return record
