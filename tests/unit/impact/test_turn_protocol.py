"""Impact's turn in the core turn protocol (issue 31): the look-ahead loop on every published example, refusals that
name the rule, strict and lenient keys, `ask_every_decision`, `if_asked`, the end fields and the typed figures."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

from service.rules.impact.operations import examples
from service.rules.impact.turn.models import ImpactTurnAnswer, ImpactTurnRequest
from service.rules.impact.turn.resolve import resolve_turn

from .turns import dice, run, sheet, state

JAB = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"}
B_JAB = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}
B_STRAIGHT = {"fighter": "b", "maneuver": "straight_punch", "side": "left", "area": "chest"}
A_SLOW = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 6, 6)  # b acts first and attacks a before a has acted
A_FAST = dice("T1.a.speed", 6, 6) | dice("T1.b.speed", 1, 1)


def ask(body: dict[str, Any]) -> ImpactTurnAnswer:
    return resolve_turn(ImpactTurnRequest.model_validate(body))


def two(decisions: dict[str, str] | None = None, **extra: Any) -> dict[str, Any]:
    """a's Jab against b's Straight Punch, b with Defense 2 (Cover-Up 2, Duck & Weave 1)."""
    fighters = [{"id": "a", "fighter": sheet()}, {"id": "b", "fighter": sheet(defense=2)}]
    return {"fight": {"fighters": fighters}, "declarations": [JAB, B_STRAIGHT], "decisions": decisions or {}} | extra


def refused(answer: ImpactTurnAnswer) -> list[tuple[str, str | None, str | None]]:
    assert answer.status == "invalid"
    return [(v.code, v.key, v.ref.line if v.ref else None) for v in answer.violations]


# ── The look-ahead ───────────────────────────────────────────────────────────────────────────────────────────


def play(example: dict[str, Any], rng: random.Random, ask_every: bool) -> tuple[int, dict[str, Any], ImpactTurnAnswer]:
    """The plugin loop from an empty request: roll every die named, answer every decision from its choices (the
    provisional ones in `if_asked`), send again; the count is every request sent."""
    body = copy.deepcopy(example)
    for k in ("seed", "rolls", "decisions", "if_asked"):
        body.pop(k, None)
    body |= {"rolls": {}, "decisions": {}, "if_asked": {}, "ask_every_decision": ask_every}
    for trips in range(1, 20):
        answer = ask(body)
        assert not answer.violations, answer.violations
        if answer.status != "decision_required":
            return trips, body, answer
        for die in answer.dice_needed:
            assert die.die == "1d6" and die.key not in body["rolls"]
            body["rolls"][die.key] = rng.randint(1, 6)
        for d in answer.decisions_needed:
            assert d.choices and (d.default is None or d.default in [c.value for c in d.choices])
            body["if_asked" if d.provisional else "decisions"][d.key] = rng.choice(d.choices).value
    raise AssertionError("the turn never ended")


@pytest.mark.parametrize("ask_every", [False, True])
@pytest.mark.parametrize("name", list(examples("resolve_turn")))
def test_every_published_example_in_at_most_four_round_trips(name: str, ask_every: bool) -> None:
    # issue 31: a loop with no Impact-specific code plays each published turn in at most 4 requests (3 for a quiet
    # turn: nothing asked), and sending everything at once gives the same answer
    for run_ in range(12):
        trips, body, answer = play(examples("resolve_turn")[name], random.Random(f"{name}/{run_}"), ask_every)
        asked = ask_every and any(e.kind == "defended" for e in answer.events)
        assert trips <= (4 if asked or ask_every else 3), (name, run_, trips)
        at_once = ask(body)
        assert (at_once.status, at_once.log, at_once.events) == (answer.status, answer.log, answer.events)
        assert at_once.status == "resolved"


def test_first_answer_names_every_die_to_the_end() -> None:
    # the published turn with no die: the first answer names all 13 dice its stand-ins lead to, the first one firm
    first = ask(two())
    assert first.status == "decision_required" and first.log == [] and first.fight.turn == 1
    keys = [d.key for d in first.dice_needed]
    assert keys[:4] == ["T1.a.speed", "T1.a.speed.2", "T1.b.speed", "T1.b.speed.2"]
    assert [d.provisional for d in first.dice_needed][:2] == [False, True]
    assert all(d.step == d.key.split(".")[2] and d.fighter == d.key.split(".")[1] for d in first.dice_needed)


# ── Refusals that name the rule ──────────────────────────────────────────────────────────────────────────────


def test_defence_with_a_tactic_without_a_level_is_refused() -> None:
    # 001 L156: a (Defense 1) has Cover-Up only; Parry is a tactic of the text he has no level in
    answer = ask(two({"T1.a.defend": "parry"}, rolls=A_SLOW, seed=1))
    assert refused(answer) == [("DEFENSE_TACTIC_UNKNOWN", "T1.a.defend", "001 L156")]
    assert answer.fight == ImpactTurnRequest.model_validate(two()).fight  # nothing resolved


def test_defence_after_acting_is_refused() -> None:
    # 001 L190: a acts first, so when b's Straight Punch comes a has no maneuver left to drop
    answer = ask(two({"T1.a.defend": "cover_up"}, rolls=A_FAST, seed=1))
    assert refused(answer) == [("DEFEND_AFTER_ACTING", "T1.a.defend", "001 L190")]
    assert ask(two({"T1.a.defend": "keep"}, rolls=A_FAST, seed=1)).status == "resolved"


def test_defence_against_a_stop_hit_is_refused() -> None:
    # 001 L701: the opponent of a Stop-Hit may not defend and must follow through
    stop = {"fighter": "a", "action": "stop_hit", "maneuver": "straight_punch", "side": "right", "area": "right_arm"}
    body = two({"T1.b.defend": "cover_up"}, rolls=A_FAST, seed=1) | {"declarations": [stop, B_JAB]}
    assert refused(ask(body)) == [("DEFEND_AGAINST_STOP_HIT", "T1.b.defend", "001 L701")]


def test_defence_with_nobody_attacking_or_against_the_wrong_attacker_is_refused() -> None:
    # 001 L190: only the target of a maneuver may drop his own to defend against it
    body = two({"T1.b.defend": "cover_up"}, seed=1)
    body["declarations"] = [{"fighter": "a", "action": "bridge", "direction": "in"}, B_STRAIGHT]
    assert refused(ask(body)) == [("DEFEND_NOT_ATTACKED", "T1.b.defend", "001 L190")]
    # three fighters: c jabs b, not a, so a's defence against c answers nothing
    fighters = [{"id": x, "fighter": sheet()} for x in ("a", "b", "c")]
    decl = [JAB | {"target": "b"}, {"fighter": "b", "action": "defense", "tactic": "cover_up"}]
    decl.append(JAB | {"fighter": "c", "target": "b"})
    three = {
        "fight": {"fighters": fighters},
        "declarations": decl,
        "seed": 4,
        "decisions": {"T1.a.defend@c": "cover_up"},
    }
    assert refused(ask(three)) == [("DEFEND_NOT_ATTACKED", "T1.a.defend@c", "001 L190")]


def test_held_fighter_may_not_counter_bridge() -> None:
    # 001 L214, L288: b (the holder) bridges out; a, held in b's grapple, may not bridge to hold the range
    holds = [{"maneuver": "grapple", "holder": "b", "victim": "a", "area": "chest"}]
    body = two({"T1.a.counter_bridge": "bridge"}, seed=1)
    body["fight"]["holds"] = holds
    body["declarations"] = [
        {"fighter": "a", "maneuver": "grapple"},
        {"fighter": "b", "action": "bridge", "direction": "out"},
    ]
    assert refused(ask(body)) == [("HELD_CANNOT_BRIDGE", "T1.a.counter_bridge", "001 L288")]


def test_counter_bridge_by_a_bridger_is_refused() -> None:
    # 001 L214: the counter-bridge is the choice of an opponent who does not bridge himself
    body = two({"T1.b.counter_bridge": "bridge"}, seed=1)
    body["declarations"] = [
        {"fighter": "a", "action": "bridge", "direction": "in"},
        {"fighter": "b", "action": "bridge", "direction": "out"},
    ]
    assert refused(ask(body)) == [("COUNTER_BRIDGE_NOT_OFFERED", "T1.b.counter_bridge", "001 L214")]


def test_feint_reply_without_a_feint_is_refused() -> None:
    # 001 L697: only the fighter a won Feint is aimed at answers it
    assert refused(ask(two({"T1.b.feinted": "cover_up"}, seed=1))) == [
        ("FEINT_REPLY_NOT_OFFERED", "T1.b.feinted", "001 L697")
    ]


def test_draw_reply_when_the_draw_was_not_seen_through_is_refused() -> None:
    # 001 L691: a's Draw wins (9 + 1 against 4 + 1): only a Draw seen through lets the drawer fall back on a defence
    draw = {"fighter": "a", "action": "draw", "area": "head"}
    rolls = dice("T1.a.draw", 4, 5) | dice("T1.b.tactics", 2, 2)
    body = two({"T1.a.draw_seen": "cover_up"}, rolls=rolls, seed=1) | {"declarations": [draw, B_JAB]}
    assert refused(ask(body)) == [("DRAW_REPLY_NOT_OFFERED", "T1.a.draw_seen", "001 L691")]
    body["declarations"] = [JAB, B_JAB]  # no Draw at all
    assert refused(ask(body | {"rolls": {}})) == [("DRAW_REPLY_NOT_OFFERED", "T1.a.draw_seen", "001 L691")]


def test_feint_reply_bridging_out_while_held_is_refused() -> None:
    # 001 L697 with L288: the fooled fighter defends or bridges out, but a held fighter may not bridge
    feint = {"fighter": "a", "action": "feint", "maneuver": "jab", "side": "right"}
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 1, 1) | dice("T1.a.feint", 5, 5) | dice("T1.b.tactics", 1, 1)
    body = two({"T1.b.feinted": "bridge_out"}, rolls=rolls, seed=1) | {"declarations": [feint, B_STRAIGHT]}
    body["fight"]["holds"] = [{"maneuver": "grapple", "holder": "a", "victim": "b", "area": "chest"}]
    answer = ask(body)
    assert refused(answer) == [("HELD_CANNOT_BRIDGE", "T1.b.feinted", "001 L288")]


# ── Keys, ask_every_decision, if_asked ───────────────────────────────────────────────────────────────────────


def test_strict_and_lenient_decision_keys() -> None:
    # a key of no fighter or no point of this turn is refused; lenient: a warning and the turn as if it were absent
    strict = ask(two({"T1.zed.defend": "keep", "bogus": "x"}, seed=2))
    assert sorted((v.code, v.key) for v in strict.violations) == [
        ("DECISION_KEY_UNKNOWN", "T1.zed.defend"),
        ("DECISION_KEY_UNKNOWN", "bogus"),
    ]
    lenient = ask(two({"T1.zed.defend": "keep", "bogus": "x"}, seed=2, lenient=True))
    assert lenient.status == "resolved" and {w.code for w in lenient.warnings} == {"DECISION_NOT_USED"}
    assert lenient.log == ask(two(seed=2)).log


def test_ask_every_decision_asks_what_has_a_default() -> None:
    # a attacked first: the defence decision has a default ("keep"), taken unless every decision is asked
    quiet = ask(two(seed=1, rolls=A_SLOW))
    assert quiet.status == "resolved" and quiet.decisions_needed == []
    asked = ask(two(seed=1, rolls=A_SLOW, ask_every_decision=True))
    assert asked.status == "decision_required" and asked.dice_needed == []
    (d,) = asked.decisions_needed
    assert (d.key, d.default, [c.value for c in d.choices], d.provisional) == (
        "T1.a.defend",
        "keep",
        ["keep", "cover_up"],
        False,
    )


def test_if_asked_is_used_when_asked_and_ignored_otherwise() -> None:
    # a slow: the if_asked defence is taken (a drops the Jab); a fast: it is never asked and ignored without a
    # finding, where the same value in `decisions` is refused (001 L190)
    slow = ask(two(seed=1, rolls=A_SLOW, if_asked={"T1.a.defend": "cover_up"}))
    assert slow.status == "resolved" and not slow.warnings
    assert [e.kind for e in slow.events if e.fighter == "a"][1] == "defended"
    assert not [e for e in slow.events if e.fighter == "a" and e.kind in ("hit", "miss")]
    fast = ask(two(seed=1, rolls=A_FAST, if_asked={"T1.a.defend": "cover_up"}))
    assert fast.status == "resolved" and not fast.warnings and not fast.violations
    assert fast.log == ask(two(seed=1, rolls=A_FAST)).log


# ── The end of the fight ─────────────────────────────────────────────────────────────────────────────────────


def test_end_fields_over_winner_out() -> None:
    # the Gouge that kills (tests/unit/impact/test_turn_grappling.py, 001 L268-270): over, a wins, b out
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.b.resistance", 1) | dice("T1.a.special", 6, 6)
    gouge = {"fighter": "a", "maneuver": "gouge", "area": "head", "side": "right"}
    cover = {"fighter": "b", "action": "defense", "tactic": "cover_up"}
    answer = run([gouge, cover], rolls, sheet(power={"left": 1, "right": 6}), a_state={"sp": 2})
    assert (answer.status, answer.over, answer.winner, answer.out) == ("over", True, "a", ["b"])
    assert answer.events[-1].kind == "bout_over" and answer.events[-1].fighter == "a"
    # a turn that ends nothing: resolved, nobody out; a fighter out before the turn stays listed
    fighters = [{"id": x, "fighter": sheet()} for x in ("a", "b", "c")]
    fighters[2]["state"] = {"out": "knocked_out"}
    body = {"fight": {"fighters": fighters}, "declarations": [JAB | {"target": "b"}, B_JAB | {"target": "a"}]}
    going = ask(body | {"seed": 3})
    assert (going.status, going.over, going.winner, going.out) == ("resolved", False, None, ["c"])
    assert ask(body).out == ["c"]  # also while dice are needed


# ── Typed figures ────────────────────────────────────────────────────────────────────────────────────────────


def test_typed_figures_of_the_published_turn_by_hand() -> None:
    # tests/unit/impact/test_turn_strikes.py::test_phase_five_jab_and_straight, every figure read from events:
    answer = ask(examples("resolve_turn")["Jab against Straight Punch, every die given"])
    ev = {(e.kind, e.fighter): e for e in answer.events if e.kind not in ("stamina", "setup_points")}
    # 001 L210, L603: a 3 + 3 + Jab 5 + right speed 1 = 12; b 1 + 1 + Straight Punch 3 + left speed 2 = 7
    assert ev["speed", "a"].figures == {"dice": 6, "maneuver": 5, "side": 1, "total": 12}
    assert ev["speed", "b"].value == 7
    # 001 L612-622: a 4 + 4 + Jab skill 1 = 9 against 2 + 1 + chest Difficulty 2 = 5, a hit by 4
    hit = ev["hit", "a"]
    assert (hit.other, hit.area, hit.value) == ("b", "chest", 4)
    assert hit.figures == {
        "test_roll": 8,
        "difficulty_roll": 3,
        "skill": 1,
        "area_difficulty": 2,
        "test": 9,
        "difficulty": 5,
        "margin": 4,
    }
    # 001 L536-551, L633-643: Jab 2 + Power 4 = 6 against 1 + chest Toughness 4 = 5: 1 damage
    resist = ev["resistance", "b"]
    assert (resist.value, resist.other) == (5, "a")
    assert resist.figures == {
        "damage": 6,
        "resistance_roll": 1,
        "toughness": 4,
        "defence_bonus": 0,
        "resistance": 5,
        "damage_left": 1,
    }
    damage = ev["damage", "b"]
    assert (damage.amount, damage.value, damage.area) == (1, 1, "chest")
    # 001 L194, L561: a pays 2 // 2 = 1 Stamina from 40, then the -1 SP Jab gives back the 3 rolled
    assert [(e.amount, e.value) for e in answer.events if e.kind == "stamina" and e.fighter == "a"] == [
        (-1, 39),
        (3, 42),
    ]
    # b's Straight Punch: 1 + 1 + skill 1 = 3 against 3 + 3 + chest 2 = 8, a miss by 5
    miss = ev["miss", "b"]
    assert (miss.value, miss.figures["test"], miss.figures["difficulty"]) == (-5, 3, 8)
    assert state(answer, "a").stamina == 42


def numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"(?<![A-Za-z_])\d+", text)}


@pytest.mark.parametrize("name", list(examples("resolve_turn")))
def test_every_number_the_log_prints_is_in_its_event(name: str) -> None:
    # issue 31: nothing a client needs only in prose; each log line with a number has an event that carries it
    for seed in range(25):
        body = copy.deepcopy(examples("resolve_turn")[name]) | {"seed": seed, "rolls": {}}
        answer = ask(body)
        for i, line in enumerate(answer.log, start=1):
            if not numbers(line):
                continue
            typed = [e for e in answer.events if e.step == i]
            assert typed, line
            carried = {abs(x) for e in typed for x in (e.amount, e.value, *e.figures.values()) if x is not None}
            assert numbers(line) <= carried, (line, typed)
            assert "{" not in line
