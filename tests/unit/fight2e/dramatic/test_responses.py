"""Defensive Responses in a plain Dramatic turn (000 L7124–L7128), offered and carried out as in the main turn
(000 L5850–L5902), each worked by hand from the text.

Rei and Battle are test_options.py's at Range 1 with Dramatic Life Bars of 25; Rei (test_move_elements.py's sheet)
attacks first (Initiative 8 + 1 against 1 + 0) with Gale, an L1 Special Move: Accuracy 0 + his Accuracy Bonus 1 + 2
for a Special Move (000 L7211) = 3, for his one Action Point of the turn (000 L7209). Battle here has Defense 3 and
Riposte, an L2 Special Move with the Counter Element; with his +1 Defense Bonus and 3 FS (his PL) he blocks at
3 + 1 + 3 = 7 (000 L5716), or at Tactics 2 + 1 + 3 = 6 (000 L5866), and an attack die of 1 misses either.
Rei meets a Response with half his Defense 3: 1, no Defense Bonus (000 L5850)."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.dramatic.test_move_elements import REI_E
from tests.unit.fight2e.dramatic.test_options import BATTLE_D, INIT, _fighter, _glory, _ok, _refused, _state, _turn

BATTLE_R = copy.deepcopy(BATTLE_D)
BATTLE_R["combat_skills"]["defense"] = 3
BATTLE_R["moves"] += [
    {"id": "riposte", "name": "Riposte", "level": 2, "elements": [{"id": "counter"}]},
    {"id": "cut_in", "name": "Cut In", "level": 1, "elements": [{"id": "interrupt"}]},
    {"id": "snap", "name": "Snap", "level": 2, "elements": [{"id": "priority"}]},
]
SHEETS = (REI_E, BATTLE_R)
GALE = {"action": "attack", "moves": ["gale"], "target": "battle"}
BASIC = {"action": "attack", "moves": ["basic_move"], "target": "battle"}
BLOCK = {"defense": "defense", "fs": 3}
COUNTER = {"choice": "act", "response": "counter", "moves": ["riposte"]}


def _steps(out: dict[str, Any], label: str, actor: str) -> list[dict[str, Any]]:
    return [s for s in out["log"] if s["label"] == label and s["actor"] == actor]


PASS = {"choice": "pass"}
# no FS on the Initiative die (ruling C2), no re-roll
NO_FS = {f"T1.{f}.{p}": v for f in ("rei", "battle") for p, v in (("fs_init_ctrl", {"init": 0}), ("reroll", PASS))}


def _asked(decisions: dict[str, Any], rolls: dict[str, int], battle: dict | None = None) -> list[dict[str, Any]]:
    """The decisions a step-by-step caller is asked (ask_every_decision), with their choices."""
    body = {
        "options": {"subsystem": "dramatic", "ask_every_decision": True},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [_fighter("rei", REI_E, 25, 30, {}), _fighter("battle", BATTLE_R, 25, 30, battle or {})],
        "decisions": {**NO_FS, **decisions},
        "rolls": {**INIT, **rolls},
        "seed": 7,
    }
    return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")["decisions_needed"]


def _points(out: dict[str, Any], fid: str) -> list[int]:
    return [e["amount"] for e in out["events"] if e["kind"] == "action_points" and e["fighter"] == fid]


def test_a_counter_answers_a_special_move_for_an_action_point_in_place_of_his_action() -> None:
    # 000 L7126: against a Special Move every defensive option is open. Gale 1 + 3 = 4 misses Battle's block of 7;
    # his Counter Response (000 L5870) uses Riposte, a Special Move, so it costs an Action Point (000 L7128, L7209)
    # and gets +2 Accuracy: 0 + 2 = 2; a die of 2 makes 4 against Rei's halved Defense 1: a hit. Damage: a Special
    # Move's 1d6 a die size up (000 L7211) = 1d8, Strength 0 against Stamina 0, + Battle's Damage Bonus 1: 4 + 1 = 5
    out = _ok(
        _turn(
            {"T1.rei.action": GALE, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": COUNTER},
            {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
            sheets=SHEETS,
        )
    )
    said = _steps(out, "F.3", "battle")
    assert [s["ref"] for s in said] == ["000 L5850–L5864, L7128"]
    assert said[0]["inputs"] == {"response": "counter", "moves": ["riposte"]}
    assert _steps(out, "D.6", "battle")[0]["inputs"] == {"face": 2, "accuracy": 2, "defense_total": 1}
    assert _state(out, "rei")["life_bar"] == 20
    assert _points(out, "battle") == [1, -1]  # granted at Initiative (000 L7082), spent on Riposte
    battle = _state(out, "battle")["dramatic"]
    assert battle["action_points"] == 0
    assert battle["special_moves_used"] == ["riposte"]
    assert battle["no_point_next_turn"] is True  # Riposte defeated no one (000 L7213)
    assert _glory(out, "battle") == 2  # Riposte's level, its first hit (000 L5749)
    # the Response took the place of his action (000 L5856): nothing more of his this turn
    assert _steps(out, "C", "battle") == []


def test_a_special_move_used_before_responds_for_twice_its_level() -> None:
    # 000 L7213: Riposte used already this fight costs 2 × 2 = 4 points: 3 banked + 1 granted pays it
    out = _ok(
        _turn(
            {"T1.rei.action": GALE, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": COUNTER},
            {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
            battle={"action_points": 3, "special_moves_used": ["riposte"]},
            sheets=SHEETS,
        )
    )
    assert _points(out, "battle") == [1, -4]
    assert _state(out, "rei")["life_bar"] == 20
    # 2 banked + 1 granted = 3 is short of 4: the Response is refused, not played for free (000 L7128)
    short = _turn(
        {"T1.rei.action": GALE, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": COUNTER},
        {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
        battle={"action_points": 2, "special_moves_used": ["riposte"]},
        sheets=SHEETS,
    )
    assert _refused(short) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_jinking_declared_with_tactics_steps_out_of_reach() -> None:
    # At Range 2 Gale has 3 − 1 = 2 Accuracy (no Reach, 000 L2367–L2373); Battle declares Jinking with Tactics:
    # 2 + 1 + 3 FS = 6 (000 L5876); a die of 1 makes 3: a miss, and he steps 1 Range away, out of Gale's Range 0–2
    # reach, to Range 3. Jinking is no attack: no Action Point, and his action is still his
    out = _ok(
        _turn(
            {
                "T1.rei.action": GALE,
                "T1.battle.defense": {"defense": "tactics", "fs": 3, "response": "jinking"},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.attack": 1},
            at=2,
            sheets=SHEETS,
        )
    )
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 2, "defense_total": 6}
    assert [s["ref"] for s in _steps(out, "F.3", "battle")] == ["000 L5876–L5878, L2181"]
    assert out["fight"]["positioning"]["range"] == 3
    assert _points(out, "battle") == [1]
    assert len(_steps(out, "C", "battle")) == 1  # he takes his own action (none) after


def test_a_basic_move_opens_the_basic_response_only_among_the_strikes() -> None:
    # 000 L7126: against a Basic Move the Basic and Jinking Responses stay open. Rei's Basic Move 0 + 1 = 1 and a
    # die of 1 miss Battle's Tactics 6; his Basic Response (000 L5868) is a Basic Move: no point; 0 Accuracy and a
    # die of 2 against Rei's 1 hit; 1d4 + 1 Damage Bonus: 3 + 1 = 4
    out = _ok(
        _turn(
            {
                "T1.rei.action": BASIC,
                "T1.battle.defense": {"defense": "tactics", "fs": 3},
                "T1.battle.defensive_response": {"choice": "act", "response": "basic", "moves": ["basic_move"]},
            },
            {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 3},
            sheets=SHEETS,
        )
    )
    assert _steps(out, "D.6", "battle")[0]["inputs"] == {"face": 2, "accuracy": 0, "defense_total": 1}
    assert _state(out, "rei")["life_bar"] == 21
    assert _points(out, "battle") == [1]
    # a Counter needs a Special Move on the attack (000 L7126): after a block it is not open, and one sent anyway
    # is refused, not dropped
    block = _turn(
        {
            "T1.rei.action": BASIC,
            "T1.battle.defense": BLOCK,
            "T1.battle.action": {"action": "none"},
            "T1.battle.defensive_response": COUNTER,
        },
        {"T1.rei.attack": 1},
        sheets=SHEETS,
    )
    assert _refused(block) == ["RESPONSE_SKILL_MISMATCH"]


def test_the_attacker_meets_a_response_with_half_his_defense_only() -> None:
    # 000 L5850: against the Response Rei may not Evade (Gale is not Aerial)
    out = _turn(
        {
            "T1.rei.action": GALE,
            "T1.battle.defense": BLOCK,
            "T1.battle.defensive_response": COUNTER,
            "T1.rei.defense": {"defense": "evasion", "fs": 0},
        },
        {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
        sheets=SHEETS,
    )
    assert _refused(out) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_no_tactics_against_property_damage() -> None:
    # 000 L7197: Tactics cannot meet Property Damage, so no Response is open against it
    out = _turn(
        {
            "T1.rei.action": {"action": "attack", "option": "property_damage", "target": "battle"},
            "T1.battle.defense": {"defense": "tactics", "fs": 0},
        },
        {"T1.rei.attack": 1},
        rei={"action_points": 1},
        sheets=SHEETS,
    )
    assert _refused(out) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_tactics_responses_with_a_special_move_cost_its_action_point() -> None:
    # An Interrupt Response (000 L5874) after Tactics 2 + 1 + 3 FS = 6 beat Gale's 4: Cut In, L1, a point
    # (000 L7128) and 0 + 2 Accuracy; a die of 2 makes 4 against Rei's 1; 1d8 + 1: 4 + 1 = 5
    out = _ok(
        _turn(
            {
                "T1.rei.action": GALE,
                "T1.battle.defense": {"defense": "tactics", "fs": 3},
                "T1.battle.defensive_response": {"choice": "act", "response": "interrupt", "moves": ["cut_in"]},
            },
            {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
            sheets=SHEETS,
        )
    )
    assert _steps(out, "F.3", "battle")[0]["inputs"] == {"response": "interrupt", "moves": ["cut_in"]}
    assert _points(out, "battle") == [1, -1]
    assert _state(out, "rei")["life_bar"] == 20
    # Priority is declared with the Defense Total and stands on half Tactics: 2 // 2 + 1 + 3 = 5 (000 L5882);
    # declared, it is carried out when the caller says nothing more
    out = _ok(
        _turn(
            {"T1.rei.action": GALE, "T1.battle.defense": {"defense": "tactics", "fs": 3, "response": "priority"}},
            {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
            sheets=SHEETS,
        )
    )
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 3, "defense_total": 5}
    assert _steps(out, "F.3", "battle")[0]["inputs"] == {"response": "priority", "moves": ["snap"]}
    assert _points(out, "battle") == [1, -1]


def test_the_defender_is_asked_and_offered_what_he_can_pay_for() -> None:
    # Against Gale Tactics is offered with the Defense Total (000 L7126); no Ranged Response, Gale being no Ranged
    # Special Move (000 L5884)
    asked = _asked({"T1.rei.action": GALE}, {"T1.rei.attack": 1})
    defence = next(p for p in asked if p["key"] == "T1.battle.defense")
    values = [c["value"] for c in defence["choices"]]
    assert {"defense": "tactics", "fs": 3} in values
    assert {"defense": "tactics", "fs": 0, "response": "priority"} in values
    assert not any(v.get("response") == "ranged" for v in values)
    # after the block: pass by default, or the Counter with Riposte
    asked = _asked({"T1.rei.action": GALE, "T1.battle.defense": BLOCK}, {"T1.rei.attack": 1})
    response = next(p for p in asked if p["key"] == "T1.battle.defensive_response")
    assert response["default"] == {"choice": "pass"}
    assert [c["value"] for c in response["choices"]] == [{"choice": "pass"}, COUNTER]
    # with no point this turn (000 L7213) and none banked he cannot pay for Riposte: only pass
    asked = _asked(
        {"T1.rei.action": GALE, "T1.battle.defense": BLOCK}, {"T1.rei.attack": 1}, battle={"no_point_next_turn": True}
    )
    response = next(p for p in asked if p["key"] == "T1.battle.defensive_response")
    assert [c["value"] for c in response["choices"]] == [{"choice": "pass"}]


KEN_E = copy.deepcopy(REI_E)
KEN_E["id"], KEN_E["name"] = "ken", "Ken"


def test_hit_stun_not_paid_off_leaves_jinking_only() -> None:
    # Ruling (000 L5858, L7130): Rei's Basic Move (1 + a die of 3 = 4 against Battle's Defense 3 + 1 = 4) hits Battle
    # before he acts; Ken's Gale (Range 2 after the Knock Back: 3 − 1 = 2, a die of 1: 3) then misses his block of 7.
    # Battle has not paid to ignore the Hit Stun, so his Counter is refused; passing, he loses his action
    def three(more: dict[str, Any]) -> dict[str, Any]:
        body = {
            "options": {"subsystem": "dramatic"},
            "fight": {
                "turn": 1,
                "time_count": 99,
                "positioning": {"mode": "range", "range": 1},
                "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
            },
            "fighters": [
                _fighter("rei", REI_E, 25, 30, {}),
                _fighter("ken", KEN_E, 25, 30, {}),
                _fighter("battle", BATTLE_R, 25, 30, {}),
            ],
            "decisions": {
                "T1.rei.action": BASIC,
                "T1.ken.action": GALE,
                "T1.battle.defense.2": BLOCK,
                "T1.battle.ignore_hit_stun": {"choice": "pass"},
                **more,
            },
            "rolls": {
                "T1.rei.init": 8,
                "T1.ken.init": 5,
                "T1.battle.init": 1,
                "T1.rei.attack": 3,
                "T1.rei.damage": 1,
                "T1.ken.attack": 1,
            },
            "seed": 3,
        }
        return resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")

    assert _refused(three({"T1.battle.defensive_response": COUNTER})) == ["RESPONSE_AFTER_HIT_STUN"]
    out = _ok(three({}))
    assert _steps(out, "D.6", "ken")[0]["inputs"] == {"face": 1, "accuracy": 2, "defense_total": 7}
    assert _steps(out, "F.3", "battle") == []
    assert [s["ref"] for s in _steps(out, "B", "battle")] == ["000 L7130"]


def test_one_caught_in_an_area_answers_with_his_own_response() -> None:
    # Battle's Quake (L2, Area Effect, 000 L2831–L2835) at Rei catches Ken too: Accuracy 0 + 2 (000 L7211), a die of 1
    # makes 3 against Ken's Defense 3 + 3 FS = 6, a miss; Ken counters with Riposte as in the main turn, "Responses
    # settled as they come": 1 point (000 L7128). Rei's hit (3 + 2 against 3) has pushed the one Range to 2 (the
    # ruling in test_move_elements_hit.py), so Accuracy 0 + 1 (Accuracy Bonus) + 2 − 1 (Range 2, 000 L2367–L2373)
    # = 2, a die of 1 makes 3 against Battle's halved Defense 0 + 1 = 1 (000 L5850): a hit. 1d6 a size up (1d8),
    # two more for Strength 1 against Stamina −1 (000 L5924): 1d12, a 5: 25 → 20
    battle = copy.deepcopy(BATTLE_D)
    battle["moves"].append({"id": "quake", "name": "Quake", "level": 2, "elements": [{"id": "area_effect"}]})
    ken = copy.deepcopy(KEN_E)
    ken["moves"].append({"id": "riposte", "name": "Riposte", "level": 2, "elements": [{"id": "counter"}]})
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _fighter("rei", REI_E, 25, 30, {}),
            _fighter("ken", ken, 25, 30, {}),
            _fighter("battle", battle, 25, 30, {}),
        ],
        "decisions": {
            "T1.battle.action": {"action": "attack", "moves": ["quake"], "target": "rei"},
            "T1.ken.defense": BLOCK,
            "T1.ken.defensive_response": COUNTER,
        },
        "rolls": {
            "T1.battle.init": 9,
            "T1.rei.init": 1,
            "T1.ken.init": 2,
            "T1.battle.attack": 3,
            "T1.battle.damage": 4,
            "T1.battle.attack.2": 1,
            "T1.ken.attack": 1,
            "T1.ken.damage": 5,
        },
        "seed": 7,
    }
    out = _ok(resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json"))
    assert _steps(out, "D.6", "ken")[0]["inputs"] == {"face": 1, "accuracy": 2, "defense_total": 1}
    assert _state(out, "battle")["life_bar"] == 20
    assert _points(out, "ken") == [1, -1]
    assert _steps(out, "C", "ken") == []  # the Response was his action (000 L5856)


def _downed(more: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    rei = copy.deepcopy(REI_E)
    rei["moves"].append({"id": "chase", "name": "Chase", "level": 1, "elements": [{"id": "pursuit"}]})
    battle = copy.deepcopy(BATTLE_R)
    battle["moves"].append({"id": "rise", "name": "Rise", "level": 1, "elements": [{"id": "reversal"}]})
    down = {"life_bar": 25, "fighting_spirit": 30, "knocked_down": True}
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            {"id": "rei", "sheet": rei, "state": {"life_bar": 25, "fighting_spirit": 30}},
            {"id": "battle", "sheet": battle, "state": down},
        ],
        "decisions": {
            "T1.rei.action": {"action": "attack", "moves": ["chase"], "target": "battle"},
            "T1.battle.defense": {"defense": "tactics", "fs": 3},
            "T1.battle.defensive_response": {"choice": "act", "response": "reversal", "moves": ["rise"]},
            **more,
        },
        "rolls": {"T1.rei.init": 8, "T1.battle.init": 1, "T1.rei.attack": 1, **rolls},
        "seed": 7,
    }
    return _ok(resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json"))


def test_a_downed_fighter_reverses_a_pursuit_special_move() -> None:
    # 000 L5888, L5894: down, Battle is struck by Chase, an L1 Pursuit Special Move (1 + 3 = 4), and meets it with
    # Tactics 2 + 1 + 3 FS = 6: a miss; his Reversal Rise (a point, 000 L7128; 0 + 2 Accuracy) and a die of 2 make 4
    # against Rei's 1: 1d8 + 1 = 4 + 1 = 5, and he is up
    out = _downed({}, {"T1.battle.attack": 2, "T1.battle.damage": 4})
    assert _state(out, "rei")["life_bar"] == 20
    assert _state(out, "battle")["knocked_down"] is False
    assert _points(out, "battle") == [1, -1]
    # Rei puts 3 FS on his halved Defense: 1 + 3 = 4 against 1 + 2 = 3, the Reversal misses: two Initiative die
    # sizes less next turn (000 L5888)
    missed = _downed({"T1.rei.defense": {"defense": "defense", "fs": 3}}, {"T1.battle.attack": 1})
    assert _state(missed, "rei")["life_bar"] == 25
    assert _state(missed, "battle")["dramatic"]["initiative_steps"] == -2


def test_what_a_declared_response_adds_to_the_defense_total() -> None:
    # At Range 2 Gale has 3 − 1 = 2 (000 L2367–L2373) and a die of 1 makes 3. An Interrupt declared with Tactics
    # for an Invincible Interrupt move: 2 + 1 + 2 = 5 (000 L3587), a miss, answered with that move (Zap, a point,
    # 0 + 2 − 1 = 1 Accuracy, a die of 2 against Rei's 1); a plain Interrupt move is refused for it
    battle = copy.deepcopy(BATTLE_R)
    battle["moves"].append(
        {
            "id": "zap",
            "name": "Zap",
            "level": 2,
            "elements": [{"id": "interrupt"}, {"id": "interrupt.invincible_interrupt"}],
        }
    )
    battle["defensive_response_bonuses"] = [{"response": "jinking", "bonus": 1}]
    declared = {"defense": "tactics", "fs": 0, "response": "interrupt"}
    rolls = {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4}
    out = _ok(_turn({"T1.rei.action": GALE, "T1.battle.defense": declared}, rolls, at=2, sheets=(REI_E, battle)))
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 2, "defense_total": 5}
    assert _steps(out, "F.3", "battle")[0]["inputs"] == {"response": "interrupt", "moves": ["zap"]}
    assert _points(out, "battle") == [1, -1]
    cut_in = {"choice": "act", "response": "interrupt", "moves": ["cut_in"]}
    refused = _turn(
        {"T1.rei.action": GALE, "T1.battle.defense": declared, "T1.battle.defensive_response": cut_in},
        rolls,
        at=2,
        sheets=(REI_E, battle),
    )
    assert _refused(refused) == ["RESPONSE_NO_ELEMENT"]
    # his +1 on the Jinking Response (000 L669) goes on its Defense Total: 2 + 1 + 1 = 4
    jinking = {"defense": "tactics", "fs": 0, "response": "jinking"}
    out = _ok(
        _turn(
            {"T1.rei.action": GALE, "T1.battle.defense": jinking, "T1.battle.action": {"action": "none"}},
            {"T1.rei.attack": 1},
            at=2,
            sheets=(REI_E, battle),
        )
    )
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 2, "defense_total": 4}


MIRROR = {
    "id": "mirror",
    "name": "Mirror",
    "level": 2,
    "elements": [{"id": "interrupt"}, {"id": "reflection"}],
    "liabilities": [{"id": "utility"}],
}


def _zapper(ki: int) -> dict[str, Any]:
    rei = copy.deepcopy(REI_E)
    rei["combat_skills"]["ki"] = ki
    rei["moves"].append({"id": "zap", "name": "Zap", "level": 1, "elements": [{"id": "ranged"}]})
    return rei


def _reflect(rei_defense: str, battle: dict | None = None) -> dict[str, Any]:
    return _turn(
        {
            "T1.rei.action": {"action": "attack", "moves": ["zap"], "target": "battle"},
            "T1.battle.defense": {"defense": "tactics", "fs": 3},
            "T1.battle.defensive_response": {"choice": "act", "response": "interrupt", "moves": ["mirror"]},
            "T1.rei.defense": {"defense": rei_defense},
        },
        {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
        battle=battle,
        at=3,
        sheets=(_zapper(8), _with(MIRROR)),
    )


def test_an_interrupt_with_reflection_turns_the_projectile_back_for_its_own_price() -> None:
    # Rei's Zap, an L1 Ranged Special Move, from Range 3: 0 + 1 + 2 = 3, a die of 1: 4 against Battle's Tactics
    # 2 + 1 + 3 FS = 6, a miss (000 L5874). Battle's Interrupt with Mirror (Reflection, 000 L4091) sends Zap back:
    # he strikes with it as his own Special Move, in reach from where it flies (ruling, as in the main turn): Zap's
    # Accuracy 0 + Battle's Accuracy Bonus 0 + 2 for a Special Move (000 L7211) = 2, a die of 2: 4. Rei meets it with
    # Defense or Evasion, halved (000 L4091): Defense 3 // 2 = 1, a hit. Damage: a Ranged move's die is Ki's, not
    # Strength's (000 L3976): Rei's Ki 8 raises the 1d6 a step to 1d8 (000 L3980, ruling: the owner's priced die as
    # in the main turn), a Special Move's one size more in Dramatic Combat (000 L7211): 1d10, Rei's Stamina 0, +
    # Battle's Damage Bonus 1: 4 + 1 = 5, 25 to 20. Battle pays Mirror's Action Point (ruling: the move his Response
    # uses, 000 L7128, L7209); Zap stays Rei's, paid by Rei
    out = _ok(_reflect("defense"))
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 3, "defense_total": 6}
    assert _steps(out, "D.6", "battle")[0]["inputs"] == {"face": 2, "accuracy": 2, "defense_total": 1}
    assert next(r["die"] for r in out["rolls"] if r["key"] == "T1.battle.damage") == "1d10"
    assert _state(out, "rei")["life_bar"] == 20
    assert _points(out, "battle") == [1, -1] and _points(out, "rei") == [1, -1]
    dram = _state(out, "battle")["dramatic"]
    assert dram["special_moves_used"] == ["mirror"]
    assert dram["no_point_next_turn"] is True  # Zap defeated no one (000 L7213)
    assert out["unsupported"] == []
    # Evasion serves him too, halved: 0 // 2 = 0 (000 L4091); Tactics does not (no Response against it)
    assert _steps(_ok(_reflect("evasion")), "D.6", "battle")[0]["inputs"]["defense_total"] == 0
    assert _refused(_reflect("tactics")) == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    # Mirror used before this fight costs 2 x 2 = 4 points (000 L7213): 2 banked + 1 granted falls short
    assert _refused(_reflect("defense", {"action_points": 2, "special_moves_used": ["mirror"]})) == [
        "DRAMATIC_OPTION_NOT_ALLOWED"
    ]


def test_reflection_answers_only_a_ranged_special_move() -> None:
    # Gale is no Ranged Special Move: Mirror has nothing to turn back and, a Utility move, nothing to strike with
    # (000 L4091); the Response is refused, and nothing is named as left unresolved
    sent = {"choice": "act", "response": "interrupt", "moves": ["mirror"]}
    refused = _turn(
        {
            "T1.rei.action": GALE,
            "T1.battle.defense": {"defense": "tactics", "fs": 3},
            "T1.battle.defensive_response": sent,
        },
        {"T1.rei.attack": 1},
        sheets=(REI_E, _with(MIRROR)),
    )
    assert _refused(refused) == ["RESPONSE_TRIGGER_INVALID"]
    out = _ok(
        _turn(
            {
                "T1.rei.action": GALE,
                "T1.battle.defense": {"defense": "tactics", "fs": 3},
                "T1.battle.action": {"action": "none"},
            },
            {"T1.rei.attack": 1},
            sheets=(REI_E, _with(MIRROR)),
        )
    )
    assert out["unsupported"] == []


SHIELD = {
    "id": "shield",
    "name": "Shield",
    "level": 2,
    "elements": [{"id": "interrupt"}, {"id": "absorbs_attacks"}],
    "liabilities": [{"id": "utility"}],
}
LOG = {
    "id": "log",
    "name": "Log",
    "level": 2,
    "elements": [
        {"id": "interrupt"},
        {"id": "illusionary_doubles"},
        {"id": "illusionary_doubles.defensive_illusion", "options": {"movement_timing": "after"}},
    ],
    "liabilities": [{"id": "utility"}],
}


def _with(move: dict[str, Any]) -> dict[str, Any]:
    battle = copy.deepcopy(BATTLE_R)
    battle["moves"].append(move)
    return battle


def test_an_interrupt_with_absorbs_attacks_holds_the_ranged_special_move() -> None:
    # Rei's Zap, an L1 Ranged Special Move: 0 + 1 + 2 = 3, a die of 1: 4 against Battle's Tactics 2 + 1 + 3 FS = 6,
    # a miss (000 L5866). His Interrupt Response (000 L5874) is Shield, a Utility move with Absorbs Attacks: an L2
    # Special Move used in a Response costs its Action Point (000 L7128, L7209), strikes nothing (Utility), and holds
    # Zap for one use from the next turn (000 L2766-L2767); neither Life Bar moves
    rei = copy.deepcopy(REI_E)
    rei["moves"].append({"id": "zap", "name": "Zap", "level": 1, "elements": [{"id": "ranged"}]})
    zap = {"action": "attack", "moves": ["zap"], "target": "battle"}
    out = _ok(
        _turn(
            {
                "T1.rei.action": zap,
                "T1.battle.defense": {"defense": "tactics", "fs": 3},
                "T1.battle.defensive_response": {"choice": "act", "response": "interrupt", "moves": ["shield"]},
            },
            {"T1.rei.attack": 1},
            sheets=(rei, _with(SHIELD)),
        )
    )
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 3, "defense_total": 6}
    assert _steps(out, "F.3", "battle")[0]["inputs"] == {"response": "interrupt", "moves": ["shield"]}
    held = [e for e in _state(out, "battle")["ongoing_effects"] if e["id"] == "absorbed_attack"]
    assert [(e["move"], e["target"], e["since"]) for e in held] == [("zap", "rei", 1)]
    assert _points(out, "battle") == [1, -1]
    dram = _state(out, "battle")["dramatic"]
    assert dram["special_moves_used"] == ["shield"]
    # a Utility move makes no attack, so it keeps next turn's point, as a Utility action does (000 L7213)
    assert dram["no_point_next_turn"] is False
    assert _state(out, "rei")["life_bar"] == 25 and _state(out, "battle")["life_bar"] == 25
    assert out["unsupported"] == []
    # it absorbs only a Ranged attack (000 L2777-L2781): against Gale, a close Special Move, it is refused
    gale = _turn(
        {
            "T1.rei.action": GALE,
            "T1.battle.defense": {"defense": "tactics", "fs": 3},
            "T1.battle.defensive_response": {"choice": "act", "response": "interrupt", "moves": ["shield"]},
        },
        {"T1.rei.attack": 1},
        sheets=(REI_E, _with(SHIELD)),
    )
    assert _refused(gale) == ["RESPONSE_TRIGGER_INVALID"]


def test_an_offensive_absorbing_interrupt_strikes_as_well_for_one_action_point() -> None:
    # Shield without Utility is Offensive: it absorbs Zap as above and, Rei being in its reach at Range 1, strikes
    # as an Interrupt too (000 L5860): one Dramatic attack, its point paid once (000 L7128): 0 + 2 Accuracy, a die of
    # 2 makes 4 against Rei's halved Defense 1 (000 L5850): a hit for 1d8 (a Special Move's 1d6 a size up,
    # 000 L7211) + his Damage Bonus 1: 4 + 1 = 5
    rei = copy.deepcopy(REI_E)
    rei["moves"].append({"id": "zap", "name": "Zap", "level": 1, "elements": [{"id": "ranged"}]})
    shield = {k: v for k, v in SHIELD.items() if k != "liabilities"}
    out = _ok(
        _turn(
            {
                "T1.rei.action": {"action": "attack", "moves": ["zap"], "target": "battle"},
                "T1.battle.defense": {"defense": "tactics", "fs": 3},
                "T1.battle.defensive_response": {"choice": "act", "response": "interrupt", "moves": ["shield"]},
            },
            {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
            sheets=(rei, _with(shield)),
        )
    )
    held = [e for e in _state(out, "battle")["ongoing_effects"] if e["id"] == "absorbed_attack"]
    assert [(e["move"], e["target"]) for e in held] == [("zap", "rei")]
    assert _steps(out, "D.6", "battle")[0]["inputs"] == {"face": 2, "accuracy": 2, "defense_total": 1}
    assert _state(out, "rei")["life_bar"] == 20
    assert _points(out, "battle") == [1, -1]


WARD = {
    "id": "ward",
    "name": "Ward",
    "level": 2,
    "elements": [{"id": "counter"}, {"id": "healing", "options": {"heal": "full"}}],
}


def test_a_utility_counter_takes_effect_as_his_utility_action() -> None:
    # Ward, an L2 Special Move with the Counter Element (Passive, 000 L5870, L2399) and Healing (Utility): after
    # Battle's block of 7 beats Gale's 4 it answers in place of his action (000 L5856) with no attack (no roll of
    # his); as a Special Move its first use costs one Action Point (000 L7128, L7209); its heal of 4 comes at the end
    # of the turn, 20 + 4 = 24 (000 L3444), and its first use earns its level, 2 Glory (000 L6004)
    sent = {"choice": "act", "response": "counter", "moves": ["ward"]}
    out = _ok(
        _turn(
            {"T1.rei.action": GALE, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": sent},
            {"T1.rei.attack": 1, "T1.battle.healing": 4},
            battle_life=20,
            sheets=(REI_E, _with(WARD)),
        )
    )
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 3, "defense_total": 7}
    said = _steps(out, "F.3", "battle")
    assert said[0]["inputs"] == {"response": "counter", "moves": ["ward"]} and "in place of" in said[0]["text"]
    assert _steps(out, "D.6", "battle") == []
    assert _points(out, "battle") == [1, -1]
    assert _state(out, "battle")["life_bar"] == 24 and _state(out, "rei")["life_bar"] == 25
    assert _glory(out, "battle") == 2
    assert _state(out, "battle")["dramatic"]["special_moves_used"] == ["ward"]
    assert out["unsupported"] == []
    # used before this fight it costs 2 x 2 = 4 points (000 L7213): 2 banked + 1 granted falls short, refused
    short = _turn(
        {"T1.rei.action": GALE, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": sent},
        {"T1.rei.attack": 1, "T1.battle.healing": 4},
        battle={"action_points": 2, "special_moves_used": ["ward"]},
        sheets=(REI_E, _with(WARD)),
    )
    assert _refused(short) == ["DRAMATIC_OPTION_NOT_ALLOWED"]


def test_an_interrupt_with_a_defensive_illusion_slips_two_ranges() -> None:
    # Gale 1 + 3 = 4 misses Battle's Tactics 6; his Interrupt with Log, a Utility Defensive Illusion moving after the
    # attack, takes him 2 Ranges away (000 L3482-L3483): Range 1 to 3, for no FS beyond the 3 on his Defense Total,
    # and its Action Point as a Special Move (000 L7128)
    out = _ok(
        _turn(
            {
                "T1.rei.action": GALE,
                "T1.battle.defense": {"defense": "tactics", "fs": 3},
                "T1.battle.defensive_response": {"choice": "act", "response": "interrupt", "moves": ["log"]},
                "T1.battle.illusion_move": {"choice": "move", "direction": "away", "movement": 2},
            },
            {"T1.rei.attack": 1},
            sheets=(REI_E, _with(LOG)),
        )
    )
    assert out["fight"]["positioning"]["range"] == 3
    assert _state(out, "battle")["fighting_spirit"] == 30 - 3
    assert _points(out, "battle") == [1, -1]
    assert _state(out, "rei")["life_bar"] == 25


def test_no_response_while_stunned() -> None:
    # 000 L5980: Stunned, Battle has half his Defense and no Tactics: with Defense 10, 5 + 1 = 6 against Gale's
    # 1 + 3 = 4, a miss; his Counter is not open (it goes with Tactics, 000 L5870), so one sent is refused
    battle = copy.deepcopy(BATTLE_R)
    battle["combat_skills"]["defense"] = 10
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [
            _fighter("rei", REI_E, 25, 30, {}),
            {"id": "battle", "sheet": battle, "state": {"life_bar": 25, "fighting_spirit": 30, "stunned": {}}},
        ],
        "decisions": {"T1.rei.action": GALE, "T1.battle.defensive_response": COUNTER},
        "rolls": {**INIT, "T1.rei.attack": 1},
        "seed": 7,
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 3, "defense_total": 6}
    assert _refused(out) == ["DECISION_KEY_UNKNOWN"]


def test_a_ranged_response_stands_on_ki() -> None:
    # Rei's Zap, an L1 Ranged Special Move: 0 + 1 + 2 = 3, a die of 1: 4. Battle declares the Ranged Response: his
    # Ki 4 + 1 + 3 FS = 8 (000 L5884), a miss; Mystic Shot answers for a point (000 L7128), 0 + 2 and a die of 2
    # against Rei's 1: a hit; its die by Ki 4 is 1d6, a size up as a Special Move (000 L3979, L7211): 1d8 + 1 = 5
    rei = copy.deepcopy(REI_E)
    rei["moves"].append({"id": "zap", "name": "Zap", "level": 1, "elements": [{"id": "ranged"}]})
    zap = {"action": "attack", "moves": ["zap"], "target": "battle"}
    out = _ok(
        _turn(
            {"T1.rei.action": zap, "T1.battle.defense": {"defense": "tactics", "fs": 3, "response": "ranged"}},
            {"T1.rei.attack": 1, "T1.battle.attack": 2, "T1.battle.damage": 4},
            sheets=(rei, BATTLE_R),
        )
    )
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 3, "defense_total": 8}
    assert _steps(out, "F.3", "battle")[0]["inputs"] == {"response": "ranged", "moves": ["mystic_shot"]}
    assert _state(out, "rei")["life_bar"] == 20
    assert _points(out, "battle") == [1, -1]


# ── Unreliable on the responding move (000 L4872–L4874) ────────────────────────────────────────────────────────

WILD_RIPOSTE = {
    "id": "wild_riposte",
    "name": "Wild Riposte",
    "level": 2,
    "elements": [{"id": "counter"}],
    "liabilities": [{"id": "unreliable"}],
}
WILD_COUNTER = {"choice": "act", "response": "counter", "moves": ["wild_riposte"]}


def test_an_unreliable_counter_that_fails_lets_the_attack_hit() -> None:
    # Gale 1 + 3 = 4 misses Battle's block of 7; his Counter with Wild Riposte (Unreliable) rolls its 1d10 as the
    # Response is declared (000 L4872, ruling: after the miss is known): a 1, and the move does nothing while Gale
    # hits him after all (000 L4874). Gale's hit as any hit: a Special Move's 1d6 a size up (000 L7211) = 1d8,
    # two sizes more for Rei's Strength +1 against Battle's Stamina -1 (000 L5924) = 1d12, a 4: 25 - 4 = 21; its
    # Increased Knockback 2 Ranges (000 L3559): Range 1 -> 3; Rei's Glory for the hit: Gale's level, 1
    # (000 L5749). Riposte makes no attack roll; its Action Point is spent (000 L7209).
    out = _ok(
        _turn(
            {"T1.rei.action": GALE, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": WILD_COUNTER},
            {"T1.rei.attack": 1, "T1.battle.unreliable": 1, "T1.rei.damage": 4},
            sheets=(REI_E, _with(WILD_RIPOSTE)),
        )
    )
    assert _steps(out, "D.6", "rei")[0]["inputs"] == {"face": 1, "accuracy": 3, "defense_total": 7}
    assert _steps(out, "D.6", "battle") == []
    assert [s["ref"] for s in _steps(out, "F.3", "battle")][-1] == "000 L4874"
    assert _state(out, "battle")["life_bar"] == 21 and _state(out, "rei")["life_bar"] == 25
    assert out["fight"]["positioning"]["range"] == 3
    assert _glory(out, "rei") == 1
    assert _points(out, "battle") == [1, -1]
    # a 2 and the Counter is made: 0 + 2 = 2 and a die of 2 makes 4 against Rei's halved Defense 1, a hit: the same
    # 1d8 + Battle's Damage Bonus 1 as Riposte's, a 4: 25 - 5 = 20; Gale does not hit Battle
    works = _ok(
        _turn(
            {"T1.rei.action": GALE, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": WILD_COUNTER},
            {"T1.rei.attack": 1, "T1.battle.unreliable": 2, "T1.battle.attack": 2, "T1.battle.damage": 4},
            sheets=(REI_E, _with(WILD_RIPOSTE)),
        )
    )
    assert _state(works, "rei")["life_bar"] == 20 and _state(works, "battle")["life_bar"] == 25


# an Interrupt (no Passive keyword, 000 L5874) with Healing: a Utility move that cannot answer (000 L2399)
MEND = {
    "id": "mend",
    "name": "Mend",
    "level": 1,
    "elements": [{"id": "interrupt"}, {"id": "healing", "options": {"heal": "full"}}],
}


def test_a_utility_move_without_the_passive_keyword_is_neither_offered_nor_taken() -> None:
    # Gale 1 + 3 = 4 misses Battle's Tactics 2 + 1 + 3 = 6 (000 L5866): the Interrupt Response is open, with Cut In
    # (an Offensive L1 Interrupt) but not with Mend, a Utility move whose Interrupt has no Passive keyword
    # (000 L2399, L5868); sent anyway, Mend is refused
    tactics = {"defense": "tactics", "fs": 3}
    body = {
        "options": {"subsystem": "dramatic", "ask_every_decision": True},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 1}},
        "fighters": [_fighter("rei", REI_E, 25, 30, {}), _fighter("battle", _with(MEND), 25, 30, {})],
        "decisions": {**NO_FS, "T1.rei.action": GALE, "T1.battle.defense": tactics},
        "rolls": {**INIT, "T1.rei.attack": 1},
        "seed": 7,
    }
    asked = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")["decisions_needed"]
    response = next(p for p in asked if p["key"] == "T1.battle.defensive_response")
    values = [c["value"] for c in response["choices"]]
    assert {"choice": "act", "response": "interrupt", "moves": ["cut_in"]} in values
    assert not any("mend" in (v.get("moves") or []) for v in values)
    sent = {"choice": "act", "response": "interrupt", "moves": ["mend"]}
    refused = _turn(
        {"T1.rei.action": GALE, "T1.battle.defense": tactics, "T1.battle.defensive_response": sent},
        {"T1.rei.attack": 1},
        sheets=(REI_E, _with(MEND)),
    )
    assert _refused(refused) == ["RESPONSE_NO_ELEMENT"]


def test_an_unreliable_utility_counter_that_fails_heals_nothing_and_is_hit() -> None:
    # Wild Ward (Ward with Unreliable) answers the missed Gale as a Passive Counter (000 L2399, L5870); its 1d10 a
    # 1: no heal and no Glory (000 L4874), its Action Point spent (000 L7209), and Gale hits Battle after all:
    # 1d12 as above, a 4: 20 - 4 = 16; on a 2 it heals as Ward does, 20 + 4 = 24, and Gale does not hit
    wild_ward = {**WARD, "id": "wild_ward", "name": "Wild Ward", "liabilities": [{"id": "unreliable"}]}
    sent = {"choice": "act", "response": "counter", "moves": ["wild_ward"]}
    decisions = {"T1.rei.action": GALE, "T1.battle.defense": BLOCK, "T1.battle.defensive_response": sent}
    out = _ok(
        _turn(
            decisions,
            {"T1.rei.attack": 1, "T1.battle.unreliable": 1, "T1.rei.damage": 4, "T1.battle.healing": 4},
            battle_life=20,
            sheets=(REI_E, _with(wild_ward)),
        )
    )
    assert _state(out, "battle")["life_bar"] == 16 and _glory(out, "battle") == 0
    assert _points(out, "battle") == [1, -1]
    works = _ok(
        _turn(
            decisions,
            {"T1.rei.attack": 1, "T1.battle.unreliable": 2, "T1.battle.healing": 4},
            battle_life=20,
            sheets=(REI_E, _with(wild_ward)),
        )
    )
    assert _state(works, "battle")["life_bar"] == 24 and _glory(works, "battle") == 2


def test_one_caught_in_an_area_whose_unreliable_counter_fails_is_hit() -> None:
    # the area case above with Ken's Riposte Unreliable: Quake's 3 misses his block of 6; Wild Riposte's 1d10 is a
    # 1, so it does nothing and Quake hits Ken after all (000 L4874): 1d6 a size up (000 L7211), Battle's Strength 0
    # against Ken's Stamina 0: 1d8, a 3, + Battle's Damage Bonus 1 = 4: 25 -> 21. Ken makes no attack roll, and
    # Battle keeps his 25
    battle = copy.deepcopy(BATTLE_D)
    battle["moves"].append({"id": "quake", "name": "Quake", "level": 2, "elements": [{"id": "area_effect"}]})
    ken = copy.deepcopy(KEN_E)
    ken["moves"].append(WILD_RIPOSTE)
    body = {
        "options": {"subsystem": "dramatic"},
        "fight": {
            "turn": 1,
            "time_count": 99,
            "positioning": {"mode": "range", "range": 1},
            "sides": {"rei": "heroes", "ken": "heroes", "battle": "battle"},
        },
        "fighters": [
            _fighter("rei", REI_E, 25, 30, {}),
            _fighter("ken", ken, 25, 30, {}),
            _fighter("battle", battle, 25, 30, {}),
        ],
        "decisions": {
            "T1.battle.action": {"action": "attack", "moves": ["quake"], "target": "rei"},
            "T1.ken.defense": BLOCK,
            "T1.ken.defensive_response": WILD_COUNTER,
        },
        "rolls": {
            "T1.battle.init": 9,
            "T1.rei.init": 1,
            "T1.ken.init": 2,
            "T1.battle.attack": 3,
            "T1.battle.damage": 4,
            "T1.battle.attack.2": 1,
            "T1.ken.unreliable": 1,
            "T1.battle.damage.2": 3,
        },
        "seed": 7,
    }
    out = _ok(resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json"))
    assert _steps(out, "D.6", "ken") == []
    assert (_state(out, "ken")["life_bar"], _state(out, "battle")["life_bar"]) == (21, 25)
