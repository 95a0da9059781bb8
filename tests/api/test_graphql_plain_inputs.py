"""An operation's input taken from the raw variables (service/graphql/typed/raw.py) is the request graphql-core's
coercion and the registry's converter give: every published example of every ruleset, sent both ways, is
validated into the same request, and inputs outside the contract or outside GraphQL's types get the same answer
(the same ``InvalidInput`` problems at the same GraphQL paths, or the same GraphQL errors)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import hypothesis_graphql
import pytest
from graphql import (
    FieldNode,
    GraphQLObjectType,
    GraphQLSchema,
    IntValueNode,
    OperationDefinitionNode,
    get_nullable_type,
    parse,
    value_from_ast_untyped,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar
from litestar.testing import TestClient
from pydantic import BaseModel

from service.app import create_app
from service.graphql.schema import sdl_schema
from service.graphql.typed.namespace import Converters
from service.graphql.typed.raw import RawInputs
from service.graphql.typed.registry import Translated, camel
from service.graphql.variables import encode
from service.rules.core.ruleset import rulesets
from tests.conftest import local_settings

OPERATIONS = [(r.id, op) for r in rulesets() for op in r.operations]
EXAMPLES = [(ns, op, name, body) for ns, op in OPERATIONS for name, body in op.examples.items()]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    with TestClient(create_app(local_settings(local_cache_bytes=0, graphql_max_cost=10**6))) as c:
        yield c


def _input_type(namespace: str, operation: str) -> Any:
    root = sdl_schema().query_type
    assert root is not None
    return get_nullable_type(root.fields[camel(namespace)].type).fields[camel(operation)].args["input"].type


def _query(namespace: str, operation: str) -> str:
    return (
        f"query Op($i: {_input_type(namespace, operation)}) {{ {camel(namespace)} {{ {camel(operation)}(input: $i) "
        "{ __typename ... on InvalidInput { message problems { path code message } } } } }"
    )


def _send(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch, query: str, variables: Any, *, plain: bool
) -> tuple[dict[str, Any], list[Any]]:
    """The answer and what the resolver validated: ``plain`` from the raw variable, else graphql-core's way."""
    seen: list[Any] = []
    real = Converters.to_request

    def spy(self: Converters, model: type[BaseModel], value: Any, *, strict: bool = True) -> Any:
        seen.append(type(value) is Translated)
        out = real(self, model, value, strict=strict)
        seen.append(out.model_dump(mode="json") if isinstance(out, BaseModel) else None)
        return out

    with monkeypatch.context() as m:
        m.setattr(Converters, "to_request", spy)
        if not plain:
            m.setattr(RawInputs, "translator", lambda self, t: None)
        r = client.post("/graphql", json={"query": query, "variables": {"i": variables}})
    assert r.status_code == 200, r.text
    return r.json(), seen


def _both(client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch, ns: str, op: Any, variables: Any) -> Any:
    query = _query(ns, op.name)
    plain, plain_seen = _send(client, monkeypatch, query, variables, plain=True)
    coerced, coerced_seen = _send(client, monkeypatch, query, variables, plain=False)
    assert plain == coerced
    assert plain_seen[1::2] == coerced_seen[1::2]  # the same validated request (or none)
    assert not any(coerced_seen[0::2])
    return plain, plain_seen


@pytest.mark.parametrize(("ns", "op", "name", "body"), EXAMPLES, ids=[f"{e[0]}-{e[1].name}-{e[2]}" for e in EXAMPLES])
def test_every_published_example_is_the_same_request_both_ways(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch, ns: str, op: Any, name: str, body: Any
) -> None:
    variables = encode(_input_type(ns, op.name), body)
    answer, seen = _both(client, monkeypatch, ns, op, variables)
    assert "errors" not in answer
    assert seen[0] is True, "the published example went graphql-core's way, not the plain pass"
    assert seen[1] == op.request.model_validate(body).model_dump(mode="json")  # REST's request


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    out = copy.deepcopy(value)
    target = out
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = new
    return out


def _broken(variables: Any) -> Iterator[Any]:
    """Inputs a client may send wrongly: numbers out of the contract's bounds, the wrong JSON type, a null, an
    unknown field, a number outside GraphQL's Int (a few leaves of each example)."""
    leaves = list(_leaves(variables))
    ints = [p for p, v in leaves if type(v) is int][:3]
    strings = [p for p, v in leaves if type(v) is str][:2]
    for p in ints:
        yield _replaced(variables, p, 1_000_000)
        yield _replaced(variables, p, -7)
        yield _replaced(variables, p, 2**40)  # not a 32-bit Int: GraphQL's error
        yield _replaced(variables, p, 2.5)
    for p in strings:
        yield _replaced(variables, p, 12)
        yield _replaced(variables, p, "")
        yield _replaced(variables, p, None)
    yield {**variables, "notAField": 1} if isinstance(variables, dict) else variables


@pytest.mark.parametrize(("ns", "op", "name", "body"), EXAMPLES, ids=[f"{e[0]}-{e[1].name}-{e[2]}" for e in EXAMPLES])
def test_inputs_that_break_the_contract_get_the_same_answer_both_ways(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch, ns: str, op: Any, name: str, body: Any
) -> None:
    for variables in _broken(encode(_input_type(ns, op.name), body)):
        _both(client, monkeypatch, ns, op, variables)


def test_a_variable_inside_a_literal_goes_graphql_cores_way(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch
) -> None:
    query = """query($i: Fight2eMoveRequestInput!) { fight2e { priceMoves(input: {moves: [$i]}) { __typename } } }"""
    move = {"level": 1, "elements": [{"id": "hits_low"}]}
    answer, seen = _send(client, monkeypatch, query, move, plain=True)
    assert answer == {"data": {"fight2e": {"priceMoves": {"__typename": "Fight2ePriceBatchResponse"}}}}
    assert seen[0] is False


def test_a_repeated_map_key_is_the_same_problem_both_ways(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch
) -> None:
    ns, op = next((n, o) for n, o in OPERATIONS if (n, o.name) == ("fight2e", "resolve_turn"))
    variables = encode(_input_type(ns, op.name), op.examples["first-turn-seeded"])
    maps = [p for p, v in _leaves(variables) if p and p[-1] == "key"]
    assert maps, "the example has a map"
    entry_path = maps[0][:-2]
    target = variables
    for part in entry_path:
        target = target[part]
    doubled = _replaced(variables, entry_path, [*target, target[0]])
    answer, _ = _both(client, monkeypatch, ns, op, doubled)
    assert answer["data"]["fight2e"]["resolveTurn"]["problems"][0]["code"] == "duplicate_key"


def _namespace_schema(namespace: str) -> GraphQLSchema:
    query = sdl_schema().get_type(f"{namespace[:1].upper()}{namespace[1:]}Query")
    assert isinstance(query, GraphQLObjectType)
    return GraphQLSchema(query=query)


def _input_literal(query: str) -> Any:
    """The JSON of the ``input`` argument the fuzzer wrote inline (enum values by name, as a client sends them)."""
    (operation,) = parse(query).definitions
    assert isinstance(operation, OperationDefinitionNode)
    (field,) = operation.selection_set.selections
    assert isinstance(field, FieldNode)
    (argument,) = [a for a in field.arguments or () if a.name.value == "input"]
    return value_from_ast_untyped(argument.value)


@pytest.mark.parametrize(("ns", "op"), OPERATIONS, ids=[f"{n}-{o.name}" for n, o in OPERATIONS])
def test_the_contract_fuzzers_inputs_get_the_same_answer_both_ways(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch, ns: str, op: Any
) -> None:
    """hypothesis-graphql's inputs for each operation (as tests/contract/test_schemathesis.py fuzzes them inline),
    sent as the variable instead: the plain pass and graphql-core's way answer alike."""
    strategy = hypothesis_graphql.queries(
        _namespace_schema(camel(ns)),
        fields=[camel(op.name)],
        custom_scalars={"Long": st.integers(-(2**53), 2**53).map(lambda n: IntValueNode(value=str(n)))},
    )

    @given(query=strategy)
    @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    def run(query: str) -> None:
        _, seen = _both(client, monkeypatch, ns, op, _input_literal(query))
        plain.append(bool(seen and seen[0]))

    plain: list[bool] = []
    run()
    print(f"{ns}.{op.name}: {sum(plain)} of {len(plain)} fuzzed inputs taken by the plain pass")
