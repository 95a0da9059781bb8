"""The book's Example of Dramatic Combat replayed turn by turn: Rei Oshiro against Dr. Battle (000 L7327–L7445).

Both are PL 3: a Dramatic Life Bar of 50 // 2 = 25 (000 L7367), 30 FS. Rei has Speed 1 and Control Bonus +1
(1d8+1, 000 L7339), Accuracy Bonus +1 (000 L7357), Defense 3 (000 L7431), Property Damage 2 (000 L7357) and
Strength +1 against Battle's Stamina −1 (1d4 → 1d8, 000 L7359). Battle has Speed 2 (1d10, 000 L7341), Evasion 2
with a +1 Defense Bonus (000 L7355), a +1 Damage Bonus and the L3 Mystic Shot (1d6+1, 000 L7433). Battle's
Athletics (3) and the faces behind each total are ours; every total is the book's.
"""

from __future__ import annotations

import copy
from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from tests.unit.fight2e.combat.fixtures import BATTLE, REI

REI_D = copy.deepcopy(REI)
REI_D["narrative_skills"] = [{"id": "property_damage", "level": 2}]
BATTLE_D = copy.deepcopy(BATTLE)
BATTLE_D["combat_skills"]["ki"] = 4  # Ki 4–7: a Ranged move's 1d6 unchanged (000 L3979)
BATTLE_D["narrative_skills"] = [{"id": "athletics", "level": 3}]
BATTLE_D["moves"].append({"id": "mystic_shot", "name": "Mystic Shot", "level": 3, "elements": [{"id": "ranged"}]})


def _start() -> dict[str, Any]:
    return {
        "options": {"subsystem": "dramatic"},
        "fight": {"turn": 1, "time_count": 99, "positioning": {"mode": "range", "range": 3}},
        "fighters": [
            {"id": "rei", "sheet": REI_D, "state": {"life_bar": 25, "fighting_spirit": 30, "fs_start": 30}},
            {"id": "battle", "sheet": BATTLE_D, "state": {"life_bar": 25, "fighting_spirit": 30, "fs_start": 30}},
        ],
    }


def _play(req: dict[str, Any], decisions: dict[str, Any], rolls: dict[str, int]) -> dict[str, Any]:
    body = {**req, "decisions": decisions, "rolls": rolls}
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert out["status"] == "resolved", (out["violations"], out["decisions_needed"], out["dice_needed"])
    assert out["unsupported"] == []  # every option and action is resolved in a Dramatic turn
    return out


def _next(req: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    return {**req, "fight": out["fight"], "fighters": out["fighters"]}


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _glory(out: dict[str, Any], fid: str) -> int:
    return sum(g["points"] for g in out["glory"] if g["fighter"] == fid)


def _turn1() -> tuple[dict[str, Any], dict[str, Any]]:
    req = _start()
    out = _play(
        req,
        {
            # 000 L7347: back to Range 4, then Property Damage; 000 L7357: 3 FS
            "T1.rei.action": {
                "option": "property_damage",
                "target": "battle",
                "movement": 1,
                "direction": "away",
                "fs": 3,
            },
            "T1.battle.defense": {"defense": "evasion", "fs": 2},  # 000 L7355
        },
        # 000 L7341–L7343: Battle 7 on 1d10, Rei 8 on 1d8+1; 000 L7357: a 3; 000 L7361: six; 000 L7371: Time 4
        {"T1.rei.init": 7, "T1.battle.init": 7, "T1.rei.attack": 3, "T1.rei.damage": 6, "T1.fight.time": 4},
    )
    return req, out


def test_turn_1_property_damage() -> None:
    _, out = _turn1()
    rei, battle = _state(out, "rei"), _state(out, "battle")
    # 000 L7363: 25 − 6 = 19; 000 L7367: already at Range 4, so no further
    assert battle["life_bar"] == 19
    assert out["fight"]["positioning"]["range"] == 4
    # 000 L7345, L7367: Rei 0 + 1 − 1 (Property Damage) + 1 (the hit) = 1; Battle keeps his 1 (000 L7371)
    assert rei["dramatic"]["action_points"] == 1
    assert battle["dramatic"]["action_points"] == 1
    # 000 L7371: no Glory; Super Energy Rei 1, Battle 2; Time 99 − 4 = 95
    assert _glory(out, "rei") == _glory(out, "battle") == 0
    assert (rei["super_energy"], battle["super_energy"]) == (1, 2)
    assert out["fight"]["time_count"] == 95
    # Battle spent 2 FS (000 L7355); Rei spent 3 and the fight's first hit gave back PL 3 (000 L5489)
    assert (rei["fighting_spirit"], battle["fighting_spirit"]) == (30, 28)
    texts = " ".join(s["text"] for s in out["log"])
    assert "battle loses their action to Hit Stun" in texts  # 000 L7371


def _turn2() -> tuple[dict[str, Any], dict[str, Any]]:
    req1, out1 = _turn1()
    req = _next(req1, out1)
    out = _play(
        req,
        {
            # 000 L7379: one Range in, then Athletics for the rest of the way
            "T2.battle.action": {
                "option": "athletics",
                "athletics": "extra_range",
                "movement": 1,
                "direction": "toward",
            },
            # 000 L7381–L7385: a plain Basic Move with 2 FS; Battle's Evasion with 3 FS
            "T2.rei.action": {"action": "attack", "moves": ["basic_move"], "target": "battle", "fs": 2},
            "T2.battle.defense": {"defense": "evasion", "fs": 3},
        },
        # 000 L7377–L7379: Rei 5 (a 3, +1 Control Bonus, +1 as last turn's leader who hit, ruling C3), Battle 8;
        # Athletics 5 + 3 = "8 total"; Rei's die shows 1 (000 L7385); Time 5 (000 L7387)
        {"T2.rei.init": 3, "T2.battle.init": 8, "T2.battle.athletics": 5, "T2.rei.attack": 1, "T2.fight.time": 5},
    )
    return req, out


def test_turn_2_athletics_and_a_miss() -> None:
    _, out = _turn2()
    rei, battle = _state(out, "rei"), _state(out, "battle")
    # 000 L7379: Range 4 → 3 by moving, 8 // 4 = 2 more → Range 1; 000 L7387: still Range 1
    assert out["fight"]["positioning"]["range"] == 1
    # 000 L7383–L7385: 1 + 1 (Accuracy Bonus) + 2 FS = 4 against Evasion 2 + 1 + 3 = 6: a miss
    attack = next(s for s in out["log"] if s["label"] == "D.6")
    assert (attack["inputs"]["face"], attack["inputs"]["accuracy"], attack["inputs"]["defense_total"]) == (1, 3, 6)
    assert battle["life_bar"] == 19
    # 000 L7387–L7391: no Glory; +1 Super Energy each; Time 90; Action Points Rei 2, Battle 1
    assert _glory(out, "rei") == _glory(out, "battle") == 0
    assert (rei["super_energy"], battle["super_energy"]) == (2, 3)
    assert out["fight"]["time_count"] == 90
    assert (rei["dramatic"]["action_points"], battle["dramatic"]["action_points"]) == (2, 1)


def _turn3() -> tuple[dict[str, Any], dict[str, Any]]:
    req2, out2 = _turn2()
    req = _next(req2, out2)
    out = _play(
        req,
        {},
        # 000 L7393–L7395: 9 and 9 at Range 1; 000 L7405–L7407: Flourish 4 against 7, 6 damage; Time 4 (000 L7415)
        {
            "T3.rei.init": 8,
            "T3.battle.init": 9,
            "T3.rei.flourish": 4,
            "T3.battle.flourish": 7,
            "T3.battle.flourish_damage": 6,
            "T3.fight.time": 4,
        },
    )
    return req, out


def test_turn_3_tied_initiative_is_a_flourish() -> None:
    _, out = _turn3()
    rei, battle = _state(out, "rei"), _state(out, "battle")
    # 000 L7413: Rei 25 − 6 = 19; 000 L7415: knocked back to Range 2; no Glory; Rei +2 SE, Battle +1; Time 86
    assert rei["life_bar"] == 19
    assert out["fight"]["positioning"]["range"] == 2
    assert _glory(out, "rei") == _glory(out, "battle") == 0
    assert (rei["super_energy"], battle["super_energy"]) == (4, 4)
    assert out["fight"]["time_count"] == 86
    # 000 L7389–L7391, L7423: the Flourish was free: Rei 3, Battle 2
    assert (rei["dramatic"]["action_points"], battle["dramatic"]["action_points"]) == (3, 2)


def _turn4() -> tuple[dict[str, Any], dict[str, Any]]:
    req3, out3 = _turn3()
    req = _next(req3, out3)
    out = _play(
        req,
        {
            # 000 L7423–L7433: Mystic Shot with 3 FS; Rei's Defense with 3 FS; 000 L7443: Rei heals with 3 points
            "T4.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei", "fs": 3},
            "T4.rei.defense": {"defense": "defense", "fs": 3},
            "T4.rei.heal": {"points": 3},
        },
        # 000 L7417–L7419: Rei 5 (a 4 + 1), Battle 7; a 1 still hits (000 L7433); 1d8 shows 5, +1 = 6; Time 5
        {"T4.rei.init": 4, "T4.battle.init": 7, "T4.battle.attack": 1, "T4.battle.damage": 5, "T4.fight.time": 5},
    )
    return req, out


def test_turn_4_special_move_and_healing() -> None:
    _, out = _turn4()
    rei, battle = _state(out, "rei"), _state(out, "battle")
    attack = next(s for s in out["log"] if s["label"] == "D.6")
    # 000 L7429–L7433: +2 (Special Move) + 3 FS = +5 against Defense 3 + 3 FS = 6: a 1 hits
    assert (attack["inputs"]["accuracy"], attack["inputs"]["defense_total"]) == (5, 6)
    # 000 L7433: 1d6+1 → 1d8+1: 5 + 1 = 6; 000 L7435: 19 → 13, Range 3; 000 L7443: +9 → 22
    assert rei["life_bar"] == 22
    assert out["fight"]["positioning"]["range"] == 3
    # 000 L7423: Battle 3 − 1 = 2; Rei 4 − 3 = 1 (000 L7443)
    assert (rei["dramatic"]["action_points"], battle["dramatic"]["action_points"]) == (1, 2)
    # 000 L7427–L7429: no defeat, so no point for Battle next turn
    assert battle["dramatic"]["no_point_next_turn"] is True
    assert rei["dramatic"]["no_point_next_turn"] is False
    # 000 L7445: Battle 3 Glory; +2 Super Energy each; Time 81
    assert _glory(out, "battle") == 3
    assert _glory(out, "rei") == 0
    assert (rei["super_energy"], battle["super_energy"]) == (6, 6)
    assert out["fight"]["time_count"] == 81
    texts = " ".join(s["text"] for s in out["log"])
    assert "rei loses their action to Hit Stun" in texts  # 000 L7435


def test_turn_5_starts_with_two_points_each() -> None:
    # digest §6.3: Rei 1 + 1 = 2; Battle 2 + 0 = 2 (no point after the Special Move that defeated no one)
    req4, out4 = _turn4()
    req = _next(req4, out4)
    out = resolve_turn(TurnRequest.model_validate({**req, "seed": 5})).model_dump(mode="json")
    grants = [s["text"] for s in out["log"] if s["label"] == "A.1"]
    assert any(t.startswith("rei gets 1 Action Point") and t.endswith("2 banked.") for t in grants), grants
    assert any(t.startswith("battle gets no Action Point") and t.endswith("2 banked.") for t in grants), grants


# ── The protocol: pending decisions, refusals, unsupported options ─────────────────────────────────────


def test_option_enum_matches_the_catalogue() -> None:
    from service.rules.fight2e.combat.contract.models import DramaticOption
    from service.rules.fight2e.dramatic.catalogue import option_ids

    assert [o.value for o in DramaticOption] == list(option_ids())


def test_pending_action_lists_its_legal_choices() -> None:
    # Turn 1 with dice but no decision: Rei (Initiative 8) is asked for his action, with Property Damage offered
    # (any Range, 000 L7197) and no Basic Move at Range 3 (Standard Range 0–2)
    body = {**_start(), "rolls": {"T1.rei.init": 7, "T1.battle.init": 7}}
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert out["status"] == "decision_required"
    pending = out["decisions_needed"][0]
    assert pending["key"] == "T1.rei.action"
    values = [c["value"] for c in pending["choices"]]
    assert {"action": "attack", "option": "property_damage", "target": "battle"} in values
    assert not any(v.get("moves") == ["basic_move"] for v in values)
    assert {"option": "athletics", "athletics": "extra_range"} in values


def test_step_mode_asks_for_the_defence() -> None:
    # ask_every_decision: Battle's defence against the Property Damage is asked with every Defense/FS pairing
    req = _start()
    req["options"] = {"subsystem": "dramatic", "ask_every_decision": True}
    body = {
        **req,
        "decisions": {
            "T1.rei.action": {"option": "property_damage", "target": "battle", "fs": 3},
            "T1.rei.reroll": {"choice": "pass"},
            "T1.battle.reroll": {"choice": "pass"},
            **{f"T1.{f}.fs_init_ctrl": {"init": 0} for f in ("rei", "battle")},  # no FS on Initiative (ruling C2)
        },
        "rolls": {"T1.rei.init": 7, "T1.battle.init": 7},
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    keys = [p["key"] for p in out["decisions_needed"]]
    assert "T1.battle.defense" in keys
    pending = next(p for p in out["decisions_needed"] if p["key"] == "T1.battle.defense")
    assert {"defense": "evasion", "fs": 2} in [c["value"] for c in pending["choices"]]


def test_healing_over_the_power_level_is_refused() -> None:
    # 000 L7255: PL 3 may spend at most 3 points at once
    req4, _ = _turn4()
    body = {
        **req4,
        "decisions": {
            "T4.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei", "fs": 3},
            "T4.rei.defense": {"defense": "defense", "fs": 3},
            "T4.rei.heal": {"points": 4},
        },
        "rolls": {"T4.rei.init": 4, "T4.battle.init": 7, "T4.battle.attack": 1, "T4.battle.damage": 5},
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["AP_OVER_PL_LIMIT"]


def test_special_move_reuse_needs_six_points() -> None:
    # 000 L7213: Mystic Shot (L3) again costs 2 × 3 = 6; Battle has 2 after turn 4 (+0 at turn 5) → refused
    req4, out4 = _turn4()
    req = _next(req4, out4)
    body = {
        **req,
        "decisions": {"T5.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei"}},
        "rolls": {"T5.rei.init": 1, "T5.battle.init": 9},
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["AP_INSUFFICIENT"]
    assert "needs 6" in out["violations"][0]["message"]


def test_a_team_up_with_no_ally_is_refused_naming_the_rule() -> None:
    # 000 L7219: two combatants team up; one-on-one there is no partner to join him
    body = {
        **_start(),
        "decisions": {"T1.rei.action": {"option": "team_up", "target": "battle"}},
        "rolls": {"T1.rei.init": 7, "T1.battle.init": 1},
        "seed": 1,
    }
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert out["status"] == "invalid"
    assert [v["code"] for v in out["violations"]] == ["DRAMATIC_OPTION_NOT_ALLOWED"]
    assert "no ally" in out["violations"][0]["message"]


def test_same_request_same_answer() -> None:
    body = {**_start(), "seed": 42}
    a = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    b = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert a == b
