"""The documentation pages render in a real browser with no network beyond the service itself.

Debian's Chromium (installed by `make test` when missing) is driven by Playwright; every request to a host other
than the loopback server is aborted and recorded, so a page that still reaches for a CDN fails here. The service
runs as a uvicorn subprocess on a free port and is stopped whatever the outcome (tests/browser/conftest.py).
"""

from __future__ import annotations

import shutil

import pytest

from .conftest import CHROMIUM, Offline

pytestmark = pytest.mark.browser

playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need the playwright package")
if not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's)", allow_module_level=True)


def _clean(offline: Offline) -> None:
    assert offline.blocked == [], "the page reached outside the service"
    assert [e for e in offline.errors if "Content Security Policy" in e] == []


def test_scalar_reference_renders_offline(base_url: str, offline_page: tuple[playwright_api.Page, Offline]) -> None:
    page, offline = offline_page
    page.goto(f"{base_url}/schema")
    # Scalar parses the whole 1.8 MB document before it draws the introduction: more than Playwright's default 5 s on
    # a 2-core runner (measured here: the document alone takes about 3 s to serve), so the wait is the page's, longer
    heading = page.get_by_role("heading", name="The rulesets this service hosts").first
    playwright_api.expect(heading).to_be_visible(timeout=30_000)
    _clean(offline)


def test_swagger_ui_renders_offline(base_url: str, offline_page: tuple[playwright_api.Page, Offline]) -> None:
    page, offline = offline_page
    page.goto(f"{base_url}/schema/swagger")
    playwright_api.expect(
        page.locator(".opblock-summary-path", has_text="/v1/fight2e/moves/price").first
    ).to_be_visible()
    _clean(offline)


def test_graphiql_renders_and_runs_a_query_offline(
    base_url: str, offline_page: tuple[playwright_api.Page, Offline]
) -> None:
    page, offline = offline_page
    page.goto(f"{base_url}/graphql", wait_until="load")
    playwright_api.expect(page.locator(".graphiql-container .graphiql-query-editor")).to_be_visible()
    page.locator(".graphiql-execute-button").click()
    playwright_api.expect(page.locator(".graphiql-response")).to_contain_text("fight2e")
    _clean(offline)


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("/docs/validation-codes", "ATTACK_STRINGS_DISABLED"),
        ("/problems/invalid-request", "Request does not match the schema"),
    ],
)
def test_reference_pages_render(
    base_url: str, offline_page: tuple[playwright_api.Page, Offline], path: str, text: str
) -> None:
    page, offline = offline_page
    page.goto(f"{base_url}{path}")
    playwright_api.expect(page.get_by_text(text).first).to_be_visible()
    _clean(offline)


def test_scalar_offers_nothing_that_needs_scalars_services(
    base_url: str, offline_page: tuple[playwright_api.Page, Offline]
) -> None:
    """Issue 38: "Ask AI", "Generate MCP" and the developer toolbar's "Share" cannot work on a self-hosted page."""
    page, offline = offline_page
    page.goto(f"{base_url}/schema")
    # Scalar parses the whole 1.8 MB document before it draws the introduction: more than Playwright's default 5 s on
    # a 2-core runner (measured here: the document alone takes about 3 s to serve), so the wait is the page's, longer
    heading = page.get_by_role("heading", name="The rulesets this service hosts").first
    playwright_api.expect(heading).to_be_visible(timeout=30_000)
    for label in ("Ask AI", "Generate MCP", "Share", "Deploy"):
        playwright_api.expect(page.get_by_role("button", name=label, exact=True)).to_have_count(0)
        playwright_api.expect(page.get_by_text(label, exact=True)).to_have_count(0)
    _clean(offline)
