"""Query parameters are part of the contract: one a route does not declare is a 400, never ignored."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from litestar.enums import ScopeType
from litestar.exceptions import ValidationException
from litestar.types import ASGIApp, Receive, Scope, Send

_RESERVED = {"state", "request", "data", "headers", "cookies", "query", "scope", "socket", "body"}
_allowed: dict[int, frozenset[str]] = {}


def _query_names(handler: Any) -> frozenset[str]:
    """The query parameters a handler declares (by their alias when they have one)."""
    names = set()
    for name, field in handler.parsed_fn_signature.parameters.items():
        if name in _RESERVED or name in handler.resolve_dependencies():
            continue
        definition = getattr(field, "kwarg_definition", None)
        names.add(getattr(definition, "name", None) or getattr(definition, "query", None) or name)
    return frozenset(names)


class StrictQuery:
    """ASGI middleware (after routing): a query parameter the route does not declare is a 400, not ignored, so
    a misspelt filter never silently returns the whole list. Applies to the ``/v1`` API."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == ScopeType.HTTP and scope["path"].startswith("/v1/") and scope.get("query_string"):
            handler = scope["route_handler"]
            allowed = _allowed.get(id(handler))
            if allowed is None:
                allowed = _allowed[id(handler)] = _query_names(handler) - set(scope.get("path_params", {}))
            given = {k for k, _ in parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True)}
            unknown = sorted(given - allowed)
            if unknown:
                raise ValidationException(
                    f"Unknown query parameter(s): {', '.join(unknown)}.",
                    extra=[
                        {
                            "key": k,
                            "message": "not a parameter of this operation"
                            + (f" (it takes: {', '.join(sorted(allowed))})" if allowed else " (it takes none)"),
                            "source": "query",
                        }
                        for k in unknown
                    ],
                )
        await self.app(scope, receive, send)
