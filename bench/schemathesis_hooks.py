"""Schemathesis hooks for the CLI run of bench/fuzz.py: the GraphQL ``Long`` scalar takes the values it takes in
tests/contract/test_schemathesis.py (integers in JavaScript's safe range, as literals), and, when
``FIGHT_RULES_FUZZ_REACHED`` names a file, every namespaced operation a generated query reached (its answer had no
error) is appended to it, one ``namespace.operation`` a line, for bench/fuzz.py to count.

    SCHEMATHESIS_HOOKS=bench.schemathesis_hooks schemathesis run http://127.0.0.1:8000/graphql

The test module is not imported here: its conftest loads the suite's hypothesis profile, whose budget would
override the CLI's --max-examples.
"""

from __future__ import annotations

import json
import os
from typing import Any

import graphql
import schemathesis
from hypothesis import strategies as st

LONG = st.integers(-(2**53), 2**53).map(lambda n: graphql.IntValueNode(value=str(n)))

schemathesis.graphql.scalar("Long", LONG)

REACHED = os.environ.get("FIGHT_RULES_FUZZ_REACHED")


def reached_operations(query: str, answer: Any) -> list[str]:
    """``namespace.operation`` for each field under a ruleset namespace the query selected, when it was answered
    without errors (a refused query reaches none)."""
    if not isinstance(answer, dict) or answer.get("errors") or not isinstance(answer.get("data"), dict):
        return []
    try:
        document = graphql.parse(query)
    except graphql.GraphQLError:
        return []
    out = []
    for definition in document.definitions:
        if isinstance(definition, graphql.OperationDefinitionNode):
            for root in definition.selection_set.selections:
                if isinstance(root, graphql.FieldNode) and root.selection_set is not None:
                    for field in root.selection_set.selections:
                        if isinstance(field, graphql.FieldNode) and field.name.value != "__typename":
                            out.append(f"{root.name.value}.{field.name.value}")
    return out


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    if not REACHED:
        return
    query = case.body if isinstance(case.body, str) else (case.body or {}).get("query", "")  # GraphQL: the query
    try:
        answer = json.loads(response.content)
    except ValueError:
        return
    names = reached_operations(str(query), answer)
    if names:
        with open(REACHED, "a", encoding="utf-8") as sink:
            sink.write("".join(f"{name}\n" for name in names))
