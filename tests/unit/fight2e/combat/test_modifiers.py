"""Accuracy, damage and movement modifiers of moves in combat: Accuracy for Damage (000 L3991–L3999), Draw Closer,
Optional Draw In and Move Closer (000 L4001–L4029), Indirect (000 L4037–L4043), Power Dash (000 L3812–L3818), Pass
Through (000 L3782–L3792), Healing Attack (000 L3248–L3254), Vulnerability's Increased Duration (000 L4896–L4900),
Perfect Hit (000 L4745–L4753) and Random Effect (000 L3938–L3968)."""

from __future__ import annotations

from typing import Any

from .support import A_FIRST, FIST, attack, duel, sheet, st

HIT = {**A_FIRST, "T1.a.attack": 6}


def ki_sheet(fid: str, ki: int = 5, **kw: Any) -> dict[str, Any]:
    s = sheet(fid, **kw)
    s["combat_skills"]["ki"] = ki
    return s


def acc_parts(res) -> dict:
    return next(dict(s.inputs) for s in res.log if s.label == "D.6")


def damage_dice(res, fid: str) -> list[str]:
    return [r.die for r in res.rolls if r.key.startswith(f"T1.{fid}.damage")]


def range_after(res) -> int:
    return res.fight.positioning.range


# ── Accuracy for Damage ─────────────────────────────────────────────────────────────────────────

SHOT = {"id": "shot", "name": "Shot", "level": 3, "elements": [{"id": "ranged"}, {"id": "ranged.accuracy_for_damage"}]}


def test_accuracy_for_damage_trades_one_accuracy_for_two_damage_per_range() -> None:
    a = ki_sheet("a", moves=[SHOT])
    rolls = {**HIT, "T1.a.damage": 3}
    plain = duel({"T1.a.action": attack(["shot"])}, rolls, a=a, b=sheet("b", defense=0), rng=2)
    traded = duel(
        {"T1.a.action": attack(["shot"]), "T1.a.accuracy_for_damage": {"amount": 2}},
        rolls,
        a=a,
        b=sheet("b", defense=0),
        rng=2,
    )
    assert plain.status == traded.status == "resolved", (plain.violations, traded.violations)
    assert "accuracy_for_damage" not in acc_parts(plain)
    assert acc_parts(traded)["accuracy_for_damage"] == -2  # the book's example: Range 2, cut by 2
    assert st(plain, "b").life_bar == 50 - 3  # the 1d6 rolled 3
    assert st(traded, "b").life_bar == 50 - 3 - 4  # +4 damage


def test_accuracy_for_damage_cannot_cut_below_the_targets_range() -> None:
    res = duel(
        {"T1.a.action": attack(["shot"]), "T1.a.accuracy_for_damage": {"amount": 3}},
        HIT,
        a=ki_sheet("a", moves=[SHOT]),
        rng=2,
    )
    assert res.violations[0].code == "ACCURACY_FOR_DAMAGE_INVALID"  # max Range 1 would not reach Range 2
    res = duel(
        {"T1.a.action": attack(["shot"]), "T1.a.accuracy_for_damage": {"amount": 1}},
        HIT,
        a=ki_sheet("a", moves=[SHOT]),
        rng=4,
    )
    assert res.status == "resolved", res.violations  # at Range 4 nothing can be cut: not even asked
    assert "T1.a.accuracy_for_damage" in [w.key for w in res.warnings if w.code == "DECISION_NOT_USED"]
    assert "accuracy_for_damage" not in acc_parts(res)


def test_accuracy_for_damage_later_in_a_combo_keeps_accuracy_and_halves_the_bonus() -> None:
    a = ki_sheet("a", combo=3, moves=[FIST, SHOT])
    rolls = {**HIT, "T1.a.damage": 4, "T1.a.damage#2": 4}
    base = {"T1.a.action": attack(["fist", "shot"]), "T1.a.accuracy_fs": {"fs": 3}}
    plain = duel(base, rolls, a=a, b=sheet("b", defense=0), rng=1)
    traded = duel({**base, "T1.a.accuracy_for_damage": {"amount": 2}}, rolls, a=a, b=sheet("b", defense=0), rng=1)
    assert plain.status == traded.status == "resolved", (plain.violations, traded.violations)
    assert "accuracy_for_damage" not in acc_parts(traded)  # only the first move's Accuracy counts
    assert st(plain, "b").life_bar - st(traded, "b").life_bar == 2  # +4 halved like the move's own damage


# ── Indirect ────────────────────────────────────────────────────────────────────────────────────


def indirect(usable: str | None) -> dict[str, Any]:
    opt = {"options": {"usable_as_ranged_response": usable}} if usable else {}
    return {
        "id": "rain",
        "name": "Rain",
        "level": 4,
        "elements": [
            {"id": "ranged"},
            {"id": "ranged.no_ranged_response"},
            {"id": "ranged.no_ranged_response.indirect", **opt},
        ],
    }


def test_indirect_blast_is_no_ranged_response_unless_bought_so() -> None:
    ball = {"id": "ball", "name": "Ball", "level": 3, "elements": [{"id": "ranged"}]}
    dec = {
        "T1.a.action": attack(["ball"]),
        "T1.b.defense": {"defense": "tactics", "response": "ranged"},
        "T1.b.defensive_response": {"choice": "respond", "response": "ranged", "moves": ["rain"]},
    }
    rolls = {**A_FIRST, "T1.b.ctrl": 6}
    for usable, ok in ((None, False), ("no", False), ("yes", True)):
        b = ki_sheet("b", ki=9, tactics=9, moves=[indirect(usable)])
        res = duel(dec, rolls, a=ki_sheet("a", moves=[ball]), b=b, rng=3)
        if ok:
            assert res.status == "resolved", res.violations
        else:  # no move of his may answer: the Ranged Response is not open to him
            assert res.status == "invalid" and res.violations[0].key == "T1.b.defensive_response", usable


def test_indirect_blast_cannot_be_reflected() -> None:
    mirror = {
        "id": "mirror",
        "name": "Mirror",
        "level": 2,
        "elements": [{"id": "interrupt"}, {"id": "reflection"}],
        "liabilities": [{"id": "utility"}],
    }
    plain = {"id": "rain", "name": "Rain", "level": 4, "elements": [{"id": "ranged"}]}
    dec = {
        "T1.a.action": attack(["rain"]),
        "T1.b.defense": {"defense": "tactics", "fs": 3},
        "T1.b.defensive_response": {"choice": "respond", "response": "interrupt", "moves": ["mirror"]},
    }
    rolls = {**A_FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5}
    res = duel(dec, rolls, a=ki_sheet("a", moves=[indirect(None)]), b=sheet("b", moves=[mirror]), rng=3)
    assert res.violations[0].code == "RESPONSE_TRIGGER_INVALID"
    res = duel(dec, rolls, a=ki_sheet("a", moves=[plain]), b=sheet("b", moves=[mirror]), rng=3)
    assert res.status == "resolved", res.violations  # an ordinary projectile can be turned back


def test_indirect_blast_is_applied_not_unsupported() -> None:
    res = duel({"T1.a.action": attack(["rain"])}, HIT, a=ki_sheet("a", moves=[indirect(None)]), rng=3)
    assert res.status == "resolved", res.violations
    assert not [u for u in res.unsupported if u.id.startswith("ranged")]


# ── Draw Closer, Optional Draw In, Move Closer ──────────────────────────────────────────────────


def yank(*extra: str) -> dict[str, Any]:
    return {
        "id": "yank",
        "name": "Yank",
        "level": 4,
        "elements": [{"id": "ranged"}, {"id": "ranged.draw_closer"}, *({"id": e} for e in extra)],
    }


def test_draw_closer_pulls_the_target_in_instead_of_knocking_him_back() -> None:
    dec = {"T1.a.action": attack(["yank"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(dec, HIT, a=ki_sheet("a", moves=[yank()]), b=sheet("b", defense=0), rng=3)
    assert res.status == "resolved", res.violations
    assert range_after(res) == 2  # drawn in 1 Range, where Knock Back would have made it 4
    res = duel(dec, HIT, a=ki_sheet("a", moves=[yank("increased_knockback")]), b=sheet("b", defense=0), rng=3)
    assert range_after(res) == 1  # Increased Knockback: 2 Ranges in
    res = duel(dec, HIT, a=ki_sheet("a", moves=[yank("increased_knockback")]), b=sheet("b", defense=0), rng=1)
    assert range_after(res) == 0  # never through the attacker to the other side


def test_optional_draw_in_may_knock_back_as_usual() -> None:
    a = ki_sheet("a", moves=[yank("ranged.draw_closer.optional_draw_in")])
    base = {"T1.a.action": attack(["yank"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel({**base, "T1.a.draw_in": {"choice": "away"}}, HIT, a=a, b=sheet("b", defense=0), rng=2)
    assert res.status == "resolved", res.violations
    assert range_after(res) == 3  # ordinary Knock Back
    res = duel({**base, "T1.a.draw_in": {"choice": "toward"}}, HIT, a=a, b=sheet("b", defense=0), rng=2)
    assert range_after(res) == 1
    res = duel(base, HIT, a=a, b=sheet("b", defense=0), rng=2)
    assert range_after(res) == 1  # without a decision the Element draws in


def test_optional_draw_in_knock_back_skips_the_combo_check() -> None:
    a = ki_sheet("a", tactics=2, combo=3, moves=[yank("ranged.draw_closer.optional_draw_in"), FIST])
    dec = {"T1.a.action": attack(["yank", "fist"]), "T1.a.accuracy_fs": {"fs": 3}, "T1.a.draw_in": {"choice": "away"}}
    res = duel(dec, HIT, a=a, b=sheet("b", defense=0), rng=2)
    assert res.status == "resolved", res.violations
    assert not [r for r in res.rolls if r.key.startswith("T1.a.tactics_check")]
    assert len(next(s for s in res.log if s.text.startswith("Damage to b")).inputs["parts"]) == 2


def test_move_closer_without_a_map_closes_the_range_like_draw_closer() -> None:
    dec = {"T1.a.action": attack(["yank"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(
        dec, HIT, a=ki_sheet("a", moves=[yank("ranged.draw_closer.move_closer")]), b=sheet("b", defense=0), rng=3
    )
    assert res.status == "resolved", res.violations
    assert range_after(res) == 2  # no Knock Back on the target; the two are 1 Range closer


def test_draw_closer_opening_a_combo_needs_tactics_and_carries_the_combo_in() -> None:
    # Range 3: the Fist (Standard Range 0–2) only reaches after the pull.
    a = ki_sheet("a", tactics=2, combo=3, moves=[yank(), FIST])
    dec = {"T1.a.action": attack(["yank", "fist"]), "T1.a.accuracy_fs": {"fs": 3}}
    good = duel(dec, {**HIT, "T1.a.tactics_check": 6}, a=a, b=sheet("b", defense=0), rng=3)
    bad = duel(dec, {**HIT, "T1.a.tactics_check": 5}, a=a, b=sheet("b", defense=0), rng=3)
    assert good.status == bad.status == "resolved", (good.violations, bad.violations)
    assert next(s for s in good.log if s.label == "D.2").change["success"] is True  # 6 + 2 against DL 8
    assert next(s for s in bad.log if s.label == "D.2").change["success"] is False
    hit = next(s for s in good.log if s.text.startswith("Damage to b"))
    assert len(hit.inputs["parts"]) == 2  # both moves count
    miss = next(s for s in bad.log if s.text.startswith("Damage to b"))
    assert len(miss.inputs["parts"]) == 1  # the Fist after a failed check misses
    assert range_after(good) == 3  # pulled to 2, then the Fist's Knock Back: 3
    assert range_after(bad) == 3  # ruling: a failed check neither draws in nor knocks back


def test_move_closer_on_a_band_map_moves_the_attacker() -> None:
    # Band Map: a on band 1, b on band 2, c on band 3; a's projectile at c (Range 2).
    c = {"id": "c", "sheet": sheet("c", defense=0), "state": {"life_bar": 50, "fighting_spirit": 30}}
    dec = {
        "T1.a.action": attack(["yank"], target="c"),
        "T1.a.accuracy_fs": {"fs": 3},
        "T1.c.action": {"action": "none"},
    }
    rolls = {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.a.ctrl": 6, "T1.a.attack": 6}
    pull = duel(dec, rolls, a=ki_sheet("a", moves=[yank()]), extra=[c])
    move = duel(dec, rolls, a=ki_sheet("a", moves=[yank("ranged.draw_closer.move_closer")]), extra=[c])
    assert pull.status == move.status == "resolved", (pull.violations, move.violations)
    assert pull.fight.positioning.bands == {"a": 1, "b": 2, "c": 2}  # c is drawn in
    assert move.fight.positioning.bands == {"a": 2, "b": 2, "c": 3}  # a pulls himself toward c


# ── Power Dash ──────────────────────────────────────────────────────────────────────────────────

RUSH = {
    "id": "rush",
    "name": "Rush",
    "level": 2,
    "elements": [{"id": "power_dash"}, {"id": "mobile", "options": {"movement": "mobile"}}],
}


def test_power_dash_adds_a_die_size_after_the_one_fs_dash() -> None:
    a = sheet("a", moves=[RUSH, FIST])
    dash = {"T1.a.action": attack(["rush"], movement=1, dash=True), "T1.a.accuracy_fs": {"fs": 0}}
    res = duel(dash, HIT, a=a, b=sheet("b", defense=0), rng=2, options={"dash": True})
    assert res.status == "resolved", res.violations
    assert damage_dice(res, "a") == ["1d8"]  # a Special Move's 1d6, one size up
    assert acc_parts(res)["dash"] == 1  # the Dash's own +1 Accuracy
    assert next(s for s in res.log if s.label == "C" and "ranges" in s.inputs).inputs["fs"] == 1  # the 1 FS Dash
    walk = duel(
        {"T1.a.action": attack(["rush"], movement=1)}, HIT, a=a, b=sheet("b", defense=0), rng=2, options={"dash": True}
    )
    assert damage_dice(walk, "a") == ["1d6"]  # no Dash, no extra size


def test_dash_with_a_special_move_needs_power_dash() -> None:
    res = duel(
        {"T1.a.action": attack(["fist"], movement=1, dash=True)},
        HIT,
        a=sheet("a", moves=[RUSH, FIST]),
        rng=2,
        options={"dash": True},
    )
    assert res.violations[0].code == "DASH_INVALID"
    res = duel(
        {"T1.a.action": attack(["rush"], movement=2, dash=True)},
        HIT,
        a=sheet("a", moves=[RUSH]),
        rng=3,
        options={"dash": True},
    )
    assert res.violations[0].code == "DASH_INVALID"  # the 2 FS Dash stays with Basic Moves


# ── Pass Through ────────────────────────────────────────────────────────────────────────────────

SLIDE = {"id": "slide", "name": "Slide", "level": 2, "elements": [{"id": "pass_through"}]}


def test_pass_through_moves_two_ranges_for_free_to_range_zero_or_past_the_foe() -> None:
    a = sheet("a", moves=[SLIDE, FIST])
    for start, end in ((2, 0), (1, 1), (0, 2)):
        res = duel(
            {"T1.a.action": attack(["slide"], movement=2)},
            HIT,
            a=a,
            b=sheet("b", defense=9, evasion=9, tactics=9),
            rng=start,
        )
        assert res.status == "resolved", (start, res.violations)
        assert st(res, "a").fighting_spirit == 30, start  # no FS for the 2 Ranges
        moved = next(s for s in res.log if s.label == "C")
        assert moved.change["range"] == end, start


def test_pass_through_refuses_other_two_range_movement() -> None:
    res = duel({"T1.a.action": attack(["slide"], movement=2)}, HIT, a=sheet("a", moves=[SLIDE]), rng=3)
    assert res.violations[0].code == "PASS_THROUGH_INVALID"  # Range 3 → 1 neither lands on nor passes him
    res = duel(
        {"T1.a.action": attack(["slide"], movement=1)},
        HIT,
        a=sheet("a", moves=[SLIDE]),
        b=sheet("b", defense=9, evasion=9, tactics=9),
        rng=3,
    )
    assert res.status == "resolved", res.violations  # 1 Range as before


# ── Healing Attack ──────────────────────────────────────────────────────────────────────────────


def bite(heal: str) -> dict[str, Any]:
    return {
        "id": "bite",
        "name": "Bite",
        "level": 4,
        "elements": [{"id": "drain_life", "options": {"heal": heal}}, {"id": "drain_life.healing_attack"}],
    }


def test_healing_attack_heals_its_own_roll_even_on_a_miss() -> None:
    for heal, want in (("full", 4), ("half", 2)):
        res = duel(
            {"T1.a.action": attack(["bite"])},
            {**A_FIRST, "T1.a.drain_heal": 4},
            a=sheet("a", moves=[bite(heal)]),
            b=sheet("b", defense=9, evasion=9, tactics=9),
            sa={"life_bar": 20},
            rng=1,
        )
        assert res.status == "resolved", res.violations
        assert st(res, "b").life_bar == 50  # missed
        assert st(res, "a").life_bar == 20 + want  # 1d6 rolled 4: all, or half
        assert [s.label for s in res.log if "heals" in s.text] == ["H.1"]


def test_healing_attack_roll_ignores_the_damage_dealt() -> None:
    res = duel(
        {"T1.a.action": attack(["bite"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**HIT, "T1.a.damage": 6, "T1.a.drain_heal": 1},
        a=sheet("a", strength=2, moves=[bite("full")]),
        b=sheet("b", defense=0),
        sa={"life_bar": 20},
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50 - 1  # the attack itself hit hard
    assert st(res, "a").life_bar == 20 + 1  # but the heal is its own 1d6 roll: 1
    heal_roll = next(r for r in res.rolls if r.key == "T1.a.drain_heal")
    assert heal_roll.die == "1d6"  # unmodified by Strength 2


def test_healing_attack_later_in_a_combo_heals_one() -> None:
    a = sheet("a", combo=3, moves=[FIST, bite("full")])
    res = duel(
        {"T1.a.action": attack(["fist", "bite"])},
        HIT,
        a=a,
        b=sheet("b", defense=9, evasion=9, tactics=9),
        sa={"life_bar": 20},
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert not [r for r in res.rolls if r.key.startswith("T1.a.drain_heal")]
    assert st(res, "a").life_bar == 21


# ── Vulnerability: Increased Duration ───────────────────────────────────────────────────────────

LUNGE = {
    "id": "lunge",
    "name": "Lunge",
    "level": 2,
    "liabilities": [{"id": "vulnerability"}, {"id": "vulnerability.increased_duration"}],
}
LINGER = "vulnerability.increased_duration"


def lingering(res, fid: str) -> list[tuple]:
    return [(e.move, e.time_left, e.since) for e in st(res, fid).ongoing_effects if e.id == LINGER]


def test_increased_duration_starts_a_five_count_from_next_turn() -> None:
    res = duel({"T1.a.action": attack(["lunge"])}, A_FIRST, a=sheet("a", moves=[LUNGE]), rng=1)
    assert res.status == "resolved", res.violations
    assert lingering(res, "a") == [("lunge", 5, 1)]  # not counted down in the turn of use


def test_increased_duration_raises_damage_taken_on_later_turns() -> None:
    rolls = {"T2.b.init": 6, "T2.a.init": 1, "T2.b.ctrl": 6, "T2.b.attack": 6, "T2.fight.time": 3}
    dec = {"T2.b.action": attack(["fist"]), "T2.b.accuracy_fs": {"fs": 3}, "T2.a.action": {"action": "none"}}
    a = sheet("a", defense=0, moves=[LUNGE])
    plain = duel(dec, rolls, a=a, rng=1, turn=2)
    weak = duel(
        dec,
        rolls,
        a=a,
        rng=1,
        turn=2,
        sa={"ongoing_effects": [{"id": LINGER, "move": "lunge", "time_left": 5, "since": 1}]},
    )
    assert plain.status == weak.status == "resolved", (plain.violations, weak.violations)
    assert [r.die for r in plain.rolls if r.key.startswith("T2.b.damage")] == ["1d6"]
    assert [r.die for r in weak.rolls if r.key.startswith("T2.b.damage")] == ["1d8"]
    assert lingering(weak, "a") == [("lunge", 5 - 3, 1)]  # the Time Roll of 3 runs off the count


def test_increased_duration_restarts_when_used_again() -> None:
    res = duel(
        {"T2.a.action": attack(["lunge"])},
        {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6},
        a=sheet("a", moves=[LUNGE]),
        rng=1,
        turn=2,
        sa={"ongoing_effects": [{"id": LINGER, "move": "lunge", "time_left": 1, "since": 1}]},
    )
    assert res.status == "resolved", res.violations
    assert lingering(res, "a") == [("lunge", 5, 2)]  # a fresh 5-count from next turn


def test_increased_duration_runs_out_and_needs_its_count() -> None:
    dec = {"T3.a.action": {"action": "none"}, "T3.b.action": {"action": "none"}}
    res = duel(
        dec,
        {},
        a=sheet("a", moves=[LUNGE]),
        rng=3,
        turn=3,
        sa={"ongoing_effects": [{"id": LINGER, "move": "lunge", "time_left": 2, "since": 1}]},
    )
    assert res.status == "resolved", res.violations
    assert lingering(res, "a") == []
    res = duel(
        dec, {}, a=sheet("a", moves=[LUNGE]), rng=3, turn=3, sa={"ongoing_effects": [{"id": LINGER, "move": "lunge"}]}
    )
    assert res.violations[0].code == "STATE_INCONSISTENT_STATUS"


# ── Perfect Hit ─────────────────────────────────────────────────────────────────────────────────

CRUSH = {
    "id": "crush",
    "name": "Crush",
    "level": 3,
    "elements": [{"id": "increased_damage", "times": 2}],
    "liabilities": [{"id": "perfect_hit", "options": {"target": "increased_damage"}}],
}
TRIP = {
    "id": "trip",
    "name": "Trip",
    "level": 3,
    "elements": [{"id": "knocks_down"}],
    "liabilities": [{"id": "perfect_hit", "options": {"target": "knocks_down"}}],
}


def test_perfect_hit_even_roll_keeps_the_element_odd_roll_drops_it() -> None:
    dec = {"T1.a.action": attack(["crush"]), "T1.a.accuracy_fs": {"fs": 3}}
    for die_roll, want in ((4, "1d8"), (3, "1d6")):  # two Increased Damage: one die size up
        res = duel(dec, {**HIT, "T1.a.perfect_hit": die_roll}, a=sheet("a", moves=[CRUSH]), b=sheet("b", defense=0))
        assert res.status == "resolved", res.violations
        assert damage_dice(res, "a") == [want], die_roll
        assert next(s for s in res.log if "Perfect Hit" in s.text).change["applies"] is (die_roll % 2 == 0)


def test_perfect_hit_on_knocks_down() -> None:
    dec = {"T1.a.action": attack(["trip"]), "T1.a.accuracy_fs": {"fs": 3}}
    down = duel(dec, {**HIT, "T1.a.perfect_hit": 2}, a=sheet("a", moves=[TRIP]), b=sheet("b", defense=0))
    up = duel(dec, {**HIT, "T1.a.perfect_hit": 5}, a=sheet("a", moves=[TRIP]), b=sheet("b", defense=0))
    assert down.status == up.status == "resolved", (down.violations, up.violations)
    assert [s.label for s in down.log if "is Knocked Down" in s.text] == ["E.4"]
    assert not [s for s in up.log if "is Knocked Down" in s.text]
    assert [s.label for s in up.log if s.text.startswith("Hit Stun")] == ["E.2"]  # an ordinary hit instead


def test_perfect_hit_is_not_rolled_on_a_miss() -> None:
    res = duel(
        {"T1.a.action": attack(["crush"])},
        HIT,
        a=sheet("a", moves=[CRUSH]),
        b=sheet("b", defense=9, evasion=9, tactics=9),
    )
    assert res.status == "resolved", res.violations
    assert not [r for r in res.rolls if r.key.startswith("T1.a.perfect_hit")]


CRUSH_AND_TRIP = {
    "id": "crush_trip",
    "name": "Crush and Trip",
    "level": 4,
    "elements": [{"id": "increased_damage", "times": 2}, {"id": "knocks_down"}],
    "liabilities": [
        {"id": "perfect_hit", "options": {"target": "increased_damage"}},
        {"id": "perfect_hit", "options": {"target": "knocks_down"}},
    ],
}


def test_each_perfect_hit_is_rolled_for_its_own_element() -> None:
    """One Perfect Hit per guarded Element, a die each (000 L4745–L4753, 1d6 by ruling). Crush and Trip guards its
    two Increased Damage (1d6 → 1d8, 000 L3530) and its Knocks Down: even/even keeps both (1d8, Knocked Down);
    odd/even drops the damage (1d6) but knocks down; even/odd keeps 1d8 without the Knock Down."""
    dec = {"T1.a.action": attack(["crush_trip"]), "T1.a.accuracy_fs": {"fs": 3}}
    for first, second, die, down in ((4, 2, "1d8", True), (3, 2, "1d6", True), (4, 5, "1d8", False)):
        res = duel(
            dec,
            {**HIT, "T1.a.perfect_hit": first, "T1.a.perfect_hit.2": second},
            a=sheet("a", moves=[CRUSH_AND_TRIP]),
            b=sheet("b", defense=0),
        )
        assert res.status == "resolved", res.violations
        assert [n.inputs["target"] for n in res.log if "Perfect Hit:" in n.text] == ["increased_damage", "knocks_down"]
        assert damage_dice(res, "a") == [die], (first, second)
        assert bool([s for s in res.log if "is Knocked Down" in s.text]) is down, (first, second)
        assert not res.unsupported


# ── Random Effect ───────────────────────────────────────────────────────────────────────────────


def trunk(combinations: str, allocation: int = 2) -> dict[str, Any]:
    return {
        "id": "trunk",
        "name": "Trunk",
        "level": 3,
        "elements": [{"id": "random_effect", "options": {"allocation": allocation, "combinations": combinations}}],
    }


def test_random_effect_rolls_which_combination_is_used() -> None:
    a = ki_sheet("a", moves=[trunk("increased_damage, increased_damage; ranged")])
    dec = {"T1.a.action": attack(["trunk"]), "T1.a.accuracy_fs": {"fs": 3}}
    big = duel(dec, {**HIT, "T1.a.random_effect": 1}, a=a, b=sheet("b", defense=0), rng=1)
    shot = duel(dec, {**HIT, "T1.a.random_effect": 2}, a=a, b=sheet("b", defense=0), rng=1)
    assert big.status == shot.status == "resolved", (big.violations, shot.violations)
    assert next(r.die for r in big.rolls if r.key == "T1.a.random_effect") == "1d2"  # two combinations
    assert damage_dice(big, "a") == ["1d8"]  # combination 1: two Increased Damage
    assert damage_dice(shot, "a") == ["1d6"]  # combination 2: a Ranged blast
    assert not big.unsupported and not shot.unsupported


def test_random_effect_unusable_combination_misses() -> None:
    a = ki_sheet("a", moves=[trunk("increased_damage, increased_damage; ranged")])
    dec = {"T1.a.action": attack(["trunk"]), "T1.a.accuracy_fs": {"fs": 3}}
    near = duel(dec, {**HIT, "T1.a.random_effect": 1}, a=a, b=sheet("b", defense=0), rng=4)
    far = duel(dec, {**HIT, "T1.a.random_effect": 2}, a=a, b=sheet("b", defense=0), rng=4)
    assert near.status == far.status == "resolved", (near.violations, far.violations)
    assert st(near, "b").life_bar == 50  # the melee combination cannot reach Range 4: an automatic miss
    assert st(far, "b").life_bar < 50  # the Ranged one can


def test_random_effect_rerolls_results_above_the_number_of_combinations() -> None:
    a = ki_sheet("a", moves=[trunk("increased_damage; hits_low; subtle", 1)])
    dec = {"T1.a.action": attack(["trunk"]), "T1.a.accuracy_fs": {"fs": 3}}
    res = duel(dec, {**HIT, "T1.a.random_effect": 4, "T1.a.random_effect.2": 2}, a=a, b=sheet("b", defense=0), rng=1)
    assert res.status == "resolved", res.violations
    assert [r.die for r in res.rolls if r.key.startswith("T1.a.random_effect")] == ["1d4", "1d4"]
    assert next(s for s in res.log if "Random Effect: combination" in s.text).inputs["roll"] == 2


def test_random_effect_unusable_in_a_combo_cuts_it_short() -> None:
    a = ki_sheet("a", combo=3, moves=[FIST, trunk("increased_damage; no_combo", 1)])
    dec = {"T1.a.action": attack(["fist", "trunk"]), "T1.a.accuracy_fs": {"fs": 3}}
    whole = duel(dec, {**HIT, "T1.a.random_effect": 1}, a=a, b=sheet("b", defense=0), rng=1)
    cut = duel(dec, {**HIT, "T1.a.random_effect": 2}, a=a, b=sheet("b", defense=0), rng=1)
    assert whole.status == cut.status == "resolved", (whole.violations, cut.violations)
    parts = [len(next(s for s in r.log if s.text.startswith("Damage to b")).inputs["parts"]) for r in (whole, cut)]
    assert parts == [2, 1]  # with No Combo rolled, only the Fist counts
