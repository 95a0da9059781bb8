"""Issue 13: hostile GraphQL requests are refused or bounded before they cost a worker its event loop.

Each test replays one attack in-process (Litestar's TestClient), scaled down where the unbounded original would
take minutes, and fails on the service before the fix. Timings of the full-size attacks are in
bench/graphql_attacks.py.
"""

from __future__ import annotations

import gc
import threading
import time
import tracemalloc
from collections.abc import Iterator

import pytest
from graphql import get_introspection_query, parse
from litestar import Litestar
from litestar.testing import TestClient

from bench.graphql_attacks import (
    duplicated_fields,
    heavy_move,
    many_list_inputs,
    over_token_limit,
    price_moves_aliases,
    unique_big_query,
    validate_fighter_aliases,
)
from service.app import create_app
from service.graphql.guard import DocumentCache
from service.rules.core.ruleset import rulesets
from tests.conftest import local_settings


def codes(answer: dict) -> list[str]:
    return [e.get("extensions", {}).get("code") for e in answer.get("errors") or []]


def post(client: TestClient[Litestar], body: dict) -> dict:
    r = client.post("/graphql", json=body)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.fixture(scope="module")
def gclient() -> Iterator[TestClient[Litestar]]:
    with TestClient(create_app(local_settings())) as c:
        yield c


# ---- item 1: cost


def test_aliased_price_batches_are_refused_by_cost(gclient: TestClient[Litestar]) -> None:
    """30 aliases of priceMoves over the same 200 moves: 6,000 pricings in one request, refused unexecuted."""
    body = price_moves_aliases(aliases=30, moves=200)
    body["variables"]["m"] = [{"level": 1, "name": f"m{i}"} for i in range(200)]  # light moves: bounded if it runs
    out = post(gclient, body)
    assert out["data"] is None and codes(out) == ["QUERY_TOO_COSTLY"]
    assert out["errors"][0]["extensions"]["cost"] == 6000


def test_aliased_fighter_validations_are_refused_by_cost(gclient: TestClient[Litestar]) -> None:
    out = post(gclient, validate_fighter_aliases(aliases=30, moves=100))
    assert codes(out) == ["QUERY_TOO_COSTLY"] and out["errors"][0]["extensions"]["cost"] == 30 * 101


def test_the_rest_caps_still_fit_in_one_request(gclient: TestClient[Litestar]) -> None:
    """One batch of 200 moves, or one 100-move Fighter, is what REST allows per request, and GraphQL too."""
    q = (
        "query($m: [Fight2eMoveRequestInput!]!) { fight2e { priceMoves(input: {moves: $m}) "
        "{ ... on Fight2ePriceBatchResponse { results { movePoints } } } } }"
    )
    out = post(gclient, {"query": q, "variables": {"m": [{"level": 2, "name": f"c{i}"} for i in range(200)]}})
    assert "errors" not in out and len(out["data"]["fight2e"]["priceMoves"]["results"]) == 200
    out = post(gclient, validate_fighter_aliases(aliases=1, moves=100))
    assert "errors" not in out and len(out["data"]["fight2e"]["a0"]["moves"]) == 100


def test_list_bounds_are_checked_before_inputs_are_converted(gclient: TestClient[Litestar]) -> None:
    """50,000 moves in the variables: refused by their count, not after GraphQL built 50,000 inputs."""
    out = post(gclient, many_list_inputs(50_000))
    assert codes(out) == ["QUERY_TOO_COSTLY"] and out["errors"][0]["extensions"]["cost"] == 50_000
    move = {"level": 3, "elements": [{"id": "ranged"}] * 5_000}
    q = "query($m: Fight2eMoveRequestInput!) { fight2e { priceMove(input: $m) { __typename } } }"
    out = post(gclient, {"query": q, "variables": {"m": move}})
    assert codes(out) == ["QUERY_TOO_COSTLY"]


def test_health_answers_while_a_max_cost_query_runs() -> None:
    """A query at the cost limit (200 moves of 64 Elements, every field) runs off the event loop."""
    body = price_moves_aliases(aliases=1, moves=200)
    body["variables"]["m"] = [{**heavy_move(i), "name": f"health probe {i}"} for i in range(200)]
    with TestClient(create_app(local_settings())) as c:
        done: dict[str, float] = {}

        def attack() -> None:
            t = time.perf_counter()
            r = c.post("/graphql", json=body)
            done["status"], done["took"] = r.status_code, time.perf_counter() - t
            done["errors"] = bool(r.json().get("errors"))

        worker = threading.Thread(target=attack)
        worker.start()
        time.sleep(0.2)  # the query is being executed
        waits = []
        while worker.is_alive() and len(waits) < 20:
            t = time.perf_counter()
            assert c.get("/healthz").status_code == 200
            waits.append(time.perf_counter() - t)
            time.sleep(0.05)
        worker.join(60)
    assert done["status"] == 200 and not done["errors"]
    assert waits, "the query ended before the probe started; nothing was measured"
    assert max(waits) < 0.5, (waits, done)


def test_an_oversized_answer_is_an_error_not_a_truncated_body() -> None:
    with TestClient(create_app(local_settings(graphql_max_answer_bytes=4096))) as c:
        r = c.post("/graphql", json={"query": "{ fight2e { catalog { entries { id name summary ref { line } } } } }"})
    assert r.status_code == 200 and r.json()["data"] is None
    assert codes(r.json()) == ["RESPONSE_TOO_LARGE"] and len(r.content) < 4096


# ---- items 2 and 9: documents


def test_unique_invalid_queries_are_not_kept() -> None:
    """Unique documents that fail validation (too many aliases) are parsed and dropped: the memory they hold
    after the answer is nothing (5 MiB for these five before; ~10 MiB for each 48 KB one). The selection bound is
    lifted so that they reach validation."""
    with TestClient(create_app(local_settings(graphql_max_selections=100_000))) as c:
        post(c, unique_big_query(99, size=2_000))
        tracemalloc.start()
        try:
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            for n in range(5):
                out = post(c, unique_big_query(n, size=10_000))
                assert "aliases" in out["errors"][0]["message"]
            gc.collect()
            kept = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
    assert kept < 1_000_000, kept


def test_unique_large_queries_are_refused_before_parsing(gclient: TestClient[Litestar]) -> None:
    for n in range(3):
        r = gclient.post("/graphql", json=unique_big_query(n))  # 48 KB
        assert r.status_code == 413 and r.headers["content-type"].startswith("application/problem+json")


def test_the_document_cache_keeps_small_valid_documents_within_its_bytes() -> None:
    cache = DocumentCache(max_bytes=1_000_000)
    big = "{ " + "rulesets { id } " * 600 + "}"  # ~9.6 KB: parsed, but too large to keep
    cache.put(big, parse(big))
    assert len(cache) == 0
    for n in range(200):
        q = f"{{ a{n}: rulesets {{ id }} }}"
        cache.put(q, parse(q))
    assert 0 < cache.bytes <= 1_000_000 and len(cache) < 200
    assert cache.get("{ a199: rulesets { id } }") is not None


def test_duplicated_fields_are_refused_before_validation(gclient: TestClient[Litestar]) -> None:
    t = time.perf_counter()
    out = post(gclient, duplicated_fields(30_000))
    assert codes(out) == ["QUERY_TOO_LARGE"]
    assert time.perf_counter() - t < 2  # regression guard: 1.6 s (76 KB) to 3 s in validation before


def test_an_oversized_document_is_refused_before_parsing(gclient: TestClient[Litestar]) -> None:
    r = gclient.post("/graphql", json=over_token_limit())
    assert r.status_code == 413 and r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["status"] == 413


# ---- item 11: introspection and GraphiQL


def test_the_standard_introspection_query_answers(
    gclient: TestClient[Litestar], caplog: pytest.LogCaptureFixture
) -> None:
    out = post(gclient, {"query": get_introspection_query()})
    assert "errors" not in out, out["errors"]
    inputs = {t["name"]: t for t in out["data"]["__schema"]["types"]}
    assert inputs["JSON"]["kind"] == "SCALAR"  # a decision's value in an answer, and nothing else
    campaign = next(f for f in inputs["Fight2eAttackStringRequestInput"]["inputFields"] if f["name"] == "campaign")
    assert campaign["defaultValue"] is None  # left out, the model's default applies
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_introspection_and_graphiql_can_be_turned_off() -> None:
    with TestClient(create_app(local_settings(graphql_introspection=False, graphiql=False))) as c:
        out = post(c, {"query": "{ __schema { types { name } } }"})
        page = c.get("/graphql", headers={"accept": "text/html"})
        ok = post(c, {"query": "{ rulesets { id } }"})
    assert out["data"] is None and "introspection" in out["errors"][0]["message"]
    assert page.status_code == 404 and page.headers["content-type"].startswith("application/problem+json")
    assert "errors" not in ok


def test_graphiql_is_served_by_default(gclient: TestClient[Litestar]) -> None:
    page = gclient.get("/graphql", headers={"accept": "text/html"})
    assert page.status_code == 200 and "graphiql" in page.text.lower()


# ---- item 12: transport errors are problem+json


@pytest.mark.parametrize(
    ("send", "status"),
    [
        (lambda c: c.post("/graphql", content=b"{not json", headers={"content-type": "application/json"}), 400),
        (lambda c: c.post("/graphql", content=b"\xff\xfe", headers={"content-type": "application/json"}), 400),
        (lambda c: c.post("/graphql", json=[1, 2]), 400),
        (lambda c: c.post("/graphql", json="query"), 400),
        (lambda c: c.post("/graphql", json={"variables": {}}), 400),
        (lambda c: c.post("/graphql", json={"query": 5}), 400),
        (lambda c: c.post("/graphql", json={"query": "{ rulesets { id } }", "variables": [1]}), 400),
        # text/plain must hold JSON (it spares browsers a preflight): a bare document is not a JSON body.
        (lambda c: c.post("/graphql", content=b"{ rulesets { id } }", headers={"content-type": "text/plain"}), 400),
        (lambda c: c.get("/graphql", params={"query": "mutation { x }"}), 400),
        (lambda c: c.get("/graphql", params={"query": "{ rulesets { id } }"}), 400),
        (lambda c: c.put("/graphql", json={"query": "{ rulesets { id } }"}), 405),
    ],
    ids=[
        "malformed",
        "not-utf8",
        "batch",
        "string",
        "no-query",
        "query-not-string",
        "variables-not-object",
        "text-plain",
        "get-mutation",
        "get-query",
        "put",
    ],
)
def test_transport_errors_are_problem_json(gclient: TestClient[Litestar], send: object, status: int) -> None:
    r = send(gclient)  # type: ignore[operator]
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json"), r.text
    assert r.json()["status"] == status and r.json()["detail"]


def test_rule_violations_are_still_data(gclient: TestClient[Litestar]) -> None:
    out = post(
        gclient,
        {
            "query": '{ fight2e { priceMove(input: {level: 2, elements: [{id: "increased_damage", times: 5}]})'
            " { ... on Fight2eMovePrice { legal } } } }"
        },
    )
    assert out == {"data": {"fight2e": {"priceMove": {"legal": False}}}}


def test_the_rate_limit_is_charged_by_cost() -> None:
    """A 200-move query is 200 requests' worth: with 250 a minute, the second one is refused (the rate limiter
    counted each as one request before)."""
    q = "query($m: [Fight2eMoveRequestInput!]!) { fight2e { priceMoves(input: {moves: $m}) { __typename } } }"
    # One worker: without Redis each of N workers admits its share, limit ÷ N (service/ratelimit.py).
    with TestClient(create_app(local_settings(rate_limit_per_minute=250, workers=1))) as c:
        first = c.post("/graphql", json={"query": q, "variables": {"m": [{"level": 1}] * 200}})
        second = c.post("/graphql", json={"query": q, "variables": {"m": [{"level": 2}] * 200}})
        small = c.post("/graphql", json={"query": "{ rulesets { id } }"})
    assert first.status_code == 200 and "errors" not in first.json()
    assert second.status_code == 429 and second.headers["content-type"].startswith("application/problem+json")
    assert small.status_code == 200


def test_document_errors_carry_a_code(gclient: TestClient[Litestar]) -> None:
    assert codes(post(gclient, {"query": "{ rulesets { id }"})) == ["GRAPHQL_PARSE_FAILED"]
    assert codes(post(gclient, {"query": "{ rulesets { nope } }"})) == ["GRAPHQL_VALIDATION_FAILED"]
    # An empty selection set, which graphql-core's parser lets through, once crashed the depth limiter's max().
    assert codes(post(gclient, {"query": "{ rulesets { } }"})) == ["GRAPHQL_PARSE_FAILED"]
    assert codes(post(gclient, {"query": "{ rulesets { ... on RulesetInfo { } } }"})) == ["GRAPHQL_PARSE_FAILED"]
    aliases = "{ " + " ".join(f"a{i}: rulesets {{ id }}" for i in range(31)) + " }"
    assert codes(post(gclient, {"query": aliases})) == ["GRAPHQL_VALIDATION_FAILED"]


def test_text_plain_json_is_a_graphql_request(gclient: TestClient[Litestar]) -> None:
    """Browser plugins send JSON as text/plain to avoid a CORS preflight; /graphql takes it as REST does."""
    r = gclient.post("/graphql", content=b'{"query": "{ rulesets { id } }"}', headers={"content-type": "text/plain"})
    assert r.status_code == 200
    assert r.json() == {"data": {"rulesets": [{"id": x.id} for x in rulesets()]}}
