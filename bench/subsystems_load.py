"""Load scenarios of fight2e's combat sub-systems (issue 15): REST and GraphQL throughput of a Dramatic Combat turn
and of a Thug Thrashing turn as ratios to the echo baseline (bench/run.py scenarios `dr_r`, `dr_g`, `tt_r`, `tt_g`).
The Dramatic turn is the core benchmark's (service/rules/fight2e/combat/benchmark.py): two PL 4 Fighters, a boosted
Basic Move against a Special Move, every die named. The Thug Thrashing turn is the published example (Grace's first
turn against the bar gang). REST never caches a turn; the GraphQL bodies carry a nonce so the repeated-body cache
cannot answer either."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TURN = "/v1/fight2e/combat/resolve-turn"
ECHO = "/echo/turn"


def dramatic_turn() -> dict[str, Any]:
    from service.rules.fight2e.combat.benchmark import dramatic_request

    return dramatic_request().model_dump(mode="json", exclude_unset=True)


def thug_turn() -> dict[str, Any]:
    from service.rules.fight2e.operations import examples

    return examples("resolve_turn")["thug-thrashing-grace-turn-1"]  # type: ignore[no-any-return]


def scenarios(scenario: Callable[..., Any]) -> list[Any]:
    from bench import payloads

    body = payloads.dumps(dramatic_turn())
    gql_u = payloads.dumps(payloads.graphql_turn(dramatic_turn(), nonce=payloads.MARK))
    thugs = payloads.dumps(thug_turn())
    thugs_gql_u = payloads.dumps(payloads.graphql_turn(thug_turn(), nonce=payloads.MARK))
    return [
        scenario("dr_r", "REST resolve-turn, a Dramatic turn (computed, not cached)", TURN, body, ECHO, body),
        scenario(
            "dr_g", "GraphQL resolveTurn, a Dramatic turn, unique body (computed)", "/graphql", gql_u, ECHO, body, True
        ),
        scenario("tt_r", "REST resolve-turn, a Thug Thrashing turn (computed, not cached)", TURN, thugs, ECHO, thugs),
        scenario(
            "tt_g",
            "GraphQL resolveTurn, a Thug Thrashing turn, unique body (computed)",
            "/graphql",
            thugs_gql_u,
            ECHO,
            thugs,
            True,
        ),
    ]
