"""The documentation pages, served with no network: Scalar at ``/schema``, Swagger UI at ``/schema/swagger``,
GraphiQL at ``/graphql``, the validation codes at ``/docs/validation-codes`` and one page per problem type at
``/problems/{slug}``.

Every script and stylesheet comes from ``service/static/`` (pinned npm releases, vendored by
``scripts/vendor_assets.py`` with their licences), so the pages render offline, behind strict networks and under
a ``script-src 'self'`` Content Security Policy: no page has an inline script.
"""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from typing import Any

from litestar import Controller, MediaType, Request, Router, get
from litestar.datastructures import CacheControlHeader, ResponseHeader
from litestar.exceptions import NotFoundException
from litestar.openapi.plugins import OpenAPIRenderPlugin
from litestar.params import FromPath
from litestar.static_files import create_static_files_router
from markdown_it import MarkdownIt

STATIC_DIR = Path(__file__).resolve().parent / "static"
STATIC = "/static"
VENDOR = f"{STATIC}/vendor"
SCALAR = f"{VENDOR}/@scalar/api-reference@1.72.1/dist/browser/standalone.js"
SWAGGER = f"{VENDOR}/swagger-ui-dist@5.35.0"
# A page's own scripts and styles only; inline styles for the frameworks' computed layout, data: for icons.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'self'"
)
CSP_HEADER = ResponseHeader(name="Content-Security-Policy", value=CSP)
_HEAD = (
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
    '<link rel="icon" href="data:,">'
)


def static_router() -> Router:
    """``/static/…``: the vendored assets (versioned paths, so cacheable for a long time) and the pages' scripts."""
    return create_static_files_router(
        path=STATIC,
        directories=[STATIC_DIR],
        include_in_schema=False,
        cache_control=CacheControlHeader(public=True, max_age=86_400),
    )


def page(title: str, body: str, head: str = "") -> str:
    return (
        f'<!doctype html><html lang="en"><head><title>{html.escape(title)}</title>{_HEAD}{head}</head>'
        f"<body>{body}</body></html>"
    )


class ScalarPage(OpenAPIRenderPlugin):
    """Scalar API reference, the default page of ``/schema``."""

    def __init__(self) -> None:
        super().__init__(path=["/", "/scalar"])

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        url = html.escape(self.get_openapi_json_route(request))
        return page(
            openapi_schema["info"]["title"],
            f"<noscript>The API reference needs JavaScript; the document itself is at "
            f'<a href="{url}">{url}</a>.</noscript><div id="reference" data-url="{url}"></div>'
            f'<script src="{SCALAR}"></script><script src="{STATIC}/docs/scalar-init.js"></script>',
        ).encode()


class SwaggerPage(OpenAPIRenderPlugin):
    """Swagger UI at ``/schema/swagger``, loading the same ``openapi.json`` as every other client."""

    def __init__(self) -> None:
        super().__init__(path="/swagger")

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        url = html.escape(self.get_openapi_json_route(request))
        return page(
            openapi_schema["info"]["title"],
            f'<div id="swagger-ui" data-url="{url}"></div>'
            f'<script src="{SWAGGER}/swagger-ui-bundle.js"></script>'
            f'<script src="{SWAGGER}/swagger-ui-standalone-preset.js"></script>'
            f'<script src="{STATIC}/docs/swagger-init.js"></script>',
            head=f'<link rel="stylesheet" href="{SWAGGER}/swagger-ui.css">',
        ).encode()


# GraphiQL and its companions at the versions of Strawberry's own page; the SRI hashes are Strawberry's too.
_GRAPHIQL_ASSETS = (
    (
        "react@18.2.0/umd/react.production.min.js",
        "sha384-tMH8h3BGESGckSAVGZ82T9n90ztNXxvdwvdM6UoR56cYcf+0iGXBliJ29D+wZ/x8",
    ),
    (
        "react-dom@18.2.0/umd/react-dom.production.min.js",
        "sha384-bm7MnzvK++ykSwVJ2tynSE5TRdN+xL418osEVF2DE/L/gfWHj91J2Sphe582B1Bh",
    ),
    (
        "js-cookie@3.0.5/dist/js.cookie.min.js",
        "sha384-/vxhYfM1LENRhdpZ8dwEsQn/X4VhpbEZSiU4m/FwR+PVpzar4fkEOw8FP9Y+OfQN",
    ),
    ("graphiql@3.8.3/graphiql.min.js", "sha384-HbRVEFG0JGJZeAHCJ9Xm2+tpknBQ7QZmNlO/DgZtkZ0aJSypT96YYGRNod99l9Ie"),
    (
        "@graphiql/plugin-explorer@1.0.2/dist/index.umd.js",
        "sha384-2oonKe47vfHIZnmB6ZZ10vl7T0Y+qrHQF2cmNTaFDuPshpKqpUMGMc9jgj9MLDZ9",
    ),
)
_GRAPHIQL_STYLES = (
    ("graphiql@3.8.3/graphiql.min.css", "sha384-Mq3vbRBY71jfjQAt/DcjxUIYY33ksal4cgdRt9U/hNPvHBCaT2JfJ/PTRiPKf0aM"),
    (
        "@graphiql/plugin-explorer@1.0.2/dist/style.css",
        "sha384-5DFJlDPW2tSATRbM8kzoP1j194jexLswuNmClWoRr2Q0x7R68JIQzPHZ02Faktwi",
    ),
)
GRAPHIQL_HTML = page(
    "Fight Rules Service: GraphiQL",
    '<div id="graphiql" style="height: 100vh">Loading…</div>'
    + "".join(f'<script src="{VENDOR}/{p}" integrity="{h}"></script>' for p, h in _GRAPHIQL_ASSETS)
    + f'<script src="{STATIC}/docs/graphiql-init.js"></script>',
    head="".join(f'<link rel="stylesheet" href="{VENDOR}/{p}" integrity="{h}">' for p, h in _GRAPHIQL_STYLES)
    + "<style>body { margin: 0; overflow: hidden; }</style>",
)


def offline_ide(controller: type) -> type:
    """The GraphQL controller with GraphiQL served from ``/static`` instead of Strawberry's CDN page."""
    own = getattr(controller, "response_headers", None)
    headers = [*own, CSP_HEADER] if isinstance(own, (list, tuple)) else [CSP_HEADER]
    return type(
        controller.__name__,
        (controller,),
        {"graphql_ide_html": GRAPHIQL_HTML, "response_headers": headers, "__module__": controller.__module__},
    )


# ---- the problem types: one page each, the address every problem+json `type` names

PROBLEM_TYPES: dict[str, tuple[str, str]] = {
    "invalid-request": (
        "Request does not match the schema",
        "The body or a parameter does not fit the operation's schema: a missing field, a wrong type, a number "
        "outside its bounds, an unknown field or query parameter. `errors` lists each problem with its path "
        "into the request. Fix the request; sending it again unchanged gives the same answer.",
    ),
    "bad-request": ("Bad request", "The request could not be read at all, for instance a body that is not valid JSON."),
    "not-found": (
        "Not found",
        "No route has this path, or the catalogue has no entry with this id. `/v1/rulesets` lists what the "
        "service hosts; the catalogue endpoints list every id.",
    ),
    "method-not-allowed": (
        "Method not allowed",
        "The path exists but not with this HTTP method: compute operations are POST, catalogues are GET.",
    ),
    "body-too-large": (
        "Request body too large",
        "The body is larger than the service accepts (the `FIGHT_RULES_MAX_BODY_BYTES` setting, 1 MiB by "
        "default); `detail` says the limit. Split a large batch into several requests.",
    ),
    "unsupported-media-type": (
        "Unsupported media type",
        "The body is sent in a media type the operation does not read: send JSON as `application/json`.",
    ),
    "too-costly": (
        "Request too costly",
        "The request asks for more work than one request may (the `FIGHT_RULES_MAX_REQUEST_COST` setting); "
        "`cost` and `max_cost` say by how much. Costs are read from the request before anything is computed: a "
        "move priced is 1, each Random Effect multiplies its move's pricings, a turn 50, a simulated fight a fifth "
        "of its turn limit. Split the work (fewer moves, fewer fights per seed range) into several requests.",
    ),
    "rate-limited": (
        "Too many requests",
        "This client sent more requests in the current minute than the service allows. The `RateLimit-*` "
        "and `Retry-After` headers say when to try again.",
    ),
    "internal": (
        "Internal error",
        "The service failed to answer a request it should have answered. This is a bug: please report it "
        "with the request and the `X-Request-ID` of the answer.",
    ),
}


def _problem_page(slug: str, title: str, text: str) -> str:
    return page(
        f"Problem type: {title}",
        f"<main><h1>{html.escape(title)}</h1><p><code>{html.escape(slug)}</code></p>"
        f'{_markdown().render(text)}<p><a href="/problems">All problem types</a> · '
        f'<a href="/schema">API reference</a></p></main>',
    )


@cache
def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


@cache
def validation_codes_markdown() -> str:
    """Every hosted ruleset's validation codes, one section each (``docs/validation-codes.md``)."""
    from .rules.core.ruleset import rulesets

    return "\n".join(r.validation_codes() for r in rulesets() if r.validation_codes is not None)


class DocsController(Controller):
    include_in_schema = False
    response_headers = [CSP_HEADER]

    @get("/docs/validation-codes", media_type=MediaType.HTML)
    async def validation_codes(self) -> str:
        return page("Validation codes", f"<main>{_markdown().render(validation_codes_markdown())}</main>")

    @get("/docs/validation-codes.md", media_type="text/markdown")
    async def validation_codes_source(self) -> str:
        return validation_codes_markdown()

    @get("/problems", media_type=MediaType.HTML)
    async def problem_index(self) -> str:
        items = "".join(
            f'<li><a href="/problems/{slug}">{html.escape(title)}</a> (<code>{slug}</code>)</li>'
            for slug, (title, _) in PROBLEM_TYPES.items()
        )
        return page(
            "Problem types",
            "<main><h1>Problem types</h1><p>Every error answer is "
            "<code>application/problem+json</code>; its <code>type</code> names one of these pages.</p>"
            f"<ul>{items}</ul></main>",
        )

    @get("/problems/{slug:str}", media_type=MediaType.HTML)
    async def problem_type(self, slug: FromPath[str]) -> str:
        if slug not in PROBLEM_TYPES:
            raise NotFoundException(f"No problem type is named '{slug}'.")
        return _problem_page(slug, *PROBLEM_TYPES[slug])


DOCS_LINKS = (
    "See [the validation codes](/docs/validation-codes) of every rule finding and "
    "[the problem types](/problems) of every error answer."
)
