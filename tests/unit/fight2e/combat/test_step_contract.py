"""fight2e's turn on the core's step contract (issue 31): the envelope's status and end fields, the typed figures of
hits, misses and damage, `ask_every_decision` as a request field, choices that are values to send back with their
costs, refusals that never drop a value, and the published examples played by a plugin loop."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from service.rules.core.protocol.models import DecisionNeeded, StepStatus
from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.contract.codes import CODES
from service.rules.fight2e.combat.contract.models import EventKind, TurnRequest, TurnResult

from .fixtures import build, example_request
from .test_example import TURNS, replay

EXAMPLES = Path(__file__).resolve().parents[4] / "service/rules/fight2e/data/examples/resolve_turn.json"


def _figures(res: TurnResult, kind: EventKind) -> list[tuple[str | None, dict[str, int]]]:
    return [(e.fighter, e.figures) for e in res.events if e.kind is kind]


def test_the_example_of_combat_s_figures_are_in_its_events() -> None:
    """Worked from the text, not the code: turn 1 Rei's +4 Accuracy against Battle's Evasion Defense Total 5 hits
    without a roll (000 L6325, L6331) for 10 damage (000 L6343); turn 2 Rei's +2 against Tactics 6 rolls a 3, total
    5, a miss (000 L6369, L6379), and Battle's Basic Response, +2 against Rei's Defense Total 3, hits without a roll
    (000 L6391, L6397) for 4 damage (000 L6401)."""
    one, two, *_ = replay()
    assert _figures(one, EventKind.hit) == [("rei", {"accuracy": 4, "defense_total": 5})]
    assert _figures(one, EventKind.damage)[0] == ("battle", {"damage": 10, "stun_damage": 10})
    assert _figures(two, EventKind.miss) == [("rei", {"accuracy": 2, "defense_total": 6, "roll": 3, "total": 5})]
    assert _figures(two, EventKind.hit) == [("battle", {"accuracy": 2, "defense_total": 3})]
    assert _figures(two, EventKind.damage)[0] == ("rei", {"damage": 4, "stun_damage": 4})
    damage = next(e for e in one.events if e.kind is EventKind.damage)
    assert (damage.amount, damage.value) == (-10, 40)  # Battle's Life Bar 50 → 40


def test_a_resolved_turn_is_not_over() -> None:
    res = replay()[0]
    assert (res.status, res.over, res.winner, res.out) == (StepStatus.resolved, False, None, [])
    dumped = res.model_dump(mode="json")
    assert "pending_decision" not in dumped and dumped["status"] == "resolved"


def test_ask_every_decision_is_a_request_field() -> None:
    """Battle's Initiative/Control spend has a default (none): taken unless the request asks every decision."""
    decisions, rolls = TURNS[0]
    given = {k: v for k, v in decisions.items() if k != "T1.battle.fs_init_ctrl"}
    quiet = resolve_turn(build(example_request(decisions=given, rolls=rolls)))
    assert quiet.status == "resolved"
    asking = resolve_turn(build(example_request(decisions=given, rolls=rolls, ask_every_decision=True)))
    assert asking.status == "decision_required"
    asked = {d.key: d for d in asking.decisions_needed}
    assert "T1.battle.fs_init_ctrl" in asked and asked["T1.battle.fs_init_ctrl"].default == {"init": 0, "ctrl": 0}
    old = example_request(decisions=given, rolls=rolls)
    old["options"] = {**old["options"], "ask_every_decision": True}  # the older spelling asks the same
    assert resolve_turn(build(old)).decisions_needed == asking.decisions_needed


def test_choices_are_values_to_send_back_with_their_costs() -> None:
    rolls = TURNS[0][1]
    res = resolve_turn(build(example_request(rolls=rolls)))
    action = next(d for d in res.decisions_needed if d.key == "T1.rei.action")
    assert isinstance(action, DecisionNeeded) and action.choices and action.point == "action"
    kick = next(c for c in action.choices if c.value == {"action": "attack", "moves": ["demon_hunter_kick"]})
    assert kick.costs == {"control": 3}  # a Level 3 move needs 3 Control (000 L5779); no FS: no `fs` entry
    assert all(all(v for v in c.costs.values()) for d in res.decisions_needed for c in d.choices)
    assert all(d.choices for d in res.decisions_needed)
    again = resolve_turn(build(example_request(rolls=rolls, decisions={"T1.rei.action": kick.value})))
    assert "T1.rei.action" not in {d.key for d in again.decisions_needed}


def test_a_fighting_spirit_decision_without_fs_is_refused_not_dropped() -> None:
    decisions, rolls = TURNS[0]
    wrong = {**decisions, "T1.rei.accuracy_fs": {"defense": "evasion"}}
    res = resolve_turn(build(example_request(decisions=wrong, rolls=rolls)))
    assert res.status == "invalid"
    assert [(v.code, v.key) for v in res.violations] == [("DECISION_INVALID", "T1.rei.accuracy_fs")]
    assert "DECISION_INVALID" in CODES


def test_if_asked_answers_are_used_when_asked_and_ignored_otherwise() -> None:
    decisions, rolls = TURNS[0]
    moved = {k: v for k, v in decisions.items() if k != "T1.rei.accuracy_fs"}
    res = resolve_turn(
        build(
            example_request(
                decisions=moved,
                rolls=rolls,
                lenient=False,
                if_asked={
                    "T1.rei.accuracy_fs": decisions["T1.rei.accuracy_fs"],
                    "T1.battle.reaction": {"choice": "act"},
                },
            )
        )
    )
    assert res.status == "resolved" and not res.violations
    assert not [w for w in res.warnings if w.code.startswith("DECISION")]
    assert res.log == replay()[0].log


ACT = {"choice": "act"}


def _loop(body: dict[str, Any], rng: random.Random, first: bool) -> tuple[TurnResult, dict[str, Any], int]:
    """A plugin's loop: roll every named die, answer every decision from its choices (the default or the first
    one, or any at random), send again."""
    req = json.loads(json.dumps(body))
    for k in ("seed", "rolls", "decisions", "if_asked"):
        req.pop(k, None)
    req["rolls"], req["decisions"], req["if_asked"] = {}, {}, {}
    for trips in range(1, 20):
        res = resolve_turn(TurnRequest.model_validate(req))
        assert res.status != "invalid", res.violations  # an answer given ahead that no longer fits is set aside
        assert all(w.key in req["if_asked"] for w in res.warnings if w.path.startswith("if_asked["))
        if res.status != "decision_required":
            return res, req, trips
        for d in res.dice_needed:
            sides = int(re.fullmatch(r"1d(\d+)", d.die).group(1))  # type: ignore[union-attr]
            req["rolls"][d.key] = rng.randint(1, sides)
        for p in res.decisions_needed:
            assert p.choices and (p.default is None or any(c.value == p.default for c in p.choices))
            pick = (
                next((c for c in p.choices if c.value == p.default), p.choices[0]) if first else rng.choice(p.choices)
            )
            req["if_asked" if p.provisional else "decisions"][p.key] = pick.value
    raise AssertionError("no end")


@pytest.mark.parametrize("name", sorted(json.loads(EXAMPLES.read_text())))
@pytest.mark.parametrize(("run", "first"), [(0, True), (1, True), (0, False), (1, False), (2, False), (3, False)])
def test_a_plugin_loop_plays_each_published_example(name: str, run: int, first: bool) -> None:
    """A quiet turn takes at most 3 round trips; a tied Initiative asks each simultaneous declaration in turn (one
    more each: 4 with defaults, 5 when the second declaration leads to dice). Sending everything at once gives the
    same answer."""
    body = json.loads(EXAMPLES.read_text())[name]
    end, final, trips = _loop(body, random.Random(f"{name}|{run}"), first)
    assert trips <= (4 if first else 5)
    at_once = resolve_turn(TurnRequest.model_validate(final))
    assert (at_once.status, at_once.log, at_once.events) == (end.status, end.log, end.events)
    assert end.over is (end.status == "over")
    assert end.status in ("resolved", "over")


def test_a_provisional_answer_the_real_dice_refuse_is_set_aside_naming_the_rule() -> None:
    """Rei's five-move Combo needs 7 Control (Demon Hunter Kick's 3 and a Basic Move's 1 each, 000 L5779); with a
    1 on his Control die he has 2 (the die and his +1 Control Bonus). Sent in `decisions` the Combo is refused with
    the rule's own code; sent in `if_asked` ahead of the dice it no longer fits once they are in, so it is set
    aside: a DECISION_NOT_USED warning naming the rule, and the point's default (else its first choice as it
    stands) taken instead, never dropped in silence."""
    decisions, rolls = TURNS[0]
    ahead = {"T1.rei.action": decisions["T1.rei.action"]}
    given = {k: v for k, v in decisions.items() if k != "T1.rei.action"}
    low = {**rolls, "T1.rei.ctrl": 1}
    sent = resolve_turn(build(example_request(decisions=decisions, rolls=low)))
    assert sent.status == "invalid" and [(v.code, v.key) for v in sent.violations] == [
        ("INSUFFICIENT_CONTROL", "T1.rei.action")
    ]
    asked = resolve_turn(build(example_request(decisions=given, rolls=low)))
    action = next(d for d in asked.decisions_needed if d.key == "T1.rei.action")  # asked with the real dice:
    assert all(sum(c.costs.values()) <= 2 for c in action.choices if c.value.get("action") == "attack")
    res = resolve_turn(build(example_request(decisions=given, if_asked=ahead, rolls=low)))
    assert res.status != "invalid" and not res.violations
    (aside,) = [w for w in res.warnings if w.code == "DECISION_NOT_USED"]
    assert (aside.key, aside.path) == ("T1.rei.action", 'if_asked["T1.rei.action"]')
    assert sent.violations[0].message in aside.message
    taken = action.default if action.default is not None else action.choices[0].value
    same = resolve_turn(build(example_request(decisions={**given, "T1.rei.action": taken}, rolls=low)))
    assert (same.log, same.events) == (res.log, res.events)


def test_a_simultaneous_exchange_offers_later_declarers_only_what_fits() -> None:
    """Refocus, Power Up and Await Opening only if every fighter of the exchange uses one (000 L6039): after an
    attack, the other's declaration offers none of them; after Await Opening, only those."""
    tie = {"T1.rei.init": 4, "T1.battle.init": 4, "T1.rei.ctrl": 5, "T1.battle.ctrl": 5}
    idle = {"refocus", "power_up", "await_opening"}
    for first, only_idle in (
        ({"action": "attack", "moves": ["basic_move"]}, False),
        ({"action": "await_opening"}, True),
    ):
        asked: list[DecisionNeeded] = []
        decisions: dict[str, Any] = {}
        for _ in range(3):
            res = resolve_turn(build(example_request(decisions=decisions, rolls=tie, lenient=False)))
            asked = [d for d in res.decisions_needed if d.point == "simul_declare"]
            if not asked or decisions:
                break
            decisions[asked[0].key] = first
        assert asked, res.violations
        kinds = {c.value.get("action") for c in asked[0].choices}
        assert (kinds <= idle) if only_idle else not (kinds & idle), kinds
