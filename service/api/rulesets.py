"""REST routes generated from every registered ruleset's operations: one handler shape for all of them.

Each ``Operation`` becomes ``POST /v1/{ruleset}/{path}`` taking its request model and answering its answer model,
with the operationId ``{ruleset}{Operation}`` (``fight2ePriceMove``). Answers go through the two-tier cache as the
operation's ``caching`` says, keyed on the ruleset version and the canonical request; a byte-for-byte repeat of a
cached request is answered from the local tier before it is parsed again.
"""

from typing import Any

from litestar import Request, Response, Router, post
from litestar.datastructures import State
from litestar.handlers import HTTPRouteHandler
from litestar.status_codes import HTTP_200_OK
from pydantic import BaseModel

from ..cache import body_key, cache_key
from ..problems import COMMON, problem_responses
from ..rules.core.ruleset import Caching, Operation, Ruleset

JSON = "application/json"


def operation_id(ruleset: Ruleset, name: str) -> str:
    """``fight2e`` + ``price_move`` → ``fight2ePriceMove``: stable and readable in generated clients."""
    return ruleset.id + "".join(part.capitalize() for part in name.split("_"))


def _serialised(answer: BaseModel | bytes) -> bytes:
    return answer if isinstance(answer, bytes) else answer.model_dump_json().encode()


async def answer(state: State, ruleset: Ruleset, op: Operation, request: BaseModel) -> tuple[bytes, str]:
    """The operation's JSON answer and the cache tier that served it (``miss`` when computed)."""
    if op.caching is Caching.none:
        return _serialised(op.run(request)), "miss"
    key = cache_key(op.name, ruleset.id, ruleset.version, request)
    shared = op.caching is Caching.shared or bool(state.settings.share_single_prices)
    body, tier = await state.cache.get_or_compute(key, lambda: _serialised(op.run(request)), shared=shared)
    return body, tier.value


def _raw_key(ruleset: Ruleset, op: Operation, body: bytes) -> str:
    return body_key(op.name, ruleset.id, ruleset.version, body)


def _operation_handler(ruleset: Ruleset, op: Operation) -> HTTPRouteHandler:
    cached = op.caching is not Caching.none

    async def repeated(request: Request[Any, Any, Any]) -> Response[bytes] | None:
        hit = request.app.state.cache.local_get(_raw_key(ruleset, op, await request.body()))
        return None if hit is None else Response(hit, media_type=JSON, headers={"X-Cache": "local"})

    async def handler(state: State, request: Request[Any, Any, Any], data: Any) -> Any:
        body, tier = await answer(state, ruleset, op, data)
        if cached:
            state.cache.local_put(_raw_key(ruleset, op, await request.body()), body)
        return Response(body, media_type=JSON, headers={"X-Cache": tier})

    handler.__annotations__ = {
        "state": State,
        "request": Request[Any, Any, Any],
        "data": op.request,
        "return": Response[op.answer],
    }  # type: ignore[name-defined]
    handler.__name__ = handler.__qualname__ = f"{ruleset.id}_{op.name}"
    return post(
        f"/{op.path}",
        status_code=HTTP_200_OK,
        operation_id=operation_id(ruleset, op.name),
        summary=op.summary,
        description=op.description or None,
        responses=problem_responses(*COMMON),
        tags=[ruleset.id],
        before_request=repeated if cached else None,
        opt={"cost": op.cost},
    )(handler)


def ruleset_router(ruleset: Ruleset) -> Router:
    """Every operation of one ruleset under ``/v1/{ruleset}``."""
    return Router(
        path=f"/v1/{ruleset.id}", route_handlers=[_operation_handler(ruleset, op) for op in ruleset.operations]
    )
