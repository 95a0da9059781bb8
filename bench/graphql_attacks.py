"""Hostile GraphQL requests of issue 13: how long one takes, how long it stalls the event loop, what it costs in RSS.

Each scenario runs in a fresh process with the app in-process (an ASGI client, no network): the request, and
beside it a probe that asks ``/healthz`` every 20 ms on the same event loop. The probe's worst wait is how long
the loop was blocked (what gunicorn's heartbeat and a Kubernetes liveness probe would see).

    .venv/bin/python bench/graphql_attacks.py [scenario ...]      # default: every scenario

Prints one line per scenario: the answer's status and size, the wall time, the worst /healthz latency and the
RSS growth of the process. The payload builders are shared with tests/api/test_graphql_hardening.py; figures
before and after the fix are in bench/graphql_attacks.md.
"""

from __future__ import annotations

import asyncio
import copy
import gc
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MOVE_FIELDS = (
    "legal movePoints violations { code path message ref { chapter section line } } "
    "entries { id name kind times cost path } keywords"
)


def heavy_move(i: int) -> dict[str, Any]:
    """A move with 64 distinct Elements (the most the contract allows)."""
    from service.rules.fight2e.catalogue.catalog import catalog

    ids = [e.id for e in catalog().entries.values() if e.kind == "element" and e.parent is None][:64]
    return {"name": f"Heavy {i}", "level": 30, "elements": [{"id": e} for e in ids]}


def price_moves_aliases(aliases: int = 30, moves: int = 200) -> dict[str, Any]:
    """`aliases` copies of priceMoves, each given the same `moves` moves of 64 Elements."""
    fields = " ".join(
        f"a{i}: priceMoves(input: {{moves: $m}}) "
        f"{{ ... on Fight2ePriceBatchResponse {{ results {{ {MOVE_FIELDS} }} }} }}"
        for i in range(aliases)
    )
    return {
        "query": f"query($m: [Fight2eMoveRequestInput!]!) {{ fight2e {{ {fields} }} }}",
        "variables": {"m": [heavy_move(i) for i in range(moves)]},
    }


def big_fighter(moves: int = 100) -> dict[str, Any]:
    from bench.payloads import fighter_sheet
    from tests.unit.fight2e.fighters.support import L3_BUILDS

    sheet = fighter_sheet()
    for i in range(len(sheet["moves"]), moves):
        sheet["moves"].append(
            {"name": f"Padding Form {i + 1}", "level": 3, "elements": copy.deepcopy(L3_BUILDS[i % 19])}
        )
    return sheet


def validate_fighter_aliases(aliases: int = 30, moves: int = 100) -> dict[str, Any]:
    from service.graphql.schema import graphql_type
    from service.graphql.variables import encode

    sel = (
        "... on Fight2eFighterValidation { valid violations { code path message } "
        "derived { effectivePowerLevel lifeBar } "
        f"moves {{ name movePoints {MOVE_FIELDS} }} }}"
    )
    fields = " ".join(f"a{i}: validateFighter(input: {{fighter: $f}}) {{ {sel} }}" for i in range(aliases))
    fighter = encode(graphql_type("Fight2eFighterInput"), big_fighter(moves))
    return {"query": f"query($f: Fight2eFighterInput!) {{ fight2e {{ {fields} }} }}", "variables": {"f": fighter}}


def unique_big_query(n: int, size: int = 48_000) -> dict[str, Any]:
    """A unique document of about `size` bytes that fails validation (far too many aliases)."""
    parts, total, i = [], 2, 0
    while total < size:
        part = f"q{n}_{i}: rulesets {{ id name }} "
        parts.append(part)
        total += len(part)
        i += 1
    return {"query": "{ " + "".join(parts) + "}"}


def duplicated_fields(size: int) -> dict[str, Any]:
    return {"query": "{ rulesets { " + "id " * (size // 3) + "} }"}


def many_list_inputs(n: int = 50_000) -> dict[str, Any]:
    return {
        "query": "query($m: [Fight2eMoveRequestInput!]!) { fight2e { priceMoves(input: {moves: $m}) { __typename } } }",
        "variables": {"m": [{"level": 1}] * n},
    }


def over_token_limit() -> dict[str, Any]:
    return {"query": "{ rulesets { " + "id " * 60_000 + "} }"}


def introspection() -> dict[str, Any]:
    from graphql import get_introspection_query

    return {"query": get_introspection_query()}


SCENARIOS = {
    "price-moves-30x200x64": lambda: [price_moves_aliases()],
    "validate-fighter-30x100": lambda: [validate_fighter_aliases()],
    "price-moves-1x200x64 (the most one request may ask)": lambda: [price_moves_aliases(aliases=1)],
    "unique-48k-queries-x100": lambda: [unique_big_query(n) for n in range(100)],
    "duplicated-fields-76k": lambda: [duplicated_fields(76_000)],
    "duplicated-fields-152k": lambda: [duplicated_fields(152_000)],
    "duplicated-fields-30k": lambda: [duplicated_fields(30_000)],
    "unique-30k-invalid-queries-x30": lambda: [unique_big_query(n, size=30_000) for n in range(30)],
    "list-inputs-50k": lambda: [many_list_inputs()],
    "over-token-limit": lambda: [over_token_limit()],
    "introspection": lambda: [introspection()],
}


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def run_scenario(name: str) -> dict[str, Any]:
    import httpx

    from service.app import create_app
    from service.settings import Settings

    bodies = [json.dumps(b).encode() for b in SCENARIOS[name]()]
    app = create_app(Settings(redis_url="", rate_limit_per_minute=0))
    transport = httpx.ASGITransport(app=app)
    async with app.lifespan(), httpx.AsyncClient(transport=transport, base_url="http://bench", timeout=120) as client:
        await client.get("/healthz")
        await client.post("/graphql", json={"query": "{ rulesets { id } }"})  # warm
        gc.collect()
        before = rss_mib()
        worst_probe = 0.0
        done = asyncio.Event()

        async def probe() -> None:
            # Each round sleeps 20 ms and asks /healthz; whatever a round takes beyond its 20 ms is time the
            # loop could not serve the probe (blocked by the request under test).
            nonlocal worst_probe
            while not done.is_set():
                t = time.perf_counter()
                await asyncio.sleep(0.02)
                await client.get("/healthz")
                worst_probe = max(worst_probe, time.perf_counter() - t - 0.02)

        prober = asyncio.create_task(probe())
        await asyncio.sleep(0.05)  # the probe is running
        worst, statuses, sizes = 0.0, set(), []
        for body in bodies:
            t = time.perf_counter()
            r = await client.post("/graphql", content=body, headers={"content-type": "application/json"})
            worst = max(worst, time.perf_counter() - t)
            statuses.add(r.status_code)
            sizes.append(len(r.content))
            small_json = r.headers.get("content-type", "").endswith("json") and len(r.content) < 65_536
            errors = r.json().get("errors") if small_json else None  # decoding a big answer would stall the probe
        done.set()
        await prober
        gc.collect()
        return {
            "scenario": name,
            "requests": len(bodies),
            "status": sorted(statuses),
            "answer_bytes": max(sizes),
            "worst_request_s": round(worst, 3),
            "worst_healthz_s": round(worst_probe, 3),
            "rss_growth_mib": round(rss_mib() - before, 1),
            "first_error": (errors or [{}])[0].get("message", "")[:90] if errors else "",
        }


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        print(json.dumps(asyncio.run(run_scenario(sys.argv[2]))))
        return
    names = sys.argv[1:] or list(SCENARIOS)
    for name in names:
        try:
            out = subprocess.run(
                [sys.executable, __file__, "--one", name], capture_output=True, text=True, timeout=180, check=False
            )
            line = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr.strip()[-300:]
        except subprocess.TimeoutExpired:
            line = json.dumps({"scenario": name, "error": "timed out after 180 s"})
        print(line, flush=True)


if __name__ == "__main__":
    main()
