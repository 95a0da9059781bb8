"""Malformed requests get a 4xx problem+json answer with CORS headers, never a 5xx."""

from __future__ import annotations

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from tests.conftest import local_settings
from tests.unit.fight2e.combat.fixtures import example_request

ORIGIN = {"Origin": "https://vtt.example"}


def assert_problem(r, status: int) -> dict:  # type: ignore[no-untyped-def]
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.headers.get("access-control-allow-origin") == "*"
    body = r.json()
    assert body["status"] == status and body["title"] and body["detail"] and body["type"]
    return body


@pytest.mark.parametrize("body", [b"{not json", b"", b"[]", b'"text"', b"null"])
def test_malformed_json(client: TestClient[Litestar], body: bytes) -> None:
    r = client.post("/v1/fight2e/moves/price", content=body, headers={**ORIGIN, "Content-Type": "application/json"})
    assert_problem(r, 400)


@pytest.mark.parametrize(
    "move",
    [
        {"level": "three"},
        {"level": 3, "elements": "increased_damage"},
        {"level": 3, "elements": [{"id": 5}]},
        {"level": -1},
        {"level": 10**12},
        {"level": 3, "elements": [{"id": "increased_damage", "times": 0}]},
        {"level": 3, "type": "ultra"},
        {"level": 3, "surprise": True},
        {"level": 3, "fighter": {"ki": 99}},
        {"level": 3, "elements": [{"id": "x" * 500}]},
    ],
)
def test_wrong_types_and_out_of_range(client: TestClient[Litestar], move: dict) -> None:
    body = assert_problem(client.post("/v1/fight2e/moves/price", json=move, headers=ORIGIN), 400)
    assert body["errors"]


@pytest.mark.parametrize(
    "move",
    [
        {"level": "3"},
        {"level": True},
        {"level": 3, "elements": [{"id": "increased_damage", "times": "2"}]},
        {"level": 3, "fighter": {"ki": "4"}},
        {"level": 3, "fighter": {"borrow_identities": 0}},
        {"level": 3, "campaign": {"free_basic_throws": 1.5}},
    ],
)
def test_strings_booleans_and_fractions_are_not_integers(client: TestClient[Litestar], move: dict) -> None:
    body = assert_problem(client.post("/v1/fight2e/moves/price", json=move, headers=ORIGIN), 400)
    assert body["errors"]


def test_integers_written_with_a_zero_fraction_are_integers(client: TestClient[Litestar]) -> None:
    # JSON Schema counts 4.0 as an integer, so every integer of a move request takes it.
    whole = {
        "level": 4,
        "tier": 1,
        "elements": [{"id": "increased_damage", "times": 2}],
        "fighter": {"power_level": 3, "strength": 1, "ki": 4, "styles": 1},
        "campaign": {"free_basic_throws": 0},
    }
    written = {
        "level": 4.0,
        "tier": 1.0,
        "elements": [{"id": "increased_damage", "times": 2.0}],
        "fighter": {"power_level": 3.0, "strength": 1.0, "ki": 4.0, "styles": 1.0},
        "campaign": {"free_basic_throws": 0.0},
    }
    a = client.post("/v1/fight2e/moves/price", json=whole)
    b = client.post("/v1/fight2e/moves/price", json=written)
    assert a.status_code == b.status_code == 200, b.text
    assert a.json() == b.json() and b.json()["level"] == 4 and b.json()["entries"][0]["times"] == 2


def test_ten_thousand_elements_is_refused(client: TestClient[Litestar]) -> None:
    move = {"level": 3, "elements": [{"id": "increased_damage"}] * 10_000}
    assert_problem(client.post("/v1/fight2e/moves/price", json=move, headers=ORIGIN), 400)


def test_too_many_batch_moves(client: TestClient[Litestar]) -> None:
    assert_problem(
        client.post("/v1/fight2e/moves/price-batch", json={"moves": [{"level": 3}] * 201}, headers=ORIGIN), 400
    )


def test_huge_body(client: TestClient[Litestar]) -> None:
    body = b'{"level": 3, "name": "' + b"x" * 2_000_000 + b'"}'
    assert_problem(
        client.post("/v1/fight2e/moves/price", content=body, headers={**ORIGIN, "Content-Type": "application/json"}),
        413,
    )


def test_unknown_route_and_method(client: TestClient[Litestar]) -> None:
    assert_problem(client.get("/v1/nope", headers=ORIGIN), 404)
    assert_problem(client.get("/v1/fight2e/moves/price", headers=ORIGIN), 405)


def test_rate_limit_answers_429_with_headers() -> None:
    app = create_app(local_settings(rate_limit_per_minute=3, workers=1))  # one process: its share is the limit
    with TestClient(app) as c:
        answers = [c.get("/v1/rulesets", headers=ORIGIN) for _ in range(4)]
    assert [a.status_code for a in answers[:3]] == [200, 200, 200]
    assert "ratelimit-limit" in answers[0].headers and answers[0].headers["ratelimit-limit"] == "3"
    assert_problem(answers[3], 429)


def test_cors_preflight(client: TestClient[Litestar]) -> None:
    r = client.options(
        "/v1/fight2e/moves/price",
        headers={**ORIGIN, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"},
    )
    assert r.status_code in (200, 204)
    assert r.headers.get("access-control-allow-origin") == "*"


def test_a_bug_still_answers_problem_json_with_cors(monkeypatch: pytest.MonkeyPatch) -> None:
    """No input should ever reach this, but if the core fails the caller still gets RFC 9457 and CORS headers."""
    import service.api.rulesets as rest

    def broken(_: object) -> bytes:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(rest, "_serialised", broken)
    with TestClient(create_app(local_settings())) as c:
        r = c.post("/v1/fight2e/moves/price", json={"level": 3, "name": "bug"}, headers=ORIGIN)
    body = assert_problem(r, 500)
    assert "simulated" not in body["detail"]  # internals are logged, not sent


# ---- issue 13, items 7 and 12: one body gate in front of every POST route, REST and GraphQL alike

POST_ROUTES = sorted(
    route.path for route in create_app(local_settings()).routes if "POST" in getattr(route, "methods", ())
)
JSON_CT = {**ORIGIN, "Content-Type": "application/json"}


def test_every_post_route_is_covered() -> None:
    assert "/graphql" in POST_ROUTES and "/v1/fight2e/moves/price" in POST_ROUTES and len(POST_ROUTES) >= 6


MALFORMED = {
    "invalid UTF-8 in a string": b'{"level":3,"name":"\xff"}',
    "invalid UTF-8 in a GraphQL query": b'{"query":"{ rulesets { id } } # \xc3\x28"}',
    "nested 5,000 deep": b"[" * 5000 + b"]" * 5000,
    "nested 990 deep inside an object": b'{"level":3,"name":' + b"[" * 989 + b"]" * 989 + b"}",
    "nested 65 deep inside GraphQL variables": b'{"query":"query($f: Fight2eFighterInput!){ fight2e {'
    b' validateFighter(input: {fighter: $f}) { __typename } } }","variables":{"f":' + b"[" * 63 + b"]" * 63 + b"}}",
    "an array": b"[]",
    "a string": b'"text"',
    "a number": b"3",
    "true": b"true",
    "null": b"null",
    "an integer of 5,000 digits": b'{"level":' + b"9" * 5000 + b"}",
    "a number beyond double": b'{"level":1e400}',
    "NaN": b'{"level":NaN}',
    "Infinity": b'{"level":Infinity}',
    "-Infinity": b'{"level":-Infinity}',
    "a byte-order mark": b'\xef\xbb\xbf{"level":3}',
    "UTF-16": '{"level":3}'.encode("utf-16"),
    "a lone surrogate": b'{"level":3,"name":"\\ud800"}',
    "trailing bytes": b'{"level":3} {}',
    "truncated": b'{"level":3,"elements":[{"id":"ranged"',
    "empty": b"",
}


@pytest.mark.parametrize("route", POST_ROUTES)
@pytest.mark.parametrize("body", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_body_is_a_400_on_every_post_route(client: TestClient[Litestar], route: str, body: bytes) -> None:
    """Each of these answered 500 on some route: msgspec and json.loads raise UnicodeDecodeError, RecursionError
    and ValueError besides their decode errors, and Strawberry took any top-level JSON value."""
    problem = assert_problem(client.post(route, content=body, headers=JSON_CT), 400)
    assert problem["type"].endswith("/bad-request") and problem["instance"] == route


@pytest.mark.parametrize("route", POST_ROUTES)
@pytest.mark.parametrize(
    "content_type",
    [
        "application/x-www-form-urlencoded",  # what `curl -d` sends
        "multipart/form-data; boundary=x",
        "application/xml",
        "text/xml",
        "application/json; charset=iso-8859-1",
        "text/plain; charset=utf-16",
    ],
)
def test_forms_xml_multipart_and_other_charsets_are_415(
    client: TestClient[Litestar], route: str, content_type: str
) -> None:
    body = b'{"query": "{ rulesets { id } }", "level": 3}'
    r = client.post(route, content=body, headers={**ORIGIN, "Content-Type": content_type})
    assert_problem(r, 415)
    assert "application/json" in r.headers["accept-post"]


@pytest.mark.parametrize(
    "content_type",
    ["application/json", "application/json; charset=UTF-8", "text/plain", "text/plain;charset=utf-8", None],
)
def test_json_as_text_plain_or_undeclared_is_still_accepted(
    client: TestClient[Litestar], content_type: str | None
) -> None:
    # text/plain is a CORS-safelisted type: browser plugins post it without a preflight.
    headers = {"Content-Type": content_type} if content_type else {}
    rest = client.post("/v1/fight2e/moves/price", content=b'{"level": 3}', headers=headers)
    assert rest.status_code == 200 and rest.json()["level"] == 3
    gql = client.post("/graphql", content=b'{"query": "{ rulesets { id } }"}', headers=headers)
    assert gql.status_code == 200 and "fight2e" in {r["id"] for r in gql.json()["data"]["rulesets"]}


def test_nesting_up_to_the_limit_is_read(client: TestClient[Litestar]) -> None:
    # The top-level object is level 1; `name` holds 63 more levels: within the default limit of 64.
    body = b'{"level":3,"name":' + b"[" * 63 + b"]" * 63 + b"}"
    problem = assert_problem(client.post("/v1/fight2e/moves/price", content=body, headers=JSON_CT), 400)
    assert problem["errors"]  # read, then refused by the model: `name` is a string


def test_duplicate_keys_take_the_last_value_everywhere(client: TestClient[Litestar]) -> None:
    # Every decoder here (msgspec, json.loads) keeps the last value, so the answer and its cache key agree.
    twice = client.post("/v1/fight2e/moves/price", content=b'{"level": 2, "level": 4}', headers=JSON_CT)
    once = client.post("/v1/fight2e/moves/price", json={"level": 4})
    assert twice.status_code == once.status_code == 200 and twice.json() == once.json()


def test_a_refused_body_is_counted_as_a_4xx(client: TestClient[Litestar]) -> None:
    from service.metrics import REQUESTS

    def count(status: int) -> float:
        return REQUESTS.labels("POST", "/v1/fight2e/moves/price", str(status))._value.get()

    before = (count(400), count(415), count(500))
    client.post("/v1/fight2e/moves/price", content=b'{"name":"\xff"}', headers=JSON_CT)
    client.post(
        "/v1/fight2e/moves/price", content=b"level=3", headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert (count(400), count(415), count(500)) == (before[0] + 1, before[1] + 1, before[2])


# ── issue 28, items 6–9: each attack in process (tests/integration/test_hardening.py sends them over a socket)


async def _asgi(app: Litestar, scope_extra: dict, messages: list[dict]) -> list[dict]:
    """Calls the application directly with a hand-made scope and request messages; what it sends back."""
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/healthz",
        "raw_path": b"/healthz",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
        "state": {},
        **scope_extra,
    }
    sent: list[dict] = []
    pending = list(messages)

    async def receive() -> dict:
        return pending.pop(0) if pending else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    await app(scope, receive, send)  # type: ignore[arg-type]
    return sent


def test_a_nul_byte_in_a_path_is_400(client: TestClient[Litestar]) -> None:
    r = client.get("/static/%00")
    assert r.status_code == 400 and r.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize("hosts", [[], [(b"host", b"a"), (b"host", b"b")]])
async def test_a_missing_or_doubled_host_is_400(app: Litestar, hosts: list) -> None:
    sent = await _asgi(app, {"headers": hosts}, [])
    assert sent[0]["status"] == 400  # RFC 9112 §3.2
    http10 = await _asgi(app, {"headers": [], "http_version": "1.0"}, [])
    assert http10[0]["status"] == 200  # HTTP/1.0 may omit it


async def test_a_body_cut_off_by_the_server_is_answered_and_counted_400(app: Litestar) -> None:
    # The server cut a malformed chunked body: the application sees part of it, then a disconnect (was a 500).
    scope = {"method": "POST", "path": "/v1/fight2e/moves/price", "raw_path": b"/v1/fight2e/moves/price"}
    sent = await _asgi(app, scope, [{"type": "http.request", "body": b'{"lev', "more_body": True}])
    assert sent[0]["status"] == 400


def test_restricted_cors_catalogue_answers_vary_on_origin() -> None:
    with TestClient(create_app(local_settings(cors_origins=["https://vtt.example"]))) as c:
        plain = c.get("/v1/fight2e/catalog/keywords")
        assert plain.status_code == 200 and "public" in plain.headers["cache-control"]
        assert "Origin" in plain.headers.get("vary", "")  # no Origin sent, still varies on it for shared caches
    with TestClient(create_app(local_settings())) as c:
        assert "Origin" not in c.get("/v1/fight2e/catalog/keywords").headers.get("vary", "")  # "*": one answer


def test_an_ipv4_mapped_address_is_the_same_client() -> None:
    from service.ratelimit import client_address, parse_networks

    assert client_address({"client": ("::ffff:203.0.113.9", 1), "headers": []}, ()) == "203.0.113.9"
    trusted = parse_networks("10.0.0.0/8")
    forwarded = {"client": ("::ffff:10.1.2.3", 1), "headers": [(b"x-forwarded-for", b"::ffff:198.51.100.7")]}
    assert client_address(forwarded, trusted) == "198.51.100.7"  # the mapped proxy is trusted, the hop mapped


def test_graphql_variable_coercion_errors_have_a_code(client: TestClient[Litestar]) -> None:
    query = "query($m: Fight2eMoveRequestInput!) { fight2e { priceMove(input: $m) { __typename } } }"
    out = client.post("/graphql", json={"query": query, "variables": {"m": {"level": "x"}}}).json()
    assert [e["extensions"]["code"] for e in out["errors"]] == ["BAD_USER_INPUT"], out


def test_several_unnamed_graphql_operations_are_an_error(client: TestClient[Litestar]) -> None:
    out = client.post("/graphql", json={"query": "{ __typename } { rulesets { id } }"}).json()
    assert out.get("data") is None and out["errors"], out
    assert {e["extensions"]["code"] for e in out["errors"]} == {"GRAPHQL_VALIDATION_FAILED"}


def test_simulate_merge_takes_integers_written_with_a_fraction(client: TestClient[Litestar]) -> None:
    import json

    from service.rules.fight2e.operations import examples

    text = json.dumps(examples("merge_simulations")["two-parts"]).replace('"fights": 1', '"fights": 1.0')
    assert '"fights": 1.0' in text
    r = client.post("/v1/fight2e/simulate/merge", content=text.encode(), headers={"Content-Type": "application/json"})
    assert r.status_code == 200, r.text
    assert r.json()["fights"] == 2


@pytest.mark.parametrize(
    ("where", "value", "path"),
    [
        (
            "hazard",
            {"id": "ledge", "kind": "deathtrap"},
            "fight.hazards[0].kind",
        ),  # 000 L6067–L6229 define no such kind
        ("effect", {"id": "mist_of_doom"}, "fighters[0].state.ongoing_effects[0].id"),  # no entry leaves it
    ],
)
def test_a_hazard_kind_or_ongoing_effect_the_text_has_not_is_a_problem_naming_the_field(
    client: TestClient[Litestar], where: str, value: dict, path: str
) -> None:
    turn = example_request()
    if where == "hazard":
        turn["fight"]["hazards"] = [value]
    else:
        turn["fighters"][0]["state"]["ongoing_effects"] = [value]
    body = assert_problem(client.post("/v1/fight2e/combat/resolve-turn", json=turn, headers=ORIGIN), 400)
    assert path in str(body["errors"]), body["errors"]
