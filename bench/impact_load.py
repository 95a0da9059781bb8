"""Load scenarios of the impact ruleset (seed 001), issue 16: REST and GraphQL throughput of a resolved turn as
ratios to the echo baseline (bench/run.py scenarios `imp_r`, `imp_g`). The body is the published example the unit
tests check: Jab against Straight Punch, seeded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TURN = "/v1/impact/turns/resolve"
ECHO = "/echo/impact-turn"
TURN_QUERY = """query Turn($t: ImpactTurnRequestInput!) { impact { resolveTurn(input: $t) { __typename
  ... on ImpactTurnAnswer { status over violations { code } } } } }"""


def seeded_turn() -> dict[str, Any]:
    from service.rules.impact.operations import examples

    return examples("resolve_turn")["The same turn, seeded"]  # type: ignore[no-any-return]


def graphql_turn(body: dict[str, Any], nonce: str | None = None) -> dict[str, Any]:
    from bench.payloads import as_variables

    variables: dict[str, Any] = {"t": as_variables("ImpactTurnRequestInput", body)}
    if nonce is not None:
        variables["nonce"] = nonce
    return {"query": TURN_QUERY, "variables": variables, "operationName": "Turn"}


def scenarios(scenario: Callable[..., Any]) -> list[Any]:
    """REST and GraphQL (a unique body, so the repeated-body cache cannot answer) against the echo of the turn."""
    from bench import payloads

    body = payloads.dumps(seeded_turn())
    gql_u = payloads.dumps(graphql_turn(seeded_turn(), nonce=payloads.MARK))
    return [
        scenario("imp_r", "REST impact turns/resolve, seeded (computed, not cached)", TURN, body, ECHO, body),
        scenario("imp_g", "GraphQL impact resolveTurn, unique body (computed)", "/graphql", gql_u, ECHO, body, True),
    ]
