"""One gate for every request body, REST and ``/graphql`` alike: its media type, its size, and well-formed JSON.

Before this gate, malformed bodies reached two decoders that raise more than their documented error: Litestar's
``Request.json()`` (msgspec) lets ``UnicodeDecodeError`` and ``RecursionError`` through, and Strawberry's
``json.loads`` does the same and also takes NaN, Infinity and integers too long to convert; each became a 500.
Here the body is read and decoded once, strictly (UTF-8, RFC 8259 JSON, a top-level object, bounded nesting),
and everything else gets a 4xx problem+json answer. The decoded value is handed to Litestar so a REST route does
not decode it again; Strawberry re-reads the same bytes, which are now known to be plain, shallow JSON.

A byte-for-byte repeat of a body a route has answered before (a route that says how to key its bodies, in its
``opt`` under ``REPEAT_KEY``) is answered here from the local tier, before anything decodes it again: those bytes
were well-formed when they were first answered.

Accepted media types: ``application/json`` (and ``application/*+json``), and ``text/plain`` holding JSON, which
browsers send without a CORS preflight. A missing ``Content-Type`` is read as JSON. Forms, XML, multipart and any
charset but UTF-8 get 415.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from litestar import Request
from litestar.enums import ScopeType
from litestar.exceptions import ClientException, HTTPException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.types import ASGIApp, Empty, Receive, Scope, Send
from litestar.utils.scope.state import ScopeState

from ..httpextras import too_large_handler
from ..problems import http_handler

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
REPEAT_KEY = "repeat_key"  # a route's opt: the body's local-tier alias key, for a route whose answers are kept
_REPEAT_HEADERS = [(b"content-type", b"application/json"), (b"x-cache", b"local")]
ACCEPTED = "application/json, text/plain"
_decoder = msgspec.json.Decoder()


class UnsupportedMediaType(HTTPException):
    status_code = 415


def _header(scope: Scope, name: bytes) -> str | None:
    """A request header's value (the first one), read straight from the ASGI scope."""
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


def repeat_key_of(scope: Scope) -> str | None:
    """The key the body gate looked a request up under and did not find: the route keeps its answer there."""
    return scope["state"].get(REPEAT_KEY)


def check_media_type(content_type: str | None) -> None:
    """Raise 415 unless the body is declared as JSON (or plain text) in UTF-8; no declaration counts as JSON."""
    if not content_type:
        return
    media_type, *params = (part.strip().lower() for part in content_type.split(";"))
    json_like = media_type in ("application/json", "text/plain") or (
        media_type.startswith("application/") and media_type.endswith("+json")
    )
    if not json_like:
        raise UnsupportedMediaType(
            detail=f"Send the body as JSON (Content-Type: application/json or text/plain), not {media_type!r}.",
            headers={"Accept-Post": ACCEPTED},
        )
    for param in params:
        name, _, value = param.partition("=")
        if name.strip() == "charset" and value.strip().strip('"') not in ("utf-8", "utf8"):
            raise UnsupportedMediaType(
                detail=f"JSON bodies are UTF-8; charset {value.strip()!r} is not accepted.",
                headers={"Accept-Post": ACCEPTED},
            )


def nesting_depth_exceeds(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest deeper than ``limit`` (the top-level object is level 1). Level by level
    and iterative, so no recursion limit is involved however deep the value; it costs about what decoding did."""
    level = [value]
    for _ in range(limit):
        nested: list[Any] = []
        for item in level:
            for child in item.values() if type(item) is dict else item:
                kind = type(child)
                if kind is dict or kind is list:
                    nested.append(child)
        if not nested:
            return False
        level = nested
    return True


def decode_body(body: bytes, max_depth: int) -> dict[str, Any]:
    """The body as a JSON object, or a 400 that says what is wrong with it."""
    if not body:
        raise ClientException(detail="The request body is empty: send a JSON object.")
    try:
        value = _decoder.decode(body)
    except UnicodeDecodeError as exc:
        raise ClientException(detail="The body is not valid UTF-8.") from exc
    except RecursionError as exc:
        raise ClientException(detail=f"JSON nests deeper than {max_depth} levels.") from exc
    except (msgspec.DecodeError, ValueError) as exc:
        raise ClientException(detail=f"The body is not well-formed JSON ({exc}).") from exc
    if type(value) is not dict:
        raise ClientException(detail=f"The body must be a JSON object, not {_json_kind(value)}.")
    if nesting_depth_exceeds(value, max_depth):
        raise ClientException(detail=f"JSON nests deeper than {max_depth} levels.")
    return value


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    return {list: "an array", str: "a string", bool: "a boolean"}.get(type(value), "a number")


class JsonBodyGate:
    """ASGI middleware over every route: a body-carrying request goes on only as a well-formed JSON object."""

    def __init__(
        self,
        app: ASGIApp,
        max_depth: int,
        max_body_bytes: int,
        repeats: Callable[[str], bytes | None] | None = None,
    ) -> None:
        self.app = app
        self.max_depth = max_depth
        self.too_large = too_large_handler(max_body_bytes)
        self.repeats = repeats  # the local tier's lookup (no Redis round trip, no parse)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope["method"] not in BODY_METHODS:
            await self.app(scope, receive, send)
            return

        async def whole_body_or_400() -> Any:
            message = await receive()
            if message["type"] == "http.disconnect":  # the server cut a malformed body (or the client left)
                raise ClientException(detail="The request body did not arrive whole (a malformed chunked encoding?).")
            return message

        request: Request[Any, Any, Any] = Request(scope, whole_body_or_400, send)
        declared = _header(scope, b"content-type")
        try:
            check_media_type(declared)
            body = await request.body()  # Litestar's body size limit applies here (413)
            if await self._answered_before(scope, body, send):
                return
            value = decode_body(body, self.max_depth)
        except HTTPException as exc:
            # Answered here rather than raised, so the metrics and CORS middleware see an ordinary answer.
            handler = self.too_large if isinstance(exc, RequestEntityTooLarge) else http_handler
            response = handler(request, exc).to_asgi_response(app=None, request=request)
            await response(scope, receive, send)
            return
        state = ScopeState.from_scope(scope)
        state.json = value  # Request.json() returns it without decoding again
        # From here on the body is known JSON, whatever it was declared as (text/plain spares browsers a
        # preflight): every route, Strawberry's included, sees it as application/json.
        if declared != "application/json":
            headers = [(k, v) for k, v in scope["headers"] if k != b"content-type"]
            scope["headers"] = [*headers, (b"content-type", b"application/json")]
            state.headers = Empty
        await self.app(scope, receive, send)

    async def _answered_before(self, scope: Scope, body: bytes, send: Send) -> bool:
        """Answer a repeat from the local tier; on a miss, leave the key for the route to keep its answer under."""
        key_of = scope["route_handler"].opt.get(REPEAT_KEY) if self.repeats is not None else None
        if key_of is None:
            return False
        key = key_of(body)
        hit = self.repeats(key)  # type: ignore[misc]
        if hit is None:
            scope["state"][REPEAT_KEY] = key
            return False
        headers = [*_REPEAT_HEADERS, (b"content-length", str(len(hit)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": hit, "more_body": False})
        return True
