"""Shared fixtures: the app with embedded defaults, a test client, and the book's text for data tests; and the
property tests' budgets (hypothesis profiles, also read by the schemathesis contract tests)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from service.rules.core.coverage import UNDECLARED
from service.rules.fight2e.moves.models import MovePrice, MoveRequest
from service.rules.fight2e.moves.price import price_move
from service.settings import Settings

# ---- property-test budgets: one knob, FIGHT_RULES_HYPOTHESIS_PROFILE=dev|ci|nightly (CI=true picks ci, else dev)
#
# ``ci`` is the gate (`make test`): every property test runs at least as many examples as it ran with its own
# hard-coded count before the profiles (the largest was 300), derandomized (Hypothesis' own ci profile, which
# this one extends, so CI's failures reproduce). ``dev`` is a tenth of it, for `make check` while working;
# ``nightly`` ten times it, for a long hunt. A test whose examples are costly states its share with
# ``examples(ci=n)``: n in ci, scaled the same way in the other profiles.
CI_EXAMPLES = 300
PROFILES = {"dev": CI_EXAMPLES // 10, "ci": CI_EXAMPLES, "nightly": CI_EXAMPLES * 10}
PROFILE_VARIABLE = "FIGHT_RULES_HYPOTHESIS_PROFILE"
for _name, _examples in PROFILES.items():
    settings.register_profile(
        _name,
        settings.get_profile("ci") if _name == "ci" else None,  # Hypothesis' own ci profile (derandomized)
        max_examples=_examples,
        deadline=None,  # the machine is shared: wall time per example says nothing about the code
        suppress_health_check=[HealthCheck.too_slow],
    )


def hypothesis_profile() -> str:
    """The profile named by FIGHT_RULES_HYPOTHESIS_PROFILE, else ``ci`` under CI and ``dev`` elsewhere."""
    name = os.environ.get(PROFILE_VARIABLE) or ("ci" if os.environ.get("CI", "").lower() in ("1", "true") else "dev")
    if name not in PROFILES:
        raise pytest.UsageError(f"{PROFILE_VARIABLE}={name!r}: use one of {', '.join(PROFILES)}")
    return name


settings.load_profile(hypothesis_profile())


def examples(ci: int) -> int:
    """max_examples for a test whose examples are costly: ``ci`` under the ci profile, in proportion under the
    others (at least one). Only where one example costs far more than usual; every other test takes the profile's."""
    return max(1, round(ci * settings.default.max_examples / CI_EXAMPLES))


def pytest_report_header() -> str:
    return f"hypothesis profile: {hypothesis_profile()} ({settings.default.max_examples} examples; {PROFILE_VARIABLE})"


# `make test` measures the combat core's branch coverage (the Makefile's COVERAGE) by the unit tests, where its rules
# are tested; the API, contract, browser and integration tiers run untraced (pytest-cov's ``no_cover``): traced, the
# contract fuzz of the combat operations took more than twice as long (62 s → 138 s of CPU for resolve-turn and
# simulate together).
UNTRACED_TIERS = frozenset({"api", "browser", "contract", "integration"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        tier = item.path.relative_to(REPO / "tests").parts[0] if item.path.is_relative_to(REPO / "tests") else ""
        if tier in UNTRACED_TIERS:
            item.add_marker(pytest.mark.no_cover)


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
