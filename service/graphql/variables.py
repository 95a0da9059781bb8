"""REST JSON → GraphQL variables: a request body in the REST contract's shape as the value of a generated input
type (camelCase names, maps as ``[{key value}]``, scalar unions as ``@oneOf`` members), by walking the schema's
types. For clients and tests that hold REST payloads; the service itself never needs it.
"""

from __future__ import annotations

from typing import Any

from graphql import GraphQLInputObjectType, GraphQLInputType, GraphQLList, GraphQLNonNull, get_named_type
from strawberry.utils.str_converters import to_camel_case

_ONE_OF = {bool: "boolean", int: "int", str: "string", float: "float"}


def _is_entry(t: Any) -> bool:
    return isinstance(t, GraphQLInputObjectType) and set(t.fields) == {"key", "value"}


def encode(t: GraphQLInputType, value: Any) -> Any:
    """``value`` (JSON data in the REST names) as a GraphQL variable of input type ``t``."""
    if isinstance(t, GraphQLNonNull):
        t = t.of_type
    if value is None:
        return None
    if isinstance(t, GraphQLList):
        item = get_named_type(t.of_type)
        if isinstance(value, dict) and _is_entry(item):
            return [{"key": k, "value": encode(item.fields["value"].type, v)} for k, v in value.items()]
        return [encode(t.of_type, v) for v in value]
    if isinstance(t, GraphQLInputObjectType) and t.is_one_of:
        kind = _ONE_OF.get(type(value))
        member = kind if kind in t.fields else next(f for f in t.fields if f.endswith("List"))
        return {member: encode(t.fields[member].type, value)}
    if isinstance(t, GraphQLInputObjectType):
        return {to_camel_case(k): encode(t.fields[to_camel_case(k)].type, v) for k, v in value.items()}
    return value  # scalars; enums are written as their JSON values
