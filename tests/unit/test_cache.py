"""The two-tier cache: keys, the local tier, the circuit breaker and fail-open behaviour without a server."""

from __future__ import annotations

import asyncio

from service.cache import CircuitBreaker, RedisTier, Tier, TwoTierCache, cache_key
from service.rules.fight2e.models import MoveRequest


def test_key_covers_every_input_and_the_version() -> None:
    a = MoveRequest.model_validate({"level": 3, "elements": [{"id": "hits_low", "options": {"b": 1, "a": 2}}]})
    b = MoveRequest.model_validate({"level": 3, "elements": [{"id": "hits_low", "options": {"a": 2, "b": 1}}]})
    c = MoveRequest.model_validate({"level": 3, "elements": [{"id": "hits_low"}], "campaign": {"super_stun": True}})
    assert cache_key("price", "fight2e", "1", a) == cache_key("price", "fight2e", "1", b)  # option order is moot
    assert cache_key("price", "fight2e", "1", a) != cache_key("price", "fight2e", "1", c)
    assert cache_key("price", "fight2e", "1", a) != cache_key("price", "fight2e", "2", a)
    assert cache_key("price", "fight2e", "1", {"x": 1, "y": 2}) == cache_key("price", "fight2e", "1", {"y": 2, "x": 1})


def test_local_tier_serves_the_second_call() -> None:
    cache = TwoTierCache(local_size=8)
    calls: list[int] = []

    def compute() -> bytes:
        calls.append(1)
        return b"answer"

    first = asyncio.run(cache.get_or_compute("k", compute))
    second = asyncio.run(cache.get_or_compute("k", compute))
    assert first == (b"answer", Tier.miss) and second == (b"answer", Tier.local)
    assert len(calls) == 1


def test_local_tier_is_bounded() -> None:
    cache = TwoTierCache(local_size=2)
    for key in "abc":
        asyncio.run(cache.get_or_compute(key, lambda k=key: k.encode()))
    assert len(cache.local) == 2 and "a" not in cache.local


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

    async def get(self, key: str) -> bytes:
        self.calls += 1
        raise ConnectionError("down")

    async def set(self, *args: object, **kwargs: object) -> None:
        self.calls += 1
        raise ConnectionError("down")

    async def ping(self) -> bool:
        raise ConnectionError("down")


def test_redis_failure_falls_back_to_computing_and_stops_trying() -> None:
    client = DeadRedis()
    tier = RedisTier(client, timeout_s=0.05, ttl_s=60, breaker=CircuitBreaker(3, 60))  # type: ignore[arg-type]
    cache = TwoTierCache(local_size=0, redis=tier)

    async def many() -> list[tuple[bytes, Tier]]:
        out = [await cache.get_or_compute(f"k{i}", lambda: b"v") for i in range(10)]
        await asyncio.sleep(0.01)  # let the background writes fail
        return out

    answers = asyncio.run(many())
    assert all(a == (b"v", Tier.miss) for a in answers)
    assert tier.breaker.open
    assert client.calls < 10  # once open, the breaker stops calling Redis
    assert tier.state == "degraded"
