"""Small campaign options: Breakfall and Tech Roll (000 L2197–L2207), Aerial Blocks (000 L5840), staying down
(000 L5964)."""

from __future__ import annotations

from .test_combat_rules import A_FIRST, attack, duel, sheet, st

SWEEP = {"id": "sweep", "name": "Leg Sweep", "level": 2, "elements": [{"id": "knocks_down"}]}
HIT = {"T1.a.action": attack(["sweep"]), "T1.a.accuracy_fs": {"fs": 3}}
ROLLS = {**A_FIRST, "T1.b.ctrl": 6}


def damage_die(res) -> str:
    return next(r.die for r in res.rolls if r.key.startswith("T1.a.damage"))


def test_breakfall_lowers_the_damage_and_cancels_the_knock_down() -> None:
    plain = duel(HIT, ROLLS, a=sheet("a", moves=[SWEEP]), b=sheet("b", defense=0), rng=1,
                 options={"breakfall": True})
    assert st(plain, "b").knocked_down is False and any(s.label == "E.4" for s in plain.log)  # stood at his slot
    res = duel({**HIT, "T1.b.breakfall": {"choice": "act"}}, ROLLS, a=sheet("a", moves=[SWEEP]),
               b=sheet("b", defense=0), rng=1, options={"breakfall": True})
    assert res.status == "resolved", res.violations
    assert (damage_die(plain), damage_die(res)) == ("1d6", "1d4")  # one die size less
    assert not any("Knocked Down" in s.text for s in res.log)
    assert st(res, "b").fighting_spirit == 30 - 2
    assert not [u for u in res.unsupported if u.id == "breakfall"]


def test_tech_roll_moves_exactly_two_ranges_and_still_costs_the_action() -> None:
    res = duel({**HIT, "T1.b.tech_roll": {"choice": "away"}, "T1.b.action": attack(["basic_move"])}, ROLLS,
               a=sheet("a", moves=[SWEEP]), b=sheet("b", defense=0), rng=1, options={"tech_roll": True})
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 4  # Range 1, Knocked Back to 2, Tech Roll 2 away
    assert [s.actor for s in res.log if s.label == "D.3"] == ["a"]  # b's action is gone
    assert any(w.code == "DECISION_NOT_USED" and w.key == "T1.b.action" for w in res.warnings)


def test_breakfall_and_tech_roll_together_need_power_level_four() -> None:
    both = {**HIT, "T1.b.breakfall": {"choice": "act"}, "T1.b.tech_roll": {"choice": "toward"}}
    opts = {"breakfall": True, "tech_roll": True}
    res = duel(both, ROLLS, a=sheet("a", moves=[SWEEP]), b=sheet("b", defense=0), rng=1, options=opts)
    assert any(w.code == "DECISION_NOT_USED" and w.key == "T1.b.tech_roll" for w in res.warnings)  # PL 3: 2 + 2 > 3
    res = duel(both, ROLLS, a=sheet("a", moves=[SWEEP]), b=sheet("b", pl=4, defense=0), rng=1, options=opts)
    assert res.status == "resolved", res.violations
    assert st(res, "b").fighting_spirit == 40 - 4 and res.fight.positioning.range == 0  # Knocked Back to 2, 2 toward


def test_aerial_block_moves_after_a_combined_block() -> None:
    dec = {"T1.a.action": attack(["sweep"]), "T1.b.defense": {"defense": "defense_evasion"},
           "T1.b.aerial_block": {"choice": "move", "direction": "away"}}
    res = duel(dec, ROLLS, a=sheet("a", moves=[SWEEP]), b=sheet("b", defense=9, evasion=9), rng=1,
               options={"aerial_blocks": True})
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 3
    assert st(res, "b").fighting_spirit == 30 - 2  # 1 FS for the combined block, 1 for the movement


def test_voluntary_stay_down() -> None:
    dec = {"T2.b.stand_alt": {"choice": "stay"}}
    rolls = {"T2.a.init": 6, "T2.b.init": 1}
    res = duel(dec, rolls, rng=1, turn=2, sb={"knocked_down": True}, options={"voluntary_stay_down": True})
    assert res.status == "resolved", res.violations
    assert st(res, "b").knocked_down is True
    res = duel(dec, rolls, rng=1, turn=2, sb={"knocked_down": True})
    assert res.violations[0].code == "DECISION_INVALID"


FIST_ATK = {"T1.a.action": attack(["basic_move"])}


def evade(tech: str, **kw) -> dict:
    return {"T1.b.defense": {"defense": kw.pop("defense", "evasion"), "technique": tech, **kw}}


def dt(res) -> int:
    return next(s.change["dt"] for s in res.log if s.label == "D.4")


def test_evasion_techniques_add_to_the_defense_total_and_force_the_move() -> None:
    b = sheet("b", evasion=9)  # the Basic Move misses whatever is rolled
    for tech, opt, bonus, fs in (("double_jump", "double_jumps", 2, 1 + 1), ("air_dash", "air_dash", 1, 1),
                                 ("hover", "hover", 1, 1), ("back_dash", "back_dash", 2, 1 + 1)):
        res = duel({**FIST_ATK, **evade(tech)}, A_FIRST, b=b, rng=1, options={opt: True})
        assert res.status == "resolved", (tech, res.violations)
        assert dt(res) == 9 + bonus, tech
        assert res.fight.positioning.range == 3, tech  # moved 2 Ranges away: no Accuracy bonus instead
        assert st(res, "b").fighting_spirit == 30 - fs, tech  # the technique plus 1 FS for the move
    res = duel({**FIST_ATK, **evade("hover")}, A_FIRST, b=b, rng=1)
    assert res.violations[0].code == "EVADE_TECHNIQUE_INVALID"  # option off
    res = duel({**FIST_ATK, **evade("hover", defense="defense")}, A_FIRST, b=b, rng=1, options={"hover": True})
    assert res.violations[0].code == "EVADE_TECHNIQUE_INVALID"  # Evasion only


def test_back_dash_with_jinking() -> None:
    res = duel({**FIST_ATK, **evade("back_dash", defense="tactics", response="jinking"),
                "T1.b.defensive_response": {"choice": "respond", "response": "jinking"}}, A_FIRST,
               b=sheet("b", tactics=9), rng=1, options={"back_dash": True})
    assert res.status == "resolved", res.violations
    assert dt(res) == 9 + 4 and res.fight.positioning.range == 3 and st(res, "b").fighting_spirit == 30 - 2


def test_dash() -> None:
    dash = {"T1.a.action": attack(["basic_move"], movement=2, direction="toward", dash=True)}
    wall = sheet("b", defense=9, evasion=9, tactics=9)  # a sure miss: no first-hit refund to muddle the FS
    res = duel(dash, A_FIRST, rng=3, b=wall, options={"dash": True})
    assert res.status == "resolved", res.violations
    assert st(res, "a").fighting_spirit == 30 - 2 and res.fight.positioning.range == 1  # 2 FS, not a jump's 1
    short = {"T1.a.action": attack(["basic_move"], movement=1, direction="toward", dash=True)}
    res = duel(short, A_FIRST, rng=2, options={"dash": True})
    assert res.status == "resolved", res.violations
    assert next(s.inputs for s in res.log if s.label == "D.6")["dash"] == 1  # +1 Accuracy for 1 FS
    res = duel(dash, A_FIRST, rng=3)
    assert res.violations[0].code == "DASH_INVALID"


def test_sidestep_moves_one_range_and_keeps_the_accuracy_bonus() -> None:
    dec = {**FIST_ATK, "T1.b.defense": {"defense": "evasion"},
           "T1.b.evasion_result": {"choice": "sidestep", "direction": "away"}}
    res = duel(dec, A_FIRST, b=sheet("b", evasion=9), rng=1, options={"sidestep": True})
    assert res.status == "resolved", res.violations
    b = st(res, "b")
    assert res.fight.positioning.range == 2 and b.fighting_spirit == 30 - 1
    assert [(p.amount, p.vs) for p in b.pending_accuracy] == [(2, "a")]
    res = duel(dec, A_FIRST, b=sheet("b", evasion=9), rng=1)
    assert res.violations[0].code == "EVASION_RESULT_INVALID"  # option off


def test_air_dash_movement_evades_a_reaction_attack_better() -> None:
    dec = {"T1.a.action": {"action": "move", "movement": 2, "direction": "toward", "technique": "air_dash"},
           "T1.b.reaction": {"choice": "act", "moves": ["basic_move"]}, "T1.a.defense": {"defense": "evasion"}}
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", evasion=2), rng=3, options={"air_dash": True})
    assert res.status == "resolved", res.violations
    assert dt(res) == 2 + 2  # Evasion 2, +2 for the Air Dash
    assert st(res, "a").fighting_spirit == 30  # the 2 Ranges cost nothing
    res = duel({**dec, "T1.a.action": {**dec["T1.a.action"], "movement": 3}}, A_FIRST, rng=3,
               options={"air_dash": True})
    assert res.violations[0].code == "EVADE_TECHNIQUE_INVALID"
