"""The generated GraphQL types of fight2e's real models: no JSON scalar, introspection works, and a move, a Fighter
and a combat turn sent through GraphQL give what the core answers (the core's own JSON answer is the oracle).

The test speaks GraphQL from the SDL alone (``graphql.build_schema``): requests are encoded and answers decoded by
walking the schema's types, not with the generator's code.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import json
import re
import subprocess
import sys
import time
from enum import IntEnum
from functools import cache
from typing import Any

import pytest
import strawberry
from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLUnionType,
    build_client_schema,
    build_schema,
    get_introspection_query,
    get_named_type,
    print_ast,
)
from pydantic import BaseModel, ConfigDict, Field, computed_field
from strawberry.schema.config import StrawberryConfig

from service.graphql.typed import SCALAR_MAP, Converters, TypeRegistry, namespace_type, root_query
from service.rules.core.ruleset import CatalogueDocument, Operation
from service.rules.fight2e import VERSION
from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.combat.contract import models as cm
from service.rules.fight2e.combat.resolver import resolve_turn
from service.rules.fight2e.documents import CatalogDocument, KeywordList
from service.rules.fight2e.fighters import fighter_models as fm
from service.rules.fight2e.fighters import validate_fighter
from service.rules.fight2e.moves import models as m
from service.rules.fight2e.moves.price import price_json

from .fight2e.combat.fixtures import example_request
from .fight2e.combat.test_example import TURNS
from .fight2e.fighters.support import BUILDS

OPERATIONS = (
    Operation("price_move", "moves/price", "Price and validate a move", m.MoveRequest, m.MovePrice, price_json),
    Operation(
        "validate_fighter",
        "fighters/validate",
        "Validate a Fighter",
        fm.FighterRequest,
        fm.FighterValidation,
        validate_fighter,
    ),
    Operation("resolve_turn", "combat/resolve-turn", "Resolve a turn", cm.TurnRequest, cm.TurnResult, resolve_turn),
)
ANSWERS = {
    "priceMove": "Fight2eMovePrice",
    "validateFighter": "Fight2eFighterValidation",
    "resolveTurn": "Fight2eTurnResult",
}


@cache
def whole_catalogue(_filters: None = None) -> CatalogDocument:
    cat = catalog()
    return CatalogDocument(
        ruleset="fight2e",
        ruleset_version=VERSION,
        elements=cat.elements(),
        liabilities=cat.liabilities(),
        keywords=list(cat.keywords.values()),
        basic_moves=list(cat.fixed_moves.values()),
    )


@cache
def keyword_list(_filters: None = None) -> KeywordList:
    return KeywordList(ruleset="fight2e", ruleset_version=VERSION, keywords=list(catalog().keywords.values()))


CATALOGUE = (
    CatalogueDocument("", "The whole catalogue", CatalogDocument, whole_catalogue),
    CatalogueDocument("keywords", "Keywords", KeywordList, keyword_list),
)
SEEN: dict[str, list[Any]] = {}  # operation name → the requests the core was called with


def _record(op: Operation, request: Any, _info: Any) -> Any:
    SEEN.setdefault(op.name, []).append(request)
    return op.run(request)


@pytest.fixture(scope="module")
def schema() -> strawberry.Schema:
    start = time.perf_counter()
    registry = TypeRegistry()
    query = root_query(
        {"fight2e": namespace_type("fight2e", OPERATIONS, catalogue=CATALOGUE, registry=registry, invoke=_record)}
    )
    built = strawberry.Schema(query=query, config=StrawberryConfig(scalar_map=SCALAR_MAP))
    sdl = built.as_str()
    print(f"\nschema built in {(time.perf_counter() - start) * 1000:.0f} ms; SDL {len(sdl)} characters")
    return built


@pytest.fixture(scope="module")
def sdl_schema(schema: strawberry.Schema) -> GraphQLSchema:
    return build_schema(schema.as_str())


# ---- the test's own GraphQL encoding, from the schema's types


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _unwrap(t: Any) -> Any:
    return t.of_type if isinstance(t, GraphQLNonNull) else t


def is_entry(t: Any) -> bool:
    return isinstance(t, GraphQLObjectType | GraphQLInputObjectType) and set(t.fields) == {"key", "value"}


def encode(t: Any, value: Any) -> Any:
    """JSON data (pydantic's names) as a GraphQL variable of type ``t``."""
    t = _unwrap(t)
    if value is None:
        return None
    if isinstance(t, GraphQLList):
        item = get_named_type(t.of_type)
        if isinstance(value, dict) and is_entry(item):
            return [{"key": k, "value": encode(item.fields["value"].type, v)} for k, v in value.items()]
        return [encode(t.of_type, v) for v in value]
    if isinstance(t, GraphQLInputObjectType) and t.is_one_of:
        kind = {bool: "boolean", int: "int", str: "string", float: "float"}.get(type(value))
        member = kind if kind in t.fields else next(f for f in t.fields if f.endswith("List"))
        return {member: encode(t.fields[member].type, value)}
    if isinstance(t, GraphQLInputObjectType):
        return {camel(k): encode(t.fields[camel(k)].type, v) for k, v in value.items()}
    return value  # scalars; enums are written as their JSON values


def decode(t: Any, value: Any) -> Any:
    """A GraphQL answer of type ``t`` back in pydantic's names and JSON shapes."""
    t = _unwrap(t)
    if value is None:
        return None
    if isinstance(t, GraphQLList):
        item = get_named_type(t.of_type)
        if is_entry(item):
            return {e["key"]: decode(item.fields["value"].type, e["value"]) for e in value}
        return [decode(t.of_type, v) for v in value]
    if isinstance(t, GraphQLUnionType):
        t = next(member for member in t.types if member.name == value["__typename"])
    if (
        isinstance(t, GraphQLObjectType)
        and all(not isinstance(f.type, GraphQLNonNull) for f in t.fields.values())
        and set(t.fields) <= {"int", "boolean", "string", "float", "list", "stringList", "intList"}
    ):
        ((member, v),) = ((k, v) for k, v in value.items() if v is not None)
        return decode(t.fields[member].type, v)
    if isinstance(t, GraphQLObjectType):
        return {snake(k): decode(t.fields[k].type, v) for k, v in value.items() if k != "__typename"}
    return value


def selection(t: Any, depth: int = 0) -> str:
    """Every field, recursively: the whole answer."""
    t = get_named_type(t)
    assert depth < 12, "a cycle in the answer types"
    if isinstance(t, GraphQLUnionType):
        return "{ __typename " + " ".join(f"... on {m.name} {selection(m, depth + 1)}" for m in t.types) + " }"
    if isinstance(t, GraphQLObjectType):
        return "{ " + " ".join(f"{n} {selection(f.type, depth + 1)}" for n, f in t.fields.items()) + " }"
    return ""


def execute(schema: strawberry.Schema, query: str, variable_values: dict[str, Any] | None = None) -> Any:
    return asyncio.run(schema.execute(query, variable_values=variable_values))


def ask(schema: strawberry.Schema, sdl_schema: GraphQLSchema, operation: str, data: dict[str, Any]) -> Any:
    field = sdl_schema.get_type("Fight2eQuery").fields[operation]  # type: ignore[union-attr]
    input_type = field.args["input"].type
    query = f"query($input: {input_type}) {{ fight2e {{ {operation}(input: $input) {selection(field.type)} }} }}"
    result = execute(schema, query, variable_values={"input": encode(input_type, data)})
    assert result.errors is None, result.errors
    answer = result.data["fight2e"][operation]  # type: ignore[index]
    return answer, decode(field.type, answer)


# ---- the schema


def test_json_only_for_a_decision_value(sdl_schema: GraphQLSchema) -> None:
    """Every answer is typed but a decision's value, which a client sends back as the ruleset's typed input: the
    one JSON scalar is used there (a choice's value, a decision's default) and in no input."""
    scalars = {name for name, t in sdl_schema.type_map.items() if t.__class__.__name__ == "GraphQLScalarType"}
    assert scalars <= {"Int", "Float", "String", "Boolean", "ID", "Long", "JSON"}
    uses = {
        (t.name, name)
        for t in sdl_schema.type_map.values()
        if hasattr(t, "fields") and not t.name.startswith("__")
        for name, f in t.fields.items()
        if get_named_type(f.type).name == "JSON"
    }
    assert uses == {("ChoiceOption", "value"), ("DecisionNeeded", "default")}


def test_standard_introspection_query(schema: strawberry.Schema) -> None:
    result = schema.execute_sync(get_introspection_query(descriptions=True))
    assert result.errors is None
    client = build_client_schema(result.data)  # parses every stated default value
    assert client.get_type("Fight2eMoveRequestInput") is not None


def stated_default(field: Any) -> str | None:
    return print_ast(field.default.literal) if field.default is not None else None


def test_names_descriptions_and_defaults(sdl_schema: GraphQLSchema) -> None:
    move = sdl_schema.get_type("Fight2eMoveRequestInput")
    assert isinstance(move, GraphQLInputObjectType)
    assert isinstance(move.fields["level"].type, GraphQLNonNull)  # required in pydantic
    assert stated_default(move.fields["freeThrow"]) == "false"  # default stated
    assert move.fields["freeThrow"].description == m.MoveRequest.model_fields["free_throw"].description
    assert stated_default(move.fields["elements"]) == "[]"
    assert stated_default(move.fields["type"]) == "special"
    campaign = move.fields["campaign"]  # a model default GraphQL cannot state: optional, pydantic fills it in
    assert stated_default(campaign) is None and not isinstance(campaign.type, GraphQLNonNull)
    positioning = sdl_schema.get_type("Fight2ePositioningInput").fields  # type: ignore[union-attr]
    assert stated_default(positioning["range"]) == "3" and not isinstance(positioning["range"].type, GraphQLNonNull)
    kind = sdl_schema.get_type("Fight2eMoveRequestType")
    assert isinstance(kind, GraphQLEnumType) and set(kind.values) == {"special", "super"}
    choice = sdl_schema.get_type("Fight2eChoice")
    assert isinstance(choice, GraphQLEnumType) and {"pass", "continue"} <= set(choice.values)
    price = sdl_schema.get_type("Fight2eMovePrice")
    assert "rulesetVersion" in price.fields and "ruleset_version" not in price.fields  # type: ignore[union-attr]
    seed = sdl_schema.get_type("Fight2eTurnRequestInput").fields["seed"]  # type: ignore[union-attr]
    assert str(seed.type) == "Long"  # 64-bit bounds do not fit GraphQL's Int


def test_one_type_per_model_and_shared_names() -> None:
    registry = TypeRegistry()
    assert registry.output_type(m.MovePrice, "fight2e") is registry.output_type(m.MovePrice, "fight2e")
    assert registry.output_type(m.Range, "fight2e").__strawberry_definition__.name == "Fight2eRange"
    # a second class with the same name in the same namespace is qualified by its module, never merged
    from pydantic import create_model

    combat_range = create_model("Range", __module__="service.rules.fight2e.combat.models", low=(int, 0))
    assert registry.output_type(combat_range, "fight2e").__strawberry_definition__.name == "Fight2eCombatRange"
    # every ruleset answers with the one core Finding: one GraphQL type, no prefix
    from service.rules.core.findings import Finding as CoreFinding

    assert m.Finding is CoreFinding and cm.Finding is CoreFinding
    assert registry.output_type(CoreFinding, "fight2e").__strawberry_definition__.name == "Finding"
    assert registry.output_type(CoreFinding, "other").__strawberry_definition__.name == "Finding"


# ---- answers equal the core's


MOVE = {
    "name": "Blooming Dance",
    "type": "special",
    "level": 3,
    "elements": [
        {"id": "ranged"},
        {"id": "increased_damage", "times": 2},
        {"id": "mobile", "options": {"movement": "mobile"}},
    ],
    "liabilities": [{"id": "no_movement", "condition": "only at night"}],
    "fighter": {"ki": 4, "strength": 1},
    "campaign": {"denied": ["bomb"], "sidestep": True},
}


def test_price_move_equals_the_core(schema: strawberry.Schema, sdl_schema: GraphQLSchema) -> None:
    raw, answer = ask(schema, sdl_schema, "priceMove", MOVE)
    assert raw["__typename"] == "Fight2eMovePrice"
    expected = json.loads(price_json(m.MoveRequest.model_validate(MOVE, strict=True)))
    assert answer == expected
    assert SEEN["price_move"][-1] == m.MoveRequest.model_validate(MOVE, strict=True)


def test_illegal_move_is_data_not_invalid_input(schema: strawberry.Schema, sdl_schema: GraphQLSchema) -> None:
    move = {"level": 1, "elements": [{"id": "increased_damage", "times": 9}]}
    raw, answer = ask(schema, sdl_schema, "priceMove", move)
    assert raw["__typename"] == "Fight2eMovePrice" and answer["legal"] is False
    assert answer == json.loads(price_json(m.MoveRequest.model_validate(move, strict=True)))


@pytest.mark.parametrize("name", sorted(BUILDS))
def test_validate_fighter_equals_the_core(schema: strawberry.Schema, sdl_schema: GraphQLSchema, name: str) -> None:
    data = {"fighter": BUILDS[name](), "campaign": {"free_basic_throws": 1}}
    raw, answer = ask(schema, sdl_schema, "validateFighter", data)
    assert raw["__typename"] == "Fight2eFighterValidation"
    request = fm.FighterRequest.model_validate(data, strict=True)
    assert SEEN["validate_fighter"][-1] == request
    assert answer == validate_fighter(request).model_dump(mode="json")


def nulls_out(value: Any) -> Any:
    """GraphQL answers every selected field, REST leaves unset decision-value fields out: compare without nulls."""
    if isinstance(value, dict):
        return {k: nulls_out(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [nulls_out(v) for v in value]
    return value


@pytest.mark.parametrize("index", range(len(TURNS)))
def test_resolve_turn_equals_the_core(schema: strawberry.Schema, sdl_schema: GraphQLSchema, index: int) -> None:
    decisions, rolls = TURNS[index]
    data = example_request(decisions=decisions, rolls=rolls)
    raw, answer = ask(schema, sdl_schema, "resolveTurn", data)
    assert raw["__typename"] == "Fight2eTurnResult"
    request = cm.TurnRequest.model_validate(data, strict=True)
    assert SEEN["resolve_turn"][-1] == request  # decisions and rolls arrived as the same dicts
    assert nulls_out(answer) == nulls_out(resolve_turn(request).model_dump(mode="json"))
    assert answer["log"] and any(step["inputs"] for step in answer["log"])  # LogMap dicts came back


def test_turn_maps_round_trip(schema: strawberry.Schema, sdl_schema: GraphQLSchema) -> None:
    decisions, _ = TURNS[0]
    data = example_request(decisions=decisions, rolls={}, seed=2**40 + 7)
    data["fight"]["sides"] = {"rei": "left", "battle": "right"}
    raw, answer = ask(schema, sdl_schema, "resolveTurn", data)
    request = SEEN["resolve_turn"][-1]
    assert request.decisions == cm.TurnRequest.model_validate(data, strict=True).decisions
    assert request.seed == 2**40 + 7 and request.rolls == {}
    assert answer["fight"]["sides"] == {"rei": "left", "battle": "right"}
    assert {e["key"] for e in raw["fight"]["sides"]} == {"rei", "battle"}
    core = resolve_turn(cm.TurnRequest.model_validate(data, strict=True)).model_dump(mode="json")
    assert nulls_out(answer) == nulls_out(core)


def test_answers_from_bytes_dicts_and_models_are_the_same() -> None:
    registry = TypeRegistry()
    registry.output_type(m.MovePrice, "fight2e")
    converters = Converters(registry)
    request = m.MoveRequest.model_validate(MOVE, strict=True)
    body = price_json(request)
    from_bytes = converters.to_output(m.MovePrice, body)
    assert from_bytes == converters.to_output(m.MovePrice, json.loads(body))
    assert from_bytes == converters.to_output(m.MovePrice, m.MovePrice.model_validate_json(body))


# ---- input outside the bounds


def problems(schema: strawberry.Schema, sdl_schema: GraphQLSchema, operation: str, data: Any) -> set[str]:
    raw, _ = ask(schema, sdl_schema, operation, data)
    assert raw["__typename"] == "InvalidInput"
    return {(p["path"], p["code"]) for p in raw["problems"]}


def test_bound_violations_have_camel_case_paths(schema: strawberry.Schema, sdl_schema: GraphQLSchema) -> None:
    assert problems(schema, sdl_schema, "priceMove", {**MOVE, "level": 99}) == {("level", "less_than_equal")}
    move = copy.deepcopy(MOVE)
    move["elements"][1]["times"] = 0
    move["fighter"]["defense_skill"] = 31
    assert problems(schema, sdl_schema, "priceMove", move) == {
        ("elements[1].times", "greater_than_equal"),
        ("fighter.defenseSkill", "less_than_equal"),
    }
    fighter = BUILDS["pl3"]()
    fighter["basic_qualities"]["strength"] = 9
    fighter["moves"][1]["elements"] = [{"id": "x" * 81}]
    assert problems(schema, sdl_schema, "validateFighter", {"fighter": fighter}) == {
        ("fighter.basicQualities.strength", "less_than_equal"),
        ("fighter.moves[1].elements[0].id", "string_too_long"),
    }


def test_union_member_and_map_paths(schema: strawberry.Schema, sdl_schema: GraphQLSchema) -> None:
    move = copy.deepcopy(MOVE)
    move["elements"][2]["options"] = {"movement": "m" * 121}
    # only the member given is reported, not "not an int", "not a bool" of the others
    assert problems(schema, sdl_schema, "priceMove", move) == {
        ("elements[2].options[0].value.string", "string_too_long")
    }
    decisions = {"T1.rei.accuracy_fs": {"fs": 2}, "T1.battle.defense": {"defense": "evasion", "fs": 99}}
    assert problems(schema, sdl_schema, "resolveTurn", example_request(decisions=decisions)) == {
        ("decisions[1].value.fs", "less_than_equal")
    }
    assert problems(schema, sdl_schema, "resolveTurn", example_request(rolls={"k" * 121: 3})) == {
        ("rolls[0].key", "string_too_long")
    }


def test_a_key_given_twice(schema: strawberry.Schema, sdl_schema: GraphQLSchema) -> None:
    field = sdl_schema.get_type("Fight2eQuery").fields["resolveTurn"]  # type: ignore[union-attr]
    variables = encode(field.args["input"].type, example_request())
    variables["rolls"] = [{"key": "T1.rei.init", "value": 3}, {"key": "T1.rei.init", "value": 4}]
    query = (
        "query($i: Fight2eTurnRequestInput!) { fight2e { resolveTurn(input: $i) { ... on InvalidInput { "
        "problems { path code } } } } }"
    )
    result = execute(schema, query, variable_values={"i": variables})
    assert result.errors is None
    assert result.data["fight2e"]["resolveTurn"]["problems"] == [{"path": "rolls[1].key", "code": "duplicate_key"}]


def test_one_of_refuses_two_members(schema: strawberry.Schema, sdl_schema: GraphQLSchema) -> None:
    query = (
        'query { fight2e { priceMove(input: {level: 1, elements: [{id: "mobile", options: [{key: "m", '
        'value: {string: "a", int: 1}}]}]}) { __typename } } }'
    )
    assert execute(schema, query).errors  # GraphQL itself: exactly one member


def test_converters_take_input_instances_and_graphql_mappings() -> None:
    registry = TypeRegistry()
    move_input = registry.input_type(m.MoveRequest, "fight2e")
    entry_input = registry.input_type(m.EntryChoice, "fight2e")
    converters = Converters(registry)
    instance = move_input(level=3, elements=[entry_input(id="ranged", times=2)], free_throw=False)
    expected = m.MoveRequest.model_validate({"level": 3, "elements": [{"id": "ranged", "times": 2}]}, strict=True)
    assert converters.to_request(m.MoveRequest, instance) == expected
    mapping = {"level": 3, "elements": [{"id": "ranged", "times": 2}], "freeThrow": False}
    assert converters.to_request(m.MoveRequest, mapping) == expected
    invalid = converters.to_request(m.MoveRequest, move_input(level=3, elements=[entry_input(id="ranged", times=0)]))
    assert [(p.path, p.code) for p in invalid.problems] == [("elements[0].times", "greater_than_equal")]


def test_catalogue_equals_the_rest_documents(schema: strawberry.Schema, sdl_schema: GraphQLSchema) -> None:
    catalog_type = sdl_schema.get_type("Fight2eCatalog")
    query = (
        "{ fight2e { catalog { "
        + " ".join(f"{name} {selection(field.type)}" for name, field in catalog_type.fields.items())
        + " } } }"
    )  # type: ignore[union-attr]
    result = execute(schema, query)
    assert result.errors is None
    data = result.data["fight2e"]["catalog"]
    assert decode(catalog_type.fields["all"].type, data["all"]) == whole_catalogue().model_dump(mode="json")  # type: ignore[union-attr]
    # A document holding one list of records answers that list.
    keywords = keyword_list().model_dump(mode="json")["keywords"]
    assert decode(catalog_type.fields["keywords"].type, data["keywords"]) == keywords  # type: ignore[union-attr]


def test_the_generator_imports_no_ruleset() -> None:
    code = "import sys, service.graphql.typed; print(','.join(m for m in sys.modules if m.startswith('service.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded and all(
        m.startswith(("service.graphql", "service.rules.core")) or m == "service.rules" for m in loaded.split(",")
    )


# ---- what fight2e's models do not use yet: unions of models, aliases, computed fields, int enums, tuples


class Level(IntEnum):
    low = 1
    high = 2


class Circle(BaseModel):
    model_config = ConfigDict(extra="forbid")
    radius: float = Field(ge=0, description="In squares.")


class Square(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: int = Field(ge=0, le=10)


class Drawing(BaseModel):
    title: str = Field(alias="heading", max_length=20)
    shapes: list[Circle | Square] = Field(default_factory=list)
    main: Circle | Square | None = None
    level: Level = Level.low
    tags: tuple[str, ...] = ()
    weights: dict[str, float] = Field(default_factory=dict)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def count(self) -> int:
        return len(self.shapes)


class DrawingRequest(BaseModel):
    drawing: Drawing


def _draw(request: DrawingRequest) -> Drawing:
    return request.drawing


@pytest.fixture(scope="module")
def demo() -> tuple[strawberry.Schema, GraphQLSchema]:
    draw = Operation("draw", "draw", "Echo a drawing", DrawingRequest, Drawing, _draw)
    # not strict: in pydantic's strict Python mode an IntEnum takes only members and a tuple only tuples
    built = strawberry.Schema(query=root_query({"demo": namespace_type("demo", [draw], strict=False)}))
    return built, build_schema(built.as_str())


DRAWING = {
    "heading": "Plan",
    "shapes": [{"radius": 1.5}, {"side": 3}],
    "main": {"side": 2},
    "level": 2,
    "tags": ["a", "b"],
    "weights": {"w": 0.5, "v": 2.0},
}
DRAWING_INPUT = {
    "title": "Plan",
    "shapes": [{"circle": {"radius": 1.5}}, {"square": {"side": 3}}],
    "main": {"square": {"side": 2}},
    "level": "high",
    "tags": ["a", "b"],
    "weights": [{"key": "w", "value": 0.5}, {"key": "v", "value": 2.0}],
}
SHAPE = "{ __typename ... on DemoCircle { radius } ... on DemoSquare { side } }"
DRAW = (
    "query($i: DemoDrawingRequestInput!) { demo { draw(input: $i) { __typename ... on DemoDrawing { title "
    f"shapes {SHAPE} main {SHAPE} level tags weights {{ key value }} count }} ... on InvalidInput {{ problems "
    "{ path code } } } } }"
)


def test_unions_of_models_aliases_and_computed_fields(demo: tuple[strawberry.Schema, GraphQLSchema]) -> None:
    schema, sdl = demo
    assert sdl.get_type("DemoCircleOrDemoSquareInput").is_one_of  # type: ignore[union-attr]
    assert isinstance(sdl.get_type("DemoCircleOrDemoSquare"), GraphQLUnionType)
    result = execute(schema, DRAW, {"i": {"drawing": DRAWING_INPUT}})
    assert result.errors is None, result.errors
    answer = result.data["demo"]["draw"]
    expected = DrawingRequest.model_validate({"drawing": DRAWING}).drawing.model_dump(mode="json")
    assert answer["count"] == expected["count"] == 2
    assert answer["level"] == "high" and expected["level"] == Level.high
    assert [s["__typename"] for s in answer["shapes"]] == ["DemoCircle", "DemoSquare"]
    assert {e["key"]: e["value"] for e in answer["weights"]} == expected["weights"]
    assert (answer["title"], answer["tags"], answer["main"]["side"]) == (expected["title"], expected["tags"], 2)


def test_problems_inside_a_union_of_models(demo: tuple[strawberry.Schema, GraphQLSchema]) -> None:
    schema, _ = demo
    drawing = {**DRAWING_INPUT, "title": "t" * 21, "shapes": [{"circle": {"radius": 1}}, {"square": {"side": 11}}]}
    result = execute(schema, DRAW, {"i": {"drawing": drawing}})
    assert result.errors is None
    problems = {(p["path"], p["code"]) for p in result.data["demo"]["draw"]["problems"]}
    # nothing about the Circle the second shape is not (no "radius required", no "side not allowed")
    assert problems == {("drawing.title", "string_too_long"), ("drawing.shapes[1].square.side", "less_than_equal")}


def test_union_answers_from_json_pick_the_member_by_its_fields() -> None:
    registry = TypeRegistry()
    registry.output_type(Drawing, "demo")
    converters = Converters(registry)
    drawing = DrawingRequest.model_validate({"drawing": DRAWING}).drawing
    from_model = converters.to_output(Drawing, drawing)
    from_json = converters.to_output(Drawing, drawing.model_dump_json().encode())
    assert [type(s).__name__ for s in from_json.shapes] == ["DemoCircle", "DemoSquare"]
    # GraphQL writes a tuple and a list alike
    assert from_json == dataclasses.replace(from_model, tags=list(from_model.tags)) and from_json.count == 2


def test_two_namespaces_share_one_registry_without_collisions() -> None:
    registry = TypeRegistry()
    draw = Operation("draw", "draw", "Echo a drawing", DrawingRequest, Drawing, _draw)
    query = root_query(
        {
            "fight2e": namespace_type("fight2e", OPERATIONS[:1], registry=registry),
            "demo": namespace_type("demo", [draw], registry=registry, strict=False),
        }
    )
    sdl = build_schema(strawberry.Schema(query=query).as_str())
    assert {"Fight2eMovePrice", "DemoDrawing", "InvalidInput"} <= set(sdl.type_map)
    assert set(sdl.query_type.fields) == {"fight2e", "demo"}  # type: ignore[union-attr]
