"""The documentation pages render in a real browser with no network beyond the service itself.

Debian's Chromium (installed by `make test` when missing) is driven by Playwright; every request to a host other
than the loopback server is aborted and recorded, so a page that still reaches for a CDN fails here. The service
runs as a uvicorn subprocess on a free port and is stopped whatever the outcome.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("FIGHT_RULES_TEST_CHROMIUM", "/usr/bin/chromium")
playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need the playwright package")
if not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's)", allow_module_level=True)

START_TIMEOUT_S = 30.0
PAGE_TIMEOUT_MS = 30_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "FIGHT_RULES_REDIS_URL": "", "FIGHT_RULES_RATE_LIMIT_PER_MINUTE": "0"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            "service.app:create_app",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                with opener.open(f"{url}/healthz", timeout=1):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("the service did not start")
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class Offline:
    """Aborts every request that leaves the loopback server, and remembers it along with page errors."""

    def __init__(self) -> None:
        self.blocked: list[str] = []
        self.errors: list[str] = []

    def route(self, route: playwright_api.Route) -> None:
        if urlsplit(route.request.url).hostname in {"127.0.0.1", "localhost"} or route.request.url.startswith(
            ("data:", "blob:")
        ):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort("internetdisconnected")


@pytest.fixture(scope="module")
def browser() -> Iterator[playwright_api.Browser]:
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def offline_page(browser: playwright_api.Browser) -> Iterator[tuple[playwright_api.Page, Offline]]:
    context = browser.new_context()
    offline = Offline()
    context.route("**/*", offline.route)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    page.on("pageerror", lambda exc: offline.errors.append(str(exc)))
    page.on("console", lambda msg: offline.errors.append(msg.text) if msg.type == "error" else None)
    try:
        yield page, offline
    finally:
        context.close()


def _clean(offline: Offline) -> None:
    assert offline.blocked == [], "the page reached outside the service"
    assert [e for e in offline.errors if "Content Security Policy" in e] == []


def test_scalar_reference_renders_offline(base_url: str, offline_page: tuple[playwright_api.Page, Offline]) -> None:
    page, offline = offline_page
    page.goto(f"{base_url}/schema")
    playwright_api.expect(page.get_by_role("heading", name="The rulesets this service hosts").first).to_be_visible()
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
