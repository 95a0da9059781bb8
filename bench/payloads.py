"""Request bodies shared by the core microbenchmarks and the load scenarios."""

from __future__ import annotations

import copy
import json
from typing import Any

# Replaced per request by the load generators (a run tag, a thread/connection id and a counter) to make every
# body unique, so that every request is a cache miss. It sits in the free-text `name`, which is part of the key.
MARK = "@@UNIQUE@@"

# A realistic, legal 10-element Special Move: 9 Element instances and 1 Liability, every id from the catalogue.
MOVE: dict[str, Any] = {
    "level": 7,
    "elements": [
        {"id": "increased_damage", "times": 4},
        {"id": "hits_low"},
        {"id": "anti_air"},
        {"id": "crouching"},
        {"id": "easy_to_combo"},
        {"id": "increased_glory"},
    ],
    "liabilities": [{"id": "decreased_accuracy"}],
}

BATCH_SIZE = 100

GRAPHQL_QUERY = """query Price($move: Fight2eMoveRequestInput!) { fight2e {
  priceMove(input: $move) {
    ... on Fight2eMovePrice {
    name type level legal
    violations { code path message ref { chapter section line } }
    warnings { code path message ref { chapter section line } }
    elementSlots liabilitySlots elementsSpent unusedSlots movePoints control glory accuracy
    accuracyVs { defense evasion tactics }
    damage { die dieWithStrength flatBonus minimumRoll stunBonus basedOn }
    keywords comboKeywords
    range { min max }
    superEnergyCost
    entries { id name kind times cost path }
    }
  }
} }"""


def dumps(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def move(name: str | None = None) -> dict[str, Any]:
    out = copy.deepcopy(MOVE)
    if name is not None:
        out["name"] = name
    return out


def batch(first_name: str | None = None, size: int = BATCH_SIZE) -> dict[str, Any]:
    """`size` moves, named "Move 0".."Move n"; `first_name` renames the first (to make the batch unique)."""
    moves = [move(f"Move {i}") for i in range(size)]
    if first_name is not None:
        moves[0]["name"] = first_name
    return {"moves": moves}


def as_variables(type_name: str, body: dict[str, Any]) -> Any:
    """A REST body as the GraphQL input of the same operation (camelCase, maps as key/value lists)."""
    from service.graphql.schema import graphql_type
    from service.graphql.variables import encode

    return encode(graphql_type(type_name), body)


def graphql(move_body: dict[str, Any]) -> dict[str, Any]:
    variables = {"move": as_variables("Fight2eMoveRequestInput", move_body)}
    return {"query": GRAPHQL_QUERY, "variables": variables, "operationName": "Price"}


# ---- Fighter validation: the PL 8 Fighter with 24 moves of the Fighter tests (Tsuto, a valid sheet).

FIGHTER_MOVES = 24

FIGHTER_QUERY = """query Validate($request: Fight2eFighterRequestInput!) { fight2e {
  validateFighter(input: $request) {
    ... on Fight2eFighterValidation { valid violations { code } derived { effectivePowerLevel lifeBar }
      moves { name movePoints } }
  }
} }"""

TURN_QUERY = """query Turn($turn: Fight2eTurnRequestInput!) { fight2e {
  resolveTurn(input: $turn) {
    ... on Fight2eTurnResult { status winner log { step text } fighters { id state { lifeBar fightingSpirit } } }
  }
} }"""


def fighter_sheet() -> dict[str, Any]:
    """The PL 8 sheet of tests/unit/fight2e/fighters/support.py (BUILDS["pl8"]), padded to 24 moves if it has fewer."""
    from tests.unit.fight2e.fighters.support import BUILDS, L3_BUILDS

    sheet = copy.deepcopy(BUILDS["pl8"]())
    moves = sheet["moves"]
    for i in range(len(moves), FIGHTER_MOVES):  # padding: full L3 builds (4 Elements, 3 MP each)
        moves.append({"name": f"Bench Form {i + 1}", "level": 3, "elements": copy.deepcopy(L3_BUILDS[i % 19])})
    return sheet


def fighter(name: str | None = None) -> dict[str, Any]:
    """A FighterRequest body; `name` replaces the Fighter's name (part of the cache key: a unique sheet)."""
    sheet = fighter_sheet()
    if name is not None:
        sheet["name"] = name
    return {"fighter": sheet, "campaign": {}}


def graphql_fighter(request: dict[str, Any]) -> dict[str, Any]:
    return {
        "query": FIGHTER_QUERY,
        "variables": {"request": as_variables("Fight2eFighterRequestInput", request)},
        "operationName": "Validate",
    }


# ---- Combat: the turn of service/rules/fight2e/combat/benchmark.py (two PL 4 Fighters, three-hit Combos).


def turn() -> dict[str, Any]:
    """The combat micro-benchmark's TurnRequest as the JSON a client sends (only the fields it sets)."""
    from service.rules.fight2e.combat.benchmark import request

    return request().model_dump(mode="json", exclude_unset=True)


def graphql_turn(turn_body: dict[str, Any], nonce: str | None = None) -> dict[str, Any]:
    """`nonce`, when given, is an extra variable the operation does not declare (GraphQL ignores it): it makes
    the body unique without changing the turn, so the service's repeated-body cache cannot answer it."""
    variables: dict[str, Any] = {"turn": as_variables("Fight2eTurnRequestInput", turn_body)}
    if nonce is not None:
        variables["nonce"] = nonce
    return {"query": TURN_QUERY, "variables": variables, "operationName": "Turn"}


# ---- Fight RPG (seed 002): the published examples of its round and its Fighter validation.
FIGHTRPG_ROUND_QUERY = """query Round($round: FightrpgRoundRequestInput!) { fightrpg {
  resolveRound(input: $round) { ... on FightrpgRoundResult { status passes
  fighters { id damage powerPoints } } } } }"""


def fightrpg_round() -> dict[str, Any]:
    from service.rules.fightrpg.examples import round_examples

    return round_examples()["seeded-policies"]


def graphql_fightrpg_round(nonce: str | None = None) -> dict[str, Any]:
    variables: dict[str, Any] = {"round": as_variables("FightrpgRoundRequestInput", fightrpg_round())}
    if nonce is not None:
        variables["nonce"] = nonce
    return {"query": FIGHTRPG_ROUND_QUERY, "variables": variables, "operationName": "Round"}


def fightrpg_fighter(name: str | None = None) -> dict[str, Any]:
    from service.rules.fightrpg.examples import validate_examples

    body = validate_examples()["spirit-4-allocation"]
    return {**body, "fighter": {**body["fighter"], "name": name or body["fighter"]["name"]}}
