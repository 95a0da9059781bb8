"""The sub-system seam of resolve-turn (`options.subsystem`): the Main Combat System, Thug Thrashing, Dramatic
Combat and both together are resolved, each by its own turn; none is ever resolved as a main-system turn."""

from __future__ import annotations

import copy

from service.rules.core.protocol.models import StepStatus as Status
from service.rules.fight2e.combat.contract.models import Subsystem, TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from service.rules.fight2e.operations import examples


def _body(subsystem: str | None) -> dict:
    body = copy.deepcopy(next(iter(examples("resolve_turn").values())))
    if subsystem is not None:
        body.setdefault("options", {})["subsystem"] = subsystem
    return body


def test_every_subsystem_is_on_the_spine() -> None:
    # no value of options.subsystem is refused as a whole any more
    for subsystem in Subsystem:
        out = resolve_turn(TurnRequest.model_validate({**_body(subsystem.value), "seed": 3}))
        assert "SUBSYSTEM_UNSUPPORTED" not in {v.code for v in out.violations}, subsystem


def test_dramatic_thug_thrashing_is_on_the_spine_and_never_main() -> None:
    # 000 L7074: both sub-systems together are a turn against Thug groups; the main example has two Fighters on
    # opposing sides and no group: opposing sides are played, but the turn needs a group (000 L6495), and it is
    # never resolved as a main-system turn
    out = resolve_turn(TurnRequest.model_validate({**_body("dramatic_thug_thrashing"), "seed": 3}))
    assert out.status is Status.invalid and out.log == [] and out.rolls == []
    assert [(v.code, v.path) for v in out.violations] == [("THUG_STATE_INVALID", "fight.thugs")]
    assert "thug_mixed_fight" not in {u.id for u in out.unsupported}


def test_main_is_the_default_and_unchanged() -> None:
    default = resolve_turn(TurnRequest.model_validate(_body(None)))
    main = resolve_turn(TurnRequest.model_validate(_body("main")))
    assert default.model_dump_json() == main.model_dump_json()
    assert "SUBSYSTEM_UNSUPPORTED" not in {v.code for v in main.violations}


def test_dramatic_is_resolved_on_the_spine() -> None:
    # 000 L7084: a Dramatic turn rolls no Control; the example fighters have Initiative dice from Speed
    out = resolve_turn(TurnRequest.model_validate({**_body("dramatic"), "seed": 3}))
    assert "SUBSYSTEM_UNSUPPORTED" not in {v.code for v in out.violations}
    assert not any(r.key.endswith(".ctrl") for r in out.rolls)


def test_thug_thrashing_is_on_the_spine_and_never_main() -> None:
    # the main example has two Fighters on opposing sides and no Thug group: a Thug Thrashing turn plays opposing
    # sides, but needs a group (000 L6495)
    out = resolve_turn(TurnRequest.model_validate({**_body("thug_thrashing"), "seed": 3}))
    assert out.status is Status.invalid and out.rolls == []
    assert [(v.code, v.path) for v in out.violations] == [("THUG_STATE_INVALID", "fight.thugs")]
    assert "thug_mixed_fight" not in {u.id for u in out.unsupported}
