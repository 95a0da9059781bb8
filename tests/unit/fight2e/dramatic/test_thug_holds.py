"""A Fighter's Sustained Hold on a Fighter in its second turn, in a Dramatic turn with Thugs (000 L4383–L4397; the
main system's rules unless Chapter 5 says otherwise, 000 L7080, L7074), worked by hand.

thug_thrashing/test_sustained_hold.py's fight played as Dramatic Combat: Ava (heroes, Thug Thrashing 1: two actions
when a group opposes her, 000 L6750) holds Bo (villains, with his gang g) with Hug, a level 2 Throw with Sustained
Hold, since turn 1, its first part having earned its Glory (``charges`` 1); Range 0, Dramatic Life Bars of 20, Bo's
Stamina 0. Both have Speed 1: a 1d8 Initiative die in Dramatic Combat (000 L7088–L7094), no Control Bonus."""

from __future__ import annotations

from typing import Any

from tests.unit.fight2e.thug_thrashing.support import IDLE, _ok, _turn
from tests.unit.fight2e.thug_thrashing.test_mixed import _life
from tests.unit.fight2e.thug_thrashing.test_sustained_hold import _held

DEFENSE = {"defense": "defense"}
IDLE_ALL = {"T2.ava.action.2": IDLE, "T2.ava.defense": DEFENSE}


def _req() -> dict[str, Any]:
    req = _held()
    req["options"]["subsystem"] = "dramatic_thug_thrashing"
    for f in req["fighters"]:
        f["state"]["life_bar"] = 20
    return req


def _rolls(ava: int, bo: int, **more: int) -> dict[str, int]:
    base = {"ava.init": ava, "bo.init": bo, "g.init": 1, "g.attack": 1, "fight.time": 3}
    return {f"T2.{k}": v for k, v in {**base, **more}.items()}


def _die(out: dict[str, Any], key: str) -> str:
    return next(r["die"] for r in out["rolls"] if r["key"] == key)


def _glory(out: dict[str, Any]) -> list[int]:
    return [g["points"] for g in out["glory"] if g["fighter"] == "ava"]


def _effects(out: dict[str, Any]) -> list[dict[str, Any]]:
    return next(f["state"]["ongoing_effects"] for f in out["fighters"] if f["id"] == "ava")


def _texts(out: dict[str, Any]) -> list[str]:
    return [s["text"] for s in out["log"]]


def test_the_holder_rolls_two_initiative_die_sizes_more() -> None:
    # 000 L4387: Speed 1's 1d8 (000 L7092) two sizes larger: 1d12 for Ava; Bo keeps his 1d8
    out = _ok(_req(), IDLE_ALL, _rolls(1, 6))
    assert (_die(out, "T2.ava.init"), _die(out, "T2.bo.init")) == ("1d12", "1d8")


def test_a_holder_behind_his_victim_lets_go_before_anyone_acts_and_loses_a_glory() -> None:
    # 000 L4389: Ava 1 against Bo's 6: before anyone acts the hold ends with no damage (both stay at 20), Bo takes
    # the Throw's Knock Down (his action then goes on standing up, 000 L5958); 000 L4391: her action is spent on it;
    # 000 L4397: the first part earned Hug's Glory, the second damage never comes: −1. Nothing is named unsupported.
    out = _ok(_req(), IDLE_ALL, _rolls(1, 6))
    assert _life(out) == {"ava": 20, "bo": 20}
    assert _glory(out) == [-1]
    assert _effects(out) == []
    assert not out["unsupported"]
    assert "ava's action is spent letting go." in _texts(out)
    assert "bo spends their first action standing up." in _texts(out)
    # Ava and g tie on 1 within Range 1, but her action went to the hold: no free Flourish (000 L4391, L7100)
    assert not [t for t in _texts(out) if "Flourish" in t]


def test_letting_go_takes_only_his_first_action() -> None:
    # Ruling (000 L4391, L6752, as in a Thug Thrashing turn): her first action went to the hold, her extra Thug
    # Thrashing action is still asked, keyed after it; the first action itself is never asked
    out = _turn(_req(), {}, _rolls(1, 6))
    asked = [p["key"] for p in out["decisions_needed"] if p["fighter"] == "ava"]
    assert asked == ["T2.ava.action.2"]


def test_a_holder_ahead_of_his_victim_strikes_again_for_half_damage() -> None:
    # 000 L4387: Ava 9 against Bo's 1: at her first action the hold hits by itself (no attack roll), the damage roll
    # halved, rounded down: 7 → 3, Bo (Stamina 0) 20 → 17; then the Throw's Knock Down; the move's Glory is not
    # earned again (000 L5749, L4397) and nothing is lost; the hold is finished
    out = _ok(_req(), IDLE_ALL, _rolls(9, 1, **{"ava.damage": 7}))
    assert _life(out) == {"ava": 20, "bo": 17}
    assert "T2.ava.attack" not in {r["key"] for r in out["rolls"]}
    assert _glory(out) == [] and _effects(out) == []
    assert "bo spends their first action standing up." in _texts(out)
    assert not out["unsupported"]


def test_a_tie_is_no_initiative_won() -> None:
    # 000 L4389: simultaneous Initiative (5 and 5) lets go as well: no damage, −1 Glory
    out = _ok(_req(), IDLE_ALL, _rolls(5, 5))
    assert _life(out) == {"ava": 20, "bo": 20} and _glory(out) == [-1]


def test_the_one_held_has_no_action_on_the_holds_first_turn() -> None:
    # 000 L4385: turn 1, Ava (8 against Bo's 1) hits Bo with Hug (6 + 4 against Defense 3), 6 damage: 20 → 14; Bo
    # cannot act this turn whatever he could spend (no Ignore Hit Stun asked of him, no action); the hold is kept
    req = _req()
    req["fight"]["turn"] = 1
    req["fighters"][0]["state"].update(ongoing_effects=[], moves_scored_this_round=[])
    # (and, 000 L4393, g cannot attack Ava while she holds him: no attack die, no defence asked of her)
    rolls = {"ava.init": 8, "bo.init": 1, "g.init": 1, "ava.attack": 6, "ava.damage": 6}
    decisions = {"T1.ava.action": {"action": "attack", "moves": ["hug"], "target": "bo"}, "T1.ava.action.2": IDLE}
    out = _ok(req, decisions, {f"T1.{k}": v for k, v in {**rolls, "fight.time": 3}.items()})
    assert _life(out) == {"ava": 20, "bo": 14}
    assert not [r for r in out["rolls"] if r["key"].startswith("T1.bo.") and r["key"] != "T1.bo.init"]
    assert "bo is held in ava's Sustained Hold: no action this turn." in _texts(out)
    assert [(e["id"], e["target"]) for e in _effects(out)] == [("sustained_hold", "bo")]
