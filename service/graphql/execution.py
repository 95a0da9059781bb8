"""graphql-core's executor with the operations' inputs taken from the raw variables, and answers' data projected.

A variable whose type is an operation's request input (``$turn: Fight2eTurnRequestInput!``) and which the document
passes only as a whole argument (``resolveTurn(input: $turn)``) is turned into the REST request dict in one pass
(service/graphql/typed/raw.py) and validated once by the request model in the resolver, instead of being coerced
by graphql-core and converted again. A value the pass does not take plainly, and every other variable, is coerced
by graphql-core as before, with its errors.

An answer is data: every field of its types reads an attribute (``plain_fields``). Such a field's value is
completed by ``_project`` directly (lists, leaves and nested objects of the same kind, the sub-selections collected
by graphql-core itself, aliases, fragments and ``@include``/``@skip`` included), without graphql-core's per-field
resolve info and middleware; any field that is not of that kind (a resolver, arguments, a union) or that does not
complete plainly goes graphql-core's way, from that field down, with its errors and their paths.
"""

from __future__ import annotations

from typing import Any, ClassVar

from graphql import (
    DocumentNode,
    ExecutionResult,
    GraphQLBoolean,
    GraphQLInputObjectType,
    GraphQLInt,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLSchema,
    GraphQLString,
    ListValueNode,
    ObjectValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    Undefined,
    ValueNode,
    VariableNode,
)
from graphql.execution.collect_fields import FieldDetailsList, GroupedFieldSet
from graphql.pyutils import Path
from graphql.type import is_leaf_type
from graphql.utilities import type_from_ast
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.types.field import StrawberryField

from .typed.raw import NotPlain, RawInputs
from .typed.registry import OPERATION, Translated


def _nested(value: ValueNode, inside: bool, out: set[str]) -> None:
    if isinstance(value, VariableNode):
        if inside:
            out.add(value.name.value)
    elif isinstance(value, ObjectValueNode):
        for field in value.fields:
            _nested(field.value, True, out)
    elif isinstance(value, ListValueNode):
        for item in value.values:
            _nested(item, True, out)


def _selections(selection_set: SelectionSetNode | None, out: set[str]) -> None:
    for selection in selection_set.selections if selection_set else ():
        for argument in getattr(selection, "arguments", None) or ():
            # a fragment spread's arguments (fragment variables) are not a field's argument: never plain
            _nested(argument.value, selection.kind == "fragment_spread", out)
        for directive in selection.directives or ():
            for argument in directive.arguments or ():
                _nested(argument.value, False, out)
        _selections(getattr(selection, "selection_set", None), out)


def nested_variables(document: DocumentNode) -> set[str]:
    """Variables the document uses inside a list or an input object literal (not as a whole argument)."""
    out: set[str] = set()
    for definition in document.definitions:
        _selections(getattr(definition, "selection_set", None), out)
    return out


def _operation(document: DocumentNode, name: str | None) -> OperationDefinitionNode | None:
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    if name is None:
        return operations[0] if len(operations) == 1 else None
    return next((o for o in operations if o.name and o.name.value == name), None)


class PlainInputsExecutionContext(StrawberryGraphQLCoreExecutionContext):
    """Set ``raw_inputs`` on a subclass (``plain_inputs_context``)."""

    raw_inputs: ClassVar[RawInputs]

    @classmethod
    def build(  # type: ignore[override]
        cls,
        schema: Any,
        document: DocumentNode,
        root_value: Any = None,
        context_value: Any = None,
        raw_variable_values: dict[str, Any] | None = None,
        operation_name: str | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        plain: dict[str, Translated] = {}
        operation = _operation(document, operation_name) if raw_variable_values else None
        if operation is not None and operation.variable_definitions:
            plain = cls._plain(schema, document, operation, raw_variable_values or {})
        if plain:
            kept = tuple(d for d in operation.variable_definitions if d.variable.name.value not in plain)  # type: ignore[union-attr]
            fields = {k: getattr(operation, k) for k in operation.keys}  # type: ignore[union-attr]
            stripped = OperationDefinitionNode(**{**fields, "variable_definitions": kept})
            document = DocumentNode(
                definitions=tuple(stripped if d is operation else d for d in document.definitions), loc=document.loc
            )
        built = super().build(
            schema, document, root_value, context_value, raw_variable_values, operation_name, *args, **kwargs
        )
        if plain and not isinstance(built, list):
            built.variable_values.coerced.update(plain)
        return built

    @classmethod
    def _plain(
        cls, schema: Any, document: DocumentNode, operation: OperationDefinitionNode, raw: dict[str, Any]
    ) -> dict[str, Translated]:
        plain: dict[str, Translated] = {}
        nested: set[str] | None = None
        for definition in operation.variable_definitions or ():
            name = definition.variable.name.value
            value = raw.get(name)
            if value is None or definition.directives:
                continue
            t = type_from_ast(schema, definition.type)
            t = t.of_type if isinstance(t, GraphQLNonNull) else t
            if not isinstance(t, GraphQLInputObjectType):
                continue
            translate = cls.raw_inputs.translator(t)
            if translate is None:
                continue
            if nested is None:
                nested = nested_variables(document)
            if name in nested:
                continue
            try:
                plain[name] = Translated(value, translate(value))
            except (NotPlain, RecursionError):
                continue
        return plain

    def execute_operation(self, serially: bool | None = None) -> Any:
        result = super().execute_operation(serially)
        if type(result) is ExecutionResult:
            # Done: the executor's helpers hold its bound methods, a reference cycle through everything the request
            # built. Broken here, the request's objects are freed at once instead of by the cycle collector, whose
            # passes otherwise ran every other request.
            del self.async_helpers
        return result

    def execute_collected_subfields(  # type: ignore[override]
        self,
        parent_type: GraphQLObjectType,
        source_value: Any,
        path: Path,
        grouped_field_set: GroupedFieldSet,
        new_defer_usages: Any,
        delivery_group_map: Any,
    ) -> Any:
        middleware = self.middleware_manager is not None and self.middleware_manager.middlewares
        if delivery_group_map is not None or new_defer_usages or middleware:
            return super().execute_collected_subfields(
                parent_type, source_value, path, grouped_field_set, new_defer_usages, delivery_group_map
            )
        return self._project(parent_type, source_value, path, grouped_field_set)

    def _project(self, parent: GraphQLObjectType, source: Any, path: Path, grouped: GroupedFieldSet) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for response_name, details in grouped.items():
            node = details[0].node
            field = parent.fields.get(node.name.value)
            name = getattr(field.resolve, _PLAIN, None) if field is not None else None
            if name is not None and not node.arguments:
                try:
                    here = Path(path, response_name, parent.name)
                    out[response_name] = self._complete(field.type, details, getattr(source, name), here)  # type: ignore[union-attr]
                    continue
                except Exception:
                    pass
            if node.name.value == "__typename" and field is None:
                out[response_name] = parent.name
                continue
            result = self.execute_field(parent, source, details, Path(path, response_name, parent.name), None)
            if result is not Undefined:
                out[response_name] = result
        return out

    def _complete(self, t: GraphQLOutputType, details: FieldDetailsList, value: Any, path: Path) -> Any:
        if isinstance(t, GraphQLNonNull):
            done = self._complete(t.of_type, details, value, path)
            if done is None:
                raise _NotPlain
            return done
        if value is None:
            return None
        if isinstance(t, GraphQLList):
            rows = self._rows(t.of_type, details) if value else None
            done = _table(rows, value) if rows is not None else None
            if done is not None:
                return done
            return [self._complete(t.of_type, details, v, Path(path, i, None)) for i, v in enumerate(value)]
        if isinstance(t, GraphQLObjectType) and t.is_type_of is None:
            grouped, defers, *_ = self.collect_subfields(t, details)
            if defers:
                raise _NotPlain
            return self._project(t, value, path, grouped)
        if is_leaf_type(t):
            return self.complete_leaf_value(t, value)  # type: ignore[arg-type]
        raise _NotPlain  # a union or an interface: graphql-core resolves its type

    def _rows(self, t: GraphQLOutputType, details: FieldDetailsList) -> _Rows | None:
        """A list's items as rows: when its items are objects whose selected fields are all attributes of leaf type
        (events, Life Bars …), each field's response name, attribute, and how its value is output, read once per
        request and selection; None for any other list."""
        item = t.of_type if isinstance(t, GraphQLNonNull) else t
        if not isinstance(item, GraphQLObjectType) or item.is_type_of is not None:
            return None
        grouped, defers, *_ = self.collect_subfields(item, details)
        known: dict[int, tuple[GroupedFieldSet, _Rows | None]] = self.__dict__.setdefault("_rows_of", {})
        if id(grouped) in known:
            return known[id(grouped)][1]
        rows: _Rows | None = ([], isinstance(t, GraphQLNonNull))
        for response_name, field_details in grouped.items() if not defers else ():
            rows = rows if rows is None else _row(item, response_name, field_details, rows)
        known[id(grouped)] = (grouped, None if defers else rows)  # ``grouped`` kept alive: its id is not reused
        return None if defers else rows


_Row = tuple[str, str | None, bool, type | None, Any]  # response name, attribute (None: __typename), non-null, own
_Rows = tuple[list[_Row], bool]  # the rows, and whether an item may not be null
_INT: tuple[int, int] = (-(2**31), 2**31 - 1)
_OWN: dict[Any, type] = {GraphQLString: str, GraphQLBoolean: bool, GraphQLInt: int}  # already their own output


def _row(parent: GraphQLObjectType, response_name: str, details: FieldDetailsList, rows: _Rows) -> _Rows | None:
    node = details[0].node
    field = parent.fields.get(node.name.value)
    if field is None and node.name.value == "__typename":
        rows[0].append((response_name, None, True, None, parent.name))
        return rows
    name = getattr(field.resolve, _PLAIN, None) if field is not None else None
    if name is None or node.arguments or node.directives:
        return None
    t = field.type  # type: ignore[union-attr]
    non_null = isinstance(t, GraphQLNonNull)
    leaf = t.of_type if non_null else t
    if not is_leaf_type(leaf):
        return None
    rows[0].append((response_name, name, non_null, _OWN.get(leaf), leaf.coerce_output_value))
    return rows


def _int32(value: Any) -> bool:
    return bool(_INT[0] <= value <= _INT[1])


def _table(rows: _Rows, items: Any) -> list[Any] | None:
    """The items completed as rows, or None where any value needs graphql-core (a null where none may be, a value
    its type does not output): the list is then completed item by item, with graphql-core's errors."""
    fields, items_non_null = rows
    out: list[Any] = []
    try:
        for item in items:
            if item is None:
                if items_non_null:
                    return None
                out.append(None)
                continue
            row: dict[str, Any] = {}
            for response_name, name, non_null, own, coerce in fields:
                if name is None:
                    row[response_name] = coerce  # __typename: the type's name
                    continue
                value: Any = getattr(item, name)
                if value is None:
                    if non_null:
                        return None
                elif type(value) is not own or (own is int and not _int32(value)):
                    value = coerce(value)
                    if value is None or value is Undefined:
                        return None
                row[response_name] = value
            out.append(row)
    except Exception:
        return None
    return out


class _NotPlain(Exception):
    """This field does not complete as plain data: graphql-core completes it."""


_PLAIN = "_reads_attribute"  # set on a resolver that only reads the named attribute of its source


def _attribute(name: str) -> Any:
    def resolve(source: Any, _info: Any) -> Any:
        return getattr(source, name)

    setattr(resolve, _PLAIN, name)
    return resolve


def plain_fields(schema: GraphQLSchema) -> int:
    """Every data field (no resolver, no field extension) reads its attribute directly: graphql-core calls this
    instead of Strawberry's wrapper around its default resolver (two calls fewer per field of an answer).
    Returns how many fields were changed."""
    changed = 0
    for t in schema.type_map.values():
        if not isinstance(t, GraphQLObjectType) or t.name.startswith("__"):
            continue
        for f in t.fields.values():
            field = (f.extensions or {}).get("strawberry-definition")
            if isinstance(field, StrawberryField) and field.is_basic_field and getattr(f.resolve, "_is_default", False):
                f.resolve = _attribute(field.python_name)
                changed += 1
    return changed


def direct_operations(schema: GraphQLSchema) -> int:
    """An operation field whose ``input`` came plainly from the raw variables (``Translated``) calls its resolver
    directly, without Strawberry's argument conversion and extension wrappers (the value needs no conversion: the
    resolver validates it with the request model); any other value goes Strawberry's way. Returns how many fields."""
    changed = 0
    for t in schema.type_map.values():
        if not isinstance(t, GraphQLObjectType) or t.name.startswith("__"):
            continue
        for f in t.fields.values():
            field = (f.extensions or {}).get("strawberry-definition")
            resolver = getattr(field, "base_resolver", None)
            fn = getattr(resolver, "wrapped_func", None)
            if getattr(fn, OPERATION, False) and not field.extensions and not field.permission_classes:  # type: ignore[union-attr]
                f.resolve = _direct(fn, f.resolve)
                changed += 1
    return changed


def _direct(fn: Any, wrapped: Any) -> Any:
    def resolve(source: Any, info: Any, **kwargs: Any) -> Any:
        value = kwargs.get("input")
        if type(value) is Translated and len(kwargs) == 1:
            return fn(source, info, value)
        return wrapped(source, info, **kwargs)

    return resolve


def plain_inputs_context(raw_inputs: RawInputs) -> type[PlainInputsExecutionContext]:
    return type("PlainInputs", (PlainInputsExecutionContext,), {"raw_inputs": raw_inputs})
