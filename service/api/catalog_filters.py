"""Catalogue filters shared by REST and GraphQL: by kind, move type, keyword and a name search.

Pure functions over the catalogue records; an unknown keyword id simply matches nothing (the keyword list says
which exist), while an unknown filter name is refused by ``strict_query`` before a handler runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal
from urllib.parse import parse_qsl

from litestar.exceptions import ValidationException
from litestar.types import ASGIApp, Receive, Scope, Send

from ..rules.fight2e.schema import Entry, FixedMove, Keyword

MoveType = Literal["special", "super"]
EntryKind = Literal["element", "liability"]


def _named(name: str, entry_id: str, search: str | None) -> bool:
    return search is None or search.casefold() in name.casefold() or search.casefold() in entry_id


def entry_keywords(entry: Entry) -> set[str]:
    """The keywords an entry gives a move: added, replaced to, or its own inside a Combo."""
    changes = entry.keywords
    return {*changes.add, *changes.replace.values(), *changes.entry_combo}


def filter_entries(
    entries: Iterable[Entry],
    *,
    kind: str | None = None,
    move_type: str | None = None,
    keyword: str | None = None,
    search: str | None = None,
    ids: Iterable[str] | None = None,
) -> list[Entry]:
    wanted = set(ids or ())
    return [
        e
        for e in entries
        if (kind is None or e.kind == kind)
        and (move_type is None or move_type in e.move_types)
        and (keyword is None or keyword in entry_keywords(e))
        and _named(e.name, e.id, search)
        and (not wanted or e.id in wanted)
    ]


def filter_keywords(
    keywords: Iterable[Keyword], *, category: str | None = None, search: str | None = None
) -> list[Keyword]:
    return [k for k in keywords if (category is None or k.category == category) and _named(k.name, k.id, search)]


def filter_fixed_moves(
    moves: Iterable[FixedMove], *, kind: str | None = None, keyword: str | None = None, search: str | None = None
) -> list[FixedMove]:
    return [
        m
        for m in moves
        if (kind is None or m.kind == kind)
        and (keyword is None or keyword in m.keywords)
        and _named(m.name, m.id, search)
    ]


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
        if scope["type"] == "http" and scope["path"].startswith("/v1/") and scope.get("query_string"):
            handler = scope["route_handler"]  # type: ignore[typeddict-item]
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
