"""Load scenarios of the battleroyale ruleset (seed 003), issue 17: REST and GraphQL throughput of a Bout round as
ratios to the echo baseline (bench/run.py scenarios `br_r`, `br_g`). The body is the published example the unit
tests check: the Copper Tigress Bout (003 L872–L941)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BOUT = "/v1/battleroyale/bouts/resolve-round"
ECHO = "/echo/battleroyale-bout"
BOUT_QUERY = """query Bout($b: BattleroyaleBoutRequestInput!) { battleroyale { resolveBout(input: $b) {
  __typename ... on BattleroyaleBoutResult { status } } } }"""


def bout() -> dict[str, Any]:
    from service.rules.battleroyale.operations import _examples

    return _examples("resolve_bout")["copper-tigress"]


def graphql_bout(body: dict[str, Any], nonce: str | None = None) -> dict[str, Any]:
    from bench.payloads import as_variables

    variables: dict[str, Any] = {"b": as_variables("BattleroyaleBoutRequestInput", body)}
    if nonce is not None:
        variables["nonce"] = nonce
    return {"query": BOUT_QUERY, "variables": variables, "operationName": "Bout"}


def scenarios(scenario: Callable[..., Any]) -> list[Any]:
    """REST and GraphQL (a unique body, so the repeated-body cache cannot answer) against the echo of the Bout."""
    from bench import payloads

    body = payloads.dumps(bout())
    gql_u = payloads.dumps(graphql_bout(bout(), nonce=payloads.MARK))
    return [
        scenario("br_r", "REST battleroyale bouts/resolve-round (computed, not cached)", BOUT, body, ECHO, body),
        scenario(
            "br_g", "GraphQL battleroyale resolveBout, unique body (computed)", "/graphql", gql_u, ECHO, body, True
        ),
    ]
