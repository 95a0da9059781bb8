"""One simulated Battle Royale fight: Bout rounds (003 L835-L941) asked of the public ``resolve_bout`` round after
round, each side's policy declaring its plan and answering every decision the round asks for (its split, who
strikes first, where each Damage Rank goes), and what happened counted from the answers.

``play`` answers the step protocol in process; ``play(..., protocol=True)`` does the same as a client of the REST
endpoint does, every request and answer through JSON (core.simulation_loop). Both give the same fight
(tests/unit/battleroyale/test_simulation.py checks it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from ...core.json_values import BUILT
from ...core.protocol.models import DecisionNeeded, StepStatus
from ...core.simulation import FightRecord
from ...core.simulation_loop import TurnOutcome, play_fight, play_steps, side_names, via_json
from ..bout.models import RoyaleBoutPlan, RoyaleBoutRequest, RoyaleBoutResult
from ..bout.round import resolve_bout
from ..conflict.models import RoyaleConflictAction, RoyaleConflictReaction, RoyaleConflictRequest, RoyaleConflictResult
from ..conflict.round import resolve_conflict
from ..resolution.fighters import zeroed
from ..resolution.models import RoyaleDamagePolicy, RoyaleEventKind, RoyaleFighter
from .models import RoyaleSimulationRequest
from .policies import RoyaleSimPolicy, choose, plan

SPIRIT_DICE = "spirit_dice"
SEEDS = 2**53  # a round's seed is at most this


@dataclass(frozen=True)
class Matchup:
    request: RoyaleSimulationRequest
    names: tuple[str, str]
    policies: tuple[RoyaleSimPolicy, RoyaleSimPolicy]
    start: tuple[RoyaleFighter, ...] = ()  # the fighters before the first round: the same for every fight of the run
    plans: dict[tuple[int, str, int], tuple[RoyaleBoutPlan, int]] = field(default_factory=dict, compare=False)
    first: list[RoyaleBoutRequest] = field(default_factory=list, compare=False)  # the run's first Bout round request

    def side_of(self, fighter: str | None) -> int | None:
        return self.names.index(fighter) if fighter in self.names else None

    def plan(self, side: int, fighter: RoyaleFighter) -> tuple[RoyaleBoutPlan, int]:
        """The side's plan for a round (``policies.plan``): it reads only the fighter's id and Spirit Dice, so each
        is built once a run (the resolver reads plans and never changes them)."""
        key = (side, fighter.id, fighter.spirit_dice)
        found = self.plans.get(key)
        if found is None:
            found = self.plans[key] = plan(self.policies[side], fighter)
        return found


def names(request: RoyaleSimulationRequest) -> tuple[str, str]:
    return side_names(request.sides[0].name, request.sides[1].name, 40, suffix="_2")


def matchup(request: RoyaleSimulationRequest) -> Matchup:
    sides = names(request)
    start = tuple(s.fighter.model_copy(update={"id": n}) for n, s in zip(sides, request.sides, strict=True))
    return Matchup(request, sides, (request.sides[0].policy, request.sides[1].policy), start)


def _start(m: Matchup) -> list[RoyaleFighter]:
    """The fighters before the first round (the resolvers work on copies: the matchup's are never changed)."""
    return list(m.start)


Request = TypeVar("Request", RoyaleBoutRequest, RoyaleConflictRequest)
Result = TypeVar("Result", RoyaleBoutResult, RoyaleConflictResult)


def _resolve(m: Matchup, request: RoyaleBoutRequest, protocol: bool) -> RoyaleBoutResult:
    """A Bout round: see ``_step``."""
    return _step(m, request, resolve_bout, RoyaleBoutRequest, RoyaleBoutResult, protocol)


def _resolve_conflict(m: Matchup, request: RoyaleConflictRequest, protocol: bool) -> RoyaleConflictResult:
    """A Conflict round: see ``_step``."""
    return _step(m, request, resolve_conflict, RoyaleConflictRequest, RoyaleConflictResult, protocol)


def _step(
    m: Matchup,
    request: Request,
    resolver: Callable[..., Result],
    request_type: type[Request],
    answer_type: type[Result],
    protocol: bool,
) -> Result:
    """In process the resolver asks the side's policy at each decision where it is met (one pass); ``protocol``:
    the step protocol as a client plays it through JSON, every decision the answer asks answered with the side's
    policy and sent again, until it no longer asks (the seed rolls every die)."""

    def decide(needed: DecisionNeeded) -> str:
        side = m.side_of(needed.fighter)
        return choose(m.policies[side if side is not None else 0], needed)

    if not protocol:
        return resolver(request, decide)
    resolve = via_json(resolver, request_type, answer_type)

    def send(decisions: dict[str, str]) -> Result:
        return resolve(request.model_copy(update={"decisions": dict(decisions)}))

    return play_steps(send, decide)


def _count(m: Matchup, result: RoyaleBoutResult | RoyaleConflictResult, record: FightRecord) -> None:
    """Each clash is one Strike of its attacker: it hits when it deals Damage Ranks, which count for the attacker's
    side (003 L939-L941)."""
    for c in result.clashes:
        side = m.side_of(c.attacker)
        if side is None:
            continue
        row = record.sides[side].attack("strike", c.damage > 0)
        row[2] += c.damage
        record.sides[side].damage_dealt += c.damage


def _count_minion(m: Matchup, result: RoyaleConflictResult, record: FightRecord) -> None:
    """A lone Minion is a Challenge at its TN both ways (003 L728-L731): attacked, one `challenge` of the attacker,
    a hit when the Minion is beaten (`minions_out`), a miss when it holds (`miss`); attacking, one `challenge` of the
    Minion, a hit when the target falls short (`hit`, its shortfall the Damage Ranks dealt), else a `miss`."""
    lone = {n for n, s in zip(m.names, m.request.sides, strict=True) if s.fighter.minions == 1}
    for e in result.events:
        if e.kind is RoyaleEventKind.minions_out and e.fighter in lone:
            attacker, hit, damage = e.other, True, 0
        elif e.kind in (RoyaleEventKind.hit, RoyaleEventKind.miss) and e.fighter in lone:
            attacker, hit, damage = e.fighter, e.kind is RoyaleEventKind.hit, e.amount or 0
        elif e.kind is RoyaleEventKind.miss and e.other in lone:
            attacker, hit, damage = e.fighter, False, 0
        else:
            continue
        side = m.side_of(attacker)
        if side is not None:
            row = record.sides[side].attack("challenge", hit)
            row[2] += damage
            record.sides[side].damage_dealt += damage


def _out(f: RoyaleFighter) -> bool:
    """Dead, Mostly Dead, or at Absolute Zero: every Strength Zeroed Out, a Gang or a lone Minion never (as
    ``Fighter.absolute_zero`` reads it, without the working copy a resolver makes, 003 L476, L515-L518)."""
    return f.dead or f.mostly_dead or (f.minions == 0 and all(zeroed(t) for t in f.traits))


def conflict(m: Matchup) -> bool:
    """A Bout is for two significant characters, a Minion Gang at most (003 L840-L844): a lone Minion (one Minion)
    on either side fights Conflict rounds (003 L441-L459; the lone Minion's own rules, 003 L730-L731)."""
    return any(s.fighter.minions == 1 for s in m.request.sides)


def _conflict_round(
    m: Matchup, fighters: list[RoyaleFighter], n: int, seed: int, bowl: int, protocol: bool
) -> RoyaleConflictResult:
    """Each standing side attacks the other and meets the other's attack (003 L441-L459), Spirit Dice on the
    attack and the reaction as the policy's Bout plan puts them; the Spirit Dice spent, by both."""
    plans = [m.plan(i, f) for i, f in enumerate(fighters)]
    actions, reactions = [], []
    for i, f in enumerate(fighters):
        other = fighters[1 - i]
        actions.append(RoyaleConflictAction(fighter=f.id, target=other.id, attack=plans[i][0].attack))
        reactions.append(RoyaleConflictReaction(fighter=other.id, against=f.id, roll=plans[1 - i][0].defense))
    request = RoyaleConflictRequest(
        round=n,
        bowl=bowl,
        fighters=fighters,
        actions=actions,
        reactions=reactions,
        pack=m.request.pack,
        custom_pack=m.request.custom_pack,
        seed=seed % SEEDS,
        damage_policy=RoyaleDamagePolicy.lowest_first,  # the policies place Damage Ranks where it does: not asked
    )
    return _resolve_conflict(m, request, protocol)


def play(m: Matchup, seed: int, *, protocol: bool = False) -> FightRecord:
    r = m.request
    bowl = [0]
    if conflict(m):
        return _play_conflict(m, seed, protocol)

    def round_(fighters: list[RoyaleFighter], n: int, record: FightRecord) -> TurnOutcome[list[RoyaleFighter]]:
        plans = [m.plan(i, f) for i, f in enumerate(fighters)]
        values = {"round": n, "bowl": bowl[0], "fighters": list(fighters), "plans": [p for p, _ in plans]}
        values["seed"] = seed % SEEDS
        if m.first:  # the run's first request with this round's values (the resolver's own fighters, the plans kept)
            request = m.first[0].model_copy(update=values)
        else:
            values |= {"pack": r.pack, "custom_pack": r.custom_pack}
            values["damage_policy"] = RoyaleDamagePolicy.lowest_first  # Damage Ranks placed as the policies would
            request = RoyaleBoutRequest.model_validate(values, context=BUILT)  # Python values: no JSON forms to read
            m.first.append(request)
        result = _resolve(m, request, protocol)
        if result.status not in (StepStatus.resolved, StepStatus.over):
            return TurnOutcome(fighters, aborted=True, violations=result.violations, unsupported=result.unsupported)
        _count(m, result, record)
        for i, (_, spent) in enumerate(plans):
            record.sides[i].spend(SPIRIT_DICE, spent)
        bowl[0] = min(500, result.bowl)
        down = [_out(f) for f in result.fighters]
        over = any(down)
        winner = down.index(False) if down.count(False) == 1 else None
        return TurnOutcome(
            result.fighters, over=over, winner=winner, warnings=result.warnings, unsupported=result.unsupported
        )

    record = play_fight(_start(m), round_, r.turn_limit)
    for side in record.sides:
        side.spend(SPIRIT_DICE, 0)  # reported even when none were spent
    return record


def _play_conflict(m: Matchup, seed: int, protocol: bool) -> FightRecord:
    bowl = [0]

    def round_(fighters: list[RoyaleFighter], n: int, record: FightRecord) -> TurnOutcome[list[RoyaleFighter]]:
        result = _conflict_round(m, fighters, n, seed, bowl[0], protocol)
        if result.status not in (StepStatus.resolved, StepStatus.over):
            return TurnOutcome(fighters, aborted=True, violations=result.violations, unsupported=result.unsupported)
        _count(m, result, record)
        _count_minion(m, result, record)
        for i, (before, after) in enumerate(zip(fighters, result.fighters, strict=True)):
            record.sides[i].spend(SPIRIT_DICE, max(0, before.spirit_dice - after.spirit_dice))  # those really spent
        bowl[0] = min(500, result.bowl)
        winner = m.side_of(result.winner) if result.over else None
        return TurnOutcome(
            result.fighters, over=result.over, winner=winner, warnings=result.warnings, unsupported=result.unsupported
        )

    record = play_fight(_start(m), round_, m.request.turn_limit)
    for side in record.sides:
        side.spend(SPIRIT_DICE, 0)  # reported even when none were spent
    return record
