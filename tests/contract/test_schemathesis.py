"""Property-based contract tests: schemathesis drives every operation of the OpenAPI document and of the GraphQL
schema with generated requests; every check is on and no answer may break the contract or be a 5xx."""

from __future__ import annotations

import json
from typing import Any

import graphql
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from service.app import create_app
from tests.conftest import local_settings

APP = create_app(local_settings())


def literal(value: Any) -> str:
    """A Python value written as a GraphQL input literal."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value)


def json_values() -> st.SearchStrategy[graphql.ValueNode]:
    """The JSON scalar takes any value: real sheets, broken ones and noise."""
    from tests.unit.test_fighters_support import BUILDS

    sheets = [build() for build in BUILDS.values()]
    names = st.from_regex(r"[a-z_][a-z0-9_]{0,12}", fullmatch=True)
    leaf = st.none() | st.booleans() | st.integers(-(2**31), 2**31 - 1) | st.text(max_size=10)
    noise = st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(names, inner, max_size=3),
                         max_leaves=8)
    # A top-level null would be a null for a non-null argument: a malformed query, not a value of the scalar.
    values = st.sampled_from(sheets) | noise.filter(lambda v: v is not None)
    return values.map(lambda v: graphql.parse_value(literal(v)))


schemathesis.graphql.scalar("JSON", json_values())

openapi = schemathesis.openapi.from_asgi("/schema/openapi.json", APP)
graphql_schema = schemathesis.graphql.from_asgi("/graphql", APP)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@openapi.parametrize()
@SETTINGS
def test_openapi(case: schemathesis.Case) -> None:
    case.call_and_validate()


@graphql_schema.parametrize()
@SETTINGS
def test_graphql(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, response.text
    if "more than 50000 tokens" in response.text:
        # A generated document over the token bound (nested Random Effect combinations, each entry's options a whole
        # sheet) is refused before parsing: the bound is tested in tests/api/test_graphql.py.
        return
    case.validate_response(response)
