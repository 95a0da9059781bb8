"""The ashes ruleset (seed 004) through REST and GraphQL: listed, answering the hand-worked duel the same way in
both, refusing malformed input with problem+json, and serving its data pack."""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.testing import TestClient

from service.graphql.schema import graphql_type
from service.graphql.variables import encode
from service.rules.ashes.operations import examples

ROUND = """query($r: AshesRoundRequestInput!) { ashes { resolveRound(input: $r) { __typename
  ... on AshesRoundAnswer { status over winner out violations { code } initiative { fighter initiative bidTotal }
    combatants { id aura healthBoxes } events { kind fighter amount figures { key value } } }
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
    assert body["status"] == "resolved" and body["violations"] == []
    assert {c["id"]: c["health_boxes"] for c in body["combatants"]} == {"kai": [10, 10], "ren": [5, 10]}
    variables = {"r": encode(graphql_type("AshesRoundRequestInput"), duel)}
    out = client.post("/graphql", json={"query": ROUND, "variables": variables}).json()
    assert "errors" not in out, out
    answer = out["data"]["ashes"]["resolveRound"]
    assert answer["__typename"] == "AshesRoundAnswer" and answer["status"] == "resolved"
    assert [(p["fighter"], p["initiative"], p["bidTotal"]) for p in answer["initiative"]] == [
        ("kai", 9, 9),
        ("ren", 5, 5),
    ]
    assert {c["id"]: c["healthBoxes"] for c in answer["combatants"]} == {"kai": [10, 10], "ren": [5, 10]}
    assert (answer["over"], answer["winner"], answer["out"]) == (False, None, [])
    assert [{f["key"]: f["value"] for f in e["figures"]} for e in answer["events"]] == [
        e["figures"] for e in body["events"]
    ]


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


def gql(client: TestClient[Litestar], query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
    out = client.post("/graphql", json={"query": query, "variables": variables or {}}).json()
    assert "errors" not in out, out
    return out["data"]["ashes"]  # type: ignore[no-any-return]


BROKEN = {
    "id": "Kell",
    "degree": 0,
    "aura": 2,
    "techniques": [{"id": "Iron-Palm", "keywords": ["Offensive", "sneaky"]}],
    "weapon": {"type": "balancd"},
}
SHEET = """query($c: AshesCombatantRequestInput!) { ashes { validateCombatant(input: $c) {
  ... on AshesCombatantValidation { valid violations { code path } info { code path } } } } }"""


def test_a_broken_sheet_is_a_200_with_every_finding(client: TestClient[Litestar]) -> None:
    # 004 L51, L56, L63, L89: a misspelt keyword and weapon beside Aura at Degree 0; "Kell" is a name, not an error.
    rest = client.post("/v1/ashes/combatants/validate", json={"combatant": BROKEN})
    assert rest.status_code == 200, rest.text
    expected = ["AURA_WITHOUT_DEGREE", "TECHNIQUE_KEYWORD_UNKNOWN", "WEAPON_UNKNOWN"]
    assert sorted(v["code"] for v in rest.json()["violations"]) == expected
    variables = {"c": encode(graphql_type("AshesCombatantRequestInput"), {"combatant": BROKEN})}
    answer = gql(client, SHEET, variables)["validateCombatant"]
    assert not answer["valid"] and sorted(v["code"] for v in answer["violations"]) == expected
    # "Offensive" is read as the pack's `offensive`, and both answers say so.
    note = {"code": "NAME_READ", "path": "combatant.techniques[0].keywords[0]"}
    assert answer["info"] == [note]
    assert [{"code": n["code"], "path": n["path"]} for n in rest.json()["info"]] == [note]
    # "Balanced" as the text writes it (004 L90) is the pack's `balanced`.
    fine = client.post(
        "/v1/ashes/combatants/validate", json={"combatant": {"id": "Kell", "weapon": {"type": "Balanced"}}}
    )
    assert fine.json()["valid"] and fine.json()["figures"]["advantage"] == "balanced"


def test_only_malformed_input_is_a_problem_and_it_lists_the_allowed_values(client: TestClient[Litestar]) -> None:
    body = {"combatants": [{"id": "kai"}], "decisions": {"R1.kai.bid": {"choice": "attak"}}}
    answer = client.post("/v1/ashes/rounds/resolve", json=body)
    assert answer.status_code == 400 and answer.headers["content-type"].startswith("application/problem+json")
    (error,) = answer.json()["errors"]
    assert "'attack'" in error["message"] and "'stand'" in error["message"]
    pack = client.post("/v1/ashes/quotes/awakening", json={"rank": 2, "facing": 6, "pack": "nope"})
    assert pack.status_code == 400 and "'default'" in pack.json()["errors"][0]["message"]


ROUND_STATUS = """query($r: AshesRoundRequestInput!) { ashes { resolveRound(input: $r) {
  ... on AshesRoundAnswer { status violations { code key } initiative { fighter initiative tookTurn }
    combatants { id battlefield hidden } events { kind fighter amount } } } } }"""


def round_both(client: TestClient[Litestar], body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    rest = client.post("/v1/ashes/rounds/resolve", json=body)
    assert rest.status_code == 200, rest.text
    variables = {"r": encode(graphql_type("AshesRoundRequestInput"), body)}
    return rest.json(), gql(client, ROUND_STATUS, variables)["resolveRound"]


def test_more_effort_dice_than_the_pool_is_refused(client: TestClient[Litestar]) -> None:
    # 004 L27–L29: Kai rolls 4 Effort dice; a fifth is refused, the round goes no further.
    duel = examples("resolve_round")["sword-duel"]
    body = {**duel, "rolls": {**duel["rolls"], "R1.kai.effort.5": 3}}
    rest, graph = round_both(client, body)
    assert rest["status"] == "invalid" and [v["code"] for v in rest["violations"]] == ["DICE_INVALID"]
    assert graph["status"] == "invalid" and graph["violations"] == [{"code": "DICE_INVALID", "key": "R1.kai.effort.5"}]


def test_a_bonus_action_below_rank_two_is_refused(client: TestClient[Litestar]) -> None:
    # 004 L41: Kai's single die (the 2) named as a Bonus Action.
    duel = examples("resolve_round")["sword-duel"]
    bonus = {"choice": "attack", "dice": ["R1.kai.effort.3"], "target": "ren", "slot": "bonus"}
    body = {**duel, "decisions": {**duel["decisions"], "R1.kai.action#2": bonus}}
    rest, graph = round_both(client, body)
    assert [v["code"] for v in rest["violations"]] == ["BONUS_ACTION_RANK_TOO_LOW"]
    assert [v["code"] for v in graph["violations"]] == ["BONUS_ACTION_RANK_TOO_LOW"]


def test_battlefields_and_the_order_turns_were_taken(client: TestClient[Litestar]) -> None:
    from tests.unit.ashes.test_battlefields import ARO, BAS, CAL, FIELD, FIELDS, ROLLS

    body = {"combatants": [ARO, BAS, CAL], "rolls": ROLLS, "decisions": FIELD, "battlefields": FIELDS}
    rest, graph = round_both(client, body)
    # 004 L43: Bas moves to the ridge; 004 L95: Aro's bow hits Cal two Battlefields away for 11; 004 L44: Cal hides.
    for answer in (rest, graph):
        assert answer["status"] == "resolved" and answer["violations"] == []
        places = {c["id"]: (c["battlefield"], c["hidden"]) for c in answer["combatants"]}
        assert places == {"Aro": ("ridge", False), "bas": ("ridge", False), "cal": ("yard", True)}
        assert [e["amount"] for e in answer["events"] if e["kind"] == "damage"] == [11]
    assert [(p["fighter"], p["initiative"], p["tookTurn"]) for p in graph["initiative"]] == [
        ("bas", 5, True),
        ("Aro", 4, True),
        ("cal", 2, True),
    ]


WEAPON_QUOTE = """query($q: AshesWeaponUseRequestInput!) { ashes { quoteWeaponUses(input: $q) {
  ... on AshesWeaponUseQuote { affordable pranaLeft effortDiceLeft violations { code }
    uses { use prana affordable surcharge { paidWith prana effortDice } } } } } }"""
BUY_QUOTE = """{ ashes { quoteBuyDown(input: {damage: 15, aura: 5, healthBoxes: [10, 10],
  imbalances: [{id: "cracked_rib", kind: "physical", rank: 1}], injury: {choice: new, imbalance: "broken_arm"}}) {
  ... on AshesBuyDownQuote { healthBoxesAfter imbalancesAfter { id rank } } } } }"""


def test_quotes_take_the_state_they_depend_on(client: TestClient[Litestar]) -> None:
    # 004 L88, L90: a second sword use costs 6; with 10 Prana, 4 are left.
    body = {"weapon": {"type": "balanced"}, "uses": [{}], "uses_made": 1, "prana": 10}
    rest = client.post("/v1/ashes/quotes/weapon-uses", json=body).json()
    assert (rest["affordable"], rest["prana_left"], rest["uses"][0]["use"]) == (True, 4, 2)
    # 004 L98: a parasol as a spear with 1 die and 2 Prana: the first use's surcharge takes the die, the second
    # (Reach's 3 + a 3-Prana surcharge) cannot be paid.
    body = {"weapon": {"type": "improvised", "mimics": "reach"}, "uses": [{}, {}], "prana": 2, "effort_dice": 1}
    variables = {"q": encode(graphql_type("AshesWeaponUseRequestInput"), body)}
    graph = gql(client, WEAPON_QUOTE, variables)["quoteWeaponUses"]
    assert [u["surcharge"]["paidWith"] for u in graph["uses"]] == ["effort_die", "prana"]
    assert graph["violations"] == [{"code": "PRANA_INSUFFICIENT"}] and graph["affordable"] is False
    assert (graph["pranaLeft"], graph["effortDiceLeft"]) == (2, 0)
    # 004 L68–L69: one box emptied, the attacker names a new Physical Imbalance.
    buy = gql(client, BUY_QUOTE)["quoteBuyDown"]
    assert buy == {
        "healthBoxesAfter": [0, 10],
        "imbalancesAfter": [{"id": "cracked_rib", "rank": 1}, {"id": "broken_arm", "rank": 1}],
    }


def test_holds_stand_ins_and_hidden_attackers_through_both(client: TestClient[Litestar]) -> None:
    from tests.unit.ashes import test_battlefields as t

    # 004 L117: Lin drags the grabbed Bo to b; 004 L120: a hold Bo was dragged into is not his to leave.
    rest, graph = round_both(client, {"combatants": [t.LIN, t.BO], "rolls": t.HOLD_ROLLS, "decisions": t.HOLD,
                                      "battlefields": t.AB})  # fmt: skip
    for answer in (rest, graph):
        assert {c["id"]: c["battlefield"] for c in answer["combatants"]} == {"lin": "b", "bo": "b"}
    left = {**t.HOLD, "R1.bo.action": {"choice": "leave"}}
    rest, graph = round_both(client, {"combatants": [t.LIN, t.BO], "rolls": t.HOLD_ROLLS, "decisions": left})
    assert [v["code"] for v in rest["violations"]] == [v["code"] for v in graph["violations"]] == ["HOLD_NOT_VOLUNTARY"]
    # 004 L93, L98: the parasol's Reach die (7) paid with an 8: Initiative 3 + 7 = 10.
    rest, graph = round_both(client, {"combatants": [t.PARASOL, t.UMBRA], "rolls": t.IMPRO_ROLLS,
                                      "decisions": t.IMPRO})  # fmt: skip
    assert [(p["fighter"], p["initiative"]) for p in graph["initiative"]] == [("pia", 10), ("uma", 6)]
    assert [(p["fighter"], p["initiative"]) for p in rest["initiative"]] == [("pia", 10), ("uma", 6)]
    # 004 L95: a hidden target is not visible to a shot beyond the next Battlefield.
    hidden = {**t.CAL, "hidden": True}
    rest, graph = round_both(client, {"combatants": [t.ARO, t.BAS, hidden], "rolls": t.ROLLS, "decisions": t.FIELD,
                                      "battlefields": t.FIELDS})  # fmt: skip
    assert [v["code"] for v in rest["violations"]] == [v["code"] for v in graph["violations"]] == ["NOT_VISIBLE"]
