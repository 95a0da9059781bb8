"""The shared limit on a real Redis: atomic under concurrency, and the documented rule while Redis is down."""

from __future__ import annotations

import asyncio
import time
import uuid

from service.ratelimit import RateLimiter
from tests.conftest import local_settings
from tests.integration.conftest import PrivateRedis


async def _admitted(limiters: list[RateLimiter], key: str, attempts: int, concurrency: int) -> int:
    queue = list(range(attempts))
    admitted = 0

    async def worker(limiter: RateLimiter) -> None:
        nonlocal admitted
        while queue:
            queue.pop()
            allowed = (await limiter.hit(key)).allowed
            admitted += allowed  # after the await: `admitted += await …` would read the total before it

    await asyncio.gather(*(worker(limiters[n % len(limiters)]) for n in range(concurrency)))
    return admitted


async def test_concurrent_hits_from_many_workers_admit_exactly_the_limit(redis_url: str) -> None:
    # Read-then-write counting let 135-161 of 100 through with 16-64 connections.
    settings = local_settings(redis_url=redis_url, rate_limit_per_minute=100, redis_timeout_s=1.0, workers=4)
    limiters = [RateLimiter(settings) for _ in range(4)]  # four workers, one Redis
    for limiter in limiters:
        await limiter.start()
    try:
        assert await _admitted(limiters, f"test-{uuid.uuid4().hex}", attempts=300, concurrency=64) == 100
    finally:
        for limiter in limiters:
            await limiter.close()


async def test_with_redis_down_each_worker_admits_its_share_without_delay(private_redis: PrivateRedis) -> None:
    settings = local_settings(redis_url=private_redis.url, rate_limit_per_minute=100, workers=2)
    limiter = RateLimiter(settings)
    await limiter.start()
    private_redis.stop()
    try:
        start = time.monotonic()
        admitted = await _admitted([limiter], f"test-{uuid.uuid4().hex}", attempts=120, concurrency=8)
        elapsed = time.monotonic() - start
    finally:
        await limiter.close()
    assert admitted == 50  # ⌈100 ÷ 2 workers⌉: a pod of two workers still admits about 100
    assert elapsed < 2.0  # the breaker opens after a few 50 ms timeouts; no request waits on Redis after that
