"""schemathesis over a real server, all phases: the REST OpenAPI document and the GraphQL schema (issue 13).

Starts 2 gunicorn workers of service/gunicorn_conf.py on a free loopback port (rate limit off, so that no answer is a
429 of the fuzzer's own making; with a private Redis and an HMAC key when ``redis-server`` is installed, so that
the shared tier is exercised too), runs the schemathesis CLI twice (REST, then GraphQL) with every check, and
prints the counts: operations, test cases, requests the server counted (its own ``/metrics``, by status class),
failures. Every process it starts is stopped, whatever happens; each run is bounded by ``--max-time``.

    .venv/bin/python bench/fuzz.py [--max-examples 100] [--graphql-max-examples 60] [--seed 1] [--no-redis]

Exits non-zero when schemathesis reports a failure or an error, or when the server answered any 5xx.
The figures of the last run are in bench/FUZZ.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import graphql
import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hardening import ROOT, Server, running
from soak import private_redis

SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
PHASES = "examples,coverage,fuzzing,stateful"
METRIC = re.compile(r'^fight_rules_requests_total\{method="(\w+)",path="([^"]*)",status_code="(\d+)"\} ([0-9.e+]+)$')


def server_counts(server: Server) -> Counter[str]:
    """Requests the server counted so far, by status code (all workers: the multiprocess metrics)."""
    text = httpx.get(f"{server.base_url}/metrics", timeout=10).text
    counts: Counter[str] = Counter()
    for line in text.splitlines():
        match = METRIC.match(line)
        if match and match.group(2) != "/metrics":
            counts[match.group(3)] += int(float(match.group(4)))
    return counts


def narrowed_graphql_schema(path: Path) -> Path:
    """The service's GraphQL schema with each ``@oneOf`` input narrowed to one required member (the generator does
    not know ``@oneOf``: its queries were refused by validation, and reached few operations). Every query generated
    from it is valid against the real schema."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.contract.test_schemathesis import fuzzing_schema

    path.write_text(graphql.print_schema(fuzzing_schema()), encoding="utf-8")
    return path


def operation_schema(path: Path, namespace: str, operation: str) -> Path:
    """The narrowed schema with one namespaced operation only (``fight2e.endThugCombat``): the generator picks a
    random subset of a namespace's fields per query, and a query whose other fields are over the cost bound is
    refused whole, so an operation the main run missed is fuzzed on its own here."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.contract.test_schemathesis import fuzzing_schema

    schema = fuzzing_schema()
    assert schema.query_type is not None
    ns_field = schema.query_type.fields[namespace]
    ns_type = graphql.get_named_type(ns_field.type)
    assert isinstance(ns_type, graphql.GraphQLObjectType)
    only = graphql.GraphQLObjectType(ns_type.name, {operation: ns_type.fields[operation]})
    query = graphql.GraphQLObjectType("Query", {namespace: graphql.GraphQLField(graphql.GraphQLNonNull(only))})
    path.write_text(graphql.print_schema(graphql.GraphQLSchema(query=query)), encoding="utf-8")
    return path


def run_schemathesis(
    name: str, location: str, args: argparse.Namespace, report_dir: Path, examples: int, url: str | None = None
) -> dict[str, Any]:
    reached = report_dir / f"{name}-reached.txt"
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        SCHEMATHESIS_HOOKS="bench.schemathesis_hooks",
        FIGHT_RULES_FUZZ_REACHED=str(reached),
    )
    command = [
        str(SCHEMATHESIS),
        "run",
        location,
        *(["--url", url] if url else []),
        # GraphQL: a valid query over a documented bound (cost, aliases, depth …) is refused with its code by design
        # (README, GraphQL); the check would call every such refusal a failure. tests/contract checks the codes.
        *(["--exclude-checks", "positive_data_acceptance"] if name.startswith("graphql") else []),
        "--phases",
        PHASES,
        "--checks",
        "all",
        "--max-examples",
        str(examples),
        "--seed",
        str(args.seed),
        "--workers",
        "2",
        "--request-timeout",
        "30",
        "--max-time",
        str(args.max_time),
        "--report",
        "json",
        "--report-dir",
        str(report_dir / name),
    ]
    started = time.monotonic()
    out = subprocess.run(
        command,
        cwd=report_dir,  # schemathesis keeps a crash cache (.schemathesis/) in its working directory
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=args.max_time + 300,
        check=False,
    )
    elapsed = time.monotonic() - started
    (report_dir / f"{name}.txt").write_text(out.stdout + out.stderr)
    report = json.loads(next((report_dir / name).glob("*.json")).read_text())
    lines = reached.read_text().split() if reached.exists() else []
    return {
        "reached_per_operation": dict(sorted(Counter(lines).items())),
        "exit_code": out.returncode,
        "seconds": round(elapsed, 1),
        "operations": report["operations"],
        "phases": {phase: value["status"] for phase, value in report["phases"].items()},
        "test_cases": report["test_cases"],
        "failures": report["failures"],
        "errors": report["errors"],
        "output_tail": "\n".join(out.stdout.splitlines()[-25:]) if out.returncode else "",
    }


def _missed_operations(server: Server, args: argparse.Namespace, work: Path, run: dict[str, Any]) -> dict[str, Any]:
    """Every namespaced operation the main GraphQL run reached no time, fuzzed alone (``operation_schema``)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from service.graphql.schema import sdl_schema

    root = sdl_schema().query_type
    assert root is not None
    every = [
        f"{ns}.{op}"
        for ns, field in root.fields.items()
        if isinstance(t := graphql.get_named_type(field.type), graphql.GraphQLObjectType)
        for op, f in t.fields.items()
        if f.args
    ]
    out: dict[str, Any] = {}
    for name in every:
        if run["reached_per_operation"].get(name):
            continue
        ns, op = name.split(".")
        alone = operation_schema(work / f"{name}.graphql", ns, op)
        short = argparse.Namespace(**{**vars(args), "max_time": 60})
        one = run_schemathesis(f"graphql-{name}", str(alone), short, work, 25, url=f"{server.base_url}/graphql")
        out[name] = {k: one[k] for k in ("reached_per_operation", "exit_code", "test_cases", "failures", "errors")}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-examples", type=int, default=100, help="per REST operation and phase")
    parser.add_argument("--graphql-max-examples", type=int, default=60, help="per GraphQL operation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-time", type=int, default=180, help="seconds, per schemathesis run")
    parser.add_argument("--no-redis", action="store_true", help="in-process cache only")
    parser.add_argument("--keep", type=Path, help="keep the reports and the server log in this directory")
    parser.add_argument("--graphql-only", action="store_true", help="skip the REST run")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="fight-rules-fuzz-"))
    result: dict[str, Any] = {"seed": args.seed, "phases_asked": PHASES}
    try:
        with contextlib.ExitStack() as stack:
            settings = {"rate_limit_per_minute": "0"}
            if not args.no_redis and shutil.which("redis-server"):
                redis_url = stack.enter_context(private_redis(work))
                settings |= {"redis_url": redis_url, "redis_hmac_key": "fuzz-hmac-key-0123456789"}
            result["redis"] = "redis_url" in settings
            server = stack.enter_context(running(work / "server.log", settings))
            before = server_counts(server)
            result["rest"] = (
                {"exit_code": 0, "skipped": True}
                if args.graphql_only
                else run_schemathesis("rest", f"{server.base_url}/schema/openapi.json", args, work, args.max_examples)
            )
            middle = server_counts(server)
            schema_file = narrowed_graphql_schema(work / "schema.graphql")
            result["graphql"] = run_schemathesis(
                "graphql", str(schema_file), args, work, args.graphql_max_examples, url=f"{server.base_url}/graphql"
            )
            result["graphql"]["missed_then_fuzzed_alone"] = _missed_operations(server, args, work, result["graphql"])
            after = server_counts(server)
            for name, (a, b) in {"rest": (before, middle), "graphql": (middle, after)}.items():
                by_status = b - a
                result[name]["server_requests"] = sum(by_status.values())
                result[name]["server_by_status"] = dict(sorted(by_status.items()))
            log = (work / "server.log").read_text(errors="replace")
            result["server_tracebacks"] = log.count("Traceback")
    finally:
        if args.keep:
            shutil.copytree(work, args.keep, dirs_exist_ok=True)
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(result, indent=2))
    bad = [
        name
        for name in ("rest", "graphql")
        if result[name]["exit_code"] or any(status.startswith("5") for status in result[name]["server_by_status"])
    ]
    sys.exit(1 if bad or result["server_tracebacks"] else 0)


if __name__ == "__main__":
    main()
