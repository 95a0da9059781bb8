"""What Impact answers: its operations and catalogue as records the adapters are generated from."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..core.packs import DEFAULT_PACK
from ..core.ruleset import Caching, CatalogueDocument, CatalogueLookup, Operation
from ..core.simulation import SimulationSums, merge_operation, run_cost
from .fighter.models import ImpactFighterRequest, ImpactFighterValidation, ImpactPriceAnswer, ImpactPriceRequest
from .fighter.pricing import price_purchases
from .fighter.validation import validate_fighter_json
from .identity import RULESET, VERSION
from .pack import PACKS, ImpactPack
from .simulation.models import ImpactSimulationRequest
from .simulation.run import simulate
from .turn.models import ImpactTurnAnswer, ImpactTurnRequest
from .turn.resolve import resolve_turn

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


@cache
def examples(operation: str) -> dict[str, Any]:
    """Worked request bodies (the same ones the tests check), shown in the contracts."""
    path = EXAMPLES / f"{operation}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}  # type: ignore[no-any-return]


@cache
def example_notes(operation: str) -> dict[str, str]:
    """Why an example answers as it does, by example name (data/examples/notes.json), for the contracts."""
    notes: dict[str, dict[str, str]] = json.loads((EXAMPLES / "notes.json").read_text(encoding="utf-8"))
    return notes.get(operation, {})


def _pack_cost(request: Any) -> int:
    pack = getattr(request, "custom_pack", None)
    return 0 if pack is None else len(pack.maneuvers) // 20


def _fighter_cost(fighter: Any) -> int:
    sheet = fighter.sheet
    levels = 0 if sheet is None else sum(sheet.maneuvers.values()) // 10
    return 1 + len(fighter.purchases or ()) // 20 + levels


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        name="validate_fighter",
        path="fighters/validate",
        summary="Validate a fighter from its purchase ledger or sheet",
        description="Replays the ordered purchase ledger (or, for a bare sheet, a canonical order) and answers 200 "
        "with every broken rule at once, the PP spent and left, the defensive tactics, the body areas and Stamina.",
        request=ImpactFighterRequest,
        answer=ImpactFighterValidation,
        run=validate_fighter_json,
        caching=Caching.shared,
        cost=lambda r: _fighter_cost(r.fighter) + _pack_cost(r),
        examples=examples("validate_fighter"),
        example_notes=example_notes("validate_fighter"),
    ),
    Operation(
        name="price_purchases",
        path="purchases/price",
        summary="Price purchases for a fighter",
        description="The PP each purchase costs from the fighter as he stands, in order, with its free rises (the "
        "automatic increase, the paired arm or leg) and any rule it would break.",
        request=ImpactPriceRequest,
        answer=ImpactPriceAnswer,
        run=price_purchases,
        caching=Caching.shared,
        cost=lambda r: _fighter_cost(r.fighter) + len(r.purchases) // 5 + _pack_cost(r),
        examples=examples("price_purchases"),
    ),
    Operation(
        name="resolve_turn",
        path="turns/resolve",
        summary="Resolve one combat turn",
        description="Every fighter's declaration for the turn, with the fight as it stands: Draws, counter-bridges, "
        "Speed Tests, hit tests, damage, special effects, holds, Stamina, Setup Points and knock-outs, then the fight "
        "after the turn (and the Purchase Point awards when the bout ends: `status` `over`, `winner`, `out`). The core "
        "turn protocol: dice come from `rolls` by key, else the `seed`; without either the answer is "
        "`decision_required` and names every die and decision to the end of the turn at once (those past a die "
        "still to roll are `provisional`: answer them in `if_asked`). With `ask_every_decision` each reactive "
        "choice (defend, counter-bridge, the reply to a Feint or a seen-through Draw) is asked instead of defaulted. "
        "Every figure the log prints is in `events` (`value`, `amount`, `figures`).",
        request=ImpactTurnRequest,
        answer=ImpactTurnAnswer,
        run=resolve_turn,
        caching=Caching.none,
        cost=lambda r: (
            2 * len(r.fight.fighters) + _pack_cost(r) + sum(_fighter_cost(c.fighter) for c in r.fight.fighters)
        ),
        examples=examples("resolve_turn"),
    ),
    Operation(
        name="simulate",
        path="simulate",
        summary="Simulate a matchup: many seeded fights between two fighters, each side played by a policy",
        description="Fights `offset` … `offset + count − 1` of the run named by `seed`, each played from fresh "
        "fighters with the turn resolver, every declaration and decision taken by the side's policy among what the "
        "resolver accepts. The answer carries sums (wins, draws, time-outs, fight lengths as a histogram, each "
        "side's attacks, hits, damage and Setup Points spent) and the figures derived from them (rates with "
        "95 % Wilson intervals, mean and percentiles); answers of adjacent seed ranges of one run merge exactly "
        "(`simulate/merge`). The cost, fights × turn limit, is charged before any work.",
        request=ImpactSimulationRequest,
        answer=SimulationSums,
        run=simulate,
        caching=Caching.none,
        cost=lambda r: run_cost(r.count, r.turn_limit),
        offload=True,
        examples=examples("simulate"),
    ),
    merge_operation(examples("merge_simulations")),
)


class ImpactPackDocument(ImpactPack):
    """A shipped data pack, served with the ruleset and version it belongs to."""

    ruleset: str
    ruleset_version: str


@cache
def pack_document(name: str) -> ImpactPackDocument | None:
    pack = PACKS.get(name)
    if pack is None:
        return None
    return ImpactPackDocument.model_validate(pack.model_dump() | {"ruleset": RULESET, "ruleset_version": VERSION})


def _default_pack() -> ImpactPackDocument:
    found = pack_document(DEFAULT_PACK)
    assert found is not None  # load_packs refuses to start without it
    return found


DOCUMENTS = (
    CatalogueDocument(
        name="pack",
        summary="The default data pack: the values the text leaves out, each with its source",
        model=ImpactPackDocument,
        build=lambda _filters: _default_pack(),
    ),
)
LOOKUPS = (
    CatalogueLookup(name="packs", summary="A shipped data pack by name", model=ImpactPackDocument, find=pack_document),
)
