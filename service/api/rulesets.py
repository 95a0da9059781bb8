"""REST routes generated from every registered ruleset: one handler shape for all of them.

Each ``Operation`` becomes ``POST /v1/{ruleset}/{path}`` taking its request model and answering its answer model,
with the operationId ``{ruleset}{Operation}`` (``fight2ePriceMove``). Answers go through the two-tier cache as the
operation's ``caching`` says, keyed on the ruleset version and the canonical request; a byte-for-byte repeat of a
cached request is answered from the local tier by the body gate (``api/body.py``), before it is parsed again. Each
``CatalogueDocument`` becomes ``GET /v1/{ruleset}/catalog/{name}`` with its filters as query parameters and an
ETag, each ``CatalogueLookup`` ``GET /v1/{ruleset}/catalog/{name}/{id}``, and the ruleset's coverage document
``GET /v1/{ruleset}/coverage`` with an ETag.
"""

# No ``from __future__ import annotations``: the handlers' annotations are built from the ruleset's models at run
# time, and Litestar reads them as they are.
import asyncio
import hashlib
import inspect
import json
import weakref
from collections.abc import Awaitable, Callable
from functools import cache
from typing import Annotated, Any, get_args, get_origin

import anyio
import anyio.to_thread
from annotated_types import MaxLen, MinLen
from litestar import Request, Response, Router, get, post
from litestar.datastructures import State
from litestar.exceptions import NotFoundException, ValidationException
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, JSONBody, QueryParameter
from litestar.status_codes import HTTP_200_OK, HTTP_304_NOT_MODIFIED
from pydantic import BaseModel, ValidationError

from ..cache import body_key, cache_key
from ..problems import COMMON, POSTED, problem, problem_responses
from ..ratelimit import charge_extra, rate_limited_response
from ..rules.core.coverage import SUMMARY as COVERAGE_SUMMARY
from ..rules.core.coverage import Coverage
from ..rules.core.ruleset import Caching, CatalogueDocument, CatalogueLookup, Operation, Ruleset
from .body import REPEAT_KEY, repeat_key_of

JSON = "application/json"
CATALOG_CACHE_CONTROL = "public, max-age=3600"
CATALOG_RESPONSES = {
    **problem_responses(*COMMON),
    304: ResponseSpec(data_container=None, description="Not modified (If-None-Match matched)"),
}


def pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_"))


def operation_id(ruleset: Ruleset, name: str) -> str:
    """``fight2e`` + ``price_move`` → ``fight2ePriceMove``: stable and readable in generated clients."""
    return ruleset.id + pascal(name)


def of(generic: Any, argument: type) -> Any:
    """``generic[argument]`` for a model known only at run time (a handler's annotation, read by Litestar)."""
    return generic[argument]


# ── operations


def _serialised(answer: BaseModel | bytes) -> bytes:
    return answer if isinstance(answer, bytes) else answer.model_dump_json().encode()


# Operations that cost more than a few units (and those marked ``offload``) run in worker threads, a few at a time
# per process (FIGHT_RULES_GRAPHQL_THREADS): the event loop keeps serving (probes, cheap requests, the gunicorn
# heartbeat) while one runs; more wait for a thread.
_offload_limiters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = (
    weakref.WeakKeyDictionary()
)


def _limiter(threads: int) -> anyio.CapacityLimiter:
    loop = asyncio.get_running_loop()
    limiter = _offload_limiters.get(loop)
    if limiter is None:
        limiter = _offload_limiters[loop] = anyio.CapacityLimiter(threads)
    return limiter


def _computation(state: State, op: Operation, request: BaseModel, cost: int) -> Callable[[], bytes | Awaitable[bytes]]:
    def compute() -> bytes:
        return _serialised(op.run(request))

    settings = state.settings
    if not op.offload and cost < settings.offload_min_cost:
        return compute

    def offloaded() -> Awaitable[bytes]:
        return anyio.to_thread.run_sync(compute, limiter=_limiter(settings.graphql_threads))

    return offloaded


async def answer(state: State, ruleset: Ruleset, op: Operation, request: BaseModel, cost: int = 1) -> tuple[bytes, str]:
    """The operation's JSON answer and the cache tier that served it (``miss`` when computed)."""
    compute = _computation(state, op, request, cost)
    if op.caching is Caching.none:
        computed = compute()
        return (computed if isinstance(computed, bytes) else await computed), "miss"
    key = cache_key(op.name, ruleset.id, ruleset.version, request)
    shared = op.caching is Caching.shared or bool(state.settings.share_single_prices)
    body, tier = await state.cache.get_or_compute(key, compute, shared=shared)
    return body, tier.value


def too_costly(request: Request[Any, Any, Any], cost: int, bound: int) -> Response[Any]:
    return problem(
        400,
        f"This request costs {cost} units; at most {bound} are allowed per request (FIGHT_RULES_MAX_REQUEST_COST: "
        "a move priced is 1, each Random Effect multiplies its move's pricings, a turn 50, a simulated fight a "
        "fifth of its turn limit). Split it into smaller requests.",
        "too-costly",
        {"cost": cost, "max_cost": bound},
        instance=request.url.path,
    )


def _operation_handler(ruleset: Ruleset, op: Operation) -> HTTPRouteHandler:
    cached = op.caching is not Caching.none

    def repeat_key(body: bytes) -> str:  # a byte-identical repeat is answered by the body gate (api/body.py)
        return body_key(op.name, ruleset.id, ruleset.version, body)

    async def handler(state: State, request: Request[Any, Any, Any], data: Any) -> Any:
        # The cost is known from the request before anything is computed: over the bound, refused; else charged
        # to the rate limit (the middleware charged 1 on entry), as a GraphQL query is.
        cost = int(op.cost(data))
        bound = state.settings.max_request_cost
        if cost > bound:
            return too_costly(request, cost, bound)
        if cost > 1 and not await charge_extra(request, cost - 1):
            return await rate_limited_response(request)
        body, tier = await answer(state, ruleset, op, data, cost)
        key = repeat_key_of(request.scope)
        if key is not None:
            state.cache.local_put(key, body)
        return Response(body, media_type=JSON, headers={"X-Cache": tier})

    handler.__annotations__ = {
        "state": State,
        "request": Request[Any, Any, Any],
        "data": of(JSONBody, op.request),
        "return": of(Response, op.answer),
    }
    handler.__name__ = handler.__qualname__ = f"{ruleset.id}_{op.name}"
    return post(
        f"/{op.path}",
        status_code=HTTP_200_OK,
        operation_id=operation_id(ruleset, op.name),
        summary=op.summary,
        description=op.description or None,
        responses=problem_responses(*POSTED),
        tags=[ruleset.id],
        opt={"cost": op.cost, **({REPEAT_KEY: repeat_key} if cached else {})},
    )(handler)


# ── catalogue


def etag_response(request: Request[Any, Any, Any], body: bytes, etag: str) -> Response[bytes]:
    """A catalogue document with its ETag; 304 when the client already has it."""
    headers = {"ETag": etag, "Cache-Control": CATALOG_CACHE_CONTROL}
    if "*" not in request.app.state.settings.cors_origins:
        # Only some origins may read it: a shared cache must not give one origin's answer (with or without
        # Access-Control-Allow-Origin) to another.
        headers["Vary"] = "Origin"
    match = request.headers.get("if-none-match")
    # Weak comparison (RFC 9110 §13.1.2): W/"x" matches "x", as a cache or a compressing proxy may have weakened it.
    if match and (match.strip() == "*" or etag in [m.strip().removeprefix("W/") for m in match.split(",")]):
        return Response(b"", status_code=HTTP_304_NOT_MODIFIED, headers=headers)
    return Response(body, media_type=JSON, headers=headers)


@cache
def _whole_document(ruleset: Ruleset, name: str) -> tuple[bytes, str]:
    """An unfiltered document, serialised once per process and ruleset version, with its ETag."""
    doc = next(d for d in ruleset.catalogue if d.name == name)
    return doc.build(None).model_dump_json().encode(), f'"{ruleset.version}-{name or "catalog"}"'


def _document(ruleset: Ruleset, doc: CatalogueDocument, given: dict[str, Any]) -> tuple[bytes, str]:
    active = {k: v for k, v in given.items() if v is not None}
    if not active or doc.filters is None:
        return _whole_document(ruleset, doc.name)
    try:
        filters = doc.filters.model_validate(active)
    except ValidationError as exc:
        raise ValidationException(
            "Invalid query parameters.",
            extra=[
                {"path": ".".join(map(str, e["loc"])), "message": e["msg"], "source": "query"} for e in exc.errors()
            ],
        ) from exc
    canonical = json.dumps(filters.model_dump(mode="json", exclude_none=True), sort_keys=True)
    tag = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    return doc.build(filters).model_dump_json().encode(), f'"{ruleset.version}-{doc.name}-{tag}"'


def _query_parameter(field: Any) -> Any:
    """A filter field as a query parameter, its bounds and description stated in the contract."""
    kwargs: dict[str, Any] = {"description": field.description}
    many = any(get_origin(a) is list for a in (field.annotation, *get_args(field.annotation)))
    for meta in field.metadata:  # a list's length bounds count its items
        if isinstance(meta, MinLen):
            kwargs["min_items" if many else "min_length"] = meta.min_length
        elif isinstance(meta, MaxLen):
            kwargs["max_items" if many else "max_length"] = meta.max_length
        elif getattr(meta, "pattern", None):
            kwargs["pattern"] = meta.pattern
    return Annotated[field.annotation, QueryParameter(**kwargs)]


def _document_handler(ruleset: Ruleset, doc: CatalogueDocument) -> HTTPRouteHandler:
    fields = doc.filters.model_fields if doc.filters is not None else {}

    async def handler(request: Request[Any, Any, Any], **filters: Any) -> Any:
        return etag_response(request, *_document(ruleset, doc, filters))

    params = [inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None) for name in fields]
    handler.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    handler.__annotations__ = {
        "request": Request[Any, Any, Any],
        "return": of(Response, doc.model),
        **{name: _query_parameter(f) for name, f in fields.items()},
    }
    handler.__name__ = handler.__qualname__ = f"{ruleset.id}_catalog_{doc.name or 'whole'}"
    path = f"/catalog/{doc.name}" if doc.name else "/catalog"
    return get(
        path,
        operation_id=operation_id(ruleset, f"catalog_{doc.name}" if doc.name else "catalog"),
        summary=doc.summary,
        responses=CATALOG_RESPONSES,
        tags=[ruleset.id],
    )(handler)


def _lookup_handler(ruleset: Ruleset, lookup: CatalogueLookup) -> HTTPRouteHandler:
    async def handler(id: Any) -> Any:
        record = lookup.find(id)
        if record is None:
            raise NotFoundException(f"Nothing in {lookup.name} has the id '{id}'.")
        return record

    handler.__annotations__ = {"id": FromPath[str], "return": lookup.model}
    handler.__name__ = handler.__qualname__ = f"{ruleset.id}_catalog_{lookup.name}_one"
    return get(
        f"/catalog/{lookup.name}/{{id:str}}",
        summary=lookup.summary,
        tags=[ruleset.id],
        operation_id=operation_id(ruleset, f"catalog_{lookup.name}_one"),
        responses=problem_responses(*COMMON, 404),
    )(handler)


# ── coverage


@cache
def _coverage(ruleset: Ruleset) -> tuple[bytes, str]:
    """The coverage document, serialised once per process and ruleset version, with its ETag."""
    assert ruleset.coverage is not None
    return ruleset.coverage().model_dump_json().encode(), f'"{ruleset.version}-coverage"'


def _coverage_handler(ruleset: Ruleset) -> HTTPRouteHandler:
    async def handler(request: Request[Any, Any, Any]) -> Any:
        return etag_response(request, *_coverage(ruleset))

    handler.__annotations__ = {"request": Request[Any, Any, Any], "return": of(Response, Coverage)}
    handler.__name__ = handler.__qualname__ = f"{ruleset.id}_coverage"
    return get(
        "/coverage",
        operation_id=operation_id(ruleset, "coverage"),
        summary=COVERAGE_SUMMARY,
        responses=CATALOG_RESPONSES,
        tags=[ruleset.id],
    )(handler)


def preload(ruleset: Ruleset) -> None:
    """Build and serialise every whole catalogue document and the coverage now (start-up), so none is built on a
    request."""
    for doc in ruleset.catalogue:
        _whole_document(ruleset, doc.name)
    if ruleset.coverage is not None:
        _coverage(ruleset)


def ruleset_router(ruleset: Ruleset) -> Router:
    """Every operation and catalogue document of one ruleset under ``/v1/{ruleset}``."""
    handlers = [_operation_handler(ruleset, op) for op in ruleset.operations]
    handlers += [_document_handler(ruleset, doc) for doc in ruleset.catalogue]
    handlers += [_lookup_handler(ruleset, lookup) for lookup in ruleset.lookups]
    handlers += [_coverage_handler(ruleset)] if ruleset.coverage is not None else []
    return Router(path=f"/v1/{ruleset.id}", route_handlers=handlers)
