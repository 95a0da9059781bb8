"""Bounds on the work one GraphQL request can cause, checked before the work is done.

Order of the checks, cheapest first: the document's size in bytes (at the transport, before anything is parsed);
its tokens (the parser stops at the limit); the number of field selections (before validation, whose
overlapping-fields rule is quadratic in them); the cost of the operation, from the document and the raw
variables (before graphql-core converts any input); finally the size of the answer (before it is sent).

The cost is in the units of the REST per-request caps: one move priced is 1, so the default limit (200) admits
what one REST request can ask for — a price batch of 200 moves, a Fighter of up to 100 moves, one turn — and
nothing that is many of them at once. A parsed document is reused only when it is small and passed validation,
and the cache holding them is bounded by an estimate of their memory.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import anyio.from_thread
from cachetools import LRUCache
from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    ListValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    VariableNode,
    value_from_ast_untyped,
)
from strawberry.extensions import SchemaExtension
from strawberry.utils.str_converters import to_camel_case

# A parsed document takes 100–200 bytes of memory per byte of query text (measured with tracemalloc on
# graphql-core 3.3); the cache charges each entry at the upper figure.
AST_BYTES_PER_QUERY_BYTE = 250
CACHEABLE_QUERY_BYTES = 8 * 1024

# A list in an operation's input longer than this adds its excess to the cost: no request model admits more
# (a turn's 400 decisions or rolls are the longest), so a huge list is refused by its cost before GraphQL
# converts it.
MAX_LIST_ITEMS = 400
CATALOGUE_WEIGHT = 10  # a catalogue field answers a whole list
INTROSPECTION_WEIGHT = 10

COST_CODE = "QUERY_TOO_COSTLY"
SIZE_CODE = "RESPONSE_TOO_LARGE"
FIELDS_CODE = "QUERY_TOO_LARGE"
RATE_CODE = "RATE_LIMITED"
PARSE_CODE = "GRAPHQL_PARSE_FAILED"
VALIDATION_CODE = "GRAPHQL_VALIDATION_FAILED"
VARIABLES_CODE = "BAD_USER_INPUT"  # a variable's value does not fit its declared type (coercion, before execution)


def _estimated_bytes(doc: DocumentNode) -> int:
    loc = doc.loc
    return (loc.end if loc else CACHEABLE_QUERY_BYTES) * AST_BYTES_PER_QUERY_BYTE


class DocumentCache:
    """Parsed documents that passed validation, by query text; bounded by the estimated memory they hold."""

    def __init__(self, max_bytes: int) -> None:
        self.enabled = max_bytes > 0
        self._lock = threading.Lock()
        self._lru: LRUCache[str, DocumentNode] = LRUCache(maxsize=max(max_bytes, 1), getsizeof=_estimated_bytes)

    def get(self, query: str) -> DocumentNode | None:
        if not self.enabled:
            return None
        with self._lock:
            return self._lru.get(query)

    def put(self, query: str, doc: DocumentNode) -> None:
        if self.enabled and len(query) <= CACHEABLE_QUERY_BYTES:
            with self._lock:
                self._lru[query] = doc

    @property
    def bytes(self) -> int:
        return int(self._lru.currsize)

    def __len__(self) -> int:
        return len(self._lru)


def _selection_count(doc: DocumentNode) -> tuple[int, bool]:
    """The fields and fragments the document selects, and whether a selection set is empty (``{ }``, which
    graphql-core's parser lets through and GraphQL's grammar does not)."""
    count, empty = 0, False
    stack: list[SelectionSetNode] = [
        d.selection_set for d in doc.definitions if isinstance(d, OperationDefinitionNode | FragmentDefinitionNode)
    ]
    while stack:
        selections = stack.pop().selections
        empty = empty or not selections
        for sel in selections:
            count += 1
            if isinstance(sel, FieldNode | InlineFragmentNode) and sel.selection_set is not None:
                stack.append(sel.selection_set)
    return count, empty


class _Raw:
    """A raw GraphQL input value read with the request model's attribute names (``request.fighter.moves``), so an
    ``Operation.cost`` can price it before it is converted."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        key = _camel(name)
        if key not in self._data:
            raise AttributeError(name)
        return _raw(self._data[key])


_camel = functools.lru_cache(maxsize=1024)(to_camel_case)


def _raw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return _Raw(value)
    if isinstance(value, list):
        return [_raw(v) for v in value]
    return value


def _excess(value: Any) -> int:
    """Items beyond ``MAX_LIST_ITEMS`` in every list of a raw input (iteratively: inputs may nest deeply)."""
    excess, stack = 0, [value]
    while stack:  # JSON and literal values are dicts and lists (concrete types: cheap checks, on every request)
        item = stack.pop()
        if type(item) is list:
            if len(item) > MAX_LIST_ITEMS:
                excess += len(item) - MAX_LIST_ITEMS
            stack += [i for i in item if type(i) in _CONTAINERS]
        elif type(item) is dict:
            stack += [v for v in item.values() if type(v) in _CONTAINERS]
    return excess


_CONTAINERS = frozenset((list, dict))  # what JSON and graphql-core's literal values nest in


def _operation_cost(op: Any, field: FieldNode, variables: dict[str, Any]) -> int:
    """The operation's own ``cost`` of the raw input (1 if the input is too malformed to price: validation refuses
    it), or its lists' excess when larger."""
    node = next((a.value for a in field.arguments or () if a.name.value == "input"), None)
    value = value_from_ast_untyped(node, variables) if node is not None else None
    try:
        cost = int(op.cost(_raw(value))) if isinstance(value, Mapping) else 1
    except (AttributeError, TypeError, ValueError, KeyError, IndexError):
        cost = 1
    return max(cost, 1 + _excess(value))


def _catalogue_cost(field: FieldNode, variables: dict[str, Any]) -> int:
    ids = next((a.value for a in field.arguments or () if a.name.value == "ids"), None)
    if isinstance(ids, ListValueNode):
        return CATALOGUE_WEIGHT + len(ids.values)
    value = variables.get(ids.name.value) if isinstance(ids, VariableNode) else None
    return CATALOGUE_WEIGHT + (len(value) if isinstance(value, list) else 0)


Namespaces = Mapping[str, Mapping[str, Any]]  # namespace field → operation field → its Operation record


def field_cost(
    field: FieldNode,
    variables: dict[str, Any],
    namespaces: Namespaces,
    walk: Callable[[SelectionSetNode], Iterator[FieldNode]],
) -> int:
    """A root field's cost: a namespace costs what its fields cost (an operation its ``Operation.cost``, a
    catalogue field ``CATALOGUE_WEIGHT``), introspection ``INTROSPECTION_WEIGHT``, anything else 1."""
    name = field.name.value
    if name in namespaces and field.selection_set is not None:
        operations, total = namespaces[name], 0
        for sub in walk(field.selection_set):
            op = operations.get(sub.name.value)
            if op is not None:
                total += _operation_cost(op, sub, variables)
            elif sub.name.value == "catalog" and sub.selection_set is not None:
                total += sum(
                    _catalogue_cost(f, variables) for f in walk(sub.selection_set) if f.name.value != "__typename"
                )
        return total
    if name in ("__schema", "__type"):
        return INTROSPECTION_WEIGHT
    if name == "__typename":
        return 0
    return 1


def _walk(
    selection_set: SelectionSetNode, fragments: dict[str, FragmentDefinitionNode], seen: set[str]
) -> Iterator[FieldNode]:
    for sel in selection_set.selections:
        if isinstance(sel, FieldNode):
            yield sel
        elif isinstance(sel, InlineFragmentNode):
            yield from _walk(sel.selection_set, fragments, seen)
        elif isinstance(sel, FragmentSpreadNode) and sel.name.value in fragments and sel.name.value not in seen:
            seen.add(sel.name.value)  # validation refuses cycles; this keeps the walk finite before it
            yield from _walk(fragments[sel.name.value].selection_set, fragments, seen)


def operation_cost(
    doc: DocumentNode, operation_name: str | None, variables: dict[str, Any] | None, namespaces: Namespaces
) -> int:
    """The cost of the operation that would run: every field (aliases and fragments included) priced by its
    arguments. Fields under @skip/@include are counted as if they ran."""
    variables = variables or {}
    fragments = {d.name.value: d for d in doc.definitions if isinstance(d, FragmentDefinitionNode)}
    operations = [
        d
        for d in doc.definitions
        if isinstance(d, OperationDefinitionNode)
        and (operation_name is None or (d.name is not None and d.name.value == operation_name))
    ]
    total = 0
    seen: set[str] = set()  # per document: a fragment spread twice is counted once (validation refuses cycles)
    # A partial, not a closure that calls itself (a reference cycle left to the collector on every request).
    walk = functools.partial(_walk, fragments=fragments, seen=seen)
    for op in operations:
        for field in walk(op.selection_set):
            total += field_cost(field, variables, namespaces, walk)
    return total


class Guard(SchemaExtension):
    """Reuses small valid documents, bounds validation work, prices the operation and refuses it when too costly.

    The cost is recorded as ``request.scope["state"]["graphql_cost"]`` before execution, and charged to the rate
    limit through ``app.state["graphql_charge"]`` when the app sets it (``service.ratelimit.charge_extra``).
    """

    def __init__(
        self, *, cache: DocumentCache, max_selections: int, max_cost: int, operations: Namespaces | None = None
    ) -> None:
        self.cache = cache
        self.operations = operations or {}
        self.max_selections = max_selections
        self.max_cost = max_cost
        self.cached = False
        self.phase = ""

    def on_operation(self) -> Iterator[None]:
        yield
        # graphql-core's parse and validation errors carry no code; clients branch on one.
        code = {"parse": PARSE_CODE, "validate": VALIDATION_CODE}.get(self.phase)
        errors = self.execution_context.pre_execution_errors or []
        for error in errors if code else []:
            if not (error.extensions or {}).get("code"):
                error.extensions = {**(error.extensions or {}), "code": code}
        result = getattr(self.execution_context, "result", None)
        label_variable_errors(result.errors if result is not None else None)

    def on_parse(self) -> Iterator[None]:
        self.phase = "parse"
        ctx = self.execution_context
        if ctx.query is not None and (doc := self.cache.get(ctx.query)) is not None:
            ctx.graphql_document = doc
            self.cached = True
        yield

    def on_validate(self) -> Iterator[None]:
        self.phase = "validate"
        ctx = self.execution_context
        if self.cached:
            ctx.pre_execution_errors = []  # it passed validation when it was cached
            yield
            return
        assert ctx.graphql_document is not None
        selections, empty = _selection_count(ctx.graphql_document)
        if empty:
            raise GraphQLError(
                "Syntax Error: a selection set `{ }` must select at least one field.", extensions={"code": PARSE_CODE}
            )
        if selections > self.max_selections:
            raise GraphQLError(
                f"The document selects {selections} fields; at most {self.max_selections} are allowed.",
                extensions={"code": FIELDS_CODE},
            )
        yield
        if not ctx.pre_execution_errors and ctx.query is not None:
            self.cache.put(ctx.query, ctx.graphql_document)

    def on_execute(self) -> Iterator[None]:
        self.phase = "execute"
        ctx = self.execution_context
        assert ctx.graphql_document is not None
        self.admit(ctx.graphql_document, ctx.operation_name, ctx.variables, ctx.context)
        yield

    def admit(self, document: DocumentNode, operation_name: str | None, variables: Any, context: Any) -> None:
        """Prices the operation, records its cost on the request and charges the rate limit; raises the GraphQL
        error a refused operation answers with."""
        cost = operation_cost(document, operation_name, variables, self.operations)
        request = context.get("request") if isinstance(context, dict) else None
        if request is not None:
            request.scope.setdefault("state", {})["graphql_cost"] = cost
        if cost > self.max_cost:
            raise GraphQLError(
                f"The query costs {cost} units; at most {self.max_cost} are allowed per request (each operation "
                "costs what its REST request is charged: a move priced is 1, a Fighter 1 plus its moves, a turn 50; "
                f"a catalogue list {CATALOGUE_WEIGHT}). Split it into several requests.",
                extensions={"code": COST_CODE, "cost": cost, "maxCost": self.max_cost},
            )
        if request is not None and cost > 1:  # the request itself was charged 1 by the middleware
            charge = request.app.state.get("graphql_charge")
            if charge is not None and not anyio.from_thread.run(charge, request, cost - 1):
                request.scope["state"]["graphql_rate_limited"] = True
                raise GraphQLError("Rate limit exceeded.", extensions={"code": RATE_CODE, "cost": cost})


def label_variable_errors(errors: list[GraphQLError] | None) -> None:
    """Coercing the variables fails inside execution, before any field runs: graphql-core names the variable, and
    the error gets the code clients branch on."""
    for error in errors or []:
        if not (error.extensions or {}).get("code") and error.message.startswith("Variable '$"):
            error.extensions = {**(error.extensions or {}), "code": VARIABLES_CODE}
