"""Rate limiting in process: the client key, exact exclusions, Retry-After, the per-process share, charge by cost."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar, Request, get
from litestar.datastructures import State
from litestar.middleware import DefineMiddleware
from litestar.params import FromPath
from litestar.testing import TestClient
from pydantic import ValidationError

from service.app import create_app
from service.ratelimit import (
    STATE_KEY,
    RateLimiter,
    RateLimitMiddleware,
    charge_extra,
    client_address,
    parse_networks,
    rate_limited_response,
)
from service.settings import Settings
from tests.conftest import local_settings


def scope(peer: str, forwarded: str | None = None) -> dict[str, Any]:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded is not None else []
    return {"type": "http", "client": (peer, 40000), "headers": headers}


def test_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy() -> None:
    # The attack: any client may send X-Forwarded-For; believed, each made-up address is a fresh bucket.
    assert client_address(scope("127.0.0.1", "203.0.113.9"), ()) == "127.0.0.1"
    assert client_address(scope("198.51.100.7", "203.0.113.9"), parse_networks("10.0.0.0/8")) == "198.51.100.7"


def test_behind_trusted_proxies_the_right_most_untrusted_hop_is_the_client() -> None:
    trusted = parse_networks("10.0.0.0/8, 192.168.1.1")
    # The client made up the first entry; the ingress (10.1.2.3) appended the address it saw.
    assert client_address(scope("10.1.2.3", "1.2.3.4, 203.0.113.9"), trusted) == "203.0.113.9"
    assert client_address(scope("10.1.2.3", "1.2.3.4, 203.0.113.9, 192.168.1.1"), trusted) == "203.0.113.9"
    assert client_address(scope("10.1.2.3", "garbage, 10.9.9.9"), trusted) == "garbage"  # still one key per value
    assert client_address(scope("10.1.2.3"), trusted) == "10.1.2.3"  # a proxy's own request: its bucket
    assert client_address(scope("10.1.2.3", "10.0.0.5"), trusted) == "10.0.0.5"


def test_network_settings_parse_comma_separated_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIGHT_RULES_TRUSTED_PROXIES", "10.0.0.0/8, 127.0.0.1,::1")
    monkeypatch.setenv("FIGHT_RULES_METRICS_ALLOW", "192.168.0.0/16")
    settings = Settings()
    assert [str(n) for n in parse_networks(settings.trusted_proxies)] == ["10.0.0.0/8", "127.0.0.1/32", "::1/128"]
    assert Settings().metrics_allow == "192.168.0.0/16"
    monkeypatch.setenv("FIGHT_RULES_TRUSTED_PROXIES", "not-an-ip")
    with pytest.raises(ValidationError):
        Settings()


def test_every_429_is_problem_json_with_retry_after() -> None:
    app = create_app(local_settings(rate_limit_per_minute=2, workers=1))
    with TestClient(app) as c:
        answers = [c.get("/v1/rulesets") for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    refused = answers[2]
    assert refused.headers["content-type"].startswith("application/problem+json")
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.json()["type"].endswith("/rate-limited") and refused.json()["status"] == 429
    assert answers[0].headers["ratelimit-limit"] == "2" and answers[1].headers["ratelimit-remaining"] == "0"


def test_exclusions_are_matched_exactly() -> None:
    # Litestar's exclusion was a regular-expression search, so any path containing "healthz" was never limited.
    app = create_app(local_settings(rate_limit_per_minute=2, workers=1))
    with TestClient(app) as c:
        codes = [c.get("/v1/fight2e/catalog/entries/healthz").status_code for _ in range(4)]
        probes = [c.get("/healthz").status_code for _ in range(5)]
    assert codes[-1] == 429, codes
    assert probes == [200] * 5


def test_each_process_counts_its_share_when_counts_are_not_shared() -> None:
    # No Redis (or Redis down): a process admits ⌈limit ÷ workers⌉, so a pod of 2 workers admits ~ the limit.
    app = create_app(local_settings(rate_limit_per_minute=10, workers=2))
    with TestClient(app) as c:
        codes = [c.get("/v1/rulesets").status_code for _ in range(8)]
    assert codes == [200] * 5 + [429] * 3


@get("/cost/{units:int}")
async def costly(request: Request[Any, Any, Any], units: FromPath[int]) -> Any:
    if not await charge_extra(request, units - 1):  # the middleware charged the first unit
        return await rate_limited_response(request)
    return {"charged": units}


def test_charge_extra_charges_by_cost() -> None:
    limiter = RateLimiter(local_settings(rate_limit_per_minute=10, workers=1))
    app = Litestar(
        [costly],
        state=State({STATE_KEY: limiter}),
        on_startup=[limiter.start],
        middleware=[DefineMiddleware(RateLimitMiddleware, limiter=limiter)],
    )
    with TestClient(app) as c:
        first = c.get("/cost/6")  # 6 of 10
        second = c.get("/cost/4")  # 10 of 10
        third = c.get("/cost/3")  # its first unit is over: refused by the middleware
    assert (first.status_code, second.status_code) == (200, 200)
    assert third.status_code == 429 and "retry-after" in third.headers

    limiter = RateLimiter(local_settings(rate_limit_per_minute=10, workers=1))
    app = Litestar(
        [costly],
        state=State({STATE_KEY: limiter}),
        on_startup=[limiter.start],
        middleware=[DefineMiddleware(RateLimitMiddleware, limiter=limiter)],
    )
    with TestClient(app) as c:
        assert c.get("/cost/8").status_code == 200  # 8 of 10
        refused = c.get("/cost/5")  # 1 by the middleware (9), 4 more would be 13: refused by charge_extra
        assert refused.status_code == 429
        assert refused.headers["content-type"].startswith("application/problem+json")
        assert int(refused.headers["retry-after"]) >= 1
        assert c.get("/cost/1").status_code == 200  # the refused extra charge was not taken: 10 of 10


def test_charge_extra_is_a_no_op_when_limiting_is_off() -> None:
    app = create_app(local_settings(rate_limit_per_minute=0))
    assert app.state[STATE_KEY] is None


def test_metrics_can_be_restricted_to_listed_addresses() -> None:
    with TestClient(create_app(local_settings(metrics_allow="10.0.0.0/8"))) as c:
        refused = c.get("/metrics")  # the test client's peer is not in 10.0.0.0/8
    assert refused.status_code == 403
    assert refused.headers["content-type"].startswith("application/problem+json")
    with TestClient(create_app(local_settings())) as c:
        assert c.get("/metrics").status_code == 200  # default: open


def test_counting_alone_the_headers_state_the_clients_limit_not_the_workers_share() -> None:
    # Issue 38: 10 a minute documented, 2 workers counting alone at ⌈10 ÷ 2⌉ = 5 each. The headers say 10, and
    # after one request 4 of this worker's 5 remain: 4 × 2 = 8 of the client's 10.
    app = create_app(local_settings(rate_limit_per_minute=10, workers=2))
    with TestClient(app) as c:
        first = c.get("/v1/rulesets")
        answers = [c.get("/v1/rulesets") for _ in range(5)]
    assert (first.headers["ratelimit-limit"], first.headers["ratelimit-policy"]) == ("10", "10; w=60")
    assert first.headers["ratelimit-remaining"] == "8"
    refused = answers[-1]  # the 6th request, over this worker's 5
    assert refused.status_code == 429 and refused.headers["ratelimit-limit"] == "10"
    assert refused.headers["ratelimit-remaining"] == "0" and "More than 10 requests" in refused.json()["detail"]
