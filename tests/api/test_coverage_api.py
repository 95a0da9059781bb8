"""GET /v1/{ruleset}/coverage: the declarations with an ETag (304 on a match), the same document in GraphQL, and
listed in /v1/rulesets."""

from __future__ import annotations

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.rules.core.ruleset import rulesets

RULESETS = [r.id for r in rulesets()]

QUERY = """{ %s { coverage { ruleset rulesetVersion source
  counts { unsupported options implemented partial notApplicable }
  unsupported { id summary why instead reportedAt ref { chapter section line } }
  options { option default summary ref { chapter section line } }
  sections { chapter section line status missing applied note } } } }"""


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.capitalize() for p in rest)


def _as_graphql(value: object) -> object:
    if isinstance(value, dict):
        return {_camel(k): _as_graphql(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_graphql(v) for v in value]
    return value


@pytest.mark.parametrize("ruleset", RULESETS)
def test_coverage_has_an_etag_and_answers_304(client: TestClient[Litestar], ruleset: str) -> None:
    r = client.get(f"/v1/{ruleset}/coverage")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    body = r.json()
    assert body["ruleset"] == ruleset and body["counts"]["unsupported"] == len(body["unsupported"])
    etag = r.headers["etag"]
    assert etag.startswith('"') and "coverage" in etag
    again = client.get(f"/v1/{ruleset}/coverage", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    weak = client.get(f"/v1/{ruleset}/coverage", headers={"If-None-Match": f"W/{etag}"})
    assert weak.status_code == 304
    other = client.get(f"/v1/{ruleset}/coverage", headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200 and other.json() == body


@pytest.mark.parametrize("ruleset", RULESETS)
def test_graphql_answers_the_same_document(client: TestClient[Litestar], ruleset: str) -> None:
    rest = client.get(f"/v1/{ruleset}/coverage").json()
    r = client.post("/graphql", json={"query": QUERY % ruleset})
    assert r.status_code == 200 and "errors" not in r.json(), r.json()
    assert r.json()["data"][ruleset]["coverage"] == _as_graphql(rest)


def test_rulesets_list_their_coverage(client: TestClient[Litestar]) -> None:
    listed = {r["id"]: r for r in client.get("/v1/rulesets").json()["rulesets"]}
    for ruleset in RULESETS:
        coverage = listed[ruleset]["coverage"]
        assert coverage["method"] == "GET" and coverage["path"] == f"/v1/{ruleset}/coverage"
        assert coverage["operation_id"] == f"{ruleset}Coverage"


def test_fight2e_coverage_names_only_the_thug_throw_chains(client: TestClient[Litestar]) -> None:
    doc = client.get("/v1/fight2e/coverage").json()
    # issue 36: a Multi-Part Throw's lock in a turn with Thugs (000 L3765) is the one rule not applied yet
    assert [u["id"] for u in doc["unsupported"]] == ["thug_throw_chains"] and doc["counts"]["unsupported"] == 1
    by_id = {u["id"]: u for u in doc["unsupported"]}
    assert "grid" not in by_id  # main turns play the Battle Grid (000 L5670–L5690)
    assert "dramatic_grid" not in by_id and "thug_grid" not in by_id  # and Dramatic and Thug turns (000 L5676, L7106)
    thugs = next(s for s in doc["sections"] if s["section"] == "Thug Thrashing")
    # every state a move keeps on its user is kept in a turn with Thugs now, Summon's Ally the last (000 L6646); a
    # Fighter's Reaction Attack on a group (000 L6702), his Ally's with it (000 L4203), is offered
    assert "thug_user_states" not in by_id and "thug_reaction_attacks" not in by_id
    assert thugs["status"] == "partial" and thugs["missing"] == ["thug_throw_chains"]
    dramatic = next(s for s in doc["sections"] if s["section"] == "Dramatic Combat")
    assert dramatic["status"] == "implemented" and dramatic["missing"] == []
    intro = next(s for s in doc["sections"] if s["section"] == "What is the Fighting Game Genre?")
    assert intro["status"] == "not_applicable" and intro["note"]
