"""Dramatic Combat over REST and GraphQL: the first turn of Rei against Dr. Battle (000 L7341–L7371) gives the same
answer both ways, and the end-of-combat operation answers."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from tests.unit.fight2e.dramatic.test_example import _start

TURN = """query($t: Fight2eTurnRequestInput!) { fight2e { resolveTurn(input: $t) { __typename
  ... on Fight2eTurnResult { status fight { timeCount positioning { range } }
    fighters { id state { lifeBar superEnergy dramatic { actionPoints } } } }
  ... on InvalidInput { problems { path message } } } } }"""


def _turn1() -> dict:
    return {
        **_start(),
        "decisions": {
            "T1.rei.action": {
                "option": "property_damage",
                "target": "battle",
                "movement": 1,
                "direction": "away",
                "fs": 3,
            },
            "T1.battle.defense": {"defense": "evasion", "fs": 2},
        },
        "rolls": {"T1.rei.init": 7, "T1.battle.init": 7, "T1.rei.attack": 3, "T1.rei.damage": 6, "T1.fight.time": 4},
    }


def test_dramatic_turn_over_rest_and_graphql(client: TestClient[Litestar]) -> None:
    body = _turn1()
    rest = client.post("/v1/fight2e/combat/resolve-turn", json=body)
    assert rest.status_code == 200
    answer = rest.json()
    assert answer["status"] == "resolved"
    # 000 L7363: Battle 25 → 19; 000 L7367: Range 4, Rei 1 point; 000 L7371: Time 95
    states = {f["id"]: f["state"] for f in answer["fighters"]}
    assert states["battle"]["life_bar"] == 19 and states["rei"]["dramatic"]["action_points"] == 1
    variables = {"t": encode(graphql_type("Fight2eTurnRequestInput"), body)}
    out = client.post("/graphql", json={"query": TURN, "variables": variables}).json()
    gql = out["data"]["fight2e"]["resolveTurn"]
    assert gql["__typename"] == "Fight2eTurnResult" and gql["status"] == "resolved"
    assert gql["fight"] == {"timeCount": 95, "positioning": {"range": 4}}
    g = {f["id"]: f["state"] for f in gql["fighters"]}
    assert g["battle"]["lifeBar"] == 19 and g["rei"]["dramatic"]["actionPoints"] == 1
    assert (g["rei"]["superEnergy"], g["battle"]["superEnergy"]) == (1, 2)


def test_dramatic_bad_input_is_a_problem(client: TestClient[Litestar]) -> None:
    body = _turn1()
    body["decisions"]["T1.rei.action"]["option"] = "no_such_option"
    r = client.post("/v1/fight2e/combat/resolve-turn", json=body)
    assert r.status_code == 400 and r.headers["content-type"].startswith("application/problem+json")
    over = _start()
    over["fighters"][0]["state"]["dramatic"] = {"action_points": 100}
    assert client.post("/v1/fight2e/combat/resolve-turn", json=over).status_code == 400


def test_end_of_dramatic_combat(client: TestClient[Litestar]) -> None:
    body = {"fighters": [{"id": "battle", "glory_by_turn": [0, 0, 0, 3], "action_points": 2}]}
    r = client.post("/v1/fight2e/dramatic/end-of-combat", json=body)
    assert r.status_code == 200
    assert r.json()["fighters"] == [
        {"id": "battle", "glory": 3, "raw_glory": 3, "action_points_lapsed": 2, "special_moves_cleared": []}
    ]
