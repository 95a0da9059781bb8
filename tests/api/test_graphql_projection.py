"""Answers projected as plain data (service/graphql/execution.py) are the answers graphql-core completes field by
field: every published example of every operation, with its whole answer selected, aliases, fragments, directives
and `__typename` mixed in, gives the same result both ways."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from graphql import GraphQLObjectType, GraphQLUnionType, get_named_type, is_leaf_type

from service.cache import TwoTierCache
from service.graphql.schema import build_schema, sdl_schema
from service.graphql.typed.registry import camel
from service.graphql.variables import encode
from service.rules.core.ruleset import rulesets
from tests.conftest import local_settings

SETTINGS = local_settings(local_cache_bytes=0, graphql_max_cost=10**6)
EXAMPLES = [
    (r.id, op.name, name, body) for r in rulesets() for op in r.operations for name, body in op.examples.items()
]


def _selection(t: Any, depth: int = 0) -> str:
    t = get_named_type(t)
    if is_leaf_type(t):
        return ""
    if depth > 9:
        return "{ __typename }"
    if isinstance(t, GraphQLUnionType):
        return "{ __typename " + " ".join(f"... on {m.name} {_selection(m, depth + 1)}" for m in t.types) + " }"
    assert isinstance(t, GraphQLObjectType)
    names = [n for n, f in t.fields.items() if not f.args]
    parts = [f"{n} {_selection(t.fields[n].type, depth + 1)}".strip() for n in names]
    if len(parts) > 1 and depth < 3:  # an alias, a skipped field and a fragment: what collects fields is exercised
        skipped = f"{names[1]} @skip(if: true) {_selection(t.fields[names[1]].type, depth + 1)}".strip()
        parts += [f"again_{names[0]}: {parts[0]}", skipped, f"... @include(if: true) {{ {parts[0]} }}"]
    return "{ __typename " + " ".join(parts) + " }"


class _State(SimpleNamespace):
    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default)


@pytest.fixture(scope="module")
def schemas() -> tuple[Any, Any]:
    return build_schema(SETTINGS), build_schema(SETTINGS, plain_inputs=False, data_fields=False)


@pytest.mark.parametrize(
    ("ruleset", "operation", "name", "body"), EXAMPLES, ids=[f"{e[0]}.{e[1]}.{e[2]}" for e in EXAMPLES]
)
def test_projected_answers_are_graphql_cores(
    schemas: tuple[Any, Any], ruleset: str, operation: str, name: str, body: Any
) -> None:
    root = sdl_schema().query_type
    assert root is not None
    field = get_named_type(root.fields[camel(ruleset)].type).fields[camel(operation)]  # type: ignore[union-attr]
    query = (
        f"query Op($i: {field.args['input'].type}) {{ {camel(ruleset)} {{ {camel(operation)}(input: $i) "
        f"{_selection(field.type)} }} }}"
    )
    variables = {"i": encode(field.args["input"].type, body)}
    results = []
    for schema in schemas:
        state = _State(cache=TwoTierCache(0, 2**20), settings=SETTINGS)
        context = {"request": SimpleNamespace(scope={}, app=SimpleNamespace(state=state))}
        result = schema._execute_encoded(query, variables, context, None, "Op", None, None)
        assert not result.errors, result.errors
        results.append(result.encoded)
    assert results[0] == results[1]


def test_a_list_of_leaf_rows_falls_back_where_graphql_core_must_answer() -> None:
    """A list of objects with only leaf fields is completed as rows (``_table``); a null where none may be, an Int
    outside 32 bits or a null item of a non-null list hands the list back to graphql-core, which reports it."""
    from graphql import GraphQLInt, GraphQLString

    from service.graphql.execution import _table

    rows = (
        [
            ("id", "id", True, str, GraphQLString.coerce_output_value),
            ("n", "n", False, int, GraphQLInt.coerce_output_value),
            ("t", None, True, None, "Thing"),
        ],
        True,
    )
    items = [SimpleNamespace(id="a", n=1), SimpleNamespace(id="b", n=None), SimpleNamespace(id="c", n=True)]
    assert _table(rows, items) == [
        {"id": "a", "n": 1, "t": "Thing"},
        {"id": "b", "n": None, "t": "Thing"},
        {"id": "c", "n": 1, "t": "Thing"},  # a bool is output as GraphQL's Int outputs it
    ]
    assert _table(rows, [SimpleNamespace(id=None, n=1)]) is None
    assert _table(rows, [SimpleNamespace(id="a", n=2**31)]) is None
    assert _table(rows, [None]) is None
