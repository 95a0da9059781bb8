"""/builder: the page and its assets come from the service, under a policy that lets only its own scripts run."""

from __future__ import annotations

import base64
import hashlib
import re

from litestar import Litestar
from litestar.testing import TestClient


def test_the_page_allows_its_import_map_by_hash_and_nothing_else_inline(client: TestClient[Litestar]) -> None:
    page = client.get("/builder")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    (import_map,) = re.findall(r'<script type="importmap">(.*?)</script>', page.text, re.S)
    digest = base64.b64encode(hashlib.sha256(import_map.encode()).digest()).decode()
    csp = page.headers["content-security-policy"]
    assert f"script-src 'self' 'sha256-{digest}';" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "connect-src 'self'" in csp
    assert not re.search(r"(src|href)=\"(https?:)?//", page.text), "every asset comes from the service"


def test_every_script_the_page_names_is_served(client: TestClient[Litestar]) -> None:
    page = client.get("/builder").text
    named = re.findall(r'(?:src|href)="(/builder/assets/[^"]+)"', page) + re.findall(r'": "(/builder/[^"]+)"', page)
    assert len(named) == 3  # the stylesheet, the page's module and openapi-fetch in the import map
    for path in named:
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == "no-cache", path
    for module in ("/builder/assets/js/builder/main.js", "/builder/assets/js/src/index.js"):
        assert client.get(module).headers["content-type"].startswith("text/javascript")


def test_a_missing_asset_is_a_404_problem_and_the_page_has_one_address(client: TestClient[Litestar]) -> None:
    for path in ("/builder/assets/js/no-such-file.js", "/builder/assets/index.html", "/static/builder/index.html"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.headers["content-type"] == "application/problem+json"
