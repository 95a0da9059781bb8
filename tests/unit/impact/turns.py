"""Building Impact turns for the tests: fighters with chosen sheets and states, every die given by key."""

from __future__ import annotations

from typing import Any

from service.rules.impact.turn.models import ImpactTurnAnswer, ImpactTurnRequest
from service.rules.impact.turn.resolve import resolve_turn

RATIOS = {"right": "power_2_1", "left": "speed_1_2"}


def sheet(**values: Any) -> dict[str, Any]:
    """A fighter: Power R4 L1, Speed R1 L2 unless told (2:1 on the right, 1:2 on the left, 001 L136)."""
    base: dict[str, Any] = {"power": {"left": 1, "right": 4}, "speed": {"left": 2, "right": 1}}
    return {"ratios": RATIOS, "sheet": base | values, "rank": "grand_master"}


def dice(key: str, *faces: int, start: int = 1) -> dict[str, int]:
    """``dice("T1.a.speed", 3, 4)`` → the keyed d6 of a 2d6 roll, ``T1.a.speed`` and ``T1.a.speed.2`` (the core key
    grammar: the point's first die bare, the next ones numbered); ``start=3`` numbers them from 3 (a repeat)."""
    return {(key if i == 1 else f"{key}.{i}"): face for i, face in enumerate(faces, start=start)}


def run(
    declarations: list[dict[str, Any]],
    rolls: dict[str, int],
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    *,
    a_state: dict[str, Any] | None = None,
    b_state: dict[str, Any] | None = None,
    complete: bool = True,
    **fight: Any,
) -> ImpactTurnAnswer:
    body = {
        "fight": {
            "fighters": [
                {"id": "a", "fighter": a or sheet(), "state": a_state or {}},
                {"id": "b", "fighter": b or sheet(), "state": b_state or {}},
            ]
        }
        | fight,
        "declarations": declarations,
        "rolls": rolls,
    }
    steps = ("decisions", "if_asked", "ask_every_decision", "seed", "lenient")
    extra = {k: body["fight"].pop(k) for k in steps if k in body["fight"]}
    answer = resolve_turn(ImpactTurnRequest.model_validate(body | extra))
    if complete:
        assert answer.status in ("resolved", "over"), (answer.dice_needed, answer.decisions_needed, answer.violations)
        assert not answer.violations, answer.violations
        assert not answer.warnings, answer.warnings
    return answer


def state(answer: ImpactTurnAnswer, fighter: str) -> Any:
    return next(c.state for c in answer.fight.fighters if c.id == fighter)
