"""The move optimiser over REST and GraphQL: its worked examples, malformed wishes as 4xx problems."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.rules.fight2e.operations import examples

PATH = "/v1/fight2e/moves/optimise"


def test_worked_examples_answer(client: TestClient[Litestar]) -> None:
    for name, body in examples("optimise_moves").items():
        answer = client.post(PATH, json=body).json()
        assert answer["status"] == "optimal", (name, answer["binding"])
        assert 1 <= len(answer["moves"]) <= body["answers"]
        for move in answer["moves"]:
            again = client.post("/v1/fight2e/moves/price", json=move["request"]).json()
            assert again["legal"] and again["move_points"] == move["price"]["move_points"]


def test_the_readme_example(client: TestClient[Litestar]) -> None:
    """The README's wish list re-finds Blooming Dance (000 L4980–L4988): L3, Ranged and Increased Damage ×2, 3 MP."""
    best = client.post(PATH, json=examples("optimise_moves")["readme-fireball"]).json()["moves"][0]
    elements = {(e["id"], e["times"]) for e in best["request"]["elements"]}
    assert (best["request"]["level"], best["price"]["move_points"]) == (3, 3)
    assert elements == {("ranged", 1), ("increased_damage", 2)}


def test_second_ask_is_cached(client: TestClient[Litestar]) -> None:
    body = {"keywords": ["reach_range"], "answers": 2}
    first = client.post(PATH, json=body)
    second = client.post(PATH, json=body)
    assert second.headers["x-cache"] in ("local", "redis") and second.json() == first.json()


@pytest.mark.parametrize(
    "body",
    [
        {"keywords": ["not_a_keyword"]},
        {"answers": 0},
        {"answers": 21},
        {"min_damage_die": "1d7"},
        {"include": ["no_such_entry"]},
        {"fighter": {"ki": 11}},
        {"wish": "anything"},
        {"min_range": 9},
        {"type": "ultra"},
    ],
)
def test_malformed_wishes_are_problems(client: TestClient[Litestar], body: dict[str, Any]) -> None:
    r = client.post(PATH, json=body)
    assert r.status_code == 400
    assert r.headers["content-type"].startswith("application/problem+json")


QUERY = """query($i: Fight2eOptimiseRequestInput!) { fight2e { optimiseMoves(input: $i) {
  ... on Fight2eOptimiseAnswer { status moves { request { level elements { id times } } price { legal movePoints } }
                                 binding { path } }
  ... on InvalidInput { problems { path } } } } }"""


def test_graphql(client: TestClient[Litestar]) -> None:
    found = client.post("/graphql", json={"query": QUERY, "variables": {"i": {"keywords": ["long_range"]}}}).json()
    answer = found["data"]["fight2e"]["optimiseMoves"]
    assert answer["status"] == "optimal" and all(m["price"]["legal"] for m in answer["moves"])
    none = {"i": {"keywords": ["long_range"], "forbiddenKeywords": ["long_range"]}}
    answer = client.post("/graphql", json={"query": QUERY, "variables": none}).json()["data"]["fight2e"]
    assert answer["optimiseMoves"]["status"] == "none_exists"
    bad = client.post("/graphql", json={"query": QUERY, "variables": {"i": {"minRange": 9}}}).json()
    assert bad["data"]["fight2e"]["optimiseMoves"]["problems"][0]["path"] == "minRange"


def test_graphql_charges_it_as_expensive(client: TestClient[Litestar]) -> None:
    """Operation.cost is 50 + 5 per answer: one request at the most answers (150) fits the default limit (200),
    two in one document do not."""
    one = "optimiseMoves(input: $i) { ... on Fight2eOptimiseAnswer { status } }"
    twice = f"query($i: Fight2eOptimiseRequestInput!) {{ fight2e {{ a: {one} b: {one} }} }}"
    found = client.post("/graphql", json={"query": twice, "variables": {"i": {"answers": 20}}}).json()
    assert found["data"] is None and found["errors"][0]["extensions"]["code"] == "QUERY_TOO_COSTLY"
