"""The gunicorn worker: uvicorn with bounded requests, trusted proxies from our settings, and draining shutdowns.

``FightRulesWorker`` is ``uvicorn_worker.UvicornWorker`` with these differences, all from ``FIGHT_RULES_*``:

- ``X-Forwarded-For`` is believed only from ``FIGHT_RULES_TRUSTED_PROXIES`` (uvicorn's own default trusts
  127.0.0.1, so any local process or sidecar could choose its address).
- Each connection runs ``GuardedHttpToolsProtocol``: a request's line and headers together may not exceed
  ``MAX_HEADER_BYTES`` nor have more than ``MAX_HEADERS`` fields (431), and the whole request must arrive within
  ``REQUEST_TIMEOUT_S`` of its first byte, or of the connection's opening (408; a slow body is cut off). httptools
  itself sets no such limits, and gunicorn's ``limit_request_*`` apply only to its own parser.
- ``LIMIT_CONCURRENCY`` connections per worker: beyond it new requests get uvicorn's 503, except the probes
  ``/healthz`` and ``/readyz``, which are always answered.
- Graceful shutdown (SIGTERM, or a recycle after ``max_requests``) finishes every request in flight and answers
  the next request on each kept-alive connection with ``Connection: close``; an idle connection is closed by the
  usual keep-alive and request timeouts, never while a request on it is being read.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn_worker import UvicornWorker

from .problems import PROBLEM_JSON, TYPE_BASE
from .settings import get_settings

PROBE_PATHS = frozenset({b"/healthz", b"/readyz"})
_REASONS = {400: b"Bad Request", 408: b"Request Timeout", 431: b"Request Header Fields Too Large"}


class _TooManyHeaders(Exception):
    pass


class _HeadTooLarge(Exception):
    pass


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with head-size, header-count and read-time limits and a draining shutdown."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        settings = get_settings()
        self.max_head_bytes = settings.max_header_bytes
        self.max_headers = settings.max_headers
        self.request_timeout_s = settings.request_timeout_s
        self.head_bytes = 0  # bytes read while the head was incomplete (a head trickling in over many reads)
        self.head_parsed = 0  # the request line's target and every header field, as the parser hands them over
        self.head_done = False
        self.header_count = 0
        self.draining = False
        self.request_timer: asyncio.TimerHandle | None = None

    # The read deadline: from the connection's opening or a request's first byte until the request is complete.
    def _arm(self) -> None:
        self._disarm()
        self.request_timer = self.loop.call_later(self.request_timeout_s, self._timed_out)

    def _disarm(self) -> None:
        if self.request_timer is not None:
            self.request_timer.cancel()
            self.request_timer = None

    def _timed_out(self) -> None:
        self.request_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:
            self._reject(408, "request-timeout", "The request did not arrive in time.")
        else:
            self.transport.close()  # the head arrived but the body trickles: the application sees a disconnect

    def _reject(self, status: int, slug: str, detail: str) -> None:
        body = json.dumps(
            {"type": TYPE_BASE + slug, "title": _REASONS[status].decode(), "status": status, "detail": detail}
        ).encode()
        head = b"HTTP/1.1 %d %s\r\ncontent-type: %s\r\ncontent-length: %d\r\nconnection: close\r\n\r\n" % (
            status,
            _REASONS[status],
            PROBLEM_JSON.encode(),
            len(body),
        )
        self._disarm()
        self.transport.write(head + body)
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self._unset_keepalive_if_required()
        if not self.head_done:
            self.head_bytes += len(data)
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserCallbackError as exc:
            if isinstance(exc.__context__, _TooManyHeaders) or self.header_count > self.max_headers:
                self._reject(431, "header-too-large", f"More than {self.max_headers} header fields.")
            elif isinstance(exc.__context__, _HeadTooLarge):
                self._reject(431, "header-too-large", f"Request line and headers exceed {self.max_head_bytes} bytes.")
            else:
                self._reject(400, "bad-request", "Invalid HTTP request received.")
            return
        except httptools.HttpParserError:
            self._reject(400, "bad-request", "Invalid HTTP request received.")
            return
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
            return
        if not self.head_done and self.head_bytes > self.max_head_bytes and not self.transport.is_closing():
            self._reject(431, "header-too-large", f"Request line and headers exceed {self.max_head_bytes} bytes.")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.header_count = 0
        self.head_parsed = 0
        self._arm()

    # Counted as parsed too: a whole head in one read is parsed (and its request started) within that read.
    def _parsed(self, size: int) -> None:
        self.head_parsed += size
        if self.head_parsed > self.max_head_bytes:
            raise _HeadTooLarge

    def on_url(self, url: bytes) -> None:
        self._parsed(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self.header_count += 1
        if self.header_count > self.max_headers:
            raise _TooManyHeaders
        self._parsed(len(name) + len(value) + 4)  # "name: value\r\n"
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self.head_done = True
        limit = self.limit_concurrency
        if limit is not None and httptools.parse_url(self.url).path in PROBE_PATHS:
            self.limit_concurrency = None  # probes are answered however many connections are open
        try:
            super().on_headers_complete()
        finally:
            self.limit_concurrency = limit
        if self.draining and self.cycle is not None:
            self.cycle.keep_alive = False  # answered with Connection: close, then closed

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
        self.head_done = False
        self.head_bytes = 0

    def shutdown(self) -> None:
        # uvicorn closes every connection without a response in progress at once, including one whose request is
        # on its way (the client then sees the connection reset). Here nothing is cut: a request in progress or
        # about to arrive is answered with Connection: close, and idle connections end by the usual timeouts.
        self.draining = True
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.keep_alive = False


class FightRulesWorker(UvicornWorker):
    """gunicorn worker class ``service.serving.FightRulesWorker`` (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        settings = get_settings()
        trusted = [part.strip() for part in settings.trusted_proxies.split(",") if part.strip()]
        self.CONFIG_KWARGS = {
            "loop": "auto",
            "http": GuardedHttpToolsProtocol,
            "proxy_headers": bool(trusted),
            "forwarded_allow_ips": trusted,  # never uvicorn's default (127.0.0.1) nor FORWARDED_ALLOW_IPS
            "limit_concurrency": settings.limit_concurrency,
            "h11_max_incomplete_event_size": settings.max_header_bytes,
        }
        super().__init__(*args, **kwargs)
        # Leave a moment after the drain for the application's shutdown before gunicorn's SIGKILL.
        self.config.timeout_graceful_shutdown = max(1, self.cfg.graceful_timeout - 2)
