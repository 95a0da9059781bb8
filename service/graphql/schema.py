"""GraphQL adapter: the same core calls as REST, typed from the same pydantic models.

Rule violations are data (``legal``/``violations``), and input outside the contract's bounds (which GraphQL's
types cannot state) is an ``InvalidInput`` member of each result union, so a well-formed query never gets
``errors``. Depth, token and alias limits bound every query; parsing and validation are cached, and a repeated
identical query is answered from the local cache tier.

Each operation runs in a worker thread (service/graphql/transport.py) within the bounds of
service/graphql/guard.py, so the resolvers are plain functions: the cache tiers are reached through ``cached``.
"""

from __future__ import annotations

import dataclasses
import json
from contextvars import ContextVar
from typing import Annotated, Any

import strawberry
from graphql.validation import NoSchemaIntrospectionCustomRule
from litestar import Request, Response
from pydantic import ValidationError
from strawberry.experimental.pydantic import input as pyd_input
from strawberry.experimental.pydantic import type as pyd_type
from strawberry.extensions import AddValidationRules, MaxTokensLimiter
from strawberry.extensions.max_aliases import create_validator as alias_validator
from strawberry.extensions.query_depth_limiter import create_validator as depth_validator
from strawberry.litestar import make_graphql_controller
from strawberry.scalars import JSON

from ..api.catalog_filters import filter_entries
from ..api.fight2e import _version as moves_version
from ..api.fight2e import price_bytes
from ..api.fight2e_combat import resolve_bytes
from ..api.fight2e_fighters import _version as fighters_version
from ..cache import body_key, cache_key
from ..rules.core.findings import Finding as FindingModel
from ..rules.core.findings import Severity
from ..rules.core.references import Ref as RefModel
from ..rules.fight2e import RULESET, VERSION
from ..rules.fight2e import fighter_models as fm
from ..rules.fight2e import models as m
from ..rules.fight2e.attack_strings import AttackStringDamage as AttackStringDamageModel
from ..rules.fight2e.attack_strings import AttackStringRequest, price_attack_string
from ..rules.fight2e.catalog import catalog
from ..rules.fight2e.combat.models import TurnRequest
from ..rules.fight2e.fighters import validate_fighter
from ..rules.fight2e.schema import Entry as EntryModel
from ..rules.fight2e.schema import FixedMove as FixedMoveModel
from ..rules.fight2e.schema import Keyword as KeywordModel
from ..rules.registry import RulesetInfo as RulesetInfoModel
from ..rules.registry import rulesets
from ..settings import Settings
from .guard import DocumentCache, Guard
from .transport import ThreadedSchema, TransportMixin, cached

# ---- output types, generated from the pydantic answer models


@pyd_type(model=RefModel, all_fields=True)
class Ref:
    pass


@pyd_type(model=FindingModel, all_fields=True)
class Finding:
    pass


def _ref(ref: RefModel) -> Ref:
    return Ref.from_pydantic(ref)


def _finding(f: dict[str, Any]) -> Finding:
    ref = f["ref"]
    return Finding(**{**f, "severity": Severity(f["severity"]), "ref": Ref(**ref) if ref else None})


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


@pyd_type(model=fm.FighterMovePrice, all_fields=True)
class FighterMovePrice:
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
    ref: Ref
    detail: JSON

    @classmethod
    def of(cls, e: EntryModel) -> CatalogEntry:
        return cls(id=e.id, name=e.name, kind=e.kind, parent=e.parent, cost=e.cost, list_cost=e.list_cost,
                   instances=e.instances, super_instances=e.super_instances, move_types=list(e.move_types),
                   summary=e.summary, ref=_ref(e.ref), detail=e.model_dump(mode="json"))


@strawberry.type
class CatalogKeyword:
    id: str
    name: str
    category: str
    summary: str
    ref: Ref

    @classmethod
    def of(cls, k: KeywordModel) -> CatalogKeyword:
        return cls(id=k.id, name=k.name, category=k.category.value, summary=k.summary, ref=_ref(k.ref))


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
    ref: Ref

    @classmethod
    def of(cls, f: FixedMoveModel) -> FixedMove:
        return cls(id=f.id, name=f.name, kind=f.kind, level=f.level, control=f.control, accuracy=f.accuracy,
                   damage=f.damage, keywords=list(f.keywords), combo=list(f.combo), summary=f.summary, ref=_ref(f.ref))


# ---- input types: mirror the request models; the pydantic models enforce every bound


@strawberry.input
class EntryRefInput:
    id: str
    times: int = 1
    options: JSON | None = None
    condition: str | None = None


@strawberry.input(description="One combination of a Random Effect.")
class RandomCombinationInput:
    entries: list[EntryRefInput]
    name: str | None = None


@strawberry.input
class EntryChoiceInput:
    id: str
    times: int = 1
    options: JSON | None = None
    condition: str | None = None
    combinations: list[RandomCombinationInput] | None = None


@pyd_input(model=m.FighterContext, all_fields=True)
class FighterInput:
    pass


@pyd_input(model=m.Campaign, all_fields=True)
class CampaignInput:
    pass


@strawberry.input
class MoveInput:
    level: int
    type: m.MoveType = m.MoveType.special
    name: str | None = None
    elements: list[EntryChoiceInput] = strawberry.field(default_factory=list)
    liabilities: list[EntryChoiceInput] = strawberry.field(default_factory=list)
    free_throw: bool = False
    tier: int = 1
    fighter: FighterInput | None = None
    campaign: CampaignInput | None = None


def _plain(value: Any) -> Any:
    """Strawberry inputs (dataclasses) to plain data; unset optional fields are left out."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, m.MoveType):
        return value.value
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if getattr(value, f.name) is not None}
    return value


@strawberry.type
class InputProblem:
    path: str
    message: str


@strawberry.type(description="The input is outside the contract's bounds (GraphQL's Int cannot state them); "
                             "nothing was priced.")
class InvalidInput:
    message: str
    problems: list[InputProblem]


MovePriceResult = Annotated[MovePrice | InvalidInput, strawberry.union("MovePriceResult")]


def to_request(move: MoveInput) -> m.MoveRequest | InvalidInput:
    data = _plain(move)
    try:
        return m.MoveRequest.model_validate(data, strict=True)
    except ValidationError as exc:
        return _invalid(exc, "The move is not well-formed.")


def _price(state: Any, move: MoveInput) -> MovePrice | InvalidInput:
    request = to_request(move)
    if isinstance(request, InvalidInput):
        return request
    key = cache_key("price", RULESET, moves_version(), request)  # the REST endpoint's key: answers are shared
    body = cached(state.cache, key, lambda: price_bytes(request), shared=state.settings.share_single_prices)
    return _move_price(json.loads(body), MovePrice)


@strawberry.type(description="A Fighter's validation. `derived` holds the sheet's figures and budgets as in REST.")
class FighterValidation:
    ruleset: str
    ruleset_version: str
    valid: bool
    violations: list[Finding]
    warnings: list[Finding]
    info: list[Finding]
    unsupported: list[Unsupported]
    derived: JSON
    moves: list[FighterMovePrice]


FighterValidationResult = Annotated[FighterValidation | InvalidInput, strawberry.union("FighterValidationResult")]


def _invalid(exc: ValidationError, message: str) -> InvalidInput:
    problems = [InputProblem(path=".".join(map(str, e["loc"])), message=e["msg"]) for e in exc.errors()[:50]]
    return InvalidInput(message=message, problems=problems)


def _validate_fighter(state: Any, fighter: JSON, campaign: JSON | None) -> FighterValidation | InvalidInput:
    try:
        request = fm.FighterRequest.model_validate({"fighter": fighter, "campaign": campaign or {}}, strict=True)
    except ValidationError as exc:
        return _invalid(exc, "The Fighter is not well-formed.")
    key = cache_key("fighter", RULESET, fighters_version(), request)  # the REST endpoint's key
    body = cached(state.cache, key, lambda: validate_fighter(request).model_dump_json().encode(), shared=True)
    answer = json.loads(body)
    return FighterValidation(
        ruleset=answer["ruleset"], ruleset_version=answer["ruleset_version"], valid=answer["valid"],
        violations=[_finding(f) for f in answer["violations"]], warnings=[_finding(f) for f in answer["warnings"]],
        info=[_finding(f) for f in answer["info"]], unsupported=[Unsupported(**u) for u in answer["unsupported"]],
        derived=answer["derived"], moves=[_move_price(mp, FighterMovePrice) for mp in answer["moves"]])


def _damage(damage: dict[str, Any] | None) -> Damage | None:
    return Damage(**{**damage, "based_on": m.DamageBasis(damage["based_on"])}) if damage else None


def _move_price(d: dict[str, Any], kind: type) -> Any:
    """The GraphQL type of a move's price straight from the JSON answer (the pydantic round trip is slower)."""
    damage, rng = d["damage"], d["range"]
    return kind(**{
        **d,
        "type": m.MoveType(d["type"]),
        "violations": [_finding(f) for f in d["violations"]],
        "warnings": [_finding(f) for f in d["warnings"]],
        "info": [_finding(f) for f in d["info"]],
        "unsupported": [Unsupported(**u) for u in d["unsupported"]],
        "accuracy_vs": AccuracyVs(**d["accuracy_vs"]),
        "damage": _damage(damage),
        "damage_with_perfect_hit": _damage(d.get("damage_with_perfect_hit")),
        "range": Range(**rng) if rng else None,
        "entries": [ResolvedEntry(**{**e, "kind": m.EntryKind(e["kind"])}) for e in d["entries"]],
        **({"kind": fm.FighterMoveKind(d["kind"])} if "kind" in d else {}),
    })


@strawberry.type(description="One resolved turn. `fight` and `fighters` are the new state, ready to send back as "
                             "the next turn's request; `log` and `rolls` replay the turn. Shapes as in REST.")
class TurnResolution:
    ruleset: str
    ruleset_version: str
    status: str
    violations: list[Finding]
    warnings: list[Finding]
    unsupported: list[Unsupported]
    winner: str | None
    pending_decision: JSON | None
    fight: JSON
    fighters: JSON
    rolls: JSON
    glory: JSON
    log: JSON


TurnResolutionResult = Annotated[TurnResolution | InvalidInput, strawberry.union("TurnResolutionResult")]


def _resolve_turn(turn: JSON) -> TurnResolution | InvalidInput:
    try:
        request = TurnRequest.model_validate(turn, strict=True)
    except ValidationError as exc:
        return _invalid(exc, "The turn is not well-formed.")
    data = json.loads(resolve_bytes(request))
    return TurnResolution(
        ruleset=data["ruleset"], ruleset_version=data["ruleset_version"], status=data["status"],
        violations=[_finding(f) for f in data["violations"]],
        warnings=[_finding(f) for f in data["warnings"]],
        unsupported=[Unsupported(**u) for u in data["unsupported"]], winner=data.get("winner"),
        pending_decision=data.get("pending_decision"), fight=data["fight"], fighters=data["fighters"],
        rolls=data["rolls"], glory=data["glory"], log=data["log"])


def _described(name: str) -> str | None:
    return AttackStringRequest.model_fields[name].description


@strawberry.input
class AttackStringInput:
    """Mirrors AttackStringRequest. Not generated from it: the model's default for `campaign` (a Campaign
    instance) is no GraphQL value, and introspection failed on it. Here it is null: left out, the model's
    default applies."""

    length: int = strawberry.field(description=_described("length"))
    skill: int | None = strawberry.field(default=None, description=_described("skill"))
    elements: list[str] = strawberry.field(default_factory=list, description=_described("elements"))
    director_cap: int | None = strawberry.field(default=None, description=_described("director_cap"))
    campaign: CampaignInput | None = None


@pyd_type(model=AttackStringDamageModel, all_fields=True)
class AttackStringDamage:
    pass


@strawberry.type
class AttackStringPrice:
    legal: bool
    violations: list[Finding]
    info: list[Finding]
    length: int
    counted_length: int
    control: int
    accuracy: int
    accuracy_vs: AccuracyVs
    damage: AttackStringDamage
    glory: int
    keywords: list[str]
    combo_keywords: list[str]


AttackStringResult = Annotated[AttackStringPrice | InvalidInput, strawberry.union("AttackStringResult")]


def _attack_string(string: AttackStringInput) -> AttackStringPrice | InvalidInput:
    try:
        request = AttackStringRequest.model_validate(_plain(string), strict=True)
    except ValidationError as exc:
        return _invalid(exc, "The Attack String is not well-formed.")
    p = price_attack_string(request)
    return AttackStringPrice(
        legal=p.legal, violations=[Finding.from_pydantic(f) for f in p.violations],
        info=[Finding.from_pydantic(f) for f in p.info], length=p.length, counted_length=p.counted_length,
        control=p.control, accuracy=p.accuracy, accuracy_vs=AccuracyVs(**p.accuracy_vs),
        damage=AttackStringDamage.from_pydantic(p.damage), glory=p.glory, keywords=p.keywords,
        combo_keywords=p.combo_keywords)


@strawberry.type
class Query:
    @strawberry.field(description="The rulesets this service hosts.")
    def rulesets(self) -> list[RulesetInfo]:
        return [RulesetInfo.from_pydantic(r) for r in rulesets()]

    @strawberry.field(description="Price and validate one Special or Super Move (fight2e). Rule violations are in "
                                  "the MovePrice; input outside the bounds gives InvalidInput.")
    def price_move(self, info: strawberry.Info, move: MoveInput) -> MovePriceResult:
        return _price(info.context["request"].app.state, move)

    @strawberry.field(description="Price up to 200 moves (fight2e); one answer per move, in order.")
    def price_moves(self, info: strawberry.Info, moves: list[MoveInput]) -> list[MovePriceResult]:
        state = info.context["request"].app.state
        if not 1 <= len(moves) <= 200:
            problem = InputProblem(path="moves", message="give from 1 to 200 moves")
            return [InvalidInput(message="Too many or too few moves.", problems=[problem])]
        return [_price(state, move) for move in moves]

    @strawberry.field(description="Validate a Fighter (fight2e): every broken rule as data, the derived values and "
                                  "each move priced. `fighter` and `campaign` take the same JSON as REST.")
    def validate_fighter(self, info: strawberry.Info, fighter: JSON,
                               campaign: JSON | None = None) -> FighterValidationResult:
        return _validate_fighter(info.context["request"].app.state, fighter, campaign)

    @strawberry.field(description="Resolve one combat turn (fight2e). `turn` takes the same JSON as REST "
                                  "`/v1/fight2e/combat/resolve-turn`; rule violations and pending decisions are data.")
    def resolve_turn(self, turn: JSON) -> TurnResolutionResult:
        return _resolve_turn(turn)

    @strawberry.field(description="Price an Attack String (fight2e campaign option).")
    def price_attack_string(self, string: AttackStringInput) -> AttackStringResult:
        return _attack_string(string)

    @strawberry.field(description="fight2e Elements and Liabilities, filtered by kind (element or liability), "
                                  "move type (special or super), a keyword they give, a part of the name or id.")
    def fight2e_entries(self, kind: str | None = None, ids: list[str] | None = None, move_type: str | None = None,
                        keyword: str | None = None, search: str | None = None) -> list[CatalogEntry]:
        return [CatalogEntry.of(e) for e in filter_entries(catalog().entries.values(), kind=kind, ids=ids,
                                                             move_type=move_type, keyword=keyword, search=search)]

    @strawberry.field(description="fight2e Keywords.")
    def fight2e_keywords(self) -> list[CatalogKeyword]:
        return [CatalogKeyword.of(k) for k in catalog().keywords.values()]

    @strawberry.field(description="fight2e Basic Moves and book-defined Command Moves.")
    def fight2e_basic_moves(self) -> list[FixedMove]:
        return [FixedMove.of(f) for f in catalog().fixed_moves.values()]


def build_schema(settings: Settings) -> strawberry.Schema:
    rules: list[Any] = [depth_validator(settings.graphql_max_depth, None),
                        alias_validator(settings.graphql_max_aliases)]
    if not settings.graphql_introspection:
        rules.append(NoSchemaIntrospectionCustomRule)
    documents = DocumentCache(settings.graphql_document_cache_bytes)
    schema = ThreadedSchema(
        query=Query,
        extensions=[
            lambda: MaxTokensLimiter(max_token_count=settings.graphql_max_tokens),
            lambda: Guard(cache=documents, max_selections=settings.graphql_max_selections,
                          max_cost=settings.graphql_max_cost),
            lambda: AddValidationRules(rules),
        ],
    )
    return schema.configure(threads=settings.graphql_threads, max_answer_bytes=settings.graphql_max_answer_bytes)


async def _context(request: Request[Any, Any, Any]) -> dict[str, Any]:
    return {"request": request}


# The key and cache of the request being answered, from the before- to the after-request hook.
_PENDING: ContextVar[tuple[str, Any] | None] = ContextVar("graphql_pending", default=None)


async def _repeated_query(request: Request[Any, Any, Any]) -> Response[bytes] | None:
    """Every operation here is a pure query, so a byte-for-byte repeat gets the earlier answer from the local
    tier without parsing, validating or executing it again."""
    _PENDING.set(None)
    if request.method != "POST":
        return None
    key = body_key("graphql", RULESET, f"{VERSION}-{catalog().digest}", await request.body())
    cache = request.app.state.cache
    hit = cache.local_get(key)
    if hit is not None:
        return Response(hit, media_type="application/json", headers={"X-Cache": "local"})
    _PENDING.set((key, cache))
    return None


async def _remember(response: Response[Any]) -> Response[Any]:
    pending = _PENDING.get()
    if pending is not None and response.status_code == 200 and isinstance(response.content, bytes):
        key, cache = pending
        cache.local_put(key, response.content)
    return response


def graphql_controller(settings: Settings) -> type:
    base = make_graphql_controller(build_schema(settings), path="/graphql", context_getter=_context,
                                   allow_queries_via_get=False, graphql_ide="graphiql" if settings.graphiql else None)

    class GraphQLController(TransportMixin, base):  # type: ignore[misc, valid-type]
        include_in_schema = False
        before_request = _repeated_query
        after_request = _remember
        max_query_bytes = settings.graphql_max_bytes

    return GraphQLController


__all__ = ["build_schema", "graphql_controller", "json"]
