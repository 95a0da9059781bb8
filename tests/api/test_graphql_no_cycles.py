"""An executed GraphQL operation leaves no reference cycle behind (issue 40): what the request built is freed by
reference counting as soon as the answer is encoded, so the cycle collector does not have to run every other
request (its passes cost 0.1–0.2 ms a request under load; bench/GRAPHQL.md). graphql-core's executor keeps its
bound methods in ``async_helpers`` and the cost guard's walk refers to itself: both are broken after use. Every
published example, its whole answer selected (only the result's type name where that document would be too large
to be kept parsed: graphql-core's validation of a new document leaves cycles of its own)."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from graphql import get_named_type

from service.cache import TwoTierCache
from service.graphql.guard import CACHEABLE_QUERY_BYTES
from service.graphql.schema import build_schema, sdl_schema
from service.graphql.typed.registry import camel
from service.graphql.variables import encode
from service.rules.core.ruleset import rulesets
from tests.api.test_graphql_projection import EXAMPLES, SETTINGS, _selection, _State


@pytest.fixture(scope="module")
def schema() -> Any:
    return build_schema(SETTINGS)


def _run(schema: Any, query: str, variables: dict[str, Any]) -> None:
    state = _State(cache=TwoTierCache(0, 2**20), settings=SETTINGS)
    context = {"request": SimpleNamespace(scope={}, app=SimpleNamespace(state=state))}
    result = schema._execute_encoded(query, variables, context, None, "Op", None, None)
    assert not result.errors, result.errors


@pytest.mark.parametrize(
    ("ruleset", "operation", "name", "body"), EXAMPLES, ids=[f"{e[0]}.{e[1]}.{e[2]}" for e in EXAMPLES]
)
def test_an_operation_leaves_no_cycles(schema: Any, ruleset: str, operation: str, name: str, body: Any) -> None:
    root = sdl_schema().query_type
    assert root is not None
    field = get_named_type(root.fields[camel(ruleset)].type).fields[camel(operation)]  # type: ignore[union-attr]
    head = f"query Op($i: {field.args['input'].type}) {{ {camel(ruleset)} {{ {camel(operation)}(input: $i) "
    query = f"{head}{_selection(field.type)} }} }}"
    if len(query) > CACHEABLE_QUERY_BYTES:  # a document too large to be kept is parsed and validated every time
        query = f"{head}{{ __typename }} }} }}"
    variables = {"i": encode(field.args["input"].type, body)}
    _run(schema, query, variables)  # parsed, validated and cached: the repeat is what a served request does
    op = next(o for r in rulesets() if r.id == ruleset for o in r.operations if o.name == operation)
    request = op.request.model_validate(body)
    core = _cycles(lambda: op.run(request))  # the rules core's own (the optimiser's solver leaves some): not ours
    left = _cycles(lambda: _run(schema, query, variables)) - core
    assert not left, left


def _cycles(run: Callable[[], object]) -> Counter[str]:
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        run()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        return Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
