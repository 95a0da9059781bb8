"""The generated Fighters the combat property tests fight with are legal: the Fighter validator accepts every one
(no violation), so the combat properties run over sheets a player could really bring to a fight."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings

from service.rules.fight2e.fighters import validate_fighter
from service.rules.fight2e.fighters.fighter_models import FighterRequest
from tests.conftest import examples

from .strategies import fighters


@settings(max_examples=examples(ci=60), derandomize=True, database=None)  # each example validates a whole Fighter
@given(fighters())
def test_generated_fighters_are_legal(sheet: dict[str, Any]) -> None:
    res = validate_fighter(FighterRequest.model_validate({"fighter": sheet}))
    assert res.valid, [(v.code, v.path, v.message) for v in res.violations]
    assert res.derived.life_bar == sheet["life_bar"]
