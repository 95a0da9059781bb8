"""A Utility move with no Interrupt effect used as a Passive Defensive Response in the main turn (000 L5856, L5868,
L2399, L3571, L5880), worked by hand from the text.

a (Initiative 6, Control 6) punches b at Range 1 with Fist; b (Initiative 1, Control 5) blocks with his Defense 2 and
3 FS: a Defense Total of 5 (000 L5716), and a's die of 1 misses. The block opens the Counter Response (000 L5870).
Ward is an L2 Special Move with the Counter Element (whose Passive keyword lets a Utility move answer, 000 L2399)
and Healing, which makes it a Utility move: it strikes nothing and takes effect as his Utility action would."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnResult

from .support import A_FIRST, attack, duel, inp, sheet, st

FIST = {"id": "fist", "name": "Fist", "level": 2}
WARD = {
    "id": "ward",
    "name": "Ward",
    "level": 2,
    "elements": [{"id": "counter"}, {"id": "healing", "options": {"heal": "full"}}],
}
# a Throw with Healing: a Utility move whose Element has no Passive keyword
HUG = {
    "id": "hug",
    "name": "Hug",
    "level": 2,
    "elements": [{"id": "throw"}, {"id": "healing", "options": {"heal": "full"}}],
}
MISS = {**A_FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5, "T1.b.healing": 4}


def _answer(move: list[str], kind: str = "counter", defense: str = "defense") -> dict[str, Any]:
    return {
        "T1.a.action": attack(["fist"]),
        "T1.b.defense": {"defense": defense, "fs": 3},
        "T1.b.defensive_response": {"choice": "respond", "response": kind, "moves": move},
    }


def _codes(res: TurnResult) -> list[str]:
    return [v.code for v in res.violations]


def test_a_utility_counter_heals_in_place_of_his_action() -> None:
    # the Response takes his action's place (000 L5856) and makes no attack: only a's attack is rolled. Ward's
    # Healing rolls a Special Move's 1d6 (000 L3436-L3444), all of it (full): 4, healed at the end of the turn,
    # 30 + 4 = 34; its first use as a Utility move earns its level, 2 Glory (000 L6004); his FS: 30 - 3 on the block
    res = duel(_answer(["ward"]), MISS, b=sheet("b", moves=[WARD, FIST]), sb={"life_bar": 30}, rng=1)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.4", "b")["fs"] == 3 and [s.change["dt"] for s in res.log if s.label == "D.4"] == [5]
    assert [s.actor for s in res.log if s.label == "D.6"] == ["a"]
    said = [s for s in res.log if s.label == "F.3" and s.actor == "b"]
    assert said[0].inputs == {"response": "counter", "moves": ["ward"]} and "in place of" in said[0].text
    assert next(r.die for r in res.rolls if r.key == "T1.b.healing") == "1d6"
    b = st(res, "b")
    assert (b.life_bar, b.fighting_spirit, b.glory_this_round) == (34, 27, 2)
    assert b.utility_moves_used == ["ward"]
    assert st(res, "a").life_bar == 50
    assert not [u for u in res.unsupported if u.id == "rule"]


def test_a_utility_response_needs_the_control_for_its_level() -> None:
    # 000 L5858: Control 1 is short of Ward's level 2
    res = duel(_answer(["ward"]), {**MISS, "T1.b.ctrl": 1}, b=sheet("b", moves=[WARD, FIST]), rng=1)
    assert _codes(res) == ["RESPONSE_INSUFFICIENT_CONTROL"]


def test_a_utility_move_without_the_passive_keyword_does_not_answer() -> None:
    # 000 L2399: only the Passive keyword lets a Utility move be a Defensive Response; Hug's Throw Element (answering
    # an attack at Range 0 with Tactics, 000 L5902) has none
    res = duel(_answer(["hug"], "throw", "tactics"), MISS, b=sheet("b", moves=[HUG, FIST]), rng=0)
    assert _codes(res) == ["RESPONSE_NO_ELEMENT"]


def test_a_utility_response_is_no_combo_opener() -> None:
    # ruling: a Combo Response opens with the interrupting attack (000 L5854); a Utility move makes none
    res = duel(_answer(["ward", "fist"]), MISS, b=sheet("b", moves=[WARD, FIST]), rng=1)
    assert _codes(res) == ["COMBO_PLACEMENT_INVALID"]


def test_a_utility_response_with_heal_others_heals_the_fighter_named() -> None:
    # Heal Others heals the fighter named at Range 0-2 (000 L3446-L3448): here a, at Range 1, 40 + 4 = 44, b none;
    # without Heal Others another fighter named is refused rather than left unread
    mend = {**WARD, "elements": [*WARD["elements"], {"id": "healing.heal_others"}]}
    named = {**_answer(["ward"]), "T1.b.defensive_response": {**_answer(["ward"])["T1.b.defensive_response"]}}
    named["T1.b.defensive_response"]["target"] = "a"
    res = duel(named, MISS, b=sheet("b", moves=[mend, FIST]), sa={"life_bar": 40}, sb={"life_bar": 30}, rng=1)
    assert res.status == "resolved", res.violations
    assert (st(res, "a").life_bar, st(res, "b").life_bar) == (44, 30)
    named["T1.b.defensive_response"]["target"] = "c"
    res = duel(named, MISS, b=sheet("b", moves=[WARD, FIST]), rng=1)
    assert _codes(res) == ["DECISION_INVALID"]
