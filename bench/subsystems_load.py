"""Load scenarios of fight2e's combat sub-systems (issue 15): REST and GraphQL throughput of a Dramatic Combat turn
as ratios to the echo baseline (bench/run.py scenarios `dr_r`, `dr_g`). The turn is the core benchmark's Dramatic
turn (service/rules/fight2e/combat/benchmark.py): two PL 4 Fighters, a boosted Basic Move against a Special Move,
every die named. REST never caches a turn; the GraphQL body carries a nonce so its repeated-body cache cannot
answer either."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TURN = "/v1/fight2e/combat/resolve-turn"
ECHO = "/echo/turn"


def dramatic_turn() -> dict[str, Any]:
    from service.rules.fight2e.combat.benchmark import dramatic_request

    return dramatic_request().model_dump(mode="json", exclude_unset=True)


def scenarios(scenario: Callable[..., Any]) -> list[Any]:
    from bench import payloads

    body = payloads.dumps(dramatic_turn())
    gql_u = payloads.dumps(payloads.graphql_turn(dramatic_turn(), nonce=payloads.MARK))
    return [
        scenario("dr_r", "REST resolve-turn, a Dramatic turn (computed, not cached)", TURN, body, ECHO, body),
        scenario(
            "dr_g", "GraphQL resolveTurn, a Dramatic turn, unique body (computed)", "/graphql", gql_u, ECHO, body, True
        ),
    ]
