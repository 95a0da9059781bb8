"""HTTP around every answer: compression, HEAD, weak ETags, request ids, the 413 limit, docs pages, settings."""

from __future__ import annotations

import gzip
import io
import json
import logging
import re
from collections.abc import Iterator

import brotli
import pytest
from litestar import Litestar
from litestar.handlers import HTTPRouteHandler
from litestar.testing import TestClient

from service.app import create_app
from service.cli import main as cli_main
from service.docs import PROBLEM_TYPES
from service.settings import Settings
from service.version import __version__
from tests.conftest import local_settings

CATALOG = "/v1/fight2e/catalog"


def _raw(client: TestClient[Litestar], path: str, encoding: str) -> tuple[bytes, dict[str, str]]:
    """The bytes on the wire, not decoded by the client."""
    with client.stream("GET", path, headers={"Accept-Encoding": encoding}) as response:
        return b"".join(response.iter_raw()), dict(response.headers)


@pytest.mark.parametrize(("encoding", "decode"), [("gzip", gzip.decompress), ("br", brotli.decompress)])
def test_the_catalogue_is_compressed(client: TestClient[Litestar], encoding: str, decode: object) -> None:
    plain, _ = _raw(client, CATALOG, "identity")
    packed, headers = _raw(client, CATALOG, encoding)
    assert headers["content-encoding"] == encoding
    assert "Accept-Encoding" in headers["vary"]
    assert decode(packed) == plain  # type: ignore[operator]
    assert len(packed) * 5 < len(plain)


def test_small_answers_are_not_compressed(client: TestClient[Litestar]) -> None:
    _, headers = _raw(client, "/healthz", "gzip, br")
    assert "content-encoding" not in headers


def _get_paths(app: Litestar) -> Iterator[str]:
    for route in app.routes:
        handlers = getattr(route, "route_handlers", [])
        if (
            any(isinstance(h, HTTPRouteHandler) and "GET" in h.http_methods for h in handlers)
            and "{" not in route.path
            and not route.path.startswith("/static")
        ):
            yield route.path


def test_head_answers_wherever_get_does(app: Litestar, client: TestClient[Litestar]) -> None:
    paths = list(_get_paths(app))
    assert CATALOG in paths and "/schema/openapi.json" in paths and "/docs/validation-codes" in paths
    for path in paths:
        get = client.get(path, headers={"Accept": "text/html"})
        head = client.head(path, headers={"Accept": "text/html"})
        assert (path, head.status_code) == (path, get.status_code)
        assert head.content == b""
        assert head.headers.get("content-type") == get.headers.get("content-type")


def test_head_keeps_the_length_and_etag_of_get(client: TestClient[Litestar]) -> None:
    get = client.get(CATALOG, headers={"Accept-Encoding": "identity"})
    head = client.head(CATALOG, headers={"Accept-Encoding": "identity"})
    assert head.headers["content-length"] == str(len(get.content))
    assert head.headers["etag"] == get.headers["etag"]


def test_a_weak_etag_matches(client: TestClient[Litestar]) -> None:
    etag = client.get(CATALOG).headers["etag"]
    assert client.get(CATALOG, headers={"If-None-Match": f"W/{etag}"}).status_code == 304
    assert client.get(CATALOG, headers={"If-None-Match": f'"other", W/{etag}'}).status_code == 304
    assert client.get(CATALOG, headers={"If-None-Match": 'W/"other"'}).status_code == 200


def test_a_request_id_is_echoed_or_made(client: TestClient[Litestar]) -> None:
    assert client.get("/healthz", headers={"X-Request-ID": "trace-42"}).headers["x-request-id"] == "trace-42"
    made = client.get("/healthz").headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    refused = client.get("/healthz", headers={"X-Request-ID": "has spaces and\ttabs"}).headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", refused)
    assert client.get("/nope", headers={"X-Request-ID": "trace-43"}).headers["x-request-id"] == "trace-43"


def test_json_logs_carry_the_request_id() -> None:
    app = create_app(local_settings(log_format="json"))
    handler = logging.getLogger("service").handlers[0]
    stream = io.StringIO()
    handler.setStream(stream)  # type: ignore[attr-defined]
    try:
        with TestClient(app) as c:
            c.get("/healthz", headers={"X-Request-ID": "probe"})
            c.get("/v1/rulesets", headers={"X-Request-ID": "trace-44"})
    finally:
        create_app(local_settings())  # text logs again for the other tests
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    access = [line for line in lines if line["logger"] == "service.access"]
    assert [line["request_id"] for line in access] == ["trace-44"]  # probes are logged at debug level only
    assert (access[0]["status"], access[0]["path"], access[0]["level"]) == (200, "/v1/rulesets", "INFO")


def test_413_states_the_limit() -> None:
    with TestClient(create_app(local_settings(max_body_bytes=2048))) as c:
        r = c.post(
            "/v1/fight2e/moves/price", content=b"{" + b" " * 4096 + b"}", headers={"Content-Type": "application/json"}
        )
    assert r.status_code == 413
    assert r.headers["content-type"].startswith("application/problem+json")
    assert "2048 bytes" in r.json()["detail"] and r.json()["max_body_bytes"] == 2048


def test_docs_pages_load_nothing_from_elsewhere(client: TestClient[Litestar]) -> None:
    for path in ("/schema", "/schema/swagger", "/graphql", "/docs/validation-codes", "/problems"):
        page = client.get(path, headers={"Accept": "text/html"})
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", page.text), path
        assert "script-src 'self'" in page.headers["content-security-policy"]
        for asset in re.findall(r"""(?:src|href)="(/static/[^"]+)""", page.text):
            assert client.get(asset).status_code == 200, asset


def test_schema_in_a_browser_is_the_reference_page(client: TestClient[Litestar]) -> None:
    page = client.get("/schema", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert page.headers["content-type"].startswith("text/html") and "/schema/openapi.json" in page.text


def test_validation_codes_and_problem_types_are_served_and_linked(client: TestClient[Litestar]) -> None:
    doc = client.get("/schema/openapi.json").json()
    assert "/docs/validation-codes" in doc["info"]["description"] and "/problems" in doc["info"]["description"]
    assert "ATTACK_STRINGS_DISABLED" in client.get("/docs/validation-codes.md").text
    for slug in PROBLEM_TYPES:
        assert client.get(f"/problems/{slug}").status_code == 200
    missing = client.get("/problems/nope")
    assert missing.status_code == 404 and missing.headers["content-type"].startswith("application/problem+json")


def test_every_problem_the_service_answers_has_a_page(client: TestClient[Litestar]) -> None:
    answers = [
        client.post("/v1/fight2e/moves/price", json={"name": 3}),
        client.get("/nope"),
        client.put(CATALOG),
        client.post("/v1/fight2e/moves/price", content=b"{", headers={"Content-Type": "application/json"}),
    ]
    for answer in answers:
        slug = answer.json()["type"].rsplit("/", 1)[1]
        assert slug in PROBLEM_TYPES, answer.json()
        assert client.get(answer.json()["type"]).status_code == 200, answer.json()  # the type URI resolves here


def test_one_version_everywhere(client: TestClient[Litestar]) -> None:
    assert client.get("/schema/openapi.json").json()["info"]["version"] == __version__
    # A ruleset's version is the package's, with the digest of its rules after a "+" (service/rules/core/versioning.py).
    assert {r["version"].split("+")[0] for r in client.get("/v1/rulesets").json()["rulesets"]} == {__version__}
    assert client.get(f"{CATALOG}/keywords").json()["ruleset_version"].split("+")[0] == __version__


@pytest.mark.parametrize(
    ("raw", "origins"),
    [
        ("http://a,http://b", ["http://a", "http://b"]),
        (" http://a , http://b ", ["http://a", "http://b"]),
        ('["http://a"]', ["http://a"]),
        ("*", ["*"]),
    ],
)
def test_cors_origins_from_the_environment(monkeypatch: pytest.MonkeyPatch, raw: str, origins: list[str]) -> None:
    monkeypatch.setenv("FIGHT_RULES_CORS_ORIGINS", raw)
    assert Settings().cors_origins == origins


def test_a_bad_setting_is_a_message_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FIGHT_RULES_PORT", "0")
    with pytest.raises(SystemExit) as exit_:
        cli_main(["openapi"])
    assert "FIGHT_RULES_PORT" in str(exit_.value) and "Traceback" not in str(exit_.value)


def _post_raw(client: TestClient[Litestar], path: str, body: bytes, **headers: str) -> tuple[bytes, dict[str, str]]:
    sent = {"Content-Type": "application/json", **headers}
    with client.stream("POST", path, content=body, headers=sent) as response:
        assert response.status_code == 200
        return b"".join(response.iter_raw()), dict(response.headers)


REPEATABLE = [
    ("/v1/fight2e/moves/price", {"level": 3, "type": "special", "elements": [{"id": "ranged"}]}),
    ("/graphql", {"query": "{ fight2e { catalog { powerLevels { level } } } }"}),
]


@pytest.mark.parametrize(("path", "payload"), REPEATABLE)
def test_a_repeated_body_is_answered_like_the_first(path: str, payload: dict[str, object]) -> None:
    """A byte-identical repeat comes from the local tier (answered before the body is parsed again) with the same
    answer and everything around it: compression when accepted, CORS, its own request id."""
    with TestClient(create_app(local_settings())) as client:
        _repeat(client, path, json.dumps(payload).encode())


def _repeat(client: TestClient[Litestar], path: str, body: bytes) -> None:
    around = {"Accept-Encoding": "gzip", "Origin": "https://vtt.example"}
    first, first_headers = _post_raw(client, path, body, **around)
    again, headers = _post_raw(client, path, body, **around)
    assert first_headers.get("x-cache") != "local" and headers["x-cache"] == "local"
    assert headers["content-type"] == "application/json"
    assert headers.get("access-control-allow-origin") == first_headers.get("access-control-allow-origin") == "*"
    assert re.fullmatch(r"[0-9a-f]{32}", headers["x-request-id"])
    assert headers["x-request-id"] != first_headers["x-request-id"]
    if len(gzip.decompress(first) if first_headers.get("content-encoding") == "gzip" else first) >= 1024:
        assert headers["content-encoding"] == first_headers["content-encoding"] == "gzip"
    plain = [
        gzip.decompress(b) if h.get("content-encoding") == "gzip" else b
        for b, h in ((first, first_headers), (again, headers))
    ]
    assert plain[0] == plain[1] and json.loads(plain[1])
    same, plain_headers = _post_raw(client, path, body, **{"Accept-Encoding": "identity"})
    assert plain_headers["x-cache"] == "local" and same == plain[0]
    assert int(plain_headers["content-length"]) == len(same)


def test_a_repeat_is_still_refused_when_its_media_type_is_not_json(client: TestClient[Litestar]) -> None:
    body = json.dumps(REPEATABLE[0][1]).encode()
    assert client.post(REPEATABLE[0][0], content=body, headers={"Content-Type": "application/json"}).status_code == 200
    refused = client.post(REPEATABLE[0][0], content=body, headers={"Content-Type": "application/xml"})
    assert refused.status_code == 415


def test_scalar_is_configured_without_its_hosted_services(client: TestClient[Litestar]) -> None:
    """Issue 38: the served init script turns off Scalar's agent ("Ask AI"), MCP ("Generate MCP") and developer
    toolbar ("Share", "Deploy"), with options the vendored Scalar's configuration schema declares."""
    page = client.get("/schema", headers={"Accept": "text/html"}).text
    init = client.get(next(a for a in re.findall(r'src="(/static/[^"]+)"', page) if a.endswith("scalar-init.js")))
    bundle = client.get(next(a for a in re.findall(r'src="(/static/[^"]+)"', page) if "api-reference" in a)).text
    for option in ("agent: { disabled: true }", "mcp: { disabled: true }", 'showDeveloperTools: "never"'):
        assert option in init.text, option
    for declared in ("agent:w(C({key:w(S()),disabled:", "mcp:w(C({name:", "showDeveloperTools:_e([T(`localhost`)"):
        assert declared in bundle, declared  # a newer Scalar that renames them fails here, not silently
