"""The operations the adapters serve under /v1/ashes/…, the catalogue (the data packs) and the worked examples."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from ..core.packs import pack_catalogue
from ..core.ruleset import Caching, Operation
from ..core.simulation import SimulationSums, merge_operation, run_cost
from .combatant.sheet import CombatantRequest, CombatantValidation, validate_combatant
from .identity import HERE
from .pack import PACKS, Pack
from .prices.quotes import (
    AwakeningQuote,
    AwakeningRequest,
    BuyDownQuote,
    BuyDownRequest,
    WeaponUseQuote,
    WeaponUseRequest,
    quote_awakening,
    quote_buy_down,
    quote_weapon_uses,
)
from .round.models import RoundAnswer, RoundRequest
from .round.resolve import DeclarationCheck, resolve_round, validate_declarations
from .simulation.models import AshesSimulationRequest
from .simulation.run import simulate

EXAMPLES = HERE / "data" / "examples"


@cache
def examples(operation: str) -> dict[str, Any]:
    """Worked request bodies of an operation (the same ones the tests check), shown in the contracts."""
    path = EXAMPLES / f"{operation}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}  # type: ignore[no-any-return]


def _pack_cost(request: Any) -> int:
    return 1 + (2 if getattr(request, "custom_pack", None) is not None else 0)


def _round_cost(request: Any) -> int:
    """A round weighs about a priced quote per die and decision it may meet."""
    return 5 + 2 * len(request.combatants) + (len(request.decisions) + len(request.rolls)) // 10


OPERATIONS = (
    Operation(
        name="validate_combatant",
        path="combatants/validate",
        summary="Validate a combatant's sheet: every broken rule at once, and its figures",
        request=CombatantRequest,
        answer=CombatantValidation,
        run=validate_combatant,
        cost=_pack_cost,
        examples=examples("validate_combatant"),
    ),
    Operation(
        name="quote_weapon_uses",
        path="quotes/weapon-uses",
        summary="Price a round's uses of a weapon's advantage: the free use, Prana after it, the improvised surcharge",
        request=WeaponUseRequest,
        answer=WeaponUseQuote,
        run=quote_weapon_uses,
        cost=_pack_cost,
        examples=examples("quote_weapon_uses"),
    ),
    Operation(
        name="quote_buy_down",
        path="quotes/buy-down",
        summary="Price a buy-down of damage with Aura and Health: what is spent, Imbalances gained, Vanquished or not",
        request=BuyDownRequest,
        answer=BuyDownQuote,
        run=quote_buy_down,
        cost=_pack_cost,
        examples=examples("quote_buy_down"),
    ),
    Operation(
        name="quote_awakening",
        path="quotes/awakening",
        summary="Price awakening a Chakra with a Set: Recovery, Pool and the Prana of the next Recovery steps",
        request=AwakeningRequest,
        answer=AwakeningQuote,
        run=quote_awakening,
        cost=_pack_cost,
        examples=examples("quote_awakening"),
    ),
    Operation(
        name="validate_declarations",
        path="rounds/validate",
        summary="Check a round's declarations: Sets against the dice rolled, slots, bids, awakening, Prana, "
        "Subtle defence, buy-down, kills and holds",
        description="The same request as rounds/resolve; the answer is the core envelope without the fight: "
        "`invalid` with the rule broken, or what is still needed to check the rest of the round.",
        request=RoundRequest,
        answer=DeclarationCheck,
        run=validate_declarations,
        cost=_round_cost,
        examples=examples("validate_declarations"),
    ),
    Operation(
        name="resolve_round",
        path="rounds/resolve",
        summary="Resolve one round: Imbalance choices, Effort roll, Initiative bids, turns, Recovery, end",
        description="The core turn protocol: send the fight as it stands with a `seed` or the table's dice under "
        "`rolls`, and the decisions taken so far under `decisions`. While `status` is `decision_required`, roll every "
        "die `dice_needed` names, answer every `decisions_needed` entry with the `value` of one of its `choices` "
        "(`if_asked` for a provisional one) and send the same request again; `resolved` or `over` (see `over`, "
        "`winner`, `out`) when the round is done, `invalid` when a declaration breaks a rule.",
        request=RoundRequest,
        answer=RoundAnswer,
        run=resolve_round,
        caching=Caching.none,
        cost=_round_cost,
        examples=examples("resolve_round"),
    ),
    Operation(
        name="simulate",
        path="simulate",
        summary="Simulate a matchup: many seeded fights between two combatants, each side played by a policy",
        description="Fights `offset` … `offset + count − 1` of the run named by `seed`, each played from the sheets "
        "as given with the round resolver, every decision taken by the side's policy among the choices the resolver "
        "offers. The answer carries sums (wins, draws, time-outs, fight lengths as a histogram, each side's attacks, "
        "hits, damage and Prana spent) and the figures derived from them (rates with 95 % Wilson intervals, mean and "
        "percentiles); answers of adjacent seed ranges of one run merge exactly (`simulate/merge`). The cost, "
        "fights × turn limit, is charged before any work.",
        request=AshesSimulationRequest,
        answer=SimulationSums,
        run=simulate,
        caching=Caching.none,
        cost=lambda r: run_cost(r.count, r.turn_limit),
        offload=True,
        examples=examples("simulate"),
    ),
    merge_operation(examples("merge_simulations")),
)

_document, _lookup = pack_catalogue(Pack, PACKS)
DOCUMENTS = (_document,)
LOOKUPS = (_lookup,)
