"""The same request gives the same answer whatever came before it (issue 9 item 10): every memo is keyed on all it
reads, every memo registers with ``service.rules.memo``, and interleaved requests answer as a fresh process."""

from __future__ import annotations

import functools
import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import service
from service.rules import memo
from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.fighters import validate_fighter
from service.rules.fight2e.fighters.fighter_models import FighterRequest
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move

from .fight2e.combat.fixtures import build
from .fight2e.combat.support import FIST, KICK, THROW, attack, sheet

# Tables loaded once from the shipped data files or the code itself (no request reaches them): not memos.
LOAD_ONCE = {
    # the other rulesets' data tables, published examples and per-model field maps, read once
    "service.rules.impact.operations.example_notes",
    "service.openapi.answer_examples",  # the contract's answer examples, from the published requests, made once
    "service.rules.ashes.operations.examples",
    "service.rules.battleroyale.operations._examples",
    "service.rules.battleroyale.tables.records.ranks",
    "service.rules.battleroyale.tables.records.creation",
    "service.rules.battleroyale.tables.records.moves",
    "service.rules.battleroyale.tables.records.forms",
    "service.rules.fight2e.dramatic.catalogue.tables",
    "service.rules.fight2e.thugs.catalogue.thug_catalogue",
    "service.rules.impact.operations.examples",
    "service.rules.impact.operations.pack_document",
    "service.rules.impact.tables.rules.rules",
    "service.rules.fight2e.catalogue.catalog.catalog",
    "service.rules.fight2e.catalogue.character_catalog.character_catalog",
    "service.rules.core.json_values.json_fields",  # keyed by a model class
    "service.settings.get_settings",
    "service.api.rulesets._whole_document",  # keyed on the ruleset record, whose version covers its data
    "service.api.rulesets._coverage",  # the coverage document, keyed on the ruleset record like the catalogue
    "service.api.system.ruleset_infos",
    "service.rules.fight2e.operations.examples",  # fixed data files, by operation name
    "service.graphql.schema.sdl_schema",  # the schema built from the registry, once
    "service.openapi.pydantic_components",
    "service.rules.core.ruleset.rulesets",  # the ruleset packages, discovered once
    "service.simulate._own_ruleset",  # one ruleset package's record, read once (as ``rulesets`` reads them all)
    "service.docs._markdown",
    "service.docs.validation_codes_markdown",
    "service.builder._page",  # the builder page file and its policy, read once
    "service.rules.fight2e.combat.registry.points.lost_when_hit",  # derived from the load-once catalogue
    "service.rules.fight2e.combat.registry.points.granted",  # derived from the load-once catalogue, by state
}

JAB = {"id": "jab", "name": "Jab", "level": 2}
SIDES = {"a": "red", "a2": "red", "b": "blue"}


def _tag_request(tag_team: bool) -> dict[str, Any]:
    """A Combo Switch into the waiting partner (000 L6285); with the option off the same sheets and decisions."""
    fighters = []
    for fid, extra in (("a", {}), ("a2", {"tag_waiting": True}), ("b", {})):
        state = {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30, **extra}
        fighters.append({"id": fid, "sheet": sheet(fid, moves=[FIST, JAB]), "state": state})
    return {
        "options": {"tag_team": tag_team},
        "fight": {"turn": 1, "positioning": {"mode": "range", "range": 1}, "sides": SIDES},
        "fighters": fighters,
        "decisions": {
            "T1.a.action": attack(["fist", "combo_switch"]),
            "T1.a2.action": attack(["fist", "jab"]),
            "T1.b.action": {"action": "none"},
            "T1.b.defense": {"defense": "defense"},
            "T1.b.defense.2": {"defense": "defense"},
        },
        "rolls": {
            "T1.a.init": 6,
            "T1.b.init": 4,
            "T1.a.ctrl": 6,
            "T1.b.ctrl": 3,
            "T1.a2.ctrl": 6,
            "T1.a.attack": 6,
            "T1.a2.init": 5,
        },
        "seed": 1,
    }


def _duel_request(options: dict[str, Any], move: str) -> dict[str, Any]:
    fighters = [
        {
            "id": fid,
            "sheet": sheet(fid, moves=[KICK, FIST, THROW]),
            "state": {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30},
        }
        for fid in ("a", "b")
    ]
    return {
        "options": options,
        "fight": {"turn": 1, "positioning": {"mode": "range", "range": 1}},
        "fighters": fighters,
        "decisions": {"T1.a.action": attack([move]), "T1.b.action": {"action": "none"}},
        "rolls": {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6},
        "seed": 3,
    }


def _combat(data: dict[str, Any]) -> Any:
    return lambda: resolve_turn(build(data)).model_dump_json()


def _price(data: dict[str, Any]) -> Any:
    return lambda: price_move(MoveRequest.model_validate(data)).model_dump_json()


def _validate(data: dict[str, Any]) -> Any:
    return lambda: validate_fighter(FighterRequest.model_validate(data)).model_dump_json()


SUPER = {"id": "sup", "name": "Sup", "kind": "super", "level": 5, "elements": [{"id": "increased_damage"}]}
REQUESTS = [
    _combat(_tag_request(True)),
    _combat(_tag_request(False)),
    _combat(_duel_request({}, "basic_move")),
    _combat(_duel_request({"sweeps": True}, "sweep")),
    _combat(_duel_request({"sweeps": False}, "sweep")),
    _combat(_duel_request({"pursuit_attacks": True, "throws_unblockable": False}, "grab")),
    _combat(_duel_request({"throws_unblockable": True}, "grab")),
    _price(
        {
            "name": "Sup",
            "type": "super",
            "level": 5,
            "elements": [{"id": "increased_damage"}],
            "campaign": {"super_stun": True},
        }
    ),
    _price({"name": "Sup", "type": "super", "level": 5, "elements": [{"id": "increased_damage"}]}),
    _validate({"fighter": sheet("v", moves=[KICK, SUPER])}),
    _validate({"fighter": sheet("v", moves=[KICK, SUPER]), "campaign": {"super_move_system": "three_tier"}}),
]


@functools.cache
def _fresh() -> tuple[str, ...]:
    out = []
    for request in REQUESTS:
        memo.clear_all()
        out.append(request())
    return tuple(out)


_IN_A_NEW_PROCESS = """
import sys
from tests.unit.test_memo import _tag_request
from tests.unit.fight2e.combat.fixtures import build
from service.rules.fight2e.combat import resolve_turn
sys.stdout.write(resolve_turn(build(_tag_request(True))).model_dump_json())
"""


def test_tag_team_turn_answers_alike_after_the_same_sheets_without_tag_teams() -> None:
    fresh = subprocess.run(
        [sys.executable, "-c", _IN_A_NEW_PROCESS],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[2],
    ).stdout
    assert json.loads(fresh)["status"] == "resolved"
    assert resolve_turn(build(_tag_request(False))).status == "invalid"  # the same sheets, tag teams off, first
    again = resolve_turn(build(_tag_request(True)))
    assert again.status == "resolved", again.violations
    assert again.model_dump_json() == fresh


@given(st.lists(st.integers(0, len(REQUESTS) - 1), min_size=2, max_size=8))
def test_interleaved_requests_answer_as_a_fresh_process(order: list[int]) -> None:
    fresh = _fresh()
    for i in order:
        assert REQUESTS[i]() == fresh[i], f"request {i} after {order}"


def _service_modules() -> list[Any]:
    out = []
    for info in pkgutil.walk_packages(service.__path__, "service."):
        # gunicorn's config file memoises nothing, and importing it points the process at a multiprocess metrics
        # directory, which empties /metrics of every app the process builds after it (the API tests in this worker)
        if info.name.endswith("__main__") or info.name == "service.gunicorn_conf":
            continue
        try:
            out.append(importlib.import_module(info.name))
        except ImportError:
            continue
    return out


def test_every_functools_memo_in_the_service_is_registered() -> None:
    """A new ``functools`` cache must either be a registered memo (``memo.memo``) or load-once data."""
    for module in _service_modules():
        for name, value in vars(module).items():
            if not isinstance(value, functools._lru_cache_wrapper) or value.__module__ != module.__name__:
                continue
            qual = f"{module.__name__}.{name}"
            if qual in LOAD_ONCE:
                continue
            assert qual in memo.registered(), (
                f"{qual} is a functools cache neither registered with service.rules.memo nor load-once"
            )


def test_clear_all_empties_every_registered_memo() -> None:
    for i in range(len(REQUESTS)):
        REQUESTS[i]()
    memo.clear_all()
    for module in _service_modules():
        for name, value in vars(module).items():
            if (
                isinstance(value, functools._lru_cache_wrapper)
                and f"{module.__name__}.{name}" not in LOAD_ONCE
                and value.__module__ == module.__name__
            ):
                assert value.cache_info().currsize == 0, f"{module.__name__}.{name}"
            if isinstance(value, memo.Table):
                assert len(value) == 0, f"{module.__name__}.{name}"


def test_a_kept_dump_belongs_to_its_model_alone() -> None:
    """The canonical key keeps a frozen model's dump while the model lives: a changed copy gets its own key, an
    equal model built anew the same key, and a model gone leaves nothing behind."""
    first = MoveRequest.model_validate({"level": 3, "elements": [{"id": "ranged"}]})
    twin = MoveRequest.model_validate({"level": 3, "elements": [{"id": "ranged"}]})
    changed = first.model_copy(update={"level": 4})
    assert memo.canonical(first) == memo.canonical(first) == memo.canonical(twin)
    assert memo.canonical(changed) != memo.canonical(first)
    assert '"level":4' in memo.canonical(changed)
    kept = len(memo._DUMPS)
    del changed
    assert len(memo._DUMPS) == kept - 1
    memo.clear_all()
    assert memo._DUMPS == {}
    assert memo.canonical(first) == first.model_dump_json()


def test_a_table_is_bounded_in_bytes_whatever_its_keys() -> None:
    """Issue 28: the combat-profile and impact-fighter memos were bounded by entries only, so 256 entries keyed on
    large sheets or packs held hundreds of MiB. An entry weighs overhead + weight × its key's characters."""
    table: memo.Table[str, int] = memo.Table("test.bytes", max_bytes=10_000, weight=2, overhead=1000)
    for n in range(5):
        table.put(f"{n:04d}" + "x" * 996, n)  # 1,000-character keys: 3,000 bytes each
    assert len(table) == 3 and table.bytes == 9_000  # the two oldest went
    assert table.get("0000" + "x" * 996) is None and table.get("0004" + "x" * 996) == 4
    table.put("y" * 5_000, 9)  # 11,000 bytes: heavier than the whole table, not kept
    assert table.get("y" * 5_000) is None and len(table) == 3
    tuple_key: memo.Table[tuple[str, str], int] = memo.Table("test.tuple", max_bytes=10_000, weight=1, overhead=0)
    tuple_key.put(("a" * 3000, "b" * 3000), 1)
    assert tuple_key.bytes == 6000
    memo.clear_all()
    assert len(table) == 0
