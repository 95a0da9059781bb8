"""Issue 13 item 13 against real servers: a password-protected Redis, TLS URLs, key prefixes with TTLs, answers
that cannot be planted, and an eviction policy that spares rate-limit counters."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from litestar.testing import TestClient
from redis.asyncio import Redis as AsyncRedis
from redis.asyncio.connection import SSLConnection

from service.app import create_app
from service.cache import CACHE_EVENTS, TAG_BYTES, cache_key, sign
from service.rules.fight2e import RULESET, VERSION
from service.rules.fight2e.moves.models import PriceBatchRequest
from tests.conftest import local_settings
from tests.integration.conftest import REDIS_PASSWORD, PrivateRedis
from tests.integration.test_redis import HMAC_KEY, batch

BATCH = "/v1/fight2e/moves/price-batch"


def _url_with_password(server: PrivateRedis, password: str) -> str:
    return f"redis://:{quote(password, safe='')}@127.0.0.1:{server.port}/0"


def _wait_for_tier(client: TestClient, body: dict, tier: str) -> TestClient:  # type: ignore[type-arg]
    for _ in range(50):  # the write to Redis happens in the background
        answer = client.post(BATCH, json=body)
        if answer.headers["x-cache"] == tier:
            return answer
        time.sleep(0.02)
    raise AssertionError(f"never served from {tier}")


def test_a_password_url_shares_answers_and_rate_limits(password_redis: PrivateRedis) -> None:
    url = _url_with_password(password_redis, REDIS_PASSWORD)
    settings = local_settings(redis_url=url, redis_hmac_key=HMAC_KEY, rate_limit_per_minute=1000)
    body = batch(uuid.uuid4().hex)
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        assert a.get("/readyz").json()["redis"] == "ok"
        assert a.post(BATCH, json=body).headers["x-cache"] == "miss"
        _wait_for_tier(b, body, "redis")
    keys = redis.Redis.from_url(url).keys("*")
    assert any(k.startswith(b"fr-cache:") for k in keys) and any(k.startswith(b"fr-ratelimit:") for k in keys)


def test_a_wrong_or_missing_password_fails_open(password_redis: PrivateRedis) -> None:
    for url in (_url_with_password(password_redis, "wrong"), password_redis.url):
        settings = local_settings(redis_url=url, redis_hmac_key=HMAC_KEY, rate_limit_per_minute=1000)
        with TestClient(create_app(settings)) as client:
            answers = [client.post(BATCH, json=batch(f"pw{i}")) for i in range(3)]
            assert [a.status_code for a in answers] == [200, 200, 200]
            assert client.get("/readyz").json() == {"status": "ready", "redis": "degraded"}


def test_a_rediss_url_speaks_tls() -> None:
    client = AsyncRedis.from_url("rediss://:pw@redis.example:6380/0?ssl_cert_reqs=required")
    kwargs = client.connection_pool.connection_kwargs
    assert client.connection_pool.connection_class is SSLConnection
    assert kwargs["password"] == "pw" and kwargs["ssl_cert_reqs"] == "required"
    asyncio.run(client.aclose())


def test_every_cache_entry_has_a_ttl_and_its_own_prefix(private_redis: PrivateRedis) -> None:
    settings = local_settings(redis_url=private_redis.url, redis_hmac_key=HMAC_KEY, rate_limit_per_minute=1000)
    with TestClient(create_app(settings)) as a:
        a.post(BATCH, json=batch("ttl"))
        a.post("/v1/fight2e/fighters/validate", json={"fighter": {"power_level": 1}})
        time.sleep(0.1)
    server = redis.Redis.from_url(private_redis.url)
    keys = server.keys("*")
    assert keys and all(k.startswith((b"fr-cache:", b"fr-ratelimit:")) for k in keys)
    assert all(server.ttl(k) > 0 for k in keys)  # volatile-lfu may evict any of them


def _rejected() -> float:
    return CACHE_EVENTS.labels("redis", "rejected")._value.get()


@pytest.mark.parametrize("how", ["unsigned", "wrong key", "another request's answer"])
def test_an_answer_planted_in_redis_is_ignored(private_redis: PrivateRedis, how: str) -> None:
    body = batch(uuid.uuid4().hex)
    key = cache_key("price_moves", RULESET, VERSION, PriceBatchRequest.model_validate(body))
    with TestClient(create_app(local_settings())) as plain:
        truth = plain.post(BATCH, json=body).json()
        other = plain.post(BATCH, json=batch("other")).content
    lie = json.dumps(dict(truth, results=[dict(r, move_points=0, legal=True) for r in truth["results"]])).encode()
    forged = {
        "unsigned": lie,
        "wrong key": sign(b"an attacker's own key, 32 bytes.", key, lie) + lie,
        "another request's answer": sign(HMAC_KEY.encode(), key.replace(key[-8:], "0" * 8), other) + other,
    }[how]
    server = redis.Redis.from_url(private_redis.url)
    server.set(key, forged, ex=600)
    before = _rejected()
    settings = local_settings(redis_url=private_redis.url, redis_hmac_key=HMAC_KEY)
    with TestClient(create_app(settings)) as client:
        answer = client.post(BATCH, json=body)
        assert answer.headers["x-cache"] == "miss" and answer.json() == truth
        assert _rejected() == before + 1
        time.sleep(0.1)
    stored = server.get(key)
    assert stored is not None and stored[TAG_BYTES:] == answer.content  # the true answer, signed, replaced it


def _counter_losses(server: redis.Redis, counter: str, policy: str) -> int:
    """Fill a small Redis with cache entries (a day's TTL) while one client keeps its rate-limit counter (a minute's
    TTL) busy with a request every ten cache writes; how often its counter had been evicted when it came back."""
    server.config_set("maxmemory-policy", policy)
    server.set(counter, b"x" * 64, ex=60)
    losses = 0
    for i in range(3000):
        server.set(f"fr-cache:fill:{i}", b"v" * 2000, ex=86_400)
        if i % 10 == 0:  # the client's next request: its counter is read, then written back
            losses += server.get(counter) is None
            server.set(counter, b"x" * 64, ex=60)
    return losses


def test_the_documented_eviction_policy_spares_busy_rate_limit_counters(tmp_path: Path) -> None:
    """Why volatile-lfu. Every key of ours has a TTL; counters have the shortest, so volatile-ttl evicts them
    first, and an LRU cannot tell a busy counter from a flood of fresh cache entries (its clock ticks once a
    second). LFU ranks by use: a counter is read and written back on each of its client's requests."""
    losses = {}
    for policy in ("volatile-ttl", "volatile-lfu"):
        process = PrivateRedis(tmp_path, "--maxmemory", "2mb")
        process.start()
        try:
            server = redis.Redis(port=process.port)
            losses[policy] = _counter_losses(server, "fr-ratelimit:client", policy)
            assert server.dbsize() < 3000  # memory ran out: Redis did evict
        finally:
            process.stop()
    assert losses["volatile-lfu"] == 0 and losses["volatile-ttl"] > 0, losses


def test_the_deploy_configs_use_the_documented_policy_and_a_password() -> None:
    root = Path(__file__).resolve().parents[2] / "deploy"
    for config in (root / "compose.yaml", root / "k8s" / "redis.yaml"):
        text = config.read_text()
        assert "volatile-lfu" in text and "allkeys" not in text and "--requirepass" in text, config
