"""The sub-system seam of resolve-turn (`options.subsystem`): only the Main Combat System is resolved yet; a turn
asked for under Thug Thrashing or Dramatic Combat is refused with the sub-system named as unsupported, never
resolved as a main-system turn."""

from __future__ import annotations

import copy

import pytest

from service.rules.fight2e.combat.models import Status, TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from service.rules.fight2e.operations import examples


def _body(subsystem: str | None) -> dict:
    body = copy.deepcopy(next(iter(examples("resolve_turn").values())))
    if subsystem is not None:
        body.setdefault("options", {})["subsystem"] = subsystem
    return body


@pytest.mark.parametrize(
    ("subsystem", "named"),
    [
        ("thug_thrashing", ["thug_thrashing"]),
        ("dramatic", ["dramatic"]),
        ("dramatic_thug_thrashing", ["thug_thrashing", "dramatic"]),
    ],
)
def test_other_subsystems_are_reported_unsupported(subsystem: str, named: list[str]) -> None:
    out = resolve_turn(TurnRequest.model_validate(_body(subsystem)))
    assert out.status is Status.invalid and out.log == [] and out.rolls == []
    assert [(v.code, v.path) for v in out.violations] == [("SUBSYSTEM_UNSUPPORTED", "options.subsystem")]
    assert [(u.id, u.path) for u in out.unsupported] == [(n, "options.subsystem") for n in named]


def test_main_is_the_default_and_unchanged() -> None:
    default = resolve_turn(TurnRequest.model_validate(_body(None)))
    main = resolve_turn(TurnRequest.model_validate(_body("main")))
    assert default.model_dump_json() == main.model_dump_json()
    assert "SUBSYSTEM_UNSUPPORTED" not in {v.code for v in main.violations}
