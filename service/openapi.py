"""The OpenAPI document, with every model's schema taken from pydantic itself.

Litestar's generator drops some constraints of pydantic fields (bounds inside list items, dict sizes, patterns),
so the served and committed document replaces each model's component with pydantic's own JSON schema: the
contract then states exactly what the service validates.
"""

from __future__ import annotations

import json
import re
from enum import Enum
from functools import cache
from typing import Any, get_args

from litestar import Litestar, Request
from litestar.openapi.plugins import JsonRenderPlugin
from pydantic import BaseModel
from pydantic.json_schema import CoreModeRef, CoreRef, DefsRef, GenerateJsonSchema, models_json_schema

from .api.system import Health, Readiness, RulesetList, ruleset_infos
from .problems import Problem
from .rules.core.coverage import Coverage
from .rules.core.packs import DEFAULT_PACK
from .rules.core.ruleset import Ruleset, published_name, rulesets


def _models() -> tuple[list[type[BaseModel]], list[type[BaseModel]]]:
    """Every ruleset's request models, and every answer model the service sends."""
    requests: list[type[BaseModel]] = []
    answers: list[type[BaseModel]] = [Health, Readiness, RulesetList, Problem]
    for ruleset in rulesets():
        requests += [op.request for op in ruleset.operations]
        answers += [op.answer for op in ruleset.operations]
        answers += [doc.model for doc in ruleset.catalogue] + [lookup.model for lookup in ruleset.lookups]
        answers += [Coverage] if ruleset.coverage is not None else []
    return list(dict.fromkeys(requests)), list(dict.fromkeys(answers))


class _Published(GenerateJsonSchema):
    """Components named as GraphQL names the same types (``core.ruleset.published_name``): a ruleset's carry its
    prefix once (``Fight2eTurnResult``, ``BattleroyaleBoutResult``), the shared ones their class name."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._models: list[type] = []  # the models being described, innermost last

    def get_defs_ref(self, core_mode_ref: CoreModeRef) -> DefsRef:
        core_ref, mode = core_mode_ref
        found = _CORE_REF.fullmatch(core_ref)
        if found:
            core_ref = CoreRef(f"{found['module']}.{published_name(found['module'], found['name'])}:{found['id']}")
        return super().get_defs_ref((core_ref, mode))

    def model_schema(self, schema: Any) -> Any:
        self._models.append(schema["cls"])
        try:
            return super().model_schema(schema)
        finally:
            self._models.pop()

    def field_is_required(self, field: Any, total: bool) -> bool:
        """In an answer every field is always present (answers are never dumped without their defaults), so the
        schema says so and generated clients need no `!` or `?.` on it. Problems are the exception: RFC 9457 leaves
        their members beyond the first four out when they say nothing (service/problems.py)."""
        whole = not self._models or self._models[-1].__module__ != "service.problems"
        if self.mode == "serialization" and whole:
            return not field.get("serialization_exclude")
        return super().field_is_required(field, total)


_CORE_REF = re.compile(r"(?P<module>[\w.]+)\.(?P<name>\w+):(?P<id>\d+)")


@cache
def pydantic_components() -> dict[str, Any]:
    requests, answers = _models()
    pairs = [(model, "validation") for model in requests] + [(model, "serialization") for model in answers]
    _, top = models_json_schema(
        pairs,  # type: ignore[arg-type]
        ref_template="#/components/schemas/{model}",
        schema_generator=_Published,
    )
    return top["$defs"]


def _renamed_refs(node: Any, names: dict[str, str]) -> Any:
    """Litestar's own references (request bodies, answers) pointed at the published names."""
    if isinstance(node, list):
        return [_renamed_refs(v, names) for v in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(_SCHEMAS):
        name = ref.removeprefix(_SCHEMAS)
        return {**node, "$ref": _SCHEMAS + names.get(name, name)}
    return {k: _renamed_refs(v, names) for k, v in node.items()}


_SCHEMAS = "#/components/schemas/"


def _one_name_per_direction(document: dict[str, Any]) -> None:
    """A model whose request and answer schemas differ (an answer states every field; a request leaves defaults
    out) is two components: ``Fight2eFighter`` as answers carry it and ``Fight2eFighterInput`` as requests send it,
    the names GraphQL gives the same two types (pydantic's own ``-Output``/``-Input`` suffixes are not names a
    generated client can use). Where Litestar left its own copy under the plain name, pydantic's answer schema
    takes that name."""
    schemas = document["components"]["schemas"]
    renamed = {k: _direction_name(k) for k in schemas if k.endswith(("-Input", "-Output"))}
    kept = {k: v for k, v in schemas.items() if k not in renamed and k not in set(renamed.values())}
    kept |= {new: schemas[old] for old, new in renamed.items()}
    document["paths"] = _renamed_refs(document.get("paths", {}), renamed)
    document["components"]["schemas"] = {k: _renamed_refs(v, renamed) for k, v in sorted(kept.items())}


def _request_bodies_take_inputs(document: dict[str, Any]) -> None:
    """A request body whose model has a request direction of its own names that one (``Fight2eMoveRequestInput``)."""
    schemas = document["components"]["schemas"]
    for item in document.get("paths", {}).values():
        for op in item.values():
            content = op.get("requestBody", {}).get("content", {}) if isinstance(op, dict) else {}
            for media in content.values():
                ref = media.get("schema", {}).get("$ref", "")
                if ref.startswith(_SCHEMAS) and ref.removeprefix(_SCHEMAS) + "Input" in schemas:
                    media["schema"] = {**media["schema"], "$ref": ref + "Input"}


def _direction_name(name: str) -> str:
    return name.removesuffix("-Output") if name.endswith("-Output") else name.removesuffix("-Input") + "Input"


def _query_enum_names() -> dict[str, str]:
    """The enums of the catalogue's query parameters (Litestar names their components): the ruleset's prefix too."""
    names: dict[str, str] = {}
    for ruleset in rulesets():
        for doc in ruleset.catalogue:
            for info in doc.filters.model_fields.values() if doc.filters else ():
                for kind in (info.annotation, *get_args(info.annotation)):
                    if isinstance(kind, type) and issubclass(kind, Enum):
                        names[kind.__name__] = published_name(f"service.rules.{ruleset.id}", kind.__name__)
    return names


def _key_patterns(node: Any) -> Any:
    """pydantic writes a pattern on a mapping's keys as ``patternProperties``, which in JSON Schema leaves other
    keys free; the service refuses them, so the pattern goes to ``propertyNames`` and the value schema to
    ``additionalProperties``."""
    if isinstance(node, list):
        return [_key_patterns(v) for v in node]
    if not isinstance(node, dict):
        return node
    node = {k: _key_patterns(v) for k, v in node.items()}
    patterns = node.get("patternProperties")
    if node.get("type") == "object" and isinstance(patterns, dict) and len(patterns) == 1:
        ((pattern, values),) = patterns.items()
        del node["patternProperties"]
        node["additionalProperties"] = values
        node["propertyNames"] = {**node.get("propertyNames", {}), "pattern": pattern}
    return node


def patch(document: dict[str, Any]) -> dict[str, Any]:
    requests, answers = _models()
    names = {m.__name__: published_name(m.__module__, m.__name__) for m in [*requests, *answers]}
    names |= _query_enum_names()
    document["paths"] = _renamed_refs(document.get("paths", {}), names)
    components = document.setdefault("components", {})
    schemas = components["schemas"] = {names.get(k, k): v for k, v in components.get("schemas", {}).items()}
    schemas.update(_key_patterns(pydantic_components()))
    _one_name_per_direction(document)
    schemas = document["components"]["schemas"]
    _request_bodies_take_inputs(document)
    # Keep only the components the paths reach (Litestar's own copies of replaced models fall away).
    reached: set[str] = set()
    todo = _refs(document.get("paths", {}))
    while todo:
        name = todo.pop()
        if name not in reached and name in schemas:
            reached.add(name)
            todo |= _refs(schemas[name])
    document["components"]["schemas"] = {k: v for k, v in sorted(schemas.items()) if k in reached}
    _request_defaults_optional(document)
    _request_examples(document)
    _response_examples(document)
    return document


def _request_examples(document: dict[str, Any]) -> None:
    """Each operation's worked request bodies (the ones its tests check) as named OpenAPI examples."""
    for ruleset in rulesets():
        for op in ruleset.operations:
            item = document.get("paths", {}).get(f"/v1/{ruleset.id}/{op.path}", {}).get("post")
            if item is None or not op.examples:
                continue
            content = item["requestBody"]["content"]["application/json"]
            content["examples"] = {
                name: _noted({"summary": name.replace("-", " "), "value": value}, op.example_notes.get(name))
                for name, value in op.examples.items()
            }


def _noted(example: dict[str, Any], note: str | None) -> dict[str, Any]:
    """An example with its description, when the ruleset says why it answers as it does."""
    return {**example, "description": note} if note else example


@cache
def answer_examples() -> dict[tuple[str, str], dict[str, Any]]:
    """(method, path) → a named example of the 200 answer, made at generation time: for a ``POST``, its first
    published request example run through the core (named alike: the answer that request gets, so the two cannot
    drift); for a ``GET``, the document it serves. Long lists are cut to their first items (the whole catalogue is
    hundreds of KB), and the example's summary says so."""
    found: dict[tuple[str, str], dict[str, Any]] = {
        ("get", "/healthz"): {"ok": _example("the process is alive", Health(), Health)},
        ("get", "/readyz"): {"ready": _example("ready without Redis", Readiness(redis="absent"), Readiness)},
        ("get", "/v1/rulesets"): {
            "rulesets": _example("the hosted rulesets", RulesetList(rulesets=ruleset_infos()), RulesetList)
        },
    }
    for ruleset in rulesets():
        base = f"/v1/{ruleset.id}"
        for op in ruleset.operations:
            for name, body in list(op.examples.items())[:1]:  # one per operation: the document stays small
                answer = op.run(op.request.model_validate(body))
                summary = f"the answer to {name.replace('-', ' ')}"
                found[("post", f"{base}/{op.path}")] = {
                    name: _noted(_example(summary, answer, op.answer), op.example_notes.get(name))
                }
        for doc in ruleset.catalogue:
            path = f"{base}/catalog/{doc.name}" if doc.name else f"{base}/catalog"
            found[("get", path)] = {"document": _example("the document", doc.build(None), doc.model)}
        for lookup in ruleset.lookups:
            record = _first_record(ruleset, lookup.find)
            if record is not None:
                found[("get", f"{base}/catalog/{lookup.name}/{{id}}")] = {
                    "first": _example("the first record found", record, lookup.model)
                }
        if ruleset.coverage is not None:
            found[("get", f"{base}/coverage")] = {"coverage": _example("the document", ruleset.coverage(), Coverage)}
    return found


KEEP = (3, 8)  # a list's first items kept, more when the model asks for more (an impact pack has its 7 body areas)


def _json(answer: BaseModel | bytes) -> Any:
    return json.loads(answer if isinstance(answer, bytes) else answer.model_dump_json())


def _example(summary: str, answer: BaseModel | bytes, model: type[BaseModel]) -> dict[str, Any]:
    whole = _json(answer)
    value = _excerpt(whole, model)
    said = summary if value == whole else f"{summary}, each long list cut to its first items"
    return {"summary": said, "value": value}


def _excerpt(whole: Any, model: type[BaseModel]) -> Any:
    """``whole`` with each list cut to its first few items, as few as the model still accepts."""
    for keep in KEEP:
        cut = _cut(whole, keep)
        if cut == whole or _valid(model, cut) or not _valid(model, whole):
            return cut
    return whole


def _valid(model: type[BaseModel], value: Any) -> bool:
    try:
        model.model_validate(value)
    except Exception:  # a validation error, or a validator that does not take its own output back
        return False
    return True


def _cut(node: Any, keep: int) -> Any:
    if isinstance(node, list):
        return [_cut(item, keep) for item in node[:keep]]
    if isinstance(node, dict):
        return {k: _cut(v, keep) for k, v in node.items()}
    return node


def _first_record(ruleset: Ruleset, find: Any) -> BaseModel | None:
    """The default data pack when the lookup serves packs, else the first record of the ruleset's catalogue
    documents whose ``id`` (or ``name``) the lookup finds."""
    if (pack := find(DEFAULT_PACK)) is not None:
        return pack  # type: ignore[no-any-return]
    for doc in ruleset.catalogue:
        todo = [_json(doc.build(None))]
        while todo:
            node = todo.pop(0)
            if isinstance(node, dict):
                for key in ("id", "name"):  # entries are found by id, packs by name
                    ident = node.get(key)
                    if isinstance(ident, str) and (record := find(ident)) is not None:
                        return record  # type: ignore[no-any-return]
                todo += list(node.values())
            elif isinstance(node, list):
                todo += node
    return None


def _response_examples(document: dict[str, Any]) -> None:
    for (method, path), examples in answer_examples().items():
        item = document.get("paths", {}).get(path, {}).get(method)
        content = item and item.get("responses", {}).get("200", {}).get("content", {}).get("application/json")
        if content is not None and examples:
            content["examples"] = examples


def _request_defaults_optional(document: dict[str, Any]) -> None:
    """A request field with a default may be left out, but client generators (openapi-typescript's defaults) make
    every property that states a ``default`` required. In the components a request body reaches, the default is
    therefore said in the description instead, and the property stays optional."""
    schemas = document["components"]["schemas"]
    bodies = [
        op.get("requestBody", {})
        for item in document.get("paths", {}).values()
        for op in item.values()
        if isinstance(op, dict)
    ]
    reached: set[str] = set()
    todo = _refs(bodies)
    while todo:
        name = todo.pop()
        if name not in reached and name in schemas:
            reached.add(name)
            todo |= _refs(schemas[name])
    for name in reached:
        for prop in schemas[name].get("properties", {}).values():
            if "default" in prop:
                said = f"Default: `{json.dumps(prop.pop('default'))}`."
                prop["description"] = f"{prop['description']} {said}" if prop.get("description") else said


def _refs(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            found.add(ref.rsplit("/", 1)[1])
        for value in node.values():
            found |= _refs(value)
    elif isinstance(node, list):
        for value in node:
            found |= _refs(value)
    return found


def document(app: Litestar) -> dict[str, Any]:
    return patch(app.openapi_schema.to_schema())


class PydanticJsonRenderPlugin(JsonRenderPlugin):
    """Serves ``openapi.json`` with the pydantic component schemas."""

    _body: bytes | None = None

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        if self._body is None:
            self._body = json.dumps(patch(json.loads(self.render_json(request, openapi_schema)))).encode()
        return self._body
