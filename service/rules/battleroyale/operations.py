"""The operations Battle Royale answers, each a pure function from its request model to its answer model."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..core.ruleset import Caching, Operation
from ..core.simulation import SimulationSums, merge_operation, run_cost
from .between_scenes.recovery import recover
from .between_scenes.recovery_models import RoyaleRecoveryRequest, RoyaleRecoveryResult
from .between_scenes.session import start_session
from .between_scenes.session_models import RoyaleSessionRequest, RoyaleSessionStart
from .bout.models import RoyaleBoutRequest, RoyaleBoutResult
from .bout.round import resolve_bout
from .challenges.models import (
    RoyaleChallengeRequest,
    RoyaleChallengeResult,
    RoyaleCombatChallengeRequest,
    RoyaleCombatChallengeResult,
)
from .challenges.resolve import resolve_challenge, resolve_combat_challenge
from .character.models import RoyaleCharacterRequest, RoyaleCharacterValidation
from .character.validation import validate_character
from .conflict.models import RoyaleConflictRequest, RoyaleConflictResult
from .conflict.round import resolve_conflict
from .pricing.models import RoyaleMovePrice, RoyaleMoveRequest, RoyalePurchasePrice, RoyalePurchaseRequest
from .pricing.prices import price_move, price_purchases
from .simulation.models import RoyaleSimulationRequest
from .simulation.run import simulate

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


@cache
def _examples(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def examples(name: str) -> dict[str, Any]:
    """The worked request bodies of an operation: the same ones its tests check."""
    return json.loads(json.dumps(_examples(name)))  # type: ignore[no-any-return]


def _character_cost(request: RoyaleCharacterRequest) -> int:
    c = request.character
    return 1 + (len(c.strengths) + len(c.styles) + len(c.techniques) + len(c.signature_moves) + len(c.flaws)) // 8


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        name="validate_character",
        path="characters/validate",
        summary="Validate a character",
        description="Creation allotments and the Training Point ledger, every finding at once, with derived "
        "figures (ranks after damage, Spirit Dice per session, damage capacity).",
        request=RoyaleCharacterRequest,
        answer=RoyaleCharacterValidation,
        run=validate_character,
        caching=Caching.shared,
        cost=_character_cost,
        examples=examples("validate_character"),
    ),
    Operation(
        name="price_move",
        path="moves/price",
        summary="Price a Move in Spirit Dice",
        description="Move Rank from the Style's rank and shifts; Basic, Supernatural, Favored, Signature and the "
        "Mystic Attack's Wound surcharge; what a sample Move's rank gives.",
        request=RoyaleMoveRequest,
        answer=RoyaleMovePrice,
        run=price_move,
        caching=Caching.shared,
        examples=examples("price_move"),
    ),
    Operation(
        name="price_purchases",
        path="purchases/price",
        summary="Price purchases in Bonus Points and Training Points",
        request=RoyalePurchaseRequest,
        answer=RoyalePurchasePrice,
        run=price_purchases,
        caching=Caching.shared,
        cost=lambda request: 1 + len(request.purchases) // 10,
        examples=examples("price_purchases"),
    ),
    Operation(
        name="resolve_challenge",
        path="challenges/resolve",
        summary="Resolve a Challenge or Risky Challenge",
        description="One roll against a Target Number (a Difficulty Rank or a number); a Risky Challenge deals "
        "the shortfall as Damage Ranks, placed rank by rank as decisions or by the named policy.",
        request=RoyaleChallengeRequest,
        answer=RoyaleChallengeResult,
        run=resolve_challenge,
        caching=Caching.none,
        cost=lambda request: 2,
        examples=examples("resolve_challenge"),
    ),
    Operation(
        name="resolve_combat_challenge",
        path="combat-challenges/resolve",
        summary="Resolve a Combat Challenge",
        description="Both roll; the higher takes a Spirit Die from the Bowl, the lower a Failure Rank.",
        request=RoyaleCombatChallengeRequest,
        answer=RoyaleCombatChallengeResult,
        run=resolve_combat_challenge,
        caching=Caching.none,
        cost=lambda request: 3,
        examples=examples("resolve_combat_challenge"),
    ),
    Operation(
        name="resolve_bout",
        path="bouts/resolve-round",
        summary="Resolve a Bout round",
        description="Initiative by Spirit Dice, each side's three-dice split, the Strike and Counterstrike, then "
        "both sides' damage at once. A Combat Challenge in place of a round is resolved by "
        "combat-challenges/resolve.",
        request=RoyaleBoutRequest,
        answer=RoyaleBoutResult,
        run=resolve_bout,
        caching=Caching.none,
        cost=lambda request: 4,
        examples=examples("resolve_bout"),
    ),
    Operation(
        name="resolve_conflict",
        path="conflicts/resolve-round",
        summary="Resolve a Conflict round",
        description="Initiative by Spirit Dice (waiting allowed); each fighter acts once against one target and the "
        "defender reacts; damage is placed at once; Combat Strategies, Environmental Advantage, lone Minions and "
        "Minion Gangs.",
        request=RoyaleConflictRequest,
        answer=RoyaleConflictResult,
        run=resolve_conflict,
        caching=Caching.none,
        cost=lambda request: 2 + len(request.fighters) + len(request.actions),
        examples=examples("resolve_conflict"),
    ),
    Operation(
        name="start_session",
        path="sessions/start",
        summary="Start a session: the Bowl and the Spirit Dice",
        description="The Bowl's two dice per player (the GM too) and each character's Spirit Dice from the Box.",
        request=RoyaleSessionRequest,
        answer=RoyaleSessionStart,
        run=start_session,
        caching=Caching.shared,
        cost=lambda request: 1 + len(request.characters) // 4,
        examples=examples("start_session"),
    ),
    Operation(
        name="recover",
        path="recovery/resolve",
        summary="Recover Damage Ranks",
        description="Catch a Second Wind, bring Zeroed Out traits back to Poor with Spirit Dice, and end a Scene "
        "(Failure Ranks go, Wound Ranks heal); Mostly Dead fighters are restored first.",
        request=RoyaleRecoveryRequest,
        answer=RoyaleRecoveryResult,
        run=recover,
        caching=Caching.none,
        cost=lambda request: 1 + request.second_wind,
        examples=examples("recover"),
    ),
    Operation(
        name="simulate",
        path="simulate",
        summary="Simulate a matchup: many seeded Bouts between two fighters, each side played by a policy",
        description="Fights `offset` … `offset + count − 1` of the run named by `seed`, each Bout rounds played from "
        "the fighters as given with bouts/resolve-round, every plan declared and decision taken by the side's policy "
        "among what the resolver offers, until a side hits Absolute Zero. The answer carries sums (wins, draws, "
        "time-outs, fight lengths as a histogram, each side's Strikes, hits, Damage Ranks and Spirit Dice spent) "
        "and the figures derived from them (rates with 95 % Wilson intervals, mean and percentiles); answers of "
        "adjacent seed ranges of one run merge exactly (`simulate/merge`). The cost, fights × turn limit, is "
        "charged before any work. A lone Minion on either side is fought in Conflict rounds instead "
        "(conflicts/resolve-round: each side attacks the other and meets its attack; a Bout is for significant "
        "characters, 003 L840-L844).",
        request=RoyaleSimulationRequest,
        answer=SimulationSums,
        run=simulate,
        caching=Caching.none,
        cost=lambda r: run_cost(r.count, r.turn_limit),
        offload=True,
        examples=examples("simulate"),
    ),
    merge_operation(examples("merge_simulations")),
)
