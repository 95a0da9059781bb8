"""The turn protocol as a plugin plays it (issue 31): round trips per published example, and GraphQL against REST.

For every resolve operation (an answer with ``decisions_needed`` and ``dice_needed``) of every ruleset and each of
its published request examples: drop the example's seed, dice and decisions, then loop as a plugin with no
per-ruleset code would (roll every die ``dice_needed`` names, answer every decision with one of its ``choices``,
provisional ones in ``if_asked``, send again) until the answer is no longer ``decision_required``; check that
sending every collected die and decision at once gives the same status, log and events. The same loop runs over
GraphQL twice: selecting only what the loop reads (status, decisions, dice, the end of the fight and the fighters'
visible state) and selecting the whole answer. Both APIs go through the whole app in-process (Litestar's test
client, local cache off); the CPU of each played loop is compared, best of ``--rounds``.

    .venv/bin/python bench/protocol.py [--rounds 3] [--runs 2] [--only impact]
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import re
import statistics
import time
from collections.abc import Callable
from typing import Any

from graphql import GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLUnionType, get_named_type, is_leaf_type
from litestar.testing import TestClient

from service.app import create_app
from service.graphql.schema import sdl_schema
from service.graphql.typed.registry import camel
from service.graphql.variables import encode
from service.rules.core.ruleset import Operation, Ruleset, rulesets
from service.settings import Settings

LOOP_FIELDS = ("status", "over", "winner", "out", "decisionsNeeded", "diceNeeded", "fighters", "combatants")
MAX_TRIPS = 40


def _roll(die: str, rng: random.Random) -> int:
    found = re.fullmatch(r"(\d*)d(\d+)", die)
    assert found, die
    return rng.randint(1, int(found[2]))


def _selection(t: Any, depth: int = 0, only: tuple[str, ...] = ()) -> str:
    t = get_named_type(t)
    if is_leaf_type(t):
        return ""
    if depth > 9:
        return "{ __typename }"
    if isinstance(t, GraphQLUnionType):
        return "{ __typename " + " ".join(f"... on {m.name} {_selection(m, depth + 1, only)}" for m in t.types) + " }"
    assert isinstance(t, GraphQLObjectType)
    names = [n for n, f in t.fields.items() if not f.args and (not only or n in only)]
    fields = [f"{n} {_selection(t.fields[n].type, depth + 1)}".strip() for n in names] or ["__typename"]
    return "{ " + " ".join(fields) + " }"


def _snake(answer: Any) -> Any:
    """A GraphQL answer's loop fields in the REST shape the loop reads."""
    return {
        "status": answer["status"],
        "decisions_needed": answer.get("decisionsNeeded") or [],
        "dice_needed": answer.get("diceNeeded") or [],
    }


class Player:
    def __init__(self, client: TestClient[Any], ruleset: Ruleset, op: Operation) -> None:
        self.client, self.ruleset, self.op = client, ruleset, op
        self.path = f"/v1/{ruleset.id}/{op.path}"
        self.client_side = 0.0
        root = sdl_schema().query_type
        assert root is not None
        field = get_named_type(root.fields[camel(ruleset.id)].type).fields[camel(op.name)]  # type: ignore[union-attr]
        self.input_type = field.args["input"].type
        arg = self.input_type
        while isinstance(arg, GraphQLNonNull | GraphQLList):
            arg = arg.of_type
        self.arg_name = arg.name
        union = get_named_type(field.type)
        head = f"query Op($i: {self.input_type}) {{ {camel(ruleset.id)} {{ {camel(op.name)}(input: $i) "
        self.minimal = head + _selection(union, only=LOOP_FIELDS) + " } }"
        self.full = head + _selection(union) + " } }"

    def rest(self, body: dict[str, Any]) -> dict[str, Any]:
        r = self.client.post(self.path, json=body)
        assert r.status_code == 200, r.text[:300]
        return r.json()  # type: ignore[no-any-return]

    def graphql(self, query: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
        def send(body: dict[str, Any]) -> dict[str, Any]:
            start = time.process_time()
            variables = {"i": encode(self.input_type, body)}
            self.client_side += time.process_time() - start  # the plugin's own work, not the service's
            r = self.client.post("/graphql", json={"query": query, "variables": variables})
            out = r.json()
            assert r.status_code == 200 and "errors" not in out, r.text[:400]
            answer = out["data"][camel(self.ruleset.id)][camel(self.op.name)]
            assert answer.get("__typename") != "InvalidInput", answer
            return _snake(answer)

        return send

    def play(
        self, example: dict[str, Any], seed: str, send: Callable[[dict[str, Any]], dict[str, Any]]
    ) -> tuple[int, dict[str, Any], dict[str, Any]]:
        rng = random.Random(seed)
        body = {k: v for k, v in example.items() if k not in ("seed", "rolls", "decisions", "if_asked")}
        body |= {"rolls": {}, "decisions": {}, "if_asked": {}}
        for trips in range(1, MAX_TRIPS + 1):
            answer = send(body)
            if answer["status"] != "decision_required":
                return trips, body, answer
            for die in answer["dice_needed"]:
                body["rolls"].setdefault(die["key"], _roll(die["die"], rng))
            for decision in answer["decisions_needed"]:
                where = body["if_asked"] if decision["provisional"] else body["decisions"]
                if decision["key"] not in body["decisions"] and decision["key"] not in body["if_asked"]:
                    where[decision["key"]] = rng.choice(decision["choices"])["value"]
        raise AssertionError(f"{self.path}: more than {MAX_TRIPS} round trips")


def _cpu(run: Callable[[], Any]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def _best(player: Player, example: dict[str, Any], seed: str, rounds: int) -> dict[str, float]:
    """The CPU of one played loop each way, best of ``rounds`` (the ways alternate, so they see the same machine)."""
    ways = {
        "rest": player.rest,
        "min": player.graphql(player.minimal),
        "full": player.graphql(player.full),
    }
    best = dict.fromkeys(ways, float("inf"))
    for _ in range(rounds):
        for name, send in ways.items():
            player.client_side = 0.0
            spent = _cpu(lambda send=send: player.play(example, seed, send))
            best[name] = min(best[name], spent - player.client_side)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=2, help="plays of each example (other choices and dice)")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    app = create_app(Settings(redis_url="", rate_limit_per_minute=0, local_cache_bytes=0, graphql_max_cost=10**6))  # type: ignore[call-arg]
    with TestClient(app) as client:
        for ruleset in rulesets():
            if args.only and args.only != ruleset.id:
                continue
            for op in ruleset.operations:
                fields = op.answer.model_fields
                if "decisions_needed" not in fields or "dice_needed" not in fields or not op.examples:
                    continue
                player = Player(client, ruleset, op)
                trips: list[int] = []
                same = 0
                rest_cpu = min_cpu = full_cpu = 0.0
                for name, example in op.examples.items():
                    for run in range(args.runs):
                        seed = f"{ruleset.id}/{op.name}/{name}/{run}"
                        n, body, answer = player.play(example, seed, player.rest)
                        trips.append(n)
                        at_once = player.rest(body)
                        same += all(at_once.get(k) == answer.get(k) for k in ("status", "log", "events"))
                        best = _best(player, example, seed, args.rounds)
                        rest_cpu += best["rest"]
                        min_cpu += best["min"]
                        full_cpu += best["full"]
                print(
                    json.dumps(
                        {
                            "operation": f"{ruleset.id}.{op.name}",
                            "plays": len(trips),
                            "round_trips_median": statistics.median(trips),
                            "round_trips_max": max(trips),
                            "same_as_at_once": f"{same}/{len(trips)}",
                            "graphql_over_rest_speed_loop_selection": round(rest_cpu / min_cpu, 2),
                            "graphql_over_rest_speed_full_selection": round(rest_cpu / full_cpu, 2),
                        }
                    ),
                    flush=True,
                )


if __name__ == "__main__":
    main()
