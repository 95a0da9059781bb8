"""Fighters on opposing sides in a Dramatic turn with Thugs (000 L7074, L6646, L6752): a Fighter's action on a
Fighter of another side is a Dramatic turn's (a Basic Move, Hit Stun costing an unacted target his turn, 000 L7130),
his extra Thug Thrashing actions are for Thugs only, and near a Fighter opponent only attack a group (000 L6752);
groups fight the Fighters of the other side. Each figure worked by hand from the text.

Ava (heroes) against Bo and his gang g (villains): Ava and Bo share support.AVA's figures (PL 2, so a Dramatic Life
Bar of 40 // 2 = 20, 000 L7072; Speed 1, a 1d8 Initiative with no Control Bonus; Strength 2, Stamina 0, Defense 3;
Thug Thrashing 1, so two actions). Her Basic Move on Bo is Accuracy +0 and 1d4 two sizes up for Strength 2 against
Stamina 0: 1d8 (000 L5924); on a Thug 1d4, Life Save 5 − Strength 2 = 3 (000 L6570). The group is Thug Thrashing's
(Accuracy +0, 1d4, Defense 2). No map: Ava and Bo at Range 1, g at Range 1 from Ava."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.dramatic.test_thugs import resolved, turn
from tests.unit.fight2e.thug_thrashing.support import THUG
from tests.unit.fight2e.thug_thrashing.test_mixed import _req as mixed_request

ON_BO = {"action": "attack", "moves": ["basic_move"], "target": "bo"}
ON_G = {"action": "attack", "moves": ["basic_move"], "target": "g"}
DEFENSE = {"defense": "defense", "fs": 0}
ROLLS = {"T1.ava.init": 6, "T1.bo.init": 2, "T1.g.init": 1, "T1.fight.time": 3}


def _req() -> dict[str, Any]:
    req = mixed_request()
    req["options"]["subsystem"] = "dramatic_thug_thrashing"
    for f in req["fighters"]:
        f["state"]["life_bar"] = 20
    return req


def _life(out: dict[str, Any]) -> dict[str, int]:
    return {f["id"]: f["state"]["life_bar"] for f in out["fighters"]}


def test_she_hits_bo_then_his_gang_and_the_gang_hits_her() -> None:
    # Ava (6) first. Action 1 on Bo: 4 + 0 against his Defense 3, a hit; 1d8 shows 5: 20 → 15; Knock Back 1:
    # Range 1 → 2 (000 L5950); Bo had not acted: Hit Stun costs him his turn (000 L7130).
    # Action 2, with Bo at Range 2 (000 L6752: an attack on a group, no movement): on g, 3 + 0 against Defense 2,
    # a hit; its Life Save 3, a 9: out, 4 left. g attacks Ava, not Bo of its own side: 3 + 0 against her Defense 3,
    # a hit; 1d4 shows 2: 20 → 18.
    rolls = ROLLS | {"T1.ava.attack": 4, "T1.ava.damage": 5, "T1.ava.attack.2": 3, "T1.g.life_save": 9}
    rolls |= {"T1.g.attack": 3, "T1.g.damage": 2}
    out = resolved(_req(), {"T1.ava.action": ON_BO, "T1.ava.action.2": ON_G, "T1.ava.defense": DEFENSE}, rolls)
    assert _life(out) == {"ava": 18, "bo": 15}
    assert out["fight"]["positioning"]["range"] == 2
    assert out["fight"]["thugs"][0]["members"] == 4
    assert any(s["actor"] == "bo" and "Hit Stun" in s["text"] for s in out["log"])
    assert not [u for u in out["unsupported"] if u["id"] == "thug_mixed_fight"]


def test_her_extra_action_never_acts_on_a_fighter() -> None:
    # 000 L6750–L6752 (ruling, thug_thrashing/mixed.py): the extra action is for Thugs
    rolls = ROLLS | {"T1.ava.attack": 4, "T1.ava.damage": 5}
    out = turn(_req(), {"T1.ava.action": ON_BO, "T1.ava.action.2": ON_BO}, rolls)
    assert out["status"] == "invalid" and out["violations"][0]["code"] == "DECISION_INVALID"


def test_a_tie_with_bo_within_range_two_is_a_flourish() -> None:
    # Ava and Bo both at 4, Range 1 (000 L7100): a Flourish in place of both turns, no point paid. Ava's d10 7
    # against his 3: she deals a plain d10, 6: 20 → 14, and knocks him back 1 (000 L7189): Range 2. Her turn, the
    # extra action included, is spent on it. g (1) attacks her: 1 + 0 against her Defense 3, a miss.
    rolls = {"T1.ava.init": 4, "T1.bo.init": 4, "T1.g.init": 1, "T1.fight.time": 3}
    rolls |= {"T1.ava.flourish": 7, "T1.bo.flourish": 3, "T1.ava.flourish_damage": 6, "T1.g.attack": 1}
    out = resolved(_req(), {"T1.ava.defense": DEFENSE}, rolls)
    assert _life(out) == {"ava": 20, "bo": 14}
    assert out["fight"]["positioning"]["range"] == 2
    assert not [s for s in out["log"] if s["actor"] == "ava" and s["label"] == "D.6"]
    assert next(f for f in out["fighters"] if f["id"] == "bo")["state"]["dramatic"]["action_points"] == 1


def test_with_no_map_the_fighters_need_their_range() -> None:
    req = _req()
    req["fight"]["positioning"] = {"mode": "range", "range": None}
    out = turn(req, {}, ROLLS)
    assert out["status"] == "invalid"
    assert [(v["code"], v["path"]) for v in out["violations"]] == [
        ("STATE_RANGE_OUT_OF_RANGE", "fight.positioning.range")
    ]


def _band_map() -> dict[str, Any]:
    req = _req()
    req["fight"]["positioning"] = {"mode": "band", "bands": {"ava": 2, "bo": 3}}
    req["fight"]["thugs"][0] = {**req["fight"]["thugs"][0], "ranges": {}, "band": 4}
    req["fight"]["thugs"].append({"id": "h", "thug": THUG, "members": 3, "band": 1, "side": "heroes"})
    return req


def test_both_sides_with_thugs_on_a_band_map() -> None:
    # h (heroes) in band 1, Ava 2, Bo 3, g (villains) 4 (000 L5652, L6664). Ava hits Bo at Range 1: 4 + 0 against
    # 3, 1d8 shows 5: 20 → 15; Knock Back away from her (000 L5654): band 4, with g. Her extra action on g, now at
    # Range 2 (Bo too): 3 + 0 − 1 (Range 2, 000 L5613) = 2 against Defense 2, a hit; Life Save 3, a 9: out. h stays
    # put, its action none; g attacks Ava at Range 2: 4 + 0 − 1 = 3 against her Defense 3, a hit; 1d4 shows 2:
    # 20 → 18.
    rolls = ROLLS | {"T1.h.init": 1, "T1.ava.attack": 4, "T1.ava.damage": 5, "T1.ava.attack.2": 3}
    rolls |= {"T1.g.life_save": 9, "T1.g.attack": 4, "T1.g.damage": 2}
    decisions = {"T1.ava.action": ON_BO, "T1.ava.action.2": ON_G, "T1.ava.defense": DEFENSE}
    out = resolved(_band_map(), decisions | {"T1.h.action": {"action": "none"}}, rolls)
    assert _life(out) == {"ava": 18, "bo": 15}
    assert out["fight"]["positioning"]["bands"] == {"ava": 2, "bo": 4}
    assert {g["id"]: (g["band"], g["members"], g["ranges"]) for g in out["fight"]["thugs"]} == {
        "g": (4, 4, {"ava": 2, "bo": 0}),
        "h": (1, 3, {"ava": 1, "bo": 3}),
    }


def test_she_cannot_attack_the_group_of_her_own_side() -> None:
    rolls = ROLLS | {"T1.h.init": 1, "T1.ava.attack": 4, "T1.ava.damage": 5}
    out = turn(_band_map(), {"T1.ava.action": ON_BO, "T1.ava.action.2": {**ON_G, "target": "h"}}, rolls)
    assert out["status"] == "invalid" and out["violations"][0]["code"] == "TARGET_UNAVAILABLE"


def test_her_point_boosts_her_basic_move_on_bo_as_in_a_dramatic_turn() -> None:
    # 000 L7110: a point buys one die size of damage: 1d8 → 1d10; 4 + 0 against 3, a hit, the 1d10 shows 6:
    # 20 → 14 (6 is not above his Stun Threshold 6, 000 L5974). Her point is spent. Her extra action is left unused.
    boosted = {**ON_BO, "option": "basic_boost", "boost": "damage"}
    rolls = ROLLS | {"T1.ava.attack": 4, "T1.ava.damage": 6, "T1.g.attack": 1}
    decisions = {"T1.ava.action": boosted, "T1.ava.action.2": {"action": "none"}, "T1.ava.defense": DEFENSE}
    out = resolved(_req(), decisions, rolls)
    assert _life(out)["bo"] == 14
    assert any(s["label"] == "E.1" and s["text"].startswith("Damage 1d10") for s in out["log"])
    assert out["fighters"][0]["state"]["dramatic"]["action_points"] == 0
