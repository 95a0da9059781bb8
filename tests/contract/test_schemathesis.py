"""Property-based contract tests: schemathesis drives every operation of the OpenAPI document and of the GraphQL
schema with generated requests; every check is on and no answer may break the contract or be a 5xx.

GraphQL is namespaced (``fight2e { priceMove … }``), and schemathesis takes each root field for an operation: it
fuzzes ``rulesets`` and ``fight2e`` (a random subset of the namespace's fields each time). So that every
namespaced operation is fuzzed on its own too, ``test_graphql_operation`` generates queries with hypothesis-graphql
(schemathesis' generator) for each field of each namespace (its operations and its ``catalog``), and sends them
wrapped in the namespace. An ``errors`` entry is a failure unless it is a documented refusal: a query the
generator got wrong for GraphQL (``GRAPHQL_VALIDATION_FAILED``: it does not know ``@oneOf``) or one over the
documented bounds (``QUERY_TOO_COSTLY``…). A bug raised in a resolver has no code, and fails.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

import graphql
import hypothesis_graphql
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient
from pydantic import BaseModel
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.app import create_app
from service.graphql.schema import sdl_schema
from service.graphql.typed.registry import camel
from service.rules.core.ruleset import rulesets
from tests.conftest import local_settings

APP = create_app(local_settings())
# Documented refusals (README, "GraphQL"): the query is refused as a whole, with this code, before it runs.
REFUSALS = {
    "GRAPHQL_PARSE_FAILED",
    "GRAPHQL_VALIDATION_FAILED",
    "QUERY_TOO_COSTLY",
    "QUERY_TOO_LARGE",
    "RESPONSE_TOO_LARGE",
}
LONG = st.integers(-(2**53), 2**53).map(lambda n: graphql.IntValueNode(value=str(n)))

schemathesis.graphql.scalar("Long", LONG)


@cache
def fuzzing_schema() -> graphql.GraphQLSchema:
    """The service's schema with each ``@oneOf`` input narrowed to its first member, required: the generator does
    not know ``@oneOf`` (it would send none or several members, refused by validation, so nearly every move with
    options would never reach the service). Every query it generates is valid against the real schema."""
    narrowed = graphql.build_schema(graphql.print_schema(sdl_schema()))  # a copy: the types are changed below
    for t in narrowed.type_map.values():
        if isinstance(t, graphql.GraphQLInputObjectType) and t.is_one_of:
            name, field = next(iter(t.fields.items()))
            t.fields = {name: graphql.GraphQLInputField(graphql.GraphQLNonNull(field.type))}  # type: ignore[misc]
            t.is_one_of = False
    return narrowed


def graphql_from_app() -> schemathesis.graphql.GraphQLSchema:  # type: ignore[name-defined]
    loaded = schemathesis.graphql.from_dict(graphql.introspection_from_schema(fuzzing_schema()))
    loaded.app, loaded.location = APP, "/graphql"
    return loaded


openapi = schemathesis.openapi.from_asgi("/schema/openapi.json", APP)


def _simulation_model(path: str) -> type[BaseModel]:
    """The request model of the ruleset's `simulate` operation at this path (`/v1/{ruleset}/simulate`)."""
    ruleset = path.strip("/").split("/")[1]
    found = next(r for r in rulesets() if r.id == ruleset)
    return found.operation("simulate").request


def _upper_bound(model: type[BaseModel], name: str) -> int:
    """The field's own upper bound (`le`), as the request model states it."""
    return int(next(m.le for m in model.model_fields[name].metadata if getattr(m, "le", None) is not None))


@openapi.hook
@schemathesis.hook.apply_to(path_regex=r"/simulate$")
def map_body(ctx: schemathesis.HookContext, body: object) -> object:
    """A simulation's work grows with its fights and turns (seconds at the request's bounds): fuzzed runs within
    the bounds are kept to a few short fights; values beyond the bounds are left for the service to refuse. The
    bounds are the request model's own, so a value just over one is never shortened into an accepted request;
    they are checked in tests/unit/fight2e/test_simulation.py."""
    if not isinstance(body, dict):
        return body
    model = _simulation_model(ctx.operation.path)
    for name, most in (("count", 2), ("turn_limit", 10)):
        bound = _upper_bound(model, name)
        value = body.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and most < value <= bound:
            body = {**body, name: most}
    return body


graphql_schema = graphql_from_app()

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


def refusals_only(body: bytes | str) -> list[str]:
    """The codes of the answer's errors; fails on an error that is not a documented refusal."""
    answer = json.loads(body)
    codes = [(e.get("extensions") or {}).get("code") for e in answer.get("errors") or []]
    unexpected = [e for e, code in zip(answer.get("errors") or [], codes, strict=True) if code not in REFUSALS]
    assert not unexpected, unexpected
    if codes:
        assert answer.get("data") is None, answer  # a refusal is of the whole query, never a partial answer
    return codes


# Schema-valid bodies an operation may still refuse with a 400, for a rule no JSON Schema can state: the parts of a
# simulation merge must join (same matchup, adjacent seed ranges); the refusals are tested in test_simulate_api.py.
UNSTATABLE = ("/simulate/merge",)


def too_costly(response: Any) -> bool:
    """A documented refusal of a schema-valid request: it costs more than one request may (README, Settings)."""
    if response.status_code != 400:
        return False
    return bool(json.loads(response.content).get("type") == "/problems/too-costly")


@openapi.parametrize()
@SETTINGS
def test_openapi(case: schemathesis.Case) -> None:
    unstatable = case.operation.path.endswith(UNSTATABLE)
    response = case.call()
    excluded = [positive_data_acceptance] if unstatable or too_costly(response) else None
    case.validate_response(response, excluded_checks=excluded)


@graphql_schema.parametrize()
@SETTINGS
def test_graphql(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, response.text
    if response.status_code == 413:  # a generated document over the byte bound: refused before parsing
        return
    if not refusals_only(response.content):
        case.validate_response(response)


# ---- every namespaced operation on its own


@cache
def namespace_schema(namespace: str) -> graphql.GraphQLSchema:
    """The namespace's type as a schema's root, for the generator (the queries are sent wrapped in it)."""
    query = fuzzing_schema().get_type(f"{namespace[:1].upper()}{namespace[1:]}Query")
    assert isinstance(query, graphql.GraphQLObjectType)
    return graphql.GraphQLSchema(query=query)


OPERATIONS = [
    (camel(r.id), name)
    for r in rulesets()
    for name in [*(camel(op.name) for op in r.operations), *(("catalog",) if r.catalogue else ())]
]
SEEN: dict[str, Counter[str]] = {}


@pytest.fixture(scope="module")
def gclient() -> TestClient:  # type: ignore[type-arg]
    with TestClient(APP) as client:
        yield client


@pytest.mark.parametrize(("namespace", "field"), OPERATIONS, ids=[f"{n}.{f}" for n, f in OPERATIONS])
def test_graphql_operation(gclient: TestClient, namespace: str, field: str) -> None:  # type: ignore[type-arg]
    seen = SEEN.setdefault(f"{namespace}.{field}", Counter())
    strategy = hypothesis_graphql.queries(namespace_schema(namespace), fields=[field], custom_scalars={"Long": LONG})

    @given(query=strategy)
    @SETTINGS
    def run(query: str) -> None:
        document = graphql.parse(query)
        (operation,) = document.definitions
        assert isinstance(operation, graphql.OperationDefinitionNode)
        wrapped = f"{{ {namespace} {graphql.print_ast(operation.selection_set)} }}"
        response = gclient.post("/graphql", json={"query": wrapped})
        assert response.status_code < 500, response.text
        if response.status_code == 413:
            seen["413"] += 1
            return
        assert response.status_code == 200, response.text
        codes = refusals_only(response.content)
        if not codes:
            answer = response.json()["data"][namespace]
            seen[
                (answer.get(field) or {}).get("__typename", "answered")
                if isinstance(answer.get(field), dict)
                else "answered"
            ] += 1
        for code in codes:
            seen[code] += 1

    run()
    print(f"\n{namespace}.{field}: {dict(seen)}")
    assert seen, "no example ran"
