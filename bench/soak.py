"""A mixed soak against real servers (issue 13): errors, latency percentiles and worker memory over minutes.

Starts a private ``redis-server`` on a free loopback port (no persistence) and 2 gunicorn workers of
service/gunicorn_conf.py sharing answers through it (an HMAC key is set; the rate limiter counts in Redis with a
limit high enough never to refuse), then drives, at a bounded rate from a few keep-alive connections, a mix of:
single prices, price batches, Fighter validations, combat turns, catalogue GETs revalidated with their ETag
(``If-None-Match`` → 304), GraphQL queries (prices, a Fighter, catalogue entries) and bad requests (malformed JSON,
wrong types, an unsupported media type, an unknown query parameter, an unknown entry). The bodies come from a fixed
pool (some hundreds of distinct moves), so the caches warm up and then stay: memory should be flat after warm-up.

Every 10 s it samples each worker's RSS (``/proc``). It reports errors (5xx, connection failures, and answers
whose status is not the one expected for that request), latency percentiles overall and per kind, and RSS per
worker at start, after warm-up, at the end and the maximum. Workers do not recycle during the soak
(``--max-requests 0``), so each is one process throughout. ``--tracemalloc`` is not needed for the figures; the
memory verdict is "flat" when each worker's end RSS is within ``--flat-percent`` of its RSS after warm-up.

    .venv/bin/python bench/soak.py [--seconds 300] [--rate 80] [--connections 8] [--warmup 120]

Every process started here is stopped (process groups, SIGTERM then SIGKILL), also on failure or Ctrl-C.
The figures of the last run are in bench/SOAK.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import payloads
from hardening import Server, free_port, running

V1 = "/v1/fight2e"
HMAC_KEY = "soak-hmac-key-0123456789abcdef"


@contextlib.contextmanager
def private_redis(workdir: Path, maxmemory: str = "128mb") -> Iterator[str]:
    """A redis-server on a free loopback port, no persistence, stopped on exit; yields its URL."""
    port = free_port()
    log = workdir / f"redis-{port}.log"
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(workdir),
                "--maxmemory",
                maxmemory,
                "--maxmemory-policy",
                "volatile-lfu",
            ],
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 10
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"redis-server exited: {log.read_text(errors='replace')[-2000:]}")
            with contextlib.suppress(OSError):
                import socket

                with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        break
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not answer within 10 s")
            time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


# ---- the request mix


@dataclass(frozen=True)
class Req:
    kind: str
    method: str
    path: str
    expect: frozenset[int]
    body: bytes | None = None
    headers: tuple[tuple[str, str], ...] = ()
    etag_key: str | None = None  # a catalogue GET: revalidated with the ETag it got the first time


JSON = (("content-type", "application/json"),)
ELEMENT_POOL = [
    ("increased_damage", 4),
    ("hits_low", 1),
    ("anti_air", 1),
    ("crouching", 1),
    ("easy_to_combo", 1),
    ("increased_glory", 1),
    ("ranged", 1),
    ("knocks_down", 1),
]


def move_pool(rng: random.Random, size: int) -> list[dict[str, Any]]:
    """`size` distinct moves (legal or not: both are 200 answers), deterministic for a seed."""
    moves = []
    for i in range(size):
        chosen = rng.sample(ELEMENT_POOL, rng.randint(1, 5))
        elements = [{"id": e, "times": rng.randint(1, t)} if t > 1 else {"id": e} for e, t in chosen]
        body: dict[str, Any] = {"name": f"Soak {i}", "level": rng.randint(1, 8), "elements": elements}
        if rng.random() < 0.3:
            body["liabilities"] = [{"id": "decreased_accuracy"}]
        if rng.random() < 0.3:
            body["fighter"] = {"ki": rng.randint(1, 5)}
        moves.append(body)
    return moves


def build_mix(seed: int, pool_size: int) -> list[tuple[float, Callable[[random.Random], Req]]]:
    """(weight, maker) pairs; each maker draws one request from its fixed pool."""
    rng = random.Random(seed)
    moves = move_pool(rng, pool_size)
    batches = [{"moves": rng.sample(moves, rng.randint(5, 40))} for _ in range(max(1, pool_size // 20))]
    fighters = []
    for i in range(10):
        request = payloads.fighter(f"Soak Fighter {i}")
        fighters.append(request)
    turn = payloads.turn()
    turns = []
    for i in range(20):  # distinct seeds: distinct turns (combat answers are not cached over REST)
        body = copy.deepcopy(turn)
        body["seed"] = i
        turns.append(body)
    catalogue = ["", "/elements", "/liabilities", "/keywords", "/basic-moves", "/qualities", "/skills",
                 "/power-levels", "/entries?kind=element&move_type=super", "/entries/ranged"]  # fmt: skip
    gql_entries = '{ fight2e { catalog { entries(kind: element, search: "rang") { id name } } } }'
    ok = frozenset({200})

    def price(r: random.Random) -> Req:
        return Req("price", "POST", f"{V1}/moves/price", ok, payloads.dumps(r.choice(moves)), JSON)

    def price_batch(r: random.Random) -> Req:
        return Req("price-batch", "POST", f"{V1}/moves/price-batch", ok, payloads.dumps(r.choice(batches)), JSON)

    def fighter(r: random.Random) -> Req:
        return Req("fighter", "POST", f"{V1}/fighters/validate", ok, payloads.dumps(r.choice(fighters)), JSON)

    def combat(r: random.Random) -> Req:
        return Req("combat", "POST", f"{V1}/combat/resolve-turn", ok, payloads.dumps(r.choice(turns)), JSON)

    def catalog(r: random.Random) -> Req:
        path = f"{V1}/catalog{r.choice(catalogue)}"
        return Req("catalog", "GET", path, frozenset({200, 304}), etag_key=path)

    def graphql(r: random.Random) -> Req:
        which = r.random()
        if which < 0.6:
            body = payloads.graphql(r.choice(moves))
        elif which < 0.8:
            body = payloads.graphql_fighter(r.choice(fighters))
        else:
            body = {"query": gql_entries}
        return Req("graphql", "POST", "/graphql", ok, payloads.dumps(body), JSON)

    bad_requests = [
        Req("bad", "POST", f"{V1}/moves/price", frozenset({400}), b'{"name": "x", "level": ', JSON),
        Req("bad", "POST", f"{V1}/moves/price", frozenset({400}), b'{"level": "three", "elements": 5}', JSON),
        Req("bad", "POST", f"{V1}/moves/price", frozenset({415}), b"level=3",
            (("content-type", "application/x-www-form-urlencoded"),)),
        Req("bad", "GET", f"{V1}/catalog/elements?colour=red", frozenset({400})),
        Req("bad", "GET", f"{V1}/catalog/entries/no_such_entry", frozenset({404})),
        Req("bad", "POST", f"{V1}/combat/resolve-turn", frozenset({400}), b'{"fighters": []}', JSON),
        Req("bad", "POST", "/graphql", frozenset({400}), b"[1, 2]", JSON),
    ]  # fmt: skip

    def bad(r: random.Random) -> Req:
        return r.choice(bad_requests)

    return [
        (30, price),
        (8, price_batch),
        (6, fighter),
        (8, combat),
        (20, catalog),
        (18, graphql),
        (10, bad),
    ]


# ---- the load


@dataclass
class Results:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    errors: Counter[str] = field(default_factory=Counter)  # 5xx, connection failures, unexpected statuses
    error_examples: list[str] = field(default_factory=list)
    not_modified: int = 0
    late_starts: int = 0  # requests that started > 1 s after their slot (the client could not keep up)

    def error(self, key: str, example: str) -> None:
        self.errors[key] += 1
        if len(self.error_examples) < 20:
            self.error_examples.append(example[:500])


async def drive(base_url: str, args: argparse.Namespace, results: Results, deadline: float) -> None:
    mix = build_mix(args.seed, args.pool)
    weights = [w for w, _ in mix]
    makers = [m for _, m in mix]
    etags: dict[str, str] = {}
    start = time.monotonic()
    slot = 0
    limits = httpx.Limits(max_connections=args.connections, max_keepalive_connections=args.connections)

    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=30) as client:

        async def worker(index: int) -> None:
            nonlocal slot
            r = random.Random(args.seed * 1000 + index)
            while True:
                at = start + slot / args.rate
                slot += 1
                if at >= deadline:
                    return
                delay = at - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                elif delay < -1:
                    results.late_starts += 1
                req = r.choices(makers, weights)[0](r)
                headers = dict(req.headers)
                if req.etag_key and req.etag_key in etags and r.random() < 0.8:  # mostly revalidations
                    headers["if-none-match"] = etags[req.etag_key]
                t0 = time.perf_counter()
                try:
                    response = await client.request(req.method, req.path, content=req.body, headers=headers)
                    await response.aread()
                except httpx.HTTPError as exc:
                    results.error(f"{req.kind}: {type(exc).__name__}", f"{req.method} {req.path}: {exc!r}")
                    continue
                elapsed = time.perf_counter() - t0
                results.latencies[req.kind].append(elapsed)
                results.statuses[req.kind][response.status_code] += 1
                if response.status_code >= 500:
                    results.error(f"{req.kind}: {response.status_code}", f"{req.method} {req.path}: {response.text}")
                elif response.status_code not in req.expect:
                    results.error(
                        f"{req.kind}: unexpected {response.status_code}",
                        f"{req.method} {req.path} {req.body[:200] if req.body else b''!r}: {response.text}",
                    )
                if req.etag_key:
                    if response.status_code == 304:
                        results.not_modified += 1
                    elif "etag" in response.headers:
                        etags[req.etag_key] = response.headers["etag"]

        await asyncio.gather(*(worker(i) for i in range(args.connections)))


# ---- memory


def worker_pids(master: int) -> list[int]:
    try:
        text = Path(f"/proc/{master}/task/{master}/children").read_text()
    except OSError:
        return []
    return sorted(int(pid) for pid in text.split())


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


async def sample_rss(
    server: Server, every: float, deadline: float, samples: dict[int, list[tuple[float, float]]]
) -> None:
    start = time.monotonic()
    while True:
        now = time.monotonic()
        for pid in worker_pids(server.proc.pid):
            value = rss_mib(pid)
            if value is not None:
                samples.setdefault(pid, []).append((round(now - start, 1), round(value, 1)))
        if now >= deadline:
            return
        await asyncio.sleep(min(every, max(0.0, deadline - now)))


# ---- report


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def ms(value: float) -> float:
    return round(value * 1000, 1)


def summary(args: argparse.Namespace, results: Results, samples: dict[int, list[tuple[float, float]]],
            seconds: float) -> dict[str, Any]:  # fmt: skip
    every = [v for values in results.latencies.values() for v in values]
    latency = {
        kind: {
            "requests": len(values),
            "p50_ms": ms(percentile(values, 50)),
            "p99_ms": ms(percentile(values, 99)),
            "max_ms": ms(max(values)),
        }
        for kind, values in sorted(results.latencies.items())
    }
    memory = {}
    for pid, points in samples.items():
        after_warmup = next((v for t, v in points if t >= args.warmup), points[-1][1])
        end = points[-1][1]
        memory[str(pid)] = {
            "start_mib": points[0][1],
            "after_warmup_mib": after_warmup,
            "end_mib": end,
            "max_mib": max(v for _, v in points),
            "end_vs_warmup_percent": round((end - after_warmup) / after_warmup * 100, 1),
            "samples": [v for _, v in points],
        }
    flat = all(abs(m["end_vs_warmup_percent"]) <= args.flat_percent for m in memory.values())
    return {
        "seconds": round(seconds, 1),
        "target_rate_per_s": args.rate,
        "connections": args.connections,
        "requests": len(every),
        "achieved_rate_per_s": round(len(every) / seconds, 1),
        "errors": sum(results.errors.values()),
        "errors_by_kind": dict(results.errors),
        "error_examples": results.error_examples,
        "late_starts": results.late_starts,
        "latency_all": {
            "p50_ms": ms(percentile(every, 50)),
            "p90_ms": ms(percentile(every, 90)),
            "p99_ms": ms(percentile(every, 99)),
            "max_ms": ms(max(every)) if every else None,
        },
        "latency_by_kind": latency,
        "statuses_by_kind": {k: dict(sorted(v.items())) for k, v in sorted(results.statuses.items())},
        "catalog_304": results.not_modified,
        "rss_per_worker": memory,
        "memory_flat": flat,
        "load_average_end": os.getloadavg(),
    }


def cache_counts(server: Server) -> dict[str, float]:
    text = httpx.get(f"{server.base_url}/metrics", timeout=10).text
    counts: dict[str, float] = {}
    for line in text.splitlines():
        if line.startswith("fight_rules_cache_total{"):
            labels, value = line.rsplit(" ", 1)
            counts[labels.removeprefix("fight_rules_cache_total")] = float(value)
    return counts


async def soak(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    results = Results()
    samples: dict[int, list[tuple[float, float]]] = {}
    start = time.monotonic()
    deadline = start + args.seconds
    await asyncio.gather(
        drive(server.base_url, args, results, deadline),
        sample_rss(server, args.sample_every, deadline, samples),
    )
    return summary(args, results, samples, time.monotonic() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--rate", type=float, default=80, help="requests per second, all connections together")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--warmup", type=float, default=120, help="seconds after which RSS should stay flat")
    parser.add_argument("--sample-every", type=float, default=10)
    parser.add_argument("--pool", type=int, default=400, help="distinct single-move bodies")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flat-percent", type=float, default=5.0)
    parser.add_argument("--no-redis", action="store_true")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="fight-rules-soak-"))
    try:
        with contextlib.ExitStack() as stack:
            settings = {"rate_limit_per_minute": "1000000"}
            if not args.no_redis:
                if not shutil.which("redis-server"):
                    sys.exit("redis-server is not installed (or pass --no-redis)")
                redis_url = stack.enter_context(private_redis(work))
                settings |= {"redis_url": redis_url, "redis_hmac_key": HMAC_KEY}
            server = stack.enter_context(running(work / "server.log", settings, ("--max-requests", "0")))
            figures = asyncio.run(soak(args, server))
            figures["redis"] = not args.no_redis
            figures["cache"] = cache_counts(server)
            figures["workers_booted"] = server.boots()
            figures["server_tracebacks"] = server.log_text().count("Traceback")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = json.dumps(figures, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    sys.exit(0 if figures["errors"] == 0 and figures["memory_flat"] and not figures["server_tracebacks"] else 1)


if __name__ == "__main__":
    main()
