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
from collections.abc import Iterator
from functools import cache
from typing import Any

import graphql
import hypothesis_graphql
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar
from litestar.testing import TestClient
from pydantic import BaseModel
from schemathesis.config import OperationConfig
from schemathesis.core.transport import Response
from schemathesis.filters import HasAPIOperation
from schemathesis.generation.modes import GenerationMode
from schemathesis.python import asgi
from schemathesis.schemas import BaseSchema
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

from service.graphql.schema import sdl_schema
from service.rules.core.ruleset import Operation, rulesets
from tests.conftest import REPO, examples

# Nothing is built at import (collecting stays cheap): the app and both schemas are session fixtures, and the
# operations are listed from the committed contracts, which test_drift.py keeps equal to the app's (and
# test_every_operation_is_fuzzed checks against the loaded schemas).
OPENAPI_DOCUMENT = REPO / "openapi" / "openapi.json"
GRAPHQL_SDL = REPO / "schema" / "schema.graphql"
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

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

# The budget (FIGHT_RULES_HYPOTHESIS_PROFILE, tests/conftest.py): 40 generated cases per operation in ci.
SETTINGS = settings(max_examples=examples(ci=40), suppress_health_check=list(HealthCheck))


def openapi_operations() -> list[str]:
    """Every operation of the committed OpenAPI document, as schemathesis labels it (``POST /v1/…``)."""
    paths = json.loads(OPENAPI_DOCUMENT.read_text(encoding="utf-8"))["paths"]
    return [f"{method.upper()} {path}" for path, item in paths.items() for method in item if method in HTTP_METHODS]


@cache
def committed_schema() -> graphql.GraphQLSchema:
    return graphql.build_schema(GRAPHQL_SDL.read_text(encoding="utf-8"))


def graphql_operations() -> list[str]:
    """Every root field of the committed GraphQL schema, as schemathesis labels it (``Query.fight2e``)."""
    schema = committed_schema()
    return [f"{root.name}.{name}" for root in (schema.query_type, schema.mutation_type) if root for name in root.fields]


def query_type_name(namespace: str) -> str:
    return f"{namespace[:1].upper()}{namespace[1:]}Query"


def namespaced_operations() -> list[tuple[str, str]]:
    """Each namespace's fields (its operations and its ``catalog``): the root fields whose type is a ``…Query``."""
    query = committed_schema().query_type
    assert query is not None
    pairs = []
    for namespace, field in query.fields.items():
        inner = graphql.get_named_type(field.type)
        if isinstance(inner, graphql.GraphQLObjectType) and inner.name == query_type_name(namespace):
            pairs += [(namespace, name) for name in inner.fields]
    return pairs


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


# A simulation's work grows with its fights and turns (seconds at the request's bounds), and the coverage phase
# sends about 2,000 bodies to /simulate that vary a field of a fighter's sheet and carry the default 25 fights of
# up to 100 turns: it was 98 % of the operation's time, and the operation more than a third of the whole fuzz.
# Those cases test the sheet's validation and the answer's shape, which 2 fights of 10 turns exercise as well; the
# cases whose subject is the count or the turn limit themselves (their boundaries, types) are sent as generated.
# Values beyond the bounds are left for the service to refuse. The bounds are each ruleset's request model's own, so
# a value just over one is never shortened into an accepted request (tests/unit/fight2e/test_simulation.py).
SHORTENED = (("count", 2), ("turn_limit", 10))


def _simulation_model(path: str) -> type[BaseModel]:
    """The request model of the ruleset's `simulate` operation at this path (`/v1/{ruleset}/simulate`)."""
    ruleset = path.strip("/").split("/")[1]
    return next(r for r in rulesets() if r.id == ruleset).operation("simulate").request


def _upper_bound(model: type[BaseModel], name: str) -> int:
    """The field's own upper bound (`le`), as the request model states it."""
    return int(next(m.le for m in model.model_fields[name].metadata if getattr(m, "le", None) is not None))


def shortened(body: object, path: str, keep: str = "") -> object:
    """The body with a count or turn limit within the bounds cut to a few short fights, except a field named in
    ``keep`` (the case's subject)."""
    if not isinstance(body, dict) or not path.endswith("/simulate"):  # the hook meets every operation's bodies
        return body
    model = _simulation_model(path)
    for name, most in SHORTENED:
        value = body.get(name)
        integral = isinstance(value, int | float) and not isinstance(value, bool) and value == int(value)
        if integral and most < value <= _upper_bound(model, name) and name not in keep:  # 346.0 is a count too
            body = {**body, name: most}
    return body


@schemathesis.hook.apply_to(path_regex=r"/simulate$")
def map_body(ctx: schemathesis.HookContext, body: object) -> object:
    """Fuzzed simulations are kept short (the coverage phase's cases are shortened in ``check_openapi_case``)."""
    return shortened(body, ctx.operation.path)


# The coverage phase sends every boundary and every invalid variant its request schema defines: thousands of cases
# for a deep one, most of them invalid (three in four for ashes' combatants/validate). An operation whose request is
# parsed by the same model as an earlier one's refuses those invalid cases by the same code, before its own function
# runs; one whose model, function and charges are all the same as an earlier one's (each ruleset's simulate/merge)
# answers every case by the same code. So the first such operation gets the whole coverage phase; the next ones with
# the same model get its valid cases only (their own function still meets every boundary); and the exact copies
# none. Every operation keeps its examples and fuzzing phases (valid and invalid cases), and every check.
def operation_records() -> Iterator[tuple[str, Operation]]:
    """Each ruleset operation's label (``POST /v1/{ruleset}/{path}``) and record."""
    for ruleset in rulesets():
        for op in ruleset.operations:
            yield f"POST /v1/{ruleset.id}/{op.path}", op


def same_code(op: Operation) -> tuple[object, ...]:
    """What decides an operation's answer to a request, besides its path: its model, function and charges."""
    return op.request, op.run, op.cost, op.caching, op.offload


def shared_coverage() -> tuple[list[str], list[str]]:
    """The labels of the operations given the coverage phase's valid cases only, and of those given none."""
    by_model: set[type[BaseModel]] = set()
    by_code: set[tuple[object, ...]] = set()
    valid_only, none = [], []
    for label, op in operation_records():
        if same_code(op) in by_code:
            none.append(label)
        elif op.request in by_model:
            valid_only.append(label)
        by_model.add(op.request)
        by_code.add(same_code(op))
    return valid_only, none


def share_coverage(loaded: BaseSchema) -> None:
    """Narrows the coverage phase of the operations ``shared_coverage`` names (schemathesis' per-operation config)."""
    valid_only, none = shared_coverage()
    phases: list[tuple[list[str], dict[str, Any]]] = [
        (valid_only, {"generation": {"mode": "positive"}}),
        (none, {"enabled": False}),
    ]
    for labels, coverage in phases:
        for label in labels:
            loaded.config.operations.operations.append(
                OperationConfig.from_dict({"include-name": label, "phases": {"coverage": coverage}})
            )


@pytest.fixture(scope="session")
def openapi_schema(app: Litestar) -> BaseSchema:
    # The committed document (test_drift.py keeps it equal to the app's), not the app's own: building that took
    # each xdist worker 5 s of CPU. Requests still go to the app in-process, as ``from_asgi`` would send them.
    loaded = schemathesis.openapi.from_dict(json.loads(OPENAPI_DOCUMENT.read_text(encoding="utf-8")))
    loaded.app, loaded.location = app, "/schema/openapi.json"
    loaded.hook(map_body)
    share_coverage(loaded)
    return loaded


@pytest.fixture(scope="session")
def asgi_session(app: Litestar) -> Iterator[asgi.ASGIClient]:
    """One in-process client for every generated call (schemathesis makes a new one per call when given none). It
    ignores the environment's proxy and netrc settings, which requests otherwise reads again on every call (a sixth
    of a case's own CPU time): an in-process call goes through no proxy and sends no credentials."""
    with asgi.get_client(app) as client:
        client.trust_env = False
        yield client


def call(case: schemathesis.Case, session: asgi.ASGIClient) -> Response:
    """The case's request, sent to the app through the shared client; no cookie is carried over from a former
    call (each case is sent as if alone, as it is with a client of its own)."""
    session.cookies.clear()
    return case.call(session=session)


@pytest.fixture(scope="session")
def graphql_schema(app: Litestar) -> BaseSchema:
    loaded = schemathesis.graphql.from_dict(graphql.introspection_from_schema(fuzzing_schema()))
    loaded.app, loaded.location = app, "/graphql"
    return loaded


# One pytest test per operation, so that xdist spreads them. schemathesis' lazy schema runs every operation the
# fixture's schema has that its filter admits, and sets the filter itself (a filter on the fixture's schema is
# replaced): the filter admits the operation the fixture names, by label, read at run time.
TESTED: dict[str, str] = {}


def operation_under_test(ctx: HasAPIOperation) -> bool:
    return ctx.operation.label == TESTED.get("label")


def one_operation(request: pytest.FixtureRequest, schema: BaseSchema) -> BaseSchema:
    TESTED["label"] = request.param
    # schemathesis' from_fixture (4.32) reads the item's ``_nodeid``, which pytest 9 calls ``_id``; what it writes
    # back only renames the item in its own reports
    request.node._nodeid = request.node.nodeid  # type: ignore[attr-defined]
    return schema


@pytest.fixture(params=openapi_operations())
def openapi_operation(request: pytest.FixtureRequest, openapi_schema: BaseSchema) -> BaseSchema:
    return one_operation(request, openapi_schema)


@pytest.fixture(params=graphql_operations())
def graphql_operation(request: pytest.FixtureRequest, graphql_schema: BaseSchema) -> BaseSchema:
    return one_operation(request, graphql_schema)


def test_every_operation_is_fuzzed(openapi_schema: BaseSchema, graphql_schema: BaseSchema) -> None:
    """The operations listed from the committed contracts are exactly the loaded schemas' (so none is left out)."""
    loaded = {result.ok().label for result in openapi_schema.get_all_operations()}
    assert sorted(loaded) == sorted(openapi_operations())
    loaded = {result.ok().label for result in graphql_schema.get_all_operations()}
    assert sorted(loaded) == sorted(graphql_operations())


def test_coverage_is_shared_only_by_the_same_code(openapi_schema: BaseSchema) -> None:
    """Every operation keeps its examples and fuzzing phases; each request model gets the whole coverage phase on one
    operation, and one without it has the same model, function and charges as the one that has it."""
    records = dict(operation_records())
    whole: dict[type[BaseModel], str] = {}
    narrowed = {}
    for result in openapi_schema.get_all_operations():
        operation = result.ok()
        phases = openapi_schema.config.phases_for(operation=operation)
        assert phases.examples.enabled and phases.fuzzing.enabled, operation.label
        modes = set(openapi_schema.config.generation_for(operation=operation, phase="coverage").modes)
        record = records.get(operation.label)
        if record is None:  # a catalogue, health or listing operation: not a ruleset computation, never narrowed
            assert phases.coverage.enabled and modes == set(GenerationMode), operation.label
        elif phases.coverage.enabled and modes == set(GenerationMode):
            assert record.request not in whole, (operation.label, whole.get(record.request))
            whole[record.request] = operation.label
        else:
            narrowed[operation.label] = (phases.coverage.enabled, modes)
    assert {op.request for op in records.values()} == set(whole)
    assert narrowed, "no operation shares a request model: nothing left to test here"
    covered = {same_code(records[label]) for label in whole.values()}
    covered |= {same_code(records[label]) for label, (enabled, _) in narrowed.items() if enabled}
    for label, (enabled, modes) in narrowed.items():
        if enabled:  # the valid cases only: the model's invalid ones go to the operation in ``whole``
            assert modes == {GenerationMode.POSITIVE}, label
        else:  # none: an operation with the same code has them
            assert same_code(records[label]) in covered, label


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


def check_openapi_case(case: schemathesis.Case, session: asgi.ASGIClient) -> None:
    if case.operation.path.endswith("/simulate") and case.meta is not None:
        subject = case.meta.phase.data
        keep = f"{getattr(subject, 'location', '')} {getattr(subject, 'description', '')}"
        case.body = shortened(case.body, case.operation.path, keep)
    unstatable = case.operation.path.endswith(UNSTATABLE)
    response = call(case, session)
    excluded = [positive_data_acceptance] if unstatable or too_costly(response) else []
    if response.status_code == 413:  # a body over the byte limit is refused before it is read, whatever it holds
        excluded = [positive_data_acceptance, negative_data_rejection]
    case.validate_response(response, excluded_checks=excluded or None)


@schemathesis.pytest.from_fixture("openapi_operation").include(operation_under_test).parametrize()
@SETTINGS
def test_openapi(case: schemathesis.Case, asgi_session: asgi.ASGIClient) -> None:
    check_openapi_case(case, asgi_session)


@schemathesis.pytest.from_fixture("graphql_operation").include(operation_under_test).parametrize()
@SETTINGS
def test_graphql(case: schemathesis.Case, asgi_session: asgi.ASGIClient) -> None:
    response = call(case, asgi_session)
    assert response.status_code < 500, response.text
    if response.status_code == 413:  # a generated document over the byte bound: refused before parsing
        return
    if not refusals_only(response.content):
        case.validate_response(response)


# ---- every namespaced operation on its own


@cache
def namespace_schema(namespace: str) -> graphql.GraphQLSchema:
    """The namespace's type as a schema's root, for the generator (the queries are sent wrapped in it)."""
    query = fuzzing_schema().get_type(query_type_name(namespace))
    assert isinstance(query, graphql.GraphQLObjectType)
    return graphql.GraphQLSchema(query=query)


OPERATIONS = namespaced_operations()
SEEN: dict[str, Counter[str]] = {}


@pytest.fixture(scope="module")
def gclient(app: Litestar) -> Iterator[TestClient[Litestar]]:
    with TestClient(app) as client:
        yield client


@pytest.mark.parametrize(("namespace", "field"), OPERATIONS, ids=[f"{n}.{f}" for n, f in OPERATIONS])
def test_graphql_operation(gclient: TestClient[Litestar], namespace: str, field: str) -> None:
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
