"""Benchmarks of the ashes ruleset (seed 004), issue 20: each operation at most 300 µs in the core; REST and
GraphQL throughput as ratios to the echo baseline (bench/run.py scenarios `ash_r`, `ash_g`).

Bodies are the published examples (the same requests the unit tests check): the sword duel worked by hand
(tests/unit/ashes/test_rounds.py) for the round operations.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

TARGET_US = 300.0  # issue 20: each operation ≤ 300 µs in the core
ROUND = "/v1/ashes/rounds/resolve"
ECHO = "/echo/ashes-round"
ROUND_QUERY = """query Round($r: AshesRoundRequestInput!) { ashes { resolveRound(input: $r) { __typename
  ... on AshesRoundAnswer { status combatants { id aura healthBoxes } events { kind fighter amount } } } } }"""


def duel() -> dict[str, Any]:
    from service.rules.ashes.operations import examples

    return examples("resolve_round")["sword-duel"]  # type: ignore[no-any-return]


def graphql_round(body: dict[str, Any], nonce: str | None = None) -> dict[str, Any]:
    from bench.payloads import as_variables

    variables: dict[str, Any] = {"r": as_variables("AshesRoundRequestInput", body)}
    if nonce is not None:
        variables["nonce"] = nonce
    return {"query": ROUND_QUERY, "variables": variables, "operationName": "Round"}


def cpu_us(fn: Callable[[], object], calls: int = 300, repeat: int = 5) -> float:
    """Best CPU time per call (``time.process_time``): on a shared machine wall time also counts other work."""
    for _ in range(20):
        fn()
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(calls):
            fn()
        best = min(best, (time.process_time() - start) / calls * 1e6)
    return best


def core_rows(per_call_us: Callable[[Callable[[], object]], float]) -> list[tuple[str, str, float, str]]:
    """(key, label, CPU µs, note) of each ashes operation on its published example; the note adds wall time (the
    bench's usual median) and the request's parse."""
    from service.rules.core.ruleset import rulesets

    ashes = next(r for r in rulesets() if r.id == "ashes")
    rows = []
    for op in ashes.operations:
        name, body = next(iter(op.examples.items()))
        request = op.request.model_validate(body, strict=False)
        run = lambda op=op, request=request: op.run(request)  # noqa: E731
        us, wall = cpu_us(run), per_call_us(run)
        parse = cpu_us(lambda op=op, body=body: op.request.model_validate(body, strict=False))
        verdict = "within" if us <= TARGET_US else "ABOVE"
        note = (
            f"`{name}`; CPU time (wall {wall:.0f}); parse {parse:.0f} µs CPU; {verdict} the {TARGET_US:.0f} µs target"
        )
        rows.append((f"ashes_{op.name}", f"ashes {op.name} (CPU µs)", us, note))
    return rows


def scenarios(scenario: Callable[..., Any]) -> list[Any]:
    """bench/run.py's load scenarios of the ashes round: REST and GraphQL (a unique body, so the repeated-body
    cache cannot answer), each against the echo of the same round request."""
    from bench import payloads

    body = payloads.dumps(duel())
    gql_u = payloads.dumps(graphql_round(duel(), nonce=payloads.MARK))
    return [
        scenario("ash_r", "REST ashes rounds/resolve, the sword duel (computed, not cached)", ROUND, body, ECHO, body),
        scenario("ash_g", "GraphQL ashes resolveRound, unique body (computed)", "/graphql", gql_u, ECHO, body, True),
    ]
