"""GraphQL ÷ REST server CPU per request, in-process, for the requests plugins send (issue 40).

Both go through the whole ASGI app (Litestar's test client, local cache off so every request is computed):
the CPU time of the process (all threads) per request, best of ``--rounds`` rounds of ``--n`` requests each,
REST and GraphQL alternating round by round. ``--profile CASE`` writes a cProfile of the GraphQL case instead.

    .venv/bin/python bench/graphql_cpu.py [--n 200] [--rounds 5] [--profile turn]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import logging
import os
import pstats
import time
from collections.abc import Callable
from typing import Any

from litestar.testing import TestClient

import service
from bench import ashes, battleroyale_load, impact_load, payloads
from service.app import create_app
from service.rules.core.ruleset import rulesets
from service.settings import Settings

Case = tuple[str, str, bytes, bytes]  # label, REST path, REST body, GraphQL body


def cases() -> list[Case]:
    turn = payloads.turn()
    fighter = payloads.fighter()
    rpg = payloads.fightrpg_round()
    imp = impact_load.seeded_turn()
    bout = battleroyale_load.bout()
    duel = ashes.duel()
    d = payloads.dumps
    return [
        ("fight2e resolveTurn", _path("fight2e", "resolve_turn"), d(turn), d(payloads.graphql_turn(turn))),
        (
            "fight2e validateFighter",
            _path("fight2e", "validate_fighter"),
            d(fighter),
            d(payloads.graphql_fighter(fighter)),
        ),
        ("fightrpg resolveRound", _path("fightrpg", "resolve_round"), d(rpg), d(payloads.graphql_fightrpg_round())),
        ("impact resolveTurn", _path("impact", "resolve_turn"), d(imp), d(impact_load.graphql_turn(imp))),
        (
            "battleroyale resolveBout",
            _path("battleroyale", "resolve_bout"),
            d(bout),
            d(battleroyale_load.graphql_bout(bout)),
        ),
        ("ashes resolveRound", _path("ashes", "resolve_round"), d(duel), d(ashes.graphql_round(duel))),
    ]


def _path(ruleset: str, operation: str) -> str:
    record = next(r for r in rulesets() if r.id == ruleset)
    return f"/v1/{ruleset}/" + next(op.path for op in record.operations if op.name == operation)


def _cpu(send: Callable[[], Any], n: int) -> float:
    start = time.process_time()
    for _ in range(n):
        send()
    return (time.process_time() - start) / n * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", default="")
    parser.add_argument("--only", default="")
    parser.add_argument("--steps", action="store_true", help="each change's saving: the schema with and without it")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    if args.steps:
        steps(args)
        return
    service_dir = os.path.dirname(os.path.dirname(service.__file__))
    app = create_app(Settings(redis_url="", rate_limit_per_minute=0, local_cache_bytes=0))  # type: ignore[call-arg]
    headers = {"content-type": "application/json"}
    with TestClient(app) as client:
        for label, path, rest, gql in cases():
            if args.only and args.only not in label:
                continue

            def send_rest(path: str = path, rest: bytes = rest) -> None:
                r = client.post(path, content=rest, headers=headers)
                assert r.status_code == 200, r.text[:300]

            def send_gql(gql: bytes = gql) -> None:
                r = client.post("/graphql", content=gql, headers=headers)
                out = r.json()
                assert r.status_code == 200 and "errors" not in out and "InvalidInput" not in r.text, r.text[:500]

            send_rest()  # warm up, and check both answer
            send_gql()
            if args.profile:
                if args.profile not in label:
                    continue
                prof = cProfile.Profile()
                prof.enable()
                for _ in range(args.n):
                    send_gql()
                prof.disable()
                stats = pstats.Stats(prof)
                stats.sort_stats("tottime").print_stats(35)
                stats.sort_stats("cumulative").print_stats(60)
                continue
            best_rest = best_gql = float("inf")
            for _ in range(args.rounds):  # alternated, so both see the same machine
                best_rest = min(best_rest, _cpu(send_rest, args.n))
                best_gql = min(best_gql, _cpu(send_gql, args.n))
            print(
                json.dumps(
                    {
                        "service": service_dir,
                        "case": label,
                        "rest_ms": round(best_rest, 3),
                        "graphql_ms": round(best_gql, 3),
                        "graphql_over_rest_speed": round(best_rest / best_gql, 2),
                    }
                ),
                flush=True,
            )


def steps(args: argparse.Namespace) -> None:
    """GraphQL execution alone (parse/validate cached, then execute and encode in the calling thread), CPU per
    request of the same schema built four ways, alternated round by round in one process: as before issue 40,
    with the inputs taken from the raw variables, also with data fields read directly, and also with a known
    document executed without the extension hooks (the served schema)."""
    from types import SimpleNamespace

    from service.cache import TwoTierCache
    from service.graphql.schema import build_schema

    settings = Settings(redis_url="", rate_limit_per_minute=0, local_cache_bytes=0)  # type: ignore[call-arg]
    variants = {
        "before": build_schema(settings, plain_inputs=False, data_fields=False, known_documents=False),
        "plain inputs": build_schema(settings, data_fields=False, known_documents=False),
        "plain inputs + data fields": build_schema(settings, known_documents=False),
        "+ known documents": build_schema(settings),
    }

    class State(SimpleNamespace):
        def get(self, key: str, default: Any = None) -> Any:
            return getattr(self, key, default)

    state = State(cache=TwoTierCache(0, 2**20), settings=settings)
    for label, _path, _rest, gql in cases():
        if args.only and args.only not in label:
            continue
        body = json.loads(gql)
        best = dict.fromkeys(variants, float("inf"))
        for _ in range(args.rounds):
            for name, schema in variants.items():

                def send(schema: Any = schema, body: Any = body) -> None:
                    context = {"request": SimpleNamespace(scope={}, app=SimpleNamespace(state=state))}
                    result = schema._execute_encoded(  # type: ignore[attr-defined]
                        body["query"], body["variables"], context, None, body.get("operationName"), None, None
                    )
                    assert not result.errors and b"InvalidInput" not in result.encoded, result.encoded[:300]

                best[name] = min(best[name], _cpu(send, args.n))
        print(json.dumps({"case": label, **{k: round(v, 3) for k, v in best.items()}}), flush=True)


if __name__ == "__main__":
    main()
