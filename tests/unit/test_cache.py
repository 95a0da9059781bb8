"""The two-tier cache: keys, the local tier, the circuit breaker and fail-open behaviour without a server."""

from __future__ import annotations

import asyncio
import logging

import pytest

from service.cache import (
    CACHE_EVENTS,
    ENTRY_OVERHEAD,
    TAG_BYTES,
    CircuitBreaker,
    RedisTier,
    Tier,
    TwoTierCache,
    build_cache,
    cache_key,
    sign,
)
from service.rules.fight2e.moves.models import MoveRequest
from tests.conftest import local_settings

MiB = 2**20
KEY = b"k" * 32


def test_key_covers_every_input_and_the_version() -> None:
    a = MoveRequest.model_validate({"level": 3, "elements": [{"id": "hits_low", "options": {"b": 1, "a": 2}}]})
    b = MoveRequest.model_validate({"level": 3, "elements": [{"id": "hits_low", "options": {"a": 2, "b": 1}}]})
    c = MoveRequest.model_validate({"level": 3, "elements": [{"id": "hits_low"}], "campaign": {"super_stun": True}})
    assert cache_key("price", "fight2e", "1", a) == cache_key("price", "fight2e", "1", b)  # option order is moot
    assert cache_key("price", "fight2e", "1", a) != cache_key("price", "fight2e", "1", c)
    assert cache_key("price", "fight2e", "1", a) != cache_key("price", "fight2e", "2", a)
    assert cache_key("price", "fight2e", "1", {"x": 1, "y": 2}) == cache_key("price", "fight2e", "1", {"y": 2, "x": 1})


def test_local_tier_serves_the_second_call() -> None:
    cache = TwoTierCache(local_bytes=MiB, max_answer_bytes=MiB)
    calls: list[int] = []

    def compute() -> bytes:
        calls.append(1)
        return b"answer"

    first = asyncio.run(cache.get_or_compute("k", compute))
    second = asyncio.run(cache.get_or_compute("k", compute))
    assert first == (b"answer", Tier.miss) and second == (b"answer", Tier.local)
    assert len(calls) == 1


def test_local_tier_is_bounded() -> None:
    cache = TwoTierCache(local_bytes=2 * (ENTRY_OVERHEAD + 1), max_answer_bytes=MiB)
    for key in "abc":
        asyncio.run(cache.get_or_compute(key, lambda k=key: k.encode()))
    assert len(cache.local) == 2 and "a" not in cache.local


def test_local_tier_is_bounded_in_bytes_not_entries() -> None:
    """Issue 13 item 3: 60 queries with large answers pinned hundreds of MiB under a 4,096-entry bound."""
    bound = 4 * MiB
    cache = TwoTierCache(local_bytes=bound, max_answer_bytes=MiB)
    for i in range(60):
        asyncio.run(cache.get_or_compute(f"q{i}", lambda: b"x" * (900 * 1024)))
    held = sum(len(v) for v in cache.local.values())
    assert held <= bound and cache.local.currsize <= bound
    assert len(cache.local) == 4  # the most recent ones, as an LRU keeps
    assert "q59" in cache.local and "q0" not in cache.local


def test_an_answer_larger_than_the_limit_is_kept_nowhere() -> None:
    writes: list[str] = []
    tier = RedisTier(MemoryRedis(writes), 0.05, 60, CircuitBreaker(3, 60), KEY, max_answer_bytes=1000)  # type: ignore[arg-type]
    cache = TwoTierCache(local_bytes=MiB, max_answer_bytes=1000, redis=tier)

    async def twice() -> list[Tier]:
        out = [(await cache.get_or_compute("big", lambda: b"x" * 1001))[1] for _ in range(2)]
        await asyncio.sleep(0.01)
        return out

    assert asyncio.run(twice()) == [Tier.miss, Tier.miss]
    assert len(cache.local) == 0 and writes == []
    cache.local_put("raw", b"x" * 1001)  # the raw-body alias obeys the same limit
    assert len(cache.local) == 0
    cache.local_put("raw", b"x" * 1000)
    assert len(cache.local) == 1


def test_local_tier_off() -> None:
    cache = TwoTierCache(local_bytes=0, max_answer_bytes=MiB)
    assert [asyncio.run(cache.get_or_compute("k", lambda: b"v"))[1] for _ in range(2)] == [Tier.miss, Tier.miss]


def test_breaker_opens_and_half_opens() -> None:
    now = [0.0]
    breaker = CircuitBreaker(failures=2, reset_s=5, clock=lambda: now[0])
    breaker.failure()
    assert not breaker.open
    breaker.failure()
    assert breaker.open
    now[0] = 5.1
    assert not breaker.open  # one trial call may go through
    breaker.success()
    assert breaker.consecutive == 0


class DeadRedis:
    """A client whose every command fails, as when the server is down."""

    def __init__(self) -> None:
        self.calls = 0

    async def getrange(self, key: str, start: int, end: int) -> bytes:
        self.calls += 1
        raise ConnectionError("down")

    async def set(self, *args: object, **kwargs: object) -> None:
        self.calls += 1
        raise ConnectionError("down")

    async def ping(self) -> bool:
        raise ConnectionError("down")


def test_redis_failure_falls_back_to_computing_and_stops_trying() -> None:
    client = DeadRedis()
    tier = RedisTier(  # type: ignore[arg-type]
        client,
        timeout_s=0.05,
        ttl_s=60,
        breaker=CircuitBreaker(3, 60),
        hmac_key=KEY,
        max_answer_bytes=MiB,
    )
    cache = TwoTierCache(local_bytes=0, max_answer_bytes=MiB, redis=tier)

    async def many() -> list[tuple[bytes, Tier]]:
        out = [await cache.get_or_compute(f"k{i}", lambda: b"v") for i in range(10)]
        await asyncio.sleep(0.01)  # let the background writes fail
        return out

    answers = asyncio.run(many())
    assert all(a == (b"v", Tier.miss) for a in answers)
    assert tier.breaker.open
    assert client.calls < 10  # once open, the breaker stops calling Redis
    assert tier.state == "degraded"


class MemoryRedis:
    """Enough of a Redis client for the shared tier, in memory; ``writes`` records the keys set."""

    def __init__(self, writes: list[str] | None = None) -> None:
        self.data: dict[str, bytes] = {}
        self.writes = writes if writes is not None else []

    async def getrange(self, key: str, start: int, end: int) -> bytes:
        return self.data.get(key, b"")[start : end + 1]

    async def set(self, key: str, value: bytes, ex: int | None = None) -> None:
        assert ex, "every cache entry carries a TTL"
        self.writes.append(key)
        self.data[key] = value


def _rejected() -> float:
    return CACHE_EVENTS.labels("redis", "rejected")._value.get()


def _shared(client: MemoryRedis, max_answer_bytes: int = MiB) -> TwoTierCache:
    tier = RedisTier(client, 0.05, 60, CircuitBreaker(3, 60), KEY, max_answer_bytes)  # type: ignore[arg-type]
    return TwoTierCache(local_bytes=0, max_answer_bytes=max_answer_bytes, redis=tier)


def test_values_in_redis_are_signed_and_read_back() -> None:
    client = MemoryRedis()
    cache = _shared(client)

    async def run() -> list[tuple[bytes, Tier]]:
        first = await cache.get_or_compute("fr-cache:k", lambda: b"answer")
        await asyncio.sleep(0.01)
        return [first, await cache.get_or_compute("fr-cache:k", lambda: b"recomputed")]

    assert asyncio.run(run()) == [(b"answer", Tier.miss), (b"answer", Tier.redis)]
    stored = client.data["fr-cache:k"]
    assert stored == sign(KEY, "fr-cache:k", b"answer") + b"answer" and len(stored) == TAG_BYTES + 6


@pytest.mark.parametrize(
    "planted",
    [
        b"forged answer, no tag at all",
        sign(b"another key of 32 bytes........!", "fr-cache:k", b"forged") + b"forged",  # signed with the wrong key
        sign(KEY, "fr-cache:other", b"real answer of another request") + b"real answer of another request",  # moved
        b"x" * 5,  # shorter than a tag
    ],
)
def test_a_planted_value_is_ignored_recomputed_and_counted(planted: bytes) -> None:
    """Issue 13 item 13: whoever reaches Redis cannot plant an answer."""
    client = MemoryRedis()
    client.data["fr-cache:k"] = planted
    cache = _shared(client)
    before = _rejected()

    async def run() -> tuple[bytes, Tier]:
        out = await cache.get_or_compute("fr-cache:k", lambda: b"true answer")
        await asyncio.sleep(0.01)
        return out

    assert asyncio.run(run()) == (b"true answer", Tier.miss)
    assert _rejected() == before + 1
    assert client.data["fr-cache:k"] == sign(KEY, "fr-cache:k", b"true answer") + b"true answer"  # overwritten


def test_a_planted_giant_value_is_not_read_whole() -> None:
    client = MemoryRedis()
    value = b"y" * 5000
    client.data["fr-cache:k"] = sign(KEY, "fr-cache:k", value) + value  # even correctly signed
    cache = _shared(client, max_answer_bytes=1000)
    before = _rejected()
    assert asyncio.run(cache.get_or_compute("fr-cache:k", lambda: b"small"))[1] is Tier.miss
    assert _rejected() == before + 1


def test_without_an_hmac_key_answers_are_not_shared_through_redis(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="service.cache"):
        cache = build_cache(local_settings(redis_url="redis://127.0.0.1:1/0"))
    assert cache.redis is None
    assert "FIGHT_RULES_REDIS_HMAC_KEY" in caplog.text
    with_key = build_cache(local_settings(redis_url="redis://127.0.0.1:1/0", redis_hmac_key="k" * 32))
    assert with_key.redis is not None
    asyncio.run(with_key.redis.close())


def test_a_short_hmac_key_is_refused() -> None:
    with pytest.raises(ValueError, match="16 characters"):
        local_settings(redis_hmac_key="short")


def test_the_old_entry_count_setting_is_reported(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIGHT_RULES_LOCAL_CACHE_SIZE", "4096")
    with caplog.at_level(logging.WARNING, logger="service.cache"):
        build_cache(local_settings())
    assert "FIGHT_RULES_LOCAL_CACHE_BYTES" in caplog.text
