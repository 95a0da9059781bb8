"""Two-tier cache around pure rules-core calls: an in-process LRU in front of an optional shared Redis.

Values are the serialized JSON answers (bytes), so both tiers hold exactly what is sent to the caller.
Redis is fail-open: every command has a short timeout, consecutive failures open a circuit breaker for a
while, writes never delay the answer, and any Redis trouble means "compute it here" — never an error.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from cachetools import LRUCache
from prometheus_client import Counter
from redis.asyncio import Redis

log = logging.getLogger("service.cache")

CACHE_EVENTS = Counter("fight_rules_cache_total", "Cache lookups by tier and result", ["tier", "result"])
REDIS_ERRORS = Counter("fight_rules_redis_errors_total", "Redis commands that failed or timed out", ["op"])


class Tier(StrEnum):
    local = "local"
    redis = "redis"
    miss = "miss"


def cache_key(operation: str, ruleset: str, version: str, payload: Any) -> str:
    """Key = hash of the canonical JSON of every input that changes the answer, with the ruleset and version.

    ``payload`` is a JSON-ready value, or a pydantic model: its JSON dump is canonical because the request models
    fix the field order, fill every default and sort the free-form option maps.
    """
    if hasattr(payload, "model_dump_json"):
        canonical = payload.model_dump_json().encode()
    else:
        canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    digest = hashlib.blake2b(canonical, digest_size=20).hexdigest()
    return f"fr:{ruleset}:{version}:{operation}:{digest}"


def body_key(operation: str, ruleset: str, version: str, body: bytes) -> str:
    """Key of a request body exactly as sent: a local-tier alias that skips parsing for a repeated request."""
    return f"fr:{ruleset}:{version}:{operation}:raw:{hashlib.blake2b(body, digest_size=20).hexdigest()}"


class CircuitBreaker:
    """Opens after ``failures`` consecutive errors; lets one trial through after ``reset_s``."""

    def __init__(self, failures: int, reset_s: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.failures = failures
        self.reset_s = reset_s
        self.clock = clock
        self.consecutive = 0
        self.opened_at: float | None = None

    @property
    def open(self) -> bool:
        if self.opened_at is None:
            return False
        return self.clock() - self.opened_at < self.reset_s  # after reset_s: half-open, the next call is a trial

    def success(self) -> None:
        self.consecutive = 0
        self.opened_at = None

    def failure(self) -> None:
        self.consecutive += 1
        if self.consecutive >= self.failures:
            if self.opened_at is None:
                log.warning("Redis circuit opened after %d failures; serving from this process", self.consecutive)
            self.opened_at = self.clock()


class RedisTier:
    """Shared tier. Every method returns a neutral value instead of raising."""

    def __init__(self, client: Redis, timeout_s: float, ttl_s: int, breaker: CircuitBreaker) -> None:
        self.client = client
        self.timeout_s = timeout_s
        self.ttl_s = ttl_s
        self.breaker = breaker
        self._pending: set[asyncio.Task[None]] = set()

    @property
    def state(self) -> str:
        return "degraded" if self.breaker.open or self.breaker.consecutive else "ok"

    async def get(self, key: str) -> bytes | None:
        if self.breaker.open:
            return None
        try:
            value = await asyncio.wait_for(self.client.get(key), self.timeout_s)
        except Exception as exc:
            self._failed("get", exc)
            return None
        self.breaker.success()
        return value

    def put(self, key: str, value: bytes) -> None:
        """Write in the background: the caller never waits for Redis."""
        if self.breaker.open:
            return
        task = asyncio.get_running_loop().create_task(self._put(key, value))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _put(self, key: str, value: bytes) -> None:
        try:
            await asyncio.wait_for(self.client.set(key, value, ex=self.ttl_s), self.timeout_s)
        except Exception as exc:
            self._failed("set", exc)
        else:
            self.breaker.success()

    async def ping(self) -> bool:
        try:
            await asyncio.wait_for(self.client.ping(), self.timeout_s * 4)
        except Exception as exc:
            self._failed("ping", exc)
            return False
        self.breaker.success()
        return True

    def _failed(self, op: str, exc: BaseException) -> None:
        REDIS_ERRORS.labels(op).inc()
        log.warning("Redis %s failed (%s); answering without the shared cache", op, type(exc).__name__)
        self.breaker.failure()

    async def close(self) -> None:
        for task in list(self._pending):
            task.cancel()
        await self.client.aclose()


class TwoTierCache:
    def __init__(self, local_size: int, redis: RedisTier | None = None) -> None:
        self.local: LRUCache[str, bytes] = LRUCache(maxsize=max(local_size, 1))
        self.local_enabled = local_size > 0
        self.redis = redis

    def local_get(self, key: str) -> bytes | None:
        value = self.local.get(key) if self.local_enabled else None
        if value is not None:
            CACHE_EVENTS.labels("local", "hit").inc()
        return value

    def local_put(self, key: str, value: bytes) -> None:
        if self.local_enabled:
            self.local[key] = value

    async def get_or_compute(self, key: str, compute: Callable[[], bytes], shared: bool = True) -> tuple[bytes, Tier]:
        """Return the cached answer and the tier that served it, computing (and storing) it on a miss.

        ``shared`` says whether this operation is worth a Redis round trip (see bench/RESULTS.md).
        """
        if self.local_enabled:
            value = self.local.get(key)
            if value is not None:
                CACHE_EVENTS.labels("local", "hit").inc()
                return value, Tier.local
            CACHE_EVENTS.labels("local", "miss").inc()
        use_redis = shared and self.redis is not None
        if use_redis:
            value = await self.redis.get(key)  # type: ignore[union-attr]
            if value is not None:
                CACHE_EVENTS.labels("redis", "hit").inc()
                if self.local_enabled:
                    self.local[key] = value
                return value, Tier.redis
            CACHE_EVENTS.labels("redis", "miss").inc()
        value = compute()
        if self.local_enabled:
            self.local[key] = value
        if use_redis:
            self.redis.put(key, value)  # type: ignore[union-attr]
        return value, Tier.miss

    async def redis_state(self) -> str:
        """``absent`` (not configured), ``ok`` or ``degraded`` (configured but failing)."""
        if self.redis is None:
            return "absent"
        return "ok" if await self.redis.ping() else "degraded"


def build_cache(settings: Any) -> TwoTierCache:
    redis_tier = None
    if settings.redis_url:
        client = Redis.from_url(
            settings.redis_url,
            socket_timeout=settings.redis_timeout_s,
            socket_connect_timeout=settings.redis_timeout_s,
            retry_on_timeout=False,
        )
        breaker = CircuitBreaker(settings.redis_breaker_failures, settings.redis_breaker_reset_s)
        redis_tier = RedisTier(client, settings.redis_timeout_s, settings.redis_ttl_s, breaker)
    return TwoTierCache(settings.local_cache_size, redis_tier)
