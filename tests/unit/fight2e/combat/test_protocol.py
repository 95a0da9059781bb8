"""The turn protocol driven as a VTT plugin would: send the fight, answer each `decision_required` with one of the
offered choices, roll each named die, send again. No key is written by hand; the end state equals the one reached
by sending every answer at once."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from service.rules.core.protocol.models import DieNeeded
from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.models import Asked, ChoiceOption, TurnResult
from service.rules.fight2e.simulation.policies import typed

from .fixtures import BATTLE, REI, build, state

Pick = Callable[[Asked], ChoiceOption | None]  # a decision read back typed (simulation.policies.typed)


@dataclass
class Scenario:
    name: str
    rei: dict[str, Any] = field(default_factory=state)
    battle: dict[str, Any] = field(default_factory=state)
    range: int = 3
    options: dict[str, Any] = field(default_factory=dict)
    dice: dict[tuple[str, str], int] = field(default_factory=dict)  # (fighter, purpose word) → face
    picks: list[Pick] = field(default_factory=list)  # tried in order; else the default, else the first choice
    rei_sheet: dict[str, Any] = field(default_factory=lambda: REI)


def request(s: Scenario) -> dict[str, Any]:
    return {
        "options": {"ask_every_decision": True, **s.options},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": s.range}},
        "fighters": [
            {"id": "rei", "sheet": s.rei_sheet, "state": s.rei},
            {"id": "battle", "sheet": BATTLE, "state": s.battle},
        ],
        "decisions": {},
        "if_asked": {},
        "rolls": {},
        "lenient": False,
    }


def face(s: Scenario, d: DieNeeded) -> int:
    sides = int(re.match(r"1d(\d+)", d.die).group(1))  # type: ignore[union-attr]
    for (who, word), value in s.dice.items():
        if who == d.fighter and word in d.purpose:
            return min(value, sides)
    return random.Random(f"{s.name}|{d.key}").randint(1, sides)  # a table's roll


def choose(s: Scenario, p: Asked) -> ChoiceOption:
    assert p.choices, p.key  # every decision is answerable from its own description
    if p.default is not None:
        assert any(c.value == p.default for c in p.choices), p.key
    for pick in s.picks:
        c = pick(p)
        if c is not None:
            assert c in p.choices
            return c
    return next((c for c in p.choices if c.value == p.default), p.choices[0])


def drive(s: Scenario, req: dict[str, Any], limit: int = 40) -> tuple[TurnResult, dict[str, Any], int]:
    req = copy.deepcopy(req)
    for trips in range(1, limit):
        res = resolve_turn(build(req))
        assert res.status != "invalid", (s.name, res.violations)
        if res.status != "decision_required":
            return res, req, trips
        assert res.dice_needed or res.decisions_needed
        for d in res.dice_needed:
            req["rolls"][d.key] = face(s, d)
        for p in res.decisions_needed:
            req["if_asked" if p.provisional else "decisions"][p.key] = choose(s, typed(p)).value.model_dump(mode="json")
    raise AssertionError("no end")


def point(name: str, want: Callable[[ChoiceOption], bool]) -> Pick:
    return lambda p: next((c for c in p.choices if want(c)), None) if p.point == name else None


def who(fid: str, pick: Pick) -> Pick:
    return lambda p: pick(p) if p.fighter == fid else None


def moves_are(*ids: str) -> Callable[[ChoiceOption], bool]:
    return lambda c: c.value.moves == list(ids)


def act(c: ChoiceOption) -> bool:
    return c.value.choice is not None and c.value.choice.value == "act"


COMBO = ["demon_hunter_kick", "basic_move", "basic_move"]
REROLL_REI = {
    **REI,
    "moves": [
        *REI["moves"][:1],
        {
            "id": "thunder_palm",
            "name": "Thunder Palm",
            "level": 2,
            "elements": [{"id": "increased_damage", "times": 1}],
        },
        *REI["moves"][1:],
    ],
}

SCENARIOS = [
    Scenario(
        "combo",
        range=1,
        dice={("rei", "Initiative"): 6, ("battle", "Initiative"): 1, ("rei", "Control"): 8},
        picks=[who("rei", point("action", lambda c: c.value.moves == COMBO))],
    ),
    Scenario(
        "hold_and_interrupt",
        range=1,
        dice={("rei", "Initiative"): 6, ("battle", "Initiative"): 2, ("rei", "Control"): 6, ("battle", "Control"): 6},
        picks=[
            who("rei", point("act_or_hold", lambda c: c.value.choice is not None and c.value.choice.value == "hold")),
            who("battle", point("action", moves_are("basic_move"))),
            point("interrupt_move", lambda c: c.value.moves == ["basic_move"]),
        ],
    ),
    Scenario(
        "defensive_response",
        range=1,
        dice={
            ("rei", "Initiative"): 6,
            ("battle", "Initiative"): 1,
            ("rei", "Control"): 6,
            ("battle", "Control"): 6,
            ("rei", "Accuracy"): 1,
        },
        picks=[
            who("rei", point("action", moves_are("basic_move"))),
            who(
                "battle",
                point(
                    "defense",
                    lambda c: c.value.defense is not None and c.value.defense.value == "tactics" and bool(c.value.fs),
                ),
            ),
            point("defensive_response", lambda c: c.value.moves == ["basic_move"]),
        ],
    ),
    Scenario(
        "reaction",
        range=1,
        dice={("rei", "Initiative"): 1, ("battle", "Initiative"): 6, ("rei", "Control"): 6},
        picks=[
            who("battle", point("action", lambda c: c.value.action is not None and c.value.action.value == "power_up")),
            point("reaction", lambda c: act(c) and c.value.moves == ["basic_move"]),
        ],
    ),
    Scenario(
        "simultaneous",
        range=1,
        dice={("rei", "Initiative"): 4, ("battle", "Initiative"): 4, ("rei", "Control"): 5, ("battle", "Control"): 4},
        options={"simplified_simultaneous_initiative": False},
        picks=[point("simul_declare", moves_are("basic_move")), point("action", moves_are("basic_move"))],
    ),
    Scenario(
        "reroll",
        range=1,
        rei_sheet=REROLL_REI,
        dice={
            ("rei", "Initiative"): 6,
            ("battle", "Initiative"): 1,
            ("rei", "Control"): 6,
            ("rei", "re-roll"): 4,
            ("rei", "damage of Thunder Palm"): 1,
            ("rei", "Accuracy"): 12,
        },
        picks=[who("rei", point("action", moves_are("thunder_palm")))],
    ),
    Scenario(
        "super",
        range=1,
        rei=state(super_energy=10),
        dice={("rei", "Initiative"): 6, ("battle", "Initiative"): 1, ("rei", "Control"): 8},
        picks=[who("rei", point("action", moves_are("heaven_demon_strike")))],
    ),
    Scenario(
        "knockout",
        range=1,
        battle=state(life=3),
        dice={("rei", "Initiative"): 6, ("battle", "Initiative"): 1, ("rei", "Control"): 6},
        picks=[
            who("rei", point("action", moves_are("demon_hunter_kick"))),
            who("rei", point("accuracy_fs", lambda c: c.value.fs == 3)),
        ],
    ),
    Scenario(
        "closing_in",
        range=3,
        dice={("rei", "Initiative"): 6, ("battle", "Initiative"): 1},
        picks=[who("rei", point("action", lambda c: bool(c.value.movement) and c.value.moves == COMBO[:1]))],
    ),
    Scenario("quiet", range=3, options={"ask_every_decision": False}),
]


@pytest.mark.parametrize("s", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_a_turn_driven_from_the_offered_choices(s: Scenario) -> None:
    stepped, final, trips = drive(s, request(s))
    at_once = resolve_turn(build({**final, "options": {**final["options"], "ask_every_decision": False}}))
    assert at_once.status == stepped.status
    assert at_once.fighters == stepped.fighters and at_once.fight == stepped.fight
    assert at_once.events == stepped.events
    assert [e.step for e in stepped.events] == sorted(e.step for e in stepped.events)
    assert all(1 <= e.step <= len(stepped.log) for e in stepped.events)
    answers = {**final["if_asked"], **final["decisions"]}
    events = [(e.kind.value, e.fighter) for e in stepped.events]
    CHECKS[s.name](stepped, answers, final["rolls"], events, trips)


def _points(answers: dict[str, Any]) -> set[str]:
    return {k.split(".")[2] for k in answers}


def _combo(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert answers["T1.rei.action"]["moves"] == COMBO and ("hit", "rei") in events


def _hold(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert answers["T1.rei.act_or_hold"] == {"choice": "hold"}
    assert answers["T1.rei.interrupt_move"]["moves"] == ["basic_move"]
    assert {"interrupt_init"} <= {k.split(".")[2] for k in rolls}  # the interrupt's own Initiative (000 L5513)
    assert ("hit", "rei") in events or ("miss", "rei") in events


def _response(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert answers["T1.battle.defensive_response"]["moves"] == ["basic_move"]
    assert events.index(("miss", "rei")) < events.index(("hit", "battle"))


def _reaction(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert answers["T1.rei.reaction"] == {"choice": "act", "moves": ["basic_move"]}
    assert ("hit", "rei") in events and ("super_energy", "battle") in events


def _simultaneous(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert {"T1.rei.simul_declare", "T1.battle.simul_declare"} <= set(answers)
    assert ("hit", "rei") in events and ("hit", "battle") in events


def _reroll(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert rolls["T1.rei.damage"] == 1 and rolls["T1.rei.damage_reroll"] == 4  # a 1 is below Thunder Palm's minimum
    assert ("damage", "battle") in events


def _super(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert answers["T1.rei.action"]["moves"] == ["heaven_demon_strike"]
    assert res.fighters[0].state.super_energy < 10
    battle = [k for k, f in events if f == "battle"]
    assert battle.index("knocked_down") < battle.index("stood_up")  # down and up in one turn, both reported
    assert res.fighters[1].state.knocked_down is False


def _knockout(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert res.status == "over" and res.winner == "rei" and res.over and res.out == ["battle"]
    assert ("defeated", "battle") in events and ("round_over", "rei") in events


def _closing(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert answers["T1.rei.action"]["movement"] >= 1
    assert events.index(("range_changed", None)) < events.index(("hit", "rei"))


def _quiet(res: TurnResult, answers: dict[str, Any], rolls: dict[str, int], events: list, trips: int) -> None:
    assert trips <= 3  # players' own dice, no seed: dice and decisions asked together


CHECKS = {
    "combo": _combo,
    "hold_and_interrupt": _hold,
    "defensive_response": _response,
    "reaction": _reaction,
    "simultaneous": _simultaneous,
    "reroll": _reroll,
    "super": _super,
    "knockout": _knockout,
    "closing_in": _closing,
    "quiet": _quiet,
}


def test_a_key_that_fits_nothing_is_a_violation_naming_it() -> None:
    req = request(Scenario("keys"))
    req["decisions"] = {"T1.rei.interupt": {"choice": "act"}, "T2.rei.action": {"action": "none"}}
    req["rolls"] = {"T1.kaito.init": 3}
    res = resolve_turn(build(req))
    assert res.status == "invalid"
    assert {(v.code, v.key) for v in res.violations} == {
        ("DECISION_KEY_UNKNOWN", "T2.rei.action"),
        ("ROLL_KEY_UNKNOWN", "T1.kaito.init"),
    }  # wrong turn, no fighter
    req["options"]["ask_every_decision"] = False
    req["decisions"] = {"T1.rei.interupt": {"choice": "act"}}
    req["seed"] = 5
    req["rolls"] = {}
    res = resolve_turn(
        build(
            {
                **req,
                "decisions": {
                    **req["decisions"],
                    "T1.rei.action": {"action": "none"},
                    "T1.battle.action": {"action": "none"},
                },
            }
        )
    )
    assert res.status == "invalid" and [(v.code, v.key) for v in res.violations] == [
        ("DECISION_KEY_UNKNOWN", "T1.rei.interupt")
    ]  # a misspelt point is never asked for
    lenient = resolve_turn(
        build(
            {
                **req,
                "lenient": True,
                "decisions": {
                    **req["decisions"],
                    "T1.rei.action": {"action": "none"},
                    "T1.battle.action": {"action": "none"},
                },
            }
        )
    )
    assert lenient.status == "resolved"
    assert [(w.code, w.key) for w in lenient.warnings if w.key] == [("DECISION_NOT_USED", "T1.rei.interupt")]


def test_pending_defaults_are_compact_and_independent_decisions_come_together() -> None:
    req = request(Scenario("compact"))
    res = resolve_turn(build(req))
    assert [p.key for p in res.decisions_needed] == ["T1.rei.fs_init_ctrl", "T1.battle.fs_init_ctrl"]
    dumped = res.decisions_needed[0].model_dump(mode="json")
    assert dumped["default"] == {"init": 0, "ctrl": 0}  # no field sent as null
    assert all(None not in c["value"].values() for c in dumped["choices"])


def test_dice_up_to_the_next_decision_are_named_at_once() -> None:
    s = Scenario("dice", options={"ask_every_decision": False})
    res = resolve_turn(build(request(s)))
    assert res.status == "decision_required" and res.dice_needed  # a die comes first
    assert {d.key for d in res.dice_needed} >= {"T1.rei.init", "T1.rei.ctrl", "T1.battle.init", "T1.battle.ctrl"}
    assert all(p.provisional for p in res.decisions_needed)  # the actions, asked ahead of the dice
    assert not res.rolls and {step.label for step in res.log} == {"A.1"}  # nothing seen with stand-in dice is shown


def test_a_quiet_turn_asking_every_decision_takes_few_round_trips() -> None:
    _, _, trips = drive(Scenario("quiet_ask_every"), request(Scenario("quiet_ask_every")))
    assert trips <= 6  # was 9 with one die or decision per round trip
