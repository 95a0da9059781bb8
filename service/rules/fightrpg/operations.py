"""The operations of Fight RPG: validate a Fighter, price actions, resolve a round."""

from __future__ import annotations

from typing import Any

from ..core.ruleset import Caching, Operation
from ..core.simulation import SimulationSums, merge_operation, run_cost
from .actions.models import RpgPriceAnswer, RpgPriceRequest
from .actions.pricing import price_actions
from .examples import price_examples, round_examples, simulation_examples, validate_examples
from .round.models import RpgRoundRequest, RpgRoundResult
from .round.resolver import resolve_round
from .sheet.fighters import validate_fighter
from .sheet.models import RpgFighterRequest, RpgFighterValidation
from .simulation.models import RpgSimulationRequest
from .simulation.run import simulate


def _round_cost(request: Any) -> int:
    return 2 + len(request.fighters) * 2 + len(request.decisions) // 10


OPERATIONS = (
    Operation(
        name="validate_fighter",
        path="fighters/validate",
        summary="Validate a Fighter and a round's allocation of the Flexible Pool",
        request=RpgFighterRequest,
        answer=RpgFighterValidation,
        run=validate_fighter,
        caching=Caching.shared,
        examples=validate_examples(),
    ),
    Operation(
        name="price_actions",
        path="actions/price",
        summary="Price actions: token bundle, Power Points, affordability and yield",
        request=RpgPriceRequest,
        answer=RpgPriceAnswer,
        run=price_actions,
        caching=Caching.shared,
        cost=lambda request: 1 + len(request.actions) // 5,
        examples=price_examples(),
    ),
    Operation(
        name="resolve_round",
        path="rounds/resolve",
        summary="Resolve a round: pool, order, action passes with responses, status phase",
        request=RpgRoundRequest,
        answer=RpgRoundResult,
        run=resolve_round,
        caching=Caching.none,
        cost=_round_cost,
        examples=round_examples(),
    ),
    Operation(
        name="simulate",
        path="simulate",
        summary="Simulate a matchup: many seeded fights between two fighters, each side played by a policy",
        description="Fights `offset` … `offset + count − 1` of the run named by `seed`, each played from fresh "
        "fighters with the turn resolver, every declaration and decision taken by the side's policy among what the "
        "resolver accepts. The answer carries sums (wins, draws, time-outs, fight lengths as a histogram, each "
        "side's attacks, hits, damage and Power Points spent) and the figures derived from them (rates with "
        "95 % Wilson intervals, mean and percentiles); answers of adjacent seed ranges of one run merge exactly "
        "(`simulate/merge`). The cost, fights × turn limit, is charged before any work.",
        request=RpgSimulationRequest,
        answer=SimulationSums,
        run=simulate,
        caching=Caching.none,
        cost=lambda r: run_cost(r.count, r.turn_limit),
        offload=True,
        examples=simulation_examples("simulate"),
    ),
    merge_operation(simulation_examples("merge_simulations")),
)
