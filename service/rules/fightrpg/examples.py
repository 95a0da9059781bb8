"""Worked requests: published in the contract as each operation's examples, and checked by the tests against
figures worked out by hand from the text (tests/unit/fightrpg)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


def _examples(operation: str) -> dict[str, dict[str, Any]]:
    return json.loads((EXAMPLES / f"{operation}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


# "The Dragon" of 002 L88 and L106 (Spirit 4) and its foe "The Tiger"; the other attributes are the default pack's,
# chosen for the example. They are data (data/examples/fighters.json), as the attribute ids are the pack's.
FIGHTERS = _examples("fighters")
DRAGON_ATTRIBUTES: dict[str, int] = FIGHTERS["dragon"]["attributes"]


def _fighter(name: str, changes: dict[str, Any]) -> dict[str, Any]:
    return {**copy.deepcopy(FIGHTERS[name]), **changes}


def dragon(**changes: Any) -> dict[str, Any]:
    return _fighter("dragon", changes)


def tiger(**changes: Any) -> dict[str, Any]:
    return _fighter("tiger", changes)


def validate_examples() -> dict[str, dict[str, Any]]:
    """002 L88: Spirit 4 lets 4 of a pool of 13 go to Complex Action; 002 L106: after one Spirit injury, at least 1
    of the pool goes to Complex Action."""
    return _examples("validate_fighter")


def price_examples() -> dict[str, dict[str, Any]]:
    """The menu and a technique; a bundle off the menu beside a Complex Action (002 L16-L80)."""
    return _examples("price_actions")


def round_examples() -> dict[str, dict[str, Any]]:
    """A round in step mode, and a seeded round played by policies."""
    return _examples("resolve_round")


def simulation_examples(operation: str) -> dict[str, dict[str, Any]]:
    """A matchup run (`simulate`), and two of its parts to merge (`merge_simulations`)."""
    path = EXAMPLES / f"{operation}.json"
    return _examples(operation) if path.exists() else {}
