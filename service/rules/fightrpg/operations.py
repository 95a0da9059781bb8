"""The operations of Fight RPG: validate a Fighter, price actions, resolve a round."""

from __future__ import annotations

from typing import Any

from ..core.ruleset import Caching, Operation
from .action_models import RpgPriceAnswer, RpgPriceRequest
from .examples import price_examples, round_examples, validate_examples
from .fighters import validate_fighter
from .pricing import price_actions
from .round.resolver import resolve_round
from .round_models import RpgRoundRequest, RpgRoundResult
from .sheet_models import RpgFighterRequest, RpgFighterValidation


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
)
