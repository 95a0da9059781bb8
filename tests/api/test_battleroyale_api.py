"""Battle Royale over REST and GraphQL: listed, the worked examples answer as the text says, bad input is a 4xx."""

from __future__ import annotations

import copy

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.battleroyale.operations import examples

CHARACTER_QUERY = """query($c: BattleroyaleCharacterRequestInput!) { battleroyale {
  validateCharacter(input: $c) { __typename
    ... on BattleroyaleCharacterValidation {
      valid derived { sessionSpiritDice damageCapacity } violations { code } }
    ... on InvalidInput { problems { path } } } } }"""
MOVE_QUERY = """query($m: BattleroyaleMoveRequestInput!) { battleroyale {
  priceMove(input: $m) { __typename ... on BattleroyaleMovePrice { spiritDice dice moveRank { mod } } } } }"""


def test_listed(client: TestClient[Litestar]) -> None:
    listed = {r["id"]: r for r in client.get("/v1/rulesets").json()["rulesets"]}
    ops = {op["operation_id"] for op in listed["battleroyale"]["operations"]}
    assert {"battleroyaleValidateCharacter", "battleroyalePriceMove", "battleroyalePricePurchases"} <= ops


def test_rest_examples(client: TestClient[Litestar]) -> None:
    carrie = client.post("/v1/battleroyale/characters/validate", json=examples("validate_character")["carrie-schatz"])
    body = carrie.json()
    assert carrie.status_code == 200 and body["valid"] and body["derived"]["session_spirit_dice"] == 2
    draco = client.post("/v1/battleroyale/moves/price", json=examples("price_move")["isaac-draco-signature"]).json()
    assert (draco["spirit_dice"], draco["dice"], draco["move_rank"]["mod"]) == (3, 3, 6)  # 003 L1345–L1348
    bought = client.post("/v1/battleroyale/purchases/price", json=examples("price_purchases")["carrie-bonus-points"])
    assert bought.json()["bonus_points"] == 6  # 003 L297–L301
    assert client.get("/v1/battleroyale/catalog/ranks").status_code == 200
    assert client.get("/v1/battleroyale/catalog/sample-moves/binding").json()["id"] == "binding"
    assert client.get("/v1/battleroyale/catalog/pack").json()["pack"]["zone_crossing_tn"]["value"] == 9


def test_bad_input_is_a_problem(client: TestClient[Litestar]) -> None:
    bad = client.post("/v1/battleroyale/moves/price", json={"style_rank": "legendary"})
    assert bad.status_code == 400 and bad.headers["content-type"].startswith("application/problem+json")
    huge = {
        "character": {**examples("validate_character")["carrie-schatz"]["character"], "flaws": [{"name": "x"}] * 99}
    }
    assert client.post("/v1/battleroyale/characters/validate", json=huge).status_code == 400


def test_graphql_agrees_with_rest(client: TestClient[Litestar]) -> None:
    variables = {
        "c": encode(graphql_type("BattleroyaleCharacterRequestInput"), examples("validate_character")["carrie-schatz"])
    }
    out = client.post("/graphql", json={"query": CHARACTER_QUERY, "variables": variables}).json()
    assert "errors" not in out, out
    got = out["data"]["battleroyale"]["validateCharacter"]
    assert got["valid"] and got["derived"] == {"sessionSpiritDice": 2, "damageCapacity": 22}
    move = {"m": encode(graphql_type("BattleroyaleMoveRequestInput"), examples("price_move")["isaac-draco-signature"])}
    out = client.post("/graphql", json={"query": MOVE_QUERY, "variables": move}).json()
    assert out["data"]["battleroyale"]["priceMove"] == {
        "__typename": "BattleroyaleMovePrice",
        "spiritDice": 3,
        "dice": 3,
        "moveRank": {"mod": 6},
    }


BOUT_QUERY = """query($b: BattleroyaleBoutRequestInput!) { battleroyale {
  resolveBout(input: $b) { __typename ... on BattleroyaleBoutResult {
    status attacker clashes { attacker damage } fighters { id trainingPoints } } } } }"""


def test_resolutions_over_rest_and_graphql(client: TestClient[Litestar]) -> None:
    body = examples("resolve_bout")["copper-tigress"]
    rest = client.post("/v1/battleroyale/bouts/resolve-round", json=body)
    again = client.post("/v1/battleroyale/bouts/resolve-round", json=body)
    assert rest.status_code == 200 and rest.content == again.content  # same request, same answer
    assert [c["damage"] for c in rest.json()["clashes"]] == [11, 8]  # 003 L914–L924
    variables = {"b": encode(graphql_type("BattleroyaleBoutRequestInput"), body)}
    out = client.post("/graphql", json={"query": BOUT_QUERY, "variables": variables}).json()
    assert "errors" not in out, out
    gql = out["data"]["battleroyale"]["resolveBout"]
    assert gql["status"] == "over" and gql["attacker"] == "tigress"  # both at Absolute Zero (003 L939-L941)
    assert [c["damage"] for c in gql["clashes"]] == [11, 8]
    for name, path in (
        ("resolve_conflict", "conflicts/resolve-round"),
        ("resolve_challenge", "challenges/resolve"),
        ("resolve_combat_challenge", "combat-challenges/resolve"),
    ):
        for example in examples(name).values():
            answer = client.post(f"/v1/battleroyale/{path}", json=example)
            assert answer.status_code == 200 and answer.json()["status"] == "resolved", (name, answer.json())
    bad_face = {**body, "rolls": {**body["rolls"], "R1.tigress.attack": 7}}  # a face a d6 does not have
    refused = client.post("/v1/battleroyale/bouts/resolve-round", json=bad_face)
    assert refused.status_code == 200 and refused.json()["status"] == "invalid"
    assert [(v["code"], v["key"]) for v in refused.json()["violations"]] == [("ROLL_INVALID", "R1.tigress.attack")]
    assert (
        client.post("/v1/battleroyale/bouts/resolve-round", json={**body, "rolls": {"R1.x.y": 1001}}).status_code == 400
    )


SHEET_QUERY = """query($c: BattleroyaleCharacterRequestInput!) { battleroyale {
  validateCharacter(input: $c) { __typename
    ... on BattleroyaleCharacterValidation {
      valid violations { code path } warnings { code } info { code } } } } }"""


def test_a_broken_sheet_is_a_200_with_every_finding(client: TestClient[Litestar]) -> None:
    body = examples("validate_character")["carrie-schatz"]
    character = {**body["character"], "core": {"motivation": {"name": "Protecting The Helpless"}}}
    character["techniques"] = [{"name": "Fearless", "chained_to": "Determinaton"}]  # misspelt, and no Focus at all
    character["styles"] = [{**character["styles"][0], "theme": ""}]
    rest = client.post("/v1/battleroyale/characters/validate", json={"character": character})
    assert rest.status_code == 200
    found = sorted(v["code"] for v in rest.json()["violations"])
    # 003 L206–L215: no Past, no Focus; L268–L269: chained to nothing she has; a missing Theme only warns
    assert found == ["CORE_STRENGTH_MISSING", "CORE_STRENGTH_MISSING", "TECHNIQUE_CHAIN_INVALID"]
    # Strength Ranks: Athletic and Scary, 2 of 3 (the Focus raise went with the Focus); Bonus Points: Fearless at
    # the ordinary rate 2 + Tough 2 = 4 of 6 (003 L217, L278–L290)
    warnings = sorted(w["code"] for w in rest.json()["warnings"])
    assert warnings == ["BONUS_POINTS_UNSPENT", "STRENGTH_RANKS_UNSPENT", "STYLE_THEME_MISSING"]
    variables = {"c": encode(graphql_type("BattleroyaleCharacterRequestInput"), {"character": character})}
    out = client.post("/graphql", json={"query": SHEET_QUERY, "variables": variables}).json()
    assert "errors" not in out, out
    got = out["data"]["battleroyale"]["validateCharacter"]
    assert sorted(v["code"] for v in got["violations"]) == found and not got["valid"]


SESSION_QUERY = """query($s: BattleroyaleSessionRequestInput!) { battleroyale {
  startSession(input: $s) { __typename ... on BattleroyaleSessionStart { bowl characters { spiritDice } } } } }"""


def test_session_start_over_rest_and_graphql(client: TestClient[Litestar]) -> None:
    body = examples("start_session")["four-players"]
    rest = client.post("/v1/battleroyale/sessions/start", json=body).json()
    assert (rest["bowl"], rest["characters"][0]["spirit_dice"]) == (10, 2)  # 003 L541–L542, L552–L554
    variables = {"s": encode(graphql_type("BattleroyaleSessionRequestInput"), body)}
    out = client.post("/graphql", json={"query": SESSION_QUERY, "variables": variables}).json()
    assert out["data"]["battleroyale"]["startSession"]["bowl"] == 10, out


CONFLICT_QUERY = """query($c: BattleroyaleConflictRequestInput!) { battleroyale {
  resolveConflict(input: $c) { __typename ... on BattleroyaleConflictResult {
    status clashes { damage } fighters { id trainingPoints cyclic { tn turnsLeft } } } } } }"""


def test_in_fight_moves_and_table_inputs_over_rest_and_graphql(client: TestClient[Litestar]) -> None:
    boxing = {"id": "boxing", "name": "Boxing", "rank": "good", "style": True}
    judo = {"id": "judo", "name": "Judo", "rank": "good", "style": True}
    fighters = [
        {"id": "ann", "name": "Ann", "spirit_dice": 4, "harmonized": "boxing",
         "traits": [boxing, {"id": "tough", "name": "Tough", "rank": "good"}]},
        {"id": "bob", "name": "Bob", "spirit_dice": 1, "harmonized": "judo",
         "traits": [judo, {"id": "calm", "name": "Calm", "rank": "good"}]},
    ]  # fmt: skip
    body = {
        "fighters": fighters,
        "damage_policy": "lowest_first",
        "actions": [{"fighter": "ann", "target": "bob", "attack": {"move": {"move": "cyclic_attack"}}}],
        "rolls": {"R1.ann.attack": 5, "R1.ann.attack.2": 5, "R1.bob.defense": 5, "R1.bob.defense.2": 4,
                  "R1.bob.cyclic": 6, "R1.bob.cyclic.2": 6},
    }  # fmt: skip
    rest = client.post("/v1/battleroyale/conflicts/resolve-round", json=body).json()
    # a Good Cyclic Attack: 12 against 11, 1 Damage Rank; Bob's Risky Challenge 12 meets TN 9 (003 L1389–L1391)
    assert rest["status"] == "resolved" and rest["clashes"][0]["damage"] == 1, rest
    assert rest["fighters"][1]["cyclic"] == [{"source": "ann", "tn": 9, "turns_left": 1, "damage_type": "wound"}]
    variables = {"c": encode(graphql_type("BattleroyaleConflictRequestInput"), body)}
    out = client.post("/graphql", json={"query": CONFLICT_QUERY, "variables": variables}).json()
    assert "errors" not in out, out
    got = out["data"]["battleroyale"]["resolveConflict"]
    assert got["clashes"] == [{"damage": 1}] and got["fighters"][1]["cyclic"] == [{"tn": 9, "turnsLeft": 1}]
    # purchases with Training Points on hand, and recovery answered by kind (REST)
    bought = {"purchases": [{"purchase": "raise_strength"}], "training_points": 5}
    priced = client.post("/v1/battleroyale/purchases/price", json=bought).json()
    assert (priced["training_points"], priced["affordable"]) == (6, False)  # 003 L674–L676
    healed = client.post("/v1/battleroyale/recovery/resolve", json=examples("recover")["second-wind-and-scene-end"])
    assert (healed.json()["recovered_failure"], healed.json()["recovered_wound"]) == (1, 4)


def test_a_misspelt_rank_is_refused_naming_the_ranks(client: TestClient[Litestar]) -> None:
    """The rank ladder is the contract's vocabulary (003 L51-L55): a rank outside it is not well-formed input, a 400
    whose message lists every rank the field takes."""
    character = copy.deepcopy(examples("validate_character")["carrie-schatz"]["character"])
    character["core"]["focus"]["rank"] = "expret"
    r = client.post("/v1/battleroyale/characters/validate", json={"character": character})
    assert r.status_code == 400
    (error,) = r.json()["errors"]
    assert error["path"] == "character.core.focus.rank"
    assert "'poor'" in error["message"] and "'expert'" in error["message"] and "'master'" in error["message"]


STEP_QUERY = """query($b: BattleroyaleBoutRequestInput!) { battleroyale {
  resolveBout(input: $b) { __typename ... on BattleroyaleBoutResult {
    status over winner out
    decisionsNeeded { key fighter point step provisional default choices { value text } }
    diceNeeded { key die provisional }
    events { kind fighter amount trait } } } } }"""


def test_the_turn_protocol_over_rest_and_graphql(client: TestClient[Litestar]) -> None:
    """The core protocol's decision, die and status shapes in both adapters (issue 31)."""
    body = {k: v for k, v in examples("resolve_bout")["copper-tigress"].items() if k not in ("rolls", "decisions")}
    rest = client.post("/v1/battleroyale/bouts/resolve-round", json=body).json()
    assert rest["status"] == "decision_required" and rest["over"] is False and rest["out"] == []
    first = rest["decisions_needed"][0]
    assert (first["key"], first["point"], first["step"], first["provisional"]) == (
        "R1.tigress.split",
        "split",
        "divvy_bout_dice",
        False,
    )
    assert [c["value"] for c in first["choices"]][:1] == ["all_out_defense"]
    variables = {"b": encode(graphql_type("BattleroyaleBoutRequestInput"), body)}
    out = client.post("/graphql", json={"query": STEP_QUERY, "variables": variables}).json()
    assert "errors" not in out, out
    gql = out["data"]["battleroyale"]["resolveBout"]
    assert gql["status"] == rest["status"] and [d["key"] for d in gql["decisionsNeeded"]] == [
        d["key"] for d in rest["decisions_needed"]
    ]
    assert [d["key"] for d in gql["diceNeeded"]] == [d["key"] for d in rest["dice_needed"]]
    assert gql["events"] == [{"kind": "initiative", "fighter": "tigress", "amount": None, "trait": None}]
