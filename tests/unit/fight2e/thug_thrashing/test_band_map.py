"""A Thug Thrashing turn on a Band Map (000 L5650–L5656, L6664–L6668): a group takes one band, every Range is the
bands' difference, so moving a group or a Fighter changes the Ranges to everyone; off the six bands the whole board
shifts. Ava (support.py) and the groups (support.THUG); the groups stay put unless said."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, THUG, _ava, _ok

ROLLS = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.h.init": 1, "T1.fight.time": 3}
STAY = {"T1.g.action": {"action": "none"}, "T1.h.action": {"action": "none"}}


def _req(ava: int, **bands: int) -> dict[str, Any]:
    thugs = [{"id": gid, "thug": THUG, "members": 5, "band": b} for gid, b in bands.items()]
    return {
        "options": {"subsystem": "thug_thrashing", "thug_thrashing": {"events": False}},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "first_hit_awarded": True,
            "positioning": {"mode": "band", "bands": {"ava": ava}},
            "thugs": thugs,
        },
        "fighters": [{"id": "ava", "sheet": AVA, "state": {"life_bar": 40, "fighting_spirit": 20, "fs_start": 20}}],
    }


def _where(out: dict[str, Any]) -> dict[str, Any]:
    return {g["id"]: (g["band"], g["ranges"]["ava"]) for g in out["fight"]["thugs"]}


def test_her_move_changes_her_range_to_every_group() -> None:
    # Ava in band 3, g in 2 (Range 1), h in 5 (Range 2). She moves 1 toward g: band 2, Range 0 to g and 3 to h;
    # with no map her Range to h would have stayed 2 (000 L6668).
    toward = {"action": "move", "movement": 1, "direction": "toward", "target": "g"}
    out = _ok(_req(3, g=2, h=5), {"T1.ava.action": toward, "T1.ava.action.2": IDLE, **STAY}, ROLLS)
    assert _where(out) == {"g": (2, 0), "h": (5, 3)}
    assert out["fight"]["positioning"]["bands"] == {"ava": 2}
    assert not [u for u in out["unsupported"] if u["id"] == "thug_band_map"]


def test_off_the_map_everyone_shifts() -> None:
    # Ava in band 1, g in 2: she moves 1 away from g, to band 0, so everyone shifts up a band (000 L5656): Ava 1,
    # g 3, h 6; her Ranges 2 and 5.
    away = {"action": "move", "movement": 1, "direction": "away", "target": "g"}
    out = _ok(_req(1, g=2, h=5), {"T1.ava.action": away, "T1.ava.action.2": IDLE, **STAY}, ROLLS)
    assert _where(out) == {"g": (3, 2), "h": (6, 5)} and out["fight"]["positioning"]["bands"] == {"ava": 1}


def test_a_group_that_closes_in_nears_her_band() -> None:
    # g in band 5 at Range 3 from Ava (band 2) moves 2 toward her without attacking: band 3, Range 1 (000 L6672).
    rolls = {"T1.ava.init": 1, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.fight.time": 3}
    close = {"action": "move", "movement": 2, "direction": "toward", "target": "ava"}
    out = _ok(_req(2, g=5), {"T1.g.action": close, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}, rolls)
    assert _where(out) == {"g": (3, 1)} and _ava(out)["life_bar"] == 40


def test_a_bomb_on_the_map_blasts_who_is_within_a_band_of_it() -> None:
    # The group in band 4 places its Bomb in band 3, toward Ava in band 1 (000 L2849; ruling); count 1 less the Time
    # Roll: it goes off before Initiative next turn. Ava has moved to band 2 by then: within 1 band, she is attacked
    # (3 against her Defense 3: a hit; 1d4 shows 2: 40 → 38, 000 L2855).
    bomb = {**THUG, "qualities": [{"id": "bomb"}]}
    req = _req(1, g=4)
    req["fight"]["thugs"][0]["thug"] = bomb
    rolls = {"T1.ava.init": 1, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.bomb_timer": 1, "T1.fight.time": 3}
    hold = {"action": "attack", "movement": 0, "target": "ava"}
    out = _ok(req, {"T1.g.action": hold, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}, rolls)
    g = out["fight"]["thugs"][0]
    assert g["effects"][0]["band"] == 3 and g["effects"][0]["time_left"] == 0
    nxt = _req(2, g=4)
    nxt["fight"]["turn"] = 2
    nxt["fight"]["thugs"] = out["fight"]["thugs"]
    rolls2 = {"T2.ava.init": 1, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.g.bomb_attack": 3, "T2.g.bomb_damage": 2}
    two = _ok(
        nxt,
        {"T2.g.action": {"action": "none"}, "T2.ava.action": IDLE, "T2.ava.action.2": IDLE},
        rolls2 | {"T2.fight.time": 3},
    )
    assert _ava(two)["life_bar"] == 38
    # from band 1 she would have been 2 bands away: untouched
    far = _req(1, g=4)
    far["fight"]["turn"] = 2
    far["fight"]["thugs"] = out["fight"]["thugs"]
    rolls3 = {"T2.ava.init": 1, "T2.ava.ctrl": 4, "T2.g.init": 4, "T2.fight.time": 3}
    untouched = _ok(far, {"T2.g.action": {"action": "none"}, "T2.ava.action": IDLE, "T2.ava.action.2": IDLE}, rolls3)
    assert _ava(untouched)["life_bar"] == 40
