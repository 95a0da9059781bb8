"""Property tests of pricing: deterministic, never raises, cost at least 1, monotone in Elements and Liabilities."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move

CAT = catalog()
ELEMENT_IDS = sorted(e.id for e in CAT.elements())
LIABILITY_IDS = sorted(e.id for e in CAT.liabilities())


def choices(ids: list[str]) -> st.SearchStrategy[list[dict]]:
    entry = st.fixed_dictionaries({"id": st.sampled_from(ids), "times": st.integers(1, 4)})
    return st.lists(entry, max_size=6, unique_by=lambda e: e["id"])


moves = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["special", "super"]),
        "level": st.integers(0, 12),
        "elements": choices(ELEMENT_IDS),
        "liabilities": choices(LIABILITY_IDS),
        "fighter": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {
                    "power_level": st.integers(1, 10),
                    "ki": st.integers(0, 10),
                    "strength": st.integers(-2, 3),
                    "styles": st.integers(1, 3),
                }
            ),
        ),
    }
)


@given(moves)
def test_pricing_is_deterministic_and_total(move: dict) -> None:
    request = MoveRequest.model_validate(move)
    first = price_move(request)
    assert first == price_move(MoveRequest.model_validate(move))
    assert first.move_points >= 1
    assert first.legal == (not first.violations)


@given(moves, st.sampled_from(ELEMENT_IDS))
def test_adding_an_element_never_lowers_the_cost(move: dict, extra: str) -> None:
    if any(e["id"] == extra for e in move["elements"]):
        return
    before = price_move(MoveRequest.model_validate(move)).move_points
    after = price_move(MoveRequest.model_validate({**move, "elements": [*move["elements"], {"id": extra}]}))
    assert after.move_points >= before


@given(moves, st.sampled_from(LIABILITY_IDS))
def test_adding_a_liability_never_raises_the_cost(move: dict, extra: str) -> None:
    if any(e["id"] == extra for e in move["liabilities"]):
        return
    before = price_move(MoveRequest.model_validate(move)).move_points
    after = price_move(MoveRequest.model_validate({**move, "liabilities": [*move["liabilities"], {"id": extra}]}))
    assert after.move_points <= before
