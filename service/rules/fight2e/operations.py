"""What the fight2e ruleset answers: its operations as records the adapters are generated from."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from ..core.ruleset import Caching, Operation
from ..core.simulation import SimulationSums, run_cost
from .combat.contract.models import TurnRequest, TurnResult
from .combat.resolver import resolve_turn
from .dramatic.end_of_combat import end_dramatic_combat
from .dramatic.models import DramaticCombatEnd, DramaticCombatEndRequest
from .fighters import validate_fighter
from .fighters.fighter_models import FighterRequest, FighterValidation
from .identity import RULESET, VERSION
from .moves.attack_strings import AttackStringPrice, AttackStringRequest, price_attack_string
from .moves.models import MovePrice, MoveRequest, PriceBatchRequest, PriceBatchResponse
from .moves.price import price_json
from .moves.random_effect import pricing_work
from .optimiser.models import OptimiseAnswer, OptimiseRequest
from .simulation.models import DEFAULT_COUNT, DEFAULT_TURN_LIMIT, MergeRequest, SimulationRequest
from .simulation.run import merge_runs, simulate
from .thugs.build import validate_thug, validate_thug_group
from .thugs.end_of_combat import end_thug_combat
from .thugs.models import (
    ThugCombatEnd,
    ThugCombatEndRequest,
    ThugGroupRequest,
    ThugGroupValidation,
    ThugRequest,
    ThugValidation,
)

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


def _optimise(request: OptimiseRequest) -> OptimiseAnswer:
    """The search, imported when first asked (its solver, OR-Tools, is most of the package's import time, and a
    simulation or a validation never needs it)."""
    from .optimiser.search import optimise

    return optimise(request)


@cache
def examples(operation: str) -> dict[str, Any]:
    """Worked request bodies of an operation (the same ones the tests check), shown in the contracts."""
    path = EXAMPLES / f"{operation}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def price_moves(batch: PriceBatchRequest) -> bytes:
    """The batch answer assembled from each move's JSON (no second serialisation)."""
    head = json.dumps({"ruleset": RULESET, "ruleset_version": VERSION})[:-1].encode()
    return head + b',"results":[' + b",".join(price_json(move) for move in batch.moves) + b"]}"


def simulation_cost(request: Any) -> int:
    """100, plus per fight every turn it may last (a turn is two or three resolver calls, about 1 ms; a fight
    usually ends within a dozen, but two sheets that never land a blow reach the limit): the default REST bound
    (3,000) admits 29 fights of 100 turns, GraphQL's (200) one. Larger runs are seed ranges merged afterwards."""
    count = int(getattr(request, "count", DEFAULT_COUNT))
    turns = int(getattr(request, "turn_limit", DEFAULT_TURN_LIMIT))
    return run_cost(count, turns) + pricing_work(request)


def priced(base: Callable[[Any], int]) -> Callable[[Any], int]:
    """``base`` plus the pricings the request's Random Effects multiply out (``random_effect.pricing_work``)."""
    return lambda request: base(request) + pricing_work(request)


OPERATIONS = (
    Operation(
        name="price_move",
        examples=examples("price_move"),
        path="moves/price",
        request=MoveRequest,
        answer=MovePrice,
        run=price_json,
        summary="Price and validate one Special or Super Move",
        description="Answers 200 for every well-formed move: `legal` says whether the book allows it, `violations` "
        "lists every broken rule with a stable code, and the figures are computed even for an illegal move. The "
        "`X-Cache` header says which cache tier served it.",
        # One pricing costs about 25 µs with its JSON, a Redis hit 50–100 µs even on loopback (bench/RESULTS.md).
        caching=Caching.local,
        cost=priced(lambda _request: 1),
    ),
    Operation(
        name="price_moves",
        examples=examples("price_moves"),
        path="moves/price-batch",
        request=PriceBatchRequest,
        answer=PriceBatchResponse,
        run=price_moves,
        summary="Price up to 200 moves; one answer per move, in order",
        cost=priced(lambda batch: len(batch.moves)),
    ),
    Operation(
        name="price_attack_string",
        examples=examples("price_attack_string"),
        path="moves/attack-string",
        request=AttackStringRequest,
        answer=AttackStringPrice,
        run=price_attack_string,
        caching=Caching.local,
        cost=priced(lambda _request: 1),
        summary="Price an Attack String (campaign option): Control, Accuracy and damage of chained Basic Moves",
    ),
    Operation(
        name="optimise_moves",
        examples=examples("optimise_moves"),
        path="moves/optimise",
        request=OptimiseRequest,
        answer=OptimiseAnswer,
        run=_optimise,
        # A search of many solver rounds, each candidate priced: charged like a large batch, and kept in both tiers.
        cost=lambda request: 50 + 5 * request.answers,
        summary="Find the cheapest legal moves that have the wished keywords, damage, Accuracy, Range and entries",
        description="Answers 200 for every well-formed wish list. `status` is `optimal` (the moves are the cheapest "
        "there are, Move Points first, then fewer Elements), `none_exists` (with the `binding` wishes that cannot "
        "all hold) or `limit_reached` (the search stopped at its limit, named in `limit`). Every move is priced by "
        "the same core as `moves/price` and is legal; its `request` can be sent there as it is. The search is "
        "deterministic: the same request gives the same answer.",
    ),
    Operation(
        name="validate_fighter",
        examples=examples("validate_fighter"),
        path="fighters/validate",
        request=FighterRequest,
        answer=FighterValidation,
        run=validate_fighter,
        cost=priced(lambda request: 1 + len(request.fighter.moves)),
        summary="Validate a Fighter: every broken rule, the derived values and every move priced",
        description="Answers 200 for every well-formed sheet: `valid` says whether the book allows it; "
        "`violations`, `warnings` and `info` carry stable codes and paths; `derived` holds the sheet's figures and "
        "budgets; `moves[i]` is each move priced as the moves endpoint would.",
    ),
    Operation(
        name="validate_thug",
        examples=examples("validate_thug"),
        path="thugs/validate",
        request=ThugRequest,
        answer=ThugValidation,
        run=validate_thug,
        caching=Caching.local,
        cost=lambda request: 1 + len(request.thug.qualities) // 10,
        summary="Validate and price a Thug: every broken build rule, each attribute's Thug Points, the Glory divisor",
        description="Answers 200 for every well-formed build: `valid` says whether the book allows it; `violations` "
        "and `warnings` carry stable codes and paths; `points` prices each attribute and trait, `glory_divisor` is "
        "what Glory earned against it is divided by, and `effective` holds the attributes after Gun and Saga Scale.",
    ),
    Operation(
        name="validate_thug_group",
        examples=examples("validate_thug_group"),
        path="thugs/validate-group",
        request=ThugGroupRequest,
        answer=ThugGroupValidation,
        run=validate_thug_group,
        caching=Caching.local,
        cost=lambda request: len(request.group.members),
        summary="Validate a Thug group: 1–10 members of one build, each build priced as `thugs/validate` does",
        description="Answers 200 for every well-formed group. List each build once with how many members have it; "
        "members of different builds cannot share a group, and the answer says so with every other finding.",
    ),
    Operation(
        name="end_thug_combat",
        examples=examples("end_thug_combat"),
        path="thugs/end-of-combat",
        request=ThugCombatEndRequest,
        answer=ThugCombatEnd,
        run=end_thug_combat,
        caching=Caching.local,
        cost=lambda request: len(request.groups),
        summary="End a fight against Thugs: each Fighter's raw Glory divided by the cheapest group's divisor",
        description="Send every Thug group that took part and each Fighter's Glory for the whole combat as earned "
        "(Special Moves, Combos, weapon hits, Stunt Sequences, Agility eliminations). The divisor comes from the "
        "cheapest group's Thug Points, priced from its build; the quotient is rounded up.",
    ),
    Operation(
        name="end_dramatic_combat",
        examples=examples("end_dramatic_combat"),
        path="dramatic/end-of-combat",
        request=DramaticCombatEndRequest,
        answer=DramaticCombatEnd,
        run=end_dramatic_combat,
        caching=Caching.local,
        cost=lambda request: len(request.fighters),
        summary="End a Dramatic fight: each fighter's Glory for the fight, and the Action Points that lapse with it",
        description="Send each fighter's Glory per turn as the resolve-turn answers gave it and his last Dramatic "
        "state. Glory from options (a Final Blow, a Climactic Super Move …) is already in the turns' awards.",
    ),
    Operation(
        name="resolve_turn",
        examples=examples("resolve_turn"),
        path="combat/resolve-turn",
        request=TurnRequest,
        answer=TurnResult,
        run=resolve_turn,
        caching=Caching.none,
        cost=priced(lambda turn: 50),  # a turn weighs about fifty priced moves against the GraphQL cost limit
        summary="Resolve one turn of the main combat system, from Initiative to the time roll",
        description="Send the whole fight as it stands, the players' declared decisions and either a `seed` or the "
        "dice themselves. The answer is `resolved`, `round_over` (with the winner) or `decision_required` (with the "
        "pending decision and its legal choices: add it and send the same request again). Illegal decisions, dice "
        "that do not fit the die and inconsistent state are violations naming the key. The same request always "
        "gives the same answer.",
    ),
    Operation(
        name="simulate",
        examples=examples("simulate"),
        path="simulate",
        request=SimulationRequest,
        answer=SimulationSums,
        run=simulate,
        cost=simulation_cost,
        offload=True,  # seconds to minutes of work: in a worker thread, never on the event loop
        summary="Simulate a matchup: many seeded fights between two Fighters, each side played by a policy",
        description="Fights `offset` … `offset + count − 1` of the run named by `seed`, each one round from fresh "
        "Life Bars, every decision the turn resolver asks for answered by the side's policy. The answer carries "
        "sums (wins, draws, time-outs, fight lengths as a histogram, attacks, hits, damage, Supers, Glory) and the "
        "figures derived from them (rates with 95 % Wilson intervals, mean and percentiles); answers of adjacent "
        "seed ranges of one run merge exactly into the whole run's answer (`simulate/merge`). The same request "
        "always gives the same answer.",
    ),
    Operation(
        name="merge_simulations",
        examples=examples("merge_simulations"),
        path="simulate/merge",
        request=MergeRequest,
        answer=SimulationSums,
        run=merge_runs,
        caching=Caching.local,
        cost=lambda request: 1 + len(request.runs) // 20,
        summary="Merge the answers of one simulation run's seed ranges into the whole run's answer",
        description="The parts must share the matchup fingerprint, ruleset version and seed, and their seed ranges "
        "must join without gap or overlap (in any order); otherwise the request is refused.",
    ),
)
