"""The worked request bodies published in the contract are the tests' own, and each answers as it should."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.rules.core.ruleset import rulesets
from service.rules.fight2e.operations import examples
from tests.unit.fight2e.combat.fixtures import example_request
from tests.unit.fight2e.fighters.support import tsuto_pl8, wayne_pl1


def test_published_examples_are_the_tests_builds() -> None:
    assert examples("validate_fighter") == {
        "pl1-fighter": {"fighter": wayne_pl1()},
        "pl8-fighter": {"fighter": tsuto_pl8()},
    }
    turn = {**example_request(), "seed": 7}
    turn.pop("lenient", None)  # published in the default, strict mode: a key that fits nothing is a violation
    assert examples("resolve_turn")["first-turn-seeded"] == turn


def test_every_operation_has_an_example_in_the_contract(client: TestClient[Litestar]) -> None:
    paths = client.get("/schema/openapi.json").json()["paths"]
    for ruleset in rulesets():
        for op in ruleset.operations:
            content = paths[f"/v1/{ruleset.id}/{op.path}"]["post"]["requestBody"]["content"]["application/json"]
            assert content["examples"], op.name


def test_each_example_answers_as_a_player_expects(client: TestClient[Litestar]) -> None:
    post = client.post
    # The README's move: L3 with Ranged and Increased Damage ×2 at Ki 4 is legal and costs 3 Move Points.
    move = post("/v1/fight2e/moves/price", json=examples("price_move")["legal-move"]).json()
    assert (move["legal"], move["move_points"]) == (True, 3)
    assert post("/v1/fight2e/moves/price", json=examples("price_move")["smallest-move"]).json()["legal"]
    batch = post("/v1/fight2e/moves/price-batch", json=examples("price_moves")["two-moves"]).json()
    assert len(batch["results"]) == 2
    for name in ("pl1-fighter", "pl8-fighter"):  # the hand-built PL 1 and PL 8 Fighters of the build tests
        fighter = post("/v1/fight2e/fighters/validate", json=examples("validate_fighter")[name]).json()
        assert fighter["valid"], (name, fighter["violations"])
    # A turn sent with a seed and no decisions yet: a well-formed start of step mode, never a violation.
    turn = post("/v1/fight2e/combat/resolve-turn", json=examples("resolve_turn")["first-turn-seeded"]).json()
    assert turn["status"] != "invalid" and not turn["violations"], turn["violations"]
    string = post("/v1/fight2e/moves/attack-string", json=examples("price_attack_string")["four-basic-moves"]).json()
    assert (string["legal"], string["counted_length"]) == (True, 7)  # as in test_rest: Skill 7 counts 7
