"""REST adapter for the fight2e combat turn resolver: not cached (each turn is unique), deterministic."""

from __future__ import annotations

from litestar import Controller, Response, post
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK

from ..problems import POSTED, problem_responses
from ..rules.fight2e.combat.models import TurnRequest, TurnResult
from ..rules.fight2e.combat.resolver import resolve_turn
from .fight2e import JSON


def resolve_bytes(turn: TurnRequest) -> bytes:
    return resolve_turn(turn).model_dump_json().encode()


class Fight2eCombatController(Controller):
    path = "/v1/fight2e/combat"
    tags = ["fight2e combat"]

    @post("/resolve-turn", status_code=HTTP_200_OK, responses=problem_responses(*POSTED),
          summary="Resolve one turn of the main combat system, from Initiative to the time roll",
          description="Send the whole fight as it stands, the players' declared decisions and either a `seed` or "
                      "the dice themselves. The answer is `resolved`, `round_over` (with the winner) or "
                      "`decision_required` (with the pending decision and its legal choices: add it and send "
                      "the same request again). Illegal decisions, dice that do not fit the die and inconsistent "
                      "state are violations naming the key. The same request always gives the same answer.")
    async def resolve(self, data: JSONBody[TurnRequest]) -> Response[TurnResult]:
        return Response(resolve_bytes(data), media_type=JSON, headers={"X-Cache": "miss"})  # type: ignore[return-value]
