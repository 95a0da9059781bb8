"""The ashes ruleset (seed 004) through REST and GraphQL: listed, answering the hand-worked duel the same way in
both, refusing malformed input with problem+json, and serving its data pack."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.ashes.operations import examples

ROUND = """query($r: AshesRoundRequestInput!) { ashes { resolveRound(input: $r) { __typename
  ... on AshesRoundAnswer { status violations { code } initiative { fighter initiative }
    combatants { id aura healthBoxes } events { kind fighter amount } }
  ... on InvalidInput { problems { path } } } } }"""
QUOTE = """{ ashes {
  quoteAwakening(input: {rank: 2, facing: 6}) { ... on AshesAwakeningQuote { recovery pool firstPrana } }
  quoteBuyDown(input: {damage: 15, aura: 5, healthBoxes: [10, 10]}) {
    ... on AshesBuyDownQuote { healthBoxesAfter imbalanceRanks } }
  catalog { pack { dieSides { value source { ref ruling } } } } } }"""


def test_listed_with_its_operations(client: TestClient[Litestar]) -> None:
    listed = {r["id"]: r for r in client.get("/v1/rulesets").json()["rulesets"]}
    paths = {op["path"] for op in listed["ashes"]["operations"]}
    assert "/v1/ashes/rounds/resolve" in paths and "/v1/ashes/combatants/validate" in paths


def test_the_duel_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    duel = examples("resolve_round")["sword-duel"]
    rest = client.post("/v1/ashes/rounds/resolve", json=duel)
    assert rest.status_code == 200, rest.text
    body = rest.json()
    assert body["status"] == "complete" and body["violations"] == []
    assert {c["id"]: c["health_boxes"] for c in body["combatants"]} == {"kai": [10, 10], "ren": [5, 10]}
    variables = {"r": encode(graphql_type("AshesRoundRequestInput"), duel)}
    out = client.post("/graphql", json={"query": ROUND, "variables": variables}).json()
    assert "errors" not in out, out
    answer = out["data"]["ashes"]["resolveRound"]
    assert answer["__typename"] == "AshesRoundAnswer" and answer["status"] == "complete"
    assert [(p["fighter"], p["initiative"]) for p in answer["initiative"]] == [("kai", 9), ("ren", 5)]
    assert {c["id"]: c["healthBoxes"] for c in answer["combatants"]} == {"kai": [10, 10], "ren": [5, 10]}
    assert len(answer["events"]) == len(body["events"])


def test_quotes_and_the_pack_in_graphql(client: TestClient[Litestar]) -> None:
    out = client.post("/graphql", json={"query": QUOTE}).json()
    assert "errors" not in out, out
    ashes = out["data"]["ashes"]
    assert ashes["quoteAwakening"] == {"recovery": 2, "pool": 10, "firstPrana": 6}  # 004 L73–L74
    assert ashes["quoteBuyDown"] == {"healthBoxesAfter": [0, 10], "imbalanceRanks": 1}  # 004 L64–L68
    assert ashes["catalog"]["pack"]["dieSides"]["value"] == 10


def test_malformed_input_is_a_problem_not_a_crash(client: TestClient[Litestar]) -> None:
    too_many = {"combatants": [{"id": f"c{i}"} for i in range(9)]}
    answer = client.post("/v1/ashes/rounds/resolve", json=too_many)
    assert answer.status_code == 400 and answer.headers["content-type"].startswith("application/problem+json")
    assert (
        client.post("/v1/ashes/quotes/buy-down", json={"damage": -1, "aura": 0, "health_boxes": []}).status_code == 400
    )
    assert client.post("/v1/ashes/quotes/awakening", json={"rank": 2, "facing": 6, "pack": "nope"}).status_code == 400
    pack = client.get("/v1/ashes/catalog/packs/default")
    assert pack.status_code == 200 and pack.json()["weapons"][0]["id"] == "balanced"
