"""Microbenchmarks of the pure core, no server: what one pricing costs next to a cache lookup and a Redis GET.

Run: ``.venv/bin/python -m bench.core`` (``--json`` for bench/run.py, ``--start-redis`` to start a private
redis-server when none answers). Every figure is the median over repeats of a timeit/perf_counter measurement.
The Redis figure is a GET through the service's own TwoTierCache (local tier off) to
FIGHT_RULES_TEST_REDIS_URL or redis://127.0.0.1:6379/0 — on loopback, so a lower bound of a real deployment's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
import uuid
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import payloads  # noqa: E402

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


@dataclass
class Row:
    label: str
    us: float | None
    note: str = ""


def _arun(coro: Any) -> Any:
    """Run on uvloop when installed: the loop uvicorn's "auto" picks in the service."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        return asyncio.run(coro)
    return uvloop.run(coro)


def per_call_us(fn: Callable[[], object], repeat: int = 7, target_s: float = 0.1) -> float:
    """Median per-call µs; `number` doubles until one timing lasts `target_s` (bounded at 2**20 calls)."""
    timer = timeit.Timer(fn)
    number = 1
    while number < 2**20 and timer.timeit(number) < target_s:
        number *= 2
    return statistics.median(timer.repeat(repeat=repeat, number=number)) / number * 1e6


def redis_answers(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(64).startswith((b"+PONG", b"-NOAUTH"))
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def private_redis() -> Iterator[str | None]:
    """A throw-away redis-server on a free loopback port (no persistence), stopped on exit; None if unavailable."""
    exe = shutil.which("redis-server")
    if exe is None:
        yield None
        return
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as work:
        proc = subprocess.Popen(
            [exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", work],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            url = f"redis://127.0.0.1:{port}/0"
            for _ in range(100):
                if redis_answers(url):
                    break
                time.sleep(0.05)
            yield url if redis_answers(url) else None
        finally:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


async def _local_hit_us(key: str, value: bytes, n: int = 20_000, repeat: int = 7) -> float:
    from service.cache import Tier, TwoTierCache

    cache = TwoTierCache(4096)
    await cache.get_or_compute(key, lambda: value, shared=False)
    results = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(n):
            _, tier = await cache.get_or_compute(key, lambda: value, shared=False)
        results.append((time.perf_counter() - start) / n * 1e6)
        assert tier is Tier.local
    return statistics.median(results)


async def _redis_hit_us(url: str, values: dict[str, bytes], n: int = 300) -> dict[str, tuple[float, int]]:
    """Median µs of a get_or_compute served by the Redis tier (local tier off), and how many were not."""
    from service.cache import Tier, build_cache
    from service.settings import Settings

    cache = build_cache(Settings(redis_url=url, local_cache_size=0))
    assert cache.redis is not None
    out = {}
    try:
        for label, value in values.items():
            key = f"bench:{uuid.uuid4().hex}"
            await cache.redis.client.set(key, value, ex=120)
            samples, misses = [], 0
            for _ in range(n):
                start = time.perf_counter()
                _, tier = await cache.get_or_compute(key, lambda v=value: v, shared=True)
                samples.append((time.perf_counter() - start) * 1e6)
                misses += tier is not Tier.redis
            await cache.redis.client.delete(key)
            out[label] = (statistics.median(samples), misses)
    finally:
        await cache.redis.close()
    return out


def run(redis_url: str | None = None, start_redis: bool = False) -> dict[str, Any]:
    from service.api.fight2e import price_bytes
    from service.cache import cache_key
    from service.rules.fight2e import RULESET, VERSION
    from service.rules.fight2e.catalog import catalog
    from service.rules.fight2e.models import MoveRequest, PriceBatchRequest
    from service.rules.fight2e.moves import price_move

    version = f"{VERSION}-{catalog().digest}"
    move_json = payloads.dumps(payloads.move())
    batch_json = payloads.dumps(payloads.batch())
    move = MoveRequest.model_validate_json(move_json)
    batch = PriceBatchRequest.model_validate_json(batch_json)
    # Distinct request objects, cycled: the core has no cache of its own, so each call computes from scratch.
    fresh = itertools.cycle([MoveRequest.model_validate(payloads.move(f"Move {i}")) for i in range(512)])

    def batch_compute() -> bytes:  # what the price-batch endpoint computes on a miss
        parts = b",".join(price_bytes(m) for m in batch.moves)
        head = json.dumps({"ruleset": RULESET, "ruleset_version": VERSION})[:-1].encode()
        return head + b',"results":[' + parts + b"]}"

    single_value = price_bytes(move)
    batch_value = batch_compute()
    key = cache_key("price", RULESET, version, move.model_dump(mode="json"))

    rows = [
        Row(
            "parse MoveRequest (model_validate_json)",
            per_call_us(lambda: MoveRequest.model_validate_json(move_json)),
            f"{len(move_json)} B body",
        ),
        Row("price_move, fresh request (cold)", per_call_us(lambda: price_move(next(fresh))), "no core cache"),
        Row(
            "price_move + model_dump_json (endpoint miss)",
            per_call_us(lambda: price_bytes(next(fresh))),
            f"{len(single_value)} B answer",
        ),
        Row(
            "cache key (model_dump + cache_key)",
            per_call_us(lambda: cache_key("price", RULESET, version, move.model_dump(mode="json"))),
            "per request",
        ),
        Row("local-tier hit (TwoTierCache.get_or_compute)", _arun(_local_hit_us(key, single_value)), "warm key"),
        Row(
            f"price-batch compute, {len(batch.moves)} moves",
            per_call_us(batch_compute, repeat=5),
            f"{len(batch_value)} B answer",
        ),
        Row(
            f"price-batch cache key, {len(batch.moves)} moves",
            per_call_us(lambda: cache_key("price-batch", RULESET, version, batch.model_dump(mode="json"))),
            "",
        ),
    ]

    redis_note = ""
    with contextlib.ExitStack() as stack:
        url = redis_url or os.environ.get("FIGHT_RULES_TEST_REDIS_URL") or DEFAULT_REDIS_URL
        if not redis_answers(url) and start_redis:
            started = stack.enter_context(private_redis())
            if started:
                redis_note, url = f"private redis-server started for the run ({started})", started
        if redis_answers(url):
            got = _arun(_redis_hit_us(url, {"single": single_value, "batch": batch_value}))
            for label, size in (("single", len(single_value)), ("batch", len(batch_value))):
                us, misses = got[label]
                what = "1-move" if label == "single" else f"{len(batch.moves)}-move"
                note = f"{size} B value" + (f"; {misses} not served by Redis" if misses else "")
                rows.append(Row(f"Redis-tier hit, {what} answer (loopback GET)", us, note))
            redis_note = redis_note or f"Redis at {url}"
        else:
            redis_note = f"Redis skipped: nothing answers at {url} (set FIGHT_RULES_TEST_REDIS_URL or --start-redis)"
            rows.append(Row("Redis-tier hit (loopback GET)", None, "skipped: no Redis answers"))

    by = {r.label: r.us for r in rows}
    verdicts = []
    single = by["price_move + model_dump_json (endpoint miss)"]
    redis_single = next((r.us for r in rows if r.label.startswith("Redis-tier hit, 1-move")), None)
    redis_batch = next((r.us for r in rows if r.label.startswith("Redis-tier hit, 100")), None)
    if redis_single is not None:
        verdicts.append(
            f"one pricing computes in {single:.0f} µs; a loopback Redis hit costs {redis_single:.0f} µs "
            f"({redis_single / single:.2f}× the computation); loopback is a lower bound: a Redis on another host "
            "adds a network round trip (typically 100 µs or more) to every hit"
        )
    if redis_batch is not None:
        batch_us = by[f"price-batch compute, {len(batch.moves)} moves"]
        verdicts.append(
            f"a {len(batch.moves)}-move batch computes in {batch_us:.0f} µs; a loopback Redis hit of its "
            f"answer costs {redis_batch:.0f} µs ({redis_batch / batch_us:.2f}×)"
        )
    return {"rows": [asdict(r) for r in rows], "redis": redis_note, "verdicts": verdicts}


def table(result: dict[str, Any]) -> str:
    lines = ["| core operation | median µs | note |", "| --- | ---: | --- |"]
    for r in result["rows"]:
        us = "skipped" if r["us"] is None else f"{r['us']:.1f}"
        lines.append(f"| {r['label']} | {us} | {r['note']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON (for bench/run.py)")
    parser.add_argument("--redis-url", help="Redis to time a GET against (default: see above)")
    parser.add_argument("--start-redis", action="store_true", help="start a private redis-server if none answers")
    args = parser.parse_args(argv)
    result = run(args.redis_url, args.start_redis)
    if args.json:
        print(json.dumps(result))
        return
    print(table(result))
    print(f"\n{result['redis']}")
    for verdict in result["verdicts"]:
        print(f"- {verdict}")


if __name__ == "__main__":
    main()
