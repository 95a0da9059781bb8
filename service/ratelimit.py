"""Rate-limit store: shared in Redis when configured, in memory otherwise, and fail-open to memory."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta
from typing import Any

from litestar.stores.base import Store
from litestar.stores.memory import MemoryStore
from litestar.stores.redis import RedisStore
from redis.asyncio import Redis

from .cache import REDIS_ERRORS, CircuitBreaker


class FailOpenStore(Store):
    """Counts requests in Redis; while Redis fails, counts in this process instead (limits stay in force)."""

    def __init__(self, redis: RedisStore | None, timeout_s: float, breaker: CircuitBreaker) -> None:
        self.redis = redis
        self.memory = MemoryStore()
        self.timeout_s = timeout_s
        self.breaker = breaker

    @classmethod
    def from_settings(cls, settings: Any) -> FailOpenStore:
        redis = None
        if settings.redis_url:
            client = Redis.from_url(settings.redis_url, socket_timeout=settings.redis_timeout_s,
                                    socket_connect_timeout=settings.redis_timeout_s)
            redis = RedisStore(client, namespace="fr-ratelimit", handle_client_shutdown=True)
        return cls(redis, settings.redis_timeout_s,
                   CircuitBreaker(settings.redis_breaker_failures, settings.redis_breaker_reset_s))

    async def _try(self, op: str, call: Any) -> tuple[bool, Any]:
        if self.redis is None or self.breaker.open:
            return False, None
        try:
            result = await asyncio.wait_for(call(self.redis), self.timeout_s)
        except Exception:
            REDIS_ERRORS.labels(f"ratelimit_{op}").inc()
            self.breaker.failure()
            return False, None
        self.breaker.success()
        return True, result

    async def set(self, key: str, value: str | bytes, expires_in: int | timedelta | None = None) -> None:
        ok, _ = await self._try("set", lambda s: s.set(key, value, expires_in))
        if not ok:
            await self.memory.set(key, value, expires_in)

    async def get(self, key: str, renew_for: int | timedelta | None = None) -> bytes | None:
        ok, value = await self._try("get", lambda s: s.get(key, renew_for))
        return value if ok else await self.memory.get(key, renew_for)

    async def delete(self, key: str) -> None:
        await self._try("delete", lambda s: s.delete(key))
        await self.memory.delete(key)

    async def delete_all(self) -> None:
        await self._try("delete_all", lambda s: s.delete_all())
        await self.memory.delete_all()

    async def exists(self, key: str) -> bool:
        ok, value = await self._try("exists", lambda s: s.exists(key))
        return bool(value) if ok else await self.memory.exists(key)

    async def expires_in(self, key: str) -> int | None:
        ok, value = await self._try("expires_in", lambda s: s.expires_in(key))
        return value if ok else await self.memory.expires_in(key)

    async def close(self) -> None:
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis._redis.aclose()
