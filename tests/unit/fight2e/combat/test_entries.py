"""Catalogue entries applied in combat: Self-Damage (000 L4793–L4799), Drain Life (000 L3232–L3244), Knockback
Advance (000 L3653–L3663), Vulnerability (000 L4888–L4894)."""

from __future__ import annotations

from .support import A_FIRST, attack, duel, inp, sheet, st

SELF = {"id": "rush", "name": "Rush", "level": 2, "liabilities": [{"id": "self_damage"}]}
VULN = {"id": "lunge", "name": "Lunge", "level": 2, "liabilities": [{"id": "vulnerability"}]}
ADV = {"id": "shove", "name": "Shove", "level": 2, "elements": [{"id": "knockback_advance"}]}


def drain(heal: str) -> dict:
    return {"id": "bite", "name": "Bite", "level": 3, "elements": [{"id": "drain_life", "options": {"heal": heal}}]}


def test_self_damage_costs_power_level_hit_or_miss() -> None:
    for defense in (0, 9):  # a sure hit, then a sure miss
        res = duel(
            {"T1.a.action": attack(["rush"])}, A_FIRST, a=sheet("a", moves=[SELF]), b=sheet("b", defense=defense), rng=1
        )
        assert res.status == "resolved", res.violations
        assert st(res, "a").life_bar == 50 - 3  # Power Level 3
    res = duel({"T1.a.action": attack(["rush"])}, A_FIRST, a=sheet("a", moves=[SELF]), sa={"life_bar": 2}, rng=1)
    assert st(res, "a").life_bar == 1  # never below 1


def test_drain_life_heals_at_the_end_of_the_turn() -> None:
    for heal, share in (("full", 1), ("half", 2)):
        res = duel(
            {"T1.a.action": attack(["bite"]), "T1.a.accuracy_fs": {"fs": 3}},
            A_FIRST,
            a=sheet("a", moves=[drain(heal)]),
            b=sheet("b", defense=0),
            sa={"life_bar": 20},
            rng=1,
        )
        assert res.status == "resolved", res.violations
        taken = 50 - st(res, "b").life_bar
        assert taken > 0 and st(res, "a").life_bar == 20 + taken // share
        assert [s.label for s in res.log if "heals" in s.text] == ["H.1"]


def test_drain_life_never_above_the_maximum() -> None:
    res = duel(
        {"T1.a.action": attack(["bite"]), "T1.a.accuracy_fs": {"fs": 3}},
        A_FIRST,
        a=sheet("a", moves=[drain("full")]),
        b=sheet("b", defense=0),
        sa={"life_bar": 49},
        rng=1,
    )
    assert st(res, "a").life_bar == 50


def test_knockback_advance_follows_the_target() -> None:
    dec = {"T1.a.action": attack(["shove"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(dec, A_FIRST, a=sheet("a", moves=[ADV]), b=sheet("b", defense=0), rng=1)
    assert res.status == "resolved", res.violations
    assert res.fight.positioning.range == 2  # Knocked Back 1, no advance by default
    res = duel(
        {**dec, "T1.a.knockback_advance": {"movement": 1}},
        A_FIRST,
        a=sheet("a", moves=[ADV]),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.fight.positioning.range == 1
    res = duel(
        {**dec, "T1.a.knockback_advance": {"movement": 2}},
        A_FIRST,
        a=sheet("a", moves=[ADV]),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.violations[0].code == "MOVEMENT_NOT_ALLOWED_BY_KEYWORD"


def test_vulnerability_raises_the_damage_taken_one_die_size() -> None:
    rolls = {"T1.a.init": 4, "T1.b.init": 4, "T1.a.ctrl": 6, "T1.b.ctrl": 6}
    dec = {"T1.b.simul_declare": attack(["fist"]), "T1.b.accuracy_fs": {"fs": 3}}
    plain = duel({**dec, "T1.a.simul_declare": attack(["fist"])}, rolls, a=sheet("a", defense=0), rng=1)
    vuln = duel({**dec, "T1.a.simul_declare": attack(["lunge"])}, rolls, a=sheet("a", defense=0, moves=[VULN]), rng=1)
    assert plain.status == vuln.status == "resolved", (plain.violations, vuln.violations)

    def die(res):
        return next(r.die for r in res.rolls if r.key.startswith("T1.b.damage"))

    assert (die(plain), die(vuln)) == ("1d6", "1d8")  # a Special Move's 1d6, one size up


GUN = {
    "id": "gun",
    "name": "Gun",
    "level": 4,
    "elements": [{"id": "ranged"}],
    "liabilities": [{"id": "limited_use", "options": {"pool": "ammo", "reload_method": "super_reload"}}],
}
RELOADER = {
    "id": "refill",
    "name": "Refill",
    "kind": "super",
    "level": 5,
    "elements": [{"id": "super_reload", "options": {"pool": "ammo"}}],
}


def pools(res, fid: str) -> list[tuple]:
    return [(e.move, e.charges) for e in st(res, fid).ongoing_effects if e.id == "limited_use"]


def test_limited_use_spends_charges_by_level_and_runs_dry() -> None:
    res = duel({"T1.a.action": attack(["gun"])}, A_FIRST, a=sheet("a", moves=[GUN, RELOADER]), rng=3)
    assert res.status == "resolved", res.violations
    assert pools(res, "a") == [("ammo", 6 - 2)]  # a pool of 6; an L4 move takes 2
    res = duel(
        {"T1.a.action": attack(["gun"])},
        A_FIRST,
        a=sheet("a", moves=[GUN, RELOADER]),
        rng=3,
        sa={"ongoing_effects": [{"id": "limited_use", "move": "ammo", "charges": 1}]},
    )
    assert res.violations[0].code == "LIMITED_USE_NO_CHARGES"


def test_super_reload_puts_three_charges_back() -> None:
    res = duel(
        {"T1.a.action": attack(["refill"])},
        A_FIRST,
        a=sheet("a", moves=[GUN, RELOADER]),
        rng=1,
        sa={"super_energy": 10, "ongoing_effects": [{"id": "limited_use", "move": "ammo", "charges": 1}]},
    )
    assert res.status in ("resolved", "over"), res.violations
    assert pools(res, "a") == [("ammo", 1 + 3)]


LAUNCH = {
    "id": "launch",
    "name": "Launch",
    "level": 3,
    "elements": [{"id": "anti_air"}, {"id": "knocks_down"}, {"id": "juggle"}, {"id": "juggle.launcher"}],
}
SLAM = {"id": "slam", "name": "Slam", "level": 2, "elements": [{"id": "knocks_down"}, {"id": "bounce"}]}


def test_launcher_tactics_check_in_a_combo() -> None:
    dec = {"T1.a.action": attack(["launch", "basic_move"]), "T1.a.accuracy_fs": {"fs": 3}}
    a = sheet("a", tactics=2, moves=[LAUNCH])
    good = duel(dec, {**A_FIRST, "T1.a.tactics_check": 6}, a=a, b=sheet("b", defense=0), rng=1)
    bad = duel(dec, {**A_FIRST, "T1.a.tactics_check": 5}, a=a, b=sheet("b", defense=0), rng=1)
    assert good.status == bad.status == "resolved", (good.violations, bad.violations)
    d3 = next(s for s in good.log if s.label == "D.2")
    assert d3.change["success"] is True  # 6 + Tactics 2 = 8 against DL 8
    assert next(s for s in bad.log if s.label == "D.2").change["success"] is False  # 7
    e1 = next(s for s in good.log if s.text.startswith("Damage to b"))
    assert e1.change["damage"] == sum(e1.inputs["parts"]) + 2  # the whole Combo +2
    e1 = next(s for s in bad.log if s.text.startswith("Damage to b"))
    assert len(e1.inputs["parts"]) == 1  # the Basic Move after the Launcher missed


def test_bounce_tactics_check() -> None:
    dec = {"T1.a.action": attack(["slam"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(
        dec, {**A_FIRST, "T1.a.tactics_check": 6}, a=sheet("a", tactics=2, moves=[SLAM]), b=sheet("b", defense=0), rng=1
    )
    assert res.status == "resolved", res.violations
    e1 = next(s for s in res.log if s.text.startswith("Damage to b"))
    assert e1.change["damage"] == sum(e1.inputs["parts"]) + 1


NET = {"id": "net", "name": "Net", "level": 2, "elements": [{"id": "entangle"}]}
CHARGE = {"id": "flash", "name": "Flash Kick", "level": 3, "elements": [{"id": "charge_back"}]}


def test_entangle_takes_the_action_and_slows_next_turn() -> None:
    dec = {"T1.a.action": attack(["net"]), "T1.a.accuracy_fs": {"fs": 3}, "T1.b.action": attack(["basic_move"])}
    res = duel(dec, A_FIRST, a=sheet("a", moves=[NET]), b=sheet("b", defense=0), rng=1)
    assert res.status == "resolved", res.violations
    assert [s.actor for s in res.log if s.label == "D.3"] == ["a"]  # b lost his action despite his Control
    assert ("initiative", -1, "entangle") in [(d.target, d.steps, d.source) for d in st(res, "b").next_turn_dice]


def test_entangle_after_acting_only_slows_next_turn() -> None:
    # b acts first and is entangled after acting: only the Initiative penalty (000 L3306).
    dec = {"T1.b.action": {"action": "none"}, "T1.a.action": attack(["net"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(
        dec, {"T1.a.init": 1, "T1.b.init": 6, "T1.a.ctrl": 6}, a=sheet("a", moves=[NET]), b=sheet("b", defense=0), rng=1
    )
    assert ("initiative", -1, "entangle") in [(d.target, d.steps, d.source) for d in st(res, "b").next_turn_dice]


def test_charge_back_conditions() -> None:
    rolls = {**A_FIRST, "T1.a.ctrl": 4}  # Control 4 for a Level 3 move: not 2 above
    res = duel({"T1.a.action": attack(["flash"])}, rolls, a=sheet("a", moves=[CHARGE]), rng=1)
    assert res.violations[0].code == "CHARGE_BACK_NOT_READY"
    res = duel({"T1.a.action": attack(["flash"])}, {**A_FIRST, "T1.a.ctrl": 5}, a=sheet("a", moves=[CHARGE]), rng=1)
    assert res.status == "resolved", res.violations  # Control 5 = 3 + 2
    res = duel(
        {"T1.a.action": attack(["flash"], movement=1, direction="away")}, rolls, a=sheet("a", moves=[CHARGE]), rng=0
    )
    assert res.status == "resolved", res.violations  # moved 1 Range away first


STUNNER = {
    "id": "overload",
    "name": "Overload",
    "level": 2,
    "liabilities": [{"id": "self_damage"}, {"id": "self_damage.self_stun"}],
}


def test_self_stun_replaces_the_self_damage() -> None:
    res = duel({"T1.a.action": attack(["overload"])}, A_FIRST, a=sheet("a", moves=[STUNNER]), rng=1)
    assert res.status == "resolved", res.violations
    a = st(res, "a")
    assert a.life_bar == 50 and a.stunned is not None and a.stunned.actions_to_recover == 2
    # Hit before the next turn: no Self-Stun.
    res = duel(
        {"T1.a.action": attack(["overload"]), "T1.b.action": attack(["fist"]), "T1.b.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.b.ctrl": 6},
        a=sheet("a", defense=0, moves=[STUNNER]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").stunned is None


FEINT = {"id": "feint", "name": "Feint", "level": 2, "elements": [{"id": "cancel_throw"}]}
TOSS = {"id": "toss", "name": "Toss", "level": 2, "elements": [{"id": "throw"}, {"id": "increased_damage", "times": 2}]}


def test_cancel_throw_turns_the_hit_into_a_throw() -> None:
    dec = {"T1.a.action": attack(["feint"]), "T1.a.accuracy_fs": {"fs": 3}, "T1.a.cancel_throw": {"moves": ["toss"]}}
    res = duel(
        dec,
        {**A_FIRST, "T1.a.tactics_check": 6},
        a=sheet("a", tactics=2, moves=[FEINT, TOSS]),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert "Toss" in next(s.text for s in res.log if s.text.startswith("Damage to b"))
    assert any(s.label == "E.4" for s in res.log)  # the Throw Knocks Down
    res = duel(
        dec,
        {**A_FIRST, "T1.a.tactics_check": 5},
        a=sheet("a", tactics=2, moves=[FEINT, TOSS]),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert "Feint" in next(s.text for s in res.log if s.text.startswith("Damage to b"))  # 7 < 8: no Throw


def test_end_of_fight_glory_for_time_left_and_an_untouched_life_bar() -> None:
    dec = {"T1.a.action": attack(["fist"]), "T1.a.accuracy_fs": {"fs": 3}}
    for time, points in ((99, 3), (85, 2), (70, 1), (60, 0)):  # 90 %, 80 %, 70 % of the 99 count
        res = duel(
            dec, {**A_FIRST, "T1.a.ctrl": 6}, b=sheet("b", defense=0), sb={"life_bar": 1}, rng=1, time_count=time
        )
        assert res.status == "over", res.violations
        awards = {g.reason: g.points for g in res.glory if g.fighter == "a"}
        assert sum(p for r, p in awards.items() if "time left" in r) == points, time
        assert awards["defeated b without losing any Life Bar"] == 5
    res = duel(
        dec, {**A_FIRST, "T1.a.ctrl": 6}, b=sheet("b", defense=0), sa={"life_bar": 40}, sb={"life_bar": 1}, rng=1
    )
    assert not any("without losing" in g.reason for g in res.glory)


BLAST = {"id": "blast", "name": "Blast", "level": 2, "elements": [{"id": "area_effect"}]}


def test_area_effect_hits_everyone_within_range_one() -> None:
    # Band Map: a on band 1, b on band 2, c on band 3; b's Blast reaches both neighbours with separate rolls.
    c = {"id": "c", "sheet": sheet("c", defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}}
    dec = {
        "T1.b.action": attack(["blast"], target="a"),
        "T1.b.accuracy_fs": {"fs": 3},
        "T1.b.accuracy_fs@c": {"fs": 3},
        "T1.a.action": {"action": "none"},
        "T1.c.action": {"action": "none"},
    }
    res = duel(
        dec,
        {"T1.b.init": 6, "T1.a.init": 3, "T1.c.init": 1, "T1.b.ctrl": 6},
        b=sheet("b", moves=[BLAST]),
        a=sheet("a", defense=0),
        extra=[c],
    )
    assert res.status == "resolved", res.violations
    assert [(s.actor, s.text.split(" with ")[0]) for s in res.log if s.label == "D.3"] == [
        ("b", "b attacks a"),
        ("b", "b attacks c"),
    ]
    assert st(res, "a").life_bar < 50 and st(res, "c").life_bar < 50


BOOM = {"id": "boom", "name": "Boom", "level": 3, "elements": [{"id": "explosive"}]}


def test_explosive_reaches_range_two_one_die_size_down() -> None:
    # Band Map: a on band 1, b on 2, c on 3; a's Boom reaches b (Range 1) and c (Range 2).
    c = {"id": "c", "sheet": sheet("c", defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}}
    dec = {
        "T1.a.action": attack(["boom"], target="b"),
        "T1.a.accuracy_fs": {"fs": 3},
        "T1.a.accuracy_fs@c": {"fs": 3},
        "T1.b.action": {"action": "none"},
        "T1.c.action": {"action": "none"},
    }
    res = duel(
        dec,
        {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.a.ctrl": 6},
        a=sheet("a", moves=[BOOM]),
        b=sheet("b", defense=0),
        extra=[c],
    )
    assert res.status == "resolved", res.violations
    assert [s.text.split(" with ")[0] for s in res.log if s.label == "D.3"] == ["a attacks b", "a attacks c"]
    assert {r.die for r in res.rolls if r.key.startswith("T1.a.damage")} == {"1d4"}  # a Special's 1d6, one down


def heal_move(share: str) -> dict:
    return {"id": "mend", "name": "Mend", "level": 2, "elements": [{"id": "healing", "options": {"heal": share}}]}


def test_healing_rolls_a_special_moves_die_and_heals_at_the_end_of_the_turn() -> None:
    use = {"T1.a.action": {"action": "utility", "moves": ["mend"]}}
    for share, healed in (("full", 5), ("half", 2)):  # 1d6 rolled 5: all of it, or 5 // 2
        res = duel(
            use, {**A_FIRST, "T1.a.healing": 5}, a=sheet("a", moves=[heal_move(share)]), sa={"life_bar": 30}, rng=3
        )
        assert res.status == "resolved", res.violations
        assert next(r.die for r in res.rolls if r.key == "T1.a.healing") == "1d6"
        assert st(res, "a").life_bar == 30 + healed


def test_heal_others_heals_the_named_ally_within_range_two() -> None:
    # Band Map: a on band 1, b on band 2, c (a's ally) on band 3 — Range 2 from a.
    mend = {
        "id": "mend",
        "name": "Mend",
        "level": 2,
        "elements": [{"id": "healing", "options": {"heal": "full"}}, {"id": "healing.heal_others"}],
    }
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 30, "fighting_spirit": 30}}
    rolls = {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.a.ctrl": 6, "T1.a.healing": 5}
    use = {"T1.a.action": {"action": "utility", "moves": ["mend"], "target": "c"}}
    res = duel(use, rolls, a=sheet("a", moves=[mend]), sa={"life_bar": 30}, extra=[c], sides={"c": "a"})
    assert res.status == "resolved", res.violations
    assert (st(res, "c").life_bar, st(res, "a").life_bar) == (30 + 5, 30)  # all of the 1d6 roll, to c only
    assert not [u for u in res.unsupported if u.id == "healing.heal_others"]
    only = {**mend, "elements": [*mend["elements"], {"id": "healing.only_heal_others"}]}
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["mend"]}},
        rolls,
        a=sheet("a", moves=[only]),
        extra=[c],
        sides={"c": "a"},
    )
    assert res.violations[0].code == "HEAL_TARGET_INVALID"  # Only Heal Others: never himself


def test_reload_command_move_puts_three_charges_back() -> None:
    pistol = {
        "id": "pistol",
        "name": "Pistol",
        "level": 2,
        "elements": [{"id": "ranged"}],
        "liabilities": [{"id": "limited_use", "options": {"pool": "clip", "reload_method": "reload_command_move"}}],
    }
    use = {"T1.a.action": {"action": "utility", "moves": ["reload:clip"]}}
    res = duel(
        use,
        A_FIRST,
        a=sheet("a", moves=[pistol]),
        rng=3,
        sa={"ongoing_effects": [{"id": "limited_use", "move": "clip", "charges": 2}]},
    )
    assert res.status == "resolved", res.violations
    assert pools(res, "a") == [("clip", 2 + 3)]
    assert not [g for g in res.glory if "Reload" in g.reason]  # a Command Move: no Glory
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["reload:ammo"]}},
        A_FIRST,
        a=sheet("a", moves=[GUN, RELOADER]),
        rng=3,
    )
    assert res.violations[0].code == "UNKNOWN_MOVE"  # that pool is refilled by the Super Reload only


def _acc(res) -> dict:
    return next(dict(s.inputs) for s in res.log if s.label == "D.6")


def test_very_fast_and_very_slow_projectiles() -> None:
    fast = {"id": "zap", "name": "Zap", "level": 4, "elements": [{"id": "ranged"}, {"id": "ranged.very_fast"}]}
    slow = {
        "id": "orb",
        "name": "Orb",
        "level": 3,
        "elements": [{"id": "ranged"}],
        "liabilities": [{"id": "ranged.very_slow"}],
    }
    a = sheet("a", moves=[fast, slow])
    for mid, rng, want in (("zap", 2, 1), ("zap", 3, None), ("orb", 3, -1), ("orb", 2, None)):
        key = "very_fast" if mid == "zap" else "very_slow"
        res = duel({"T1.a.action": attack([mid])}, A_FIRST, a=a, rng=rng)
        assert res.status == "resolved", (mid, res.violations)
        assert _acc(res).get(key) == want, (mid, rng)  # Long Range: fast at 0–2, slow at 3–4


def test_no_ranged_response_projectile() -> None:
    beam = {
        "id": "beam",
        "name": "Beam",
        "level": 4,
        "elements": [{"id": "ranged"}, {"id": "ranged.no_ranged_response"}],
    }
    ball = {"id": "ball", "name": "Ball", "level": 3, "elements": [{"id": "ranged"}]}
    b = sheet("b", tactics=9, moves=[ball])
    b["combat_skills"]["ki"] = 9
    dec = {
        "T1.a.action": attack(["beam"]),
        "T1.b.defense": {"defense": "tactics", "response": "ranged"},
        "T1.b.defensive_response": {"choice": "respond", "response": "ranged", "moves": ["ball"]},
    }
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", moves=[beam]), b=b, rng=3)
    assert any(v.code == "RESPONSE_TRIGGER_INVALID" for v in res.violations)
    plain = {**beam, "elements": [{"id": "ranged"}]}
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", moves=[plain]), b=b, rng=3)
    assert res.status == "resolved", res.violations  # an ordinary projectile can be answered


def test_super_energy_liability_spends_ten_without_being_a_super() -> None:
    sel = {"id": "sel", "name": "Charged Palm", "level": 3, "liabilities": [{"id": "super_energy_liability"}]}
    sup = {"id": "sup", "name": "Sup", "kind": "super", "level": 5}
    a = sheet("a", moves=[sel, sup], defense=9, evasion=9, tactics=9)
    res = duel(
        {"T1.a.action": attack(["sel"])},
        A_FIRST,
        a=a,
        b=sheet("b", defense=9, evasion=9, tactics=9),
        rng=1,
        sa={"super_energy": 10},
    )
    assert res.status == "resolved", res.violations
    assert any("spends 10 Super Energy on Charged Palm" in s.text for s in res.log)
    assert st(res, "a").fighting_spirit == 30  # no 1 FS as a Super would take
    res = duel({"T1.a.action": attack(["sel"])}, A_FIRST, a=a, rng=1, sa={"super_energy": 9})
    assert res.violations[0].code == "INSUFFICIENT_SUPER_ENERGY"


def test_super_energy_cost_entries_change_the_price() -> None:
    cheap = {
        "id": "cheap",
        "name": "Cheap",
        "kind": "super",
        "level": 5,
        "elements": [{"id": "decreased_super_energy_cost"}, {"id": "increased_damage", "times": 4}],
    }
    dear = {
        "id": "dear",
        "name": "Dear",
        "kind": "super",
        "level": 5,
        "elements": [{"id": "increased_damage", "times": 6}],
        "liabilities": [{"id": "increased_super_energy_cost"}],
    }
    a = sheet("a", moves=[cheap, dear])
    res = duel({"T1.a.action": attack(["cheap"])}, A_FIRST, a=a, rng=1, sa={"super_energy": 5})
    assert res.status in ("resolved", "over"), res.violations
    assert st(res, "a").super_energy == 0  # 5, not 10
    res = duel(
        {"T1.a.action": attack(["dear"])},
        A_FIRST,
        a=a,
        rng=1,
        sa={"super_energy": 10},
        options={"super_energy_max": 30},
    )
    assert res.violations[0].code == "INSUFFICIENT_SUPER_ENERGY"  # 20 needed


def test_limited_movement_closer_needs_a_step_forward() -> None:
    lunge = {
        "id": "lunge",
        "name": "Lunge",
        "level": 2,
        "liabilities": [{"id": "limited_movement", "options": {"direction": "closer"}}],
    }
    a = sheet("a", moves=[lunge])
    res = duel({"T1.a.action": attack(["lunge"])}, A_FIRST, a=a, rng=1)
    assert res.violations[0].code == "MOVEMENT_DIRECTION_INVALID"  # no movement at all
    res = duel({"T1.a.action": attack(["lunge"], movement=1, direction="away")}, A_FIRST, a=a, rng=1)
    assert res.violations[0].code == "MOVEMENT_DIRECTION_INVALID"
    res = duel({"T1.a.action": attack(["lunge"], movement=1, direction="toward")}, A_FIRST, a=a, rng=2)
    assert res.status == "resolved", res.violations
    assert not [u for u in res.unsupported if u.id == "limited_movement"]


def test_super_counter_costs_ten_super_energy_and_knocks_down_for_good() -> None:
    sc = {"id": "sc", "name": "Thunder Counter", "level": 3, "elements": [{"id": "counter"}, {"id": "super_counter"}]}
    dec = {
        "T1.a.action": attack(["basic_move"]),
        "T1.b.defense": {"defense": "defense", "fs": 3},
        "T1.b.defensive_response": {"choice": "respond", "response": "counter", "moves": ["sc"]},
        "T1.a.breakfall": {"choice": "act"},
        "T1.b.accuracy_fs": {"fs": 3},
    }
    rolls = {**A_FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5, "T1.b.attack": 6}
    b = sheet("b", moves=[sc, {"id": "sup", "name": "Sup", "kind": "super", "level": 5}])
    res = duel(dec, rolls, a=sheet("a", defense=0), b=b, rng=1, sb={"super_energy": 10}, options={"breakfall": True})
    assert res.status == "resolved", res.violations
    assert any("spends 10 Super Energy on the Super Counter" in s.text for s in res.log)
    assert any("Knocked Down" in s.text for s in res.log)
    assert any(w.code == "DECISION_NOT_USED" and w.key == "T1.a.breakfall" for w in res.warnings)  # no Breakfall
    res = duel(dec, rolls, a=sheet("a", defense=0), b=b, rng=1, sb={"super_energy": 9}, options={"breakfall": True})
    assert res.violations[0].code == "INSUFFICIENT_SUPER_ENERGY"


def test_only_when_prone_attacks_from_the_ground_at_minus_one() -> None:
    kick = {"id": "upkick", "name": "Up Kick", "level": 2, "liabilities": [{"id": "only_when_prone"}]}
    a = sheet("a", moves=[kick])
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    res = duel(
        {"T2.a.stand_alt": {"choice": "act", "moves": ["upkick"]}}, rolls, a=a, rng=1, turn=2, sa={"knocked_down": True}
    )
    assert res.status == "resolved", res.violations
    assert next(dict(s.inputs) for s in res.log if s.label == "D.6")["move"] == -1  # once, the Liability's own
    assert st(res, "a").knocked_down is True  # he still has to stand up
    res = duel({"T2.a.action": attack(["upkick"])}, rolls, a=a, rng=1, turn=2)
    assert res.violations[0].code == "ONLY_WHEN_PRONE_INVALID"  # not while standing
    # from the ground, a move without the Liability is not an attack he may make there (000 L4737–L4743)
    res = duel(
        {"T2.a.stand_alt": {"choice": "act", "moves": ["basic_move"]}},
        rolls,
        a=a,
        rng=1,
        turn=2,
        sa={"knocked_down": True},
    )
    assert res.violations[0].code == "ONLY_WHEN_PRONE_INVALID"


def test_only_when_prone_is_gated_behind_a_self_prone_move_in_a_combo() -> None:
    """Gated (000 L2449): Only When Prone follows a Self-Prone move in a Combo (000 L4741, L4809–L4815); after
    any other move it is refused, and the Combo after the Self-Prone dive is resolved with nothing unsupported."""
    kick = {"id": "upkick", "name": "Up Kick", "level": 2, "liabilities": [{"id": "only_when_prone"}]}
    dive = {"id": "dive", "name": "Dive", "level": 2, "liabilities": [{"id": "self_prone"}]}
    fist = {"id": "fist", "name": "Fist", "level": 2}
    a = sheet("a", moves=[kick, dive, fist])
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    res = duel({"T2.a.action": attack(["dive", "upkick"])}, rolls, a=a, rng=1, turn=2)
    assert res.status == "resolved", res.violations
    assert not [u for u in res.unsupported if u.id in ("upkick", "gated_combo")]
    res = duel({"T2.a.action": attack(["fist", "upkick"])}, rolls, a=a, rng=1, turn=2)
    assert res.violations[0].code == "ONLY_WHEN_PRONE_INVALID"


def test_rising_with_a_reversal_needs_a_move_with_the_reversal_response() -> None:
    # 000 L4113–L4121: only a move built with the Reversal Defensive Response can be used to rise and strike;
    # a Basic Move has no such Element, so naming it is refused rather than turned into an ordinary stand-up
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    res = duel(
        {"T2.a.stand_alt": {"choice": "reversal", "moves": ["basic_move"]}},
        rolls,
        rng=1,
        turn=2,
        sa={"knocked_down": True},
    )
    assert res.status == "invalid"
    assert res.violations[0].code == "RESPONSE_NO_ELEMENT"
    assert res.violations[0].key == "T2.a.stand_alt"


def test_power_up_buys_damage_with_control_or_life_bar() -> None:
    ctl = {
        "id": "pw",
        "name": "Charged Fist",
        "level": 2,
        "elements": [{"id": "power_up", "options": {"version": "control"}}],
    }
    life = {
        "id": "lb",
        "name": "Blood Fist",
        "level": 2,
        "elements": [{"id": "power_up", "options": {"version": "life_bar"}}],
    }
    a = sheet("a", moves=[ctl, life])
    rolls = {**A_FIRST, "T1.a.damage": 3}  # Control 6
    res = duel({"T1.a.action": attack(["pw"]), "T1.a.power_up_bonus": {"amount": 2}}, rolls, a=a, rng=1)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 - (3 + 2)  # +1 damage per extra Control
    assert inp(res, "D.6", "a").get("extra_control") == 1  # 4 of 6 Control used: still the +1 Accuracy
    res = duel({"T1.a.action": attack(["pw"]), "T1.a.power_up_bonus": {"amount": 3}}, rolls, a=a, rng=1)
    assert res.violations[0].code == "POWER_UP_INVALID"  # at most twice the Level in all
    res = duel({"T1.a.action": attack(["lb"]), "T1.a.power_up_bonus": {"amount": 3}}, rolls, a=a, rng=1)
    assert res.status == "resolved", res.violations
    assert (st(res, "a").life_bar, st(res, "b").life_bar) == (50 - 3, 50 - (3 + 3))
    res = duel({"T1.a.action": attack(["lb"])}, {**A_FIRST, "T1.a.ctrl": 2}, a=a, rng=1)
    assert res.violations[0].code == "INSUFFICIENT_CONTROL"  # the Life Bar version needs one more Control


def test_explosive_reduced_damage_loses_a_die_size_per_range_step() -> None:
    # Band Map: a on band 1, b on 2 (Range 1), c on 3 (Range 2) from a, the blast centre.
    weak = {
        "id": "boom",
        "name": "Boom",
        "level": 3,
        "elements": [{"id": "explosive"}],
        "liabilities": [{"id": "explosive.reduced_damage"}],
    }
    c = {"id": "c", "sheet": sheet("c", defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}}
    dec = {
        "T1.a.action": attack(["boom"], target="b"),
        "T1.a.accuracy_fs": {"fs": 3},
        "T1.a.accuracy_fs@c": {"fs": 3},
        "T1.b.action": {"action": "none"},
        "T1.c.action": {"action": "none"},
    }
    res = duel(
        dec,
        {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.a.ctrl": 6},
        a=sheet("a", moves=[weak]),
        b=sheet("b", defense=0),
        extra=[c],
    )
    assert res.status == "resolved", res.violations
    dice = [r.die for r in res.rolls if r.key.startswith("T1.a.damage")]
    assert dice == ["1d2"] and any("a attacks c" in s.text for s in res.log)  # b: 1d6 −1 (Fighter) −1 (Range 1)
    assert not [u for u in res.unsupported if u.id == "explosive.reduced_damage"]
