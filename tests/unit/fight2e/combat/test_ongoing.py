"""Ongoing move effects carried between turns: the Buff (000 L2953–L3009) and End Buff (000 L3262–L3274)."""

from __future__ import annotations

from typing import Any

from .support import A_FIRST, FIST, attack, duel, sheet, st


def buff(**opts: Any) -> dict[str, Any]:
    mods = opts.pop("mods", [])
    return {
        "id": "rage",
        "name": "Rage",
        "level": 3,
        "elements": [{"id": "buff", "options": opts}, *[{"id": m} for m in mods]],
    }


POWER = buff(quality_raises=1, raised_qualities="strength")
USE = {"T1.a.action": {"action": "utility", "moves": ["rage"]}}


def effects(res, fid: str) -> list[tuple]:
    return [(e.id, e.move, e.time_left) for e in st(res, fid).ongoing_effects]


def test_buff_starts_and_runs_down_with_the_time_roll() -> None:
    res = duel(USE, {**A_FIRST, "T1.fight.time": 4}, a=sheet("a", moves=[POWER, FIST]), rng=3)
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [("buff", "rage", 10 - 4)]  # a 10-count, 4 off it at the Time Roll
    assert not [u for u in res.unsupported if u.id.startswith("buff")]


def test_buff_strength_raises_the_damage_die() -> None:
    dec = {"T2.a.action": attack(["fist"]), "T2.a.accuracy_fs": {"fs": 3}}
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    plain = duel(dec, rolls, a=sheet("a", moves=[POWER, FIST]), b=sheet("b", defense=0), rng=1, turn=2)
    strong = duel(
        dec,
        rolls,
        a=sheet("a", moves=[POWER, FIST]),
        b=sheet("b", defense=0),
        rng=1,
        turn=2,
        sa={"ongoing_effects": [{"id": "buff", "move": "rage", "time_left": 6}]},
    )
    assert strong.status == "resolved", strong.violations

    def die(res):
        return next(r.die for r in res.rolls if r.key.startswith("T2.a.damage"))

    assert (die(plain), die(strong)) == ("1d6", "1d8")  # Strength +1 is one die size (000 L5908)


def test_buff_runs_out() -> None:
    res = duel(
        {},
        {**A_FIRST, "T2.fight.time": 4},
        a=sheet("a", moves=[POWER, FIST]),
        rng=1,
        turn=2,
        sa={"ongoing_effects": [{"id": "buff", "move": "rage", "time_left": 3}]},
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []
    assert any("runs out" in s.text for s in res.log)


def test_buff_defense_trade_and_decreased_duration() -> None:
    trade = buff(defense_trade=2, defense_trade_split="tactics", mods=["buff.decreased_duration"])
    res = duel(
        {**USE, "T1.b.action": attack(["fist"]), "T1.b.defense": {"defense": "defense"}},
        {**A_FIRST, "T1.b.ctrl": 6, "T1.fight.time": 2},
        a=sheet("a", defense=3, moves=[trade]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [("buff", "rage", 5 - 2)]  # a 5-count
    d4 = next(s for s in res.log if s.label == "D.4" and s.actor == "a")
    assert "Defense Total 1" in d4.text  # Defense 3 − 2 traded to Tactics


def test_unlimited_buff_costs_one_fs_a_turn_and_end_buff_stops_it() -> None:
    endless = buff(quality_raises=1, raised_qualities="strength", mods=["buff.increased_duration", "buff.early_ending"])
    stop = {
        "id": "calm",
        "name": "Calm",
        "level": 2,
        "elements": [{"id": "end_buff", "options": {"target_buff": "rage"}}],
    }
    a = sheet("a", moves=[endless, stop, FIST])
    res = duel(USE, A_FIRST, a=a, rng=1)
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [("buff", "rage", None)]
    assert st(res, "a").fighting_spirit == 30 - 1  # 1 FS at the end of the turn
    res = duel(
        {"T2.a.action": attack(["calm"])},
        {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6},
        a=a,
        rng=1,
        turn=2,
        sa={"ongoing_effects": [{"id": "buff", "move": "rage"}]},
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []


def test_unknown_buff_move_is_a_violation() -> None:
    res = duel({}, A_FIRST, rng=1, sa={"ongoing_effects": [{"id": "buff", "move": "nope", "time_left": 4}]})
    assert res.violations[0].code == "UNKNOWN_MOVE"


# ── Flight (000 L3362–L3372) ──────────────────────────────────────────────────────────────────────

FLY = {"id": "fly", "name": "Fly", "level": 2, "elements": [{"id": "flight"}]}
DIVE = {"id": "dive", "name": "Dive", "level": 2, "elements": [{"id": "hard_to_evade"}]}


def test_flight_lasts_a_five_count_and_at_least_a_turn() -> None:
    for time, left in ((2, 3), (6, 0)):  # 5 − 2; a 6 would end it, but he flies through next turn
        res = duel(
            {"T1.a.action": {"action": "utility", "moves": ["fly"]}},
            {**A_FIRST, "T1.fight.time": time},
            a=sheet("a", moves=[FLY, FIST]),
            rng=3,
        )
        assert res.status == "resolved", res.violations
        assert effects(res, "a") == [("flight", "fly", left)]
    res = duel(
        {},
        {**A_FIRST, "T2.fight.time": 1},
        a=sheet("a", moves=[FLY]),
        rng=3,
        turn=2,
        sa={"ongoing_effects": [{"id": "flight", "move": "fly", "time_left": 0, "since": 1}]},
    )
    assert effects(res, "a") == [] and any("land" in s.text for s in res.log)


def test_flying_evades_at_plus_four_and_only_uses_aerial_or_hard_to_evade() -> None:
    flying = {"ongoing_effects": [{"id": "flight", "move": "fly", "time_left": 3, "since": 1}]}
    dec = {"T2.b.action": attack(["fist"]), "T2.a.defense": {"defense": "evasion"}}
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.b.ctrl": 6}
    res = duel(dec, rolls, a=sheet("a", evasion=2, moves=[FLY, DIVE]), rng=1, turn=2, sa=flying)
    assert res.status == "resolved", res.violations
    assert "Defense Total 6" in next(s.text for s in res.log if s.label == "D.4")  # Evasion 2 + 4
    res = duel(
        {"T2.a.action": attack(["basic_move"])},
        {**rolls, "T2.a.ctrl": 6},
        a=sheet("a", moves=[FLY, DIVE]),
        rng=1,
        turn=2,
        sa=flying,
    )
    assert res.violations[0].code == "FLIGHT_MOVE_NOT_ALLOWED"
    res = duel(
        {"T2.a.action": attack(["dive"])},
        {**rolls, "T2.a.ctrl": 6},
        a=sheet("a", moves=[FLY, DIVE]),
        rng=1,
        turn=2,
        sa=flying,
    )
    assert res.status == "resolved", res.violations


# ── Set Up (000 L4123–L4131) and Wind Up (000 L4443–L4451) ─────────────────────────────────────────

TRAP = {"id": "trap", "name": "Trap", "level": 3, "elements": [{"id": "set_up"}]}
HAY = {"id": "hay", "name": "Haymaker", "level": 3, "elements": [{"id": "wind_up"}]}


def test_set_up_readies_then_strikes_with_plus_two() -> None:
    res = duel({"T1.a.action": attack(["trap"])}, A_FIRST, a=sheet("a", moves=[TRAP]), rng=1)
    assert res.status == "resolved", res.violations
    assert not [s for s in res.log if s.label == "D.3"] and not res.glory  # no roll, no Glory
    assert [(e.id, e.move, e.since) for e in st(res, "a").ongoing_effects] == [("set_up", "trap", 1)]
    armed = {"ongoing_effects": [{"id": "set_up", "move": "trap", "since": 1}]}
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    res = duel({"T2.a.action": attack(["trap"])}, rolls, a=sheet("a", moves=[TRAP]), rng=1, turn=2, sa=armed)
    assert res.violations[0].code == "SET_UP_CONSECUTIVE_TURNS"
    rolls3 = {k.replace("T2", "T3"): v for k, v in rolls.items()}
    res = duel({"T3.a.action": attack(["trap"])}, rolls3, a=sheet("a", moves=[TRAP]), rng=1, turn=3, sa=armed)
    assert res.status == "resolved", res.violations
    assert next(s.inputs for s in res.log if s.label == "D.6")["move"] == 2  # Set Up's +2 is the move's Accuracy
    assert st(res, "a").ongoing_effects == []


def test_wind_up_held_then_released_as_level_one_with_bonus_damage() -> None:
    res = duel(
        {"T1.a.action": attack(["hay"]), "T1.a.wind_up": {"choice": "hold"}},
        A_FIRST,
        a=sheet("a", moves=[HAY, FIST]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert [(e.id, e.since) for e in st(res, "a").ongoing_effects] == [("wind_up", 99)]
    held = {"ongoing_effects": [{"id": "wind_up", "move": "hay", "since": 99}]}
    low = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 3}
    res = duel({"T2.a.action": attack(["fist"])}, low, a=sheet("a", moves=[HAY, FIST]), rng=1, turn=2, sa=held)
    assert res.violations[0].code == "INSUFFICIENT_CONTROL"  # Fist L2 + 2 while the Haymaker is held
    dec = {"T2.a.action": attack(["hay"]), "T2.a.accuracy_fs": {"fs": 3}}
    for time, bonus in ((90, 3), (60, 9)):  # 9 Time Count → +3; 39 → 13, capped at Level 3 × 3
        res = duel(
            dec,
            {**low, "T2.a.ctrl": 1},
            a=sheet("a", moves=[HAY, FIST]),
            b=sheet("b", defense=0),
            rng=1,
            turn=2,
            sa=held,
            time_count=time,
        )
        assert res.status == "resolved", res.violations
        assert next(s.inputs for s in res.log if s.text.startswith("Wound up"))["bonus"] == bonus
        assert st(res, "a").ongoing_effects == []


# ── Slow Startup (000 L4838–L4848) ──────────────────────────────────────────────────────────────────

SLOW = {"id": "comet", "name": "Comet", "level": 4, "liabilities": [{"id": "slow_startup"}]}


def test_slow_startup_begins_then_goes_off_next_turn() -> None:
    res = duel({"T1.a.action": attack(["comet"])}, A_FIRST, a=sheet("a", moves=[SLOW]), rng=1)
    assert res.status == "resolved", res.violations
    assert not [s for s in res.log if s.label == "D.3"]
    assert [(e.id, e.move, e.since, e.target) for e in st(res, "a").ongoing_effects] == [
        ("slow_startup", "comet", 1, "b")
    ]
    waiting = {"ongoing_effects": [{"id": "slow_startup", "move": "comet", "since": 1, "target": "b"}]}
    # Next turn: Initiative two die sizes up (1d6 → 1d10), 1 Control is enough, Range 3 does not matter.
    res = duel(
        {}, {"T2.a.init": 9, "T2.b.init": 1, "T2.a.ctrl": 1}, a=sheet("a", moves=[SLOW]), rng=3, turn=2, sa=waiting
    )
    assert res.status in ("resolved", "over"), res.violations
    assert next(r.die for r in res.rolls if r.key == "T2.a.init") == "1d10"
    assert [s.actor for s in res.log if s.label == "D.3"] == ["a"]
    assert st(res, "a").ongoing_effects == []


def test_slow_startup_waiter_defends_with_defense_only_and_a_hit_cancels_it() -> None:
    waiting = {"ongoing_effects": [{"id": "slow_startup", "move": "comet", "since": 1, "target": "b"}]}
    res = duel(
        {"T1.b.action": attack(["fist"]), "T1.a.defense": {"defense": "evasion"}},
        {"T1.a.init": 1, "T1.b.init": 6, "T1.b.ctrl": 6},
        a=sheet("a", moves=[SLOW]),
        rng=1,
        sa=waiting,
    )
    assert res.violations[0].code == "DEFENSE_OPTION_NOT_ALLOWED"
    res = duel(
        {"T1.b.action": attack(["fist"]), "T1.b.accuracy_fs": {"fs": 3}},
        {"T1.a.init": 1, "T1.b.init": 6, "T1.b.ctrl": 6},
        a=sheet("a", defense=0, moves=[SLOW]),
        rng=1,
        sa=waiting,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").ongoing_effects == [] and [s.actor for s in res.log if s.label == "D.3"] == ["b"]


# ── Sustained Hold (000 L4377–L4395) ───────────────────────────────────────────────────────────────

HOLDER = {"id": "clinch", "name": "Clinch", "level": 3, "elements": [{"id": "throw"}, {"id": "throw.sustained_hold"}]}
HELD = {"ongoing_effects": [{"id": "sustained_hold", "move": "clinch", "since": 1, "target": "b"}]}


def test_sustained_hold_first_turn() -> None:
    dec = {"T1.a.action": attack(["clinch"]), "T1.a.accuracy_fs": {"fs": 3}, "T1.b.action": attack(["basic_move"])}
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", moves=[HOLDER]), b=sheet("b", defense=0), rng=0)
    assert res.status == "resolved", res.violations
    assert [s.actor for s in res.log if s.label == "D.3"] == ["a"]  # b cannot act, whatever his Control
    b = st(res, "b")
    assert b.knocked_down is False and b.life_bar < 50 and res.fight.positioning.range == 0  # no Knock Down/Back
    assert [(e.id, e.target) for e in st(res, "a").ongoing_effects] == [("sustained_hold", "b")]


def test_sustained_hold_second_turn_with_initiative_hits_for_half() -> None:
    res = duel(
        {}, {"T2.a.init": 9, "T2.b.init": 1, "T2.a.damage": 5}, a=sheet("a", moves=[HOLDER]), rng=0, turn=2, sa=HELD
    )
    assert res.status in ("resolved", "over"), res.violations
    assert next(r.die for r in res.rolls if r.key == "T2.a.init") == "1d10"  # two die sizes up
    e1 = next(s for s in res.log if s.text.startswith("Damage to b"))
    assert e1.change["damage"] == 5 // 2  # the 1d6 rolled 5, halved and rounded down
    assert any(s.label == "E.4" for s in res.log)  # now the Throw's Knock Down applies
    assert st(res, "a").ongoing_effects == []


def test_sustained_hold_second_turn_without_initiative_no_damage() -> None:
    res = duel({}, {"T2.a.init": 1, "T2.b.init": 6}, a=sheet("a", moves=[HOLDER]), rng=0, turn=2, sa=HELD)
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 and any(s.label == "E.4" for s in res.log)  # Knocked Down, no damage
    assert not [s for s in res.log if s.label == "D.3"]  # a's action went into the hold, b's into standing
    assert st(res, "a").ongoing_effects == []


def test_sustained_hold_first_part_marks_its_glory_and_letting_go_takes_one_back() -> None:
    """000 L4397: the first part earns Clinch's level, 3 (000 L5749), and the hold kept says so; with no second
    damage next turn (a 1 against b's 6) the move earns 1 less: −1, 3 − 1 = 2 in all. A hold whose first part earned
    nothing (the move scored before, ruling) loses nothing."""
    dec = {"T1.a.action": attack(["clinch"]), "T1.a.accuracy_fs": {"fs": 3}, "T1.b.action": attack(["basic_move"])}
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=sheet("a", moves=[HOLDER]), b=sheet("b", defense=0), rng=0)
    assert res.status == "resolved", res.violations
    assert sum(g.points for g in res.glory if g.fighter == "a") == 3
    assert [e.charges for e in st(res, "a").ongoing_effects] == [1]
    earned = {"ongoing_effects": [{**HELD["ongoing_effects"][0], "charges": 1}]}
    for sa, lost in ((earned, -1), (HELD, 0)):
        res = duel({}, {"T2.a.init": 1, "T2.b.init": 6}, a=sheet("a", moves=[HOLDER]), rng=0, turn=2, sa=sa)
        assert res.status == "resolved", res.violations
        assert sum(g.points for g in res.glory if g.fighter == "a") == lost


def test_nobody_else_reaches_a_sustained_hold_until_it_is_done() -> None:
    """With more fighters, both of a Sustained Hold are immune to attacks until its second part is done
    (000 L4393–L4395). c (Initiative 6) acts before the holder a (4), who still leads b (1): c cannot strike b or a.
    When a trails b (2 to 5), the hold ends before anyone acts (000 L4389; b is Knocked Down by it) and c may strike
    a."""
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 50, "fighting_spirit": 30}}
    a = sheet("a", moves=[HOLDER])
    for target in ("b", "a"):
        res = duel(
            {"T2.c.action": attack(["basic_move"], target=target)},
            {"T2.a.init": 4, "T2.b.init": 1, "T2.c.init": 6, "T2.c.ctrl": 6},
            a=a,
            extra=[c],
            turn=2,
            sa=HELD,
        )
        assert res.status == "invalid" and res.violations[0].code == "TARGET_UNAVAILABLE", target
    res = duel(
        {"T2.c.action": attack(["basic_move"], target="a")},
        {"T2.a.init": 2, "T2.b.init": 5, "T2.c.init": 6, "T2.c.ctrl": 6},
        a=a,
        extra=[c],
        turn=2,
        sa=HELD,
    )
    assert res.status == "resolved", res.violations
    assert not any(u.id == "sustained_hold" for u in res.unsupported)


def test_end_only_needs_a_buff_in_effect() -> None:
    endless = buff(quality_raises=1, raised_qualities="strength", mods=["buff.early_ending"])
    stop = {
        "id": "calm",
        "name": "Calm",
        "level": 2,
        "elements": [{"id": "end_buff", "options": {"target_buff": "rage"}}],
        "liabilities": [{"id": "end_buff.end_only"}],
    }
    a = sheet("a", moves=[endless, stop, FIST])
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
    res = duel({"T2.a.action": attack(["calm"])}, rolls, a=a, rng=1, turn=2)
    assert res.violations[0].code == "END_ONLY_WITHOUT_BUFF"
    res = duel(
        {"T2.a.action": attack(["calm"])},
        rolls,
        a=a,
        rng=1,
        turn=2,
        sa={"ongoing_effects": [{"id": "buff", "move": "rage", "time_left": 6}]},
    )
    assert res.status == "resolved", res.violations
    assert not [u for u in res.unsupported if u.id == "end_buff.end_only"]
