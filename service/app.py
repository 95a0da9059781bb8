"""Application factory: wires settings, cache, routes, GraphQL, CORS, limits, metrics and problem+json."""

from __future__ import annotations

import gc
import logging
from typing import Any

from litestar import Litestar
from litestar.config.cors import CORSConfig
from litestar.datastructures import State
from litestar.exceptions import PermissionDeniedException
from litestar.middleware import DefineMiddleware
from litestar.openapi.config import OpenAPIConfig
from litestar.openapi.plugins import ScalarRenderPlugin, SwaggerRenderPlugin
from litestar.plugins.prometheus import PrometheusController
from litestar.plugins.pydantic import PydanticPlugin

from .api.body import JsonBodyGate
from .api.fight2e import Fight2eCatalogController, Fight2eMovesController
from .api.fight2e_combat import Fight2eCombatController
from .api.fight2e_fighters import Fight2eCharacterCatalogController, Fight2eFightersController
from .api.system import SystemController
from .cache import build_cache
from .graphql.schema import graphql_controller
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
from .rules.fight2e.catalog import catalog
from .rules.fight2e.character_catalog import character_catalog
from .settings import Settings, get_settings

API_VERSION = "1.0.0"


def _freeze_startup_objects() -> None:
    """Exempt what start-up built (catalogues, schemas, modules: ~120k objects) from the garbage collector's full
    passes, which stop every thread: a full pass during a large GraphQL answer held the event loop ~0.3 s."""
    gc.collect()
    gc.freeze()


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or get_settings()
    catalog()  # a malformed catalogue fails start-up, not a request
    character_catalog()
    cache = build_cache(settings)
    logging.getLogger("service").setLevel(settings.log_level.upper())

    metrics_allow = parse_networks(settings.metrics_allow)

    def metrics_guard(connection: Any, _: Any) -> None:
        # The peer (or, behind a trusted proxy, the client it forwards for) must be in FIGHT_RULES_METRICS_ALLOW.
        if metrics_allow and not address_in(client_address(connection.scope, ()), metrics_allow):
            raise PermissionDeniedException("/metrics is not open to this address (FIGHT_RULES_METRICS_ALLOW).")

    class Metrics(PrometheusController):
        path = "/metrics"
        include_in_schema = False
        guards = [metrics_guard]

    # Innermost: the body gate answers malformed bodies (4xx) before any route, REST or GraphQL, decodes them.
    middleware: list[Any] = [RequestMetrics, DefineMiddleware(JsonBodyGate, max_depth=settings.max_json_depth)]
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

    return Litestar(
        route_handlers=[
            SystemController,
            Fight2eCatalogController,
            Fight2eMovesController,
            Fight2eCharacterCatalogController,
            Fight2eFightersController,
            Fight2eCombatController,
            graphql_controller(settings),
            Metrics,
        ],
        state=State({"cache": cache, "settings": settings, STATE_KEY: limiter,
                     "graphql_charge": charge_extra}),  # a GraphQL query is charged by its cost
        plugins=[PydanticPlugin(validate_strict=True)],  # "3" is not 3 and 0 is not false
        middleware=middleware,
        cors_config=CORSConfig(allow_origins=settings.cors_origins, expose_headers=[
            "X-Cache", "ETag", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy",
            "Retry-After"]),
        exception_handlers=EXCEPTION_HANDLERS,  # type: ignore[arg-type]
        request_max_body_size=settings.max_body_bytes,
        openapi_config=OpenAPIConfig(
            title="Fight Rules Service",
            version=API_VERSION,
            description="Rules of fighting-game RPGs as a stateless service: validate Fighters, price Special and "
                        "Super Moves, resolve combat. Rule violations are answered with 200 and every violation; "
                        "malformed requests with RFC 9457 problem+json.",
            path="/schema",
            render_plugins=[PydanticJsonRenderPlugin(), ScalarRenderPlugin(), SwaggerRenderPlugin(path="/swagger")],
        ),
        on_startup=[start_limiter, _freeze_startup_objects],
        on_shutdown=[close_cache],
    )
