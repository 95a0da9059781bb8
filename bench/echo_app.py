"""The baseline: a bare Litestar app that parses a body with the service's own pydantic models and sends it back.

Served by bench/run.py with the same gunicorn settings as the service, so that the ratio service ÷ echo isolates
what the service adds (middleware, cache, rules core, GraphQL) over HTTP + framework + model parse/serialize.
Bodies are parsed under strict validation, as the service does (its PydanticPlugin(validate_strict=True)).
"""

from __future__ import annotations

from litestar import Litestar, get, post
from litestar.plugins.pydantic import PydanticPlugin
from litestar.status_codes import HTTP_200_OK

from service.rules.ashes.round.models import RoundRequest
from service.rules.battleroyale.bout.models import RoyaleBoutRequest
from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.fighters.fighter_models import FighterRequest
from service.rules.fight2e.moves.models import MoveRequest, PriceBatchRequest
from service.rules.fightrpg.round.models import RpgRoundRequest
from service.rules.fightrpg.sheet.models import RpgFighterRequest
from service.rules.impact.turn.models import ImpactTurnRequest


@post("/echo/move", status_code=HTTP_200_OK)
async def echo_move(data: MoveRequest) -> MoveRequest:
    return data


@post("/echo/batch", status_code=HTTP_200_OK)
async def echo_batch(data: PriceBatchRequest) -> PriceBatchRequest:
    return data


@post("/echo/fighter", status_code=HTTP_200_OK)
async def echo_fighter(data: FighterRequest) -> FighterRequest:
    return data


@post("/echo/turn", status_code=HTTP_200_OK)
async def echo_turn(data: TurnRequest) -> TurnRequest:
    return data


@post("/echo/fightrpg-round", status_code=HTTP_200_OK)
async def echo_fightrpg_round(data: RpgRoundRequest) -> RpgRoundRequest:
    return data


@post("/echo/fightrpg-fighter", status_code=HTTP_200_OK)
async def echo_fightrpg_fighter(data: RpgFighterRequest) -> RpgFighterRequest:
    return data


@post("/echo/ashes-round", status_code=HTTP_200_OK)
async def echo_ashes_round(data: RoundRequest) -> RoundRequest:
    return data


@post("/echo/impact-turn", status_code=HTTP_200_OK)
async def echo_impact_turn(data: ImpactTurnRequest) -> ImpactTurnRequest:
    return data


@post("/echo/battleroyale-bout", status_code=HTTP_200_OK)
async def echo_battleroyale_bout(data: RoyaleBoutRequest) -> RoyaleBoutRequest:
    return data


@get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


app = Litestar(
    route_handlers=[
        echo_move,
        echo_batch,
        echo_fighter,
        echo_turn,
        echo_fightrpg_round,
        echo_fightrpg_fighter,
        echo_ashes_round,
        echo_impact_turn,
        echo_battleroyale_bout,
        healthz,
    ],
    plugins=[PydanticPlugin(validate_strict=True)],
)
