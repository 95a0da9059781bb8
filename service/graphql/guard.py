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

import threading
from collections.abc import Iterator, Mapping
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
    ObjectValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValueNode,
    VariableNode,
    value_from_ast_untyped,
)
from strawberry.extensions import SchemaExtension

# A parsed document takes 100–200 bytes of memory per byte of query text (measured with tracemalloc on
# graphql-core 3.3); the cache charges each entry at the upper figure.
AST_BYTES_PER_QUERY_BYTE = 250
CACHEABLE_QUERY_BYTES = 8 * 1024

MAX_ENTRIES_PER_MOVE = 128  # 64 Elements + 64 Liabilities: the request model's bounds
TURN_WEIGHT = 50  # one turn costs about as much as 50 typical moves priced (bench/RESULTS.md: ~1–2 ms vs 20 µs)
CATALOGUE_WEIGHT = 10  # fight2eEntries answers the whole catalogue with each entry's detail
INTROSPECTION_WEIGHT = 10

COST_CODE = "QUERY_TOO_COSTLY"
SIZE_CODE = "RESPONSE_TOO_LARGE"
FIELDS_CODE = "QUERY_TOO_LARGE"
RATE_CODE = "RATE_LIMITED"
PARSE_CODE = "GRAPHQL_PARSE_FAILED"
VALIDATION_CODE = "GRAPHQL_VALIDATION_FAILED"


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


def _selection_count(doc: DocumentNode) -> int:
    count = 0
    stack: list[SelectionSetNode] = [
        d.selection_set for d in doc.definitions if isinstance(d, OperationDefinitionNode | FragmentDefinitionNode)
    ]
    while stack:
        for sel in stack.pop().selections:
            count += 1
            if isinstance(sel, FieldNode | InlineFragmentNode) and sel.selection_set is not None:
                stack.append(sel.selection_set)
    return count


def _length(node: ValueNode | None, variables: Mapping[str, Any]) -> tuple[int, list[Any]]:
    """How many items a list argument has, and the items as plain values where they are cheap to reach."""
    if isinstance(node, ListValueNode):
        return len(node.values), [
            value_from_ast_untyped(v, variables) for v in node.values if isinstance(v, ObjectValueNode | VariableNode)
        ]
    if isinstance(node, VariableNode):
        value = variables.get(node.name.value)
        if isinstance(value, list):
            return len(value), value
        return 1, [value]
    if node is None:
        return 0, []
    return 1, [value_from_ast_untyped(node, variables)]


def _move_cost(move: Any) -> int:
    """1, plus a penalty that grows with Element and Liability lists beyond the contract's bounds, so that a
    huge list is refused by its cost before GraphQL converts it."""
    if not isinstance(move, dict):
        return 1
    entries = sum(len(v) for k in ("elements", "liabilities") if isinstance(v := move.get(k), list))
    return 1 + max(0, entries - MAX_ENTRIES_PER_MOVE)


def _fighter_cost(fighter: Any) -> int:
    moves = fighter.get("moves") if isinstance(fighter, dict) else None
    return 1 + (sum(_move_cost(m) for m in moves) if isinstance(moves, list) else 0)


def field_cost(field: FieldNode, variables: Mapping[str, Any]) -> int:
    args = {a.name.value: a.value for a in field.arguments or ()}
    name = field.name.value
    if name == "priceMoves":
        n, moves = _length(args.get("moves"), variables)
        return max(n, sum(_move_cost(m) for m in moves))
    if name == "priceMove":
        return _move_cost(value_from_ast_untyped(args["move"], variables) if "move" in args else None)
    if name == "validateFighter":
        return _fighter_cost(value_from_ast_untyped(args["fighter"], variables) if "fighter" in args else None)
    if name == "resolveTurn":
        return TURN_WEIGHT
    if name == "fight2eEntries":
        return CATALOGUE_WEIGHT + _length(args.get("ids"), variables)[0]
    if name in ("__schema", "__type"):
        return INTROSPECTION_WEIGHT
    if name == "__typename":
        return 0
    return 1


def operation_cost(doc: DocumentNode, operation_name: str | None, variables: Mapping[str, Any] | None) -> int:
    """The cost of the operation that would run: every root field (aliases and fragments included) priced by its
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
    seen: set[str] = set()

    def walk(selection_set: SelectionSetNode) -> Iterator[FieldNode]:
        for sel in selection_set.selections:
            if isinstance(sel, FieldNode):
                yield sel
            elif isinstance(sel, InlineFragmentNode):
                yield from walk(sel.selection_set)
            elif isinstance(sel, FragmentSpreadNode) and sel.name.value in fragments and sel.name.value not in seen:
                seen.add(sel.name.value)  # validation refuses cycles; this keeps the walk finite before it
                yield from walk(fragments[sel.name.value].selection_set)

    for op in operations:
        for field in walk(op.selection_set):
            total += field_cost(field, variables)
    return total


class Guard(SchemaExtension):
    """Reuses small valid documents, bounds validation work, prices the operation and refuses it when too costly.

    The cost is recorded as ``request.scope["state"]["graphql_cost"]`` before execution, and charged to the rate
    limit through ``app.state["graphql_charge"]`` when the app sets it (``service.ratelimit.charge_extra``).
    """

    def __init__(self, *, cache: DocumentCache, max_selections: int, max_cost: int) -> None:
        self.cache = cache
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
        selections = _selection_count(ctx.graphql_document)
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
        cost = operation_cost(ctx.graphql_document, ctx.operation_name, ctx.variables)
        request = ctx.context.get("request") if isinstance(ctx.context, dict) else None
        if request is not None:
            request.scope.setdefault("state", {})["graphql_cost"] = cost
        if cost > self.max_cost:
            raise GraphQLError(
                f"The query costs {cost} units; at most {self.max_cost} are allowed per request (a move priced "
                "is 1, a Fighter 1 plus its moves, a turn 50). Split it into several requests.",
                extensions={"code": COST_CODE, "cost": cost, "maxCost": self.max_cost},
            )
        charge = request.app.state.get("graphql_charge") if request is not None else None
        if charge is not None and not anyio.from_thread.run(charge, request, cost - 1):
            request.scope["state"]["graphql_rate_limited"] = True
            raise GraphQLError("Rate limit exceeded.", extensions={"code": RATE_CODE, "cost": cost})
        yield
