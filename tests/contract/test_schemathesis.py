"""Property-based contract tests: schemathesis drives every operation of the OpenAPI document and of the GraphQL
schema with generated requests; every check is on and no answer may break the contract or be a 5xx."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings

from service.app import create_app
from tests.conftest import local_settings

APP = create_app(local_settings())

openapi = schemathesis.openapi.from_asgi("/schema/openapi.json", APP)
graphql = schemathesis.graphql.from_asgi("/graphql", APP)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@openapi.parametrize()
@SETTINGS
def test_openapi(case: schemathesis.Case) -> None:
    case.call_and_validate()


@graphql.parametrize()
@SETTINGS
def test_graphql(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, response.text
    case.validate_response(response)
