"""Worked requests: published in the contract as each operation's examples, and checked by the tests against
figures worked out by hand from the text (tests/unit/fightrpg)."""

from __future__ import annotations

from typing import Any

# "The Dragon" of 002 L88 and L106: Spirit 4; the other attributes are the default pack's, chosen for the example.
DRAGON_ATTRIBUTES = {"damage": 3, "knockdown": 2, "grapple": 2, "move": 3, "block": 2, "spirit": 4}


def dragon(**changes: Any) -> dict[str, Any]:
    return {"id": "dragon", "name": "The Dragon", "player": True, "attributes": dict(DRAGON_ATTRIBUTES), **changes}


def tiger(**changes: Any) -> dict[str, Any]:
    attributes = {"damage": 3, "knockdown": 2, "grapple": 3, "move": 2, "block": 3, "spirit": 1}
    return {"id": "tiger", "attributes": attributes, **changes}


def validate_examples() -> dict[str, dict[str, Any]]:
    return {
        # 002 L88: Spirit 4 lets 4 of a pool of 13 go to Complex Action.
        "spirit-4-allocation": {
            "fighter": dragon(),
            "pool": [6, 5, 2],
            "allocation": {"damage": 3, "block": 2, "move": 2, "grapple": 2, "complex_action": 4},
        },
        # 002 L106: after one Spirit injury, at least 1 of the pool goes to Complex Action.
        "spirit-injury": {
            "fighter": dragon(damage=9, injuries={"spirit": 1}),
            "pool": [4, 3, 1],
            "allocation": {"damage": 3, "block": 2, "complex_action": 3},
        },
    }


def price_examples() -> dict[str, dict[str, Any]]:
    return {
        "menu-and-technique": {
            "tokens": {"damage": 2, "knockdown": 1, "grapple": 1, "move": 2, "block": 1, "complex_action": 1},
            "power_points": 1,
            "actions": [
                {"kind": "attack", "damage": 1, "knockdown": 1},
                {"kind": "grab", "knockdown": 1},
                {"kind": "evade"},
                {"kind": "technique", "technique": "focused_blow"},
            ],
        }
    }


def round_examples() -> dict[str, dict[str, Any]]:
    return {
        "dragon-vs-tiger": {
            "fighters": [dragon(), tiger()],
            "rolls": {
                "R1.dragon.pool.1": 5,
                "R1.dragon.pool.2": 3,
                "R1.dragon.pool.3": 2,
                "R1.tiger.pool.1": 4,
                "R1.tiger.pool.2": 4,
                "R1.tiger.pool.3": 1,
            },
            "decisions": {
                "R1.dragon.allocation": {
                    "allocation": {"damage": 2, "grapple": 1, "move": 3, "block": 1, "complex_action": 3}
                },
                "R1.tiger.allocation": {
                    "allocation": {"damage": 3, "knockdown": 1, "grapple": 1, "block": 2, "complex_action": 1}
                },
            },
        },
        "seeded-policies": {
            "fighters": [dragon(), tiger()],
            "seed": 7,
            "policies": {
                "dragon": {"allocation": "balanced", "actions": "aggressive", "responses": "guard", "injuries": "take"},
                "tiger": {"allocation": "offense", "actions": "aggressive", "responses": "guard", "injuries": "take"},
            },
        },
    }
