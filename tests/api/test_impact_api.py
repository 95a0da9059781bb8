"""Impact over REST and GraphQL: listed in /v1/rulesets, the three operations, the pack catalogue with an ETag,
malformed input as problem+json."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.rules.impact.operations import examples
from tests.unit.impact.helpers import FRANK_LEDGER, RATIOS


def test_listed(client: TestClient[Litestar]) -> None:
    listed = {r["id"]: r for r in client.get("/v1/rulesets").json()["rulesets"]}
    assert "impact" in listed
    assert {op["operation_id"] for op in listed["impact"]["operations"]} >= {
        "impactValidateFighter",
        "impactPricePurchases",
    }


def test_rest_validate_and_price(client: TestClient[Litestar]) -> None:
    body = {"fighter": {"ratios": RATIOS, "purchases": FRANK_LEDGER}}
    assert (
        examples("validate_fighter")["Frank's purchase ledger (001 L164-176)"]["fighter"]["purchases"] == FRANK_LEDGER
    )
    answer = client.post("/v1/impact/fighters/validate", json=body)
    assert answer.status_code == 200
    out = answer.json()
    assert (out["ruleset"], out["valid"], out["derived"]["pp_spent"]) == ("impact", False, 1005)  # 001 L164-176
    assert [(v["code"], v["path"]) for v in out["violations"]] == [("PP_OVERSPENT", "fighter")]
    assert out["violations"][0]["ref"]["chapter"] == "Fighter Creation"
    price = client.post(
        "/v1/impact/purchases/price",
        json=examples("price_purchases")["Left arm Difficulty 3 to 4 raises the right arm too (001 L160)"],
    ).json()
    assert (price["legal"], price["total_cost"]) == (True, 200)  # 50 x 4, 001 L160


def test_rest_malformed(client: TestClient[Litestar]) -> None:
    bad = client.post("/v1/impact/purchases/price", json={"purchases": [{"stat": "jump"}]})
    assert bad.status_code == 400 and bad.headers["content-type"].startswith("application/problem+json")
    assert bad.json()["errors"][0]["path"] == "purchases[0].stat"
    huge = client.post("/v1/impact/purchases/price", json={"purchases": [{"stat": "tactics"}] * 41})
    assert huge.status_code == 400


def test_pack_catalogue(client: TestClient[Litestar]) -> None:
    pack = client.get("/v1/impact/catalog/pack")
    assert pack.status_code == 200 and pack.headers["etag"]
    assert {m["id"] for m in pack.json()["maneuvers"]} >= {"jab", "straight_punch", "grapple"}
    again = client.get("/v1/impact/catalog/pack", headers={"If-None-Match": pack.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/v1/impact/catalog/packs/default").status_code == 200
    assert client.get("/v1/impact/catalog/packs/nope").status_code == 404


QUERY = """{
  impact {
    validateFighter(input: {fighter: {ratios: {left: speed_1_2, right: power_2_1},
                                      sheet: {tactics: 2, toughness: {head: 6}}}}) {
      __typename
      ... on ImpactFighterValidation { valid derived { ppSpent ppLeft } violations { code } }
    }
    pricePurchases(input: {purchases: [{stat: defense, toLevel: 2}]}) {
      __typename
      ... on ImpactPriceAnswer { totalCost derived { defenseTactics { id level } } }
    }
    catalog { pack { name } }
  }
}"""


def test_graphql(client: TestClient[Litestar]) -> None:
    out = client.post("/graphql", json={"query": QUERY}).json()
    assert "errors" not in out, out
    impact = out["data"]["impact"]
    # Tactics 2 (30 x 2, 001 L132) + Head Toughness 6 (25 x 6, 001 L174) = 210
    assert impact["validateFighter"]["derived"] == {"ppSpent": 210, "ppLeft": 790}
    assert impact["validateFighter"]["valid"] is True
    # Defense 2: 25 x 2 = 50, Cover-Up 2 and Duck & Weave 1 (001 L156)
    assert impact["pricePurchases"]["totalCost"] == 50
    assert impact["pricePurchases"]["derived"]["defenseTactics"] == [
        {"id": "cover_up", "level": 2},
        {"id": "duck_and_weave", "level": 1},
    ]
    assert impact["catalog"]["pack"]["name"] == "default"


def test_rest_turn(client: TestClient[Litestar]) -> None:
    body = examples("resolve_turn")["Jab against Straight Punch, every die given"]
    out = client.post("/v1/impact/turns/resolve", json=body).json()
    assert (out["status"], out["valid"], out["fight"]["turn"]) == ("complete", True, 2)
    assert out["fight"]["fighters"][1]["state"]["damage"]["chest"] == 1  # test_phase_five_jab_and_straight
    pending = client.post("/v1/impact/turns/resolve", json=body | {"rolls": {}}).json()
    assert pending["status"] == "decision_required"
    assert pending["dice_needed"] == [{"key": "T1.a.speed.1", "die": "d6", "purpose": "Speed Test"}]


TURN = """query ($input: ImpactTurnRequestInput!) {
  impact {
    resolveTurn(input: $input) {
      __typename
      ... on ImpactTurnAnswer { status valid fight { turn } diceNeeded { key die } order { fighter total } }
    }
  }
}"""


def test_graphql_turn(client: TestClient[Litestar]) -> None:
    from service.graphql.schema import graphql_type
    from service.graphql.variables import encode

    body = examples("resolve_turn")["Jab against Straight Punch, every die given"]
    variables = {"input": encode(graphql_type("ImpactTurnRequestInput"), body)}
    out = client.post("/graphql", json={"query": TURN, "variables": variables}).json()
    assert "errors" not in out, out
    turn = out["data"]["impact"]["resolveTurn"]
    assert (turn["status"], turn["valid"], turn["fight"]["turn"]) == ("complete", True, 2)
    assert turn["order"] == [{"fighter": "a", "total": 12}, {"fighter": "b", "total": 7}]


def test_a_bout_to_the_end_over_rest(client: TestClient[Litestar]) -> None:
    # Two hard hitters (right Power 10) jab at each other's head, the fight sent back each turn, until one stands:
    # a Jab does 2 + 10 = 12 against 1d6 + 5, so every hit marks the head and the bout ends within a few turns
    hitter = {"ratios": RATIOS, "sheet": {"power": {"left": 1, "right": 10}}, "rank": "grand_master"}
    fight = {"fighters": [{"id": "a", "fighter": hitter}, {"id": "b", "fighter": hitter}]}
    jabs = [
        {"fighter": "a", "maneuver": "jab", "side": "right", "area": "head"},
        {"fighter": "b", "maneuver": "jab", "side": "right", "area": "head"},
    ]
    for n in range(1, 40):
        out = client.post(
            "/v1/impact/turns/resolve", json={"fight": fight, "declarations": jabs, "seed": 100 + n}
        ).json()
        assert (out["status"], out["valid"], out["fight"]["turn"]) == ("complete", True, n + 1)
        fight = out["fight"]
        if out["bout_over"]:
            break
    assert out["bout_over"] and len(out["awards"]) == 2
    loser = next(f for f in fight["fighters"] if f["state"]["out"])
    assert "head" in loser["state"]["knocked_out_areas"]
    winner = next(a for a in out["awards"] if a["fighter"] == out["winner"])
    assert winner["knock_outs"] == 1 and winner["knock_out_pp"] == 5  # 001 L721
