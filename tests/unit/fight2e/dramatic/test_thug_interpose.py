"""Taking a Hit for Someone Else and Endure Great Hardship against a Thug's hit in a Dramatic turn with Thug groups
(000 L7223–L7225, L7239–L7245), worked by hand. Ava is test_thugs' (PL 2: 20 Life Bar in Dramatic Combat, Defense
3, Thug Thrashing 1, so two actions); Bo is the same build with Athletics 3; the group attacks first (Initiative 4
against 1 and 2), one Thug at each Fighter in reach, Damage 1d4, Accuracy +0."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.dramatic.test_thugs import DEFENSE, IDLE, request, resolved, turn
from tests.unit.fight2e.thug_thrashing.support import AVA

BO = {**AVA, "id": "bo", "name": "Bo", "narrative_skills": [*AVA["narrative_skills"], {"id": "athletics", "level": 3}]}
QUIET = {f"T1.{x}.action{n}": IDLE for x in ("ava", "bo") for n in ("", ".2")}
ORDER = {"T1.ava.init": 1, "T1.bo.init": 2, "T1.g.init": 4, "T1.fight.time": 3}


def _two() -> dict[str, Any]:
    req = request()
    req["fight"]["thugs"][0]["ranges"] = {"ava": 1, "bo": 1}
    state = {"life_bar": 20, "fighting_spirit": 20, "fs_start": 20}
    req["fighters"].append({"id": "bo", "sheet": BO, "state": state})
    req["fight"]["sides"] = {"ava": "heroes", "bo": "heroes"}
    return req


def _life(out: dict[str, Any]) -> dict[str, int]:
    return {f["id"]: f["state"]["life_bar"] for f in out["fighters"]}


def test_bo_takes_the_hit_meant_for_ava() -> None:
    # The Thug's 4 + 0 hits Ava's Defense 3. Bo, at Range 1 from the group as she is, pays his turn's point: Athletics
    # 2 + 3 = 5 reaches the attack's 4 (ruling C13), so he takes the 3 damage, 20 → 17, and earns 1 Glory, raw
    # (000 L7239–L7245, L6547). The Thug at Bo rolls 1: a miss.
    out = resolved(
        _two(),
        {**QUIET, "T1.ava.defense": DEFENSE, "T1.bo.defense": DEFENSE, "T1.bo.take_hit": {"choice": "act"}},
        {**ORDER, "T1.g.attack": 4, "T1.bo.take_hit_check": 2, "T1.g.damage": 3, "T1.g.attack.2": 1},
    )
    assert _life(out) == {"ava": 20, "bo": 17}
    assert [(g["fighter"], g["points"]) for g in out["glory"]] == [("bo", 1)]
    assert out["fighters"][1]["state"]["dramatic"]["action_points"] == 0
    assert "taking_a_hit" not in {u["id"] for u in out["unsupported"]}


def test_a_missed_check_taken_anyway_doubles_the_damage() -> None:
    # The Thug's 6 hits; Bo's 2 + 3 = 5 falls short of 6, and he takes it anyway: 3 × 2 = 6, 20 → 14, no Glory
    # (000 L7243)
    out = resolved(
        _two(),
        {**QUIET, "T1.ava.defense": DEFENSE, "T1.bo.defense": DEFENSE, "T1.bo.take_hit": {"choice": "act"}}
        | {"T1.bo.take_hit_double": {"choice": "act"}},
        {**ORDER, "T1.g.attack": 6, "T1.bo.take_hit_check": 2, "T1.g.damage": 3, "T1.g.attack.2": 1},
    )
    assert _life(out) == {"ava": 20, "bo": 14} and out["glory"] == []


def test_bo_too_far_from_the_group_is_not_asked() -> None:
    # Bo at Range 2 from the group, Ava at 1: he is farther from the attacker than she is (000 L7239)
    req = _two()
    req["fight"]["thugs"][0]["ranges"] = {"ava": 1, "bo": 2}
    out = turn(req, {**QUIET, "T1.ava.defense": DEFENSE, "T1.bo.defense": DEFENSE}, {**ORDER, "T1.g.attack": 4})
    assert "T1.bo.take_hit" not in {d["key"] for d in out["decisions_needed"]}


def _enduring(life: int) -> dict[str, Any]:
    req = request()
    sheet = {**AVA, "narrative_skills": [*AVA["narrative_skills"], {"id": "endure_great_hardship", "level": 6}]}
    req["fighters"][0]["sheet"] = sheet
    req["fighters"][0]["state"]["life_bar"] = life
    return req


ENDURE = {"T1.ava.endure": {"choice": "act"}, "T1.ava.action": IDLE, "T1.ava.action.2": IDLE}


def test_endure_great_hardship_against_a_thug() -> None:
    # Life Bar 4 of 20 is below a quarter (000 L7223): a point and 1 FS (20 → 19) as Initiative is rolled. Her
    # skill 6 stands in for Defense 3: the Thug's 5 misses, its 6 hits; the 1d4's 3 is halved to 1: 4 → 3.
    out = resolved(_enduring(4), ENDURE, {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 5, "T1.fight.time": 3})
    assert out["fighters"][0]["state"]["life_bar"] == 4
    out = resolved(
        _enduring(4), ENDURE, {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 6, "T1.g.damage": 3, "T1.fight.time": 3}
    )
    state = out["fighters"][0]["state"]
    assert (state["life_bar"], state["fighting_spirit"], state["dramatic"]["action_points"]) == (3, 19, 0)


def test_endure_great_hardship_keeps_her_up_at_one() -> None:
    # At 2 Life Bar a 4, halved to 2, would defeat her: the check 10 + 6 = 16 reaches DL 16, and she stays at 1
    # (000 L7223); with a 9 (15) she is defeated
    rolls = {"T1.ava.init": 1, "T1.g.init": 4, "T1.g.attack": 6, "T1.g.damage": 4, "T1.fight.time": 3}
    out = resolved(_enduring(2), ENDURE, {**rolls, "T1.ava.endure_check": 10})
    assert out["fighters"][0]["state"]["life_bar"] == 1
    rolls.pop("T1.fight.time")  # the fight is over: no Time Roll
    out = resolved(_enduring(2), {"T1.ava.endure": {"choice": "act"}}, {**rolls, "T1.ava.endure_check": 9})
    assert out["fighters"][0]["state"]["life_bar"] == 0 and out["status"] == "over"


def test_a_stand_off_with_a_dramatic_villain_group() -> None:
    # Turn 1: Ava (her turn's point) and a Dramatic Villain group (its point a turn, 000 L6632) at Range 1 do each
    # other no damage (her two actions idle, its 1 misses her Defense 3): she asks, it agrees, a point each
    # (000 L7273).
    req = request(("dramatic_villain",), members=1)
    out = resolved(
        req,
        {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE}
        | {"T1.ava.stand_off": {"choice": "act"}, "T1.g.stand_off": {"choice": "act"}},
        {"T1.ava.init": 6, "T1.g.init": 1, "T1.g.attack": 1, "T1.fight.time": 3},
    )
    state = out["fighters"][0]["state"]
    assert state["dramatic"]["stand_off"] == "g" and state["dramatic"]["action_points"] == 0
    assert out["fight"]["thugs"][0]["action_points"] == 0
    # Turn 2: neither acts; she rests and heals 1d6 + PL at the end: 4 + 2 = 6, 10 → 16 (000 L7273)
    req = request(("dramatic_villain",), members=1, dramatic={"stand_off": "g"})
    req["fight"]["turn"] = 2
    req["fighters"][0]["state"]["life_bar"] = 10
    out = resolved(
        req,
        {"T2.ava.action": IDLE},
        {"T2.ava.init": 6, "T2.g.init": 1, "T2.ava.stand_off_heal": 4, "T2.fight.time": 3},
    )
    assert out["fighters"][0]["state"]["life_bar"] == 16
    assert any(e["text"] == "g stands off: no action this turn." for e in out["log"])
    assert "stand_off" not in {u["id"] for u in out["unsupported"]}


def test_no_stand_off_after_damage() -> None:
    # the group's 4 hits her for 2: no Stand Off is asked (000 L7273)
    req = request(("dramatic_villain",), members=1)
    out = resolved(
        req,
        {"T1.ava.action": IDLE, "T1.ava.action.2": IDLE, "T1.ava.defense": DEFENSE},
        {"T1.ava.init": 6, "T1.g.init": 1, "T1.g.attack": 4, "T1.g.damage": 2, "T1.fight.time": 3},
    )
    assert out["fighters"][0]["state"]["dramatic"]["stand_off"] is None
