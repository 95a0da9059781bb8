"""REST adapter of the fight2e ruleset: thin calls into the pure core, through the two-tier cache."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Annotated, Any, Literal

from litestar import Controller, Request, Response, get, post
from litestar.datastructures import State
from litestar.exceptions import NotFoundException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter
from litestar.status_codes import HTTP_200_OK, HTTP_304_NOT_MODIFIED
from pydantic import BaseModel

from ..cache import body_key, cache_key
from ..problems import COMMON, POSTED, problem_responses
from ..rules.fight2e import RULESET, VERSION
from ..rules.fight2e.attack_strings import AttackStringPrice, AttackStringRequest, price_attack_string
from ..rules.fight2e.catalog import catalog
from ..rules.fight2e.models import MovePrice, MoveRequest, PriceBatchRequest, PriceBatchResponse
from ..rules.fight2e.moves import price_json
from ..rules.fight2e.schema import Entry, FixedMove, Keyword, KeywordCategory
from .catalog_filters import EntryKind, MoveType, filter_entries, filter_fixed_moves, filter_keywords

JSON = "application/json"
CATALOG_CACHE_CONTROL = "public, max-age=3600"
CATALOG_RESPONSES = {**problem_responses(*COMMON),
                     304: ResponseSpec(data_container=None, description="Not modified (If-None-Match matched)")}


class CatalogDocument(BaseModel):
    ruleset: str
    ruleset_version: str
    elements: list[Entry]
    liabilities: list[Entry]
    keywords: list[Keyword]
    basic_moves: list[FixedMove]


@cache
def _catalog_bodies() -> dict[str, tuple[bytes, str]]:
    """Each catalogue document serialized once, with its ETag."""
    cat = catalog()
    head = {"ruleset": RULESET, "ruleset_version": VERSION}
    docs: dict[str, Any] = {
        "catalog": CatalogDocument(**head, elements=cat.elements(), liabilities=cat.liabilities(),
                                   keywords=list(cat.keywords.values()), basic_moves=list(cat.fixed_moves.values())),
        "elements": {**head, "elements": [e.model_dump(mode="json") for e in cat.elements()]},
        "liabilities": {**head, "liabilities": [e.model_dump(mode="json") for e in cat.liabilities()]},
        "keywords": {**head, "keywords": [k.model_dump(mode="json") for k in cat.keywords.values()]},
        "basic-moves": {**head, "basic_moves": [m.model_dump(mode="json") for m in cat.fixed_moves.values()]},
    }
    out = {}
    for name, doc in docs.items():
        body = doc.model_dump_json().encode() if isinstance(doc, BaseModel) else json.dumps(doc).encode()
        out[name] = (body, f'"{VERSION}-{cat.digest}-{name}"')
    return out


def _catalog_response(request: Request[Any, Any, Any], name: str) -> Response[bytes]:
    return etag_response(request, *_catalog_bodies()[name])


def _listing(request: Request[Any, Any, Any], name: str, field: str, items: list[Any] | None) -> Response[bytes]:
    """A catalogue list: the whole stored document, or (``items`` given) the entries a filter kept, with an ETag
    of its own per filter."""
    if items is None:
        return _catalog_response(request, name)
    _, etag = _catalog_bodies().get(name, (b"", f'"{VERSION}-{catalog().digest}-{name}"'))
    query = hashlib.sha256(request.url.query.encode()).hexdigest()[:16]
    body = json.dumps({"ruleset": RULESET, "ruleset_version": VERSION,
                       field: [i.model_dump(mode="json") for i in items]}).encode()
    return etag_response(request, body, f'{etag[:-1]}-{query}"')


# The filters (query parameters); any other query parameter is a 400 (catalog_filters.StrictQuery).
SearchParam = Annotated[str | None, QueryParameter(min_length=1, max_length=100,
                                                   description="Case-insensitive part of the name or id")]
KeywordParam = Annotated[str | None, QueryParameter(min_length=1, max_length=64, pattern=r"^[a-z0-9_]+$",
                                                    description="A keyword id (see /keywords): entries that give it")]
MoveTypeParam = Annotated[MoveType | None, QueryParameter(description="Only entries allowed on this move type")]


def _any(*values: object) -> bool:
    return any(v is not None for v in values)


def etag_response(request: Request[Any, Any, Any], body: bytes, etag: str) -> Response[bytes]:
    """A catalogue document with its ETag; 304 when the client already has it."""
    headers = {"ETag": etag, "Cache-Control": CATALOG_CACHE_CONTROL}
    match = request.headers.get("if-none-match")
    # Weak comparison (RFC 9110 §13.1.2): W/"x" matches "x", as a cache or a compressing proxy may have weakened it.
    if match and (match.strip() == "*" or etag in [m.strip().removeprefix("W/") for m in match.split(",")]):
        return Response(b"", status_code=HTTP_304_NOT_MODIFIED, headers=headers)
    return Response(body, media_type=JSON, headers=headers)


class ElementList(BaseModel):
    ruleset: str
    ruleset_version: str
    elements: list[Entry]


class LiabilityList(BaseModel):
    ruleset: str
    ruleset_version: str
    liabilities: list[Entry]


class EntryList(BaseModel):
    ruleset: str
    ruleset_version: str
    entries: list[Entry]


class KeywordList(BaseModel):
    ruleset: str
    ruleset_version: str
    keywords: list[Keyword]


class FixedMoveList(BaseModel):
    ruleset: str
    ruleset_version: str
    basic_moves: list[FixedMove]


class Fight2eCatalogController(Controller):
    path = "/v1/fight2e/catalog"
    tags = ["fight2e catalogue"]

    @get("/", responses=CATALOG_RESPONSES,
         summary="The whole catalogue: Elements, Liabilities, Keywords, Basic and Command Moves")
    async def whole(self, request: Request[Any, Any, Any]) -> Response[CatalogDocument]:
        return _catalog_response(request, "catalog")  # type: ignore[return-value]

    @get("/elements", responses=CATALOG_RESPONSES, summary="Elements (including modifier and Super-only Elements)")
    async def elements(self, request: Request[Any, Any, Any], move_type: MoveTypeParam = None,
                       keyword: KeywordParam = None, search: SearchParam = None) -> Response[ElementList]:
        items = filter_entries(catalog().elements(), move_type=move_type, keyword=keyword, search=search) \
            if _any(move_type, keyword, search) else None
        return _listing(request, "elements", "elements", items)  # type: ignore[return-value]

    @get("/liabilities", responses=CATALOG_RESPONSES,
         summary="Liabilities (including Super-only and campaign Liabilities)")
    async def liabilities(self, request: Request[Any, Any, Any], move_type: MoveTypeParam = None,
                          keyword: KeywordParam = None, search: SearchParam = None) -> Response[LiabilityList]:
        items = filter_entries(catalog().liabilities(), move_type=move_type, keyword=keyword, search=search) \
            if _any(move_type, keyword, search) else None
        return _listing(request, "liabilities", "liabilities", items)  # type: ignore[return-value]

    @get("/entries", responses=CATALOG_RESPONSES, summary="Elements and Liabilities, filtered")
    async def entries(self, request: Request[Any, Any, Any], kind: FromQuery[EntryKind | None] = None,
                      move_type: MoveTypeParam = None, keyword: KeywordParam = None,
                      search: SearchParam = None) -> Response[EntryList]:
        items = filter_entries(catalog().entries.values(), kind=kind, move_type=move_type, keyword=keyword,
                               search=search)
        return _listing(request, "entries", "entries", items)  # type: ignore[return-value]

    @get("/keywords", responses=CATALOG_RESPONSES, summary="Keywords and what each means")
    async def keywords(self, request: Request[Any, Any, Any], category: FromQuery[KeywordCategory | None] = None,
                       search: SearchParam = None) -> Response[KeywordList]:
        items = filter_keywords(catalog().keywords.values(), category=category, search=search) \
            if _any(category, search) else None
        return _listing(request, "keywords", "keywords", items)  # type: ignore[return-value]

    @get("/basic-moves", responses=CATALOG_RESPONSES,
         summary="Basic Moves and book-defined Command Moves as fixed stat blocks")
    async def basic_moves(self, request: Request[Any, Any, Any],
                          kind: FromQuery[Literal["basic", "command"] | None] = None,
                          keyword: KeywordParam = None, search: SearchParam = None) -> Response[FixedMoveList]:
        items = filter_fixed_moves(catalog().fixed_moves.values(), kind=kind, keyword=keyword, search=search) \
            if _any(kind, keyword, search) else None
        return _listing(request, "basic-moves", "basic_moves", items)  # type: ignore[return-value]

    @get("/entries/{entry_id:str}", responses=problem_responses(*COMMON, 404), summary="One Element or Liability by id")
    async def entry(self, entry_id: FromPath[str]) -> Entry:
        entry = catalog().entries.get(entry_id)
        if entry is None:
            raise NotFoundException(f"No Element or Liability has the id '{entry_id}'.")
        return entry


def price_bytes(move: MoveRequest) -> bytes:
    return price_json(move)


def _version() -> str:
    return f"{VERSION}-{catalog().digest}"


async def cached_price(state: State, move: MoveRequest) -> tuple[bytes, str]:
    key = cache_key("price", RULESET, _version(), move)
    # One pricing costs about 25 µs with its JSON; a Redis hit 50–100 µs even on loopback, so the shared tier is
    # opt-in for single moves (settings.share_single_prices; figures in bench/RESULTS.md).
    body, tier = await state.cache.get_or_compute(key, lambda: price_bytes(move),
                                                  shared=state.settings.share_single_prices)
    return body, tier.value


async def repeated_body(request: Request[Any, Any, Any]) -> Response[bytes] | None:
    """Answer a byte-for-byte repeat of an earlier request from the local tier before parsing it again."""
    body = await request.body()
    hit = request.app.state.cache.local_get(body_key(request.url.path, RULESET, _version(), body))
    if hit is None:
        return None
    return Response(hit, media_type=JSON, headers={"X-Cache": "local"})


def remember_body(state: State, request: Request[Any, Any, Any], answer: bytes, body: bytes) -> None:
    state.cache.local_put(body_key(request.url.path, RULESET, _version(), body), answer)


class Fight2eMovesController(Controller):
    path = "/v1/fight2e/moves"
    tags = ["fight2e moves"]

    @post("/price", status_code=HTTP_200_OK, responses=problem_responses(*POSTED), before_request=repeated_body,
          summary="Price and validate one Special or Super Move",
          description="Answers 200 for every well-formed move: `legal` says whether the book allows it, "
                      "`violations` lists every broken rule with a stable code, and the figures are computed "
                      "even for an illegal move. The `X-Cache` header says which cache tier served it.")
    async def price(self, state: State, request: Request[Any, Any, Any],
                    data: JSONBody[MoveRequest]) -> Response[MovePrice]:
        body, tier = await cached_price(state, data)
        remember_body(state, request, body, await request.body())
        return Response(body, media_type=JSON, headers={"X-Cache": tier})  # type: ignore[return-value]

    @post("/attack-string", status_code=HTTP_200_OK, responses=problem_responses(*POSTED),
          summary="Price an Attack String (campaign option): Control, Accuracy and damage of chained Basic Moves")
    async def attack_string(self, data: JSONBody[AttackStringRequest]) -> AttackStringPrice:
        return price_attack_string(data)

    @post("/price-batch", status_code=HTTP_200_OK, responses=problem_responses(*POSTED), before_request=repeated_body,
          summary="Price up to 200 moves; one answer per move, in order")
    async def price_batch(self, state: State, request: Request[Any, Any, Any],
                          data: JSONBody[PriceBatchRequest]) -> Response[PriceBatchResponse]:
        key = cache_key("price-batch", RULESET, _version(), data)

        def compute() -> bytes:
            parts = b",".join(price_bytes(m) for m in data.moves)
            head = json.dumps({"ruleset": RULESET, "ruleset_version": VERSION})[:-1].encode()
            return head + b',"results":[' + parts + b"]}"

        body, tier = await state.cache.get_or_compute(key, compute, shared=True)
        remember_body(state, request, body, await request.body())
        return Response(body, media_type=JSON, headers={"X-Cache": tier.value})  # type: ignore[return-value]
