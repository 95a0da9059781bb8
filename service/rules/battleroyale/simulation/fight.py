"""One simulated Battle Royale fight: Bout rounds (003 L835-L941) asked of the public ``resolve_bout`` round after
round, each side's policy declaring its plan and answering every decision the round asks for (its split, who
strikes first, where each Damage Rank goes), and what happened counted from the answers.

``play`` answers the step protocol in process; ``play(..., protocol=True)`` does the same as a client of the REST
endpoint does, every request and answer through JSON (core.simulation_loop). Both give the same fight
(tests/unit/battleroyale/test_simulation.py checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.protocol.models import DecisionNeeded, StepStatus
from ...core.simulation import FightRecord
from ...core.simulation_loop import TurnOutcome, play_fight, play_steps, side_names, via_json
from ..bout import resolve_bout
from ..bout_models import RoyaleBoutRequest, RoyaleBoutResult
from ..fighters import Fighter
from ..resolve_models import RoyaleDamagePolicy, RoyaleFighter
from .models import RoyaleSimulationRequest
from .policies import RoyaleSimPolicy, choose, plan

SPIRIT_DICE = "spirit_dice"
SEEDS = 2**53  # a round's seed is at most this


@dataclass(frozen=True)
class Matchup:
    request: RoyaleSimulationRequest
    names: tuple[str, str]
    policies: tuple[RoyaleSimPolicy, RoyaleSimPolicy]

    def side_of(self, fighter: str | None) -> int | None:
        return self.names.index(fighter) if fighter in self.names else None


def names(request: RoyaleSimulationRequest) -> tuple[str, str]:
    return side_names(request.sides[0].name, request.sides[1].name, 40, suffix="_2")


def matchup(request: RoyaleSimulationRequest) -> Matchup:
    return Matchup(request, names(request), (request.sides[0].policy, request.sides[1].policy))


def _start(m: Matchup) -> list[RoyaleFighter]:
    return [s.fighter.model_copy(update={"id": n}) for n, s in zip(m.names, m.request.sides, strict=True)]


def _resolve(m: Matchup, request: RoyaleBoutRequest, protocol: bool) -> RoyaleBoutResult:
    """The step protocol as a client plays it: answer every decision the answer asks with the side's policy
    (provisional ones under ``if_asked``) and send again, until it no longer asks (the seed rolls every die)."""

    def decide(needed: DecisionNeeded) -> str:
        side = m.side_of(needed.fighter)
        return choose(m.policies[side if side is not None else 0], needed)

    if not protocol:  # in process: the resolver asks the policy where each decision is met, one pass
        return resolve_bout(request, decide)
    resolve = via_json(resolve_bout, RoyaleBoutRequest, RoyaleBoutResult)

    def send(decisions: dict[str, str]) -> RoyaleBoutResult:
        return resolve(request.model_copy(update={"decisions": dict(decisions)}))

    return play_steps(send, decide)


def _count(m: Matchup, result: RoyaleBoutResult, record: FightRecord) -> None:
    """Each clash is one Strike of its attacker: it hits when it deals Damage Ranks, which count for the attacker's
    side (003 L939-L941)."""
    for c in result.clashes:
        side = m.side_of(c.attacker)
        if side is None:
            continue
        row = record.sides[side].attack("strike", c.damage > 0)
        row[2] += c.damage
        record.sides[side].damage_dealt += c.damage


def _out(f: RoyaleFighter, i: int) -> bool:
    return f.dead or f.mostly_dead or Fighter(f, f"fighters[{i}]").absolute_zero


def play(m: Matchup, seed: int, *, protocol: bool = False) -> FightRecord:
    r = m.request
    bowl = [0]

    def round_(fighters: list[RoyaleFighter], n: int, record: FightRecord) -> TurnOutcome[list[RoyaleFighter]]:
        plans = [plan(m.policies[i], f) for i, f in enumerate(fighters)]
        request = RoyaleBoutRequest(
            round=n,
            bowl=bowl[0],
            fighters=fighters,
            plans=[p for p, _ in plans],
            pack=r.pack,
            custom_pack=r.custom_pack,
            seed=seed % SEEDS,
            damage_policy=RoyaleDamagePolicy.ask,
        )
        result = _resolve(m, request, protocol)
        if result.status not in (StepStatus.resolved, StepStatus.over):
            return TurnOutcome(fighters, aborted=True, violations=result.violations, unsupported=result.unsupported)
        _count(m, result, record)
        for i, (_, spent) in enumerate(plans):
            record.sides[i].spend(SPIRIT_DICE, spent)
        bowl[0] = min(500, result.bowl)
        down = [_out(f, i) for i, f in enumerate(result.fighters)]
        over = any(down)
        winner = down.index(False) if down.count(False) == 1 else None
        return TurnOutcome(
            result.fighters, over=over, winner=winner, warnings=result.warnings, unsupported=result.unsupported
        )

    record = play_fight(_start(m), round_, r.turn_limit)
    for side in record.sides:
        side.spend(SPIRIT_DICE, 0)  # reported even when none were spent
    return record
