"""How a GraphQL request is served: off the event loop, within bounds, with transport errors as problem+json.

- Execution (parse, validate, resolve, complete and JSON-encode the answer) runs in a small thread pool, so a
  costly query never holds the event loop: health probes and other requests are answered meanwhile. The
  resolvers reach the cache tiers, which live on the loop, through ``cached()``.
- An answer larger than the cap is replaced by a GraphQL error (``RESPONSE_TOO_LARGE``), never truncated.
- A request that is not a well-formed GraphQL-over-HTTP request (body not JSON or not an object, no query,
  a query too large, an operation the method does not allow, an unsupported content type) gets a 4xx
  ``application/problem+json`` answer like REST. A well-formed request whose document fails (syntax, validation,
  depth, aliases, cost, answer size) gets ``200`` with ``errors``, each with ``extensions.code``, as GraphQL
  clients expect for ``application/json`` answers; rule violations stay data.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable, Iterable
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import strawberry
from cross_web import HTTPException
from graphql import ExecutionResult as GraphQLExecutionResult
from graphql import GraphQLError
from litestar import Request, Response
from strawberry.execution import optimized_is_awaitable
from strawberry.http import process_result
from strawberry.schema._graphql_core import execution_context_class_kwargs
from strawberry.schema.schema import DEFAULT_ALLOWED_OPERATION_TYPES
from strawberry.types import ExecutionResult
from strawberry.types.execution import ExecutionContext
from strawberry.types.graphql import OperationType
from strawberry.utils.logging import StrawberryLogger
from strawberry.utils.operation import get_operation_type

from ..cache import CACHE_EVENTS, TwoTierCache
from ..problems import problem
from .guard import SIZE_CODE, DocumentCache, Guard, label_variable_errors


async def _shared_lookup(cache: TwoTierCache, key: str) -> bytes | None:
    assert cache.redis is not None
    value = await cache.redis.get(key)
    CACHE_EVENTS.labels("redis", "hit" if value is not None else "miss").inc()
    return value


def cached(cache: TwoTierCache, key: str, compute: Callable[[], bytes], shared: bool) -> bytes:
    """The two-tier cache from a worker thread: the local tier here (it is thread-safe), Redis on the event loop
    (only when it is configured and the operation is worth a round trip), the answer computed here."""
    hit = cache.local_get(key)
    if hit is not None:
        return hit
    if cache.local_enabled:
        CACHE_EVENTS.labels("local", "miss").inc()
    redis = cache.redis if shared else None
    if redis is not None:
        hit = anyio.from_thread.run(_shared_lookup, cache, key)
        if hit is not None:
            cache.local_put(key, hit)
            return hit
    value = compute()
    cache.local_put(key, value)
    if redis is not None:
        anyio.from_thread.run_sync(redis.put, key, value)  # schedules the write; nothing waits for Redis
    return value


class ThreadedSchema(strawberry.Schema):
    """Runs each operation with ``execute_sync`` in a worker thread and encodes the answer there."""

    def configure(
        self, *, threads: int, max_answer_bytes: int, documents: DocumentCache | None = None, guard: Guard | None = None
    ) -> ThreadedSchema:
        """``documents`` and ``guard``: a document found among the validated ones is executed directly (``known``)
        with the guard's admission, without Strawberry's per-request extension hooks."""
        self.thread_count = threads
        self.max_answer_bytes = max_answer_bytes
        self.documents = documents
        self.guard = guard
        self._limiter: anyio.CapacityLimiter | None = None
        self._limiter_loop: asyncio.AbstractEventLoop | None = None
        return self

    async def execute(
        self,
        query: str | None,
        variable_values: dict[str, Any] | None = None,
        context_value: Any | None = None,
        root_value: Any | None = None,
        operation_name: str | None = None,
        allowed_operation_types: Iterable[Any] | None = None,
        operation_extensions: dict[str, Any] | None = None,
    ) -> ExecutionResult:
        loop = asyncio.get_running_loop()
        if self._limiter is None or self._limiter_loop is not loop:  # one per event loop (tests run several)
            self._limiter, self._limiter_loop = anyio.CapacityLimiter(self.thread_count), loop
        run = functools.partial(
            self._execute_encoded,
            query,
            variable_values,
            context_value,
            root_value,
            operation_name,
            allowed_operation_types,
            operation_extensions,
        )
        return await anyio.to_thread.run_sync(run, limiter=self._limiter)

    def _execute_encoded(self, *args: Any) -> ExecutionResult:
        result = self.known(*args)
        if result is None:
            result = self.execute_sync(*args)
        body = encode(result)
        if len(body) > self.max_answer_bytes:
            error = GraphQLError(
                f"The answer would be {len(body)} bytes; at most {self.max_answer_bytes} are sent. Select fewer "
                "fields or split the query.",
                extensions={"code": SIZE_CODE, "size": len(body), "maxSize": self.max_answer_bytes},
            )
            result = ExecutionResult(data=None, errors=[error])
            body = encode(result)
        result.encoded = body  # type: ignore[attr-defined]
        return result

    def known(
        self,
        query: str | None,
        variable_values: dict[str, Any] | None,
        context_value: Any,
        root_value: Any,
        operation_name: str | None,
        allowed_operation_types: Iterable[OperationType] | None,
        operation_extensions: dict[str, Any] | None,
    ) -> ExecutionResult | None:
        """A query whose document passed validation before (it is in the guard's cache) needs neither parsing nor
        validation: what is left of the extensions' work is the guard's admission (cost, rate) and the variable
        errors' code, done here, and graphql-core's execution as ``execute_sync`` calls it. Anything else (no such
        document, an operation type it cannot tell or does not allow) returns None: ``execute_sync`` answers it."""
        document = self.documents.get(query) if self.documents is not None and query else None
        if document is None or self.guard is None:
            return None
        try:
            operation_type = get_operation_type(document, operation_name)
        except RuntimeError:
            return None
        if operation_type not in (allowed_operation_types or DEFAULT_ALLOWED_OPERATION_TYPES):
            return None
        try:
            self.guard.admit(document, operation_name, variable_values, context_value)
            done = self._get_execute_function()(
                self._schema,
                document,
                root_value=root_value,
                variable_values=variable_values,
                operation_name=operation_name,
                context_value=context_value,
                is_awaitable=optimized_is_awaitable,
                **execution_context_class_kwargs(self.execution_context_class),
                **self._get_custom_context_kwargs(operation_extensions, sync=True),
            )
        except Exception as exc:  # as execute_sync answers an exception raised in an extension or the executor
            error = exc if isinstance(exc, GraphQLError) else GraphQLError(str(exc), original_error=exc)
            self.process_errors([error])
            return ExecutionResult(data=None, errors=[error])
        if not isinstance(done, GraphQLExecutionResult):  # incremental delivery: execute_sync's own answer
            return None
        label_variable_errors(done.errors)
        if done.errors:
            self.process_errors(done.errors)
        return ExecutionResult(data=done.data, errors=done.errors)

    def process_errors(self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None) -> None:
        """Log only errors that are bugs (an exception raised in our code); a client's bad query is not one."""
        for error in errors:
            if error.original_error is not None and not isinstance(error.original_error, GraphQLError):
                StrawberryLogger.error(error, execution_context)


def encode(result: ExecutionResult) -> bytes:
    return json.dumps(process_result(result), separators=(",", ":"), ensure_ascii=False).encode()


class _Encoded(dict[str, Any]):
    """The processed result together with the bytes already encoded in the worker thread."""

    body: bytes


_SLUGS = {
    400: "invalid-graphql-request",
    404: "not-found",
    405: "method-not-allowed",
    413: "graphql-query-too-large",
    415: "unsupported-media-type",
}


class TransportMixin:
    """Overrides of Strawberry's Litestar view: problem+json for transport errors, the query's byte limit, and
    the answer encoded in the worker thread."""

    max_query_bytes: int

    async def execute_request(self, request: Request[Any, Any, Any], context: Any, root_value: Any) -> Response[Any]:
        try:
            response = await self.run(request, context=context, root_value=root_value)  # type: ignore[attr-defined]
        except HTTPException as exc:
            status = exc.status_code
            detail = exc.reason
            if detail == "Unsupported content type":
                status, detail = 415, "A GraphQL request is a JSON body (content-type application/json)."
            return problem(status, detail, _SLUGS.get(status, f"http-{status}"), instance=request.url.path)
        state = request.scope.get("state", {})
        if state.get("graphql_rate_limited"):
            detail = f"This query costs {state['graphql_cost']} requests' worth of the rate limit; too many for now."
            return problem(429, detail, "rate-limited", instance=request.url.path)
        return response

    async def parse_http_body(self, request: Any) -> Any:
        try:
            data = await super().parse_http_body(request)  # type: ignore[misc]
        except HTTPException:
            raise
        except ValueError as exc:  # not UTF-8, or not JSON
            raise HTTPException(400, "The body is not valid JSON.") from exc
        except (AttributeError, TypeError) as exc:  # JSON, but not an object
            raise HTTPException(400, "The body must be a JSON object with a `query` string.") from exc
        for item in data if isinstance(data, list) else [data]:
            if isinstance(item.query, str) and len(item.query.encode()) > self.max_query_bytes:
                raise HTTPException(
                    413,
                    f"The GraphQL document is {len(item.query.encode())} bytes; at most "
                    f"{self.max_query_bytes} are accepted. Pass inputs as variables.",
                )
        return data

    async def process_result(self, request: Any, result: ExecutionResult) -> Any:
        out = process_result(result)
        body = getattr(result, "encoded", None)
        if body is None:
            return out
        encoded = _Encoded(out)
        encoded.body = body
        return encoded

    def encode_json(self, data: Any) -> bytes | str:
        if isinstance(data, _Encoded):
            return data.body
        return super().encode_json(data)  # type: ignore[misc]
