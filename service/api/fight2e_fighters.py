"""REST adapter for fight2e Fighter validation and the character catalogue."""

from __future__ import annotations

from functools import cache
from typing import Any

from litestar import Controller, Request, Response, get, post
from litestar.datastructures import State
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK
from pydantic import BaseModel

from ..cache import cache_key
from ..problems import POSTED, problem_responses
from ..rules.fight2e import RULESET, VERSION
from ..rules.fight2e.catalog import catalog
from ..rules.fight2e.character_catalog import character_catalog
from ..rules.fight2e.character_schema import PowerLevelRow, Quirk, Skill, Trait
from ..rules.fight2e.fighter_models import FighterRequest, FighterValidation
from ..rules.fight2e.fighters import validate_fighter
from .fight2e import CATALOG_RESPONSES, JSON, etag_response, remember_body, repeated_body


def _version() -> str:
    return f"{VERSION}-{catalog().digest}-{character_catalog().digest}"


class QualityList(BaseModel):
    ruleset: str
    ruleset_version: str
    qualities: list[Trait]


class WeaknessList(BaseModel):
    ruleset: str
    ruleset_version: str
    weaknesses: list[Trait]


class QuirkList(BaseModel):
    ruleset: str
    ruleset_version: str
    quirks: list[Quirk]


class SkillList(BaseModel):
    ruleset: str
    ruleset_version: str
    skills: list[Skill]


class PowerLevelChart(BaseModel):
    ruleset: str
    ruleset_version: str
    power_levels: list[PowerLevelRow]


@cache
def _documents() -> dict[str, tuple[bytes, str]]:
    cat = character_catalog()
    head = {"ruleset": RULESET, "ruleset_version": VERSION}
    docs: dict[str, BaseModel] = {
        "qualities": QualityList(**head, qualities=list(cat.qualities.values())),
        "weaknesses": WeaknessList(**head, weaknesses=list(cat.weaknesses.values())),
        "quirks": QuirkList(**head, quirks=list(cat.quirks.values())),
        "skills": SkillList(**head, skills=list(cat.skills.values())),
        "power-levels": PowerLevelChart(**head, power_levels=list(cat.power_levels.values())),
    }
    return {name: (doc.model_dump_json().encode(), f'"{VERSION}-{cat.digest}-{name}"') for name, doc in docs.items()}


class Fight2eCharacterCatalogController(Controller):
    path = "/v1/fight2e/catalog"
    tags = ["fight2e catalogue"]

    @get("/qualities", responses=CATALOG_RESPONSES, summary="Qualities")
    async def qualities(self, request: Request[Any, Any, Any]) -> Response[QualityList]:
        return etag_response(request, *_documents()["qualities"])  # type: ignore[return-value]

    @get("/weaknesses", responses=CATALOG_RESPONSES, summary="Weaknesses")
    async def weaknesses(self, request: Request[Any, Any, Any]) -> Response[WeaknessList]:
        return etag_response(request, *_documents()["weaknesses"])  # type: ignore[return-value]

    @get("/quirks", responses=CATALOG_RESPONSES, summary="Quirks")
    async def quirks(self, request: Request[Any, Any, Any]) -> Response[QuirkList]:
        return etag_response(request, *_documents()["quirks"])  # type: ignore[return-value]

    @get("/skills", responses=CATALOG_RESPONSES, summary="Combat and Narrative Skills")
    async def skills(self, request: Request[Any, Any, Any]) -> Response[SkillList]:
        return etag_response(request, *_documents()["skills"])  # type: ignore[return-value]

    @get("/power-levels", responses=CATALOG_RESPONSES, summary="The Power Level chart")
    async def power_levels(self, request: Request[Any, Any, Any]) -> Response[PowerLevelChart]:
        return etag_response(request, *_documents()["power-levels"])  # type: ignore[return-value]


async def cached_validation(state: State, data: JSONBody[FighterRequest]) -> tuple[bytes, str]:
    key = cache_key("fighter", RULESET, _version(), data)
    body, tier = await state.cache.get_or_compute(
        key, lambda: validate_fighter(data).model_dump_json().encode(), shared=True)
    return body, tier.value


class Fight2eFightersController(Controller):
    path = "/v1/fight2e/fighters"
    tags = ["fight2e fighters"]

    @post("/validate", status_code=HTTP_200_OK, responses=problem_responses(*POSTED), before_request=repeated_body,
          summary="Validate a Fighter: every broken rule, the derived values and every move priced",
          description="Answers 200 for every well-formed sheet: `valid` says whether the book allows it; "
                      "`violations`, `warnings` and `info` carry stable codes and paths; `derived` holds the "
                      "sheet's figures and budgets; `moves[i]` is each move priced as the moves endpoint would.")
    async def validate(self, state: State, request: Request[Any, Any, Any],
                       data: JSONBody[FighterRequest]) -> Response[FighterValidation]:
        body, tier = await cached_validation(state, data)
        remember_body(state, request, body, await request.body())
        return Response(body, media_type=JSON, headers={"X-Cache": tier})  # type: ignore[return-value]
