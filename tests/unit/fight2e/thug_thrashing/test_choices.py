"""Combos among a Fighter's choices against a Thug group, Combos' Control and placement as usual (000 L6716,
L5787–L5814), and a Thug group's +1 Initiative after leading and hitting (000 L6562, L5509–L5511), worked by hand.
Ava (the steps file's Fighter): Combo 4, Elbow (L3, damage) and Sweep Kick (L3, Knocks Down); Control 1d6."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.thug_thrashing.support import FIRST, IDLE, _g, _ok, _req, _turn

STEP = {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}}


def _combos(out: dict[str, Any]) -> set[tuple[tuple[str, ...], int | None]]:
    return {
        (tuple(c["value"]["moves"]), c["value"].get("movement"))
        for c in out["decisions_needed"][0]["choices"]
        if len(c["value"].get("moves") or []) > 1
    }


def test_combos_are_offered_within_control_and_combo_skill() -> None:
    # Control 4 for her first action (000 L6752): Basic runs of 2, 3 and 4 (Combo 4) cost 2, 3, 4; Elbow + Basic
    # costs 4; Elbow + 2 Basics 5 is too dear; Sweep Kick Knocks Down, so nothing may follow it (000 L5787, L5814).
    out = _turn(_req(ask_every_decision=True), STEP, dict(FIRST))
    assert out["decisions_needed"][0]["key"] == "T1.ava.action"
    b = "basic_move"
    assert _combos(out) == {((b, b), None), ((b, b, b), None), ((b, b, b, b), None), (("elbow", b), None)}
    # her extra action has half of it, 2 (000 L6752): only two Basic Moves
    out = _turn(_req(ask_every_decision=True), {**STEP, "T1.ava.action": IDLE}, dict(FIRST))
    assert out["decisions_needed"][0]["key"] == "T1.ava.action.2"
    assert _combos(out) == {((b, b), None)}


def test_a_combo_out_of_reach_is_offered_after_moving_one_range() -> None:
    # At Range 3 no move reaches (0–2); one Range closer they all do (000 L5613, L6662).
    out = _turn(_req(rng=3, ask_every_decision=True), STEP, dict(FIRST))
    b = "basic_move"
    assert _combos(out) == {((b, b), 1), ((b, b, b), 1), ((b, b, b, b), 1), (("elbow", b), 1)}


def test_a_combo_costs_control_and_keeps_its_placement_as_usual() -> None:
    # Basic + Elbow + Basic: 1 + 3 + 1, and 1 more for a Special Move in the middle = 6 (000 L5788): too much for
    # Control 5.
    out = _turn(
        _req(),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move", "elbow", "basic_move"], "target": "g"}},
        {**FIRST, "T1.ava.ctrl": 5},
    )
    assert [v["code"] for v in out["violations"]] == ["INSUFFICIENT_CONTROL"]
    # A move that Knocks Down only closes a Combo (000 L5814)
    out = _turn(
        _req(),
        {"T1.ava.action": {"action": "attack", "moves": ["sweep_kick", "basic_move"], "target": "g"}},
        {**FIRST, "T1.ava.ctrl": 5},
    )
    assert [v["code"] for v in out["violations"]] == ["COMBO_PLACEMENT_INVALID"]


GROUP_LEADS = {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.fight.time": 3}
QUIET = {"T1.ava.defense": {"defense": "defense"}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}


def test_a_group_that_led_and_hit_gets_one_initiative() -> None:
    # The group alone leads (4 against her 2); its 4 + 0 at Range 1 reaches her Defense 3: a hit for 1.
    out = _ok(_req(), QUIET, {**GROUP_LEADS, "T1.g.attack": 4, "T1.g.damage": 1})
    assert _g(out)["led_and_hit"] is True
    assert out["fight"]["previous_turn"]["initiative_leader"] is None
    # a 2 misses: no bonus next turn (000 L5511)
    out = _ok(_req(), QUIET, {**GROUP_LEADS, "T1.g.attack": 2})
    assert _g(out)["led_and_hit"] is False
    # Next turn its 3 becomes 4 and beats her 3: it acts first (000 L6562, L5509)
    req = _req()
    req["fight"]["turn"] = 2
    req["fight"]["thugs"][0]["led_and_hit"] = True
    decisions = {"T2.ava.defense": {"defense": "defense"}, "T2.ava.action": IDLE, "T2.ava.action.2": IDLE}
    rolls = {"T2.ava.init": 3, "T2.ava.ctrl": 4, "T2.g.init": 3, "T2.g.attack": 1, "T2.fight.time": 3}
    out = _ok(req, decisions, rolls)
    init = next(s for s in out["log"] if s["label"] == "A.2" and s["actor"] == "g")
    assert init["inputs"]["leader_bonus"] == 1
    actors = [s["actor"] for s in out["log"] if s["label"] in ("C", "D.6")]
    assert actors.index("g") < actors.index("ava")
    # the campaign option off: no bonus
    out = _ok(_req(leader_bonus=False) | {"fight": req["fight"]}, decisions, rolls)
    assert next(s for s in out["log"] if s["label"] == "A.2" and s["actor"] == "g")["inputs"]["leader_bonus"] == 0
