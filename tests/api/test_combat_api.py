"""Combat turns over REST and GraphQL: deterministic byte for byte, step mode, violations as data."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.combat.registry.coverage import combat_status
from tests.unit.fight2e.combat.fixtures import example_request

QUERY = """query($t: Fight2eTurnRequestInput!) { fight2e { resolveTurn(input: $t) { __typename
  ... on Fight2eTurnResult { status winner violations { code key } decisionsNeeded { key }
    fighters { id state { lifeBar fightingSpirit } } }
  ... on InvalidInput { problems { path } } } } }"""


def turn_variables(turn: dict) -> dict:
    return {"t": encode(graphql_type("Fight2eTurnRequestInput"), turn)}


def test_same_request_same_bytes(client: TestClient[Litestar]) -> None:
    turn = {**example_request(), "seed": 1234}
    first = client.post("/v1/fight2e/combat/resolve-turn", json=turn)
    second = client.post("/v1/fight2e/combat/resolve-turn", json=turn)
    assert first.status_code == 200 and first.content == second.content
    assert first.json()["status"] in {"resolved", "over", "decision_required"}


def test_step_mode_over_rest(client: TestClient[Litestar]) -> None:
    """Answer each pending decision with its first legal choice and send the request again, until resolved."""
    turn = {**example_request(), "seed": 99, "decisions": {}}
    for _ in range(40):
        answer = client.post("/v1/fight2e/combat/resolve-turn", json=turn).json()
        if answer["status"] != "decision_required":
            break
        pending = answer["decisions_needed"][0]  # seeded: no die to roll, the first decision
        assert pending["key"] not in turn["decisions"]
        value = pending["choices"][0]["value"]  # never empty
        turn = {**turn, "decisions": {**turn["decisions"], pending["key"]: value}}
    assert answer["status"] in {"resolved", "over"}, answer["violations"]
    assert answer["log"] and answer["rolls"]


def test_graphql_agrees_with_rest(client: TestClient[Litestar]) -> None:
    turn = {**example_request(), "seed": 5}
    rest = client.post("/v1/fight2e/combat/resolve-turn", json=turn).json()
    out = client.post("/graphql", json={"query": QUERY, "variables": turn_variables(turn)}).json()
    assert "errors" not in out, out
    gql = out["data"]["fight2e"]["resolveTurn"]
    assert gql["__typename"] == "Fight2eTurnResult"
    assert (gql["status"], gql["winner"]) == (rest["status"], rest["winner"])
    assert [(f["id"], f["state"]["lifeBar"], f["state"]["fightingSpirit"]) for f in gql["fighters"]] == [
        (f["id"], f["state"]["life_bar"], f["state"]["fighting_spirit"]) for f in rest["fighters"]
    ]
    assert [v["code"] for v in gql["violations"]] == [v["code"] for v in rest["violations"]]


def test_malformed_turns(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/fight2e/combat/resolve-turn", json={"fighters": "two"})
    assert r.status_code == 400 and r.headers["content-type"].startswith("application/problem+json")
    gql = client.post("/graphql", json={"query": QUERY, "variables": turn_variables({"fighters": []})}).json()
    assert gql["data"]["fight2e"]["resolveTurn"]["__typename"] == "InvalidInput"
    assert gql["data"]["fight2e"]["resolveTurn"]["problems"] == [{"path": "fighters"}]


def test_catalogue_marks_what_combat_applies() -> None:
    """The catalogue's `combat` field and the resolver's coverage table say the same thing for every entry."""
    assert {e.id: e.combat for e in catalog().entries.values()} == {i: combat_status(i) for i in catalog().entries}
