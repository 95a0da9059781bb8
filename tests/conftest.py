"""Shared fixtures: the app with embedded defaults, a test client, and the book's text for data tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from service.rules.fight2e.models import MovePrice, MoveRequest
from service.rules.fight2e.moves import price_move
from service.settings import Settings

BOOK = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_3e05a6bb73592376.txt"
if not BOOK.exists():  # a clone elsewhere: shared/ sits beside the checkout
    BOOK = Path(os.environ.get("FIGHT_RULES_BOOK", "../shared/seeds/000_3e05a6bb73592376.txt")).resolve()


@pytest.fixture(scope="session")
def book_lines() -> list[str]:
    return BOOK.read_text(encoding="utf-8").split("\n")


def local_settings(**overrides: object) -> Settings:
    return Settings(**{"redis_url": "", "rate_limit_per_minute": 0, **overrides})  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def app() -> Litestar:
    return create_app(local_settings())


@pytest.fixture
def client(app: Litestar) -> Iterator[TestClient[Litestar]]:
    with TestClient(app) as c:
        yield c


def price(**request: object) -> MovePrice:
    """Price a move in the core, the way a player would write it down."""
    return price_move(MoveRequest.model_validate(request))


def codes(result: MovePrice) -> set[str]:
    return {f.code for f in result.violations}
