"""Combo and Knock Down chains, charge moves and Power Up variants in combat: Charge Down / Forward / Up
(000 L4479–L4527), Invincible Interrupt (000 L3581–L3587), Utility Combo Opener (000 L4433–L4441), Skips Knock
Down (000 L4163–L4173), Knock Down Pursuit and Pursuit Bounce (000 L3920–L3936), Strike Through
(000 L3894–L3900), Sidestep Setup (000 L4817–L4829), Power Up on Utility moves (000 L3864)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.registry.coverage import IMPLEMENTED

from .support import A_FIRST, attack, duel, sheet, st

# b strikes first with an L2 Fist and cannot hit a's Defense Total; a then acts on Control 4.
B_FIRST = {"T1.b.init": 6, "T1.a.init": 1, "T1.b.ctrl": 6, "T1.a.ctrl": 4}
FIST = {"id": "fist", "name": "Fist", "level": 2}


def charge(kind: str, level: int = 3, aerial: bool = False) -> dict[str, Any]:
    return {
        "id": "cm",
        "name": "Charged",
        "level": level,
        "elements": [{"id": "aerial"}] if aerial else [],
        "liabilities": [{"id": kind}],
    }


def codes(res) -> list[str]:
    return [v.code for v in res.violations]


# ── Charge Down / Forward / Up ─────────────────────────────────────────────────────────────────────────


def test_charge_down_needs_a_block_or_two_spare_control() -> None:
    a = sheet("a", defense=9, evasion=0, moves=[charge("charge_down"), FIST])
    # Control 4 for an L3 move, nothing blocked: not charged.
    res = duel({"T1.a.action": attack(["cm"])}, {**A_FIRST, "T1.a.ctrl": 4}, a=a, rng=1)
    assert codes(res) == ["CHARGE_MOVE_NOT_READY"]
    # Control 5 = 3 + 2: charged.
    res = duel({"T1.a.action": attack(["cm"])}, {**A_FIRST, "T1.a.ctrl": 5}, a=a, rng=1)
    assert res.status == "resolved", res.violations
    # b's Fist blocked with Defense first: charged on Control 4.
    dec = {"T1.b.action": attack(["fist"]), "T1.a.action": attack(["cm"])}
    res = duel(dec, B_FIRST, a=a, b=sheet("b", moves=[FIST]), rng=1)
    assert res.status == "resolved", res.violations


def test_charge_down_not_after_an_evasion() -> None:
    a = sheet("a", defense=0, evasion=9, moves=[charge("charge_down"), FIST])
    dec = {
        "T1.b.action": attack(["fist"]),
        "T1.a.defense": {"defense": "evasion"},
        "T1.a.evasion_result": {"choice": "accuracy_bonus"},
        "T1.a.action": attack(["cm"]),
    }
    res = duel(dec, B_FIRST, a=a, b=sheet("b", moves=[FIST]), rng=1)
    assert codes(res) == ["CHARGE_MOVE_NOT_READY"]


def test_charge_up_after_an_evasion_or_an_aerial_block_but_not_a_plain_block() -> None:
    move = charge("charge_up", aerial=True)
    dec = {
        "T1.b.action": attack(["fist"]),
        "T1.a.defense": {"defense": "evasion"},
        "T1.a.evasion_result": {"choice": "accuracy_bonus"},
        "T1.a.action": attack(["cm"]),
    }
    res = duel(dec, B_FIRST, a=sheet("a", defense=0, evasion=9, moves=[move]), b=sheet("b", moves=[FIST]), rng=1)
    assert res.status == "resolved", res.violations
    blocked = {**dec, "T1.a.defense": {"defense": "defense"}}
    res = duel(blocked, B_FIRST, a=sheet("a", defense=9, evasion=0, moves=[move]), b=sheet("b", moves=[FIST]), rng=1)
    assert codes(res) == ["CHARGE_MOVE_NOT_READY"]
    # A combined block: only with its 2-Range aerial move (Aerial Blocks option).
    combined = {**dec, "T1.a.defense": {"defense": "defense_evasion"}}
    still = duel(
        {**combined, "T1.a.aerial_block": {"choice": "stay"}},
        B_FIRST,
        a=sheet("a", defense=9, evasion=9, moves=[move]),
        b=sheet("b", moves=[FIST]),
        rng=1,
        options={"aerial_blocks": True},
    )
    assert codes(still) == ["CHARGE_MOVE_NOT_READY"]
    moved = duel(
        {**combined, "T1.a.aerial_block": {"choice": "move", "direction": "away"}},
        B_FIRST,
        a=sheet("a", defense=9, evasion=9, moves=[move]),
        b=sheet("b", moves=[FIST]),
        rng=1,
        options={"aerial_blocks": True},
    )
    assert moved.status == "resolved", moved.violations


def test_charge_forward_step_costs_one_fs() -> None:
    a = sheet("a", moves=[charge("charge_forward")])
    b = sheet("b", defense=12)  # a sure miss: no first-hit FS refund to blur the count
    rolls = {**A_FIRST, "T1.a.ctrl": 4}
    res = duel({"T1.a.action": attack(["cm"])}, rolls, a=a, rng=1)
    assert codes(res) == ["CHARGE_MOVE_NOT_READY"]
    res = duel({"T1.a.action": attack(["cm"], movement=1, direction="away")}, rolls, a=a, rng=1)
    assert codes(res) == ["CHARGE_MOVE_NOT_READY"]  # a step back is no charge forward
    res = duel({"T1.a.action": attack(["cm"], movement=1)}, rolls, a=a, b=b, rng=2)
    assert res.status == "resolved", res.violations
    assert st(res, "a").fighting_spirit == 30 - 1  # a 1-Range step is free; the charge adds 1 FS
    # At Range 0 standing still is the step; with 2 spare Control no FS at all.
    res = duel({"T1.a.action": attack(["cm"])}, rolls, a=a, b=b, rng=0)
    assert res.status == "resolved" and st(res, "a").fighting_spirit == 29, res.violations
    res = duel({"T1.a.action": attack(["cm"], movement=1)}, {**A_FIRST, "T1.a.ctrl": 5}, a=a, b=b, rng=2)
    assert res.status == "resolved" and st(res, "a").fighting_spirit == 30, res.violations


def test_charge_move_later_in_a_combo_needs_three_control_before_it() -> None:
    a = sheet("a", combo=3, moves=[charge("charge_down", level=2), FIST])
    rolls = {**A_FIRST, "T1.a.ctrl": 6}
    res = duel({"T1.a.action": attack(["basic_move", "cm"])}, rolls, a=a, rng=1)
    assert codes(res) == ["CHARGE_MOVE_NOT_READY"]  # 1 Control before it
    res = duel(
        {"T1.a.action": attack(["basic_move", "fist", "cm"])}, {**A_FIRST, "T1.a.ctrl": 7}, a=a, rng=1, options={}
    )
    assert "CHARGE_MOVE_NOT_READY" not in codes(res)  # 1 + 2 = 3 Control before it


def test_entries_are_listed_as_implemented() -> None:
    for entry in (
        "charge_down",
        "charge_forward",
        "charge_up",
        "interrupt.invincible_interrupt",
        "utility_combo_opener",
        "skips_knock_down",
        "pursuit.knock_down_pursuit",
        "pursuit.pursuit_bounce",
        "priority.strike_through",
        "sidestep_setup",
        "power_up.extra_elements",
        "power_up.enhanced_power_up",
    ):
        assert entry in IMPLEMENTED


# ── Invincible Interrupt ───────────────────────────────────────────────────────────────────────────────

ZAP = {
    "id": "zap",
    "name": "Zap",
    "level": 2,
    "elements": [{"id": "interrupt"}, {"id": "interrupt.invincible_interrupt"}],
}
JAB = {"id": "jab", "name": "Jab", "level": 2, "elements": [{"id": "interrupt"}]}


def _defence_total(res, actor: str = "b") -> int:
    """The Defense Total the attack roll was made against (the last one logged at D.4)."""
    return [s.change["dt"] for s in res.log if s.label == "D.4" and s.actor == actor and "dt" in s.change][-1]


def test_invincible_interrupt_adds_two_to_the_tactics_defense_total() -> None:
    b = sheet("b", tactics=2, moves=[ZAP, JAB])
    base = {"T1.a.action": attack(["basic_move"]), "T1.a.accuracy_fs": {"fs": 0}}
    plain = duel({**base, "T1.b.defense": {"defense": "tactics"}}, A_FIRST, b=b, rng=1)
    declared = duel(
        {
            **base,
            "T1.b.defense": {"defense": "tactics", "response": "interrupt"},
            "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["zap"]},
        },
        A_FIRST,
        b=b,
        rng=1,
    )
    assert plain.status == declared.status == "resolved", (plain.violations, declared.violations)
    assert _defence_total(declared) == _defence_total(plain) + 2


def test_invincible_interrupt_declared_is_answered_with_that_move() -> None:
    b = sheet("b", tactics=9, moves=[ZAP, JAB])
    dec = {
        "T1.a.action": attack(["basic_move"]),
        "T1.b.defense": {"defense": "tactics", "response": "interrupt"},
        "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["jab"]},
    }
    res = duel(dec, A_FIRST, b=b, rng=1)
    assert codes(res) == ["RESPONSE_NO_ELEMENT"]
    # Without the Element the Interrupt cannot be declared with the Defense Total at all.
    res = duel(dec, A_FIRST, b=sheet("b", tactics=9, moves=[JAB]), rng=1)
    assert codes(res) == ["DECISION_INVALID"]
    # The default answer to the declared Interrupt is the Invincible Interrupt move.
    res = duel(
        {"T1.a.action": attack(["basic_move"]), "T1.b.defense": {"defense": "tactics", "response": "interrupt"}},
        A_FIRST,
        b=b,
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert any(s.label == "F.3" and s.inputs.get("moves") == ["zap"] for s in res.log)


# ── Utility Combo Opener ───────────────────────────────────────────────────────────────────────────────

FOCUS = {"id": "focus", "name": "Focus", "level": 1, "elements": [{"id": "utility"}, {"id": "utility_combo_opener"}]}
STANCE = {"id": "stance", "name": "Stance", "level": 1, "elements": [{"id": "utility"}]}


def _combo_damage(moves: list[str], sheet_moves: list[dict]) -> int:
    dec = {"T1.a.action": attack(moves), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(dec, {**A_FIRST, "T1.a.damage": 6}, a=sheet("a", moves=sheet_moves), b=sheet("b", defense=0), rng=1)
    assert res.status == "resolved", res.violations
    return next(s.change["damage"] for s in res.log if s.text.startswith("Damage to b"))


def test_utility_combo_opener_keeps_full_damage() -> None:
    moves = [FOCUS, STANCE, FIST]
    assert _combo_damage(["fist"], moves) == 6  # the Fist alone: a 6 on its die
    assert _combo_damage(["stance", "fist"], moves) == 3  # a plain Utility opener halves the Combo
    assert _combo_damage(["focus", "fist"], moves) == 6  # the Opener does not


def test_utility_combo_opener_chain_must_be_unbroken_from_the_start() -> None:
    moves = [FOCUS, STANCE, FIST]
    assert _combo_damage(["stance", "focus", "fist"], moves) == 3  # the chain does not open the Combo


# ── Knock Down chains: Skips Knock Down, Pursuit, Knock Down Pursuit, Pursuit Bounce ─────────────────────

SLAM = {"id": "slam", "name": "Slam", "level": 2, "elements": [{"id": "knocks_down"}]}
STOMP = {"id": "stomp", "name": "Stomp", "level": 2, "elements": [{"id": "pursuit"}]}
HOP = {"id": "hop", "name": "Hop", "level": 2, "elements": [{"id": "pursuit"}, {"id": "pursuit.pursuit_bounce"}]}
SUPLEX = {
    "id": "suplex",
    "name": "Suplex",
    "level": 2,
    "elements": [{"id": "throw"}, {"id": "pursuit"}, {"id": "pursuit.knock_down_pursuit"}],
}
CATCH = {"id": "catch", "name": "Catch", "level": 1, "elements": [{"id": "skips_knock_down"}]}
LIFT = {"id": "lift", "name": "Lift", "level": 1, "elements": [{"id": "skips_knock_down"}, {"id": "pursuit"}]}
CHAIN = sheet("a", combo=4, tactics=2, bonuses={"control": 3}, moves=[SLAM, STOMP, HOP, SUPLEX, CATCH, LIFT, FIST])
HIT = {**A_FIRST, "T1.a.damage": 6}  # Control 6 + 3; every first damage die shows 6


def _chain(moves: list[str], rolls: dict | None = None, rng: int = 1, sb: dict | None = None, **dec: Any):
    decisions = {"T1.a.action": attack(moves), "T1.a.accuracy_fs": {"fs": 3}, **dec}
    return duel(decisions, {**HIT, **(rolls or {})}, a=CHAIN, b=sheet("b", defense=0, tactics=0), rng=rng, sb=sb)


def _knocked_down(res) -> bool:
    return any(s.label == "E.4" and "Knocked Down" in s.text for s in res.log)


def _damage_parts(res) -> list[int]:
    return next(s.inputs["parts"] for s in res.log if s.text.startswith("Damage to b"))


def test_skips_knock_down_lets_the_combo_go_on_without_the_knock_down() -> None:
    res = _chain(["slam", "fist"])
    assert codes(res) == ["COMBO_PLACEMENT_INVALID"]  # Slam Knocks Down: an Ender
    res = _chain(["slam", "catch", "fist"])
    assert res.status == "resolved", res.violations
    assert not _knocked_down(res)
    assert len(_damage_parts(res)) == 3  # Slam, Catch (no damage), Fist


def test_skips_knock_down_pursuit_stands_a_downed_foe_up_for_a_full_second_hit() -> None:
    down = {"knocked_down": True}
    res = _chain(["lift", "fist"], sb=down)
    assert res.status == "resolved", res.violations
    assert "stands them up" in " ".join(s.text for s in res.log)
    assert next(s.change["damage"] for s in res.log if s.text.startswith("Damage to b")) == 6  # not halved
    assert st(res, "b").knocked_down is False
    assert not any(s.actor == "b" and s.label == "B.0" and "stands up" in s.text for s in res.log)
    res = _chain(["lift", "fist", "basic_move"], sb=down)
    assert codes(res) == ["COMBO_PLACEMENT_INVALID"]  # no third move in this Combo


def test_reversal_against_skips_knock_down_pursuit_gets_two() -> None:
    down = {"knocked_down": True}
    tactics = {"T1.b.defense": {"defense": "tactics"}, "T1.b.defensive_response": {"choice": "pass"}}
    lifted = _chain(["lift", "fist"], sb=down, **tactics)
    plain = _chain(["stomp"], sb=down, **tactics)
    assert _defence_total(lifted) == _defence_total(plain) + 2


def test_pursuit_follows_a_knock_down_and_closes_the_combo() -> None:
    res = _chain(["slam", "stomp"])
    assert res.status == "resolved", res.violations
    assert _knocked_down(res)
    res = _chain(["slam", "stomp", "fist"])
    assert codes(res) == ["COMBO_PLACEMENT_INVALID"]  # Slam keeps its Ender unless solely followed by the Pursuit
    res = _chain(["stomp", "fist"], sb={"knocked_down": True})
    assert codes(res) == ["COMBO_PLACEMENT_INVALID"]  # on a downed foe a plain Pursuit is the last hit


def test_knock_down_pursuit_throw_knocks_down_only_once() -> None:
    res = _chain(["slam", "suplex"], rng=0)
    assert res.status == "resolved", res.violations
    assert sum(1 for s in res.log if s.label == "E.4" and "Knocked Down" in s.text) == 1
    res = _chain(["suplex"], rng=0, sb={"knocked_down": True})
    assert res.status == "resolved", res.violations
    assert not _knocked_down(res)  # already down: not knocked down again
    assert st(res, "b").life_bar < 50


def test_pursuit_bounce_tactics_check_continues_or_cuts_the_combo() -> None:
    good = _chain(["slam", "hop", "fist"], {"T1.a.tactics_check": 6})  # 6 + Tactics 2 = 8
    bad = _chain(["slam", "hop", "fist"], {"T1.a.tactics_check": 5})
    assert good.status == bad.status == "resolved", (good.violations, bad.violations)
    assert len(_damage_parts(good)) == 3
    assert len(_damage_parts(bad)) == 2  # the Fist after the failed check is ignored
    assert _knocked_down(good) and _knocked_down(bad)  # Slam's Knock Down still lands at the end


# ── Strike Through ─────────────────────────────────────────────────────────────────────────────────────

SNAP = {"id": "snap", "name": "Snap", "level": 2, "elements": [{"id": "priority"}, {"id": "priority.strike_through"}]}
QUICK = {"id": "quick", "name": "Quick", "level": 2, "elements": [{"id": "priority"}]}
PRIORITY_DEFENCE = {
    "T1.a.action": attack(["basic_move"]),
    "T1.a.accuracy_fs": {"fs": 3},
    "T1.b.defense": {"defense": "tactics", "response": "priority"},
}


def _b_attacks(res) -> list[str]:
    return [s.text for s in res.log if s.label == "D.3" and s.actor == "b"]


def test_strike_through_strikes_back_after_a_failed_priority_response() -> None:
    b = sheet("b", tactics=0, defense=0, moves=[SNAP, QUICK])
    res = duel(PRIORITY_DEFENCE, {**A_FIRST, "T1.b.ctrl": 6}, b=b, rng=1)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50  # a's Basic Move hit
    assert len(_b_attacks(res)) == 1 and "Snap" in _b_attacks(res)[0]  # Control 6 → 2 after Hit Stun: still 1+
    # He may pass.
    res = duel({**PRIORITY_DEFENCE, "T1.b.strike_through": {"choice": "pass"}}, {**A_FIRST, "T1.b.ctrl": 6}, b=b, rng=1)
    assert res.status == "resolved" and _b_attacks(res) == [], res.violations


def test_strike_through_needs_control_left_and_the_element() -> None:
    b = sheet("b", tactics=0, defense=0, moves=[SNAP, QUICK])
    res = duel(PRIORITY_DEFENCE, {**A_FIRST, "T1.b.ctrl": 3}, b=b, rng=1)  # Control 3 → 0 after Hit Stun
    assert res.status == "resolved", res.violations
    assert _b_attacks(res) == []
    res = duel(PRIORITY_DEFENCE, {**A_FIRST, "T1.b.ctrl": 6}, b=sheet("b", tactics=0, defense=0, moves=[QUICK]), rng=1)
    assert res.status == "resolved" and _b_attacks(res) == [], res.violations
    # Without the Priority Response declared there is nothing to strike through.
    plain = {**PRIORITY_DEFENCE, "T1.b.defense": {"defense": "tactics"}}
    res = duel(plain, {**A_FIRST, "T1.b.ctrl": 6}, b=b, rng=1)
    assert res.status == "resolved" and _b_attacks(res) == [], res.violations


# ── Power Up on Utility moves ─────────────────────────────────────────────────────────────────────────


def _powered(base: dict, version: str = "control") -> dict:
    return {**base, "elements": [*base["elements"], {"id": "power_up", "options": {"version": version}}]}


MEND = {
    "id": "mend",
    "name": "Mend",
    "level": 2,
    "elements": [{"id": "utility"}, {"id": "healing", "options": {"heal": "full"}}],
}
MINE = {"id": "mine", "name": "Mine", "level": 2, "elements": [{"id": "bomb"}]}
USE_MEND = {"T1.a.action": {"action": "utility", "moves": ["mend"]}}


def test_power_up_raises_the_heal_by_the_extra_control() -> None:
    a = sheet("a", moves=[_powered(MEND)])
    rolls = {**A_FIRST, "T1.a.healing": 5}  # Control 6 for an L2 move: up to 2 extra
    res = duel({**USE_MEND, "T1.a.power_up_bonus": {"amount": 2}}, rolls, a=a, sa={"life_bar": 30}, rng=3)
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 30 + 5 + 2
    assert not [u for u in res.unsupported if u.id == "power_up"]
    res = duel({**USE_MEND, "T1.a.power_up_bonus": {"amount": 3}}, rolls, a=a, sa={"life_bar": 30}, rng=3)
    assert codes(res) == ["POWER_UP_INVALID"]  # at most the move's Level
    res = duel(
        {**USE_MEND, "T1.a.power_up_bonus": {"amount": 2}}, {**rolls, "T1.a.ctrl": 3}, a=a, sa={"life_bar": 30}, rng=3
    )
    assert codes(res) == ["POWER_UP_INVALID"]  # Control 3: only 1 spare


def test_power_up_life_bar_version_on_a_heal() -> None:
    a = sheet("a", moves=[_powered(MEND, "life_bar")])
    res = duel(
        {**USE_MEND, "T1.a.power_up_bonus": {"amount": 3}},
        {**A_FIRST, "T1.a.healing": 4},
        a=a,
        sa={"life_bar": 30},
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").life_bar == 30 - 3 + 4 + 3  # 3 Life Bar spent, then 4 + 3 healed


def test_powered_up_bomb_keeps_its_bonus_until_it_explodes() -> None:
    a = sheet("a", moves=[_powered(MINE)])
    a["combat_skills"]["ki"] = 5
    place = {"T1.a.action": {"action": "utility", "moves": ["mine"]}, "T1.a.power_up_bonus": {"amount": 2}}
    rolls = {**A_FIRST, "T1.a.bomb_timer": 5, "T1.a.bomb_maneuver": 8, "T1.b.bomb_maneuver": 2}
    res = duel(place, rolls, a=a, rng=3)
    assert res.status == "resolved", res.violations
    (bomb,) = [e for e in st(res, "a").ongoing_effects if e.id == "bomb"]
    assert bomb.charges == 2
    # Next turn it goes off: its die (4) + 2.
    live = {
        "ongoing_effects": [{"id": "bomb", "move": "mine", "since": 1, "time_left": 0, "target": "b", "charges": 2}]
    }
    res = duel(
        {"T2.a.action": {"action": "none"}},
        {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6, "T2.a.attack": 6, "T2.a.damage": 4},
        a=a,
        b=sheet("b", defense=2),
        rng=3,
        turn=2,
        sa=live,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 4 - 2


# ── Sidestep Setup ─────────────────────────────────────────────────────────────────────────────────────

SPIN = {"id": "spin", "name": "Spin", "level": 2, "liabilities": [{"id": "sidestep_setup"}]}
DODGER = sheet("a", defense=9, evasion=9, moves=[SPIN, FIST])
SIDESTEP = {
    "T1.b.action": attack(["fist"]),
    "T1.a.defense": {"defense": "evasion"},
    "T1.a.evasion_result": {"choice": "sidestep", "direction": "away"},
}
ON = {"sidestep": True}


def _chance(res) -> list:
    return [e for e in st(res, "a").ongoing_effects if e.id == "sidestep_setup"]


def test_sidestep_setup_follows_a_successful_sidestep() -> None:
    res = duel({"T1.a.action": attack(["spin"])}, B_FIRST, a=DODGER, b=sheet("b", moves=[FIST]), rng=1, options=ON)
    assert codes(res) == ["SIDESTEP_SETUP_NOT_READY"]
    res = duel(
        {**SIDESTEP, "T1.a.action": attack(["spin"])}, B_FIRST, a=DODGER, b=sheet("b", moves=[FIST]), rng=1, options=ON
    )
    assert res.status == "resolved", res.violations
    assert _chance(res) == []  # used up


def test_sidestep_setup_chance_lasts_into_the_next_turn_only() -> None:
    # a has already acted when he sidesteps: the chance is carried into turn 2.
    rolls = {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 6}
    res = duel(
        {**SIDESTEP, "T1.a.action": {"action": "none"}}, rolls, a=DODGER, b=sheet("b", moves=[FIST]), rng=1, options=ON
    )
    assert res.status == "resolved", res.violations
    assert [e.since for e in _chance(res)] == [1]
    state = {"ongoing_effects": [{"id": "sidestep_setup", "since": 1}]}
    t2 = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    res = duel({"T2.a.action": attack(["spin"])}, t2, a=DODGER, rng=1, options=ON, turn=2, sa=state)
    assert res.status == "resolved", res.violations
    t3 = {"T3.a.init": 6, "T3.b.init": 1, "T3.a.ctrl": 6}
    res = duel({"T3.a.action": attack(["spin"])}, t3, a=DODGER, rng=1, options=ON, turn=3, sa=state)
    assert codes(res) == ["SIDESTEP_SETUP_NOT_READY"]  # two turns later: gone


def test_sidestep_setup_chance_lost_by_a_defence_or_another_action() -> None:
    state = {"ongoing_effects": [{"id": "sidestep_setup", "since": 1}]}
    t2 = {"T2.b.init": 6, "T2.a.init": 1, "T2.b.ctrl": 6, "T2.a.ctrl": 4}
    dec = {"T2.b.action": attack(["fist"]), "T2.a.defense": {"defense": "defense"}, "T2.a.action": attack(["spin"])}
    res = duel(dec, t2, a=DODGER, b=sheet("b", moves=[FIST]), rng=1, options=ON, turn=2, sa=state)
    assert codes(res) == ["SIDESTEP_SETUP_NOT_READY"]  # he blocked b's Fist first
    t2a = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    res = duel({"T2.a.action": {"action": "move", "movement": 1}}, t2a, a=DODGER, rng=3, options=ON, turn=2, sa=state)
    assert res.status == "resolved" and _chance(res) == [], res.violations


# ── Extra Elements and Enhanced Power Up ───────────────────────────────────────────────────────────────


def _burst(enhanced: bool = True) -> dict:
    elements = [
        {"id": "power_up", "options": {"version": "control"}},
        {"id": "power_up.extra_elements", "options": {"schedule": "knocks_down"}},
    ]
    if enhanced:
        elements.append({"id": "power_up.enhanced_power_up", "options": {"control_cap": "double_level"}})
    return {"id": "burst", "name": "Burst", "level": 2, "elements": elements}


def _burst_turn(amount: int, elements: int | None = None, enhanced: bool = True):
    dec: dict[str, Any] = {
        "T1.a.action": attack(["burst"]),
        "T1.a.accuracy_fs": {"fs": 3},
        "T1.a.power_up_bonus": {"amount": amount},
    }
    if elements is not None:
        dec["T1.a.power_up_elements"] = {"amount": elements}
    return duel(
        dec, {**A_FIRST, "T1.a.damage": 3}, a=sheet("a", moves=[_burst(enhanced)]), b=sheet("b", defense=0), rng=1
    )


def test_extra_elements_buy_the_scheduled_element_with_extra_control() -> None:
    res = _burst_turn(2)  # Control 6, an L2 move: 2 extra buy Knocks Down (an Element of cost 2)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 3  # no extra damage
    assert any(s.label == "E.4" and "Knocked Down" in s.text for s in res.log)
    res = _burst_turn(3)  # one more Control: +1 damage as well
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 3 - 1
    res = _burst_turn(2, elements=0)  # or the 2 Control go to damage only
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 3 - 2
    assert not any(s.label == "E.4" and "Knocked Down" in s.text for s in res.log)


def test_enhanced_power_up_raises_the_control_cap_but_not_the_damage_cap() -> None:
    res = _burst_turn(4)  # 2× Level with Enhanced Power Up: Knocks Down and +2 damage
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - 3 - 2
    res = _burst_turn(4, elements=0)
    assert codes(res) == ["POWER_UP_INVALID"]  # 4 damage is more than the Level
    res = _burst_turn(3, enhanced=False)
    assert codes(res) == ["POWER_UP_INVALID"]  # without it at most the Level in extra Control


def test_sidestep_setup_move_may_answer_as_the_defensive_response() -> None:
    spinx = {
        "id": "spinx",
        "name": "Spin Strike",
        "level": 2,
        "elements": [{"id": "interrupt"}],
        "liabilities": [{"id": "sidestep_setup"}],
    }
    a = sheet("a", tactics=9, moves=[spinx, FIST])
    t2 = {"T2.b.init": 6, "T2.a.init": 1, "T2.b.ctrl": 6, "T2.a.ctrl": 6}
    dec = {
        "T2.b.action": attack(["fist"]),
        "T2.a.defense": {"defense": "tactics"},
        "T2.a.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["spinx"]},
    }
    state = {"ongoing_effects": [{"id": "sidestep_setup", "since": 1}]}
    res = duel(dec, t2, a=a, b=sheet("b", moves=[FIST]), rng=1, options=ON, turn=2, sa=state)
    assert res.status == "resolved", res.violations
    assert any(s.label == "D.3" and s.actor == "a" for s in res.log)
    res = duel(dec, t2, a=a, b=sheet("b", moves=[FIST]), rng=1, options=ON, turn=2)
    assert codes(res) == ["SIDESTEP_SETUP_NOT_READY"]
