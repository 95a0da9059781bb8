"""One simulated Fight RPG fight: the public round resolver asked round after round, each side's policy answering
every decision it asks for (allocation, action, response, injury), and what happened counted from the answers'
typed events and log.

``play`` resolves each round in one call, the policies answering where the resolver meets each decision
(``resolve_round(request, decider)``); ``play(..., protocol=True)`` plays each round as a client of the REST endpoint
does: JSON in, ``decisions_needed`` answered, sent again, JSON out (core.simulation_loop). Both give the same fight
(tests/unit/fightrpg/test_simulation.py checks it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.protocol.models import DecisionNeeded, StepStatus
from ...core.simulation import FightRecord
from ...core.simulation_loop import TurnOutcome, play_fight, play_steps, side_names, via_json
from ..actions.bundles import Bundle
from ..pack import RpgPack
from ..round.models import RpgDecision, RpgEventKind, RpgPoint, RpgRoundRequest, RpgRoundResult
from ..round.resolver import resolve_round
from ..round.state import Pending
from ..sheet.models import RpgFighter
from .models import RpgSimulationRequest
from .policies import RpgSimPolicy, choose

POWER_POINTS = "power_points"
SEEDS = 2**53  # a round's seed is a whole number a browser holds exactly (core.protocol.models.Seed)
LANDED = (RpgEventKind.damage, RpgEventKind.order_lowered, RpgEventKind.block_removed)


@dataclass(frozen=True)
class Matchup:
    request: RpgSimulationRequest
    names: tuple[str, str]
    policies: tuple[RpgSimPolicy, RpgSimPolicy]
    pack: RpgPack
    bundles: dict[tuple[object, ...], Bundle] = field(default_factory=dict, compare=False)

    def side_of(self, fighter: str | None) -> int | None:
        return self.names.index(fighter) if fighter in self.names else None


def names(request: RpgSimulationRequest) -> tuple[str, str]:
    return side_names(request.sides[0].name, request.sides[1].name, 24)


def matchup(request: RpgSimulationRequest) -> Matchup:
    return Matchup(request, names(request), (request.sides[0].policy, request.sides[1].policy), request.data_pack())


def _start(m: Matchup) -> list[RpgFighter]:
    return [
        s.fighter.model_copy(update={"id": n, "side": None, "position": None})
        for n, s in zip(m.names, m.request.sides, strict=True)
    ]


def _decider(m: Matchup) -> Callable[[Pending], RpgDecision]:
    def decide(pending: Pending) -> RpgDecision:
        side = m.side_of(pending.fighter)
        return choose(m.policies[side if side is not None else 0], pending, m.pack, m.bundles)

    return decide


def _pending(needed: DecisionNeeded) -> Pending:
    """A decision of the answer as the policies read it: its offered choices, typed."""
    choices = [RpgDecision.model_validate(c.value) for c in needed.choices]
    default = RpgDecision.model_validate(needed.default) if needed.default is not None else None
    return Pending(needed.key, needed.fighter, RpgPoint(needed.point), choices, default)


def _resolve(m: Matchup, request: RpgRoundRequest, protocol: bool) -> RpgRoundResult:
    if not protocol:
        return resolve_round(request, _decider(m))
    send_json = via_json(resolve_round, RpgRoundRequest, RpgRoundResult)
    decide = _decider(m)
    return play_steps(
        lambda decisions: send_json(request.model_copy(update={"decisions": decisions})),
        lambda needed: decide(_pending(needed)),
    )


def _label(text: str, actor: str, target: str | None) -> str:
    """The log's ``tiger: grab at dragon, spending …`` → ``grab``."""
    what = text.removeprefix(f"{actor}: ").split(", spending")[0]
    return what.removesuffix(f" at {target}") if target else what


def _count(m: Matchup, result: RpgRoundResult, record: FightRecord) -> None:
    """Each action (an `action` event) is one use; it hits when something of it lands on its target (damage, a
    place down the order, a Block token removed); every damage counts for the other side, and toward the action in
    progress when its target takes it; Power Points spent are the negative `power_points` events."""
    texts = {s.step: s.text for s in result.log}
    current: tuple[int, str | None, list[int]] | None = None  # (actor's side, target, attack row)
    landed = False
    for e in result.events:
        side = m.side_of(e.fighter)
        if e.kind is RpgEventKind.action and side is not None:
            row = record.sides[side].attack(_label(texts.get(e.step, ""), e.fighter or "", e.other), False)
            current, landed = (side, e.other, row), False
        elif e.kind is RpgEventKind.passed:
            current = None
        if side is None:
            continue
        if e.kind is RpgEventKind.damage and e.amount:
            record.sides[1 - side].damage_dealt += e.amount
        if current is not None and e.fighter == current[1] and e.kind in LANDED:
            if not landed:
                current[2][1] += 1
                landed = True
            if e.kind is RpgEventKind.damage and e.amount:
                current[2][2] += e.amount
        if e.kind is RpgEventKind.power_points and e.amount is not None and e.amount < 0:
            record.sides[side].spend(POWER_POINTS, -e.amount)


def play(m: Matchup, seed: int, *, protocol: bool = False) -> FightRecord:
    r = m.request

    def round_(fighters: list[RpgFighter], n: int, record: FightRecord) -> TurnOutcome[list[RpgFighter]]:
        request = RpgRoundRequest(
            pack=r.pack,
            custom_pack=r.custom_pack,
            round=n,
            fighters=fighters,
            seed=seed % SEEDS,
            ask_every_decision=True,  # the policies answer the responses and pushes too
        )
        result = _resolve(m, request, protocol)
        if result.status not in (StepStatus.resolved, StepStatus.over):
            return TurnOutcome(fighters, aborted=True, violations=result.violations, unsupported=result.unsupported)
        _count(m, result, record)
        winner = m.side_of(result.winner) if result.over else None
        return TurnOutcome(
            result.fighters,
            over=result.over,
            winner=winner,
            warnings=result.warnings,
            unsupported=result.unsupported,
        )

    record = play_fight(_start(m), round_, r.turn_limit)
    for side in record.sides:
        side.spend(POWER_POINTS, 0)  # reported even when none were spent
    return record
