"""Shared fixtures: the app with embedded defaults, a test client, and the book's text for data tests."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from service.rules.core.coverage import UNDECLARED
from service.rules.fight2e.moves.models import MovePrice, MoveRequest
from service.rules.fight2e.moves.price import price_move
from service.settings import Settings

BOOK_NAME = "000_3e05a6bb73592376.txt"
REPO = Path(__file__).resolve().parents[1]


def _find_book() -> Path:
    """The book's text: FIGHT_RULES_BOOK, else shared/seeds beside the checkout, beside an ancestor of it, or
    beside the repository a clean clone was made from (a clone in a temporary directory)."""
    if os.environ.get("FIGHT_RULES_BOOK"):
        return Path(os.environ["FIGHT_RULES_BOOK"]).resolve()
    places = list(REPO.parents)
    origin = subprocess.run(
        ["git", "config", "--get", "remote.origin.url"], cwd=REPO, capture_output=True, text=True, check=False
    ).stdout.strip()
    if origin and Path(origin).is_dir():
        places += [Path(origin).resolve().parent]
    for place in places:
        candidate = place / "shared" / "seeds" / BOOK_NAME
        if candidate.exists():
            return candidate
    return REPO.parent / "shared" / "seeds" / BOOK_NAME  # missing: the data tests say where they looked


BOOK = _find_book()


@pytest.fixture(scope="session")
def book_lines() -> list[str]:
    """The book's lines. A public clone has no ``../shared``: the tests that compare with the book skip there,
    saying where they looked; CI (``CI=true``) has it and fails instead of skipping."""
    if not BOOK.exists():
        reason = f"the rule texts are not here ({BOOK}; set FIGHT_RULES_BOOK or check out ../shared)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return BOOK.read_text(encoding="utf-8").split("\n")


@pytest.fixture(autouse=True)
def _every_unsupported_id_is_declared() -> Iterator[None]:
    """A test that meets an ``unsupported`` id its ruleset's data/coverage/declarations.yaml does not declare fails,
    naming the id (core/coverage.py), whatever the core did with the warning."""
    UNDECLARED.clear()
    yield
    met, _ = list(UNDECLARED), UNDECLARED.clear()
    assert not met, "unsupported ids reported but not declared (ruleset, id, path): " + ", ".join(map(str, met))


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
