"""Summon in a Thug Thrashing turn (000 L4183–L4213; 000 L6646: Chapter 5 leaves it as the main system has it),
worked by hand.

Ava (support.py): PL 2, Strength 2; she acts first (Initiative 6 against 1) with Control 4, so a Basic Move (L1) has
Control to spare: +1 Accuracy (000 L5728). A Basic Move: Accuracy +0, 1d4, Standard Range 0–2 (000 L2082–L2090,
L2367); +1 at Range 0 (000 L5613). Her Life Save on the group's Thugs: 5 − Strength 2 = 3, 1d4 being no die size
above 1d4 (000 L6570); a Thug stays on 3 or less (000 L6568). With no map her Ally stands ``charges`` Ranges ahead of
her, so its Range to a group is hers less that (ruling)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import el, move
from tests.unit.fight2e.thug_thrashing.support import AVA, IDLE, THUG, _ava, _ok, _turn

ROLLS = {"T1.ava.init": 6, "T1.ava.ctrl": 4, "T1.g.init": 1, "T1.fight.time": 3}
CALL = move("call", el("summon", ally_elements=["knocks_down"]), level=4)


def _req(ranges: dict[str, int], ongoing: list[dict[str, Any]] | None = None, defense: int = 2) -> dict[str, Any]:
    sheet = copy.deepcopy(AVA)
    sheet["moves"] = [*sheet["moves"], CALL]
    sheet["combat_skills"]["ki"] = 3  # Summon needs Ki (000 L4185)
    thug = THUG | {"defense": defense}
    thugs = [{"id": gid, "thug": thug, "members": 5, "ranges": {"ava": r}} for gid, r in ranges.items()]
    state = {"life_bar": 40, "fighting_spirit": 10, "fs_start": 20, "ongoing_effects": ongoing or []}
    return {
        "options": {"subsystem": "thug_thrashing", "thug_thrashing": {"events": False}},
        "fight": {"turn": 1, "time_count": 99, "first_hit_awarded": True, "thugs": thugs},
        "fighters": [{"id": "ava", "sheet": sheet, "state": state}],
    }


def _ally(ahead: int = 1, left: int = 4) -> list[dict[str, Any]]:
    return [{"id": "summon", "move": "call", "time_left": left, "since": 0, "target": "g", "charges": ahead}]


def _stay(*gids: str) -> dict[str, Any]:
    return {f"T1.{g}.action": {"action": "none"} for g in gids}


def _members(out: dict[str, Any]) -> dict[str, int]:
    return {g["id"]: g["members"] for g in out["fight"]["thugs"]}


def _summons(out: dict[str, Any]) -> list[tuple[str, int | None, int | None]]:
    return [(e["id"], e.get("charges"), e.get("time_left")) for e in _ava(out)["ongoing_effects"]]


def test_the_summon_move_calls_its_ally_toward_the_group() -> None:
    # The Ally appears 1 Range in front of her toward the group named (000 L4191): 1 Range ahead, for a 5-count
    # (000 L4209); the Time Roll of 3 leaves 5 − 3 = 2 of it, its first turn being over (000 L4209, L6734).
    out = _ok(
        _req({"g": 3}),
        {"T1.ava.action": {"action": "utility", "moves": ["call"], "target": "g"}, "T1.ava.action.2": IDLE}
        | _stay("g"),
        ROLLS,
    )
    assert _summons(out) == [("summon", 1, 2)]
    assert not out["unsupported"]  # Summon is applied: nothing named


def test_a_summon_while_its_ally_rests_is_refused() -> None:
    # After the Ally leaves, a 5-count must pass before it is called again (000 L4209).
    rest = [{"id": "summon_rest", "move": "call", "time_left": 3}]
    out = _turn(
        _req({"g": 3}, rest),
        {"T1.ava.action": {"action": "utility", "moves": ["call"], "target": "g"}, "T1.ava.action.2": IDLE}
        | _stay("g"),
        ROLLS,
    )
    assert [v["code"] for v in out["violations"]] == ["SUMMON_RESTING"]


def test_the_ally_strikes_with_her_basic_move_from_its_own_range() -> None:
    # Defense 4. Ava at Range 1: 2 + 0 + 1 (spare Control) = 3 misses. Her Ally, 1 Range ahead, is at Range 0:
    # 2 + 0 + 1 (Range 0) + 1 = 4 hits (000 L4201, L5613, L5728); the Thug's Life Save 3 against a 4: out (000 L6570).
    rolls = ROLLS | {"T1.ava.attack": 2, "T1.ava.attack.2": 2, "T1.g.life_save": 4}
    out = _ok(
        _req({"g": 1}, _ally(), defense=4),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"}, "T1.ava.action.2": IDLE}
        | _stay("g"),
        rolls,
    )
    assert _members(out) == {"g": 4}
    d6 = [s["text"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava"]
    assert len(d6) == 2 and "miss" in d6[0] and "hit" in d6[1]
    # a 3 on the Life Save: he stays (000 L6568)
    stays = _ok(
        _req({"g": 1}, _ally(), defense=4),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"}, "T1.ava.action.2": IDLE}
        | _stay("g"),
        rolls | {"T1.g.life_save": 3},
    )
    assert _members(stays) == {"g": 5}


def test_the_allys_element_knocks_down_as_a_fighters_does() -> None:
    # Its Basic Move with Knocks Down (the Summon move's Element, 000 L4187): a Thug who makes his Life Save (3 on a
    # 2) rolls it again (000 L6718): a 5 takes him out.
    rolls = ROLLS | {"T1.ava.attack": 1, "T1.ava.attack.2": 6, "T1.g.life_save": 2, "T1.g.life_save.2": 5}
    out = _ok(
        _req({"g": 1}, _ally(), defense=4),
        {
            "T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"},
            "T1.ava.ally_attack": {"moves": ["ally:knocks_down"]},
            "T1.ava.action.2": IDLE,
        }
        | _stay("g"),
        rolls,
    )
    assert _members(out) == {"g": 4}


def test_the_ally_takes_another_group_when_hers_is_out_of_its_reach() -> None:
    # 3 Ranges ahead, the Ally is at Range 3 from g (Range 0 from her) and Range 1 from h (Range 2 from her): it
    # strikes h (000 L4207). Defense 2: its 1 + 0 + 1 = 2 hits; h's Thug fails his save on a 4.
    rolls = ROLLS | {"T1.h.init": 1, "T1.ava.attack": 1, "T1.ava.attack.2": 1, "T1.g.life_save": 1}
    rolls |= {"T1.h.life_save": 4}
    out = _ok(
        _req({"g": 0, "h": 2}, _ally(ahead=3)),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"}, "T1.ava.action.2": IDLE}
        | _stay("g", "h"),
        rolls,
    )
    assert _members(out) == {"g": 5, "h": 4}  # her 1 + 0 + 1 + 1 = 3 hits g, whose Thug stays on a 1


def test_a_basic_move_out_of_her_reach_still_sends_the_ally() -> None:
    # Range 4 is beyond her Basic Move, but she may launch it so that her Ally, 2 Ranges ahead at Range 2, strikes
    # (000 L4205): 4 − 1 at Range 2 + 1 = 4 hits Defense 2; her own attack has no effect.
    rolls = ROLLS | {"T1.ava.attack": 4, "T1.g.life_save": 4}
    out = _ok(
        _req({"g": 4}, _ally(ahead=2)),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"}, "T1.ava.action.2": IDLE}
        | _stay("g"),
        rolls,
    )
    assert _members(out) == {"g": 4}
    # with no Ally it is refused, as before
    alone = _turn(
        _req({"g": 4}),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move"], "target": "g"}} | _stay("g"),
        rolls,
    )
    assert [v["code"] for v in alone["violations"]] == ["TARGET_OUT_OF_RANGE"]


def test_the_ally_follows_her_two_ranges_for_one() -> None:
    # She moves 1 Range toward g (Range 3 → 2); the Ally moves 2, so it gains a Range on her: 2 ahead (000 L4193).
    out = _ok(
        _req({"g": 3}, _ally()),
        {
            "T1.ava.action": {"action": "move", "movement": 1, "direction": "toward", "target": "g"},
            "T1.ava.action.2": IDLE,
        }
        | _stay("g"),
        ROLLS,
    )
    assert _summons(out) == [("summon", 2, 1)]  # and 4 − 3 = 1 of its count left


def test_a_groups_hit_on_her_ends_the_ally() -> None:
    # The group (Range 1) attacks her: 1d6 6 + 0 against her Defense Total; a hit on the summoner ends the Ally
    # (000 L4209, E.6) and starts its 5-count of rest.
    out = _ok(
        _req({"g": 1}, _ally()),
        {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.g.action": {"action": "attack", "target": "ava"}},
        ROLLS | {"T1.g.attack": 6, "T1.g.damage": 1},
    )
    ids = [e[0] for e in _summons(out)]
    assert "summon" not in ids and "summon_rest" in ids


def test_on_a_band_map_the_ally_takes_the_band_toward_the_group() -> None:
    # Band Map: Ava in band 2, g in band 4 (Range 2). Her Summon puts the Ally one band toward g, in band 3
    # (000 L4195). Her second action (Control 4 / 2 = 2) is a Basic Move on g: hers at Range 2 is 1 + 0 − 1 + 1
    # (spare Control) = 1, a miss against Defense 2; the Ally's at Range 1 is 1 + 0 + 1 = 2, a hit; the Thug's save
    # of 3 against a 4: out (000 L6570).
    req = _req({"g": 2})
    req["fight"]["positioning"] = {"mode": "band", "bands": {"ava": 2}}
    req["fight"]["thugs"][0] = {"id": "g", "thug": THUG, "members": 5, "band": 4}
    out = _ok(
        req,
        {
            "T1.ava.action": {"action": "utility", "moves": ["call"], "target": "g"},
            "T1.ava.action.2": {"action": "attack", "moves": ["basic_move"], "target": "g"},
        }
        | _stay("g"),
        ROLLS | {"T1.ava.attack": 1, "T1.ava.attack.2": 1, "T1.g.life_save": 4},
    )
    assert [(e["id"], e.get("band")) for e in _ava(out)["ongoing_effects"]] == [("summon", 3)]
    assert _members(out) == {"g": 4}


def test_her_allys_basic_reaction_attack_goes_with_hers_on_a_group_closing_in() -> None:
    # 000 L4203: the Ally also makes the Basic Reaction Attack; 000 L6702: Reaction Attacks work against Thugs, on
    # one who comes into Range 0 or 1 before she acts (000 L6012, L6017). The group (Initiative 4 against her 1)
    # moves 2 toward her, 3 → 1; she reacts with her Basic Move for 1 FS (000 L6014, L6027): at Range 1, 1 + 0 + 1
    # (spare Control) = 2 against Defense 3, a miss. Her Ally, 1 Range ahead, is at Range 0: 1 + 0 + 1 (Range 0)
    # + 1 = 3, a hit (000 L4201, L5613, L5728); the Thug's Life Save 3 against a 4: out (000 L6570).
    rolls = ROLLS | {"T1.ava.init": 1, "T1.g.init": 4, "T1.ava.attack": 1, "T1.ava.attack.2": 1, "T1.g.life_save": 4}
    closing = {"action": "move", "movement": 2, "direction": "toward", "target": "ava"}
    react = {"choice": "act", "reaction": "basic", "moves": ["basic_move"]}
    decisions = {"T1.g.action": closing, "T1.ava.reaction": react, "T1.ava.action": IDLE}
    out = _ok(_req({"g": 3}, _ally(), defense=3), decisions, rolls)
    assert _members(out) == {"g": 4}
    assert _ava(out)["fighting_spirit"] == 9
    assert not out["unsupported"]
