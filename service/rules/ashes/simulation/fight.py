"""One simulated Ashes fight: the public round resolver asked round after round, each side's policy answering
every decision it asks for (bids, actions, defences, buy-downs …), and what happened counted from the answers'
typed events.

``play`` sends each round to ``resolve_round`` and answers its ``decisions_needed`` until it is complete;
``play(..., protocol=True)`` does the same as a client of the REST endpoint does, every request and answer through
JSON (core.simulation_loop). Both give the same fight (tests/unit/ashes/test_simulation.py checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.protocol.models import DecisionNeeded, StepStatus
from ...core.simulation import FightRecord
from ...core.simulation_loop import TurnOutcome, play_fight, play_steps, side_names, via_json
from ..combatant.models import Combatant
from ..round.models import Decision, RoundAnswer, RoundEventKind, RoundRequest
from ..round.resolve import resolve_round
from ..round.state import Asked
from .models import AshesSimulationRequest
from .policies import AshesSimPolicy, Chooser, choose, two_sided

PRANA = "prana"
SEEDS = 2**31  # a round's seed is below this


@dataclass(frozen=True)
class Matchup:
    request: AshesSimulationRequest
    names: tuple[str, str]
    policies: tuple[AshesSimPolicy, AshesSimPolicy]
    sides: dict[str, int]  # fighter id → side
    first: RoundRequest  # a fight's first round but its seed: each round is a copy with its own figures
    decide: Chooser  # the in-process decider: each side's policy for its fighter (``policies.two_sided``)

    def side_of(self, fighter: str | None) -> int | None:
        return self.sides.get(fighter) if fighter is not None else None

    def decider(self, a: Asked) -> Decision:
        """The in-process decider: the deciding fighter's side's policy (the first side's for anyone else), reading
        the faces of that fighter's own dice as the round rolled them."""
        return self.decide(a)  # the names differ


def names(request: AshesSimulationRequest) -> tuple[str, str]:
    return side_names(request.sides[0].name, request.sides[1].name, 40)


def matchup(request: AshesSimulationRequest) -> Matchup:
    ids = names(request)
    first = RoundRequest(
        pack=request.pack,
        custom_pack=request.custom_pack,
        round=1,
        combatants=_start(request, ids),
        seed=0,
        ask_every_decision=True,
    )
    policies = (request.sides[0].policy, request.sides[1].policy)
    return Matchup(request, ids, policies, {ids[0]: 0, ids[1]: 1}, first, two_sided(ids[1], policies))


def _start(request: AshesSimulationRequest, ids: tuple[str, str]) -> list[Combatant]:
    return [s.combatant.model_copy(update={"id": n}) for n, s in zip(ids, request.sides, strict=True)]


def _resolve(m: Matchup, request: RoundRequest, protocol: bool) -> RoundAnswer:
    if not protocol:  # in process: the resolver asks the policy where each decision is met, in one pass
        return resolve_round(request, m.decide)
    send = via_json(resolve_round, RoundRequest, RoundAnswer)
    faces: dict[str, int] = {}

    def asking(decisions: dict[str, Decision]) -> RoundAnswer:
        answer = send(request.model_copy(update={"decisions": decisions}))
        faces.update({r.key: r.result for r in answer.rolls})  # the policies read the dice rolled so far
        return answer

    def decide(p: DecisionNeeded) -> Decision:
        side = m.side_of(p.fighter)
        return Decision.model_validate(choose(m.policies[side if side is not None else 0], p, faces).value)

    return play_steps(asking, decide, max_asks=200)


def _count(m: Matchup, answer: RoundAnswer, record: FightRecord) -> None:
    """Each attack met (a `hit` or `defended` event, its attacker the event's `other`) is one use; a `hit` hits;
    `damage` (after Heavy, armor and caps) counts for the attacker's side and its attack; Prana spent is the
    negative `prana` events."""
    row: list[int] | None = None
    sides = m.sides
    for e in answer.events:
        kind = e.kind
        if kind not in _COUNTED:
            continue
        hit = kind is _HIT  # the members read once (a class attribute of an enum is a Python call)
        side = sides.get(e.fighter) if e.fighter is not None else None
        if side is None:
            continue
        if hit or kind is _DEFENDED:
            attacker = sides.get(e.other) if e.other is not None else None
            row = None if attacker is None else record.sides[attacker].attack("attack", hit)
        elif kind is _DAMAGE:
            if e.amount:
                record.sides[1 - side].damage_dealt += e.amount
                if row is not None:
                    row[2] += e.amount
        elif e.amount is not None and e.amount < 0:
            record.sides[side].spend(PRANA, -e.amount)


_HIT, _DEFENDED = RoundEventKind.hit, RoundEventKind.defended
_DAMAGE, _PRANA = RoundEventKind.damage, RoundEventKind.prana
_COUNTED = frozenset({_HIT, _DEFENDED, _DAMAGE, _PRANA})  # a StrEnum hashes as its string, in C


def _copied(first: RoundRequest, update: dict[str, Any]) -> RoundRequest:
    """``first.model_copy(update=update)`` as pydantic makes it (its fields copied, the updated ones named as set),
    without its Python calls: a round's request has no extra fields and no private attributes."""
    out = _new(RoundRequest)
    _set(out, "__dict__", {**first.__dict__, **update})
    _set(out, "__pydantic_fields_set__", first.__pydantic_fields_set__ | update.keys())
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_private__", None)
    return out


_new, _set = object.__new__, object.__setattr__


def play(m: Matchup, seed: int, *, protocol: bool = False) -> FightRecord:
    r = m.request

    def round_(fighters: list[Combatant], n: int, record: FightRecord) -> TurnOutcome[list[Combatant]]:
        # the figures a round differs by, each within the request's bounds (n ≤ the turn limit, a seed below 2**31,
        # fighters as the last answer gave them): the first round's request copied, not validated again
        request = _copied(m.first, {"round": n, "combatants": fighters, "seed": seed % SEEDS})
        answer = _resolve(m, request, protocol)
        if answer.status not in (StepStatus.resolved, StepStatus.over):
            return TurnOutcome(fighters, aborted=True, violations=answer.violations, unsupported=answer.unsupported)
        _count(m, answer, record)
        winner = m.side_of(answer.winner)
        return TurnOutcome(
            answer.combatants, over=answer.over, winner=winner, warnings=answer.warnings, unsupported=answer.unsupported
        )

    record = play_fight(list(m.first.combatants), round_, r.turn_limit)
    for side in record.sides:
        side.spend(PRANA, 0)  # reported even when none was spent
    return record
