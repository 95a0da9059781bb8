"""GraphQL: same answers as REST, violations as data, hardened against abusive queries."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from tests.conftest import local_settings

PRICE = """query($move: MoveInput!) { priceMove(move: $move) { __typename ... on InvalidInput { message problems
  { path message } } ... on MovePrice {
  legal movePoints level type control glory accuracy accuracyVs { defense evasion tactics }
  damage { die minimumRoll stunBonus basedOn } keywords comboKeywords
  violations { code path message ref { chapter section line } } warnings { code } unsupported { id reason } } } }"""


def gql(client: TestClient[Litestar], query: str, variables: dict | None = None) -> dict:
    r = client.post("/graphql", json={"query": query, "variables": variables or {}})
    assert r.status_code == 200, r.text
    return r.json()


def test_price_move_matches_rest(client: TestClient[Litestar]) -> None:
    move = {"level": 4, "elements": [{"id": "unblockable"}, {"id": "increased_stun"}, {"id": "knocks_down"},
                                     {"id": "increased_damage", "times": 4}],
            "liabilities": [{"id": "decreased_accuracy", "times": 2}, {"id": "no_movement"}]}
    data = gql(client, PRICE, {"move": move})["data"]["priceMove"]
    rest = client.post("/v1/fight2e/moves/price", json=move).json()
    assert data["legal"] is True and data["movePoints"] == rest["move_points"] == 4
    assert data["accuracyVs"] == {"defense": 2, "evasion": -4, "tactics": -4}
    assert data["damage"]["die"] == rest["damage"]["die"] == "1d10"


def test_violations_are_data_not_errors(client: TestClient[Litestar]) -> None:
    out = gql(client, PRICE, {"move": {"level": 2, "elements": [{"id": "increased_damage", "times": 5}]}})
    assert "errors" not in out
    assert {"ELEMENT_COST_CAP_EXCEEDED", "ELEMENT_BUDGET_EXCEEDED"} <= {
        v["code"] for v in out["data"]["priceMove"]["violations"]}


def test_price_moves_in_order(client: TestClient[Litestar]) -> None:
    q = "query($m: [MoveInput!]!) { priceMoves(moves: $m) { ... on MovePrice { movePoints } } }"
    moves = [{"level": n, "elements": [{"id": "increased_damage", "times": n + 1}]} for n in (2, 4, 5)]
    assert [m["movePoints"] for m in gql(client, q, {"m": moves})["data"]["priceMoves"]] == [3, 4, 5]


def test_out_of_bounds_numbers_are_invalid_input(client: TestClient[Litestar]) -> None:
    out = gql(client, PRICE, {"move": {"level": 99}})
    assert "errors" not in out
    assert out["data"]["priceMove"]["__typename"] == "InvalidInput"
    assert [p["path"] for p in out["data"]["priceMove"]["problems"]] == ["level"]
    out = gql(client, PRICE, {"move": {"level": 3, "fighter": {"ki": 2**31 - 1}}})
    assert out["data"]["priceMove"]["problems"][0]["path"] == "fighter.ki"


def test_catalogue_queries(client: TestClient[Litestar]) -> None:
    out = gql(client, '{ fight2eEntries(ids: ["bomb", "bomb.short_timer"]) { id kind parent cost } '
                      "fight2eKeywords { id category } fight2eBasicMoves { id level damage } rulesets { id } }")
    entries = {e["id"]: e for e in out["data"]["fight2eEntries"]}
    assert entries["bomb.short_timer"] == {"id": "bomb.short_timer", "kind": "liability", "parent": "bomb",
                                           "cost": -1.0}
    assert any(k["id"] == "offensive" and k["category"] == "type" for k in out["data"]["fight2eKeywords"])
    assert {"id": "basic_move", "level": 1, "damage": "1d4"} in out["data"]["fight2eBasicMoves"]


def test_deep_queries_are_refused() -> None:
    """Our schema is shallow, so a small setting shows the limit: two levels below the root against 1."""
    with TestClient(create_app(local_settings(graphql_max_depth=1))) as c:
        shallow = gql(c, '{ fight2eBasicMoves { id } }')
        deep = gql(c, '{ priceMove(move: {level: 3}) { ... on MovePrice { damage { die } } } }')
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
    q = """query($m: [MoveInput!]!) { priceMoves(moves: $m) { ... on MovePrice { legal movePoints
      damage { die } damageWithPerfectHit { die } violations { code path } } } }"""
    guarded = {"level": 4, "elements": [{"id": "increased_damage", "times": 4}],
               "liabilities": [{"id": "perfect_hit", "options": {"target": "increased_damage"}}]}
    box = {"level": 3, "elements": [{"id": "random_effect", "options": {"allocation": 2}, "combinations": [
        {"name": "Fist", "entries": [{"id": "increased_damage", "times": 2}]},
        {"entries": [{"id": "knocks_down"}]}]}]}
    counter = {"level": 2, "elements": [{"id": "sidestep_counter", "options": {"sidestep_only": "no"}},
                                        {"id": "knocks_down"}], "fighter": {"techniques": ["sidestep"]}}
    out = gql(client, q, {"m": [guarded, box, counter]})
    assert "errors" not in out, out
    first, second, third = out["data"]["priceMoves"]
    assert (first["damage"]["die"], first["damageWithPerfectHit"]["die"]) == ("1d6", "1d10")
    assert second["legal"] and second["damageWithPerfectHit"] is None, second
    assert third["legal"] and third["movePoints"] == 3, third
    rest = client.post("/v1/fight2e/moves/price", json=guarded).json()
    assert (rest["damage"]["die"], rest["damage_with_perfect_hit"]["die"]) == ("1d6", "1d10")
    over = client.post("/v1/fight2e/moves/price", json={**box, "elements": [{**box["elements"][0], "combinations": [
        {"entries": [{"id": "knocks_down", "bogus": 1}]}]}]})
    assert over.status_code == 400 and over.headers["content-type"].startswith("application/problem+json")
