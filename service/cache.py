"""Two-tier cache around pure rules-core calls: an in-process LRU in front of an optional shared Redis.

Values are the serialized JSON answers (bytes), so both tiers hold exactly what is sent to the caller.
The local tier is bounded in bytes, and an answer larger than ``cache_max_answer_bytes`` is kept in neither tier.
Redis is fail-open: every command has a short timeout, consecutive failures open a circuit breaker for a
while, writes never delay the answer, and any Redis trouble means "compute it here" — never an error.
Whoever can write to Redis must not be able to plant answers: every value stored there carries an HMAC over the
key and the answer, made with ``redis_hmac_key``; a value that does not verify is ignored and recomputed. Without
a key the shared answer tier is not used at all.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import os
import threading
import time
from collections.abc import Awaitable, Callable
from enum import StrEnum
from typing import Any

from cachetools import LRUCache
from prometheus_client import Counter
from redis.asyncio import Redis

log = logging.getLogger("service.cache")

CACHE_EVENTS = Counter("fight_rules_cache_total", "Cache lookups by tier and result", ["tier", "result"])
# result="rejected": a Redis value whose HMAC did not verify (planted, corrupted, signed with another key) or that
# was larger than any answer the service stores.
OVERSIZE = Counter(
    "fight_rules_cache_oversize_total", "Answers larger than cache_max_answer_bytes: sent, but stored in neither tier"
)
REDIS_ERRORS = Counter("fight_rules_redis_errors_total", "Redis commands that failed or timed out", ["op"])


# Every answer-cache key starts with this; rate-limit counters live under "fr-ratelimit:" (service/ratelimit.py).
CACHE_PREFIX = "fr-cache:"
# What a local entry costs beyond its answer's bytes: the key string (~130 bytes), the bytes object's header and
# the LRU's bookkeeping (~110 bytes), measured with tracemalloc at about 270 bytes and rounded up.
ENTRY_OVERHEAD = 384
TAG_BYTES = 32  # HMAC-SHA256


def local_entry_size(value: bytes) -> int:
    return len(value) + ENTRY_OVERHEAD


def sign(secret: bytes, key: str, value: bytes) -> bytes:
    """The tag stored in front of a Redis value: it binds the answer to its key, so neither a forged answer nor a
    genuine answer copied under another key verifies."""
    return hmac.digest(secret, key.encode() + b"\n" + value, "sha256")


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
    return f"{CACHE_PREFIX}{ruleset}:{version}:{operation}:{digest}"


def body_key(operation: str, ruleset: str, version: str, body: bytes) -> str:
    """Key of a request body exactly as sent: a local-tier alias that skips parsing for a repeated request."""
    return f"{CACHE_PREFIX}{ruleset}:{version}:{operation}:raw:{hashlib.blake2b(body, digest_size=20).hexdigest()}"


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

    def __init__(
        self,
        client: Redis,
        timeout_s: float,
        ttl_s: int,
        breaker: CircuitBreaker,
        hmac_key: bytes,
        max_answer_bytes: int,
    ) -> None:
        if not hmac_key:
            raise ValueError("the shared tier needs an HMAC key")
        self.client = client
        self.timeout_s = timeout_s
        self.ttl_s = ttl_s
        self.breaker = breaker
        self.hmac_key = hmac_key
        self.max_answer_bytes = max_answer_bytes
        self._pending: set[asyncio.Task[None]] = set()

    @property
    def state(self) -> str:
        return "degraded" if self.breaker.open or self.breaker.consecutive else "ok"

    async def get(self, key: str) -> bytes | None:
        """The verified answer stored under ``key``, or None (missing, unverifiable, or Redis in trouble)."""
        if self.breaker.open:
            return None
        limit = TAG_BYTES + self.max_answer_bytes
        try:
            # GETRANGE bounds what a planted giant value can make us read; a missing key gives b"".
            stored = await asyncio.wait_for(self.client.getrange(key, 0, limit), self.timeout_s)
        except Exception as exc:
            self._failed("get", exc)
            return None
        self.breaker.success()
        if not stored or not isinstance(stored, bytes):  # the client decodes nothing (decode_responses=False)
            return None
        tag, value = stored[:TAG_BYTES], stored[TAG_BYTES:]
        if len(stored) > limit or not hmac.compare_digest(tag, sign(self.hmac_key, key, value)):
            CACHE_EVENTS.labels("redis", "rejected").inc()
            log.warning("ignored a Redis cache value that does not verify (key %s); recomputing it", key)
            return None
        return value

    def put(self, key: str, value: bytes) -> None:
        """Write in the background: the caller never waits for Redis."""
        if self.breaker.open or len(value) > self.max_answer_bytes:
            return
        task = asyncio.get_running_loop().create_task(self._put(key, sign(self.hmac_key, key, value) + value))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _put(self, key: str, value: bytes) -> None:
        try:
            # Always with a TTL: under the documented `maxmemory-policy volatile-lru` only keys with one are evicted.
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
    """``local_bytes`` bounds the local tier (answers plus per-entry overhead; 0 turns it off); an answer larger
    than ``max_answer_bytes`` is computed and sent but stored in neither tier.

    The local tier may be used from any thread (GraphQL's workers read and fill it without a trip to the event
    loop); the Redis tier belongs to the event loop."""

    def __init__(self, local_bytes: int, max_answer_bytes: int, redis: RedisTier | None = None) -> None:
        self.local: LRUCache[str, bytes] = LRUCache(maxsize=max(local_bytes, 1), getsizeof=local_entry_size)
        self.local_enabled = local_bytes > 0
        self.max_answer_bytes = max_answer_bytes
        self.redis = redis
        self._local_lock = threading.Lock()  # an LRU read reorders it: every access is a write

    def _local_read(self, key: str) -> bytes | None:
        with self._local_lock:
            return self.local.get(key)

    def local_get(self, key: str) -> bytes | None:
        value = self._local_read(key) if self.local_enabled else None
        if value is not None:
            CACHE_EVENTS.labels("local", "hit").inc()
        return value

    def local_put(self, key: str, value: bytes) -> None:
        if self._cacheable(value):
            self._keep_local(key, value)

    def _keep_local(self, key: str, value: bytes) -> None:
        if self.local_enabled and local_entry_size(value) <= self.local.maxsize:
            with self._local_lock:
                self.local[key] = value

    def _cacheable(self, value: bytes) -> bool:
        if len(value) <= self.max_answer_bytes:
            return True
        OVERSIZE.inc()
        return False

    async def get_or_compute(
        self, key: str, compute: Callable[[], bytes | Awaitable[bytes]], shared: bool = True
    ) -> tuple[bytes, Tier]:
        """Return the cached answer and the tier that served it, computing (and storing) it on a miss (``compute``
        may answer an awaitable: an answer computed in a worker thread).

        ``shared`` says whether this operation is worth a Redis round trip (see bench/RESULTS.md).
        """
        if self.local_enabled:
            value = self._local_read(key)
            if value is not None:
                CACHE_EVENTS.labels("local", "hit").inc()
                return value, Tier.local
            CACHE_EVENTS.labels("local", "miss").inc()
        redis = self.redis if shared else None
        if redis is not None:
            value = await redis.get(key)
            if value is not None:
                CACHE_EVENTS.labels("redis", "hit").inc()
                self._keep_local(key, value)  # verified, and no larger than max_answer_bytes
                return value, Tier.redis
            CACHE_EVENTS.labels("redis", "miss").inc()
        computed = compute()
        value = computed if isinstance(computed, bytes) else await computed
        if self._cacheable(value):
            self._keep_local(key, value)
            if redis is not None:
                redis.put(key, value)
        return value, Tier.miss

    async def redis_state(self) -> str:
        """``absent`` (not configured), ``ok`` or ``degraded`` (configured but failing)."""
        if self.redis is None:
            return "absent"
        return "ok" if await self.redis.ping() else "degraded"


def build_cache(settings: Any) -> TwoTierCache:
    if os.environ.get("FIGHT_RULES_LOCAL_CACHE_SIZE"):
        log.warning(
            "FIGHT_RULES_LOCAL_CACHE_SIZE is no longer read: the local cache is bounded in bytes by "
            "FIGHT_RULES_LOCAL_CACHE_BYTES (now %d)",
            settings.local_cache_bytes,
        )
    redis_tier = None
    secret = settings.redis_hmac_key.get_secret_value().encode()
    if settings.redis_url and not secret:
        log.warning(
            "FIGHT_RULES_REDIS_HMAC_KEY is not set: answers are not shared through Redis (an unsigned "
            "shared cache would let whoever reaches Redis plant answers); rate limits still use Redis"
        )
    elif settings.redis_url:
        client = Redis.from_url(
            settings.redis_url,
            socket_timeout=settings.redis_timeout_s,
            socket_connect_timeout=settings.redis_timeout_s,
            retry_on_timeout=False,
        )
        breaker = CircuitBreaker(settings.redis_breaker_failures, settings.redis_breaker_reset_s)
        redis_tier = RedisTier(
            client, settings.redis_timeout_s, settings.redis_ttl_s, breaker, secret, settings.cache_max_answer_bytes
        )
    return TwoTierCache(settings.local_cache_bytes, settings.cache_max_answer_bytes, redis_tier)
