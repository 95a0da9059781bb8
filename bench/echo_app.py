"""The baseline: a bare Litestar app that parses a body with the service's own pydantic models and sends it back.

Served by bench/run.py with the same gunicorn settings as the service, so that the ratio service ÷ echo isolates
what the service adds (middleware, cache, rules core, GraphQL) over HTTP + framework + model parse/serialize.
"""

from __future__ import annotations

from litestar import Litestar, get, post
from litestar.status_codes import HTTP_200_OK

from service.rules.fight2e.models import MoveRequest, PriceBatchRequest


@post("/echo/move", status_code=HTTP_200_OK)
async def echo_move(data: MoveRequest) -> MoveRequest:
    return data


@post("/echo/batch", status_code=HTTP_200_OK)
async def echo_batch(data: PriceBatchRequest) -> PriceBatchRequest:
    return data


@get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


app = Litestar(route_handlers=[echo_move, echo_batch, healthz])
