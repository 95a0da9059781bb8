"""Thug validation over REST and GraphQL: the same answers, broken builds as data, the Thug trait catalogue."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from tests.unit.fight2e.thugs.test_build import tough

QUERY = """query($t: Fight2eThugRequestInput!) { fight2e { validateThug(input: $t) { __typename
  ... on Fight2eThugValidation { valid violations { code path } glory_divisor: gloryDivisor
    points { total rounded items { attribute points } } effective { initiative damage } }
  ... on InvalidInput { problems { path message } } } } }"""


def test_thug_over_rest_and_graphql_agree(client: TestClient[Litestar]) -> None:
    body = {"thug": tough(initiative="1d12", qualities=[{"id": "ranged"}, {"id": "gun"}])}
    rest = client.post("/v1/fight2e/thugs/validate", json=body)
    assert rest.status_code == 200
    answer = rest.json()
    assert answer["valid"] is False and [v["code"] for v in answer["violations"]] == ["INITIATIVE_DIE_INVALID"]
    variables = {"t": encode(graphql_type("Fight2eThugRequestInput"), body)}
    out = client.post("/graphql", json={"query": QUERY, "variables": variables}).json()
    gql = out["data"]["fight2e"]["validateThug"]
    assert gql["__typename"] == "Fight2eThugValidation" and gql["valid"] is False
    assert [(v["code"], v["path"]) for v in gql["violations"]] == [(v["code"], v["path"]) for v in answer["violations"]]
    assert gql["points"]["total"] == answer["points"]["total"] == 0 + 2 + 3 + 3 + 3 + 2 + 2 + 1
    assert gql["effective"]["damage"] == answer["effective"]["damage"] == "1d8"


def test_group_over_rest(client: TestClient[Litestar]) -> None:
    body = {"group": {"members": [{"thug": tough(), "count": 4}, {"thug": tough(defense=4), "count": 1}]}}
    answer = client.post("/v1/fight2e/thugs/validate-group", json=body).json()
    assert answer["size"] == 5 and [v["code"] for v in answer["violations"]] == ["GROUP_MIXED_BUILDS"]


def test_malformed_thug_is_a_problem(client: TestClient[Litestar]) -> None:
    for thug in (tough(initiative="d6"), tough(accuracy=99), {**tough(), "qualities": [{"id": "x"}] * 41}):
        r = client.post("/v1/fight2e/thugs/validate", json={"thug": thug})
        assert r.status_code == 400 and r.headers["content-type"].startswith("application/problem+json")
    r = client.post("/v1/fight2e/thugs/validate-group", json={"group": {"members": []}})
    assert r.status_code == 400


def test_thug_trait_catalogue(client: TestClient[Litestar]) -> None:
    r = client.get("/v1/fight2e/catalog/thug-traits", params={"kind": "thug_quality"})
    assert r.status_code == 200
    assert {t["id"]: t["cost"] for t in r.json()["thug_traits"]} == {
        "competent_villain": 1,
        "dramatic_villain": 1,
        "gun": 1,
        "hit_stun": 2,
        "robust": 2,
        "skilled": 1,
    }
    assert client.get("/v1/fight2e/catalog/thug-traits", params={"kind": "nonsense"}).status_code == 400
    one = client.get("/v1/fight2e/catalog/thug-traits/robust")
    assert one.status_code == 200 and one.json()["cost"] == 2
    assert client.get("/v1/fight2e/catalog/thug-traits/nobody").status_code == 404


def test_end_of_combat_over_rest(client: TestClient[Litestar]) -> None:
    body = {
        "groups": [{"thug": tough()}, {"thug": tough(life_save=10, threat_level=3)}],
        "fighters": [{"id": "grace", "raw_glory": 13}],
    }
    answer = client.post("/v1/fight2e/thugs/end-of-combat", json=body).json()
    # 17 and 24 points: the cheaper sets the divisor, 5 (000 L6547, L6553); 13 / 5 rounds up to 3 (000 L7064).
    assert (answer["lowest_points"], answer["glory_divisor"], answer["fighters"][0]["glory"]) == (17, 5, 3)
    bad = client.post("/v1/fight2e/thugs/end-of-combat", json={**body, "fighters": [{"id": "x", "raw_glory": 0.3}]})
    assert bad.status_code == 400


END = """query($e: Fight2eThugCombatEndRequestInput!) { fight2e { endThugCombat(input: $e) { __typename
  ... on Fight2eThugCombatEnd { gloryDivisor lowestPoints fighters { id glory } } } } }"""


def test_end_of_combat_over_graphql(client: TestClient[Litestar]) -> None:
    body = {"groups": [{"thug": tough()}], "fighters": [{"id": "grace", "raw_glory": 13}]}
    variables = {"e": encode(graphql_type("Fight2eThugCombatEndRequestInput"), body)}
    out = client.post("/graphql", json={"query": END, "variables": variables}).json()
    answer = out["data"]["fight2e"]["endThugCombat"]
    # 17 points: divide by 5 (000 L6553); 13 / 5 rounds up to 3 (000 L7064).
    assert (answer["gloryDivisor"], answer["lowestPoints"], answer["fighters"]) == (
        5,
        17,
        [{"id": "grace", "glory": 3}],
    )
