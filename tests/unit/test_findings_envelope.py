"""Issue 10: one findings envelope for every operation, book references by chapter and section, one path notation,
and descriptions that point at nothing users do not have."""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from bench import payloads
from service.rules.core.findings import Finding, Severity, Unsupported, map_key
from service.rules.core.references import Ref, ref_of
from service.rules.fight2e import ruleset
from service.rules.fight2e.combat.contract.codes import CODES as COMBAT_CODES
from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from service.rules.fight2e.fighters import validate_fighter
from service.rules.fight2e.fighters.codes import FIGHTER_CODES
from service.rules.fight2e.fighters.fighter_models import FighterRequest
from service.rules.fight2e.moves.attack_strings import AttackStringRequest, price_attack_string
from service.rules.fight2e.moves.codes import CODES
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_json, price_move

ROOT = Path(__file__).resolve().parents[2]
LISTS = {"violations": Severity.error, "warnings": Severity.warning, "info": Severity.info}


# ---- one envelope: walk every operation's answer model


def _models(annotation: Any) -> typing.Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for arg in typing.get_args(annotation):
        yield from _models(arg)


def _walk(model: type[BaseModel], seen: set[type[BaseModel]]) -> None:
    if model in seen:
        return
    seen.add(model)
    for field in model.model_fields.values():
        for inner in _models(field.annotation):
            _walk(inner, seen)


def _list_of(annotation: Any) -> Any:
    assert typing.get_origin(annotation) is list, annotation
    (item,) = typing.get_args(annotation)
    return item


@pytest.mark.parametrize("operation", ruleset().operations, ids=lambda op: op.name)
def test_every_answer_uses_the_core_finding_and_unsupported(operation: Any) -> None:
    seen: set[type[BaseModel]] = set()
    _walk(operation.answer, seen)
    answers_with_findings = [m for m in seen if "violations" in m.model_fields]
    assert answers_with_findings, operation.name
    for model in seen:
        if "code" in model.model_fields and "message" in model.model_fields:
            assert model is Finding, f"{model.__module__}.{model.__qualname__} is a second finding shape"
        if "reason" in model.model_fields and model.__name__.lower().startswith("unsupported"):
            assert model is Unsupported, f"{model.__module__}.{model.__qualname__} is a second unsupported shape"
        for name in ("violations", "warnings", "info"):
            if name in model.model_fields:
                assert _list_of(model.model_fields[name].annotation) is Finding, (model, name)
        if "unsupported" in model.model_fields:
            assert _list_of(model.model_fields["unsupported"].annotation) is Unsupported, model


def _fighter_request() -> FighterRequest:
    request = payloads.fighter()
    request["fighter"]["power_level"] = 12  # out of range: a violation
    return FighterRequest.model_validate(request)


def _turn() -> TurnRequest:
    turn = payloads.turn()
    turn["fighters"][0]["state"]["fighting_spirit"] = 50  # above its starting total (000 L5489)
    return TurnRequest.model_validate(turn)


ANSWERS = {
    "price_move": lambda: json.loads(
        price_json(MoveRequest.model_validate({"level": 1, "elements": [{"id": "ranged"}, {"id": "nope"}]}))
    ),
    "attack_string": lambda: price_attack_string(
        AttackStringRequest.model_validate({"length": 2, "campaign": {"attack_strings": False}})
    ).model_dump(mode="json"),
    "validate_fighter": lambda: validate_fighter(_fighter_request()).model_dump(mode="json"),
    "resolve_turn": lambda: resolve_turn(_turn()).model_dump(mode="json"),
}


@pytest.mark.parametrize("name", ANSWERS)
def test_every_finding_answered_says_its_severity_and_fits_the_envelope(name: str) -> None:
    answer = ANSWERS[name]()
    found = 0
    for list_name, severity in LISTS.items():
        for finding in answer.get(list_name, []):
            assert set(finding) == set(Finding.model_fields), finding  # every field, always, in every operation
            assert Finding.model_validate(finding).severity is severity, finding
            found += 1
    assert found, name
    for unsupported in answer.get("unsupported", []):
        assert set(unsupported) == set(Unsupported.model_fields)


# ---- references by chapter and section


def test_findings_cite_the_chapter_and_section(book_lines: list[str]) -> None:
    move = price_move(MoveRequest.model_validate({"level": 1}))
    level = next(f for f in move.violations if f.code == "LEVEL_BELOW_MINIMUM")
    # 000 L2265 lies in "Special Moves", whose heading stands at 000 L2259.
    assert level.ref == Ref(
        chapter="4 Basic Moves, Special Moves, and Super Moves", section="Special Moves", line="000 L2265"
    )
    assert book_lines[2259 - 1].strip().lower() == "Special Moves".lower()

    fighter = validate_fighter(_fighter_request())
    pl = next(f for f in fighter.violations if f.code == "PL_OUT_OF_RANGE")
    # 000 L641 lies in "Power Level" (heading at 000 L639) of Chapter 1.
    assert pl.path == "fighter.power_level"
    assert (pl.ref.chapter, pl.ref.section, pl.ref.line) == (  # type: ignore[union-attr]
        "1 Character Generation",
        "Power Level",
        "000 L641, L724, L7968",
    )
    assert book_lines[639 - 1].strip().lower() == "Power Level".lower()

    turn = resolve_turn(_turn())
    fs = next(f for f in turn.violations if f.code == "STATE_FS_OUT_OF_RANGE")
    # 000 L5489 lies in "Fighting Spirit in Combat" (heading at 000 L5471); Initiative begins at 000 L5491.
    assert fs.path == "fighters[0].state.fighting_spirit"
    assert fs.ref == Ref(chapter="5 Combat", section="Fighting Spirit in Combat", line="000 L5489")
    assert book_lines[5471 - 1].strip().lower() == "Fighting Spirit in Combat".lower()
    assert book_lines[5491 - 1].strip().lower() == "Initiative".lower()


def test_every_code_reference_names_a_chapter() -> None:
    codes = [*CODES.values(), *FIGHTER_CODES.values(), *COMBAT_CODES.values()]
    uncited = [c.code for c in codes if c.ref is not None and ref_of(c.ref) is None]
    assert not uncited


def test_catalogue_refs_are_answered_as_chapter_and_section() -> None:
    from service.rules.fight2e.catalogue.catalog import catalog

    entry = catalog().entries["ranged"].model_dump(mode="json")
    assert entry["ref"]["chapter"] == "4 Basic Moves, Special Moves, and Super Moves"
    assert entry["ref"]["section"] == "Elements and Liabilities"
    assert entry["ref"]["line"].startswith("000 L")


def test_validation_codes_doc_names_chapter_and_section() -> None:
    doc = (ROOT / "docs" / "validation-codes.md").read_text(encoding="utf-8")
    assert (
        "| `LEVEL_BELOW_MINIMUM` | error | A Special Move below L2 (an L1 move is a Basic Move). | "
        "4 Basic Moves, Special Moves, and Super Moves › Special Moves (000 L2265) |"
    ) in doc


# ---- one path notation


def test_combat_paths_put_map_keys_in_brackets() -> None:
    turn = payloads.turn()
    turn["seed"] = 1
    turn["decisions"] = {"T1.a.action": {"action": "attack", "moves": ["no_such_move"], "target": "b"}}
    answer = resolve_turn(TurnRequest.model_validate(turn))
    unknown = next(f for f in answer.violations if f.code == "UNKNOWN_MOVE")
    assert (unknown.path, unknown.key) == ('decisions["T1.a.action"].moves', "T1.a.action")
    assert map_key('say "hi"') == '["say \\"hi\\""]'


PATH = re.compile(
    r'^([a-z_][a-z0-9_]*(\[\d+\]|\["(?:[^"\\]|\\.)*"\])*)(\.[a-z_][a-z0-9_]*(\[\d+\]|\["(?:[^"\\]|\\.)*"\])*)*$'
)


@pytest.mark.parametrize("name", ANSWERS)
def test_every_path_is_in_the_one_notation(name: str) -> None:
    answer = ANSWERS[name]()
    items = [f for n in (*LISTS, "unsupported") for f in answer.get(n, [])]
    for item in items:
        assert item["path"] == "" or PATH.match(item["path"]), item


# ---- contracts


def test_openapi_schema_names_carry_no_module_path() -> None:
    schemas = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))["components"]["schemas"]
    assert not [name for name in schemas if "__" in name]
    # one component per direction: as answers carry it, and as a request sends it back (a simulation merged)
    assert [name for name in schemas if "Finding" in name] == ["Finding", "FindingInput"]
    assert [name for name in schemas if "Unsupported" in name] == ["Unsupported", "UnsupportedRule"]  # + coverage


def _descriptions(node: Any) -> typing.Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                yield value
            else:
                yield from _descriptions(value)
    elif isinstance(node, list):
        for value in node:
            yield from _descriptions(value)


POINTERS = re.compile(r"digest|§|Ruling|\b[AV]-?\d{1,3}\b")


def test_descriptions_point_at_nothing_users_do_not_have() -> None:
    openapi = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    texts = list(_descriptions(openapi))
    assert len(texts) > 50
    texts.append((ROOT / "schema" / "schema.graphql").read_text(encoding="utf-8"))
    texts.append((ROOT / "docs" / "validation-codes.md").read_text(encoding="utf-8"))
    from service.rules.fight2e.fighters.codes import UNSUPPORTED

    texts += UNSUPPORTED.values()
    assert not [m.group(0) for text in texts for m in POINTERS.finditer(text)]
