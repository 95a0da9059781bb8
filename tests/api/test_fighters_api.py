"""Fighter validation over REST and GraphQL: same answers, violations as data, caching, bad input."""

from __future__ import annotations

import copy

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from tests.unit.fight2e.fighters.support import BUILDS

QUERY = """query($f: Fight2eFighterRequestInput!) { fight2e { validateFighter(input: $f) { __typename
  ... on Fight2eFighterValidation { valid violations { code path }
    moves { name type kind movePoints chargedMovePoints damage { die basedOn } entries { id kind } } }
  ... on InvalidInput { problems { path message } } } } }"""


def fighter_variables(fighter: dict) -> dict:
    return {"f": encode(graphql_type("Fight2eFighterRequestInput"), {"fighter": fighter})}


def test_valid_fighter_over_rest_then_from_cache(client: TestClient[Litestar]) -> None:
    body = {"fighter": BUILDS["pl3"]()}
    first = client.post("/v1/fight2e/fighters/validate", json=body)
    second = client.post("/v1/fight2e/fighters/validate", json=body)
    assert first.status_code == second.status_code == 200
    assert (first.headers["x-cache"], second.headers["x-cache"]) == ("miss", "local")
    answer = first.json()
    assert answer["valid"] is True and answer["violations"] == []
    assert answer["derived"]["power_level_from_glory"] == 3


def test_broken_fighter_is_200_with_violations_and_graphql_agrees(client: TestClient[Litestar]) -> None:
    fighter = copy.deepcopy(BUILDS["pl3"]())
    fighter["life_bar"] = 999  # the sheet's Life Bar must match the chart (000 L706–L714)
    rest = client.post("/v1/fight2e/fighters/validate", json={"fighter": fighter}).json()
    assert rest["valid"] is False
    out = client.post("/graphql", json={"query": QUERY, "variables": fighter_variables(fighter)}).json()
    gql = out["data"]["fight2e"]["validateFighter"]
    assert gql["__typename"] == "Fight2eFighterValidation" and gql["valid"] is False
    assert {v["code"] for v in gql["violations"]} == {v["code"] for v in rest["violations"]}
    assert [m["movePoints"] for m in gql["moves"]] == [m["move_points"] for m in rest["moves"]]
    assert [(m["type"], m["kind"]) for m in gql["moves"]] == [(m["type"], m["kind"]) for m in rest["moves"]]
    assert [[e["kind"] for e in m["entries"]] for m in gql["moves"]] == [
        [e["kind"] for e in m["entries"]] for m in rest["moves"]
    ]


def test_malformed_fighter(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/fight2e/fighters/validate", json={"fighter": {"power_level": "three"}})
    assert r.status_code == 400 and r.headers["content-type"].startswith("application/problem+json")
    many = {"fighter": {**BUILDS["pl1"](), "qualities": [{"name": "Big"}] * 10_000}}
    assert client.post("/v1/fight2e/fighters/validate", json=many).status_code == 400
    out = client.post(
        "/graphql", json={"query": QUERY, "variables": fighter_variables({**BUILDS["pl1"](), "power_level": 21})}
    ).json()
    invalid = out["data"]["fight2e"]["validateFighter"]
    assert invalid["__typename"] == "InvalidInput" and [p["path"] for p in invalid["problems"]] == [
        "fighter.powerLevel"
    ]
    wrong_type = client.post("/graphql", json={"query": QUERY, "variables": {"f": {"fighter": {"powerLevel": "x"}}}})
    assert wrong_type.json()["errors"][0]["message"]  # a String for an Int: GraphQL refuses the variables


def test_character_catalogue(client: TestClient[Litestar]) -> None:
    for path, key in (
        ("qualities", "qualities"),
        ("weaknesses", "weaknesses"),
        ("quirks", "quirks"),
        ("skills", "skills"),
        ("power-levels", "power_levels"),
    ):
        r = client.get(f"/v1/fight2e/catalog/{path}")
        assert r.status_code == 200 and r.json()[key], path
        assert (
            client.get(f"/v1/fight2e/catalog/{path}", headers={"If-None-Match": r.headers["etag"]}).status_code == 304
        )
