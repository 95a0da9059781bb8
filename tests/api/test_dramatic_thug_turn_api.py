"""Dramatic Combat with Thug groups over REST and GraphQL (000 L7074–L7076): Ava's boosted Basic Move takes a Thug
out and a Dramatic Villain group banks its point, the same answer both ways; the turn is the published OpenAPI
example. The figures are worked out in
tests/unit/fight2e/dramatic/test_thugs.py."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.fight2e.operations import examples
from tests.unit.fight2e.dramatic.test_thugs import BOOSTED, DEFENSE, IDLE, request

TURN = """query($t: Fight2eTurnRequestInput!) { fight2e { resolveTurn(input: $t) { __typename
  ... on Fight2eTurnResult { status fight { timeCount thugs { id members actionPoints attacked } }
    fighters { id state { lifeBar dramatic { actionPoints } } } }
  ... on InvalidInput { problems { path message } } } } }"""


def _body() -> dict:
    body = request(("dramatic_villain",))
    # Ava (6 on her 1d8) goes first; her point buys a die size: Life Save 5 − 2 − 1 = 2 and the 3 rolled is out
    # (000 L6570, L7110). The group's own point, from Dramatic Villain (000 L6632), is kept: it does not boost.
    body["decisions"] = {
        "T1.ava.action": BOOSTED,
        "T1.ava.action.2": IDLE,
        "T1.ava.defense": DEFENSE,
        "T1.g.boost": {"choice": "pass"},
    }
    body["rolls"] = {"T1.ava.init": 6, "T1.g.init": 1, "T1.ava.attack": 2, "T1.g.life_save": 3, "T1.g.attack": 1}
    body["rolls"]["T1.fight.time"] = 3
    return body


def test_the_published_example_is_the_tests_turn() -> None:
    assert examples("resolve_turn")["dramatic-thug-thrashing-turn-1"] == _body()


def test_dramatic_thug_turn_over_rest_and_graphql(client: TestClient[Litestar]) -> None:
    body = _body()
    rest = client.post("/v1/fight2e/combat/resolve-turn", json=body)
    assert rest.status_code == 200
    answer = rest.json()
    assert answer["status"] == "resolved", answer["violations"]
    g = answer["fight"]["thugs"][0]
    assert (g["members"], g["action_points"], g["attacked"]) == (4, 1, True)
    state = answer["fighters"][0]["state"]
    assert (state["life_bar"], state["dramatic"]["action_points"]) == (20, 0)
    assert answer["fight"]["time_count"] == 96  # 1d8 with Thugs: 99 − 3 (000 L6734)
    variables = {"t": encode(graphql_type("Fight2eTurnRequestInput"), body)}
    out = client.post("/graphql", json={"query": TURN, "variables": variables}).json()
    assert out.get("data"), out
    gql = out["data"]["fight2e"]["resolveTurn"]
    assert gql["__typename"] == "Fight2eTurnResult" and gql["status"] == "resolved", gql
    assert gql["fight"]["thugs"] == [{"id": "g", "members": 4, "actionPoints": 1, "attacked": True}]
    assert gql["fight"]["timeCount"] == 96
    assert gql["fighters"][0]["state"] == {"lifeBar": 20, "dramatic": {"actionPoints": 0}}
