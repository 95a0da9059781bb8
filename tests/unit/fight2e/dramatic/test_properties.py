"""Property tests of Dramatic turns, as for the main system: whatever the seed and whichever offered choice is taken
at each decision, a turn never fails inside, keeps every figure in bounds and answers the same request the same way."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.combat.fixtures import drive_offered
from tests.unit.fight2e.dramatic.test_example import _start


@given(seed=st.integers(0, 2**31), start_range=st.integers(0, 4), ap=st.integers(0, 6), data=st.data())
def test_offered_choices_always_resolve(seed: int, start_range: int, ap: int, data: st.DataObject) -> None:
    body = copy.deepcopy(_start())
    body["fight"]["positioning"]["range"] = start_range
    for f in body["fighters"]:
        f["state"]["dramatic"] = {"action_points": ap}
    body.update(seed=seed, decisions={})
    out = drive_offered(body, data, 12)
    # an offered choice is legal: the turn ends resolved or with the round over, never invalid
    assert out["status"] in ("resolved", "over"), out["violations"]
    for f in out["fighters"]:
        s = f["state"]
        assert 0 <= s["life_bar"] <= 25
        assert 0 <= s["fighting_spirit"] <= 30
        assert s["dramatic"]["action_points"] >= 0
        assert 0 <= s["super_energy"] <= 10
    # Range 5 only by Leaving Combat or a knock out of the fight (000 L7152, L7195)
    assert 0 <= out["fight"]["positioning"]["range"] <= 5
    again = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert again == out
