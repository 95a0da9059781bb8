"""Rate limiting per client: an atomic sliding-window counter in Redis when configured, in process otherwise.

The counting is done by the ``limits`` package: on Redis its sliding-window counter is one Lua script, so
concurrent requests from many workers and pods cannot over-admit. The client key is the peer address, or, when
the peer is a trusted proxy (``FIGHT_RULES_TRUSTED_PROXIES``), the right-most address of ``X-Forwarded-For`` that
is not a trusted proxy itself: the left part of that header is whatever the client chose to send.

Fail-open rule: while Redis is unreachable (or when none is configured), each worker process counts on its own
at ⌈limit ÷ FIGHT_RULES_WORKERS⌉, so one pod still admits about the limit per client; Redis trouble never delays
or fails a request. The headers state the client's limit even then (not the worker's share), with the share's
remainder scaled by the workers. Every refusal is a ``429`` problem+json answer with ``Retry-After``.

Charge by cost: the middleware charges every request one unit on entry. A handler that learns a request costs
more (a REST operation from its request, the GraphQL adapter after parsing a query) calls
``await charge_extra(request, units)`` and answers ``await rate_limited_response(request)`` when it returns
``False``. A request is charged at most what one worker admits in a minute, so the costliest admitted request is
still answered once the client's window is empty.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from limits import RateLimitItemPerMinute
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.aio.storage.redis.redispy import RedispyBridge
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from litestar.enums import ScopeType
from redis.asyncio import Redis

from .cache import REDIS_ERRORS, CircuitBreaker
from .problems import PROBLEM_JSON, TYPE_BASE, problem

if TYPE_CHECKING:
    from litestar import Request, Response
    from litestar.types import ASGIApp, HTTPResponseStartEvent, Message, Receive, Scope, Send

    from .settings import Settings

EXEMPT_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})  # matched exactly, never as a prefix or substring
STATE_KEY = "rate_limiter"  # where create_app puts the limiter in app.state
DECISION_KEY = "rate_limit_decision"  # a request's scope state: its window after an extra charge (the headers')

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(value: str) -> tuple[Network, ...]:
    """Comma-separated IP addresses and CIDR blocks; a bare address is a /32 (or /128)."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in value.split(",") if part.strip())


def address_in(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(canonical(address))
    except ValueError:
        return False
    return any(ip in net for net in networks)


def canonical(address: str) -> str:
    """One spelling per client: an IPv4-mapped IPv6 address (``::ffff:192.0.2.1``, what a dual-stack socket
    reports) is the IPv4 address it maps; IPv6 in its compressed form; anything else as it is."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return address
    mapped = getattr(ip, "ipv4_mapped", None)
    return str(mapped if mapped is not None else ip)


def client_address(scope: Scope | dict[str, Any], trusted: tuple[Network, ...]) -> str:
    """The address a request is counted against (see the module's docstring)."""
    client = scope.get("client")
    peer = canonical(client[0]) if client else "unknown"
    if not trusted or not address_in(peer, trusted):
        return peer
    hops: list[str] = []
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            hops.extend(part.strip() for part in value.decode("latin-1").split(","))
    for hop in reversed(hops):
        if hop and not address_in(hop, trusted):
            return canonical(hop)
    return canonical(hops[0]) if hops and hops[0] else peer  # every hop is a trusted proxy: the farthest one


@dataclass(frozen=True)
class Decision:
    allowed: bool
    limit: int
    remaining: int
    reset_s: int  # seconds until a unit is free again (at least 1 when refused)


class RateLimiter:
    """Per-client sliding-window counter, shared through Redis with an in-process fallback."""

    def __init__(self, settings: Settings) -> None:
        self.limit = settings.rate_limit_per_minute
        self.item = RateLimitItemPerMinute(self.limit, namespace="fr-ratelimit")
        self.workers = settings.workers
        self.local_item = RateLimitItemPerMinute(math.ceil(self.limit / settings.workers), namespace="fr-ratelimit")
        self.trusted = parse_networks(settings.trusted_proxies)
        self.redis_url = settings.redis_url
        self.timeout_s = settings.redis_timeout_s
        self.breaker = CircuitBreaker(settings.redis_breaker_failures, settings.redis_breaker_reset_s)
        self._redis_storage: RedisStorage | None = None
        self._redis: SlidingWindowCounterRateLimiter | None = None
        self._memory = SlidingWindowCounterRateLimiter(MemoryStorage())

    async def start(self) -> None:
        """Builds the storages inside the serving event loop (their connections and timers belong to it)."""
        self._memory = SlidingWindowCounterRateLimiter(MemoryStorage())
        if self.redis_url:
            self._redis_storage = RedisStorage(
                self.redis_url,
                implementation="redispy",
                key_prefix="fr-ratelimit",
                socket_timeout=self.timeout_s,
                socket_connect_timeout=self.timeout_s,
            )
            self._redis = SlidingWindowCounterRateLimiter(self._redis_storage)

    async def close(self) -> None:
        bridge = self._redis_storage.bridge if self._redis_storage is not None else None
        client = bridge.get_connection() if isinstance(bridge, RedispyBridge) else None
        if isinstance(client, Redis):  # what start()'s "redispy" implementation connects with
            with contextlib.suppress(Exception):
                await client.aclose()

    def key(self, scope: Scope | dict[str, Any]) -> str:
        return client_address(scope, self.trusted)

    async def _shared(self, key: str, cost: int) -> Decision | None:
        if self._redis is None or self.breaker.open:
            return None
        limiter = self._redis
        try:
            async with asyncio.timeout(self.timeout_s * 2):  # two commands: the atomic hit, then the window
                allowed = await limiter.hit(self.item, key, cost=cost)
                reset, remaining = await limiter.get_window_stats(self.item, key)
        except Exception:
            REDIS_ERRORS.labels("ratelimit").inc()
            self.breaker.failure()
            return None
        self.breaker.success()
        return self._decision(allowed, self.limit, remaining, reset)

    async def hit(self, key: str, cost: int = 1) -> Decision:
        """Charges ``cost`` units to ``key``; ``allowed`` is False (and nothing is charged) when over the limit."""
        decision = await self._shared(key, cost)
        if decision is not None:
            return decision
        allowed = await self._memory.hit(self.local_item, key, cost=cost)
        reset, remaining = await self._memory.get_window_stats(self.local_item, key)
        return self._decision(allowed, self.limit, self._pod_remaining(remaining), reset)

    async def window(self, key: str) -> Decision:
        """The client's window without charging anything (for ``Retry-After`` after a refused extra charge)."""
        if self._redis is not None and not self.breaker.open:
            try:
                async with asyncio.timeout(self.timeout_s):
                    reset, remaining = await self._redis.get_window_stats(self.item, key)
                return self._decision(True, self.limit, remaining, reset)
            except Exception:
                REDIS_ERRORS.labels("ratelimit").inc()
                self.breaker.failure()
        reset, remaining = await self._memory.get_window_stats(self.local_item, key)
        return self._decision(True, self.limit, self._pod_remaining(remaining), reset)

    def _pod_remaining(self, share_remaining: int) -> int:
        """Counting alone, a worker states the client's limit (not its own share of it) and what remains of it as
        its share's remainder times the workers: the headers speak of the limit the client has, one per pod."""
        return min(self.limit, share_remaining * self.workers)

    @staticmethod
    def _decision(allowed: bool, limit: int, remaining: int, reset_at: float) -> Decision:
        reset_s = max(0, math.ceil(reset_at - time.time()))
        return Decision(allowed, limit, remaining, max(reset_s, 1) if not allowed else reset_s)


def _headers(decision: Decision) -> list[tuple[bytes, bytes]]:
    headers = [
        (b"ratelimit-policy", f"{decision.limit}; w=60".encode()),
        (b"ratelimit-limit", str(decision.limit).encode()),
        (b"ratelimit-remaining", str(decision.remaining).encode()),
        (b"ratelimit-reset", str(decision.reset_s).encode()),
    ]
    if not decision.allowed:
        headers.append((b"retry-after", str(decision.reset_s).encode()))
    return headers


def _detail(decision: Decision) -> str:
    return f"More than {decision.limit} requests a minute from this client; retry in {decision.reset_s} s."


def _problem_body(path: str, decision: Decision) -> bytes:
    return json.dumps(
        {
            "type": TYPE_BASE + "rate-limited",
            "title": "Too many requests",
            "status": 429,
            "detail": _detail(decision),
            "instance": path,
        }
    ).encode()


class RateLimitMiddleware:
    """ASGI middleware: charges one unit per request, answers 429 problem+json with ``Retry-After`` when over."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope["path"] in EXEMPT_PATHS:
            await self.app(scope, receive, send)
            return
        decision = await self.limiter.hit(self.limiter.key(scope))
        headers = _headers(decision)
        if not decision.allowed:
            body = _problem_body(scope["path"], decision)
            start: HTTPResponseStartEvent = {
                "type": "http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", PROBLEM_JSON.encode()),
                    (b"content-length", str(len(body)).encode()),
                    *headers,
                ],
            }
            await send(start)
            await send({"type": "http.response.body", "body": body, "more_body": False})
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                later = scope.get("state", {}).get(DECISION_KEY)  # after an extra charge: the window as it is now
                message["headers"] = [*message.get("headers", ()), *(headers if later is None else _headers(later))]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _limiter(request: Request[Any, Any, Any]) -> RateLimiter | None:
    return request.app.state.get(STATE_KEY)


async def charge_extra(request: Request[Any, Any, Any], units: int) -> bool:
    """Charges ``units`` more to the request's client; False when that goes over the limit (nothing charged).

    Reads the limiter from ``request.app.state["rate_limiter"]``; True when rate limiting is off or units ≤ 0.
    """
    limiter = _limiter(request)
    if limiter is None or units <= 0:
        return True
    units = min(units, limiter.local_item.amount - 1)  # the entry unit plus these fit one worker's window
    if units <= 0:
        return True
    decision = await limiter.hit(limiter.key(request.scope), units)
    if decision.allowed:
        request.scope.setdefault("state", {})[DECISION_KEY] = decision  # type: ignore[typeddict-item]
    return decision.allowed


async def rate_limited_response(request: Request[Any, Any, Any]) -> Response[Any]:
    """The 429 problem+json answer (with ``Retry-After``) for a request that ``charge_extra`` refused."""
    limiter = _limiter(request)
    decision = Decision(False, 0, 0, 60)
    if limiter is not None:
        decision = await limiter.window(limiter.key(request.scope))
        decision = Decision(False, decision.limit, 0, max(decision.reset_s, 1))
    return problem(
        429,
        _detail(decision),
        "rate-limited",
        instance=request.url.path,
        headers={name.decode(): value.decode() for name, value in _headers(decision)},
    )
