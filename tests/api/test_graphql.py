"""GraphQL: same answers as REST, violations as data, hardened against abusive queries."""

from __future__ import annotations

import json

from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from service.cache import cache_key
from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.core.ruleset import rulesets
from service.rules.fight2e.moves.models import MoveRequest
from tests.conftest import local_settings

PRICE = """query($move: Fight2eMoveRequestInput!) { fight2e { priceMove(input: $move) { __typename
  ... on InvalidInput { message problems { path message } } ... on Fight2eMovePrice {
  legal movePoints level type control glory accuracy accuracyVs { defense evasion tactics }
  damage { die minimumRoll stunBonus basedOn } keywords comboKeywords
  violations { code path message ref { chapter section line } } warnings { code } unsupported { id reason } } } } }"""
BATCH = """query($m: [Fight2eMoveRequestInput!]!) { fight2e { priceMoves(input: {moves: $m}) {
  ... on Fight2ePriceBatchResponse { results { legal movePoints damage { die } damageWithPerfectHit { die }
  violations { code path } } } ... on InvalidInput { problems { path } } } } }"""


def gql(client: TestClient[Litestar], query: str, variables: dict | None = None) -> dict:
    r = client.post("/graphql", json={"query": query, "variables": variables or {}})
    assert r.status_code == 200, r.text
    return r.json()


def test_price_move_matches_rest(client: TestClient[Litestar]) -> None:
    move = {
        "level": 4,
        "elements": [
            {"id": "unblockable"},
            {"id": "increased_stun"},
            {"id": "knocks_down"},
            {"id": "increased_damage", "times": 4},
        ],
        "liabilities": [{"id": "decreased_accuracy", "times": 2}, {"id": "no_movement"}],
    }
    data = gql(client, PRICE, {"move": move})["data"]["fight2e"]["priceMove"]
    rest = client.post("/v1/fight2e/moves/price", json=move).json()
    assert data["legal"] is True and data["movePoints"] == rest["move_points"] == 4
    assert data["accuracyVs"] == {"defense": 2, "evasion": -4, "tactics": -4}
    assert data["damage"]["die"] == rest["damage"]["die"] == "1d10"


def test_violations_are_data_not_errors(client: TestClient[Litestar]) -> None:
    out = gql(client, PRICE, {"move": {"level": 2, "elements": [{"id": "increased_damage", "times": 5}]}})
    assert "errors" not in out
    assert {"ELEMENT_COST_CAP_EXCEEDED", "ELEMENT_BUDGET_EXCEEDED"} <= {
        v["code"] for v in out["data"]["fight2e"]["priceMove"]["violations"]
    }


def test_price_moves_in_order(client: TestClient[Litestar]) -> None:
    moves = [{"level": n, "elements": [{"id": "increased_damage", "times": n + 1}]} for n in (2, 4, 5)]
    results = gql(client, BATCH, {"m": moves})["data"]["fight2e"]["priceMoves"]["results"]
    assert [m["movePoints"] for m in results] == [3, 4, 5]


def test_answers_share_the_rest_cache_keys(client: TestClient[Litestar]) -> None:
    """A GraphQL answer is stored under the key of ``service.api.rulesets.answer`` (the generic REST handler's:
    operation, ruleset version, canonical request), and an answer stored there is what GraphQL serves."""
    ruleset = next(r for r in rulesets() if r.id == "fight2e")
    store = client.app.state.cache  # type: ignore[attr-defined]
    move = {"level": 3, "name": "shared cache probe", "elements": [{"id": "knocks_down"}]}
    key = cache_key("price_move", "fight2e", ruleset.version, MoveRequest.model_validate(move))
    assert store.local_get(key) is None
    first = gql(client, PRICE, {"move": move})["data"]["fight2e"]["priceMove"]
    assert json.loads(store.local_get(key))["move_points"] == first["movePoints"]
    other = {**move, "name": "planted"}
    planted = json.loads(ruleset.operation("price_move").run(MoveRequest.model_validate(other)))
    planted["move_points"] = 99  # not what the core says: only the cache can answer this
    key = cache_key("price_move", "fight2e", ruleset.version, MoveRequest.model_validate(other))
    store.local_put(key, json.dumps(planted).encode())
    assert gql(client, PRICE, {"move": other})["data"]["fight2e"]["priceMove"]["movePoints"] == 99


def test_out_of_bounds_numbers_are_invalid_input(client: TestClient[Litestar]) -> None:
    out = gql(client, PRICE, {"move": {"level": 99}})
    assert "errors" not in out
    assert out["data"]["fight2e"]["priceMove"]["__typename"] == "InvalidInput"
    assert [p["path"] for p in out["data"]["fight2e"]["priceMove"]["problems"]] == ["level"]
    out = gql(client, PRICE, {"move": {"level": 3, "fighter": {"ki": 2**31 - 1}}})
    assert out["data"]["fight2e"]["priceMove"]["problems"][0]["path"] == "fighter.ki"
    out = gql(client, PRICE, {"move": {"level": 3, "freeThrow": True, "elements": [{"id": "x", "times": 0}]}})
    assert [p["path"] for p in out["data"]["fight2e"]["priceMove"]["problems"]] == ["elements[0].times"]


def test_catalogue_queries(client: TestClient[Litestar]) -> None:
    out = gql(
        client,
        "{ fight2e { catalog { entries(ids: [bomb, bomb__short_timer]) { id kind parent cost } "
        "keywords { id category } basicMoves { id level damage } } } rulesets { id } }",
    )
    catalog = out["data"]["fight2e"]["catalog"]
    entries = {e["id"]: e for e in catalog["entries"]}
    assert entries.keys() == {"bomb", "bomb.short_timer"}
    assert entries["bomb.short_timer"] == {
        "id": "bomb.short_timer",
        "kind": "liability",
        "parent": "bomb",
        "cost": -1.0,
    }
    assert any(k["id"] == "offensive" and k["category"] == "type" for k in catalog["keywords"])
    assert {"id": "basic_move", "level": 1, "damage": "1d4"} in catalog["basicMoves"]


def test_character_catalogue_matches_rest(client: TestClient[Litestar]) -> None:
    out = gql(
        client,
        "{ fight2e { catalog { qualities { id name kind } weaknesses { id } quirks { id } "
        "skills(kind: narrative) { id kind } powerLevels { powerLevel lifeBar } } } }",
    )
    assert "errors" not in out, out
    catalog = out["data"]["fight2e"]["catalog"]
    for name, field in (("qualities", "qualities"), ("weaknesses", "weaknesses"), ("quirks", "quirks")):
        rest = client.get(f"/v1/fight2e/catalog/{name}").json()[field]
        assert [q["id"] for q in catalog[field]] == [q["id"] for q in rest], name
    narrative = [s["id"] for s in client.get("/v1/fight2e/catalog/skills").json()["skills"] if s["kind"] == "narrative"]
    assert [s["id"] for s in catalog["skills"]] == narrative and narrative
    chart = client.get("/v1/fight2e/catalog/power-levels").json()["power_levels"]
    assert [(r["powerLevel"], r["lifeBar"]) for r in catalog["powerLevels"]] == [
        (r["power_level"], r["life_bar"]) for r in chart
    ]
    assert all(q["kind"] == "quality" for q in catalog["qualities"])


def test_no_old_root_fields(client: TestClient[Litestar]) -> None:
    types = gql(client, "{ __schema { queryType { fields { name } } types { name } } }")["data"]["__schema"]
    assert {f["name"] for f in types["queryType"]["fields"]} == {"rulesets"} | {r.id for r in rulesets()}


def test_deep_queries_are_refused() -> None:
    """Our schema is shallow, so a small setting shows the limit: two levels below the root against 1."""
    with TestClient(create_app(local_settings(graphql_max_depth=1))) as c:
        shallow = gql(c, "{ rulesets { id } }")
        deep = gql(c, "{ fight2e { priceMove(input: {level: 3}) { ... on Fight2eMovePrice { damage { die } } } } }")
    assert "errors" not in shallow
    assert deep.get("errors") and "depth" in deep["errors"][0]["message"]


def test_alias_flood_is_refused(client: TestClient[Litestar]) -> None:
    query = "{ " + " ".join(f"a{i}: rulesets {{ id }}" for i in range(60)) + " }"
    out = gql(client, query)
    assert out.get("errors")


def test_token_flood_is_refused() -> None:
    """The parser stops at the token limit (a document over the byte limit does not get that far)."""
    with TestClient(create_app(local_settings(graphql_max_tokens=1000))) as c:
        out = gql(c, "{ rulesets { " + "id " * 2_000 + "} }")
    assert out["data"] is None and "tokens" in out["errors"][0]["message"]


def test_issue9_fields_over_graphql_and_rest(client: TestClient[Litestar]) -> None:
    """The new fields travel both ways: Random Effect combinations and fighter.techniques in, the damage with the
    Perfect Hit out. Increased Damage ×4 guarded: 1d6 ordinary, 1d10 with the Perfect Hit (000 L3528–L3530, L4751);
    Sidestep Counter (1) + Knocks Down (2) fills an L2 move only with the Sidestep Technique (000 L4151)."""
    guarded = {
        "level": 4,
        "elements": [{"id": "increased_damage", "times": 4}],
        "liabilities": [{"id": "perfect_hit", "options": {"target": "increased_damage"}}],
    }
    box = {
        "level": 3,
        "elements": [
            {
                "id": "random_effect",
                "options": {"allocation": 2},
                "combinations": [
                    {"name": "Fist", "entries": [{"id": "increased_damage", "times": 2}]},
                    {"entries": [{"id": "knocks_down"}]},
                ],
            }
        ],
    }
    counter = {
        "level": 2,
        "elements": [{"id": "sidestep_counter", "options": {"sidestep_only": "no"}}, {"id": "knocks_down"}],
        "fighter": {"techniques": ["sidestep"]},
    }
    variables = {"m": [encode(graphql_type("Fight2eMoveRequestInput"), m) for m in (guarded, box, counter)]}
    out = gql(client, BATCH, variables)
    assert "errors" not in out, out
    first, second, third = out["data"]["fight2e"]["priceMoves"]["results"]
    assert (first["damage"]["die"], first["damageWithPerfectHit"]["die"]) == ("1d6", "1d10")
    assert second["legal"] and second["damageWithPerfectHit"] is None, second
    assert third["legal"] and third["movePoints"] == 3, third
    rest = client.post("/v1/fight2e/moves/price", json=guarded).json()
    assert (rest["damage"]["die"], rest["damage_with_perfect_hit"]["die"]) == ("1d6", "1d10")
    over = client.post(
        "/v1/fight2e/moves/price",
        json={
            **box,
            "elements": [{**box["elements"][0], "combinations": [{"entries": [{"id": "knocks_down", "bogus": 1}]}]}],
        },
    )
    assert over.status_code == 400 and over.headers["content-type"].startswith("application/problem+json")
