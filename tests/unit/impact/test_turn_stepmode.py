"""Step mode (the core turn protocol): every die and decision to the end of the turn named at once, decisions listed
with their choices, any choice moves the turn on; seeds; strict and lenient keys."""

from __future__ import annotations

from typing import Any

from service.rules.impact.turn.models import ImpactTurnAnswer, ImpactTurnRequest
from service.rules.impact.turn.resolve import resolve_turn

from .turns import dice, sheet

DECL = [
    {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"},
    {"fighter": "b", "maneuver": "straight_punch", "side": "left", "area": "chest"},
]


def body(**extra: Any) -> dict[str, Any]:
    fighters = [{"id": "a", "fighter": sheet()}, {"id": "b", "fighter": sheet(defense=2)}]
    return {"fight": {"fighters": fighters}, "declarations": DECL} | extra


def ask(b: dict[str, Any]) -> ImpactTurnAnswer:
    return resolve_turn(ImpactTurnRequest.model_validate(b))


def drive(b: dict[str, Any], pick: int = 0, face: int = 3, limit: int = 60) -> tuple[ImpactTurnAnswer, int]:
    """The plugin loop of docs/turn-protocol.md: roll what is named, answer what is asked (the provisional ones in
    ``if_asked``), send again; the count is the requests sent before the last one."""
    for step in range(limit):
        answer = ask(b)
        if answer.status != "decision_required":
            return answer, step
        assert answer.dice_needed or answer.decisions_needed
        for die in answer.dice_needed:
            assert die.key not in b.setdefault("rolls", {}) and die.die == "1d6"
            b["rolls"][die.key] = face
        for d in answer.decisions_needed:
            assert d.choices and (d.default is None or d.default in [c.value for c in d.choices])
            into = b.setdefault("if_asked" if d.provisional else "decisions", {})
            into[d.key] = d.choices[min(pick, len(d.choices) - 1)].value
    raise AssertionError("the turn never completed")


def test_dice_named_at_once() -> None:
    # every die to the end of the turn in the first answer (the look-ahead), the first one not provisional
    first = ask(body())
    assert first.status == "decision_required"
    assert [(d.key, d.die, d.provisional) for d in first.dice_needed][:2] == [
        ("T1.a.speed", "1d6", False),
        ("T1.a.speed.2", "1d6", True),
    ]
    assert {"T1.b.speed", "T1.b.speed.2", "T1.a.hit", "T1.b.difficulty"} <= {d.key for d in first.dice_needed}
    assert first.fight.turn == 1
    answer, steps = drive(body())
    assert answer.status == "resolved" and steps <= 3 and answer.fight.turn == 2


def test_defend_decision_and_its_choices() -> None:
    b = body(ask_every_decision=True, rolls=dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 6, 6))
    pending = ask(b)
    (d,) = pending.decisions_needed
    assert (d.key, d.point, d.step, d.fighter, d.provisional) == ("T1.a.defend", "defend", "defense", "a", False)
    assert [c.value for c in d.choices] == ["keep", "cover_up"] and d.default == "keep"


def test_every_choice_moves_on() -> None:
    for pick in range(3):
        answer, _ = drive(body(ask_every_decision=True), pick=pick)
        assert answer.status == "resolved" and not answer.violations


def test_choosing_to_defend() -> None:
    # a, attacked before acting, drops the Jab for Cover-Up: no Jab, and a's defence earns 1 SP
    answer, _ = drive(
        body(
            ask_every_decision=True,
            decisions={"T1.a.defend": "cover_up"},
            rolls=dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 6, 6),
        )
    )
    assert not [e for e in answer.events if e.fighter == "a" and e.kind in ("hit", "miss")]
    assert next(c.state for c in answer.fight.fighters if c.id == "a").sp == 1


def test_seeded_turn_is_deterministic() -> None:
    one = ask(body(seed=11))
    assert one.status == "resolved" and all(r.source == "seed" for r in one.rolls)
    assert ask(body(seed=11)) == one
    ask(body(seed=12))  # whatever came before
    assert ask(body(seed=11)) == one
    given = ask(body(seed=11, rolls={"T1.a.speed": 6}))
    assert next(r for r in given.rolls if r.key == "T1.a.speed").source == "given"


def test_bad_die_and_decision() -> None:
    bad = ask(body(rolls={"T1.a.speed": 7}))
    assert bad.status == "invalid"
    assert [(v.code, v.path, v.key) for v in bad.violations] == [("ROLL_INVALID", 'rolls["T1.a.speed"]', "T1.a.speed")]
    wrong = ask(
        body(seed=1, decisions={"T1.a.defend": "dance"}, rolls=dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 6, 6))
    )
    assert wrong.status == "invalid" and [v.code for v in wrong.violations] == ["DECISION_INVALID"]


def test_unused_roll_refused_or_warned() -> None:
    # strict: a key of no die of this turn is a violation; lenient: a warning, and the turn resolves without it
    answer = ask(body(seed=3, rolls={"T9.z.speed": 2}))
    assert answer.status == "invalid"
    assert [(v.code, v.key) for v in answer.violations] == [("ROLL_KEY_UNKNOWN", "T9.z.speed")]
    lenient = ask(body(seed=3, rolls={"T9.z.speed": 2}, lenient=True))
    assert lenient.status == "resolved" and [(w.code, w.key) for w in lenient.warnings] == [
        ("ROLL_NOT_USED", "T9.z.speed")
    ]
    assert lenient.log == ask(body(seed=3)).log


def test_three_fighters_keys_name_the_other() -> None:
    # the core grammar: a fighter's point is bare the first time; with more than one opponent a later one names the
    # other fighter of the exchange (docs/turn-protocol.md)
    fighters = [{"id": x, "fighter": sheet()} for x in ("a", "b", "c")]
    decl = [
        {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest", "target": "b"},
        {"fighter": "b", "action": "defense", "tactic": "cover_up"},
        {"fighter": "c", "maneuver": "jab", "side": "right", "area": "chest", "target": "a"},
    ]
    answer = ask({"fight": {"fighters": fighters}, "declarations": decl, "seed": 5})
    assert answer.status == "resolved" and not answer.violations
    keys = {r.key for r in answer.rolls}
    assert {"T1.a.hit", "T1.a.hit.2", "T1.c.hit", "T1.a.difficulty", "T1.a.difficulty.2", "T1.b.difficulty"} <= keys
