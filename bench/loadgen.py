"""Fallback load generator, used only when `wrk` is not available: keep-alive HTTP/1.1 POSTs from worker processes.

Each process runs its own event loop (uvloop when installed) with its share of the connections; each connection
sends a request, reads the whole answer (Content-Length framed), records the latency and goes again until the
deadline. The processes are pinned to the client CPUs that bench/run.py keeps apart from the servers', so the
generator does not steal the server's core. It costs more CPU per request than wrk, which caps the rate it can
drive; the service and its echo baseline are both measured with it in the same run, so the ratios stay
comparable, but its absolute req/s are a lower bound. Every loop stops at the deadline (plus a hard timeout).
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Job:
    host: str
    port: int
    path: str
    body: bytes
    mark: bytes
    unique: bool
    tag: str
    seconds: float
    connections: int
    cpus: tuple[int, ...]
    proc: int


def _run(coro: Any) -> Any:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop ships with uvicorn[standard]
        return asyncio.run(coro)
    return uvloop.run(coro)


async def _connection(job: Job, conn: int, deadline: float, latencies: list[float], errors: dict[str, int]) -> None:
    head = f"POST {job.path} HTTP/1.1\r\nHost: {job.host}:{job.port}\r\nContent-Type: application/json\r\n".encode()
    fixed = head + b"Content-Length: %d\r\n\r\n" % len(job.body) + job.body
    try:
        reader, writer = await asyncio.open_connection(job.host, job.port)
    except OSError:
        errors["connect"] += 1
        return
    n = 0
    try:
        while time.perf_counter() < deadline:
            if job.unique:
                n += 1
                body = job.body.replace(job.mark, f"{job.tag}-{job.proc}.{conn}-{n}".encode(), 1)
                request = head + b"Content-Length: %d\r\n\r\n" % len(body) + body
            else:
                request = fixed
            start = time.perf_counter()
            writer.write(request)
            header = await reader.readuntil(b"\r\n\r\n")
            status = int(header[9:12])
            length = None
            for line in header.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            if length is None:
                raise ValueError("answer without Content-Length")
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - start)
            if status >= 400:
                errors["status"] += 1
    except (OSError, ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
        errors["read"] += 1
    finally:
        writer.close()


async def _process_main(job: Job) -> dict[str, Any]:
    latencies: list[float] = []
    errors = {"connect": 0, "read": 0, "write": 0, "status": 0, "timeout": 0}
    start = time.perf_counter()
    deadline = start + job.seconds
    tasks = [_connection(job, c, deadline, latencies, errors) for c in range(job.connections)]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), job.seconds + 15)
    except TimeoutError:
        errors["timeout"] += 1
    return {"latencies": latencies, "errors": errors, "duration": time.perf_counter() - start}


def _process(job: Job) -> dict[str, Any]:
    if job.cpus:
        os.sched_setaffinity(0, job.cpus)
    return _run(_process_main(job))


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return math.nan
    return sorted_values[max(0, math.ceil(p / 100 * len(sorted_values)) - 1)]


def run(
    host: str,
    port: int,
    path: str,
    body: bytes,
    *,
    mark: bytes,
    unique: bool,
    tag: str,
    seconds: float,
    connections: int,
    processes: int,
    cpus: tuple[int, ...],
) -> dict[str, Any]:
    """Same keys as the wrk script's BENCHJSON line (latencies in µs)."""
    processes = max(1, min(processes, connections))
    shares = [connections // processes + (1 if i < connections % processes else 0) for i in range(processes)]
    jobs = [Job(host, port, path, body, mark, unique, tag, seconds, share, cpus, i) for i, share in enumerate(shares)]
    with ProcessPoolExecutor(max_workers=processes) as pool:
        parts = list(pool.map(_process, jobs, timeout=seconds + 30))
    latencies = sorted(lat for part in parts for lat in part["latencies"])
    errors = {k: sum(part["errors"][k] for part in parts) for k in parts[0]["errors"]}
    duration = max(part["duration"] for part in parts)
    return {
        "requests": len(latencies),
        "duration_us": duration * 1e6,
        "p50_us": percentile(latencies, 50) * 1e6,
        "p99_us": percentile(latencies, 99) * 1e6,
        "mean_us": (sum(latencies) / len(latencies) * 1e6) if latencies else math.nan,
        "max_us": (latencies[-1] * 1e6) if latencies else math.nan,
        **errors,
    }
