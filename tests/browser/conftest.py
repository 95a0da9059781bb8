"""What the browser tests share: the service on a free port (uvicorn, in-process cache, no rate limit), Debian's
Chromium through Playwright, pages that may reach nothing but the loopback server, and where screenshots go."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

try:
    from playwright import sync_api as playwright_api
except ImportError:  # the browser fixture skips, saying why
    playwright_api = None  # type: ignore[assignment]

CHROMIUM = os.environ.get("FIGHT_RULES_TEST_CHROMIUM", "/usr/bin/chromium")

START_TIMEOUT_S = 30.0
PAGE_TIMEOUT_MS = 30_000
# Screenshots for review: test-output/browser/ in the checkout (gitignored), or FIGHT_RULES_TEST_OUTPUT.
OUTPUT = Path(os.environ.get("FIGHT_RULES_TEST_OUTPUT") or Path(__file__).resolve().parents[2] / "test-output")


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
    if playwright_api is None:
        pytest.skip("the browser tests need the playwright package")
    if not shutil.which(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's)")
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def offline_page(browser: playwright_api.Browser) -> Iterator[tuple[playwright_api.Page, Offline]]:
    context = browser.new_context(accept_downloads=True)
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


@pytest.fixture(scope="session")
def screenshots() -> Path:
    out = OUTPUT / "browser"
    out.mkdir(parents=True, exist_ok=True)
    return out
