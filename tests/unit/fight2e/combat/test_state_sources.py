"""The fighter state's `source` fields are enumerations that hold every source the rules lay (issue 12)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from pydantic import ValidationError

from service.rules.fight2e.catalogue.records import DieShiftNextTurn
from service.rules.fight2e.combat.contract.models import AccuracySource, DieShiftSource, FighterState
from service.rules.fight2e.combat.registry import points as records

COMBAT = Path(records.__file__).parents[1]


def test_every_move_record_die_shift_has_a_source() -> None:
    entries = {e for e, rs in records.catalog().records.items() if any(isinstance(r, DieShiftNextTurn) for r in rs)}
    assert entries and entries <= set(DieShiftSource)


def test_every_die_shift_the_rules_lay_has_a_source() -> None:
    laid = {
        node.elts[2].value
        for path in COMBAT.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Tuple)
        and len(node.elts) == 3
        and isinstance(node.elts[0], ast.Constant)
        and node.elts[0].value in ("initiative", "control", "either")
        and isinstance(node.elts[2], ast.Constant)
    }
    assert {"full_defense", "stood_up", "phobia"} <= laid  # the scan sees them
    assert laid <= set(DieShiftSource)


def test_every_waiting_accuracy_bonus_has_a_source() -> None:
    laid = {
        node.args[0].elts[2].value
        for path in COMBAT.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and ast.unparse(node.func).endswith("pending_acc.append")
        and isinstance(node.args[0], ast.Tuple)
    }
    assert laid == set(AccuracySource)


def test_free_text_sources_are_refused_and_may_be_left_out() -> None:
    ok = {"life_bar": 1, "fighting_spirit": 0, "next_turn_dice": [{"target": "initiative", "steps": -1}]}
    assert FighterState.model_validate(ok).next_turn_dice[0].source is None
    with pytest.raises(ValidationError):
        FighterState.model_validate({**ok, "next_turn_dice": [{"target": "initiative", "steps": -1, "source": "x"}]})
    with pytest.raises(ValidationError):
        FighterState.model_validate({**ok, "pending_accuracy": [{"amount": 2, "source": "a note"}]})
