"""Summon in a plain Dramatic turn (000 L4183–L4213; 000 L7080: the main system's procedure where Dramatic Combat
says nothing else), worked by hand.

Rei and Battle as in test_options.py: Rei acts first (Initiative 9 against 1), Accuracy Bonus 1, Strength +1;
Battle Stamina −1, 25 Dramatic Life Bar, and his default defence is Evasion 2 + Defense Bonus 1 = 3. A Basic Move:
Accuracy +0, 1d4, Standard Range 0–2, −1 at Range 2 (000 L2082–L2090, L2367–L2373), +1 at Range 0 (000 L5613); Rei's
Strength +1 and Battle's Stamina −1 take it two die sizes up, to 1d8 (000 L2092), as for his Ally (its summoner's
Strength, 000 L4201). With no map his Ally stands ``charges`` Ranges ahead of him (000 L4191)."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.dramatic.test_options import BATTLE_D, REI_D, _ok, _refused, _state, _turn

CALL = {
    "id": "call",
    "name": "Call",
    "level": 4,
    "elements": [{"id": "summon", "options": {"ally_elements": ["knocks_down"]}}],
}
REI_S = copy.deepcopy(REI_D)
REI_S["moves"] = [*REI_S["moves"], CALL]
SHEETS = (REI_S, BATTLE_D)
BASIC = {"action": "attack", "moves": ["basic_move"], "target": "battle"}
NONE = {"action": "none"}


def _with_ally(ahead: int = 1) -> list[dict[str, Any]]:
    return [{"id": "summon", "move": "call", "time_left": 4, "since": 0, "target": "battle", "charges": ahead}]


def _run(decisions: dict[str, Any], rolls: dict[str, int], at: int, ally: list[dict[str, Any]] | None) -> dict:
    return _turn(decisions, rolls, at=at, sheets=SHEETS, rei_ongoing=ally)


def _summons(out: dict[str, Any]) -> list[tuple[str, int | None, int | None]]:
    return [(e["id"], e.get("charges"), e.get("time_left")) for e in _state(out, "rei")["ongoing_effects"]]


def test_the_summon_move_calls_its_ally_and_nothing_is_named() -> None:
    # The Ally appears 1 Range in front of him toward Battle, for a 5-count (000 L4191, L4209); the Time Roll of 3
    # leaves 2 of it. Nothing is named unsupported.
    out = _ok(
        _run(
            {"T1.rei.action": {"action": "utility", "moves": ["call"], "target": "battle"}, "T1.battle.action": NONE},
            {"T1.fight.time": 3},
            2,
            None,
        )
    )
    assert _summons(out) == [("summon", 1, 2)]
    assert not out["unsupported"]


def test_the_ally_strikes_with_his_basic_move_against_the_same_defence() -> None:
    # Rei at Range 2: 2 + 0 + 1 − 1 = 2 misses Battle's Evasion 3. His Ally, 1 Range ahead at Range 1: 2 + 0 + 1 = 3
    # hits the same Defense Total (the same Skill, 000 L4201); its 1d8 shows 5: Battle 25 → 20. Hit before acting,
    # Battle loses his action (000 L7130): no decision for it.
    out = _ok(
        _run(
            {"T1.rei.action": BASIC},
            {"T1.rei.attack": 2, "T1.rei.attack.2": 2, "T1.rei.damage": 5, "T1.fight.time": 3},
            2,
            _with_ally(),
        )
    )
    assert _state(out, "battle")["life_bar"] == 20
    d6 = [s["text"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei"]
    assert len(d6) == 2 and "miss" in d6[0] and "hit" in d6[1]


def test_a_basic_move_out_of_his_reach_still_sends_the_ally() -> None:
    # At Range 4 his Basic Move reaches nothing, but he may launch it for his Ally, 3 Ranges ahead at Range 1
    # (000 L4205): 2 + 0 + 1 = 3 hits Evasion 3; 1d8 shows 4: 25 → 21. Without an Ally it is refused.
    out = _ok(
        _run(
            {"T1.rei.action": BASIC},
            {"T1.rei.attack": 2, "T1.rei.damage": 4, "T1.fight.time": 3},
            4,
            _with_ally(3),
        )
    )
    assert _state(out, "battle")["life_bar"] == 21
    alone = _run({"T1.rei.action": BASIC}, {"T1.rei.attack": 2}, 4, None)
    assert _refused(alone) == ["TARGET_OUT_OF_RANGE"]


def test_the_ally_follows_him_two_ranges_for_one() -> None:
    # He moves 1 Range toward Battle (Range 3 → 2): the Ally moves 2, so it is 2 ahead (000 L4193).
    out = _ok(
        _run(
            {"T1.rei.action": {"action": "move", "movement": 1, "direction": "toward"}, "T1.battle.action": NONE},
            {"T1.fight.time": 3},
            3,
            _with_ally(),
        )
    )
    assert _summons(out) == [("summon", 2, 1)]


def test_a_hit_on_him_ends_the_ally() -> None:
    # Battle hits him (6 + his Accuracy against Rei's defence): the Ally goes and its 5-count of rest begins
    # (000 L4209, E.6).
    out = _ok(
        _run(
            {"T1.rei.action": NONE, "T1.battle.action": {"action": "attack", "moves": ["basic_move"], "target": "rei"}},
            {"T1.battle.attack": 6, "T1.battle.damage": 1, "T1.fight.time": 3},
            1,
            _with_ally(),
        )
    )
    ids = [e[0] for e in _summons(out)]
    assert "summon" not in ids and "summon_rest" in ids


REI_T = copy.deepcopy(REI_S)
REI_T["combat_skills"]["tactics"] = 3
BATTLE_T = copy.deepcopy(BATTLE_D)
BATTLE_T["combat_skills"]["defense"] = 5
BATTLE_AT_REI = {"action": "attack", "moves": ["basic_move"], "target": "rei"}
BASIC_RESPONSE = {"choice": "act", "response": "basic", "moves": ["basic_move"]}


def _answered(ally: list[dict[str, Any]] | None) -> dict[str, Any]:
    """Range 2. Rei (Tactics 3 here) does nothing; Battle's Basic Move: die 1 + 0 − 1 at Range 2 = 0 misses Rei's
    Tactics 3 + 0 FS = 3. Rei's Basic Response (000 L5868, open against a Basic Move, 000 L7126): die 1 + 0 + 1 − 1
    = 1 misses Battle's Defense Total against a Response: his Defense halved, 5 // 2 = 2, + his Defense Bonus 1 = 3
    (000 L5850, L10803)."""
    decisions = {
        "T1.rei.action": NONE,
        "T1.battle.action": BATTLE_AT_REI,
        "T1.rei.defense": {"defense": "tactics", "fs": 0},
        "T1.rei.defensive_response": BASIC_RESPONSE,
    }
    rolls = {"T1.battle.attack": 1, "T1.rei.attack": 1, "T1.rei.attack.2": 2, "T1.rei.damage": 5, "T1.fight.time": 3}
    return _turn(decisions, rolls, at=2, sheets=(REI_T, BATTLE_T), rei_ongoing=ally)


def test_his_basic_response_brings_his_allys_basic_move() -> None:
    # 000 L4203: the Ally also makes the Basic Defensive Response. 1 Range ahead it stands at Range 1: die 2 + 0 + 1
    # = 3 against the same Defense Total 3 (the same Skill, 000 L4201) hits (equal hits, 000 L5741); its 1d8 shows
    # 5: Battle 25 → 20. Its Knock Back takes Battle 1 Range away from Rei (000 L5950).
    out = _ok(_answered(_with_ally()))
    assert _state(out, "battle")["life_bar"] == 20
    d6 = [s for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei"]
    assert [s["inputs"]["defense_total"] for s in d6] == [3, 3]
    assert "miss" in d6[0]["text"] and "hit" in d6[1]["text"]
    assert out["fight"]["positioning"]["range"] == 3
    # without the Ally his Response alone misses: Battle keeps his 25
    alone = _ok(_answered(None))
    assert _state(alone, "battle")["life_bar"] == 25


def test_his_basic_response_out_of_his_reach_still_sends_the_ally() -> None:
    # Range 3: Battle's Mystic Shot (a Ranged Special Move, every Response open against it, 000 L7126), die 1 + 2 for
    # a Special Move (000 L7211) = 3, misses Rei's Tactics 3 + 3 FS = 6. Rei's Basic Move reaches 0–2 only; his Ally,
    # 1 Range ahead at Range 2, reaches Battle (000 L4205): Rei's own has no effect; the Ally's die 3 + 0 + 1 − 1 = 3
    # meets Battle's half Defense 2 + Defense Bonus 1 = 3 (000 L5850, L5741): a hit; its 1d8 shows 5: 25 → 20.
    decisions = {
        "T1.rei.action": NONE,
        "T1.battle.action": {"action": "attack", "moves": ["mystic_shot"], "target": "rei"},
        "T1.rei.defense": {"defense": "tactics", "fs": 3},
        "T1.rei.defensive_response": BASIC_RESPONSE,
    }
    rolls = {"T1.battle.attack": 1, "T1.rei.attack": 3, "T1.rei.damage": 5, "T1.fight.time": 3}
    out = _ok(_turn(decisions, rolls, at=3, sheets=(REI_T, BATTLE_T), rei_ongoing=_with_ally()))
    assert _state(out, "battle")["life_bar"] == 20
    d6 = [s["text"] for s in out["log"] if s["label"] == "D.6" and s["actor"] == "rei"]
    assert len(d6) == 2 and "cannot reach" in d6[0] and "hit" in d6[1]
    # without the Ally the Basic Response that cannot reach him is refused
    alone = _turn(decisions, rolls, at=3, sheets=(REI_T, BATTLE_T))
    assert _refused(alone) == ["RESPONSE_OUT_OF_RANGE"]
