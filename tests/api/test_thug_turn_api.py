"""Thug Thrashing turns over REST and GraphQL: the first turn of Grace against the bar gang (000 L6876–L6964) gives
the same answer both ways, and is the published OpenAPI example."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.fight2e.operations import examples
from tests.unit.fight2e.thug_thrashing.test_example import turn1_request

TURN = """query($t: Fight2eTurnRequestInput!) { fight2e { resolveTurn(input: $t) { __typename
  ... on Fight2eTurnResult { status fight { timeCount thugs { id members ranges { key value } nextTurnEvents } }
    fighters { id state { lifeBar fightingSpirit } } }
  ... on InvalidInput { problems { path message } } } } }"""


def test_the_published_example_is_the_tests_turn() -> None:
    assert examples("resolve_turn")["thug-thrashing-grace-turn-1"] == turn1_request()


def test_thug_turn_over_rest_and_graphql(client: TestClient[Litestar]) -> None:
    body = turn1_request()
    rest = client.post("/v1/fight2e/combat/resolve-turn", json=body)
    assert rest.status_code == 200
    answer = rest.json()
    assert answer["status"] == "resolved", answer["violations"]
    # 000 L6950: Life Bar 26; 000 L6964: FS 2; 000 L6942: three of the gang left, at Range 1
    state = answer["fighters"][0]["state"]
    assert (state["life_bar"], state["fighting_spirit"]) == (26, 2)
    groups = {g["id"]: g for g in answer["fight"]["thugs"]}
    assert groups["gang"]["members"] == 3 and groups["gang"]["ranges"] == {"grace": 1}
    variables = {"t": encode(graphql_type("Fight2eTurnRequestInput"), body)}
    out = client.post("/graphql", json={"query": TURN, "variables": variables}).json()
    assert out.get("data"), out
    gql = out["data"]["fight2e"]["resolveTurn"]
    assert gql["__typename"] == "Fight2eTurnResult" and gql["status"] == "resolved", gql
    assert gql["fight"]["timeCount"] == 95
    assert {g["id"]: g["members"] for g in gql["fight"]["thugs"]} == {"gang": 3, "leader": 1}
    assert gql["fighters"][0]["state"] == {"lifeBar": 26, "fightingSpirit": 2}


def test_an_action_on_a_defeated_group_is_refused(client: TestClient[Litestar]) -> None:
    body = turn1_request()
    body["fight"]["thugs"][0]["members"] = 0
    r = client.post("/v1/fight2e/combat/resolve-turn", json=body)
    assert r.status_code == 200
    answer = r.json()
    assert answer["status"] == "invalid"
    assert [v["code"] for v in answer["violations"]] == ["GROUP_DEFEATED"]
