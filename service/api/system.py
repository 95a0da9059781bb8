"""Liveness, readiness and the list of rulesets with what each one answers."""

from __future__ import annotations

from functools import cache
from typing import Literal

from litestar import Controller, get
from litestar.datastructures import State
from pydantic import BaseModel, ConfigDict, Field

from ..problems import problem_responses
from ..rules.core.ruleset import Ruleset, SourceText, rulesets
from .rulesets import COVERAGE_SUMMARY, operation_id


class Health(BaseModel):
    status: Literal["ok"] = "ok"


class Readiness(BaseModel):
    status: Literal["ready"] = "ready"
    redis: Literal["ok", "absent", "degraded"]


class OperationInfo(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    operation_id: str
    method: str  # GET or POST
    path: str
    summary: str


class RulesetInfo(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    version: str
    source: str
    text: SourceText | None = Field(description="The title, edition and publisher of the rule text it follows.")
    operations: tuple[OperationInfo, ...]
    catalogue: tuple[OperationInfo, ...]
    coverage: OperationInfo | None  # GET /v1/{ruleset}/coverage
    graphql: str  # the ruleset's namespace field in the GraphQL schema


class RulesetList(BaseModel):
    rulesets: tuple[RulesetInfo, ...]


def ruleset_info(ruleset: Ruleset) -> RulesetInfo:
    base = f"/v1/{ruleset.id}"
    operations = tuple(
        OperationInfo(
            name=op.name,
            operation_id=operation_id(ruleset, op.name),
            method="POST",
            path=f"{base}/{op.path}",
            summary=op.summary,
        )
        for op in ruleset.operations
    )
    catalogue = tuple(
        OperationInfo(
            name=f"catalog_{d.name}" if d.name else "catalog",
            method="GET",
            summary=d.summary,
            operation_id=operation_id(ruleset, f"catalog_{d.name}" if d.name else "catalog"),
            path=f"{base}/catalog/{d.name}" if d.name else f"{base}/catalog",
        )
        for d in ruleset.catalogue
    )
    coverage = (
        OperationInfo(
            name="coverage",
            operation_id=operation_id(ruleset, "coverage"),
            method="GET",
            path=f"{base}/coverage",
            summary=COVERAGE_SUMMARY,
        )
        if ruleset.coverage is not None
        else None
    )
    return RulesetInfo(
        id=ruleset.id,
        name=ruleset.title,
        version=ruleset.version,
        source=ruleset.source,
        text=ruleset.text,
        operations=operations,
        catalogue=catalogue,
        coverage=coverage,
        graphql=ruleset.id,
    )


@cache
def ruleset_infos() -> tuple[RulesetInfo, ...]:
    return tuple(ruleset_info(r) for r in rulesets())


class SystemController(Controller):
    tags = ["system"]

    @get("/healthz", summary="Liveness", opt={"skip_rate_limit": True})
    async def healthz(self) -> Health:
        return Health()

    @get("/readyz", summary="Readiness; the service stays ready when Redis is down", opt={"skip_rate_limit": True})
    async def readyz(self, state: State) -> Readiness:
        return Readiness(redis=await state.cache.redis_state())

    @get(
        "/v1/rulesets",
        summary="The rulesets this service hosts, with their operations, catalogue documents and coverage",
        responses=problem_responses(429),
        operation_id="listRulesets",
    )
    async def list_rulesets(self) -> RulesetList:
        return RulesetList(rulesets=ruleset_infos())
