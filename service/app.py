"""Application factory: wires settings, cache, routes, GraphQL, CORS, limits, metrics and problem+json."""

from __future__ import annotations

import gc
from typing import Any

from litestar import Litestar, Router
from litestar.config.cors import CORSConfig
from litestar.datastructures import State
from litestar.exceptions import PermissionDeniedException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.middleware import DefineMiddleware
from litestar.middleware.compression import CompressionMiddleware
from litestar.openapi.config import OpenAPIConfig
from litestar.plugins.prometheus import PrometheusController
from litestar.plugins.pydantic import PydanticPlugin

from .api.body import JsonBodyGate
from .api.query import StrictQuery
from .api.rulesets import preload, ruleset_router
from .api.system import SystemController
from .builder import builder_router
from .cache import build_cache
from .docs import CSP_HEADER, DOCS_LINKS, DocsController, ScalarPage, SwaggerPage, offline_ide, static_router
from .graphql.schema import graphql_controller
from .httpextras import COMPRESSION, configure_logging, too_large_handler, wrap
from .metrics import RequestMetrics
from .openapi import PydanticJsonRenderPlugin
from .problems import EXCEPTION_HANDLERS
from .ratelimit import (
    STATE_KEY,
    RateLimiter,
    RateLimitMiddleware,
    address_in,
    charge_extra,
    client_address,
    parse_networks,
)
from .rules.core.ruleset import rulesets
from .settings import Settings, get_settings
from .version import __version__

API_VERSION = __version__  # the package's, like ruleset_version and the image tag


def _freeze_startup_objects() -> None:
    """Exempt what start-up built (catalogues, schemas, modules: ~120k objects) from the garbage collector's full
    passes, which stop every thread: a full pass during a large GraphQL answer held the event loop ~0.3 s."""
    gc.collect()
    gc.freeze()


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or get_settings()
    for ruleset in rulesets():
        preload(ruleset)  # a malformed catalogue fails start-up, not a request
    cache = build_cache(settings)
    configure_logging(settings)

    metrics_allow = parse_networks(settings.metrics_allow)

    def metrics_guard(connection: Any, _: Any) -> None:
        # The peer (or, behind a trusted proxy, the client it forwards for) must be in FIGHT_RULES_METRICS_ALLOW.
        if metrics_allow and not address_in(client_address(connection.scope, ()), metrics_allow):
            raise PermissionDeniedException("/metrics is not open to this address (FIGHT_RULES_METRICS_ALLOW).")

    class Metrics(PrometheusController):
        path = "/metrics"
        include_in_schema = False
        guards = [metrics_guard]

    # Innermost: the body gate answers malformed bodies (4xx) before any route, REST or GraphQL, decodes them, and
    # a byte-identical repeat of a kept answer from the local tier.
    body_gate = DefineMiddleware(
        JsonBodyGate,
        max_depth=settings.max_json_depth,
        max_body_bytes=settings.max_body_bytes,
        repeats=cache.local_get,
    )
    # Compression outside the gate, so the answers the gate gives (problems, repeats) are compressed like any other.
    compression = DefineMiddleware(CompressionMiddleware, config=COMPRESSION)
    middleware: list[Any] = [RequestMetrics, StrictQuery, compression, body_gate]
    limiter = RateLimiter(settings) if settings.rate_limit_per_minute else None
    if limiter is not None:
        middleware.insert(0, DefineMiddleware(RateLimitMiddleware, limiter=limiter))

    async def start_limiter() -> None:
        if limiter is not None:
            await limiter.start()

    async def close_cache() -> None:
        if cache.redis is not None:
            await cache.redis.close()
        if limiter is not None:
            await limiter.close()

    app = Litestar(
        route_handlers=[
            SystemController,
            *(ruleset_router(r) for r in rulesets()),
            offline_ide(graphql_controller(settings)),
            Metrics,
            DocsController,
            static_router(),
            builder_router(),
        ],
        state=State(
            {
                "cache": cache,
                "settings": settings,
                STATE_KEY: limiter,
                "graphql_charge": charge_extra if limiter is not None else None,
            }
        ),  # a GraphQL query is charged by its cost (no trip to the event loop when nothing limits the rate)
        plugins=[PydanticPlugin(validate_strict=True)],  # "3" is not 3 and 0 is not false
        middleware=middleware,
        cors_config=CORSConfig(
            allow_origins=settings.cors_origins,
            expose_headers=[
                "X-Cache",
                "ETag",
                "X-Request-ID",
                "RateLimit-Limit",
                "RateLimit-Remaining",
                "RateLimit-Reset",
                "RateLimit-Policy",
                "Retry-After",
            ],
        ),
        exception_handlers={**EXCEPTION_HANDLERS, RequestEntityTooLarge: too_large_handler(settings.max_body_bytes)},
        request_max_body_size=settings.max_body_bytes,
        openapi_config=OpenAPIConfig(
            title="Fight Rules Service",
            version=API_VERSION,
            description="Rules of fighting-game RPGs as a stateless service: validate Fighters, price Special and "
            "Super Moves, resolve combat. Rule violations are answered with 200 and every violation; "
            "malformed requests with RFC 9457 problem+json. " + DOCS_LINKS,
            path="/schema",
            openapi_router=Router("/schema", route_handlers=[], include_in_schema=False, response_headers=[CSP_HEADER]),
            render_plugins=[ScalarPage(), PydanticJsonRenderPlugin(), SwaggerPage()],
        ),
        on_startup=[start_limiter, _freeze_startup_objects],
        on_shutdown=[close_cache],
    )
    return wrap(app)  # request ids, access log and HEAD, around routing
