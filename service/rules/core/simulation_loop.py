"""The ruleset-neutral half of a matchup simulation: the step-protocol loop that answers a resolver's decisions with
a policy, the fight loop that asks for turns (or rounds) until the fight is over, and a run of seeded fights added
into ``SimulationSums`` (core.simulation).

A ruleset supplies what differs: how one turn is sent and answered (its request and answer models), what its
policies choose, and what a turn's events count for (``FightRecord``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

from .findings import Finding, Unsupported
from .protocol.models import DecisionNeeded, StepAnswer, StepStatus
from .simulation import FightRecord, RunHeader, SeedRange, SimulationSums, fight_seed, matchup_digest, tally

MAX_ASKS = 40  # answers to the resolver within one turn before the fight is given up as aborted

Req = TypeVar("Req", bound=BaseModel)
Ans = TypeVar("Ans", bound=BaseModel)
Pending = TypeVar("Pending")
Step = TypeVar("Step", bound=StepAnswer)
Value = TypeVar("Value")
State = TypeVar("State")
Match = TypeVar("Match")


class _Side(Protocol):
    @property
    def policy(self) -> object: ...


class SimulationRequest(Protocol):
    """What every ruleset's simulation request holds: two sides (each with its policy) and a seed range."""

    @property
    def sides(self) -> Sequence[_Side]: ...
    @property
    def seed(self) -> int: ...
    @property
    def offset(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def turn_limit(self) -> int: ...
    def model_dump_json(self, *, exclude: set[str]) -> str: ...


Sim = TypeVar("Sim", bound=SimulationRequest)


def via_json(resolve: Callable[[Req], Ans], request_type: type[Req], answer_type: type[Ans]) -> Callable[[Req], Ans]:
    """The resolver as a client of its REST endpoint sees it: the request sent as JSON, the answer read back."""

    def call(request: Req) -> Ans:
        answer = resolve(request_type.model_validate_json(request.model_dump_json()))
        return answer_type.model_validate_json(answer.model_dump_json())

    return call


def play_steps(
    send: Callable[[dict[str, Value]], Step],
    choose: Callable[[DecisionNeeded], Value],
    max_asks: int = MAX_ASKS,
) -> Step:
    """The core turn protocol as a seeded in-process player speaks it: ``send(decisions)``; while the answer
    is ``decision_required``, answer the decisions it asks for real (``choose`` gives one of its choices' values)
    and send again. Provisional ones are left to come back once the step reaches them: a policy decides on the fight
    as it really stands, as the in-process decider does. The last answer is returned (still asking after
    ``max_asks`` sends: the caller sees its decisions)."""
    decisions: dict[str, Value] = {}
    answer = send(decisions)
    for _ in range(max_asks):
        asked = [n for n in answer.decisions_needed if not n.provisional]
        if answer.status is not StepStatus.decision_required or not asked:
            return answer
        for needed in asked:
            decisions[needed.key] = choose(needed)
        answer = send(decisions)
    return answer


@dataclass
class TurnOutcome(Generic[State]):
    """What one turn (or round) of a simulated fight came to; its counts are already in the fight's record."""

    state: State
    over: bool = False
    winner: int | None = None  # the winning side's index when ``over`` (None: a draw)
    aborted: bool = False  # the resolver refused to go on
    violations: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    unsupported: list[Unsupported] = field(default_factory=list)


def play_fight(
    start: State, turn: Callable[[State, int, FightRecord], TurnOutcome[State]], turn_limit: int
) -> FightRecord:
    """Turns 1, 2 … until the fight is over, refused, or ``turn_limit`` turns have passed (a time-out)."""
    record = FightRecord(winner=None, turns=0)
    seen: set[tuple[str, str]] = set()
    state = start
    for n in range(1, turn_limit + 1):
        out = turn(state, n, record)
        record.turns = n
        for u in out.unsupported:
            if (u.id, u.path) not in seen:
                seen.add((u.id, u.path))
                record.unsupported.append(u)
        for w in out.warnings:
            if ("warning", w.code) not in seen:
                seen.add(("warning", w.code))
                record.warnings.append(w)
        if out.aborted:
            record.aborted = True
            record.violations.extend(out.violations)
            return record
        if out.over:
            record.winner = out.winner
            return record
        state = out.state
    record.timed_out = True
    return record


def run_header(
    request: SimulationRequest,
    ruleset: str,
    version: str,
    sides: tuple[str, str],
    policies: tuple[str, str],
    seeds: tuple[int, int, int],
    turn_limit: int,
) -> RunHeader:
    """The header of a run: the matchup fingerprint is the request without its seed range's offset and count."""
    seed, offset, count = seeds
    return RunHeader(
        ruleset=ruleset,
        ruleset_version=version,
        matchup=matchup_digest(request.model_dump_json(exclude={"offset", "count"})),
        seeds=SeedRange(seed=seed, offset=offset, count=count),
        sides=sides,
        policies=policies,
        turn_limit=turn_limit,
    )


def run_fights(header: RunHeader, play: Callable[[int], FightRecord]) -> SimulationSums:
    """Fights ``offset`` … ``offset + count − 1`` of the run, each played with its own derived seed."""
    s = header.seeds
    fights: Iterable[FightRecord] = (play(fight_seed(s.seed, i)) for i in range(s.offset, s.offset + s.count))
    return tally(header, fights)


def simulator(
    ruleset: str,
    version: str,
    matchup: Callable[[Sim], Match],
    names: Callable[[Sim], tuple[str, str]],
    play: Callable[[Match, int], FightRecord],
) -> Callable[[Sim], SimulationSums]:
    """A ruleset's ``simulate``: fights ``offset`` … ``offset + count − 1`` of the run, each played (``play``) with
    its own seed from the matchup the request makes (``matchup``); the ruleset supplies only those pieces."""

    def simulate(request: Sim) -> SimulationSums:
        m = matchup(request)
        header = run_header(
            request,
            ruleset,
            version,
            names(request),
            (str(request.sides[0].policy), str(request.sides[1].policy)),
            (request.seed, request.offset, request.count),
            request.turn_limit,
        )
        return run_fights(header, lambda seed: play(m, seed))

    return simulate


def side_names(a: str, b: str, width: int, suffix: str = "-2") -> tuple[str, str]:
    """The sides' fighter ids: the second gets ``suffix`` when both are named alike (ids at most ``width`` long)."""
    return a, (b if b != a else f"{b[: width - len(suffix)]}{suffix}")
