"""GraphQL typed end to end, generated from the pydantic models that define REST (no ``JSON`` scalar).

``input_type(model, namespace)`` / ``output_type(model, namespace)`` give the Strawberry types of a model;
``Converters`` turns a GraphQL input into the validated request model (or ``InvalidInput`` with GraphQL paths) and
an answer (model, JSON bytes or dict) into the output value; ``namespace_type`` builds a ruleset's ``…Query`` from
its ``Operation`` records and ``root_query`` the root. Ruleset-agnostic: imports no ruleset package.

Mapping: nested models, lists (tuples and sets too), optionals; enums and ``Literal`` strings → enums whose
values are the JSON values; ``dict[K, V]`` → ``[VEntry!]`` of ``{key value}`` both ways; a union of models → a
GraphQL union (output) or a ``@oneOf`` input; a union of scalars → an object with one nullable field per member
(``int``, ``boolean``, ``string``, ``stringList``…): outputs set the one the value is, inputs are ``@oneOf``. An
integer field bounded beyond 32 bits → ``Long`` (the schema needs ``StrawberryConfig(scalar_map=SCALAR_MAP)``).
Descriptions from ``Field(description=…)`` and docstrings.

Wiring (the cache goes in ``invoke``, which gets the operation, the validated request and Strawberry's info)::

    async def invoke(op, request, info):  # → the answer model or its JSON bytes
        return await cache.get_or_compute(key_of(op, request), lambda: as_bytes(op.run(request)))

    registry = TypeRegistry()
    namespaces = {r.id: ruleset_namespace(r, registry=registry, invoke=invoke) for r in rulesets()}
    schema = strawberry.Schema(query=root_query(namespaces, extra=[...]),
                               config=StrawberryConfig(scalar_map=SCALAR_MAP))
"""

from __future__ import annotations

from pydantic import BaseModel

from .catalogue import catalogue_type
from .namespace import (
    Converters,
    Invoke,
    namespace_field,
    namespace_type,
    operation_field,
    root_query,
    ruleset_namespace,
)
from .problems import InputProblem, InvalidInput, graphql_path, invalid_input
from .registry import SCALAR_MAP, Long, Received, TypeRegistry

REGISTRY = TypeRegistry()


def input_type(model: type[BaseModel], namespace: str = "", registry: TypeRegistry = REGISTRY) -> type:
    return registry.input_type(model, namespace)


def output_type(model: type[BaseModel], namespace: str = "", registry: TypeRegistry = REGISTRY) -> type:
    return registry.output_type(model, namespace)


__all__ = [
    "REGISTRY",
    "SCALAR_MAP",
    "Converters",
    "InputProblem",
    "InvalidInput",
    "Invoke",
    "Long",
    "Received",
    "TypeRegistry",
    "catalogue_type",
    "graphql_path",
    "input_type",
    "invalid_input",
    "namespace_field",
    "namespace_type",
    "operation_field",
    "output_type",
    "root_query",
    "ruleset_namespace",
]
