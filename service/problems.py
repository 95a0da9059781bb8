"""RFC 9457 ``application/problem+json`` answers for every error the service can produce."""

from __future__ import annotations

import logging
from typing import Any

from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi.datastructures import ResponseSpec
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from litestar.types import ExceptionHandlersMap
from pydantic import BaseModel

log = logging.getLogger("service.problems")

PROBLEM_JSON = "application/problem+json"
# Problem types are pages this service serves (/problems/{slug}); a relative reference resolves against the
# service's own address (RFC 9457 §3.1.1), so the links work wherever it is hosted.
TYPE_BASE = "/problems/"

_TITLES = {
    400: "Bad request",
    404: "Not found",
    405: "Method not allowed",
    413: "Request body too large",
    415: "Unsupported media type",
    422: "Request does not match the schema",
    429: "Too many requests",
    500: "Internal error",
}


class ProblemError(BaseModel):
    """One thing wrong with the request: where (the same path notation as rule findings) and what."""

    path: str
    message: str
    source: str | None = None  # "query" for a query parameter; absent for the body


class Problem(BaseModel):
    """RFC 9457 problem details; ``type`` is the path of a page this service serves about the problem."""

    type: str
    title: str
    status: int
    detail: str
    instance: str | None = None
    errors: list[ProblemError] | None = None


def problem_responses(*statuses: int) -> dict[int, ResponseSpec]:
    """OpenAPI entries for the problem answers a route can give."""
    return {
        s: ResponseSpec(
            data_container=Problem,
            media_type=PROBLEM_JSON,
            generate_examples=False,
            description=_TITLES.get(s, "Error"),
        )
        for s in statuses
    }


COMMON = (400, 413, 429)
POSTED = (*COMMON, 415)  # a body that is not JSON (see service/api/body.py)


def problem(
    status: int,
    detail: str,
    slug: str,
    extra: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    instance: str | None = None,
) -> Response[dict[str, Any]]:
    body: dict[str, Any] = {
        "type": TYPE_BASE + slug,
        "title": _TITLES.get(status, "Error"),
        "status": status,
        "detail": detail,
    }
    if instance:
        body["instance"] = instance
    if extra:
        body.update(extra)
    return Response(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


def _slug(status: int) -> str:
    return {
        400: "bad-request",
        404: "not-found",
        405: "method-not-allowed",
        413: "body-too-large",
        415: "unsupported-media-type",
        429: "rate-limited",
    }.get(status, f"http-{status}")


def finding_path(key: str) -> str:
    """Litestar's dotted error key (``moves.2.elements.0.id``) in the notation of rule findings
    (``moves[2].elements[0].id``): one path syntax for malformed input and broken rules alike."""
    out = ""
    for part in key.split("."):
        out += f"[{part}]" if part.isdigit() else (f".{part}" if out else part)
    return out


def _with_paths(errors: list[Any]) -> list[Any]:
    out = []
    for error in errors:
        if isinstance(error, dict) and "key" in error and "path" not in error:
            error = {"path": finding_path(str(error["key"])), **{k: v for k, v in error.items() if k != "key"}}
        out.append(error)
    return out


def validation_handler(request: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    errors = _with_paths(exc.extra) if isinstance(exc.extra, list) else []
    return problem(
        400,
        exc.detail or "The request is not well-formed.",
        "invalid-request",
        {"errors": errors},
        instance=request.url.path,
    )


def http_handler(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    return problem(
        exc.status_code,
        exc.detail or _TITLES.get(exc.status_code, "Error"),
        _slug(exc.status_code),
        headers=dict(exc.headers or {}),
        instance=request.url.path,
    )


def internal_handler(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    log.exception("unhandled error on %s", request.url.path, exc_info=exc)
    return problem(
        HTTP_500_INTERNAL_SERVER_ERROR,
        "The service failed to answer; this is a bug.",
        "internal",
        instance=request.url.path,
    )


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    ValidationException: validation_handler,
    HTTPException: http_handler,
    Exception: internal_handler,
}

__all__ = [
    "COMMON",
    "EXCEPTION_HANDLERS",
    "POSTED",
    "PROBLEM_JSON",
    "MediaType",
    "Problem",
    "problem",
    "problem_responses",
]
