"""Property tests of Thug Thrashing turns, as for the main system: whatever the seed, the groups' sizes and Ranges,
and whichever offered choice is taken at each decision, a turn never fails inside, keeps every figure in bounds
(Thugs are only ever taken out, 000 L6568; a pushed group stops at Range 4, 000 L5950) and answers the same request
the same way."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from service.rules.fight2e.operations import examples
from tests.unit.fight2e.combat.fixtures import drive_offered


def _start() -> dict[str, Any]:
    """Grace's first turn against the bar gang (the published example), with its dice and decisions taken away."""
    body = copy.deepcopy(examples("resolve_turn")["thug-thrashing-grace-turn-1"])
    body["decisions"], body["rolls"] = {}, {}
    return body


@given(
    seed=st.integers(0, 2**31),
    members=st.lists(st.integers(1, 10), min_size=1, max_size=2),
    ranges=st.lists(st.integers(0, 4), min_size=2, max_size=2),
    data=st.data(),
)
def test_offered_choices_always_resolve(seed: int, members: list[int], ranges: list[int], data: st.DataObject) -> None:
    body = _start()
    groups = body["fight"]["thugs"][: len(members)]
    for g, n, r in zip(groups, members, ranges, strict=False):
        g["members"] = n
        g["ranges"] = {"grace": r}
    body["fight"]["thugs"] = groups
    body.update(seed=seed)
    out = drive_offered(body, data, 16)
    # an offered choice is legal: the turn ends resolved or with the fight over, never invalid
    assert out["status"] in ("resolved", "over"), out["violations"]
    grace = next(f for f in out["fighters"] if f["id"] == "grace")["state"]
    assert 0 <= grace["life_bar"] <= next(f for f in body["fighters"] if f["id"] == "grace")["state"]["life_bar"]
    assert grace["fighting_spirit"] >= 0
    assert 0 <= grace["super_energy"] <= 10
    after = {g["id"]: g for g in out["fight"]["thugs"]}
    for g in groups:
        left = after[g["id"]]["members"]
        assert 0 <= left <= g["members"]  # Thugs never come back within a turn
        assert all(0 <= r <= 4 for r in after[g["id"]]["ranges"].values())
    again = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert again == out
