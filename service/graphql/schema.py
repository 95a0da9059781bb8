"""GraphQL adapter: the same core calls as REST, typed from the same pydantic models.

Rule violations are data (``legal``/``violations``); only a malformed request (e.g. a number out of bounds)
becomes a GraphQL error. Depth, token and alias limits bound every query; parsing and validation are cached.
"""

from __future__ import annotations

import json
from typing import Any

import strawberry
from litestar import Request
from pydantic import ValidationError
from strawberry.experimental.pydantic import type as pyd_type
from strawberry.extensions import (
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    ValidationCache,
)
from strawberry.litestar import make_graphql_controller
from strawberry.scalars import JSON

from ..api.fight2e import cached_price
from ..rules.fight2e import models as m
from ..rules.fight2e.catalog import catalog
from ..rules.fight2e.schema import Entry as EntryModel
from ..rules.fight2e.schema import FixedMove as FixedMoveModel
from ..rules.fight2e.schema import Keyword as KeywordModel
from ..rules.registry import RulesetInfo as RulesetInfoModel
from ..rules.registry import rulesets
from ..settings import Settings

# ---- output types, generated from the pydantic answer models


@pyd_type(model=m.Finding, all_fields=True)
class Finding:
    pass


@pyd_type(model=m.Unsupported, all_fields=True)
class Unsupported:
    pass


@pyd_type(model=m.ResolvedEntry, all_fields=True)
class ResolvedEntry:
    pass


@pyd_type(model=m.AccuracyVs, all_fields=True)
class AccuracyVs:
    pass


@pyd_type(model=m.Damage, all_fields=True)
class Damage:
    pass


@pyd_type(model=m.Range, all_fields=True)
class Range:
    pass


@pyd_type(model=m.MovePrice, all_fields=True)
class MovePrice:
    pass


@pyd_type(model=RulesetInfoModel, all_fields=True)
class RulesetInfo:
    pass


@strawberry.type
class CatalogEntry:
    """An Element or Liability; `detail` holds the full record as in the REST catalogue."""

    id: str
    name: str
    kind: str
    parent: str | None
    cost: float
    list_cost: str
    instances: int | None
    super_instances: int | None
    move_types: list[str]
    summary: str
    ref: str
    detail: JSON

    @classmethod
    def of(cls, e: EntryModel) -> CatalogEntry:
        return cls(id=e.id, name=e.name, kind=e.kind, parent=e.parent, cost=e.cost, list_cost=e.list_cost,
                   instances=e.instances, super_instances=e.super_instances, move_types=list(e.move_types),
                   summary=e.summary, ref=e.ref, detail=e.model_dump(mode="json"))


@strawberry.type
class CatalogKeyword:
    id: str
    name: str
    category: str
    summary: str
    ref: str

    @classmethod
    def of(cls, k: KeywordModel) -> CatalogKeyword:
        return cls(id=k.id, name=k.name, category=k.category.value, summary=k.summary, ref=k.ref)


@strawberry.type
class FixedMove:
    id: str
    name: str
    kind: str
    level: int
    control: int
    accuracy: int | None
    damage: str | None
    keywords: list[str]
    combo: list[str]
    summary: str
    ref: str

    @classmethod
    def of(cls, f: FixedMoveModel) -> FixedMove:
        return cls(id=f.id, name=f.name, kind=f.kind, level=f.level, control=f.control, accuracy=f.accuracy,
                   damage=f.damage, keywords=list(f.keywords), combo=list(f.combo), summary=f.summary, ref=f.ref)


# ---- input types: mirror the request models; the pydantic models enforce every bound


@strawberry.input
class EntryChoiceInput:
    id: str
    times: int = 1
    options: JSON | None = None
    condition: str | None = None


@strawberry.input
class FighterInput:
    power_level: int | None = None
    strength: int | None = None
    ki: int | None = None
    styles: int = 1
    receiving_styles: int | None = None
    cross_style: bool = False
    base_style: bool = True
    harder_command_move_flaws: int = 0
    borrow_identities: bool = False
    style_change: bool = False


@strawberry.input
class CampaignInput:
    supers: bool = True
    super_stun: bool = False
    three_tier_supers: bool = False
    attack_strings: bool = False
    free_basic_throws: int = 0
    charge_moves_must_be_l3: bool = False
    wall_springs: bool = False
    sidestep: bool = False
    tag_team: bool = False
    transformations: bool = False
    breakfall: bool = False
    tech_roll: bool = False
    dash: bool = False
    denied: list[str] = strawberry.field(default_factory=list)


@strawberry.input
class MoveInput:
    level: int
    type: str = "special"
    name: str | None = None
    elements: list[EntryChoiceInput] = strawberry.field(default_factory=list)
    liabilities: list[EntryChoiceInput] = strawberry.field(default_factory=list)
    free_throw: bool = False
    tier: int = 1
    fighter: FighterInput | None = None
    campaign: CampaignInput | None = None


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "__strawberry_definition__"):
        return {k: _plain(v) for k, v in vars(value).items() if v is not None}
    return value


def to_request(move: MoveInput) -> m.MoveRequest:
    data = _plain(move)
    for key in ("elements", "liabilities"):
        for choice in data.get(key, []):
            if choice.get("options") is None:
                choice.pop("options", None)
    try:
        return m.MoveRequest.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:10])
        raise ValueError(f"malformed move: {problems}") from None


@strawberry.type
class Query:
    @strawberry.field(description="The rulesets this service hosts.")
    def rulesets(self) -> list[RulesetInfo]:
        return [RulesetInfo.from_pydantic(r) for r in rulesets()]

    @strawberry.field(description="Price and validate one Special or Super Move (fight2e).")
    async def price_move(self, info: strawberry.Info, move: MoveInput) -> MovePrice:
        body, _ = await cached_price(info.context["request"].app.state, to_request(move))
        return MovePrice.from_pydantic(m.MovePrice.model_validate_json(body))

    @strawberry.field(description="Price up to 200 moves (fight2e); one answer per move, in order.")
    async def price_moves(self, info: strawberry.Info, moves: list[MoveInput]) -> list[MovePrice]:
        if not 1 <= len(moves) <= 200:
            raise ValueError("give from 1 to 200 moves")
        state = info.context["request"].app.state
        out = []
        for move in moves:
            body, _ = await cached_price(state, to_request(move))
            out.append(MovePrice.from_pydantic(m.MovePrice.model_validate_json(body)))
        return out

    @strawberry.field(description="fight2e Elements; `kind` filters by element or liability.")
    def fight2e_entries(self, kind: str | None = None, ids: list[str] | None = None) -> list[CatalogEntry]:
        entries = catalog().entries.values()
        wanted = set(ids or [])
        return [CatalogEntry.of(e) for e in entries
                if (kind is None or e.kind == kind) and (not wanted or e.id in wanted)]

    @strawberry.field(description="fight2e Keywords.")
    def fight2e_keywords(self) -> list[CatalogKeyword]:
        return [CatalogKeyword.of(k) for k in catalog().keywords.values()]

    @strawberry.field(description="fight2e Basic Moves and book-defined Command Moves.")
    def fight2e_basic_moves(self) -> list[FixedMove]:
        return [FixedMove.of(f) for f in catalog().fixed_moves.values()]


def build_schema(settings: Settings) -> strawberry.Schema:
    return strawberry.Schema(
        query=Query,
        extensions=[
            QueryDepthLimiter(max_depth=settings.graphql_max_depth),
            MaxTokensLimiter(max_token_count=settings.graphql_max_tokens),
            MaxAliasesLimiter(max_alias_count=settings.graphql_max_aliases),
            ParserCache(maxsize=256),
            ValidationCache(maxsize=256),
        ],
    )


async def _context(request: Request[Any, Any, Any]) -> dict[str, Any]:
    return {"request": request}


def graphql_controller(settings: Settings) -> type:
    controller = make_graphql_controller(build_schema(settings), path="/graphql", context_getter=_context,
                                         allow_queries_via_get=False)
    controller.include_in_schema = False
    return controller


__all__ = ["build_schema", "graphql_controller", "json"]
