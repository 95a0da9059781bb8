"""A Fighter's melee weapon or gun against Thugs (000 L6796–L6800, L6848), worked by hand. Ava (the steps file's
Fighter): Strength 2, no Accuracy Bonus; the Thugs' Life Save 5. A Basic Move's die is 1d4 (000 L2092)."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.thug_thrashing.support import FIRST, IDLE, THUG, _g, _ok, _req, _turn

TOUGH = {**THUG, "defense": 3}
MELEE = {"action": "attack", "moves": ["basic_move"], "target": "g", "weapon": "melee"}
GUN = {**MELEE, "weapon": "gun"}
QUIET = {"T1.ava.defense": {"defense": "defense"}}


def _saves(out: dict[str, Any]) -> list[int]:
    return [s["inputs"]["life_save"] for s in out["log"] if "life_save" in s["inputs"]]


def _glory(out: dict[str, Any]) -> list[tuple[int, str]]:
    return [(g["points"], g["reason"]) for g in out["glory"]]


def test_a_melee_weapon_gives_accuracy_a_die_size_and_glory_for_every_hit() -> None:
    # 0 + 1 for the weapon + 1 for Control 4 above level 1 = 2: a 1 makes 3 against Defense 3 (000 L6796). Its die
    # 1d6 is one size above 1d4: Life Save 5 − Strength 2 − 1 = 2 (000 L6798, L6570); a 3 takes him out.
    # Her extra action (Control 2, still 1 to spare) hits the same way, and each hit is worth 1 Glory (000 L6798).
    out = _ok(
        _req(thug=TOUGH),
        {"T1.ava.action": MELEE, "T1.ava.action.2": MELEE, **QUIET},
        {**FIRST, "T1.ava.attack": 1, "T1.ava.attack.2": 1, "T1.g.life_save": 3, "T1.g.life_save.2": 4}
        | {"T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _saves(out) == [2, 2] and _g(out)["members"] == 3
    assert _glory(out) == [(1, "a hit with a weapon on Thugs")] * 2
    # bare-handed the same 1 makes 2 and misses
    out = _ok(
        _req(thug=TOUGH),
        {"T1.ava.action": {**MELEE, "weapon": None}, "T1.ava.action.2": IDLE, **QUIET},
        {**FIRST, "T1.ava.attack": 1, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _g(out)["members"] == 5 and _glory(out) == []


def test_a_gun_reaches_range_four_and_drops_the_save_two_sizes() -> None:
    # At Range 4 (Ranged, 000 L6848): 0 + 1 + 1 = 2, a 1 makes 3 against Defense 3. Its 1d8 is two sizes above
    # 1d4: 5 − 2 − 2 = 1 (000 L6570); a 2 takes him out; 1 Glory.
    out = _ok(
        _req(rng=4, thug=TOUGH),
        {"T1.ava.action": GUN, "T1.ava.action.2": IDLE},
        {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 2, "T1.fight.time": 3},
    )
    assert _saves(out) == [1] and _g(out)["members"] == 4
    assert _glory(out) == [(1, "a hit with a weapon on Thugs")]
    # a melee weapon does not reach there
    bad = _turn(_req(rng=4, thug=TOUGH), {"T1.ava.action": MELEE}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["TARGET_OUT_OF_RANGE"]


def test_a_gun_has_no_penalty_at_range_two() -> None:
    # Range 2: a Basic Move's −1 (000 L5613) is not a Ranged attack's: 0 + 1 + 1 = 2, a 1 hits Defense 3; a 2
    # beats Life Save 1
    out = _ok(
        _req(rng=2, thug=TOUGH),
        {"T1.ava.action": GUN, "T1.ava.action.2": IDLE, **QUIET},
        {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 2, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _g(out)["members"] == 4


def test_a_weapon_combo_earns_only_the_combo_glory() -> None:
    # Two Basic Moves with the weapon: 0 + 1 + 1 (Control 4 above 2) = 2, a 1 hits Defense 3; the Combo's
    # ⌈2/2⌉ = 1 Glory and no more for the weapon (000 L6798). Reduce: 5 − 1 = 4; a 5 keeps him.
    out = _ok(
        _req(thug=TOUGH),
        {"T1.ava.action": {**MELEE, "moves": ["basic_move", "basic_move"]}, "T1.ava.action.2": IDLE, **QUIET},
        {**FIRST, "T1.ava.attack": 1, "T1.g.life_save": 5, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert _saves(out) == [4] and _glory(out) == [(1, "2-hit Combo on Thugs")]


def test_a_weapon_attacks_with_basic_moves_only() -> None:
    bad = _turn(_req(), {"T1.ava.action": {**MELEE, "moves": ["elbow"]}}, dict(FIRST))
    assert [v["code"] for v in bad["violations"]] == ["DECISION_INVALID"]


def test_weapon_expert_adds_three_to_one_melee_roll_a_turn() -> None:
    # Defense 5. With a melee weapon: 0 + 1 (weapon) + 1 (Control to spare) = 2; Weapon Expert's +3 on one roll a
    # turn (000 L1381): her first attack, a 1, makes 6 and hits; her second, a 1, makes 3 and misses.
    req = _req(thug={**THUG, "defense": 5})
    req["fighters"][0]["sheet"] = {**req["fighters"][0]["sheet"], "qualities": [{"id": "weapon_expert"}]}
    rolls = {**FIRST, "T1.ava.attack": 1, "T1.ava.attack.2": 1, "T1.g.life_save": 6, "T1.g.attack": 1}
    out = _ok(req, {"T1.ava.action": MELEE, "T1.ava.action.2": MELEE, **QUIET}, rolls | {"T1.fight.time": 3})
    attacks = [s["inputs"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava"]
    assert [(a["face"] + a["accuracy"], a["weapon_expert"]) for a in attacks] == [(6, 3), (3, 0)]
    # bare-handed, no bonus (it is for melee weapons): a 1 + 1 = 2 misses
    out = _ok(
        req,
        {"T1.ava.action": {**MELEE, "weapon": None}, "T1.ava.action.2": IDLE, **QUIET},
        {**FIRST, "T1.ava.attack": 1, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    assert [s["inputs"]["weapon_expert"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "ava"] == [0]
