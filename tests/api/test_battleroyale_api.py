"""Battle Royale over REST and GraphQL: listed, the worked examples answer as the text says, bad input is a 4xx."""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.battleroyale.operations import examples

CHARACTER_QUERY = """query($c: BattleroyaleRoyaleCharacterRequestInput!) { battleroyale {
  validateCharacter(input: $c) { __typename
    ... on BattleroyaleRoyaleCharacterValidation {
      valid derived { sessionSpiritDice damageCapacity } violations { code } }
    ... on InvalidInput { problems { path } } } } }"""
MOVE_QUERY = """query($m: BattleroyaleRoyaleMoveRequestInput!) { battleroyale {
  priceMove(input: $m) { __typename ... on BattleroyaleRoyaleMovePrice { spiritDice dice moveRank { mod } } } } }"""


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
        "c": encode(
            graphql_type("BattleroyaleRoyaleCharacterRequestInput"), examples("validate_character")["carrie-schatz"]
        )
    }
    out = client.post("/graphql", json={"query": CHARACTER_QUERY, "variables": variables}).json()
    assert "errors" not in out, out
    got = out["data"]["battleroyale"]["validateCharacter"]
    assert got["valid"] and got["derived"] == {"sessionSpiritDice": 2, "damageCapacity": 22}
    move = {
        "m": encode(graphql_type("BattleroyaleRoyaleMoveRequestInput"), examples("price_move")["isaac-draco-signature"])
    }
    out = client.post("/graphql", json={"query": MOVE_QUERY, "variables": move}).json()
    assert out["data"]["battleroyale"]["priceMove"] == {
        "__typename": "BattleroyaleRoyaleMovePrice",
        "spiritDice": 3,
        "dice": 3,
        "moveRank": {"mod": 6},
    }


BOUT_QUERY = """query($b: BattleroyaleRoyaleBoutRequestInput!) { battleroyale {
  resolveBout(input: $b) { __typename ... on BattleroyaleRoyaleBoutResult {
    status attacker clashes { attacker damage } fighters { id trainingPoints } } } } }"""


def test_resolutions_over_rest_and_graphql(client: TestClient[Litestar]) -> None:
    body = examples("resolve_bout")["copper-tigress"]
    rest = client.post("/v1/battleroyale/bouts/resolve-round", json=body)
    again = client.post("/v1/battleroyale/bouts/resolve-round", json=body)
    assert rest.status_code == 200 and rest.content == again.content  # same request, same answer
    assert [c["damage"] for c in rest.json()["clashes"]] == [11, 8]  # 003 L914–L924
    variables = {"b": encode(graphql_type("BattleroyaleRoyaleBoutRequestInput"), body)}
    out = client.post("/graphql", json={"query": BOUT_QUERY, "variables": variables}).json()
    assert "errors" not in out, out
    gql = out["data"]["battleroyale"]["resolveBout"]
    assert gql["status"] == "complete" and gql["attacker"] == "tigress"
    assert [c["damage"] for c in gql["clashes"]] == [11, 8]
    for name, path in (
        ("resolve_conflict", "conflicts/resolve-round"),
        ("resolve_challenge", "challenges/resolve"),
        ("resolve_combat_challenge", "combat-challenges/resolve"),
    ):
        for example in examples(name).values():
            answer = client.post(f"/v1/battleroyale/{path}", json=example)
            assert answer.status_code == 200 and answer.json()["status"] == "complete", (name, answer.json())
    bad_face = {**body, "rolls": {"R1.tigress.attack.1": 7}}
    assert client.post("/v1/battleroyale/bouts/resolve-round", json=bad_face).status_code == 400
