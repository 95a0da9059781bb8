"""Fight RPG over REST and GraphQL: listed, the same answers through both, problems for malformed input."""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.fightrpg.examples import dragon, price_examples, round_examples, validate_examples

ROUND = """query($r: FightrpgRoundRequestInput!) { fightrpg { resolveRound(input: $r) { __typename
  ... on InvalidInput { problems { path } }
  ... on FightrpgRoundResult { status order passes fighters { id damage powerPoints }
    decisionsNeeded { key point provisional choices { text value } } } } } }"""
VALIDATE = """query($f: FightrpgFighterRequestInput!) { fightrpg { validateFighter(input: $f) { __typename
  ... on FightrpgFighterValidation { valid violations { code path ref { chapter section line } }
    derived { caps { token cap reserved tokens } } } } } }"""


def gql(client: TestClient[Litestar], query: str, variables: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/graphql", json={"query": query, "variables": variables})
    assert r.status_code == 200, r.text
    body = r.json()
    assert "errors" not in body, body
    return body["data"]["fightrpg"]  # type: ignore[no-any-return]


def test_listed_with_its_operations(client: TestClient[Litestar]) -> None:
    listed = {r["id"]: r for r in client.get("/v1/rulesets").json()["rulesets"]}
    ops = {op["path"] for op in listed["fightrpg"]["operations"]}
    assert ops == {
        "/v1/fightrpg/fighters/validate",
        "/v1/fightrpg/actions/price",
        "/v1/fightrpg/rounds/resolve",
        "/v1/fightrpg/simulate",
        "/v1/fightrpg/simulate/merge",
    }


def test_validate_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    body = validate_examples()["spirit-injury"]
    rest = client.post("/v1/fightrpg/fighters/validate", json=body).json()
    assert rest["valid"] is True
    variables = {"f": encode(graphql_type("FightrpgFighterRequestInput"), body)}
    answer = gql(client, VALIDATE, variables)["validateFighter"]
    assert answer["valid"] is True
    caps = {c["token"]: c for c in answer["derived"]["caps"]}
    assert (caps["complex_action"]["reserved"], caps["complex_action"]["tokens"]) == (1, 2)  # 002 L106
    broken = {**body, "allocation": {"complex_action": 5}}
    rest = client.post("/v1/fightrpg/fighters/validate", json=broken).json()
    answer = gql(client, VALIDATE, {"f": encode(graphql_type("FightrpgFighterRequestInput"), broken)})
    assert [v["code"] for v in rest["violations"]] == [v["code"] for v in answer["validateFighter"]["violations"]]
    assert rest["violations"][0]["ref"]["chapter"] == "Fighting Procedure"


def test_round_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    body = round_examples()["seeded-policies"]
    rest = client.post("/v1/fightrpg/rounds/resolve", json=body).json()
    answer = gql(client, ROUND, {"r": encode(graphql_type("FightrpgRoundRequestInput"), body)})["resolveRound"]
    assert rest["status"] == answer["status"] == "resolved"
    assert rest["order"] == answer["order"] and rest["passes"] == answer["passes"]
    assert [(f["id"], f["damage"], f["power_points"]) for f in rest["fighters"]] == [
        (f["id"], f["damage"], f["powerPoints"]) for f in answer["fighters"]
    ]
    step = round_examples()["dragon-vs-tiger"]
    rest = client.post("/v1/fightrpg/rounds/resolve", json=step).json()
    assert rest["status"] == "decision_required" and rest["decisions_needed"][0]["key"] == "R1.dragon.action"
    answer = gql(client, ROUND, {"r": encode(graphql_type("FightrpgRoundRequestInput"), step)})["resolveRound"]
    assert answer["decisionsNeeded"][0]["key"] == "R1.dragon.action"
    # a choice's value is the JSON the round takes back as the decision
    assert [c["value"] for c in answer["decisionsNeeded"][0]["choices"]] == [
        c["value"] for c in rest["decisions_needed"][0]["choices"]
    ]


def test_price_and_catalogue(client: TestClient[Litestar]) -> None:
    out = client.post("/v1/fightrpg/actions/price", json=price_examples()["menu-and-technique"]).json()
    assert not out["legal"] and [q["affordable"] for q in out["quotes"]] == [True, True, True, False]
    assert [q["legal"] for q in out["quotes"]] == [True, True, True, False]  # the technique's PP_INSUFFICIENT
    menu = client.get("/v1/fightrpg/catalog/menu?use=response")
    assert menu.status_code == 200 and menu.headers["etag"]
    assert [r["id"] for r in menu.json()["rows"]] == ["counter", "grapple_cancel", "evade", "block"]
    assert client.get("/v1/fightrpg/catalog/menu/block").json()["effect"]["cancels"] == 2
    assert client.get("/v1/fightrpg/catalog/pack").json()["die_sides"]["value"] == 6
    assert client.get("/v1/fightrpg/catalog/packs/one-token-attacks").json()["max_attack_tokens"]["value"] == 1
    assert client.get("/v1/fightrpg/catalog/packs/nope").status_code == 404


def test_malformed_input_is_a_problem(client: TestClient[Litestar]) -> None:
    one = client.post("/v1/fightrpg/rounds/resolve", json={"fighters": [dragon()]})
    assert one.status_code == 400 and one.headers["content-type"].startswith("application/problem+json")
    assert client.post("/v1/fightrpg/fighters/validate", json={"fighter": dragon(damage=-1)}).status_code == 400
    assert client.post("/v1/fightrpg/actions/price", json={"actions": [], "pack": "x"}).status_code == 400
    codes = client.get("/docs/validation-codes.md").text
    assert "## Fight RPG" in codes and "INJURY_RESERVE_UNMET" in codes


PRICE = """query($p: FightrpgPriceRequestInput!) { fightrpg { priceActions(input: $p) { __typename
  ... on FightrpgPriceAnswer { legal quotes { legal affordable powerPointsYield findings { code } } } } } }"""
ENDED = """query($r: FightrpgRoundRequestInput!) { fightrpg { resolveRound(input: $r) { __typename
  ... on FightrpgRoundResult { status over winner out violations { code key } } } } }"""


def test_off_menu_bundle_and_whole_yield_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    # 002 L16-L80: no bundle spends Damage with Grapple (ACTION_UNKNOWN); a Complex Action yields 2 (002 L80)
    body = {
        "tokens": {"damage": 1, "grapple": 1, "complex_action": 1},
        "actions": [{"kind": "attack", "damage": 1, "grapple": 1}, {"kind": "complex_action"}],
    }
    rest = client.post("/v1/fightrpg/actions/price", json=body).json()
    answer = gql(client, PRICE, {"p": encode(graphql_type("FightrpgPriceRequestInput"), body)})["priceActions"]
    assert [q["findings"][0]["code"] if q["findings"] else None for q in rest["quotes"]] == ["ACTION_UNKNOWN", None]
    assert [q["legal"] for q in answer["quotes"]] == [q["legal"] for q in rest["quotes"]] == [False, True]
    assert answer["quotes"][1]["powerPointsYield"] == rest["quotes"][1]["power_points_yield"] == 2


def test_round_end_and_forbidden_response_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    from tests.unit.fightrpg.test_rounds import round_b

    body = round_b()  # the Dragon is defeated in pass 2; the Tiger's side stands (002 L9)
    rest = client.post("/v1/fightrpg/rounds/resolve", json=body).json()
    answer = gql(client, ENDED, {"r": encode(graphql_type("FightrpgRoundRequestInput"), body)})["resolveRound"]
    assert (rest["status"], rest["out"], rest["over"], rest["winner"]) == ("over", ["dragon"], True, "tiger")
    assert (answer["status"], answer["out"], answer["over"], answer["winner"]) == ("over", ["dragon"], True, "tiger")
    body["decisions"]["R1.dragon.response"] = {"response": "block"}  # a grab is unblockable (002 L46)
    rest = client.post("/v1/fightrpg/rounds/resolve", json=body).json()
    answer = gql(client, ENDED, {"r": encode(graphql_type("FightrpgRoundRequestInput"), body)})["resolveRound"]
    assert [v["code"] for v in rest["violations"]] == [v["code"] for v in answer["violations"]] == ["RESPONSE_INVALID"]


PLACED = """query($r: FightrpgRoundRequestInput!) { fightrpg { resolveRound(input: $r) { __typename
  ... on FightrpgRoundResult { status unsupported { id } fighters { id position { x y } } } } } }"""


def test_map_positions_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    from tests.unit.fightrpg.test_rounds import round_c

    # tests/unit/fightrpg/test_rounds.py::test_round_c_placed_positions_kept (002 L33, L35, L58)
    body = round_c()
    body["fighters"][0]["position"] = {"x": 0, "y": 0}
    body["fighters"][1]["position"] = {"x": 5, "y": 0}
    body["decisions"] |= {
        "R1.dragon.push": {"chain": ["pillar"], "feet": 5},
        "R1.tiger.push": {"chain": [], "direction": "s"},
        "R1.dragon.action.3": {"action": {"kind": "move", "direction": "w"}},
    }
    rest = client.post("/v1/fightrpg/rounds/resolve", json=body).json()
    answer = gql(client, PLACED, {"r": encode(graphql_type("FightrpgRoundRequestInput"), body)})["resolveRound"]
    assert rest["status"] == answer["status"] == "resolved" and rest["unsupported"] == answer["unsupported"] == []
    assert [f["position"] for f in rest["fighters"]] == [f["position"] for f in answer["fighters"]]
    assert [f["position"] for f in rest["fighters"]] == [{"x": -5, "y": -10}, {"x": 10, "y": 0}]


STEP = """query($r: FightrpgRoundRequestInput!) { fightrpg { resolveRound(input: $r) { __typename
  ... on FightrpgRoundResult { status warnings { code key } diceNeeded { key die provisional }
    decisionsNeeded { key point provisional default choices { value } }
    events { kind fighter amount value figures { key value } } } } } }"""


def test_step_fields_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    from tests.unit.fightrpg.test_rounds import round_a

    # the six step fields: if_asked, lenient and ask_every_decision as well as rolls and decisions
    body = round_a()
    del body["decisions"]["R1.tiger.response"]
    body |= {
        "ask_every_decision": True,
        "lenient": True,
        "if_asked": {"R1.tiger.action.9": {"action": {"kind": "pass"}}},
    }
    body["decisions"]["R1.nobody.action"] = {"action": {"kind": "pass"}}
    rest = client.post("/v1/fightrpg/rounds/resolve", json=body).json()
    answer = gql(client, STEP, {"r": encode(graphql_type("FightrpgRoundRequestInput"), body)})["resolveRound"]
    assert rest["status"] == answer["status"] == "decision_required"
    asked = rest["decisions_needed"][0]
    assert (asked["key"], asked["default"]) == ("R1.tiger.response", {"response": "none"})
    assert answer["decisionsNeeded"][0]["default"] == asked["default"]
    figures = [{f["key"]: f["value"] for f in e["figures"]} for e in answer["events"]]
    assert figures == [e["figures"] for e in rest["events"]] and figures[0] == {
        "die_1": 5,
        "die_2": 3,
        "die_3": 2,
        "total": 10,
    }
    body["decisions"]["R1.tiger.response"] = asked["choices"][1]["value"]  # block, sent back as offered
    rest = client.post("/v1/fightrpg/rounds/resolve", json=body).json()
    assert rest["status"] == "resolved"
    # lenient: the key of a fighter not in the round is a warning; the if_asked answer never asked, nothing
    assert [(w["code"], w["key"]) for w in rest["warnings"]] == [("DECISION_NOT_USED", "R1.nobody.action")]
