"""The main system's actions that are not attacks, taken in turns with Thug groups (000 L6750: Refocus among a Thug
Thrashing action's choices; 000 L6037–L6049, L2141, L5996–L6004), worked by hand. Ava of the support module: PL 2,
20 FS at the start, Defense 3, Evasion 1, Agility 4, Thug Thrashing 1 (two actions, Control 4 then 2)."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.dramatic.test_thugs import request as dramatic_request
from tests.unit.fight2e.dramatic.test_thugs import resolved as dramatic_resolved
from tests.unit.fight2e.thug_thrashing.support import AVA, FIRST, IDLE, _ava, _g, _ok, _req, _turn

REFOCUS = {"action": "refocus", "movement": 1, "direction": "away", "target": "g"}
DEFENSE = {"defense": "defense", "fs": 0}
MISS = {"T1.g.attack": 1, "T1.fight.time": 3}
POSE = {"id": "pose", "name": "Pose", "level": 2, "liabilities": [{"id": "utility"}]}


def _glory(out: dict[str, Any]) -> list[tuple[int, str]]:
    return [(g["points"], g["reason"]) for g in out["glory"]]


def test_refocus_away_to_range_two_regains_fs() -> None:
    # At Range 1 she moves 1 away to Range 2 (000 L6041; ruling A19: the Range is checked after the movement):
    # 1d4 3 + PL 2 // 2 = 4 FS, 10 → 14. The group closes to Range 1 and attacks: she defends with Defense alone
    # (000 L6039), 3, and its 1 misses.
    out = _ok(
        _req(fs=10),
        {"T1.ava.action": REFOCUS, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.ava.refocus": 3, **MISS},
    )
    assert _ava(out)["fighting_spirit"] == 14
    # capped at her starting 20: 19 + 4 → 20
    out = _ok(
        _req(fs=19),
        {"T1.ava.action": REFOCUS, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.ava.refocus": 3, **MISS},
    )
    assert _ava(out)["fighting_spirit"] == 20


def test_refocus_needs_range_two_and_then_only_defense() -> None:
    # staying at Range 1: refused (000 L6041)
    bad = _turn(_req(fs=10), {"T1.ava.action": {"action": "refocus"}}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["REFOCUS_TOO_CLOSE"]
    # Evasion after a Refocus: refused, the Defense Skill alone (000 L6039)
    bad = _turn(
        _req(fs=10),
        {"T1.ava.action": REFOCUS, "T1.ava.action.2": IDLE, "T1.ava.defense": {"defense": "evasion", "fs": 0}},
        {**FIRST, "T1.ava.refocus": 3, **MISS},
    )
    assert [v["code"] for v in bad["violations"]] == ["DEFENSE_OPTION_NOT_ALLOWED"]


def test_power_up_needs_power_level_three() -> None:
    bad = _turn(_req(), {"T1.ava.action": {"action": "power_up"}}, dict(FIRST))  # PL 2 (000 L6043)
    assert [v["code"] for v in bad["violations"]] == ["POWER_UP_BELOW_PL3"]


def test_await_opening_not_hit_counts_a_turn() -> None:
    # She awaits (1 Range away, 1 → 2); the group's 1 misses her Defense 3: one successful turn (000 L6045–L6049)
    wait = {"action": "await_opening", "movement": 1, "direction": "away", "target": "g"}
    out = _ok(_req(), {"T1.ava.action": wait, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}, {**FIRST, **MISS})
    assert _ava(out)["await_opening"] == 1
    # hit (4 + 0 ≥ 3, 1d4 rolls 2): the run is lost
    out = _ok(
        _req(),
        {"T1.ava.action": wait, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.g.attack": 4, "T1.g.damage": 2, "T1.fight.time": 3},
    )
    assert _ava(out)["await_opening"] == 0 and _ava(out)["life_bar"] == 38


def test_taunt_a_group_with_lower_initiative_once() -> None:
    # With the Taunt option, Initiative 6 against the group's 1: 1d4 Glory, 3, raw (000 L2141, L6547); a second
    # Taunt that combat is refused
    req = _req(taunts=True)
    taunt = {"action": "taunt", "target": "g"}
    out = _ok(
        req,
        {"T1.ava.action": taunt, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {**FIRST, "T1.ava.taunt_glory": 3, **MISS},
    )
    assert _glory(out) == [(3, "Taunt against g")] and _ava(out)["taunt_used"] is True
    bad = _turn(req, {"T1.ava.action": taunt, "T1.ava.action.2": taunt}, {**FIRST, "T1.ava.taunt_glory": 3})
    assert [v["code"] for v in bad["violations"]] == ["TAUNT_INVALID"]


def test_a_utility_move_costs_control_and_earns_its_level_once() -> None:
    # Pose (L2 Utility): Control 4 covers it; 2 Glory the first time (000 L6004), raw; her extra action at Control 2
    # uses it again for no Glory; its Utility Liability is the Utility action itself (000 L4878–L4886), so nothing
    # is named as not kept
    req = _req()
    req["fighters"][0]["sheet"] = {**AVA, "moves": [*AVA["moves"], POSE]}
    use = {"action": "utility", "moves": ["pose"]}
    out = _ok(req, {"T1.ava.action": use, "T1.ava.action.2": use, "T1.ava.defense": DEFENSE}, {**FIRST, **MISS})
    assert _glory(out) == [(2, "Pose used")]
    assert not out["unsupported"]
    # Control 1 is too little for a level-2 move
    bad = _turn(req, {"T1.ava.action": use}, {**FIRST, "T1.ava.ctrl": 1})
    assert [v["code"] for v in bad["violations"]] == ["INSUFFICIENT_CONTROL"]


def test_in_a_dramatic_turn_with_thugs_a_utility_move_is_paid_with_a_point() -> None:
    # Dramatic: Pose is a Special Move, its first use one point (000 L7209–L7213): her turn's point is spent, and its
    # level 2 in raw Glory; Refocus there too (Range 1 → 2; 1d4 2 + 1 = 3 FS, 15 → 18)
    req = dramatic_request()
    req["fighters"][0]["sheet"] = {**AVA, "moves": [*AVA["moves"], POSE]}
    req["fighters"][0]["state"]["fighting_spirit"] = 15
    out = dramatic_resolved(
        req,
        {"T1.ava.action": {"action": "utility", "moves": ["pose"]}, "T1.ava.action.2": REFOCUS}
        | {"T1.ava.defense": DEFENSE},
        {"T1.ava.init": 6, "T1.g.init": 1, "T1.ava.refocus": 2, **MISS},
    )
    state = out["fighters"][0]["state"]
    assert state["dramatic"]["action_points"] == 0 and state["dramatic"]["special_moves_used"] == ["pose"]
    assert _glory(out) == [(2, "Pose used")] and state["fighting_spirit"] == 18
    assert _g(out)["ranges"] == {"ava": 2}  # it attacks from there: 1 − 1 at Range 2 = 0 misses (000 L5613)
