"""A move's Elements in a Dramatic attack (000 L7080: the main system's procedure, save what the Dramatic text
changes), read from the same records as the main turn, each worked by hand from the text.

Rei and Battle are test_options.py's (at Range 1, Dramatic Life Bars of 25): Rei has Accuracy Bonus +1; Battle
defends with Evasion 2 + Defense Bonus 1 = 3. Rei's Special Moves below cost his one Action Point of the turn
(000 L7209) and get +2 Accuracy (000 L7211): Accuracy 0 + 1 + 2 = 3 before their own Elements. Rei acts first
(Initiative 8 + 1 against 1 + 0) unless a test says otherwise."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.dramatic.test_options import BATTLE_D, NONE, REI_D, _glory, _ok, _refused, _state, _turn

REI_E = copy.deepcopy(REI_D)
REI_E["moves"] += [
    {"id": "feint", "name": "Feint", "level": 1, "elements": [{"id": "hard_to_evade"}]},
    {"id": "gale", "name": "Gale", "level": 1, "elements": [{"id": "increased_knockback"}]},
    {"id": "sweep", "name": "Sweep", "level": 2, "elements": [{"id": "knocks_down"}]},
    {"id": "blaze", "name": "Blaze", "level": 1, "elements": [{"id": "increased_glory"}]},
    {"id": "leech", "name": "Leech", "level": 2, "elements": [{"id": "drain_life"}]},
    {"id": "siphon", "name": "Siphon", "level": 2, "elements": [{"id": "drain_life", "options": {"heal": "full"}}]},
    {"id": "surge", "name": "Surge", "level": 2, "elements": [{"id": "power_up", "options": {"version": "life_bar"}}]},
    {
        "id": "grab",
        "name": "Grab",
        "level": 1,
        "elements": [{"id": "increased_glory"}],
        "liabilities": [{"id": "specific_range", "options": {"range": 1}}],
    },
    {"id": "lift", "name": "Lift", "level": 1, "elements": [{"id": "juggle"}]},
    {
        "id": "tap",
        "name": "Tap",
        "level": 1,
        "elements": [{"id": "increased_glory"}],
        "liabilities": [{"id": "non_finisher"}],
    },
]
SHEETS = (REI_E, BATTLE_D)


def _at(move: str) -> dict[str, Any]:
    return {"action": "attack", "moves": [move], "target": "battle"}


def _hit_step(out: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei")["inputs"]


def _range(out: dict[str, Any]) -> int:
    return out["fight"]["positioning"]["range"]


def _gaps(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [u for u in out["unsupported"] if u["id"] == "dramatic_move_elements"]


def test_hard_to_evade_counts_against_an_evading_defender_only() -> None:
    # 000 L3418: +1 Accuracy against an Evading opponent: Feint against Evasion 3 is 3 + 1 = 4; against Defense, 3
    evading = _ok(
        _turn(
            {"T1.rei.action": _at("feint"), "T1.battle.defense": {"defense": "evasion", "fs": 0}},
            {"T1.rei.attack": 1, "T1.rei.damage": 1},
            sheets=SHEETS,
        )
    )
    assert _hit_step(evading)["accuracy"] == 4
    blocking = _ok(
        _turn(
            {"T1.rei.action": _at("feint"), "T1.battle.defense": {"defense": "defense", "fs": 0}},
            {"T1.rei.attack": 1, "T1.rei.damage": 1},
            sheets=SHEETS,
        )
    )
    assert _hit_step(blocking)["accuracy"] == 3


def test_increased_knockback_pushes_two_ranges() -> None:
    # 000 L3559: a hit knocks the defender back 2 Ranges: Range 1 → 3; a Basic Move's hit 1 Range: 1 → 2 (000 L5950)
    out = _ok(_turn({"T1.rei.action": _at("gale")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS))
    assert _range(out) == 3
    basic = _ok(_turn({"T1.rei.action": _at("basic_move")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS))
    assert _range(basic) == 2


def test_knocks_down_before_he_acts_costs_his_action_to_stand_and_an_initiative_size() -> None:
    # 000 L3629, L5958–L5966: Sweep hits (3 + a 3 = 6 against 3): Battle is knocked back (1 → 2) and Knocked Down,
    # with no Hit Stun to ignore; Rei steps 1 Range toward him (2 → 1); Battle's action is standing up, and his
    # next Initiative die is a size smaller
    out = _ok(
        _turn(
            {"T1.rei.action": _at("sweep"), "T1.rei.knockdown_move": {"choice": "toward"}},
            {"T1.rei.attack": 3, "T1.rei.damage": 1},
            sheets=SHEETS,
        )
    )
    battle = _state(out, "battle")
    assert battle["knocked_down"] is False  # he stood with his action
    assert battle["dramatic"]["initiative_steps"] == -1
    assert _range(out) == 1
    assert any(s["actor"] == "battle" and "standing up" in s["text"] for s in out["log"])
    assert not [d for d in out["decisions_needed"] if d["key"].endswith("ignore_hit_stun")]


def test_knocked_down_after_he_acted_he_stands_next_turn_with_no_initiative_penalty() -> None:
    # 000 L5964: Battle (Initiative 9 against Rei's 1 + 1) did nothing; Rei's Sweep then knocks him down: he is still
    # down at the turn's end and stands with next turn's action, his Initiative die unchanged
    out = _ok(
        _turn(
            {"T1.battle.action": NONE, "T1.rei.action": _at("sweep")},
            {"T1.rei.init": 1, "T1.battle.init": 9, "T1.rei.attack": 3, "T1.rei.damage": 1},
            sheets=SHEETS,
        )
    )
    battle = _state(out, "battle")
    assert battle["knocked_down"] is True
    assert battle["dramatic"]["initiative_steps"] == 0


def test_no_attack_on_a_fighter_who_is_down() -> None:
    # 000 L5968: Battle starts the turn Knocked Down; Rei, acting first, may not attack him
    assert _refused(_turn_down({"T1.rei.action": _at("basic_move")})) == ["TARGET_UNAVAILABLE"]


def _turn_down(decisions: dict[str, Any]) -> dict[str, Any]:
    from service.rules.fight2e.combat.contract.models import TurnRequest
    from service.rules.fight2e.combat.resolver import resolve_turn

    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            {"id": "rei", "sheet": REI_E, "state": {"life_bar": 25, "fighting_spirit": 30, "fs_start": 30}},
            {
                "id": "battle",
                "sheet": BATTLE_D,
                "state": {"life_bar": 25, "fighting_spirit": 30, "fs_start": 30, "knocked_down": True},
            },
        ],
        "decisions": decisions,
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")


def test_increased_glory_adds_two_to_the_moves_glory() -> None:
    # 000 L3548, L5749: Blaze, level 1 with one Increased Glory, earns 1 + 2 = 3 Glory on its first hit
    out = _ok(_turn({"T1.rei.action": _at("blaze")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS))
    assert _glory(out, "rei") == 3


def test_juggle_has_nothing_to_act_on_and_is_logged_as_such() -> None:
    # Juggle acts through a Combo's later moves (000 L3611–L3613), which Dramatic Combat has none of (000 L7108):
    # ruling, it does nothing and the log says so where Lift is used; Lift hits as a plain move (Range 1 → 2)
    out = _ok(_turn({"T1.rei.action": _at("lift")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS))
    assert _gaps(out) == []
    said = [s for s in out["log"] if s["actor"] == "rei" and "Juggle does nothing here" in s["text"]]
    assert [s["ref"] for s in said] == ["000 L7108"]
    assert _range(out) == 2
    plain = _ok(_turn({"T1.rei.action": _at("gale")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS))
    assert _gaps(plain) == []


# ── Rules on the attacker, read as the turns with Thugs read them ─────────────────────────────────────────────

REI_L = copy.deepcopy(REI_D)
REI_L["moves"] += [
    {
        "id": "wild",
        "name": "Wild Fist",
        "level": 1,
        "elements": [{"id": "hard_to_evade"}],
        "liabilities": [{"id": "unreliable"}],
    },
    {
        "id": "recoil",
        "name": "Recoil",
        "level": 1,
        "elements": [{"id": "hard_to_evade"}],
        "liabilities": [{"id": "self_damage"}],
    },
    {
        "id": "dive",
        "name": "Dive",
        "level": 1,
        "elements": [{"id": "hard_to_evade"}],
        "liabilities": [{"id": "self_prone"}],
    },
    {
        "id": "shell",
        "name": "Shell",
        "level": 2,
        "elements": [{"id": "hard_to_evade"}],
        "liabilities": [{"id": "limited_use"}],
    },
]
REI_L["moves"] += [
    {"id": "sneer", "name": "Sneer", "level": 1, "elements": [{"id": "taunt"}]},
    {
        "id": "cheapo",
        "name": "Cheapo",
        "level": 1,
        "elements": [{"id": "hard_to_evade"}],
        "liabilities": [{"id": "cheap"}],
    },
]
REI_L["moves"] += [
    {"id": "quick", "name": "Quick", "level": 1, "elements": [{"id": "fast_recovery"}]},
    {
        "id": "sluggish",
        "name": "Sluggish",
        "level": 1,
        "elements": [{"id": "increased_glory"}],
        "liabilities": [{"id": "slow_recovery"}],
    },
    {"id": "harrier", "name": "Harrier", "level": 1, "elements": [{"id": "harry"}]},
]
SHEETS_L = (REI_L, BATTLE_D)


def test_an_unreliable_move_that_rolls_a_one_does_nothing() -> None:
    # 000 L4872: 1d10 after declaring, a 1 and the move has no effect at all: no attack roll, Battle keeps his 25
    # Life Bar; the Action Point paid for it is spent (000 L7209), and a Special Move that defeated no one gives no
    # point next turn (000 L7213, ruling C11); on a 2 it attacks as usual: Accuracy 3 + 1 for Hard to Evade against
    # Battle's Evasion (000 L3418) = 4, a die of 3: 7 against 3, a hit
    idle = {"T1.battle.action": {"action": "none"}}  # not hit, Battle keeps his action
    out = _ok(_turn({"T1.rei.action": _at("wild"), **idle}, {"T1.rei.unreliable": 1}, sheets=SHEETS_L))
    assert not any(s["label"] == "D.6" and s["actor"] == "rei" for s in out["log"])
    assert _state(out, "battle")["life_bar"] == 25
    assert _state(out, "rei")["dramatic"]["action_points"] == 0
    assert _state(out, "rei")["dramatic"]["no_point_next_turn"] is True
    assert _gaps(out) == []
    works = _ok(
        _turn(
            {"T1.rei.action": _at("wild")},
            {"T1.rei.unreliable": 2, "T1.rei.attack": 3, "T1.rei.damage": 1},
            sheets=SHEETS_L,
        )
    )
    assert _hit_step(works)["accuracy"] == 4
    assert _state(works, "battle")["life_bar"] < 25


def test_self_damage_costs_his_power_level_hit_or_miss() -> None:
    # 000 L4799: regardless of whether it hits, the attacker loses his Power Level (3): 25 → 22; never below one:
    # from 2 Life Bar, 1
    out = _ok(_turn({"T1.rei.action": _at("recoil")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS_L))
    assert _state(out, "rei")["life_bar"] == 22
    low = _ok(
        _turn({"T1.rei.action": _at("recoil")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS_L, rei_life=2)
    )
    assert _state(low, "rei")["life_bar"] == 1
    assert _gaps(out) == []


def test_self_prone_leaves_the_attacker_knocked_down() -> None:
    # 000 L4815: after the move, hit or not, the attacker is Knocked Down
    out = _ok(_turn({"T1.rei.action": _at("dive")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS_L))
    assert _state(out, "rei")["knocked_down"] is True
    assert _gaps(out) == []


def test_a_limited_use_move_spends_a_charge() -> None:
    # 000 L4603, L4610: a pool of six charges; an L2 move uses 1: 5 left
    out = _ok(_turn({"T1.rei.action": _at("shell")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS_L))
    pools = [(e["move"], e["charges"]) for e in _state(out, "rei")["ongoing_effects"] if e["id"] == "limited_use"]
    assert pools == [("shell", 5)]
    assert _gaps(out) == []


def test_a_cheap_move_earns_no_glory_of_its_own() -> None:
    # 000 L4533: a Cheap move never earns Glory: its hit (3 + 1 + a 3 = 7 against 3) earns none, where a level-1
    # Special Move earns 1 (000 L5749: Wild Fist below)
    out = _ok(_turn({"T1.rei.action": _at("cheapo")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS_L))
    assert _glory(out, "rei") == 0
    plain = _ok(
        _turn(
            {"T1.rei.action": _at("wild")},
            {"T1.rei.unreliable": 2, "T1.rei.attack": 3, "T1.rei.damage": 1},
            sheets=SHEETS_L,
        )
    )
    assert _glory(plain, "rei") == 1
    assert _gaps(out) == []


def test_a_taunt_move_earns_the_basic_taunts_glory_too() -> None:
    # 000 L2141, L4279: 1d4 Glory against a target of lower Initiative (Battle's 1 against Rei's 9), once a combat,
    # besides the move's own: a 3, and its level 1 on the hit (000 L5749): 4
    out = _ok(
        _turn(
            {"T1.rei.action": _at("sneer")},
            {"T1.rei.taunt_glory": 3, "T1.rei.attack": 3, "T1.rei.damage": 1},
            sheets=SHEETS_L,
        )
    )
    assert _glory(out, "rei") == 4
    assert _gaps(out) == []


def _steps(out: dict[str, Any], fid: str) -> int:
    return _state(out, fid)["dramatic"]["initiative_steps"]


def test_fast_and_slow_recovery_and_harry_move_next_turns_initiative_die() -> None:
    # No Control is rolled in Dramatic Combat (000 L7084), so the die size they move is the Initiative die's:
    # Fast Recovery on a hit (3 + a 3 = 6 against 3): +1 (000 L3358); Slow Recovery on a miss (Battle adds 3 FS, his PL:
    # 3 + 3 = 6 against 3 + a 1 = 4): −1 (000 L4836); Harry on a hit: Battle's −1 (000 L3432)
    hit = {"T1.rei.attack": 3, "T1.rei.damage": 1}
    fast = _ok(_turn({"T1.rei.action": _at("quick")}, hit, sheets=SHEETS_L))
    assert _steps(fast, "rei") == 1
    miss = {"T1.battle.defense": {"defense": "evasion", "fs": 3}, "T1.battle.action": {"action": "none"}}
    slow = _ok(_turn({"T1.rei.action": _at("sluggish"), **miss}, {"T1.rei.attack": 1}, sheets=SHEETS_L))
    assert _steps(slow, "rei") == -1
    harried = _ok(_turn({"T1.rei.action": _at("harrier")}, hit, sheets=SHEETS_L))
    assert (_steps(harried, "battle"), _steps(harried, "rei")) == (-1, 0)
    assert _gaps(fast) == _gaps(slow) == _gaps(harried) == []


def test_drain_life_heals_the_attacker_at_the_end_of_the_turn() -> None:
    # 000 L3232–L3240: Leech hits (3 + a 3 = 6 against 3), its damage die shows 5 with no Damage Bonus: Battle loses
    # 5 (25 → 20); the 3-Element version heals half, rounded down: 2, at H.1 (Rei 10 → 12); the 4-Element one all 5
    hit = {"T1.rei.attack": 3, "T1.rei.damage": 5}
    half = _ok(_turn({"T1.rei.action": _at("leech")}, hit, sheets=SHEETS, rei_life=10))
    assert (_state(half, "battle")["life_bar"], _state(half, "rei")["life_bar"]) == (20, 12)
    full = _ok(_turn({"T1.rei.action": _at("siphon")}, hit, sheets=SHEETS, rei_life=10))
    assert (_state(full, "battle")["life_bar"], _state(full, "rei")["life_bar"]) == (20, 15)
    assert _gaps(half) == _gaps(full) == []


def test_a_non_finisher_leaves_him_at_one() -> None:
    # 000 L4735: the hit (5 damage against Battle's 3 Life Bar) cannot bring him below 1: he stays at 1, undefeated
    out = _ok(
        _turn(
            {"T1.rei.action": _at("tap")},
            {"T1.rei.attack": 3, "T1.rei.damage": 5},
            sheets=SHEETS,
            battle_life=3,
        )
    )
    assert (_state(out, "battle")["life_bar"], _state(out, "battle")["defeated"]) == (1, False)
    assert _gaps(out) == []


def test_power_up_spends_life_bar_for_damage() -> None:
    # 000 L3860: +1 damage for each Life Bar spent, up to his Power Level (3), decided before the roll: Rei spends 3
    # (25 → 22); the hit's die shows 5, no Damage Bonus: 5 + 3 = 8 (Battle 25 → 17); 4 is more than his PL: refused
    hit = {"T1.rei.attack": 3, "T1.rei.damage": 5}
    out = _ok(_turn({"T1.rei.action": _at("surge"), "T1.rei.power_up_bonus": {"amount": 3}}, hit, sheets=SHEETS))
    assert (_state(out, "rei")["life_bar"], _state(out, "battle")["life_bar"]) == (22, 17)
    assert _gaps(out) == []
    over = _turn({"T1.rei.action": _at("surge"), "T1.rei.power_up_bonus": {"amount": 4}}, hit, sheets=SHEETS)
    assert _refused(over) == ["POWER_UP_INVALID"]


def test_a_specific_range_move_reaches_its_one_range_only() -> None:
    # 000 L4858: Grab connects at Range 1 only: at Range 1 it hits (3 + a 3 = 6 against 3), at Range 2 it is refused
    at_one = _ok(_turn({"T1.rei.action": _at("grab")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS))
    assert _state(at_one, "battle")["life_bar"] == 24
    assert _gaps(at_one) == []
    at_two = _turn({"T1.rei.action": _at("grab")}, {"T1.rei.attack": 3, "T1.rei.damage": 1}, sheets=SHEETS, at=2)
    assert _refused(at_two) == ["TARGET_OUT_OF_RANGE"]
