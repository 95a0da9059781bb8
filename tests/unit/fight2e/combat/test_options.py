"""Small campaign options: Breakfall and Tech Roll (000 L2197–L2207), Aerial Blocks (000 L5840), staying down
(000 L5964)."""

from __future__ import annotations

from .support import A_FIRST, attack, duel, sheet, st

SWEEP = {"id": "sweep", "name": "Leg Sweep", "level": 2, "elements": [{"id": "knocks_down"}]}
HIT = {"T1.a.action": attack(["sweep"]), "T1.a.accuracy_fs": {"fs": 3}}
ROLLS = {**A_FIRST, "T1.b.ctrl": 6}


def damage_die(res) -> str:
    return next(r.die for r in res.rolls if r.key.startswith("T1.a.damage"))


def test_breakfall_lowers_the_damage_and_cancels_the_knock_down() -> None:
    plain = duel(HIT, ROLLS, a=sheet("a", moves=[SWEEP]), b=sheet("b", defense=0), rng=1, options={"breakfall": True})
    assert st(plain, "b").knocked_down is False and any(s.label == "E.4" for s in plain.log)  # stood at his slot
    res = duel(
        {**HIT, "T1.b.breakfall": {"choice": "act"}},
        ROLLS,
        a=sheet("a", moves=[SWEEP]),
        b=sheet("b", defense=0),
        rng=1,
        options={"breakfall": True},
    )
    assert res.status == "resolved", res.violations
    assert (damage_die(plain), damage_die(res)) == ("1d6", "1d4")  # one die size less
    assert not any("Knocked Down" in s.text for s in res.log)
    assert st(res, "b").fighting_spirit == 30 - 2
    assert not [u for u in res.unsupported if u.id == "breakfall"]


def test_tech_roll_moves_exactly_two_ranges_and_still_costs_the_action() -> None:
    res = duel(
        {**HIT, "T1.b.tech_roll": {"choice": "away"}, "T1.b.action": attack(["basic_move"])},
        ROLLS,
        a=sheet("a", moves=[SWEEP]),
        b=sheet("b", defense=0),
        rng=1,
        options={"tech_roll": True},
    )
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
    dec = {
        "T1.a.action": attack(["sweep"]),
        "T1.b.defense": {"defense": "defense_evasion"},
        "T1.b.aerial_block": {"choice": "move", "direction": "away"},
    }
    res = duel(
        dec,
        ROLLS,
        a=sheet("a", moves=[SWEEP]),
        b=sheet("b", defense=9, evasion=9),
        rng=1,
        options={"aerial_blocks": True},
    )
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
    for tech, opt, bonus, fs in (
        ("double_jump", "double_jumps", 2, 1 + 1),
        ("air_dash", "air_dash", 1, 1),
        ("hover", "hover", 1, 1),
        ("back_dash", "back_dash", 2, 1 + 1),
    ):
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
    res = duel(
        {
            **FIST_ATK,
            **evade("back_dash", defense="tactics", response="jinking"),
            "T1.b.defensive_response": {"choice": "respond", "response": "jinking"},
        },
        A_FIRST,
        b=sheet("b", tactics=9),
        rng=1,
        options={"back_dash": True},
    )
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
    dec = {
        **FIST_ATK,
        "T1.b.defense": {"defense": "evasion"},
        "T1.b.evasion_result": {"choice": "sidestep", "direction": "away"},
    }
    res = duel(dec, A_FIRST, b=sheet("b", evasion=9), rng=1, options={"sidestep": True})
    assert res.status == "resolved", res.violations
    b = st(res, "b")
    assert res.fight.positioning.range == 2 and b.fighting_spirit == 30 - 1
    assert [(p.amount, p.vs) for p in b.pending_accuracy] == [(2, "a")]
    res = duel(dec, A_FIRST, b=sheet("b", evasion=9), rng=1)
    assert res.violations[0].code == "EVASION_RESULT_INVALID"  # option off


def test_air_dash_movement_evades_a_reaction_attack_better() -> None:
    dec = {
        "T1.a.action": {"action": "move", "movement": 2, "direction": "toward", "technique": "air_dash"},
        "T1.b.reaction": {"choice": "act", "moves": ["basic_move"]},
        "T1.a.defense": {"defense": "evasion"},
    }
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", evasion=2), rng=3, options={"air_dash": True})
    assert res.status == "resolved", res.violations
    assert dt(res) == 2 + 2  # Evasion 2, +2 for the Air Dash
    assert st(res, "a").fighting_spirit == 30  # the 2 Ranges cost nothing
    res = duel(
        {**dec, "T1.a.action": {**dec["T1.a.action"], "movement": 3}}, A_FIRST, rng=3, options={"air_dash": True}
    )
    assert res.violations[0].code == "EVADE_TECHNIQUE_INVALID"


def test_wall_spring_attack_leaps_back_to_the_border_and_springs_three_forward() -> None:
    spring = {"T1.a.action": attack(["basic_move"], movement=3, direction="toward", wall_spring=True)}
    wall = sheet("b", defense=9, evasion=9, tactics=9)  # a sure miss: no first-hit refund to muddle the FS
    res = duel(spring, A_FIRST, rng=3, b=wall, options={"wall_springs": True})
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 1  # 3 → back to the border at 4 → 3 forward: a net gain of 2
    assert st(res, "a").fighting_spirit == 30 - 1  # one jump
    assert next(s.inputs for s in res.log if s.label == "D.6")["wall_spring"] == 1  # +1 Accuracy
    res = duel(spring, A_FIRST, rng=2, b=wall, options={"wall_springs": True})
    assert res.violations[0].code == "WALL_SPRING_INVALID"  # 1 Range back from Range 2 is not the border
    res = duel(spring, A_FIRST, rng=3, b=wall)
    assert res.violations[0].code == "WALL_SPRING_INVALID"  # option off


def test_wall_spring_defence_adds_one_and_springs_forward() -> None:
    b = sheet("b", evasion=9)
    gun = {"id": "gun", "name": "Gun", "level": 4, "elements": [{"id": "ranged"}]}
    shot = {
        "T1.a.action": attack(["gun"]),
        "T1.b.defense": {"defense": "evasion", "technique": "wall_spring"},
        "T1.b.evasion_result": {"choice": "move", "direction": "away"},
    }
    res = duel(shot, A_FIRST, a=sheet("a", moves=[gun]), b=b, rng=4, options={"wall_springs": True})
    assert res.status == "resolved", res.violations
    assert dt(res) == 9 + 1
    assert res.fight.positioning.range == 2  # forced 2 Ranges forward off the border, whatever was asked
    assert st(res, "b").fighting_spirit == 30 - 1
    res = duel({**FIST_ATK, **evade("wall_spring")}, A_FIRST, b=b, rng=1, options={"wall_springs": True})
    assert res.violations[0].code == "EVADE_TECHNIQUE_INVALID"  # not against the border


def test_wall_spring_element_lets_a_special_move_spring() -> None:
    aerial = {
        "id": "aerial",
        "name": "Swoop",
        "level": 3,
        "elements": [
            {"id": "aerial"},
            {"id": "mobile", "options": {"movement": "mobile"}},
            {"id": "mobile.wall_spring"},
        ],
    }
    plain = {
        "id": "plain",
        "name": "Rush",
        "level": 3,
        "elements": [{"id": "mobile", "options": {"movement": "mobile"}}],
    }
    wall = sheet("b", defense=9, evasion=9, tactics=9)
    for mid, ok in (("aerial", True), ("plain", False)):
        dec = {"T1.a.action": attack([mid], movement=3, direction="toward", wall_spring=True)}
        res = duel(dec, A_FIRST, a=sheet("a", moves=[aerial, plain]), b=wall, rng=3, options={"wall_springs": True})
        if ok:
            assert res.status == "resolved", res.violations
            assert res.fight.positioning.range == 1
            assert not [u for u in res.unsupported if u.id == "mobile.wall_spring"]
        else:
            assert res.violations[0].code == "WALL_SPRING_INVALID"


SJ = {"super_jump": True}


def jumping(charges: int = 3, direction: str = "toward") -> dict:
    return {
        "ongoing_effects": [{"id": "super_jump", "since": 1, "target": "b", "charges": charges, "direction": direction}]
    }


def test_super_jump_takes_the_action_and_moves_two_ranges_meanwhile() -> None:
    dec = {"T1.a.action": {"action": "move", "movement": 3, "direction": "toward", "technique": "super_jump"}}
    res = duel(dec, A_FIRST, rng=4, options=SJ)
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 2  # 2 of the 3 Ranges this turn
    a = st(res, "a")
    assert a.fighting_spirit == 30 - 1
    e = a.ongoing_effects[0]
    assert (e.id, e.charges, e.direction, e.target, e.since) == ("super_jump", 3, "toward", "b", 1)
    res = duel({"T1.a.action": {**dec["T1.a.action"], "movement": 4}}, A_FIRST, rng=4, options=SJ)
    assert res.status == "resolved" and res.fight.positioning.range == 2
    res = duel(dec, A_FIRST, rng=4)
    assert res.violations[0].code == "SUPER_JUMP_INVALID"  # option off


T2_A_LAST = {"T2.a.init": 1, "T2.b.init": 6, "T2.b.ctrl": 6, "T2.a.ctrl": 6}


def test_super_jumper_is_at_his_destination_and_out_of_reach_of_plain_moves() -> None:
    res = duel({"T2.b.action": attack(["basic_move"])}, T2_A_LAST, rng=2, turn=2, sa=jumping(), options=SJ)
    assert res.violations[0].code == "TARGET_UNAVAILABLE"
    gun = {"id": "gun", "name": "Gun", "level": 4, "elements": [{"id": "ranged"}]}
    dec = {"T2.b.action": attack(["gun"]), "T2.a.defense": {"defense": "evasion"}}
    res = duel(
        dec, T2_A_LAST, rng=2, turn=2, a=sheet("a", evasion=9), b=sheet("b", moves=[gun]), sa=jumping(), options=SJ
    )
    assert res.status == "resolved", res.violations
    assert dt(res) == 9 + 2  # Evasion only, +2 in the air
    assert any(s.text.startswith("a's Super Jump reaches") and s.change["range"] == 1 for s in res.log)  # 2 → 1
    assert res.fight.positioning.range == 1  # a successful Evasion moves nothing
    assert st(res, "a").pending_accuracy == []  # and gives no Accuracy bonus
    res = duel(
        {**dec, "T2.a.defense": {"defense": "defense"}},
        T2_A_LAST,
        rng=2,
        turn=2,
        b=sheet("b", moves=[gun]),
        sa=jumping(),
        options=SJ,
    )
    assert res.violations[0].code == "DEFENSE_OPTION_NOT_ALLOWED"


def test_super_jump_landing_attack_gets_plus_two() -> None:
    dec = {"T2.a.action": attack(["basic_move"])}
    res = duel(dec, T2_A_LAST, rng=2, turn=2, b=sheet("b", defense=9, evasion=9, tactics=9), sa=jumping(), options=SJ)
    assert res.status == "resolved", res.violations
    assert next(s.inputs for s in res.log if s.label == "D.6")["super_jump_landing"] == 2
    assert st(res, "a").ongoing_effects == []  # landed
    res = duel(dec, T2_A_LAST, rng=2, turn=2, sa=jumping(4), options=SJ)  # 4 Ranges: lands, nothing more
    assert res.status == "resolved" and res.fight.positioning.range == 0
    assert not any(s.label == "D.6" for s in res.log)
    assert any(w.code == "DECISION_NOT_USED" and w.key == "T2.a.action" for w in res.warnings)
    moved = {**dec, "T2.b.action": {"action": "move", "movement": 1, "direction": "away"}}
    res = duel(moved, T2_A_LAST, rng=2, turn=2, sa=jumping(), options=SJ)  # the target moved: no attack
    assert res.status == "resolved" and not any(s.label == "D.6" for s in res.log)
    res = duel(
        {"T2.a.action": attack(["basic_move"], cross_up=True)}, T2_A_LAST, rng=2, turn=2, sa=jumping(), options=SJ
    )
    assert res.violations[0].code == "SUPER_JUMP_INVALID"  # never a Cross-Up


def test_hits_super_jump_reaches_a_super_jumper_with_plus_one() -> None:
    upper = {
        "id": "upper",
        "name": "Sky Upper",
        "level": 3,
        "elements": [{"id": "anti_air"}, {"id": "hits_super_jump"}],
    }
    dec = {"T2.b.action": attack(["upper"]), "T2.a.defense": {"defense": "evasion"}}
    res = duel(dec, T2_A_LAST, rng=2, turn=2, b=sheet("b", moves=[upper]), sa=jumping(), options=SJ)
    assert res.status == "resolved", res.violations
    assert next(s.inputs for s in res.log if s.label == "D.6")["hits_super_jump"] == 1
    assert not [u for u in res.unsupported if u.id == "hits_super_jump"]


def test_no_breakfall_and_no_tech_roll_close_the_options() -> None:
    slam = {
        "id": "sweep",
        "name": "Slam",
        "level": 3,
        "elements": [{"id": "knocks_down"}, {"id": "knocks_down.no_breakfall"}, {"id": "knocks_down.no_tech_roll"}],
    }
    dec = {**HIT, "T1.b.breakfall": {"choice": "act"}, "T1.b.tech_roll": {"choice": "away"}}
    res = duel(
        dec,
        ROLLS,
        a=sheet("a", moves=[slam]),
        b=sheet("b", pl=4, defense=0),
        rng=1,
        options={"breakfall": True, "tech_roll": True},
    )
    assert res.status == "resolved", res.violations
    assert any("Knocked Down" in s.text for s in res.log) and st(res, "b").fighting_spirit == 40  # no FS spent
    assert {w.key for w in res.warnings if w.code == "DECISION_NOT_USED"} >= {"T1.b.breakfall", "T1.b.tech_roll"}
