"""The committed contracts and docs are exactly what the code generates (`make contracts` regenerates them)."""

from __future__ import annotations

from pathlib import Path

from litestar import Litestar
from litestar.testing import TestClient

from service.cli import graphql_sdl, openapi_document
from service.docs import validation_codes_markdown as render

ROOT = Path(__file__).resolve().parents[2]


def test_openapi_document_is_committed() -> None:
    assert (ROOT / "openapi" / "openapi.json").read_text() == openapi_document(), "run `make contracts`"


def test_graphql_schema_is_committed() -> None:
    assert (ROOT / "schema" / "schema.graphql").read_text() == graphql_sdl(), "run `make contracts`"


def test_validation_codes_doc_is_committed() -> None:
    assert (ROOT / "docs" / "validation-codes.md").read_text() == render(), "run `make contracts`"


def test_served_openapi_equals_committed(client: TestClient[Litestar]) -> None:
    import json

    served = client.get("/schema/openapi.json").json()
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert served == committed
