"""Each step of a Thug Thrashing turn (000 L6646–L6780) through resolve_turn, with figures worked by hand from the
text. The Fighter, Ava, is PL 2 (40 Life Bar, 20 FS, Stun Threshold 6), Strength 2, Defense 3, Evasion 1,
Agility 4, Thug Thrashing 1, Combo 4; her Initiative die is 1d8 and her Control 1d6. The groups' builds are ours.
"""

from __future__ import annotations

import copy
from typing import Any

from .support import ATTACK, AVA, FIRST, IDLE, THUG, _ava, _g, _ok, _req, _turn


def test_single_move_life_save_by_strength_and_die_size() -> None:
    # 000 L6570: Elbow 1d8 is two sizes above 1d4 and Strength 2: Life Save 5 − 2 − 2 = 1; a 2 fails it.
    # Accuracy 0 + 1 (Control 4 above level 3) = 1; a 3 reaches 4 against Defense 2.
    out = _ok(
        _req(),
        {"T1.ava.action": {"action": "attack", "moves": ["elbow"], "target": "g"}, "T1.ava.action.2": IDLE},
        {**FIRST, "T1.ava.attack": 3, "T1.g.life_save": 2, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _g(out)["members"] == 4
    save = next(s for s in out["log"] if s["text"].startswith("Life Save"))
    assert save["inputs"]["life_save"] == 1
    # the Special Move's level in raw Glory the first time it hits (000 L5749)
    assert sum(g["points"] for g in out["glory"]) == 3


def test_extra_actions_at_half_control() -> None:
    # 000 L6754: Control 5 and TT 1: the first action at 5, one more at 2 (a level 3 move is out of reach there)
    out = _turn(_req(), {"T1.ava.action": IDLE}, {"T1.ava.init": 6, "T1.ava.ctrl": 5, "T1.g.init": 1})
    assert out["decisions_needed"][0]["key"] == "T1.ava.action.2"
    offered = [c["value"].get("moves") for c in out["decisions_needed"][0]["choices"]]
    assert ["basic_move"] in offered and ["elbow"] not in offered
    # More Realistic halves TT 1 to 0: no extra action (000 L6804)
    out = _ok(
        _req(thug_thrashing={"events": False, "more_realistic": True}),
        {"T1.ava.action": IDLE},
        {"T1.ava.init": 6, "T1.ava.ctrl": 5, "T1.g.init": 1, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert not any(s["text"].startswith("ava has 2 actions") for s in out["log"])


def test_combo_reduce_to_zero_needs_no_roll() -> None:
    # 000 L6574, L6580: a 4-hit Combo has 2 points; LS 2 − 2 = 0: out without a roll (ruling: 0 or less, no die)
    thug = {**THUG, "life_save": 2}
    out = _ok(
        _req(thug=thug),
        {"T1.ava.action": {"action": "attack", "moves": ["basic_move"] * 4, "target": "g"}, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 6, "T1.ava.ctrl": 6, "T1.g.init": 1, "T1.ava.attack": 3, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _g(out)["members"] == 4
    assert "T1.g.life_save" not in {r["key"] for r in out["rolls"]}
    # a Combo earns ⌈4/2⌉ = 2 raw Glory (000 L5749)
    assert sum(g["points"] for g in out["glory"]) == 2


def test_combo_spread_makes_more_thugs_save() -> None:
    # 000 L6578: a 4-hit Combo spread: the target and 2 more roll the plain save of 5; 6, 3 and 9 → two out
    out = _ok(
        _req(),
        {
            "T1.ava.action": {"action": "attack", "moves": ["basic_move"] * 4, "target": "g", "combo_mode": "spread"},
            "T1.ava.action.2": IDLE,
        },
        {
            "T1.ava.init": 6,
            "T1.ava.ctrl": 6,
            "T1.g.init": 1,
            "T1.ava.attack": 3,
            "T1.g.life_save": 6,
            "T1.g.life_save.2": 3,
            "T1.g.life_save.3": 9,
            "T1.g.attack": 1,
            "T1.fight.time": 3,
        },
    )
    assert _g(out)["members"] == 3


def test_knock_down_second_save_and_push() -> None:
    # 000 L6718: Sweep Kick 1d6 with Strength 2: LS 5 − 2 − 1 = 2. A 1 keeps him up: he saves again at 2
    # (ruling: the same save) and a 4 takes him out, with no push.
    kick = {"T1.ava.action": {"action": "attack", "moves": ["sweep_kick"], "target": "g"}, "T1.ava.action.2": IDLE}
    out = _ok(
        _req(),
        kick,
        {**FIRST, "T1.ava.attack": 3, "T1.g.life_save": 1, "T1.g.life_save.2": 4, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _g(out)["members"] == 4 and _g(out)["ranges"] == {"ava": 1}
    # a first save failed: the rest are pushed back 1 Range (1 → 2)
    out = _ok(_req(), kick, {**FIRST, "T1.ava.attack": 3, "T1.g.life_save": 3, "T1.g.attack": 1, "T1.fight.time": 3})
    assert _g(out)["members"] == 4 and _g(out)["ranges"] == {"ava": 2}


def test_group_defeated_is_refused() -> None:
    two = _req()
    two["fight"]["thugs"].append({"id": "h", "thug": THUG, "members": 0, "ranges": {"ava": 1}})
    out = _turn(two, {"T1.ava.action": {**ATTACK, "target": "h"}}, FIRST)
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["GROUP_DEFEATED"]


def test_thug_attack_defence_and_damage() -> None:
    # The group first (4 against her 2): Range 1, 1d6 + 0 against Agility 4 in place of Evasion + 1 FS = 5
    # (000 L6700); a 5 hits. Damage 1d4 with Stamina 0: a 3 (000 L6682). Lucky Strike would have made it +2.
    out = _ok(
        _req(),
        {
            "T1.ava.defense": {"defense": "evasion", "agility": True, "fs": 1},
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
        },
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 5, "T1.g.damage": 3, "T1.fight.time": 3},
    )
    assert _ava(out)["life_bar"] == 37 and _ava(out)["fighting_spirit"] == 19
    step = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "g")
    assert step["inputs"]["defense_total"] == 5
    # A 4 misses the same defence
    out = _ok(
        _req(),
        {
            "T1.ava.defense": {"defense": "evasion", "agility": True, "fs": 1},
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
        },
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 4, "T1.fight.time": 3},
    )
    assert _ava(out)["life_bar"] == 40


def test_group_closes_in_and_mobile_moves_two_and_attacks() -> None:
    # At Range 4 a plain group closes 2 without attacking (000 L6672): the default play
    out = _ok(
        _req(rng=4),
        {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.fight.time": 3},
    )
    assert _g(out)["ranges"] == {"ava": 2}
    # moving 2 and attacking needs Mobile (ruling: Mobile lets a group move 2 and attack)
    bad = _turn(
        _req(rng=4),
        {"T1.g.action": {"action": "attack", "movement": 2, "direction": "toward", "target": "ava"}},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4},
    )
    assert [v["code"] for v in bad["violations"]] == ["MOVEMENT_TOO_FAR"]
    mobile = {**THUG, "qualities": [{"id": "mobile"}], "threat_level": 1}
    out = _ok(
        _req(rng=4, thug=mobile),
        {
            "T1.g.action": {"action": "attack", "movement": 2, "direction": "toward", "target": "ava"},
            "T1.ava.defense": {"defense": "defense"},
            "T1.ava.action": IDLE,
            "T1.ava.action.2": IDLE,
        },
        # Range 2: −1 (000 L5613): a 4 → 3 against Defense 3: a hit for 2
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 4, "T1.g.damage": 2, "T1.fight.time": 3},
    )
    assert _g(out)["ranges"] == {"ava": 2} and _ava(out)["life_bar"] == 38


def test_agility_dodge_and_elimination() -> None:
    # A Ranged group at Range 2 hits for 3; her dodge 1d10 + Agility 4 against 4 + 3 = 7: a 3 makes it (000 L6704).
    # The group is within Range 2 with 5 Thugs: one is taken out at the end of the turn for 1 Glory (000 L6706).
    ranged = {**THUG, "qualities": [{"id": "ranged"}]}
    out = _ok(
        _req(rng=2, thug=ranged),
        {"T1.ava.defense": {"defense": "defense"}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {
            "T1.ava.init": 2,
            "T1.ava.ctrl": 4,
            "T1.g.init": 4,
            "T1.g.attack": 6,
            "T1.g.damage": 3,
            "T1.ava.agility": 3,
            "T1.fight.time": 3,
        },
    )
    assert _ava(out)["life_bar"] == 40
    assert _g(out)["members"] == 4
    assert sum(g["points"] for g in out["glory"]) == 1


def test_next_turn_events_change_the_group() -> None:
    # Rout (000 L6771): one gone at the start; Defensive Advantage (000 L6775): Defense 2 × 2 = 4, so Ava's
    # Basic Move (0, +1 for Control to spare at 4 against level 1) needs a 3 and a 2 misses.
    out = _ok(
        _req(events=["rout", "defensive_advantage"]),
        {"T1.ava.action": ATTACK, "T1.ava.action.2": IDLE},
        {**FIRST, "T1.ava.attack": 2, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _g(out)["members"] == 4 and _g(out)["next_turn_events"] == []
    miss = next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava")
    assert miss["inputs"]["defense"] == 4 and "miss" in miss["text"]
    # Relentless Foes (000 L6776): the save 5 × 2 = 10 before the move's changes: Elbow → 10 − 4 = 6
    out = _ok(
        _req(events=["relentless_foes"]),
        {"T1.ava.action": {"action": "attack", "moves": ["elbow"], "target": "g"}, "T1.ava.action.2": IDLE},
        {**FIRST, "T1.ava.attack": 3, "T1.g.life_save": 6, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _g(out)["members"] == 5
    # Adrenaline Surge and Lucky Strike (000 L6774, L6777): a 1 + 2 = 3 hits Defense 3; damage 1d6 instead of 1d4
    out = _ok(
        _req(events=["adrenaline_surge", "lucky_strike"]),
        {"T1.ava.defense": {"defense": "defense"}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 1, "T1.g.damage": 6, "T1.fight.time": 3},
    )
    assert {r["key"]: r["die"] for r in out["rolls"]}["T1.g.damage"] == "1d6"
    assert _ava(out)["life_bar"] == 34
    # Endless Numbers (000 L6778): within Range 2, no extra action
    out = _ok(
        _req(events=["endless_numbers"]),
        {"T1.ava.action": IDLE},
        {**FIRST, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert any("Endless Numbers" in s["text"] for s in out["log"])


def _events_req(members: int = 5, threat: int = 1, fs: int = 20) -> dict[str, Any]:
    req = _req(members=members, thug={**THUG, "threat_level": threat}, fs=fs)
    req["options"]["thug_thrashing"] = {"events": True}
    return req


def test_thug_event_rolls() -> None:
    quiet = {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE}
    base = {**FIRST, "T1.g.attack": 1, "T1.fight.time": 3}
    # 1d4 + 5 Thugs + TL 1 (000 L6740): 2 → 8, even: no event; 3 → 9, Lucky Strike for next turn
    assert _g(_ok(_events_req(), quiet, {**base, "T1.g.event": 2}))["next_turn_events"] == []
    assert _g(_ok(_events_req(), quiet, {**base, "T1.g.event": 3}))["next_turn_events"] == ["lucky_strike"]
    # 1 + 5 + 1 = 7: Exhausting Combat at once, Ava at Range 1 loses a 1d4 roll of 3 FS (000 L6773)
    out = _ok(_events_req(), quiet, {**base, "T1.g.event": 1, "T1.g.exhaust": 3})
    assert _ava(out)["fighting_spirit"] == 17
    # with no FS left she takes a free attack instead: a 6 hits her Defense 3 for 2
    out = _ok(
        _events_req(fs=0),
        {**quiet, "T1.ava.defense.2": {"defense": "defense"}},
        {**base, "T1.g.event": 1, "T1.g.exhaust": 3, "T1.g.attack.2": 6, "T1.g.damage": 2},
    )
    assert _ava(out)["fighting_spirit"] == 0 and _ava(out)["life_bar"] == 38
    # 4 + 5 + 10 = 19: Blitz, a free attack with her Defense halved (3 // 2 = 1): a 1 hits for 4 (000 L6779)
    out = _ok(
        _events_req(threat=10),
        {**quiet, "T1.ava.defense.2": {"defense": "defense"}},
        {**base, "T1.g.event": 4, "T1.g.attack.2": 1, "T1.g.damage": 4},
    )
    assert _ava(out)["life_bar"] == 36
    # 2 + 10 + 9 = 21: Overrun, two more rolls (000 L6780): 1 → 20 (none) and 3 → 22 (none)
    out = _ok(
        _events_req(members=10, threat=9),
        quiet,
        {**base, "T1.g.event": 2, "T1.g.event.2": 1, "T1.g.event.3": 3},
    )
    assert [r["key"] for r in out["rolls"] if ".event" in r["key"]] == ["T1.g.event", "T1.g.event.2", "T1.g.event.3"]


def test_step_mode_names_the_dice_and_the_choices() -> None:
    out = _turn(_req(), {}, {})
    assert out["status"] == "decision_required"
    needed = {d["key"]: d["die"] for d in out["dice_needed"]}
    assert needed["T1.g.init"] == "1d4" and needed["T1.ava.init"] == "1d8"
    out = _turn(
        _req(ask_every_decision=True),
        {"T1.ava.fs_init_ctrl": {"init": 0, "ctrl": 0}},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4},
    )
    pending = out["decisions_needed"][0]
    assert pending["key"] == "T1.g.action" and pending["choices"]
    assert pending["default"] == {"action": "attack", "movement": 0, "target": "ava"}


def test_a_broken_build_is_refused() -> None:
    out = _turn(_req(thug={**THUG, "defense": 9}), {}, {})
    assert [v["code"] for v in out["violations"]] == ["THUG_GROUP_INVALID"]


def test_fewer_thugs_than_fighters_the_director_picks() -> None:
    # One Thug left and two Fighters in reach: the Director picks the one attacked (000 L6676)
    req = _req(members=1)
    bo = copy.deepcopy(req["fighters"][0])
    bo["id"] = "bo"
    req["fighters"].append(bo)
    req["fight"]["sides"] = {"ava": "heroes", "bo": "heroes"}
    req["fight"]["thugs"][0]["ranges"]["bo"] = 1
    quiet = {f"T1.{f}.action{n}": IDLE for f in ("ava", "bo") for n in ("", ".2")}
    rolls = {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.bo.init": 2, "T1.bo.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 1}
    out = _ok(req, {**quiet, "T1.g.target": {"target": "bo"}}, {**rolls, "T1.fight.time": 3})
    attacks = [s["text"] for s in out["log"] if s["label"] == "D.6"]
    assert len(attacks) == 1 and attacks[0].startswith("g attacks bo")
    pending = _turn({**req, "options": {**req["options"], "ask_every_decision": True}}, {}, {})
    assert pending["status"] == "decision_required"


def test_a_fighter_down_ends_the_fight_for_the_thugs() -> None:
    # 2 Life Bar left; the group first, a 6 hits her Defense 3 and its 1d4 rolls 3: she is defeated (000 L5924)
    req = _req()
    req["fighters"][0]["state"]["life_bar"] = 2
    out = _ok(
        req,
        {"T1.ava.defense": {"defense": "defense"}},
        {"T1.ava.init": 2, "T1.ava.ctrl": 4, "T1.g.init": 4, "T1.g.attack": 6, "T1.g.damage": 3},
    )
    assert out["status"] == "over" and out["winner"] == "g"
    assert _ava(out)["defeated"] and _ava(out)["life_bar"] == 0


def test_rout_of_the_last_thug_ends_the_fight_at_once() -> None:
    # 000 L6771: Rout takes the one Thug left away at the start of the turn: nobody is left to fight
    out = _ok(_req(members=1, events=["rout"]), {}, {})
    assert out["status"] == "over" and out["rolls"] == []
    assert _g(out)["members"] == 0 and out["winner"] == "ava"
    assert sum(g["points"] for g in out["glory"]) == 0  # a fled Thug is worth no Glory


def _with_super() -> dict[str, Any]:
    req = _req()
    sheet = copy.deepcopy(AVA)
    sheet["moves"].append(
        {
            "id": "storm",
            "name": "Storm",
            "kind": "super",
            "level": 5,
            "elements": [{"id": "increased_damage", "times": 4}, {"id": "increased_accuracy", "times": 1}],
        }
    )
    req["fighters"][0]["sheet"] = sheet
    return req


def test_super_energy_is_one_less_than_usual() -> None:
    # Ava's Basic Move hits (1 + 1 against 2) but his save of 3 holds on a 1: 1 for the attack; the group hits her
    # (1 for Life Bar lost, the group one opponent); 1 for the turn: 3 as usual, 2 against Thugs
    # (000 L6730, L5264–L5271)
    out = _ok(
        _with_super(),
        {"T1.ava.action": ATTACK, "T1.ava.action.2": IDLE, "T1.ava.defense": {"defense": "defense"}},
        {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 1, "T1.g.attack": 6, "T1.g.damage": 1, "T1.fight.time": 3},
    )
    assert _ava(out)["super_energy"] == 2
    # Using the Super Move spends its 10 and earns nothing this turn (000 L5273, L5281)
    req = _with_super()
    req["fighters"][0]["state"]["super_energy"] = 10
    out = _ok(
        req,
        {"T1.ava.action": {"action": "attack", "moves": ["storm"], "target": "g"}, "T1.ava.action.2": IDLE},
        {"T1.ava.init": 6, "T1.ava.ctrl": 6, "T1.g.init": 1, "T1.ava.attack": 1, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _ava(out)["super_energy"] == 0
    # its 1d12 is four sizes above 1d4 and Strength 2 more: 5 − 6 stops at 0, out with no roll (000 L6570, L6580)
    assert [s["inputs"]["life_save"] for s in out["log"] if "life_save" in s["inputs"]] == [0]
