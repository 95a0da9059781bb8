"""Charging a GraphQL request's cost to the rate limit.

The rate-limit middleware counts every request as 1 before it is routed. Once the GraphQL adapter knows what an
operation costs (service/graphql/guard.py, before anything runs), it charges the rest: ``cost - 1`` more units,
through the callable in ``app.state["graphql_charge"]`` — ``async (request, units) -> bool``, False meaning the
client is over its limit, and the operation is refused with 429. Any limiter can provide that callable; this
module provides it for Litestar's ``RateLimitMiddleware`` and its store.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from litestar import Request
from litestar.middleware.rate_limit import DURATION_VALUES, RateLimitConfig, RateLimitMiddleware
from litestar.serialization import encode_json

Charge = Callable[[Request[Any, Any, Any], int], Awaitable[bool]]


async def _no_app(scope: Any, receive: Any, send: Any) -> None:  # the helper middleware never serves
    return None


def litestar_charge(config: RateLimitConfig) -> Charge:
    """Adds ``units`` requests to the client's history in the middleware's own store and key."""
    helper = RateLimitMiddleware(_no_app, config)

    async def charge(request: Request[Any, Any, Any], units: int) -> bool:
        if units <= 0:
            return True
        store = config.get_store_from_app(request.app)
        key = helper.cache_key_from_request(request)
        async with helper._lock:
            history = await helper.retrieve_cached_history(key, store)
            if len(history.history) + units > helper.max_requests:
                return False
            history.history = [int(time.time())] * units + history.history
            await store.set(key, encode_json(history), expires_in=DURATION_VALUES[helper.unit])
        return True

    return charge
