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


def test_super_move_enhancer_names_a_super_move() -> None:
    # 000 L4233–L4237: the Element feeds a Super Move; naming a Special Move is a misfit, naming a Super Move is not.
    fighter = with_moves()
    special = next(m for m in fighter["moves"] if m.get("kind", "special") == "special")
    super_move = next(m for m in fighter["moves"] if m.get("kind") == "super")
    for target, refused in ((special["name"], True), (super_move["name"], False)):
        enhancer = move("Gather", 3, [el("super_move_enhancer", target_super=target), el("increased_damage", 1)])
        found = codes_of(with_moves(enhancer))
        assert ("CROSS_MOVE_REFERENCE_MISSING" in found) is refused, target


def test_end_buff_ends_a_buff_with_early_ending() -> None:
    # 000 L3264: End Buff needs another Special Move with both Buff and Early Ending.
    plain_buff = move("Power Stance", 3, [el("buff")])
    early = move("Quick Stance", 3, [el("buff"), el("buff.early_ending")])
    named_plain = move("Stance Break", 2, [el("end_buff", target_buff="Power Stance"), el("increased_damage", 1)])
    assert "END_BUFF_TARGET_MISSING" in codes_of(with_moves(named_plain, plain_buff))
    named_early = move("Stance Break", 2, [el("end_buff", target_buff="Quick Stance"), el("increased_damage", 1)])
    assert "END_BUFF_TARGET_MISSING" not in codes_of(with_moves(named_early, early))
    unnamed = move("Stance Break", 2, [el("end_buff"), el("increased_damage", 1)])
    assert "END_BUFF_TARGET_MISSING" in codes_of(with_moves(unnamed, plain_buff))
    assert "END_BUFF_TARGET_MISSING" not in codes_of(with_moves(unnamed, early))


def test_super_reload_needs_a_limited_use_move() -> None:
    # 000 L4960: Super Reload needs at least one other move with Limited Use.
    fighter = with_moves()
    super_move = next(m for m in fighter["moves"] if m.get("kind") == "super")
    super_move["liabilities"] = [*super_move.get("liabilities", []), el("super_reload")]
    assert "CROSS_MOVE_REFERENCE_MISSING" in codes_of(fighter)
    fighter["moves"].append(move("Last Shot", 3, [el("increased_damage", 4)], [el("limited_use", pool="Shells")]))
    assert "CROSS_MOVE_REFERENCE_MISSING" not in codes_of(fighter)


def test_one_pool_reloads_one_way() -> None:
    # 000 L4603: a pool of charges is set with its first move; every move drawing on it shares its reload.
    a = move(
        "Shot", 3, [el("increased_damage", 4)], [el("limited_use", pool="Shells", reload_method="reload_command_move")]
    )
    b = move("Blast", 3, [el("increased_damage", 4)], [el("limited_use", pool="shells", reload_method="super_reload")])
    c = move(
        "Blast", 3, [el("increased_damage", 4)], [el("limited_use", pool="Shells", reload_method="reload_command_move")]
    )
    assert "LIMITED_USE_POOL_INCONSISTENT" in codes_of(with_moves(a, b))
    assert "LIMITED_USE_POOL_INCONSISTENT" not in codes_of(with_moves(a, c))


def test_move_sub_set_opens_from_a_move_on_the_sheet() -> None:
    # 000 L4654: the move follows its designated Opening Move.
    follow = move("Second Step", 3, [el("increased_damage", 5)], [el("move_sub_set", opening_move="First Step")])
    assert "SEQUENCE_OPENING_MISSING" in codes_of(with_moves(follow))
    opening = move("First Step", 3, [el("increased_damage", 4)])
    assert "SEQUENCE_OPENING_MISSING" not in codes_of(with_moves(follow, opening))
