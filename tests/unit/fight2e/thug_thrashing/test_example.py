"""The book's Example of Thug Thrashing replayed turn by turn: Grace Tanaka against the bar gang (000 L6852–L7064).

Grace is PL 1 (000 L6864): 30 Life Bar and 10 FS, Stun Threshold 5. Her Initiative die is 1d8, raised to 1d10 by
1 FS (000 L6872), her Control 1d6; Defense 2 and Evasion 2 (000 L7012), Thug Thrashing 2 (000 L6912). Her moves:
Spinning Sweep (L3, Accuracy +0, 1d6+1, Knocks Down, 000 L6886–L6890), Rapid Spear Hand (L3, Accuracy +1, 1d6+1,
Increased Glory, 000 L6984–L6994, L7040), Leaping Elbow Strike (L3, Accuracy +0, 1d8, 000 L7054–L7056); Basic
Moves do 1d4 (000 L6922). Strength 0 is ours (the text's Life Saves fit it).

The gang: six Thugs with Initiative 1d4, Accuracy +0, Damage 1d4, Defense 3, Life Save 2 (000 L6874, L6884,
L6894, L6944–L6950). The leader alone: Initiative 1d6, Accuracy +2, Defense 5, Life Save 4 (000 L6874, L7010,
L7052, L7058). Both start at Range 3 (000 L6880). Their Damage for the leader (1d6: he rolls a 6, 000 L6962) and
both Threat Levels (2: 11 and 22 Thug Points, so the ÷5 of 000 L7062) are ours, and so are the d4 faces behind
the Thug Event totals the text states. Options: the book's Example charges no Fighting Spirit for Defense with
Evasion (000 L7012, L7054), and gives Grace no +1 Initiative in turn 2 for leading and hitting in turn 1
(000 L6970), so both switches are off here.
"""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnRequest
from service.rules.fight2e.combat.resolver import resolve_turn
from service.rules.fight2e.thugs.end_of_combat import end_thug_combat
from service.rules.fight2e.thugs.models import ThugCombatEndRequest

GRACE: dict[str, Any] = {
    "id": "grace",
    "name": "Grace Tanaka",
    "power_level": 1,
    "basic_qualities": {"strength": 0, "speed": 1, "stamina": 0},
    "speed_allocation": {"initiative": 1, "control": 0},
    "combat_skills": {"defense": 2, "evasion": 2, "tactics": 0, "combo": 2},
    "narrative_skills": [{"id": "thug_thrashing", "level": 2}],
    "moves": [
        {"id": "spinning_sweep", "name": "Spinning Sweep", "level": 3, "elements": [{"id": "knocks_down"}]},
        {
            "id": "rapid_spear_hand",
            "name": "Rapid Spear Hand",
            "level": 3,
            "elements": [{"id": "increased_accuracy"}, {"id": "increased_glory"}],
        },
        {
            "id": "leaping_elbow_strike",
            "name": "Leaping Elbow Strike",
            "level": 3,
            "elements": [{"id": "increased_damage", "times": 2}],
        },
    ],
}
GANG = {"initiative": "1d4", "accuracy": 0, "damage": "1d4", "defense": 3, "life_save": 2, "threat_level": 2}
LEADER = {"initiative": "1d6", "accuracy": 2, "damage": "1d6", "defense": 5, "life_save": 4, "threat_level": 2}


def _start() -> dict[str, Any]:
    return {
        "options": {
            "subsystem": "thug_thrashing",
            "leader_bonus": False,
            "thug_thrashing": {"combined_defense_fee": False},
        },
        "fight": {
            "turn": 1,
            "time_count": 99,
            "thugs": [
                {"id": "gang", "thug": GANG, "members": 6, "ranges": {"grace": 3}},
                {"id": "leader", "thug": LEADER, "members": 1, "ranges": {"grace": 3}},
            ],
        },
        "fighters": [{"id": "grace", "sheet": GRACE, "state": {"life_bar": 30, "fighting_spirit": 10, "fs_start": 10}}],
    }


def _play(req: dict[str, Any], decisions: dict[str, Any], rolls: dict[str, int], status: str = "resolved") -> dict:
    body = {**req, "decisions": decisions, "rolls": rolls}
    out = resolve_turn(TurnRequest.model_validate(body)).model_dump(mode="json")
    assert out["status"] == status, (out["violations"], out["decisions_needed"], out["dice_needed"])
    assert not [w for w in out["warnings"] if w["code"] != "SHEET_NOT_VALID"], out["warnings"]
    return out


def _next(req: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    return {**req, "fight": out["fight"], "fighters": out["fighters"]}


def _grace(out: dict[str, Any]) -> dict[str, Any]:
    return out["fighters"][0]["state"]


def _group(out: dict[str, Any], gid: str) -> dict[str, Any]:
    return next(g for g in out["fight"]["thugs"] if g["id"] == gid)


def _saves(out: dict[str, Any]) -> list[tuple[int, int | None]]:
    """Each Life Save of the turn: the save rolled against and the die."""
    return [(s["inputs"]["life_save"], s["inputs"]["face"]) for s in out["log"] if "life_save" in s["inputs"]]


def _glory(out: dict[str, Any]) -> int:
    return sum(g["points"] for g in out["glory"] if g["fighter"] == "grace")


TURN1_DECISIONS: dict[str, Any] = {
    "T1.grace.fs_init_ctrl": {"init": 1, "ctrl": 0},  # 000 L6872: 1 FS, 1d10
    # 000 L6884: one Range in, Spinning Sweep; 000 L6918: a Jumping Basic closing 2 for 1 FS;
    # 000 L6938: another Basic Move
    "T1.grace.action": {
        "action": "attack",
        "moves": ["spinning_sweep"],
        "target": "gang",
        "movement": 1,
        "direction": "toward",
    },
    "T1.grace.action.2": {
        "action": "attack",
        "moves": ["basic_move"],
        "target": "gang",
        "movement": 2,
        "direction": "toward",
    },
    "T1.grace.action.3": {"action": "attack", "moves": ["basic_move"], "target": "gang"},
    # 000 L6946: the leader closes two Ranges and does not attack
    "T1.leader.action": {"action": "move", "movement": 2, "direction": "toward", "target": "grace"},
    "T1.grace.defense": {"defense": "evasion", "fs": 1},  # 000 L6948
}
TURN1_ROLLS: dict[str, int] = {
    # 000 L6876–L6878: Grace 8 and Control 3, the gang 2, the leader 5
    "T1.grace.init": 8,
    "T1.grace.ctrl": 3,
    "T1.gang.init": 2,
    "T1.leader.init": 5,
    # 000 L6890, L6900: a 4 hits, the save fails on 3; 000 L6922–L6926: 3 hits, save 3;
    # 000 L6940–L6942: 3 hits, save 4
    "T1.grace.attack": 4,
    "T1.gang.life_save": 3,
    "T1.grace.attack.2": 3,
    "T1.gang.life_save.2": 3,
    "T1.grace.attack.3": 3,
    "T1.gang.life_save.3": 4,
    # 000 L6950: the gang's 4 hits, 4 damage
    "T1.gang.attack": 4,
    "T1.gang.damage": 4,
    # 000 L6962: Time 4; events 8 (3 + 3 Thugs + TL 2) and 7 (4 + 1 + 2); the leader's damage roll 6
    "T1.fight.time": 4,
    "T1.gang.event": 3,
    "T1.leader.event": 4,
    "T1.leader.exhaust": 6,
}


def turn1_request() -> dict[str, Any]:
    """The first turn with the text's decisions and dice (the published OpenAPI example)."""
    return {**_start(), "decisions": TURN1_DECISIONS, "rolls": TURN1_ROLLS}


def _turn1() -> tuple[dict[str, Any], dict[str, Any]]:
    req = _start()
    out = _play(req, TURN1_DECISIONS, TURN1_ROLLS)
    return req, out


def test_turn_1_three_actions_and_exhausting_combat() -> None:
    _, out = _turn1()
    grace = _grace(out)
    # 000 L6950: 30 − 4 = 26; FS 10 − 1 (Initiative) + 1 (first hit, PL 1) − 1 (jump) − 1 (Evasion) − 6 = 2 (000 L6964)
    assert grace["life_bar"] == 26
    assert grace["fighting_spirit"] == 2
    # 000 L6896: 2 − 1 (1d6 is a size above 1d4); 000 L6924: the full 2 for a Basic Move's 1d4
    assert _saves(out) == [(1, 3), (2, 3), (2, 4)]
    # 000 L6898–L6942: three down, three left; the Knock Down push (Range 3) then the jump to Range 1
    assert _group(out, "gang")["members"] == 3
    assert _group(out, "gang")["ranges"] == {"grace": 1}
    # 000 L6946: the leader closed to Range 1
    assert _group(out, "leader")["ranges"] == {"grace": 1}
    assert _group(out, "leader")["members"] == 1
    # 000 L6958: 3 Glory for the Special Move; Basic Moves earn none
    assert _glory(out) == 3
    assert out["fight"]["time_count"] == 95
    assert _group(out, "gang")["next_turn_events"] == [] and _group(out, "leader")["next_turn_events"] == []
    texts = " ".join(s["text"] for s in out["log"])
    assert "Range 2 → 3" in texts  # 000 L6910: pushed back by the falling Thug
    assert "Exhausting Combat" in texts


def _turn2() -> tuple[dict[str, Any], dict[str, Any]]:
    req1, out1 = _turn1()
    req = _next(req1, out1)
    out = _play(
        req,
        {
            "T2.grace.defense": {"defense": "evasion", "fs": 0},  # 000 L6976: Evasion alone, DT 2
            # 000 L6984: Rapid Spear Hand; 000 L7000, L7006: two 2-hit Basic Combos
            "T2.grace.action": {"action": "attack", "moves": ["rapid_spear_hand"], "target": "gang"},
            "T2.grace.action.2": {"action": "attack", "moves": ["basic_move", "basic_move"], "target": "gang"},
            "T2.grace.action.3": {"action": "attack", "moves": ["basic_move", "basic_move"], "target": "gang"},
            "T2.grace.defense.2": {"defense": "defense_evasion", "fs": 1},  # 000 L7012: 3 + 1 FS = 4
        },
        {
            # 000 L6970–L6972: Grace 3 and Control 4, the gang 4, the leader 1
            "T2.grace.init": 3,
            "T2.grace.ctrl": 4,
            "T2.gang.init": 4,
            "T2.leader.init": 1,
            "T2.gang.attack": 3,  # 000 L6978: a 3 against DT 2
            "T2.gang.damage": 4,  # another 4
            # 000 L6986–L6994: +2 Accuracy hits on any face; save 5 fails
            "T2.grace.attack": 1,
            "T2.gang.life_save": 5,
            "T2.grace.attack.2": 4,  # 000 L7000–L7004
            "T2.gang.life_save.2": 4,
            "T2.grace.attack.3": 5,  # 000 L7006–L7008
            "T2.gang.life_save.3": 5,
            "T2.leader.attack": 1,  # 000 L7014: a 1, +2 = 3 against 4
            "T2.fight.time": 4,  # 000 L7028
            "T2.leader.event": 2,  # 000 L7016: 5 (2 + 1 + TL 2): Plenty of Room
        },
    )
    return req, out


def test_turn_2_gang_defeated_and_plenty_of_room() -> None:
    _, out = _turn2()
    grace = _grace(out)
    assert grace["life_bar"] == 22  # 000 L6980
    assert grace["fighting_spirit"] == 1  # 000 L7012: one of her last 2 FS
    assert _group(out, "gang")["members"] == 0  # 000 L7008
    # 000 L6994: 2 − 1 for the 1d6; 000 L7002: a 2-hit Combo takes 1 off, its 1d4s count for nothing
    assert _saves(out) == [(1, 5), (1, 4), (1, 5)]
    assert _group(out, "leader")["next_turn_events"] == ["plenty_of_room"]  # 000 L7016–L7018
    # 000 L7024–L7026: 3 + 2 (Increased Glory) + 1 + 1 = 7 this turn, 10 in all
    assert _glory(out) == 7
    assert grace["glory_this_round"] == 10
    assert out["fight"]["time_count"] == 91  # 99 − 4 − 4 (ruling: the plain sum of the Time rolls)
    assert out["status"] == "resolved"


def test_turn_3_leader_falls_and_glory_is_divided() -> None:
    req2, out2 = _turn2()
    req = _next(req2, out2)
    out = _play(
        req,
        {
            # 000 L7054: Leaping Elbow Strike with her last FS on Accuracy
            "T3.grace.action": {"action": "attack", "moves": ["leaping_elbow_strike"], "target": "leader", "fs": 1},
        },
        # 000 L7040–L7046: the leader 7 on 1d8 (Plenty of Room), Grace 8, Control 3; 000 L7056: a 4 hits Defense 5;
        # 000 L7058: his save of 4 − 2 (1d8 is two sizes above 1d4) fails on 5
        {"T3.leader.init": 7, "T3.grace.init": 8, "T3.grace.ctrl": 3, "T3.grace.attack": 4, "T3.leader.life_save": 5},
        status="over",
    )
    grace = _grace(out)
    assert _group(out, "leader")["members"] == 0
    assert _saves(out) == [(2, 5)]  # 000 L7058: 4 − 2
    assert grace["fighting_spirit"] == 0
    assert grace["glory_this_round"] == 13  # 000 L7062
    assert out["winner"] == "grace"
    dice = {r["key"]: r["die"] for r in out["rolls"]}
    assert dice["T3.leader.init"] == "1d8"  # 000 L7042: one die size up
    end = end_thug_combat(
        ThugCombatEndRequest.model_validate(
            {"groups": [{"thug": GANG}, {"thug": LEADER}], "fighters": [{"id": "grace", "raw_glory": 13}]}
        )
    )
    assert end.fighters[0].glory == 3  # 000 L7064: 13 / 5, rounded up
