"""Glory, Taunts and Super-only entries in combat: Cheap (000 L4529–L4535), Taunt and its modifiers
(000 L4273–L4301), Infinite Supers, Extended Duration, Super Move Enhancer, Ki Access, Limited Choice
(000 L4922–L4974, L4233–L4237), Limited Move (000 L4579–L4591), Only in Beast Form (000 L5321) and end-of-fight
Glory (000 L847–L848)."""

from __future__ import annotations

from .support import A_FIRST, FIST, attack, duel, first_decision, sheet, st

CHEAP = {
    "id": "cheapo",
    "name": "Cheapo",
    "level": 2,
    "liabilities": [{"id": "cheap"}],
    "elements": [{"id": "increased_accuracy"}],
}
OPEN = sheet("b", defense=0, evasion=0, tactics=0)  # a defender every attack hits


def glory(res, fid: str) -> list[int]:
    return [g.points for g in res.glory if g.fighter == fid]


# ── Cheap ──────────────────────────────────────────────────────────────────────────────────────────


def test_cheap_first_use_earns_no_glory() -> None:
    res = duel({"T1.a.action": attack(["cheapo"])}, A_FIRST, a=sheet("a", moves=[CHEAP, FIST]), b=OPEN)
    assert res.status == "resolved", res.violations
    assert any(s.label == "E.1" for s in res.log)  # it hit
    assert glory(res, "a") == []  # an L2 move's first hit would give 2
    assert st(res, "a").cheap_moves_used == ["cheapo"]
    assert not [u for u in res.unsupported if u.id == "cheap"]


def test_cheap_later_use_costs_1d4_glory_even_on_a_miss() -> None:
    far = duel(
        {"T1.a.action": attack(["cheapo"])},
        {**A_FIRST, "T1.a.cheap": 3},
        a=sheet("a", moves=[CHEAP, FIST]),
        b=OPEN,
        rng=4,
        sa={"cheap_moves_used": ["cheapo"]},
    )
    assert far.status == "resolved", far.violations
    assert not any(s.label == "E.1" for s in far.log)  # out of range: no hit
    assert glory(far, "a") == [-3]


def test_cheap_utility_move_gives_no_first_use_glory() -> None:
    pose = {"id": "pose", "name": "Pose", "level": 2, "liabilities": [{"id": "utility"}, {"id": "cheap"}]}
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["pose"]}}, A_FIRST, a=sheet("a", moves=[pose, FIST]), rng=3
    )
    assert res.status == "resolved", res.violations
    assert glory(res, "a") == []  # a plain L2 Utility move earns 2 on its first use


# ── Taunt and Modify Super Energy ──────────────────────────────────────────────────────────────────

SUP = {"id": "sup", "name": "Sup", "kind": "super", "level": 5, "elements": [{"id": "increased_damage", "times": 6}]}
POSE = {"id": "pose", "name": "Pose", "level": 2, "elements": [{"id": "taunt"}], "liabilities": [{"id": "utility"}]}
USE_POSE = {"T1.a.action": {"action": "utility", "moves": ["pose"], "target": "b"}}


def jeer(direction: str, **extra: object) -> dict:
    return {
        "id": "jeer",
        "name": "Jeer",
        "level": 2,
        **extra,
        "elements": [{"id": "taunt"}, {"id": "taunt.modify_super_energy", "options": {"direction": direction}}],
    }


def test_taunt_move_earns_its_glory_and_the_taunt_1d4() -> None:
    res = duel(USE_POSE, {**A_FIRST, "T1.a.taunt_glory": 3}, a=sheet("a", moves=[POSE, FIST]), rng=3)
    assert res.status == "resolved", res.violations
    assert sorted(glory(res, "a")) == [2, 3]  # the L2 move's first use, plus the Basic Taunt's 1d4 (rolled 3)
    assert st(res, "a").taunt_used is True
    assert not [u for u in res.unsupported if u.id == "taunt"]


def test_taunt_glory_needs_a_target_with_lower_initiative() -> None:
    res = duel(USE_POSE, {"T1.a.init": 1, "T1.b.init": 6, "T1.a.ctrl": 6}, a=sheet("a", moves=[POSE, FIST]), rng=3)
    assert res.status == "resolved", res.violations
    assert glory(res, "a") == [2]  # only the move's own Glory


def test_taunt_glory_only_once_per_combat() -> None:
    res = duel(USE_POSE, A_FIRST, a=sheet("a", moves=[POSE, FIST]), rng=3, sa={"taunt_used": True})
    assert res.status == "resolved", res.violations
    assert glory(res, "a") == [2]


def test_modify_super_energy_gain_self_uses_the_damage_roll() -> None:
    b = sheet("b", defense=0, evasion=0, tactics=0, moves=[FIST, SUP])
    res = duel(
        {"T1.a.action": attack(["jeer"])},
        {**A_FIRST, "T1.a.damage": 4, "T1.a.taunt_glory": 1},
        a=sheet("a", strength=2, moves=[jeer("gain_self"), FIST, SUP]),
        b=b,
        rng=1,
        options={"super_energy_max": 30},
    )
    assert res.status == "resolved", res.violations
    e5 = next(s for s in res.log if s.label == "E.5" and "Modify Super Energy" in s.text)
    assert e5.change["super_energy"] == 4  # 1d6 rolled 4, Strength 2 not added
    assert st(res, "b").life_bar == 50  # no damage
    assert not [u for u in res.unsupported if u.id.startswith("taunt")]


def test_modify_super_energy_drain_opponent_takes_from_the_target() -> None:
    b = sheet("b", defense=0, evasion=0, tactics=0, moves=[FIST, SUP])
    res = duel(
        {"T1.a.action": attack(["jeer"])},
        {**A_FIRST, "T1.a.damage": 5, "T1.a.taunt_glory": 1},
        a=sheet("a", moves=[jeer("drain_opponent"), FIST, SUP]),
        b=b,
        rng=1,
        sb={"super_energy": 8},
    )
    assert res.status == "resolved", res.violations
    e5 = next(s for s in res.log if s.label == "E.5" and "Modify Super Energy" in s.text)
    assert (e5.actor, e5.change["super_energy"]) == ("a", 3)  # b: 8 − 5


def test_modify_super_energy_increased_damage_raises_the_die() -> None:
    b = sheet("b", defense=0, evasion=0, tactics=0, moves=[FIST, SUP])
    move = jeer("gain_self", level=3)
    move["elements"].append({"id": "increased_damage", "times": 2})
    res = duel(
        {"T1.a.action": attack(["jeer"])},
        {**A_FIRST, "T1.a.damage": 7, "T1.a.taunt_glory": 1},
        a=sheet("a", moves=[move, FIST, SUP]),
        b=b,
        rng=1,
        options={"super_energy_max": 30},
    )
    assert res.status == "resolved", res.violations
    assert next(r.die for r in res.rolls if r.key == "T1.a.damage") == "1d8"  # two Increased Damage: one size up


# ── Infinite Supers and Extended Duration ────────────────────────────────────────────────────────────

INF = {
    "id": "inf",
    "name": "Limitless",
    "kind": "super",
    "level": 5,
    "elements": [{"id": "infinite_supers"}],
    "liabilities": [{"id": "utility"}],
}
T2_A_FIRST = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}


def effects(res, fid: str) -> list[tuple]:
    return [(e.id, e.move, e.time_left) for e in st(res, fid).ongoing_effects]


def test_infinite_supers_starts_a_5_count_and_costs_its_own_10() -> None:
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["inf"]}},
        {**A_FIRST, "T1.fight.time": 2},
        a=sheet("a", moves=[INF, SUP, FIST]),
        rng=3,
        sa={"super_energy": 10},
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").super_energy == 0
    assert effects(res, "a") == [("infinite_supers", "inf", 5 - 2)]
    assert not [u for u in res.unsupported if u.id == "infinite_supers"]


def test_infinite_supers_lasts_one_full_turn_at_least() -> None:
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["inf"]}},
        {**A_FIRST, "T1.fight.time": 6},
        a=sheet("a", moves=[INF, SUP, FIST]),
        rng=3,
        sa={"super_energy": 10},
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [("infinite_supers", "inf", 0)]  # 6 off a 5-count, yet it runs through next turn
    nxt = duel(
        {},
        {**T2_A_FIRST, "T2.fight.time": 1},
        a=sheet("a", moves=[INF, SUP, FIST]),
        rng=3,
        turn=2,
        sa={"ongoing_effects": [{"id": "infinite_supers", "move": "inf", "time_left": 0, "since": 1}]},
    )
    assert nxt.status == "resolved", nxt.violations
    assert effects(nxt, "a") == []  # gone after that full turn


def test_other_supers_are_free_while_infinite_supers_runs() -> None:
    res = duel(
        {"T2.a.action": attack(["sup"])},
        T2_A_FIRST,
        a=sheet("a", moves=[INF, SUP, FIST]),
        b=OPEN,
        rng=1,
        turn=2,
        sa={
            "super_energy": 0,
            "ongoing_effects": [{"id": "infinite_supers", "move": "inf", "time_left": 3, "since": 1}],
        },
    )
    assert res.status == "resolved", res.violations  # 0 Super Energy is enough
    assert any(s.label == "E.1" and "Sup" in s.text for s in res.log)


def test_a_super_with_infinite_supers_always_pays() -> None:
    res = duel(
        {"T2.a.action": {"action": "utility", "moves": ["inf"]}},
        T2_A_FIRST,
        a=sheet("a", moves=[INF, SUP, FIST]),
        rng=3,
        turn=2,
        sa={
            "super_energy": 0,
            "ongoing_effects": [{"id": "infinite_supers", "move": "inf", "time_left": 3, "since": 1}],
        },
    )
    assert res.status == "invalid"
    assert [v.code for v in res.violations] == ["INSUFFICIENT_SUPER_ENERGY"]


def test_extended_duration_adds_a_5_count_per_extra_10_super_energy() -> None:
    long_inf = {**INF, "elements": [{"id": "infinite_supers"}, {"id": "extended_duration"}]}
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["inf"]}, "T1.a.extended_duration": {"amount": 2}},
        {**A_FIRST, "T1.fight.time": 3},
        a=sheet("a", moves=[long_inf, SUP, FIST]),
        rng=3,
        sa={"super_energy": 30},
        options={"super_energy_max": 30},
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").super_energy == 0  # 10 to launch, 20 more
    assert effects(res, "a") == [("infinite_supers", "inf", 5 + 2 * 5 - 3)]
    assert not [u for u in res.unsupported if u.id == "extended_duration"]


def test_extended_duration_cannot_spend_more_than_he_has() -> None:
    long_inf = {**INF, "elements": [{"id": "infinite_supers"}, {"id": "extended_duration"}]}
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["inf"]}, "T1.a.extended_duration": {"amount": 2}},
        A_FIRST,
        a=sheet("a", moves=[long_inf, SUP, FIST]),
        rng=3,
        sa={"super_energy": 20},
        options={"super_energy_max": 30},
    )
    assert res.status == "invalid"
    assert [v.code for v in res.violations] == ["INSUFFICIENT_SUPER_ENERGY"]  # 10 left, 20 asked


def test_extended_duration_defaults_to_no_extra_spend() -> None:
    long_inf = {**INF, "elements": [{"id": "infinite_supers"}, {"id": "extended_duration"}]}
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["inf"]}},
        {**A_FIRST, "T1.fight.time": 1},
        a=sheet("a", moves=[long_inf, SUP, FIST]),
        rng=3,
        sa={"super_energy": 30},
        options={"super_energy_max": 30},
    )
    assert res.status == "resolved", res.violations
    assert (st(res, "a").super_energy, effects(res, "a")) == (20, [("infinite_supers", "inf", 4)])


# ── Super Move Enhancer ────────────────────────────────────────────────────────────────────────────


def focus(stun: str = "yes") -> dict:
    return {
        "id": "focus",
        "name": "Focus",
        "level": 3,
        "liabilities": [{"id": "utility"}],
        "elements": [{"id": "super_move_enhancer", "options": {"target_super": "Sup", "stun_afterwards": stun}}],
    }


SUP2 = {
    "id": "sup2",
    "name": "Other Sup",
    "kind": "super",
    "level": 5,
    "elements": [{"id": "increased_damage", "times": 6}],
}
ENHANCED = [{"id": "super_move_enhancer", "move": "focus", "time_left": 5, "since": 1}]


def test_enhancer_starts_next_turn() -> None:
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["focus"]}},
        {**A_FIRST, "T1.fight.time": 4},
        a=sheet("a", moves=[focus(), SUP, FIST]),
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [("super_move_enhancer", "focus", 5)]  # the count has not started yet
    assert not [u for u in res.unsupported if u.id == "super_move_enhancer"]


def test_enhancer_gives_20_super_energy_for_its_super_only() -> None:
    a = sheet("a", moves=[focus(), SUP, SUP2, FIST])
    res = duel(
        {"T2.a.action": attack(["sup"])},
        {**T2_A_FIRST, "T2.fight.time": 2},
        a=a,
        b=OPEN,
        rng=1,
        turn=2,
        sa={"super_energy": 0, "ongoing_effects": ENHANCED},
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").super_energy == 0
    assert effects(res, "a") == [("super_move_enhancer", "focus", 3)]
    other = duel(
        {"T2.a.action": attack(["sup2"])},
        T2_A_FIRST,
        a=a,
        b=OPEN,
        rng=1,
        turn=2,
        sa={"super_energy": 0, "ongoing_effects": ENHANCED},
    )
    assert [v.code for v in other.violations] == ["INSUFFICIENT_SUPER_ENERGY"]


def test_enhancer_not_usable_on_the_turn_it_is_performed() -> None:
    res = duel(
        {"T1.a.action": attack(["sup"])},
        A_FIRST,
        a=sheet("a", moves=[focus(), SUP, FIST]),
        b=OPEN,
        rng=1,
        sa={"super_energy": 0, "ongoing_effects": [{**ENHANCED[0], "since": 1}]},
    )
    assert [v.code for v in res.violations] == ["INSUFFICIENT_SUPER_ENERGY"]


def test_enhancer_running_out_stuns_him_next_turn() -> None:
    res = duel(
        {},
        {**T2_A_FIRST, "T2.fight.time": 6},
        a=sheet("a", moves=[focus(), SUP, FIST]),
        rng=3,
        turn=2,
        sa={"ongoing_effects": ENHANCED},
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []
    assert st(res, "a").stunned is not None and st(res, "a").stunned.actions_to_recover == 2


def test_enhancer_without_stun_afterwards() -> None:
    res = duel(
        {},
        {**T2_A_FIRST, "T2.fight.time": 6},
        a=sheet("a", moves=[focus("no"), SUP, FIST]),
        rng=3,
        turn=2,
        sa={"ongoing_effects": ENHANCED},
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [] and st(res, "a").stunned is None


# ── Limited Choice and Ki Access ──────────────────────────────────────────────────────────────────


def limited(move: dict) -> dict:
    return {**move, "liabilities": [*move.get("liabilities", []), {"id": "limited_choice"}]}


def test_limited_choice_asks_for_the_super_before_the_fight() -> None:
    a = sheet("a", moves=[limited(SUP), limited(SUP2), FIST])
    res = duel({}, A_FIRST, a=a, rng=3)
    assert res.status == "decision_required"
    assert first_decision(res).key == "T1.a.limited_choice"
    assert {tuple(c.value.moves) for c in first_decision(res).choices} == {("sup",), ("sup2",)}
    done = duel({"T1.a.limited_choice": {"moves": ["sup2"]}}, A_FIRST, a=a, rng=3)
    assert done.status == "resolved", done.violations
    assert effects(done, "a") == [("limited_choice", "sup2", None)]


def test_limited_choice_forbids_the_other_super() -> None:
    a = sheet("a", moves=[limited(SUP), limited(SUP2), FIST])
    res = duel(
        {"T2.a.action": attack(["sup"])},
        T2_A_FIRST,
        a=a,
        b=OPEN,
        rng=1,
        turn=2,
        sa={"super_energy": 10, "ongoing_effects": [{"id": "limited_choice", "move": "sup2"}]},
    )
    assert [v.code for v in res.violations] == ["LIMITED_CHOICE_OTHER_SUPER"]
    ok = duel(
        {"T2.a.action": attack(["sup2"])},
        T2_A_FIRST,
        a=a,
        b=OPEN,
        rng=1,
        turn=2,
        sa={"super_energy": 10, "ongoing_effects": [{"id": "limited_choice", "move": "sup2"}]},
    )
    assert ok.status == "resolved", ok.violations
    assert effects(ok, "a") == [("limited_choice", "sup2", None)]  # kept for the rest of the fight
    assert not [u for u in ok.unsupported if u.id == "limited_choice"]


def test_limited_choice_with_one_super_needs_no_question() -> None:
    res = duel({}, A_FIRST, a=sheet("a", moves=[limited(SUP), FIST]), rng=3)
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [("limited_choice", "sup", None)]


def test_ki_access_super_counts_ki_skill_1() -> None:
    beam = {
        "id": "beam",
        "name": "Beam",
        "kind": "super",
        "level": 5,
        "elements": [{"id": "ki_access"}, {"id": "ranged"}, {"id": "increased_damage", "times": 2}],
    }
    a = sheet("a", strength=2, moves=[beam, FIST])
    a["combat_skills"]["ki"] = 0
    res = duel({"T1.a.action": attack(["beam"])}, A_FIRST, a=a, b=OPEN, rng=3, sa={"super_energy": 10})
    assert res.status == "resolved", res.violations
    # 1d8 for a Super, +1 size for 2 Increased Damage, −1 for Ki Skill 1, no Strength (000 L3978, L4956)
    assert next(r.die for r in res.rolls if r.key == "T1.a.damage") == "1d8"
    assert not [u for u in res.unsupported if u.id == "ki_access"]


def test_ki_access_gives_a_ki_less_fighter_ki_1_for_the_ranged_response() -> None:
    ball = {"id": "ball", "name": "Ball", "level": 3, "elements": [{"id": "ranged"}]}
    beam = {
        "id": "beam",
        "name": "Beam",
        "kind": "super",
        "level": 5,
        "elements": [{"id": "ki_access"}, {"id": "ranged"}, {"id": "increased_damage", "times": 2}],
    }
    a = sheet("a", moves=[ball])
    a["combat_skills"]["ki"] = 3
    b = sheet("b", tactics=0, moves=[beam, FIST])
    b["combat_skills"]["ki"] = 0
    dec = {
        "T1.a.action": attack(["ball"]),
        "T1.b.defense": {"defense": "tactics", "response": "ranged"},
        "T1.b.defensive_response": {"choice": "respond", "response": "ranged", "moves": ["beam"]},
    }
    res = duel(dec, {**A_FIRST, "T1.b.ctrl": 6}, a=a, b=b, rng=3, sb={"super_energy": 10})
    assert res.status == "resolved", res.violations
    d4 = next(s for s in res.log if s.label == "D.4" and s.actor == "b")
    assert d4.inputs["ki"] == 1  # the Ranged Response's Defense Total uses Ki Skill 1, not his 0


# ── Limited Move ───────────────────────────────────────────────────────────────────────────────────


def smasher(**opts: object) -> dict:
    return {
        "id": "smash",
        "name": "Jewel Smasher",
        "level": 3,
        "elements": [{"id": "knocks_down"}],
        "liabilities": [{"id": "limited_move", "options": {"value": "-0.5", "description": "not vs Bosses", **opts}}],
    }


def knocked_down(res, fid: str) -> bool:
    return any(s.label == "E.4" and s.actor == fid and "Knocked Down" in s.text for s in res.log)


def test_limited_move_asks_whether_the_limitation_applies() -> None:
    res = duel({"T1.a.action": attack(["smash"])}, A_FIRST, a=sheet("a", moves=[smasher(), FIST]), b=OPEN)
    assert res.status == "decision_required"
    assert first_decision(res).key == "T1.a.limited_move" and first_decision(res).default is None


def test_limited_move_that_applies_has_no_effect() -> None:
    res = duel(
        {"T1.a.action": attack(["smash"]), "T1.a.limited_move": {"choice": "act"}},
        A_FIRST,
        a=sheet("a", moves=[smasher(), FIST]),
        b=OPEN,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar == 50 and not knocked_down(res, "b")
    assert not [u for u in res.unsupported if u.id == "limited_move"]


def test_limited_move_that_does_not_apply_works_normally() -> None:
    res = duel(
        {"T1.a.action": attack(["smash"]), "T1.a.limited_move": {"choice": "pass"}},
        A_FIRST,
        a=sheet("a", moves=[smasher(), FIST]),
        b=OPEN,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50 and knocked_down(res, "b")


def test_limited_move_narrowing_an_element_removes_only_it() -> None:
    res = duel(
        {"T1.a.action": attack(["smash"]), "T1.a.limited_move": {"choice": "act"}},
        A_FIRST,
        a=sheet("a", moves=[smasher(limited_elements=["knocks_down"]), FIST]),
        b=OPEN,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50  # still hits and does damage
    assert not knocked_down(res, "b")  # but without its Knocks Down this time


# ── Element Addition (Taunt) ───────────────────────────────────────────────────────────────────────

PROVOKE = {
    "id": "provoke",
    "name": "Provoke",
    "level": 3,
    "liabilities": [{"id": "utility"}],
    "elements": [{"id": "taunt"}, {"id": "taunt.element_addition", "options": {"element": "knocks_down"}}],
}
LENT = [{"id": "taunt.element_addition", "move": "provoke", "since": 1}]


def test_element_addition_waits_for_the_next_move() -> None:
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["provoke"], "target": "b"}},
        {**A_FIRST, "T1.a.taunt_glory": 2},
        a=sheet("a", moves=[PROVOKE, FIST]),
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == [("taunt.element_addition", "provoke", None)]
    assert not [u for u in res.unsupported if u.id == "taunt.element_addition"]


def test_element_addition_lends_its_element_to_next_turns_move_once() -> None:
    plain = duel(
        {"T2.a.action": attack(["fist"])}, T2_A_FIRST, a=sheet("a", moves=[PROVOKE, FIST]), b=OPEN, rng=1, turn=2
    )
    lent = duel(
        {"T2.a.action": attack(["fist"])},
        T2_A_FIRST,
        a=sheet("a", moves=[PROVOKE, FIST]),
        b=OPEN,
        rng=1,
        turn=2,
        sa={"ongoing_effects": LENT},
    )
    assert lent.status == "resolved", lent.violations
    assert not knocked_down(plain, "b") and knocked_down(lent, "b")  # Fist has Knocks Down this once
    assert effects(lent, "a") == []  # spent


def test_element_addition_is_lost_after_the_next_turn() -> None:
    res = duel({}, T2_A_FIRST, a=sheet("a", moves=[PROVOKE, FIST]), rng=3, turn=2, sa={"ongoing_effects": LENT})
    assert res.status == "resolved", res.violations
    assert effects(res, "a") == []
    late = duel(
        {"T3.a.action": attack(["fist"])},
        {"T3.a.init": 6, "T3.b.init": 1, "T3.a.ctrl": 6},
        a=sheet("a", moves=[PROVOKE, FIST]),
        b=OPEN,
        rng=1,
        turn=3,
        sa={"ongoing_effects": LENT},
    )
    assert late.status == "resolved", late.violations
    assert not knocked_down(late, "b")  # two turns later it no longer applies


def test_element_addition_inside_a_combo_goes_to_the_later_move() -> None:
    jab = {
        "id": "jab",
        "name": "Taunting Jab",
        "level": 3,
        "elements": [{"id": "taunt"}, {"id": "taunt.element_addition", "options": {"element": "knocks_down"}}],
    }
    res = duel(
        {"T1.a.action": attack(["jab", "fist"])},
        {**A_FIRST, "T1.a.taunt_glory": 1},
        a=sheet("a", ctrl=3, moves=[jab, FIST]),
        b=OPEN,
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert knocked_down(res, "b")  # Fist, after the Taunt in the Combo, has Knocks Down
    assert effects(res, "a") == []  # used up within the Combo


# ── Only in Beast Form ───────────────────────────────────────────────────────────────────────────

CLAW = {
    "id": "claw",
    "name": "Beast Claw",
    "level": 3,
    "elements": [{"id": "increased_accuracy"}],
    "liabilities": [{"id": "only_in_beast_form"}],
}


def test_only_in_beast_form_refused_in_human_form() -> None:
    res = duel({"T1.a.action": attack(["claw"])}, A_FIRST, a=sheet("a", moves=[CLAW, FIST]), b=OPEN, rng=1)
    assert res.status == "invalid"
    assert [v.code for v in res.violations] == ["ONLY_IN_BEAST_FORM"]


def test_only_in_beast_form_usable_in_beast_form() -> None:
    res = duel(
        {"T1.a.action": attack(["claw"])},
        A_FIRST,
        a=sheet("a", moves=[CLAW, FIST]),
        b=OPEN,
        rng=1,
        sa={"beast_form": True},
        options={"transformations": True},
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").life_bar < 50 and st(res, "a").beast_form is True
    assert not [u for u in res.unsupported if u.id == "only_in_beast_form"]
    # the form itself is resolved now (test_combat_beast_form.py): nothing about it is reported as unsupported
    assert not [u for u in res.unsupported if u.id == "transformations"]


# ── End-of-fight Glory (000 L847–L848) ───────────────────────────────────────────────────────────────

KO = {"T1.a.action": attack(["fist"]), "T1.a.accuracy_fs": {"fs": 3}}
CHART = {"additional_glory_awards": True}


def reasons(res, fid: str) -> dict[str, int]:
    return {g.reason: g.points for g in res.glory if g.fighter == fid}


def test_defeat_with_only_single_hits_and_2_hit_combos_earns_3() -> None:
    res = duel(KO, A_FIRST, b=OPEN, sb={"life_bar": 1}, rng=1, options=CHART)
    assert res.status == "over", res.violations
    assert reasons(res, "a")["defeated b using only single hits and 2-hit Combos"] == 3
    assert st(res, "a").long_combo_used is False


def test_a_3_hit_combo_this_round_loses_that_award() -> None:
    res = duel(KO, A_FIRST, b=OPEN, sb={"life_bar": 1}, rng=1, sa={"long_combo_used": True}, options=CHART)
    assert res.status == "over", res.violations
    assert not any("single hits" in r for r in reasons(res, "a"))
    two = duel({"T1.a.action": attack(["basic_move"] * 2)}, A_FIRST, b=OPEN, rng=1)
    assert two.status == "resolved" and st(two, "a").long_combo_used is False  # a 2-hit Combo is allowed
    combo = duel({"T1.a.action": attack(["basic_move"] * 3)}, A_FIRST, b=OPEN, rng=1)
    assert combo.status == "resolved", combo.violations
    assert st(combo, "a").long_combo_used is True  # remembered for the rest of the round


def test_several_opponents_beaten_single_handedly() -> None:
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 0, "fighting_spirit": 30, "defeated": True}}
    res = duel(
        {"T1.a.action": attack(["fist"], target="b"), "T1.a.accuracy_fs": {"fs": 3}, "T1.c.action": {"action": "none"}},
        {"T1.a.init": 6, "T1.b.init": 3, "T1.a.ctrl": 6},
        b=OPEN,
        sb={"life_bar": 1},
        extra=[c],
        sides={"a": "hero", "b": "gang", "c": "gang"},
        options=CHART,
    )
    assert res.status == "over", res.violations
    assert reasons(res, "a")["defeated 2 opponents single-handedly (b, c)"] == 1  # 1 per opponent after the first


def test_no_single_handed_award_with_a_teammate() -> None:
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 50, "fighting_spirit": 30}}
    d = {"id": "d", "sheet": sheet("d"), "state": {"life_bar": 0, "fighting_spirit": 30, "defeated": True}}
    res = duel(
        {"T1.a.action": attack(["fist"], target="b"), "T1.a.accuracy_fs": {"fs": 3}, "T1.c.action": {"action": "none"}},
        {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.a.ctrl": 6},
        b=OPEN,
        sb={"life_bar": 1},
        extra=[c, d],
        sides={"a": "hero", "c": "hero", "b": "gang", "d": "gang"},
        options=CHART,
    )
    assert res.status == "over", res.violations
    assert not any("single-handedly" in r for r in reasons(res, "a"))


def test_element_addition_skips_a_move_that_cannot_take_the_element() -> None:
    rest = {"id": "rest", "name": "Rest", "level": 2, "liabilities": [{"id": "utility"}]}
    res = duel(
        {"T2.a.action": {"action": "utility", "moves": ["rest"]}},
        T2_A_FIRST,
        a=sheet("a", moves=[PROVOKE, rest, FIST]),
        rng=3,
        turn=2,
        sa={"ongoing_effects": LENT},
    )
    assert res.status == "resolved", res.violations
    assert not any("Element Addition:" in s.text for s in res.log)  # a Utility move cannot Knock Down
    assert any("lent Element was not used" in s.text for s in res.log)  # and the turn after the Taunt is over


def test_an_enhancer_of_another_style_gives_nothing_to_the_super() -> None:
    """The Enhancer stands in with 20 Super Energy for its Super (000 L4237), but a move of one style affects no move
    of another (000 L5056): a Crane Focus leaves the Tiger Super wanting Super Energy; a Tiger Focus pays it."""
    for style, ok in (("Crane", False), ("Tiger", True)):
        a = sheet(
            "a", moves=[{**focus(), "style": style}, {**SUP, "style": "Tiger"}, FIST], qualities=["multiple_styles"]
        )
        a["styles"] = [{"name": "Crane", "is_base": True}, {"name": "Tiger"}]
        tiger = {"id": "style", "move": "Tiger", "since": 1}
        res = duel(
            {"T2.a.action": attack(["sup"])},
            {**T2_A_FIRST, "T2.fight.time": 2},
            a=a,
            b=OPEN,
            rng=1,
            turn=2,
            sa={"super_energy": 0, "ongoing_effects": [*ENHANCED, tiger]},
        )
        assert (res.status == "resolved") is ok, (style, res.violations)
        if not ok:
            assert [v.code for v in res.violations] == ["INSUFFICIENT_SUPER_ENERGY"]
