"""Elements that need another of the Fighter's moves (moves digest part 2 §2.9; 000 L3822, L3904, L4644, L4958,
L4972, L3264, L3083)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.fighters.support import BUILDS, el, validate


def with_moves(*extra: dict[str, Any]) -> dict[str, Any]:
    """The valid PL 5 Fighter with more moves: the findings below are the ones the new moves bring."""
    fighter = copy.deepcopy(BUILDS["pl5"]())
    fighter["moves"] = [*fighter["moves"], *extra]
    return fighter


def move(name: str, level: int, elements: list, liabilities: list | None = None) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "special",
        "level": level,
        "elements": elements,
        "liabilities": liabilities or [],
        "acquired_at_pl": 5,
    }


def codes_of(fighter: dict[str, Any]) -> set[str]:
    r = validate(fighter)
    return {f.code for f in (*r.violations, *r.warnings)}


def test_prop_recovery_needs_a_prop_move() -> None:
    alone = move("Pick Up", 3, [el("prop_recovery"), el("increased_damage", 2)])
    assert "CROSS_MOVE_REFERENCE_MISSING" in codes_of(with_moves(alone))
    prop = move("Bottle Swing", 3, [el("increased_damage", 4)], [el("prop")])
    assert "CROSS_MOVE_REFERENCE_MISSING" not in codes_of(with_moves(alone, prop))


def test_power_enhancer_target_must_be_another_move() -> None:
    enhancer = move(
        "Focus", 3, [el("power_enhancer", target_moves="Nowhere Kick", additional_targets=0, additional_uses=0)]
    )
    assert "CROSS_MOVE_REFERENCE_MISSING" in codes_of(with_moves(enhancer))


def test_limited_choice_on_every_super_or_none() -> None:
    fighter = with_moves()
    supers = [m for m in fighter["moves"] if m.get("kind") == "super"]
    assert supers, "the PL 5 build has a Super Move"
    supers[0]["liabilities"] = [*supers[0].get("liabilities", []), el("limited_choice")]
    second = copy.deepcopy(supers[0])
    second["name"] = "Second Super"
    second["liabilities"] = [x for x in second["liabilities"] if x["id"] != "limited_choice"]
    fighter["moves"].append(second)
    assert "LIMITED_CHOICE_INCONSISTENT" in codes_of(fighter)


def test_cancel_throw_without_a_throw_is_a_warning() -> None:
    # Cancel Throw turns a hit into one of the Fighter's Throw Special Moves (000 L3083): without any, a warning.
    fighter = with_moves(move("Shake Off", 3, [el("cancel_throw"), el("increased_damage", 3)]))
    fighter["moves"] = [m for m in fighter["moves"] if not any(e["id"] == "throw" for e in m.get("elements", []))]
    found = validate(fighter)
    assert "CANCEL_THROW_NO_THROW_MOVE" in {f.code for f in found.warnings}
    assert "CANCEL_THROW_NO_THROW_MOVE" not in {f.code for f in found.violations}
    fighter["moves"].append(move("Grab", 2, [el("throw")]))
    assert "CANCEL_THROW_NO_THROW_MOVE" not in codes_of(fighter)
