"""The builder page at ``/builder``: a Special Move, a Fighter sheet and one combat turn, built in the browser with
the TypeScript client (``clients/typescript``) against this service.

The page is ``service/builder.html`` (served only here, under its policy); its assets are files under
``service/static/builder`` (the scripts are compiled from the client's sources and committed, so serving needs no
Node.js) and nothing is fetched from elsewhere. The assets are served
from ``/builder/assets`` with ``no-cache`` (revalidated on every load, so a new release is picked up at once). The
page's one inline script, its import map, is allowed by its hash in the page's Content Security Policy.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import cache
from pathlib import Path

from litestar import MediaType, Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.static_files import create_static_files_router

from .docs import CSP, STATIC_DIR

PAGE = Path(__file__).resolve().parent / "builder.html"
BUILDER_DIR = STATIC_DIR / "builder"
_IMPORT_MAP = re.compile(r'<script type="importmap">(.*?)</script>', re.S)


@cache
def _page() -> tuple[bytes, str]:
    """The page and its policy: the docs pages' CSP, plus the hash of the import map; no inline styles."""
    text = PAGE.read_text(encoding="utf-8")
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(m.encode()).digest()).decode()}'" for m in _IMPORT_MAP.findall(text)
    )
    csp = CSP.replace("script-src 'self'", f"script-src 'self' {hashes}").replace(
        "style-src 'self' 'unsafe-inline'", "style-src 'self'"
    )
    return text.encode(), csp


@get("/builder", media_type=MediaType.HTML, include_in_schema=False, sync_to_thread=False)
def builder_page() -> Response[bytes]:
    body, csp = _page()
    headers = {"Content-Security-Policy": csp, "Cache-Control": "no-cache"}
    return Response(body, media_type=MediaType.HTML, headers=headers)


def builder_router() -> Router:
    """``/builder`` and ``/builder/assets/…``."""
    assets = create_static_files_router(
        path="/builder/assets",
        directories=[BUILDER_DIR],
        include_in_schema=False,
        cache_control=CacheControlHeader(no_cache=True),
    )
    return Router("/", route_handlers=[builder_page, assets], include_in_schema=False)
