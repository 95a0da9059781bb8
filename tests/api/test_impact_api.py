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
    assert (out["status"], out["violations"], out["fight"]["turn"]) == ("resolved", [], 2)
    assert (out["over"], out["winner"], out["out"]) == (False, None, [])
    assert out["fight"]["fighters"][1]["state"]["damage"]["chest"] == 1  # test_phase_five_jab_and_straight
    pending = client.post("/v1/impact/turns/resolve", json=body | {"rolls": {}}).json()
    assert pending["status"] == "decision_required"
    assert pending["dice_needed"][0] == {
        "key": "T1.a.speed",
        "fighter": "a",
        "die": "1d6",
        "purpose": "Speed Test",
        "step": "speed",
        "provisional": False,
    }


TURN = """query ($input: ImpactTurnRequestInput!) {
  impact {
    resolveTurn(input: $input) {
      __typename
      ... on ImpactTurnAnswer {
        status violations { code } fight { turn } diceNeeded { key die } order { fighter total }
      }
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
    assert (turn["status"], turn["violations"], turn["fight"]["turn"]) == ("resolved", [], 2)
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
        assert (out["status"] in ("resolved", "over"), out["violations"], out["fight"]["turn"]) == (True, [], n + 1)
        fight = out["fight"]
        if out["over"]:
            break
    assert out["status"] == "over" and out["over"] and len(out["awards"]) == 2
    assert out["out"] == [f["id"] for f in fight["fighters"] if f["state"]["out"]]
    loser = next(f for f in fight["fighters"] if f["state"]["out"])
    assert "head" in loser["state"]["knocked_out_areas"]
    winner = next(a for a in out["awards"] if a["fighter"] == out["winner"])
    assert winner["knock_outs"] == 1 and winner["knock_out_pp"] == 5  # 001 L721


STOP_HIT = """query ($input: ImpactTurnRequestInput!) {
  impact {
    resolveTurn(input: $input) {
      __typename
      ... on ImpactTurnAnswer { status unsupported { id } order { fighter total rerolls }
        fight { fighters { id state { damage { rightArm } } } } violations { code path } }
    }
  }
}"""


def _turn_body(declarations: list[dict[str, object]], rolls: dict[str, int], **b_state: object) -> dict[str, object]:
    from tests.unit.impact.turns import sheet

    fighters = [{"id": "a", "fighter": sheet()}, {"id": "b", "fighter": sheet(), "state": b_state}]
    return {"fight": {"fighters": fighters}, "declarations": declarations, "rolls": rolls}


def test_stop_hit_and_tie_rerolls_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    from service.graphql.schema import graphql_type
    from service.graphql.variables import encode
    from tests.unit.impact.turns import dice

    # tests/unit/impact/test_turn_misc.py::test_stop_hit_lands_halves_and_interrupts, with the Speed Test tied first:
    # a 3 + 3 + 3 + 1 = 10 and b 1 + 3 + 5 + 1 = 10 (001 L604); again a 6 + 6 + 4 = 16, b 1 + 1 + 6 = 8 (001 L377).
    # The Stop-Hit lands at -3 (10 + 1 - 3 = 8 against 3 + 3 = 6) for (7 - 4) // 2 = 1 on b's right arm (001 L701)
    stop = {"fighter": "a", "action": "stop_hit", "maneuver": "straight_punch", "side": "right", "area": "right_arm"}
    jab = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}
    rolls = dice("T1.a.speed", 3, 3) | dice("T1.b.speed", 1, 3) | dice("T1.a.speed_tie", 6, 6)
    rolls |= dice("T1.b.speed_tie", 1, 1) | dice("T1.a.hit", 5, 5) | dice("T1.b.difficulty", 1, 2)
    rolls |= dice("T1.b.resistance", 1)
    body = _turn_body([stop, jab], rolls)
    assert examples("resolve_turn")["A Stop-Hit after a tied Speed Test (001 L604, L701)"] == body  # published
    rest = client.post("/v1/impact/turns/resolve", json=body).json()
    assert rest["status"] == "resolved" and rest["unsupported"] == [] and not rest["warnings"]
    assert [(o["fighter"], o["total"], o["rerolls"]) for o in rest["order"]] == [("a", 10, [16]), ("b", 10, [8])]
    assert rest["fight"]["fighters"][1]["state"]["damage"]["right_arm"] == 1
    variables = {"input": encode(graphql_type("ImpactTurnRequestInput"), body)}
    out = client.post("/graphql", json={"query": STOP_HIT, "variables": variables}).json()
    assert "errors" not in out, out
    turn = out["data"]["impact"]["resolveTurn"]
    assert turn["order"] == [
        {"fighter": "a", "total": 10, "rerolls": [16]},
        {"fighter": "b", "total": 10, "rerolls": [8]},
    ]
    assert turn["fight"]["fighters"][1]["state"]["damage"]["rightArm"] == 1


def test_ground_option_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    from service.graphql.schema import graphql_type
    from service.graphql.variables import encode

    # 001 L300: with grapples_only, a knocked-down b may not jab
    jab = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}
    body = _turn_body([jab], {}, knocked_down=True)
    body["fight"]["campaign"] = {"ground_maneuvers": "grapples_only"}  # type: ignore[index]
    rest = client.post("/v1/impact/turns/resolve", json=body).json()
    assert [(v["code"], v["path"]) for v in rest["violations"]] == [
        ("GROUND_MANEUVER_REFUSED", "declarations[0].maneuver")
    ]
    variables = {"input": encode(graphql_type("ImpactTurnRequestInput"), body)}
    out = client.post("/graphql", json={"query": STOP_HIT, "variables": variables}).json()
    assert "errors" not in out, out
    assert out["data"]["impact"]["resolveTurn"]["violations"] == [
        {"code": "GROUND_MANEUVER_REFUSED", "path": "declarations[0].maneuver"}
    ]


TACTICS = """query ($input: ImpactFighterRequestInput!) {
  impact { validateFighter(input: $input) { __typename ... on ImpactFighterValidation { violations { code path } } } }
}"""


def test_defense_tactics_through_rest_and_graphql(client: TestClient[Litestar]) -> None:
    from service.graphql.schema import graphql_type
    from service.graphql.variables import encode

    # 001 L156: Defense 3 gives Parry 1; a sheet printing Parry 2 is wrong there
    sheet = {"defense": 3, "defense_tactics": {"cover_up": 3, "duck_and_weave": 2, "parry": 2}}
    body = {"fighter": {"ratios": RATIOS, "sheet": sheet}}
    rest = client.post("/v1/impact/fighters/validate", json=body)
    assert rest.status_code == 200
    found = [(v["code"], v["path"]) for v in rest.json()["violations"] if v["code"] == "DEFENSE_TACTICS_MISMATCH"]
    assert found == [("DEFENSE_TACTICS_MISMATCH", "fighter.sheet.defense_tactics.parry")]
    variables = {"input": encode(graphql_type("ImpactFighterRequestInput"), body)}
    out = client.post("/graphql", json={"query": TACTICS, "variables": variables}).json()
    assert "errors" not in out, out
    codes = [v["code"] for v in out["data"]["impact"]["validateFighter"]["violations"]]
    assert "DEFENSE_TACTICS_MISMATCH" in codes
