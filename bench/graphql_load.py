"""GraphQL ÷ REST requests per second under load, computed, REST and GraphQL interleaved (issue 40).

One service (gunicorn, one worker, pinned like bench/run.py), the load generator of bench/run.py (wrk, or the
Python fallback), the same scenarios as bench/run.py's rows: for each pair, ``--repeat`` times, a REST run then a
GraphQL run of ``--seconds`` each (after a warm-up), so both see the same machine. Prints each pair's req/s, the
median GraphQL ÷ REST ratio over the repeats, and the server CPU per request (schedstat of the worker, which does
not count time spent waiting for a core on a shared machine).

    .venv/bin/python bench/graphql_load.py [--seconds 4] [--repeat 3] [--only g f2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import run  # noqa: E402

PAIRS = [  # label, REST scenario, GraphQL scenario
    ("fight2e resolveTurn", "g", "h2"),
    ("fight2e validateFighter", "e2", "f2"),
    ("fightrpg resolveRound", "r1", "r2"),
    ("impact resolveTurn", "imp_r", "imp_g"),
    ("battleroyale resolveBout", "br_r", "br_g"),
    ("ashes resolveRound", "ash_r", "ash_g"),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--loadgen", choices=["auto", "wrk", "python"], default="auto")
    parser.add_argument("--only", nargs="*", help="REST or GraphQL scenario keys of the pairs to run")
    args = parser.parse_args()
    args.threads = 1
    args.loadgen = run.ensure_wrk(args.loadgen)
    by_key = {sc.key: sc for sc in run.scenarios()}
    cpus = tuple(sorted(os.sched_getaffinity(0)))
    server_cpus, client_cpus = (cpus[-1:], cpus[:-1]) if len(cpus) > 1 else ((), ())
    service = run.Server("service", "service.wsgi:app", "/healthz", 1, server_cpus, 0)
    with run.servers([service], 3, 10):
        if client_cpus:
            os.sched_setaffinity(0, client_cpus)
        for label, rest_key, gql_key in PAIRS:
            if args.only and rest_key not in args.only and gql_key not in args.only:
                continue
            rps: dict[str, list[float]] = {rest_key: [], gql_key: []}
            cpu: dict[str, list[float]] = {rest_key: [], gql_key: []}
            for _ in range(args.repeat):
                for key in (rest_key, gql_key):
                    sc = by_key[key]
                    unique = sc.unique and run.payloads.MARK.encode() in sc.body
                    if args.warmup:
                        run.drive(service.port, sc.path, sc.body, unique, args.warmup, args, client_cpus)
                    before = run.server_cpu_ns(service)
                    load = run.drive(service.port, sc.path, sc.body, unique, args.seconds, args, client_cpus)
                    used = run.server_cpu_ns(service) - before
                    if load.errors:
                        raise SystemExit(f"{key}: {load.errors} errors")
                    rps[key].append(load.rps)
                    cpu[key].append(used / 1e6 / max(load.requests, 1))
            ratios = [g / r for g, r in zip(rps[gql_key], rps[rest_key], strict=True)]
            cpu_ratios = [r / g for g, r in zip(cpu[gql_key], cpu[rest_key], strict=True)]
            print(
                json.dumps(
                    {
                        "case": label,
                        "rest_rps": [round(x) for x in rps[rest_key]],
                        "graphql_rps": [round(x) for x in rps[gql_key]],
                        "ratios": [round(x, 2) for x in ratios],
                        "median_ratio": round(statistics.median(ratios), 2),
                        "rest_cpu_ms": round(statistics.median(cpu[rest_key]), 3),
                        "graphql_cpu_ms": round(statistics.median(cpu[gql_key]), 3),
                        "median_cpu_ratio": round(statistics.median(cpu_ratios), 2),
                    }
                ),
                flush=True,
            )


if __name__ == "__main__":
    main()
