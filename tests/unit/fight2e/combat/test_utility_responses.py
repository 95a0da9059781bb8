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


# ── What the turn offers after the miss: exactly what it accepts ─────────────────────────────────────────────

_ASKED = {"T1.a.fs_init_ctrl": {"init": 0, "ctrl": 0}, "T1.b.fs_init_ctrl": {"init": 0, "ctrl": 0}}


def _offered(b_moves: list[dict[str, Any]], defense: str, rng: int) -> list[dict[str, Any]]:
    """The choices b is offered for his Defensive Response, asked step by step (the defaults elsewhere)."""
    sent: dict[str, Any] = {**_ASKED, "T1.a.action": attack(["fist"]), "T1.b.defense": {"defense": defense, "fs": 3}}
    for _ in range(6):
        res = duel(sent, MISS, b=sheet("b", moves=b_moves), rng=rng, options={"ask_every_decision": True})
        asked = res.decisions_needed[0]
        if asked.key == "T1.b.defensive_response":
            return [dict(c.value) for c in asked.choices or []]
        sent[asked.key] = asked.default
    raise AssertionError("the Defensive Response was never asked")


def test_a_utility_move_without_the_passive_keyword_is_not_offered() -> None:
    # 000 L2399, L5868: Hug (Throw, Healing) is a Utility move with no Passive keyword: at Range 0 after a Tactics
    # defence the Throw Response (000 L5902) would be its kind, but it is not listed; the Basic Response (000 L5868)
    # and Jinking (000 L5876) are. Ward (Counter, Passive) is listed after a Defense block (000 L5870)
    choices = _offered([HUG, FIST], "tactics", 0)
    assert not any("hug" in (c.get("moves") or []) for c in choices)
    assert {"choice": "act", "response": "basic", "moves": ["basic_move"]} in choices
    ward = _offered([WARD, FIST], "defense", 1)
    assert {"choice": "act", "response": "counter", "moves": ["ward"]} in ward


# ── Unreliable on the responding move (000 L4872–L4874) ───────────────────────────────────────────────────────

WILD = {
    "id": "wild",
    "name": "Wild",
    "level": 2,
    "elements": [{"id": "counter"}],
    "liabilities": [{"id": "unreliable"}],
}
WILD_WARD = {**WARD, "id": "wild_ward", "name": "Wild Ward", "liabilities": [{"id": "unreliable"}]}


def test_an_unreliable_counter_that_fails_lets_the_attack_hit() -> None:
    # b blocks Fist (Defense Total 5, a's die of 1 misses) and answers with Wild, an L2 Counter with Unreliable: its
    # 1d10 is rolled as the Response is declared (000 L4872; ruling: after the miss is known) and a 1 makes it fail,
    # so Fist hits b after all (000 L4874) as any hit: a Special Move's 1d6 (000 L5910), Strength 0 against Stamina
    # 0, a 4: 50 - 4 = 46; Knock Back 1 Range (000 L5950): Range 1 -> 2; a's Glory, Fist's level 2 (000 L5749).
    # Wild makes no attack roll
    sent = _answer(["wild"])
    res = duel(sent, {**MISS, "T1.b.unreliable": 1, "T1.a.damage": 4}, b=sheet("b", moves=[WILD, FIST]), rng=1)
    assert res.status == "resolved", res.violations
    assert [s.actor for s in res.log if s.label == "D.6"] == ["a"]
    assert any(s.actor == "b" and s.ref == "000 L4874" for s in res.log if s.label == "F.3")
    assert (st(res, "b").life_bar, st(res, "a").life_bar) == (46, 50)
    assert res.fight.positioning.range == 2
    assert st(res, "a").glory_this_round == 2
    # a 2 and the Counter strikes back (000 L5870): Accuracy 0 for Wild against a's halved Defense 2 // 2 = 1
    # (000 L5850), a die of 3 hits, 1d6 a 4: a 50 - 4 = 46, b untouched
    works = duel(
        sent,
        {**MISS, "T1.b.unreliable": 2, "T1.b.attack": 3, "T1.b.damage": 4},
        b=sheet("b", moves=[WILD, FIST]),
        rng=1,
    )
    assert works.status == "resolved", works.violations
    assert (st(works, "a").life_bar, st(works, "b").life_bar) == (46, 50)


def test_an_unreliable_utility_response_that_fails_heals_nothing_and_is_hit() -> None:
    # Wild Ward (Ward with Unreliable) answers the missed Fist as a Passive Counter (000 L2399, L5870); its 1d10 a 1:
    # no heal, no Glory of its own (000 L4874), and Fist hits: 30 - 4 = 26; on a 2 it heals 4 as Ward does
    # (000 L3444): 30 + 4 = 34, 2 Glory (000 L6004), and Fist does not hit
    sent = _answer(["wild_ward"])
    res = duel(
        sent,
        {**MISS, "T1.b.unreliable": 1, "T1.a.damage": 4},
        b=sheet("b", moves=[WILD_WARD, FIST]),
        sb={"life_bar": 30},
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert not [r for r in res.rolls if r.key == "T1.b.healing"]
    assert st(res, "b").life_bar == 26 and st(res, "b").glory_this_round == 0
    works = duel(
        sent, {**MISS, "T1.b.unreliable": 2}, b=sheet("b", moves=[WILD_WARD, FIST]), sb={"life_bar": 30}, rng=1
    )
    assert works.status == "resolved", works.violations
    assert (st(works, "b").life_bar, st(works, "b").glory_this_round) == (34, 2)
