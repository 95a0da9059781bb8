"""REST JSON → GraphQL variables: a request body in the REST contract's shape as the value of a generated input
type (camelCase names, maps as ``[{key value}]``, scalar unions as ``@oneOf`` members), by walking the schema's
types. For clients and tests that hold REST payloads; the service itself never needs it.
"""

from __future__ import annotations

import re
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    Undefined,
    get_named_type,
)
from strawberry.utils.str_converters import to_camel_case

_ONE_OF = {bool: "boolean", int: "int", str: "string", float: "float"}


def _is_entry(t: Any) -> bool:
    return isinstance(t, GraphQLInputObjectType) and set(t.fields) == {"key", "value"}


def _fits(t: Any, value: dict[str, Any]) -> bool:
    """An object value fits an input object type: only its fields, and every required one (a union of models
    goes to the first member it fits, as answers do)."""
    names = {to_camel_case(k) for k in value}
    required = {n for n, f in t.fields.items() if isinstance(f.type, GraphQLNonNull) and f.default_value is Undefined}
    return required <= names <= set(t.fields)


def _member(t: GraphQLInputObjectType, value: Any) -> str:
    if isinstance(value, dict):
        return next(n for n, f in t.fields.items() if _fits(get_named_type(f.type), value))
    kind = _ONE_OF.get(type(value))
    return kind if kind is not None and kind in t.fields else next(f for f in t.fields if f.endswith("List"))


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
        member = _member(t, value)
        return {member: encode(t.fields[member].type, value)}
    if isinstance(t, GraphQLInputObjectType):
        return {to_camel_case(k): encode(t.fields[to_camel_case(k)].type, v) for k, v in value.items()}
    if isinstance(t, GraphQLEnumType):  # by its GraphQL name: the JSON value where GraphQL allows it, else v_…
        spelled = "v_" + re.sub(r"\W", "_", str(value))
        return spelled if str(value) not in t.values and spelled in t.values else value
    return value  # scalars
