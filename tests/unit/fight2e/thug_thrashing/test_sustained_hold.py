"""A Fighter's Sustained Hold on a Fighter carried into a Thug Thrashing turn (000 L4377–L4397; the main system's
rules with Thugs, 000 L6646), worked by hand. test_mixed.py's fight: Ava (heroes) against Bo and his gang g; both
Fighters PL 2, Strength 2, Speed 1 (a 1d8 Initiative die, two sizes up 1d12 for the holder, 000 L4387), Defense 3,
two actions (Thug Thrashing 1). Ava holds Bo with Hug, a level 2 Throw with Sustained Hold, since turn 1, its first
part having earned its Glory (``charges`` 1); they stand at Range 0."""

from __future__ import annotations

import copy
from typing import Any

from tests.unit.fight2e.combat.effects.build import move
from tests.unit.fight2e.thug_thrashing.support import IDLE, _ok
from tests.unit.fight2e.thug_thrashing.test_mixed import _life, _req

HUG = move("hug", "throw", "throw.sustained_hold", level=2)
HOLD = {"id": "sustained_hold", "move": "hug", "since": 1, "target": "bo", "charges": 1}
DEFENSE = {"defense": "defense"}
IDLE_ALL = {"T2.ava.action.2": IDLE, "T2.ava.defense": DEFENSE}


def _held() -> dict[str, Any]:
    req = _req()
    req["fight"]["turn"] = 2
    req["fight"]["positioning"]["range"] = 0
    sheet = copy.deepcopy(req["fighters"][0]["sheet"])
    sheet["moves"] = [*sheet["moves"], HUG]
    req["fighters"][0]["sheet"] = sheet
    req["fighters"][0]["state"]["ongoing_effects"] = [HOLD]
    req["fighters"][0]["state"]["moves_scored_this_round"] = ["hug"]
    return req


def _rolls(ava: int, bo: int, **more: int) -> dict[str, int]:
    base = {"ava.init": ava, "ava.ctrl": 4, "bo.init": bo, "bo.ctrl": 4, "g.init": 1, "fight.time": 3, "g.attack": 1}
    return {f"T2.{k}": v for k, v in {**base, **more}.items()}


def _state(out: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f["state"] for f in out["fighters"] if f["id"] == fid)


def _glory(out: dict[str, Any]) -> list[int]:
    return [g["points"] for g in out["glory"] if g["fighter"] == "ava"]


def test_a_holder_behind_his_victim_lets_go_before_anyone_acts_and_loses_a_glory() -> None:
    # 000 L4389–L4391: Ava 1 against Bo's 6: before anyone acts the hold ends with no damage (Bo stays at 40) and its
    # Throw's Knock Down (Bo's first action goes on standing up, 000 L5958, L6752); 000 L4397: the first part earned
    # Hug's Glory, the second never comes: −1. Ruling: her first action is the hold's, her extra one still asked
    # (``T2.ava.action.2``, answered: an unasked key would make the turn invalid)
    out = _ok(_held(), IDLE_ALL, _rolls(1, 6))
    assert _life(out) == {"ava": 40, "bo": 40}
    assert _glory(out) == [-1]
    assert _state(out, "ava")["ongoing_effects"] == []
    texts = [s["text"] for s in out["log"]]
    assert "bo spends their first action standing up." in texts
    assert any("Sustained Hold's end" in t for t in texts)


def test_a_holder_ahead_of_his_victim_strikes_again_for_half_damage() -> None:
    # 000 L4387: Ava 9 against Bo's 1: at her first action the hold hits by itself, no attack roll, its damage halved
    # and rounded down: Hug's 1d10 (a Special Move's 1d6 two sizes up for Strength 2) shows 7 → 3: Bo 40 → 37; then
    # the Throw's Knock Down; no Glory lost nor earned again (Hug already scored, 000 L5749)
    out = _ok(_held(), IDLE_ALL, _rolls(9, 1, **{"ava.damage": 7}))
    assert _life(out) == {"ava": 40, "bo": 37}
    assert "T2.ava.attack" not in {r["key"] for r in out["rolls"]}
    assert _glory(out) == [] and _state(out, "ava")["ongoing_effects"] == []
    assert any(s["label"] == "E.4" and s["actor"] == "bo" for s in out["log"])


def test_the_one_held_has_no_action_on_the_holds_first_turn() -> None:
    # 000 L4385: turn 1, Ava (6 against Bo's 2) holds Bo with Hug (a hit on any roll here, not what is checked)
    # Hug's 1d10 shows 6: 40 → 34. Hit Stun leaves Bo's Control 6 at min(6 − 4, 6 / 2) = 2
    # (000 L5930): Control left, yet he cannot act this turn, so no action of his is asked; the hold goes on
    req = _held()
    req["fight"]["turn"] = 1
    req["fighters"][0]["state"].update(ongoing_effects=[], moves_scored_this_round=[])
    rolls = {f"T1.{k}": v for k, v in {"ava.init": 6, "ava.ctrl": 4, "bo.init": 2, "bo.ctrl": 6}.items()}
    rolls |= {"T1.g.init": 1, "T1.fight.time": 3, "T1.ava.damage": 6}
    decisions = {"T1.ava.action": {"action": "attack", "moves": ["hug"], "target": "bo"}, "T1.ava.action.2": IDLE}
    out = _ok(req, decisions, rolls)
    assert _life(out) == {"ava": 40, "bo": 34}
    # 000 L4393: with more than two in the fight both of the hold are out of reach until its second part: g, at its
    # Initiative 1, cannot attack Ava (no attack die, no defence asked of her)
    assert "g cannot attack ava: ava's hold keeps the pair out of reach." in [s["text"] for s in out["log"]]
    assert [s["text"] for s in out["log"] if s["actor"] == "bo" and s["label"] in ("C", "D.3")] == [
        "bo is held in ava's Sustained Hold: no action this turn."
    ]
    assert [(e["id"], e["target"]) for e in _state(out, "ava")["ongoing_effects"]] == [("sustained_hold", "bo")]
