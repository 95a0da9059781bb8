"""What HTTP clients and operators expect around every answer: a request id (accepted or made, echoed, logged),
``HEAD`` wherever ``GET`` works, compressed answers, a 413 that states the limit, and text or JSON logs.

The request id and ``HEAD`` wrap the whole application (Litestar's middleware runs after routing, too late to
answer ``HEAD`` or to tag a 404), see ``wrap``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
from collections.abc import Iterable
from contextvars import ContextVar
from time import perf_counter
from typing import Any

from litestar import Litestar, Request, Response
from litestar.config.compression import CompressionConfig
from litestar.enums import ScopeType
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from pythonjsonlogger.json import JsonFormatter

from .problems import PROBLEM_JSON, TYPE_BASE, problem
from .settings import Settings

REQUEST_ID_HEADER = "X-Request-ID"
# What a client may send as its own id: short and printable, so it can go into logs and headers unchanged.
_VALID_ID = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")
REQUEST_ID: ContextVar[str] = ContextVar("request_id", default="-")
access_log = logging.getLogger("service.access")
_QUIET = frozenset({"/healthz", "/readyz", "/metrics"})

# Answers above this size are compressed (brotli when the client accepts it, else gzip): the whole catalogue
# is about 229 KB as JSON, about 31 KB gzipped.
COMPRESSION = CompressionConfig(
    backend="brotli", minimum_size=1024, brotli_gzip_fallback=True, brotli_quality=5, gzip_compress_level=6
)


def request_id_of(headers: Iterable[tuple[bytes, bytes]]) -> str:
    """The client's ``X-Request-ID`` when it is a usable id, else a new one."""
    for name, value in headers:
        if name.lower() == b"x-request-id":
            text = value.decode("latin-1").strip()
            if _VALID_ID.fullmatch(text):
                return text
            break
    return os.urandom(16).hex()  # 128 random bits, as a uuid4 has, without building a UUID on every request


class Outer:
    """ASGI wrapper around the application: request id, access log line, and ``HEAD`` answered as ``GET``
    without its body (same status and headers, ``Content-Length`` included)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        rid = request_id_of(scope["headers"])
        refusal = malformed(scope)
        if refusal is not None:  # answered here, before routing, and logged like any answer
            app: ASGIApp = _refusal(refusal)
        else:
            app = self.app
        token = REQUEST_ID.set(rid)
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}
        start = perf_counter()
        status = 500
        sent_end = False

        async def send_wrapped(message: Message) -> None:
            nonlocal status, sent_end
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"x-request-id", rid.encode("latin-1"))],
                }
            elif message["type"] == "http.response.body" and head:
                if message.get("more_body", False) or sent_end:
                    return
                sent_end = True
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        try:
            await app(scope, receive, send_wrapped)
        finally:
            # Probes and scrapes come every few seconds: kept out of the access log unless it is at debug level.
            level = logging.DEBUG if scope["path"] in _QUIET else logging.INFO
            if access_log.isEnabledFor(level):
                method = "HEAD" if head else scope["method"]
                elapsed = round((perf_counter() - start) * 1000, 2)
                access_log.log(
                    level,
                    "%s %s %d %.1fms",
                    method,
                    scope["path"],
                    status,
                    elapsed,
                    extra={"method": method, "path": scope["path"], "status": status, "duration_ms": elapsed},
                )
            REQUEST_ID.reset(token)


def malformed(scope: Scope) -> str | None:
    """What makes a request unanswerable before routing, or None: a NUL in its path (no file or route has one;
    the file system refuses it), and, in HTTP/1.1, a ``Host`` missing or given twice (RFC 9112 §3.2: 400)."""
    if "\x00" in scope["path"]:
        return "The path contains a NUL byte."
    hosts = sum(1 for name, _ in scope["headers"] if name.lower() == b"host")
    if hosts > 1:
        return "The request has more than one Host header."
    if hosts == 0 and scope.get("http_version") == "1.1":
        return "An HTTP/1.1 request needs a Host header."
    return None


def _refusal(detail: str) -> ASGIApp:
    body = json.dumps({"type": TYPE_BASE + "bad-request", "title": "Bad request", "status": 400, "detail": detail})

    async def refuse(scope: Scope, receive: Receive, send: Send) -> None:
        encoded = body.encode()
        headers = [(b"content-type", PROBLEM_JSON.encode()), (b"content-length", str(len(encoded)).encode())]
        await send({"type": "http.response.start", "status": 400, "headers": headers})
        await send({"type": "http.response.body", "body": encoded, "more_body": False})

    return refuse


def wrap(app: Litestar) -> Litestar:
    """Put ``Outer`` in front of the application's request handling (routing included); lifespan is untouched."""
    app.asgi_handler = Outer(app.asgi_handler)
    return app


def too_large_handler(limit: int) -> Any:
    def handler(request: Request[Any, Any, Any], exc: RequestEntityTooLarge) -> Response[Any]:
        return problem(
            413,
            f"The request body is larger than the limit of {limit} bytes (FIGHT_RULES_MAX_BODY_BYTES).",
            "body-too-large",
            {"max_body_bytes": limit},
            instance=request.url.path,
        )

    return handler


class _RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


def configure_logging(settings: Settings) -> None:
    """The service's loggers (``service.*``) write to stderr, as text or one JSON object per line, each record
    with the id of the request it belongs to."""
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(_RequestIdFilter())
    if settings.log_format == "json":
        handler.setFormatter(
            JsonFormatter(
                "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
                rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            )
        )
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"))
    log = logging.getLogger("service")
    log.handlers = [handler]
    log.propagate = False
    log.setLevel(settings.log_level.upper())
