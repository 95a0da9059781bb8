"""GraphQL adapter: one namespace per ruleset, typed end to end from the pydantic models that define REST.

``Query { rulesets, fight2e { priceMove(input: …) priceMoves validateFighter resolveTurn priceAttackString
catalog { entries(…) keywords basicMoves qualities weaknesses quirks skills powerLevels } } }``: every field of a
namespace is generated (service/graphql/typed) from the ruleset's ``Operation`` records, and its ``catalog`` from
its ``CatalogueDocument`` records (typed/catalogue.py). Rule violations are data, and input
outside the contract's bounds (which GraphQL's types cannot state) is an ``InvalidInput`` member of each result
union with problem paths in GraphQL's names, so a well-formed query never gets ``errors``. Answers share the REST
cache keys (ruleset version + canonical request, as the operation's ``caching`` says).

Each operation runs in a worker thread (service/graphql/transport.py) within the bounds of
service/graphql/guard.py, so the resolvers are plain functions: the cache tiers are reached through ``cached``.
"""

from __future__ import annotations

from contextvars import ContextVar
from functools import cache
from typing import Any, ClassVar

import strawberry
from graphql import GraphQLSchema
from graphql import build_schema as build_sdl_schema
from graphql.validation import NoSchemaIntrospectionCustomRule
from litestar import Request, Response
from litestar.background_tasks import BackgroundTasks
from litestar.di import Provide
from litestar.types import Dependencies
from pydantic import BaseModel
from strawberry.extensions import AddValidationRules, MaxTokensLimiter
from strawberry.extensions.max_aliases import create_validator as alias_validator
from strawberry.extensions.query_depth_limiter import create_validator as depth_validator
from strawberry.litestar import make_graphql_controller
from strawberry.schema.config import StrawberryConfig
from strawberry.types.field import StrawberryField

from ..api.body import REPEAT_KEY, repeat_key_of
from ..api.system import RulesetInfo as RulesetInfoModel
from ..api.system import ruleset_infos as rulesets
from ..cache import body_key, cache_key
from ..rules.core.ruleset import Caching, Operation, Ruleset
from ..rules.core.ruleset import rulesets as ruleset_records
from ..settings import Settings
from .execution import direct_operations, plain_fields, plain_inputs_context
from .guard import DocumentCache, Guard
from .transport import ThreadedSchema, TransportMixin, cached
from .typed import SCALAR_MAP, TypeRegistry, namespace_type, root_query
from .typed.namespace import coverage_document
from .typed.raw import RawInputs
from .typed.registry import camel, runtime_type

PATHS_NOTE = (
    "Inside an answer, a finding's `path` is the REST path of what it is about (JSON names, e.g. "
    "`elements[0].options`), the one notation of the whole service; `InvalidInput` problems use GraphQL's names."
)


def _serialised(answer: BaseModel | bytes) -> bytes:
    return answer if isinstance(answer, bytes) else answer.model_dump_json().encode()


def _invoker(ruleset: Ruleset) -> Any:
    """How a ruleset's operations are called from a worker thread: through the two-tier cache, under the REST
    endpoint's key (``service.api.rulesets.answer``'s: the ruleset version and the canonical request), so REST and
    GraphQL share answers; computed in the thread, never on the event loop. An answer computed here is converted
    from the model itself (the cache keeps its JSON); one from the cache, from its JSON."""

    def invoke(op: Operation, request: BaseModel, info: strawberry.Info) -> BaseModel | bytes:
        if op.caching is Caching.none:
            return op.run(request)
        state = info.context["request"].app.state
        key = cache_key(op.name, ruleset.id, ruleset.version, request)
        shared = op.caching is Caching.shared or bool(state.settings.share_single_prices)
        computed: list[BaseModel | bytes] = []

        def compute() -> bytes:
            computed.append(op.run(request))
            return _serialised(computed[0])

        body = cached(state.cache, key, compute, shared=shared)
        return computed[0] if computed else body

    return invoke


def _rulesets_field(registry: TypeRegistry) -> StrawberryField:
    out = registry.output_type(RulesetInfoModel)
    convert = registry.output_converter(RulesetInfoModel)

    def resolve() -> Any:
        return [convert(r) for r in rulesets()]

    resolve.__annotations__ = {"return": runtime_type(list, out)}
    return strawberry.field(resolver=resolve, name="rulesets", description="The rulesets this service hosts.")


def query_type(registry: TypeRegistry | None = None) -> type:
    """The root ``Query``: ``rulesets`` and one namespace per registered ruleset (its types in ``registry``)."""
    registry = registry if registry is not None else TypeRegistry()
    namespaces = {}
    for ruleset in ruleset_records():
        for op in ruleset.operations:  # the operations' types first: they keep the plainest names
            registry.input_type(op.request, ruleset.id)
            registry.output_type(op.answer, ruleset.id)
        namespaces[ruleset.id] = namespace_type(
            ruleset.id,
            ruleset.operations,
            catalogue=ruleset.catalogue,
            coverage=coverage_document(ruleset),
            registry=registry,
            invoke=_invoker(ruleset),
            description=f"{ruleset.title} (ruleset `{ruleset.id}`). {PATHS_NOTE}",
        )
    return root_query(namespaces, extra=[_rulesets_field(registry)])


@cache
def sdl_schema() -> GraphQLSchema:
    return build_sdl_schema(
        strawberry.Schema(query=query_type(), config=StrawberryConfig(scalar_map=SCALAR_MAP)).as_str()
    )


def graphql_type(name: str) -> Any:
    """A named type of the schema as its SDL states it, e.g. to encode REST JSON as variables
    (``variables.encode``)."""
    return sdl_schema().get_type(name)


def build_schema(
    settings: Settings, *, plain_inputs: bool = True, data_fields: bool = True, known_documents: bool = True
) -> strawberry.Schema:
    """The served schema. ``plain_inputs`` (operations' inputs from the raw variables), ``data_fields`` (data
    fields read directly) and ``known_documents`` (a validated document executed without the extension hooks) can
    be turned off to measure what each saves (bench/graphql_cpu.py ``--steps``)."""
    rules: list[Any] = [
        depth_validator(settings.graphql_max_depth, None),
        alias_validator(settings.graphql_max_aliases),
    ]
    if not settings.graphql_introspection:
        rules.append(NoSchemaIntrospectionCustomRule)
    documents = DocumentCache(settings.graphql_document_cache_bytes)

    def guard() -> Guard:
        return Guard(
            cache=documents,
            max_selections=settings.graphql_max_selections,
            max_cost=settings.graphql_max_cost,
            operations=OPERATIONS,
        )

    registry = TypeRegistry()
    schema = ThreadedSchema(
        query=query_type(registry),
        execution_context_class=plain_inputs_context(RawInputs(registry)) if plain_inputs else None,
        config=StrawberryConfig(scalar_map=SCALAR_MAP),
        extensions=[
            lambda: MaxTokensLimiter(max_token_count=settings.graphql_max_tokens),
            guard,
            lambda: AddValidationRules(rules),
        ],
    )
    if data_fields:
        plain_fields(schema._schema)
        direct_operations(schema._schema)
    return schema.configure(
        threads=settings.graphql_threads,
        max_answer_bytes=settings.graphql_max_answer_bytes,
        documents=documents if known_documents else None,
        guard=guard(),
    )


async def _context(request: Request[Any, Any, Any]) -> dict[str, Any]:
    return {"request": request}


# Every ruleset's derived version (code and data): a repeated query's answer is kept under them all.
_VERSIONS = "-".join(f"{r.id}:{r.version}" for r in ruleset_records())
# Namespace field → operation field → its record: what the cost guard charges by.
OPERATIONS = {camel(r.id): {camel(op.name): op for op in r.operations} for r in ruleset_records()}

# The key and cache of the request being answered, from the before- to the after-request hook.
_PENDING: ContextVar[tuple[str, Any] | None] = ContextVar("graphql_pending", default=None)


def _query_key(body: bytes) -> str:
    """Every operation here is a pure query, so a byte-for-byte repeat gets the earlier answer from the local
    tier without parsing, validating or executing it again (the body gate answers it: api/body.py)."""
    return body_key("graphql", "all", _VERSIONS, body)


async def _pending_query(request: Request[Any, Any, Any]) -> None:
    """A query the body gate did not find: its answer is kept under its body's key (``_remember``)."""
    key = repeat_key_of(request.scope)
    _PENDING.set(None if key is None else (key, request.app.state.cache))


async def _remember(response: Response[Any]) -> Response[Any]:
    pending = _PENDING.get()
    if pending is not None and response.status_code == 200 and isinstance(response.content, bytes):
        key, cache = pending
        cache.local_put(key, response.content)
    return response


def _temporal_response() -> Response[Any]:
    """The response resolvers may set headers or a status on (Strawberry's ``info.context["response"]``)."""
    return Response({}, background=BackgroundTasks([]))


def graphql_controller(settings: Settings) -> type:
    base = make_graphql_controller(
        build_schema(settings),
        path="/graphql",
        context_getter=_context,
        allow_queries_via_get=False,
        graphql_ide="graphiql" if settings.graphiql else None,
    )

    class GraphQLController(TransportMixin, base):  # type: ignore[misc, valid-type]
        include_in_schema = False
        # Strawberry builds this placeholder response in a worker thread (``sync_to_thread=True``): a thread pool
        # round trip on every request for two constructors. Built inline here.
        dependencies: ClassVar[Dependencies] = {
            **base.dependencies,
            "response": Provide(_temporal_response, sync_to_thread=False),
        }
        before_request = _pending_query
        opt: ClassVar[dict[str, Any]] = {REPEAT_KEY: _query_key}
        after_request = _remember
        max_query_bytes = settings.graphql_max_bytes

    return GraphQLController


__all__ = ["build_schema", "graphql_controller", "graphql_type", "query_type", "sdl_schema"]
