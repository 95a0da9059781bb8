"""Liveness, readiness and the list of rulesets."""

from __future__ import annotations

from typing import Literal

from litestar import Controller, get
from litestar.datastructures import State
from pydantic import BaseModel

from ..problems import problem_responses
from ..rules.registry import RulesetInfo, rulesets


class Health(BaseModel):
    status: Literal["ok"] = "ok"


class Readiness(BaseModel):
    status: Literal["ready"] = "ready"
    redis: Literal["ok", "absent", "degraded"]


class RulesetList(BaseModel):
    rulesets: tuple[RulesetInfo, ...]


class SystemController(Controller):
    tags = ["system"]

    @get("/healthz", summary="Liveness", opt={"skip_rate_limit": True})
    async def healthz(self) -> Health:
        return Health()

    @get("/readyz", summary="Readiness; the service stays ready when Redis is down", opt={"skip_rate_limit": True})
    async def readyz(self, state: State) -> Readiness:
        return Readiness(redis=await state.cache.redis_state())  # type: ignore[arg-type]

    @get("/v1/rulesets", summary="The rulesets this service hosts", responses=problem_responses(429))
    async def list_rulesets(self) -> RulesetList:
        return RulesetList(rulesets=rulesets())
