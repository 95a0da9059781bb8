"""A document that passed validation before is executed without Strawberry's per-request extension hooks
(``ThreadedSchema.known``, issue 40): the answer is the one the full path gives, errors and their codes included.

Each published example of every ruleset, its whole answer selected, is answered by a schema that takes the short
way on the repeat and by one that never does; a refused cost and a variable of the wrong type get the same errors
both ways.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from graphql import get_named_type
from strawberry.http import process_result

from service.cache import TwoTierCache
from service.graphql.guard import CACHEABLE_QUERY_BYTES
from service.graphql.schema import build_schema, sdl_schema
from service.graphql.typed.registry import camel
from service.graphql.variables import encode
from tests.api.test_graphql_projection import EXAMPLES, SETTINGS, _selection, _State
from tests.conftest import local_settings


@pytest.fixture(scope="module")
def schemas() -> tuple[Any, Any]:
    return build_schema(SETTINGS), build_schema(SETTINGS, known_documents=False)


def _context() -> dict[str, Any]:
    state = _State(cache=TwoTierCache(0, 2**20), settings=SETTINGS)
    return {"request": SimpleNamespace(scope={}, app=SimpleNamespace(state=state))}


def _answer(schema: Any, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    return dict(process_result(schema._execute_encoded(query, variables, _context(), None, "Op", None, None)))


def _both_ways(schemas: tuple[Any, Any], query: str, variables: dict[str, Any]) -> tuple[Any, Any]:
    fast, slow = schemas
    _answer(fast, query, variables)  # parsed, validated and kept: the repeat is known
    known = fast.known(query, variables, _context(), None, "Op", None, None)
    assert known is not None, "the repeated document did not take the short way"
    return dict(process_result(known)), _answer(slow, query, variables)


@pytest.mark.parametrize(
    ("ruleset", "operation", "name", "body"), EXAMPLES, ids=[f"{e[0]}.{e[1]}.{e[2]}" for e in EXAMPLES]
)
def test_a_known_document_answers_as_the_full_path(
    schemas: tuple[Any, Any], ruleset: str, operation: str, name: str, body: Any
) -> None:
    root = sdl_schema().query_type
    assert root is not None
    field = get_named_type(root.fields[camel(ruleset)].type).fields[camel(operation)]  # type: ignore[union-attr]
    head = f"query Op($i: {field.args['input'].type}) {{ {camel(ruleset)} {{ {camel(operation)}(input: $i) "
    query = f"{head}{_selection(field.type)} }} }}"
    if len(query) > CACHEABLE_QUERY_BYTES:  # never kept: always the full path
        query = f"{head}{{ __typename }} }} }}"
    known, full = _both_ways(schemas, query, {"i": encode(field.args["input"].type, body)})
    assert "errors" not in full
    assert known == full


PRICE = "query Op($m: [Fight2eMoveRequestInput!]!) { fight2e { priceMoves(input: {moves: $m}) { __typename } } }"


def test_a_refused_cost_is_the_same_error_both_ways() -> None:
    settings = local_settings(local_cache_bytes=0, graphql_max_cost=50)
    schemas = build_schema(settings), build_schema(settings, known_documents=False)
    small = {"m": [{"level": 1}] * 10}
    _answer(schemas[0], PRICE, small)  # admitted and kept
    big = {"m": [{"level": 1}] * 60}  # 60 moves priced: 60 units, over the 50 allowed
    known = dict(process_result(schemas[0].known(PRICE, big, _context(), None, "Op", None, None)))
    full = _answer(schemas[1], PRICE, big)
    assert known == full
    assert known["data"] is None and [e["extensions"]["code"] for e in known["errors"]] == ["QUERY_TOO_COSTLY"]
    assert known["errors"][0]["extensions"]["cost"] == 60


def test_a_variable_of_the_wrong_type_is_the_same_error_both_ways(schemas: tuple[Any, Any]) -> None:
    known, full = _both_ways(schemas, PRICE, {"m": [{"level": "high"}]})
    assert known == full
    assert known["data"] is None and [e["extensions"]["code"] for e in known["errors"]] == ["BAD_USER_INPUT"]


def test_an_unknown_operation_or_a_new_document_takes_the_full_path(schemas: tuple[Any, Any]) -> None:
    fast, _ = schemas
    _answer(fast, PRICE, {"m": [{"level": 1}]})
    assert fast.known(PRICE, {"m": [{"level": 1}]}, _context(), None, "Other", None, None) is None
    assert fast.known("{ rulesets { id } }", None, _context(), None, None, None, None) is None  # never validated
