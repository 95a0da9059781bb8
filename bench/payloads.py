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

GRAPHQL_QUERY = """query Price($move: MoveInput!) {
  priceMove(move: $move) {
    ... on MovePrice {
    name type level legal
    violations { code path message ref }
    warnings { code path message ref }
    elementSlots liabilitySlots elementsSpent unusedSlots movePoints control glory accuracy
    accuracyVs { defense evasion tactics }
    damage { die dieWithStrength flatBonus minimumRoll stunBonus basedOn }
    keywords comboKeywords
    range { min max }
    superEnergyCost
    entries { id name kind times cost path }
    }
  }
}"""


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


def graphql(move_body: dict[str, Any]) -> dict[str, Any]:
    return {"query": GRAPHQL_QUERY, "variables": {"move": move_body}, "operationName": "Price"}
