"""Application factory: wires settings, cache, routes, GraphQL, CORS, limits, metrics and problem+json."""

from __future__ import annotations

from typing import Any

from litestar import Litestar, Router
from litestar.config.cors import CORSConfig
from litestar.datastructures import State
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.middleware.rate_limit import RateLimitConfig
from litestar.openapi.config import OpenAPIConfig
from litestar.plugins.prometheus import PrometheusController
from litestar.plugins.pydantic import PydanticPlugin

from .api.catalog_filters import StrictQuery
from .api.fight2e import Fight2eCatalogController, Fight2eMovesController
from .api.fight2e_combat import Fight2eCombatController
from .api.fight2e_fighters import Fight2eCharacterCatalogController, Fight2eFightersController
from .api.system import SystemController
from .cache import build_cache
from .docs import CSP_HEADER, DOCS_LINKS, DocsController, ScalarPage, SwaggerPage, offline_ide, static_router
from .graphql.schema import graphql_controller
from .httpextras import COMPRESSION, configure_logging, too_large_handler, wrap
from .metrics import RequestMetrics
from .openapi import PydanticJsonRenderPlugin
from .problems import EXCEPTION_HANDLERS
from .ratelimit import FailOpenStore
from .rules.fight2e.catalog import catalog
from .rules.fight2e.character_catalog import character_catalog
from .settings import Settings, get_settings
from .version import __version__

API_VERSION = __version__  # the package's, like ruleset_version and the image tag


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or get_settings()
    catalog()  # a malformed catalogue fails start-up, not a request
    character_catalog()
    cache = build_cache(settings)
    configure_logging(settings)

    class Metrics(PrometheusController):
        path = "/metrics"
        include_in_schema = False

    middleware: list[Any] = [RequestMetrics, StrictQuery]
    stores = {}
    if settings.rate_limit_per_minute:
        stores["rate_limit"] = FailOpenStore.from_settings(settings)
        middleware.insert(0, RateLimitConfig(
            rate_limit=("minute", settings.rate_limit_per_minute),
            exclude=["/healthz", "/readyz", "/metrics"],
            store="rate_limit",
        ).middleware)

    async def close_cache() -> None:
        if cache.redis is not None:
            await cache.redis.close()
        for store in stores.values():
            await store.close()

    app = Litestar(
        route_handlers=[
            SystemController,
            Fight2eCatalogController,
            Fight2eMovesController,
            Fight2eCharacterCatalogController,
            Fight2eFightersController,
            Fight2eCombatController,
            offline_ide(graphql_controller(settings)),
            Metrics,
            DocsController,
            static_router(),
        ],
        state=State({"cache": cache, "settings": settings}),
        stores=stores,
        plugins=[PydanticPlugin(validate_strict=True)],  # "3" is not 3 and 0 is not false
        middleware=middleware,
        cors_config=CORSConfig(allow_origins=settings.cors_origins, expose_headers=[
            "X-Cache", "ETag", "X-Request-ID", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset",
            "RateLimit-Policy"]),
        exception_handlers={**EXCEPTION_HANDLERS, RequestEntityTooLarge: too_large_handler(settings.max_body_bytes)},
        compression_config=COMPRESSION,
        request_max_body_size=settings.max_body_bytes,
        openapi_config=OpenAPIConfig(
            title="Fight Rules Service",
            version=API_VERSION,
            description="Rules of fighting-game RPGs as a stateless service: validate Fighters, price Special and "
                        "Super Moves, resolve combat. Rule violations are answered with 200 and every violation; "
                        "malformed requests with RFC 9457 problem+json. " + DOCS_LINKS,
            path="/schema",
            openapi_router=Router("/schema", route_handlers=[], include_in_schema=False,
                                  response_headers=[CSP_HEADER]),
            render_plugins=[ScalarPage(), PydanticJsonRenderPlugin(), SwaggerPage()],
        ),
        on_shutdown=[close_cache],
    )
    return wrap(app)  # request ids, access log and HEAD, around routing
