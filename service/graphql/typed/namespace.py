"""A ruleset's GraphQL namespace: one field per operation, generated from the ``Operation`` records.

``fight2e { priceMove(input: Fight2eMoveRequestInput!): Fight2ePriceMoveResult! … }`` where the result is the
answer type or ``InvalidInput``. Rule findings stay data in the answer; only input outside the contract's bounds
is an ``InvalidInput``; nothing a well-formed query asks gives GraphQL ``errors``.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Annotated, Any, Union

import msgspec
import strawberry
from pydantic import BaseModel, ValidationError
from strawberry.tools import create_type
from strawberry.types.field import StrawberryField

from ...rules.core.coverage import SUMMARY as COVERAGE_SUMMARY
from ...rules.core.coverage import Coverage
from ...rules.core.ruleset import CatalogueDocument, Operation, Ruleset
from .catalogue import catalogue_type, document_field
from .problems import InputProblem, InvalidInput, invalid_input, path_text
from .registry import OPERATION, InputPathError, Received, Translated, TypeRegistry, camel, pascal, runtime_type

# How an operation is called: the integrator passes one that wraps the cache; the default runs it.
Invoke = Callable[[Operation, BaseModel, strawberry.Info], Awaitable[BaseModel | bytes] | BaseModel | bytes]
_decode = msgspec.json.Decoder().decode


def _run(op: Operation, request: BaseModel, _info: strawberry.Info) -> BaseModel | bytes:
    return op.run(request)


class Converters:
    """Request and answer conversion for one registry (the registry must have built the types first)."""

    def __init__(self, registry: TypeRegistry) -> None:
        self.registry = registry

    def to_request(self, model: type[BaseModel], value: Any, *, strict: bool = True) -> BaseModel | InvalidInput:
        """The GraphQL input → ``model``, validated exactly as REST validates JSON (``strict``), or the problems
        at their GraphQL paths. ``value`` is what the generated input type gave the resolver (``Received``), a
        mapping in GraphQL's names, or a Strawberry input instance."""
        if isinstance(value, Translated):  # the raw variable, validated here once (typed/raw.py)
            try:
                return model.model_validate(value.data, strict=strict)
            except ValidationError as exc:
                return invalid_input(self.registry, model, exc, value.raw)
        if isinstance(value, Received):
            graphql, data, error = value
        else:
            graphql, data, error = value, None, None
            try:
                convert = (
                    self.registry.mapping_converter if isinstance(value, Mapping) else self.registry.input_converter
                )
                data = convert(model)(value)
            except InputPathError as exc:
                error = exc
        if error is not None or data is None:
            problem = InputProblem(
                path=path_text(error.parts if error else []),
                code="duplicate_key" if error else "missing",
                message=error.message if error else "no input was given",
            )
            return InvalidInput(message="The input is not well-formed.", problems=[problem])
        try:
            return model.model_validate(data, strict=strict)
        except ValidationError as exc:
            return invalid_input(self.registry, model, exc, graphql)

    def to_output(self, model: type[BaseModel], answer: BaseModel | bytes | dict[str, Any]) -> Any:
        """An answer (a pydantic instance, its JSON bytes or its JSON dict) → the GraphQL output value."""
        if isinstance(answer, bytes | bytearray | memoryview):
            answer = _decode(answer)
        return self.registry.output_converter(model)(answer)


def operation_field(
    op: Operation, namespace: str, registry: TypeRegistry, invoke: Invoke = _run, *, strict: bool = True
) -> StrawberryField:
    """The GraphQL field of one operation: ``input: <Request>Input!`` → ``<Answer> | InvalidInput``. The request
    is validated with ``strict`` as REST validates it (strict: JSON values, enum values as strings)."""
    request_type = registry.input_type(op.request, namespace)
    answer_type = registry.output_type(op.answer, namespace)
    converters = Converters(registry)
    registry.input_converter(op.request)
    registry.output_converter(op.answer)
    result_name = f"{pascal(namespace)}{pascal(op.name)}Result"
    result = runtime_type(Annotated, runtime_type(Union, answer_type, InvalidInput), strawberry.union(result_name))

    async def resolve_async(root: Any, info: strawberry.Info, input: Any) -> Any:
        request = converters.to_request(op.request, input, strict=strict)
        if isinstance(request, InvalidInput):
            return request
        answer = invoke(op, request, info)
        if inspect.isawaitable(answer):
            answer = await answer
        return converters.to_output(op.answer, answer)

    def resolve_sync(root: Any, info: strawberry.Info, input: Any) -> Any:
        request = converters.to_request(op.request, input, strict=strict)
        if isinstance(request, InvalidInput):
            return request
        return converters.to_output(op.answer, invoke(op, request, info))  # type: ignore[arg-type]

    # A synchronous ``invoke`` gets a synchronous resolver, so the schema also runs under ``execute_sync``.
    resolve = resolve_async if inspect.iscoroutinefunction(invoke) else resolve_sync
    setattr(resolve_sync, OPERATION, True)  # called directly for a plain input (service/graphql/execution.py)
    resolve.__name__ = op.name
    resolve.__annotations__ = {"root": Any, "info": strawberry.Info, "input": request_type, "return": result}
    description = " ".join(p for p in (op.summary, op.description) if p) or None
    return strawberry.field(resolver=resolve, name=camel(op.name), description=description)


def namespace_type(
    namespace: str,
    operations: Sequence[Operation],
    *,
    catalogue: Sequence[CatalogueDocument] = (),
    coverage: CatalogueDocument | None = None,
    registry: TypeRegistry | None = None,
    invoke: Invoke = _run,
    description: str | None = None,
    strict: bool = True,
) -> type:
    """``<Namespace>Query``: one field per operation, ``catalog`` (typed.catalogue) when there are catalogue
    documents, and ``coverage`` (a document without filters, as REST's ``GET /v1/{ruleset}/coverage``).
    ``invoke(op, request, info)`` calls the operation (sync or async; returns the answer model or its JSON bytes):
    pass one that goes through the cache. A synchronous one gives synchronous resolvers."""
    registry = registry or TypeRegistry()
    fields = [operation_field(op, namespace, registry, invoke, strict=strict) for op in operations]
    if catalogue:
        catalog = catalogue_type(namespace, catalogue, registry)

        def resolve_catalog(root: Any) -> Any:
            return catalog()

        resolve_catalog.__annotations__ = {"root": Any, "return": catalog}
        fields.append(strawberry.field(resolver=resolve_catalog, name="catalog", description="The catalogue."))
    if coverage is not None:
        fields.append(document_field(coverage, namespace, registry))
    return create_type(f"{pascal(namespace)}Query", fields, description=description)


def coverage_document(ruleset: Ruleset) -> CatalogueDocument | None:
    """The ruleset's coverage as a document without filters (its GraphQL field is built like a catalogue's)."""
    build = ruleset.coverage
    if build is None:
        return None
    return CatalogueDocument(name="coverage", summary=COVERAGE_SUMMARY + ".", model=Coverage, build=lambda _: build())


def ruleset_namespace(ruleset: Ruleset, *, registry: TypeRegistry | None = None, invoke: Invoke = _run) -> type:
    """The namespace of a ``Ruleset`` record: its operations and its catalogue."""
    return namespace_type(
        ruleset.id,
        ruleset.operations,
        catalogue=ruleset.catalogue,
        coverage=coverage_document(ruleset),
        registry=registry,
        invoke=invoke,
        description=ruleset.title,
    )


def namespace_field(namespace: str, query_type: type, description: str | None = None) -> StrawberryField:
    """A root field ``<namespace>: <Namespace>Query`` for the root ``Query`` (``create_type("Query", [...])``)."""

    def resolve() -> Any:
        return query_type()

    resolve.__name__ = namespace
    resolve.__annotations__ = {"return": query_type}
    return strawberry.field(resolver=resolve, name=camel(namespace), description=description)


def root_query(namespaces: Mapping[str, type], extra: Sequence[StrawberryField] = (), name: str = "Query") -> type:
    """A root ``Query`` with one field per namespace (plus ``extra`` fields)."""
    return create_type(name, [*(namespace_field(ns, t) for ns, t in namespaces.items()), *extra])
