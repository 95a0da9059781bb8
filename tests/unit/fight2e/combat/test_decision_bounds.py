"""How long a Combo one decision may name: every Combo a Control roll can pay for, and no more than that bound."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from service.rules.fight2e.combat.contract.models import DecisionValue


def test_a_long_combo_fits_in_one_decision() -> None:
    # Combo Skill 10 plus 10 Easy to Combo moves (000 L3260): 20 moves, each at least 1 Control (000 L5779).
    assert len(DecisionValue.model_validate({"action": "attack", "moves": ["basic_move"] * 20}).moves or []) == 20


def test_more_moves_than_any_control_pays_for_are_refused() -> None:
    with pytest.raises(ValidationError):
        DecisionValue.model_validate({"action": "attack", "moves": ["basic_move"] * 31})
