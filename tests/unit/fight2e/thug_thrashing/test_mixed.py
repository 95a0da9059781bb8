"""Fighters on opposing sides in a Thug Thrashing turn (000 L6495–L6497, L6646, L6752, L6782). Ava (heroes) against
Bo and his gang g (villains); Ava and Bo share support.AVA's figures (PL 2, Strength 2, Defense 3, Stun Threshold 6,
Thug Thrashing 1; a Basic Move's die 1d4, two sizes up for Strength 2). No map: Ava and Bo at Range 1; g at Range 1
from each. Ava acts first (Initiative 6, Control 4), then Bo (2), then g (1)."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.operations import examples
from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, THUG, _ok, _turn

BO = {**copy.deepcopy(AVA), "id": "bo", "name": "Bo"}
ROLLS = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.bo.init": 2, "T1.bo.ctrl": 4, "T1.g.init": 1, "T1.fight.time": 3}
ON_BO = {"action": "attack", "moves": ["basic_move"], "target": "bo"}
ON_G = {"action": "attack", "moves": ["basic_move"], "target": "g"}


def _req() -> dict[str, Any]:
    gang = {"id": "g", "thug": THUG, "members": 5, "ranges": {"ava": 1}, "side": "villains"}  # none to its ally
    state = {"life_bar": 40, "fighting_spirit": 20, "fs_start": 20}
    return {
        "options": {"subsystem": "thug_thrashing", "thug_thrashing": {"events": False}},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "first_hit_awarded": True,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"ava": "heroes", "bo": "villains"},
            "thugs": [gang],
        },
        "fighters": [
            {"id": "ava", "sheet": AVA, "state": dict(state)},
            {"id": "bo", "sheet": BO, "state": dict(state)},
        ],
    }


def _life(out: dict[str, Any]) -> dict[str, int]:
    return {f["id"]: f["state"]["life_bar"] for f in out["fighters"]}


def test_a_turn_with_fighters_and_thugs_on_both_sides() -> None:
    # Ava's first action on Bo, by the Main Combat System: 4 + 1 (Control 4 above the Basic Move's 1, 000 L5728) = 5
    # against his Defense 3: a hit; 1d8 shows 5: 40 → 35, not above his Stun Threshold 6; Hit Stun: Control
    # min(4 − 4, 4 / 2) = 0, his action is lost (000 L5926–L5946); Knock Back 1: Range 1 → 2.
    # Her extra action (Control 4 / 2 = 2) on g: 3 + 1 = 4 against Defense 2, a hit; its Thug's Life Save is
    # 5 − Strength 2 = 3 (1d4 is no size above 1d4, 000 L6570), and a 9 takes him out.
    # g attacks Ava only, not Bo of its own side: 3 against her Defense 3, a hit; 1d4 shows 2: 40 → 38.
    rolls = ROLLS | {"T1.ava.attack": 4, "T1.ava.damage": 5, "T1.ava.attack.2": 3, "T1.g.life_save": 9}
    rolls |= {"T1.g.attack": 3, "T1.g.damage": 2}
    decisions = {"T1.ava.action": ON_BO, "T1.ava.action.2": ON_G, "T1.ava.defense": {"defense": "defense"}}
    out = _ok(_req(), decisions, rolls)
    assert _life(out) == {"ava": 38, "bo": 35}
    assert out["fight"]["thugs"][0]["members"] == 4 and out["fight"]["positioning"]["range"] == 2
    assert [s["text"] for s in out["log"] if s["actor"] == "g" and s["label"] == "D.6"] == [
        "g attacks ava at Range 1: 3 → 3 against Defense Total 3: hit."
    ]
    assert not [u for u in out["unsupported"] if u["id"] == "thug_mixed_fight"]


def test_near_a_fighter_her_extra_actions_only_attack_thugs() -> None:
    # Bo within Range 2 (000 L6752): her extra action may not move, nor (ruling) act on a Fighter at all.
    rolls = ROLLS | {"T1.ava.attack": 4, "T1.ava.damage": 5}
    for extra in ({"action": "move", "movement": 1, "direction": "away", "target": "g"}, ON_BO):
        out = _turn(_req(), {"T1.ava.action": ON_BO, "T1.ava.action.2": extra}, rolls)
        assert out["status"] == "invalid" and out["violations"][0]["code"] == "DECISION_INVALID"


def test_near_a_fighter_her_extra_action_is_offered_only_what_it_may_do() -> None:
    # Bo knocked back to Range 2, still near (000 L6752): with Control 4 / 2 = 2 her extra action may go Full
    # Defense (000 L6758, L6782), be left unused, or attack g without moving: a Basic Move (level 1), on Full
    # Offense too, or two Basic Moves in a Combo (1 + 1 Control, 000 L5779); no movement, Full Agility, Full
    # Offense with Full Defense, nor Bo.
    rolls = ROLLS | {"T1.ava.attack": 4, "T1.ava.damage": 5}
    out = _turn(_req(), {"T1.ava.action": ON_BO}, rolls)
    point = next(d for d in out["decisions_needed"] if d["key"] == "T1.ava.action.2")
    assert [c["value"] for c in point["choices"]] == [
        IDLE,
        {**IDLE, "full_defense": True},
        ON_G,
        {**ON_G, "full_offense": True},
        {**ON_G, "moves": ["basic_move", "basic_move"]},
    ]
    for c in point["choices"]:  # and the rules take each
        again = _turn(_req(), {"T1.ava.action": ON_BO, "T1.ava.action.2": c["value"]}, rolls)
        assert again["status"] != "invalid", again["violations"]


def test_a_group_of_his_own_side_is_no_target() -> None:
    rolls = ROLLS | {"T1.ava.init": 1, "T1.bo.init": 6}
    out = _turn(_req(), {"T1.bo.action": ON_G}, rolls)
    assert out["status"] == "invalid" and out["violations"][0]["code"] == "TARGET_UNAVAILABLE"
    # and with nobody left on Bo's side the turn is over only when his foes are down: Ava idles, g still fights her
    ok = _ok(
        _req(),
        {"T1.bo.action": IDLE, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
        | {"T1.ava.defense": {"defense": "defense"}},
        rolls | {"T1.g.attack": 1},
    )
    assert ok["status"] == "resolved"


def band_map_request() -> dict[str, Any]:
    """The published example: h (heroes) in band 1, Ava 2, Bo 3, g (villains) 4, every die and decision given."""
    req = _req()
    req["fight"]["positioning"] = {"mode": "band", "bands": {"ava": 2, "bo": 3}}
    req["fight"]["thugs"][0] = {**req["fight"]["thugs"][0], "ranges": {}, "band": 4}
    req["fight"]["thugs"].append({"id": "h", "thug": THUG, "members": 3, "band": 1, "side": "heroes"})
    rolls = ROLLS | {"T1.h.init": 1, "T1.ava.attack": 4, "T1.ava.damage": 5, "T1.ava.attack.2": 3}
    rolls |= {"T1.g.life_save": 9, "T1.g.attack": 4, "T1.g.damage": 2}
    decisions = {"T1.ava.action": ON_BO, "T1.ava.action.2": ON_G, "T1.ava.defense": {"defense": "defense"}}
    decisions |= {"T1.h.action": {"action": "none"}}
    return {**req, "decisions": decisions, "rolls": rolls}


def test_thugs_on_both_sides_on_a_band_map() -> None:
    # Band Map (000 L5650–L5656): h (heroes) in band 1, Ava 2, Bo 3, g (villains) 4. Ava hits Bo as above (5 → 35,
    # Hit Stun takes his action); his Knock Back puts him in band 4, with g. Her extra action on g, now at Range 2:
    # 3 + 1 − 1 (Range 2, 000 L5613) = 3 against Defense 2, a hit; its Life Save 3, a 9: out. h stays put; g attacks
    # Ava at Range 2: 4 − 1 = 3 against her Defense 3, a hit, 1d4 shows 2: 40 → 38.
    body = band_map_request()
    req = {k: v for k, v in body.items() if k not in ("decisions", "rolls")}
    out = _ok(req, body["decisions"], body["rolls"])
    assert _life(out) == {"ava": 38, "bo": 35}
    assert out["fight"]["positioning"]["bands"] == {"ava": 2, "bo": 4}
    assert {g["id"]: (g["band"], g["members"], g["ranges"]) for g in out["fight"]["thugs"]} == {
        "g": (4, 4, {"ava": 2, "bo": 0}),
        "h": (1, 3, {"ava": 1, "bo": 3}),
    }
    # her extra action cannot take on h, of her own side
    bad = _turn(req, {**body["decisions"], "T1.ava.action.2": {**ON_G, "target": "h"}}, body["rolls"])
    assert bad["status"] == "invalid" and bad["violations"][0]["code"] == "TARGET_UNAVAILABLE"


def test_the_band_map_turn_is_a_published_example() -> None:
    assert examples("resolve_turn")["thug-thrashing-band-map-both-sides"] == band_map_request()
