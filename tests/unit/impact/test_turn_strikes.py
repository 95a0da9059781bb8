"""Turns worked by hand from the text: the Speed Test, the hit test, damage, Toughness, lean, Stamina, SP."""

from __future__ import annotations

from .turns import dice, run, sheet, state

JAB_AT_CHEST = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"}
STRAIGHT_AT_CHEST = {"fighter": "b", "maneuver": "straight_punch", "side": "left", "area": "chest"}


def test_speed_test_example() -> None:
    # 001 L210: Frank (speed R1, L3) throws a right Jab (speed 5): 2d6 + 5 + 1; John grapples (speed 1): 2d6 + 1 + 2
    frank = {"ratios": {"left": "speed_1_2", "right": "power_2_1"}, "sheet": {"speed": {"left": 3, "right": 1}}}
    rolls = dice("T1.frank.speed", 4, 4) | dice("T1.john.speed", 3, 3) | dice("T1.john.hit", 1, 1)
    rolls |= dice("T1.frank.difficulty", 6, 6)
    body = {
        "fight": {
            "fighters": [{"id": "frank", "fighter": frank}, {"id": "john", "fighter": frank}],
            "ranges": [{"a": "frank", "b": "john", "range": "grappling"}],
        },
        "declarations": [
            {"fighter": "frank", "maneuver": "jab", "side": "right", "area": "head"},
            {"fighter": "john", "maneuver": "grapple"},
        ],
        "rolls": rolls,
    }
    from service.rules.impact.turn.models import ImpactTurnRequest
    from service.rules.impact.turn.resolve import resolve_turn

    answer = resolve_turn(ImpactTurnRequest.model_validate(body))
    assert [(o.fighter, o.total) for o in answer.order] == [("frank", 8 + 5 + 1), ("john", 6 + 1 + 2)]
    # at grappling range the Jab (punching range in the pack) is out of reach and forfeited (001 L423)
    assert [e.kind for e in answer.events if e.fighter == "frank"][:2] == ["speed", "forfeited"]


def test_phase_one_basics() -> None:
    # 001 L335-357 (digest T37): bare 2d6 for order and hit; damage is the Jab's 2 + Power 2, no Resistance Roll
    a = sheet(power={"left": 1, "right": 2})
    rolls = dice("T1.a.speed", 5, 4) | dice("T1.b.speed", 4, 3)  # 9 against 7: a first
    rolls |= dice("T1.a.hit", 5, 4) | dice("T1.b.difficulty", 3, 3)  # 9 > 6: a hit
    rolls |= dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6)  # 2 < 12: b misses
    jab_b = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "head"}
    answer = run([{**JAB_AT_CHEST, "area": "head"}, jab_b], rolls, a, phase=1)
    assert [o.fighter for o in answer.order] == ["a", "b"]
    assert state(answer, "b").damage.head == 4
    assert state(answer, "a").damage.head == 0
    assert state(answer, "a").stamina is None  # Stamina comes in Phase IV


def test_phase_five_jab_and_straight() -> None:
    # a: Jab (speed 5) with the right (speed 1, Power 4); b: Straight Punch (speed 3) with the left (speed 2)
    rolls = dice("T1.a.speed", 3, 3) | dice("T1.b.speed", 1, 1)  # a 6+5+1 = 12; b 2+3+2 = 7 (001 L603)
    rolls |= dice("T1.a.hit", 4, 4) | dice("T1.b.difficulty", 2, 1)  # 8 + skill 1 = 9 > 3 + chest 2 = 5 (001 L612-622)
    rolls |= dice("T1.b.resistance", 1)  # Jab 2 + Power 4 = 6 against 1 + Toughness 4 = 5: 1 damage (001 L633-643)
    rolls |= dice("T1.a.stamina", 3)  # the Jab's -1 SP gives back 1d6 Stamina (digest A10)
    rolls |= dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 3, 3)  # 2 + 1 = 3 against 6 + 2 = 8: a miss
    answer = run([JAB_AT_CHEST, STRAIGHT_AT_CHEST], rolls, a_state={"stamina": 40})
    assert [(o.fighter, o.total) for o in answer.order] == [("a", 12), ("b", 7)]
    b = state(answer, "b")
    assert b.damage.chest == 1
    assert b.toughness.chest is None  # 2 x 1 < 4: Toughness unchanged (001 L683)
    assert b.stamina == 49  # Straight Punch: 3 // 2 = 1 (001 L194)
    a = state(answer, "a")
    assert a.stamina == 40 - 1 + 3  # Jab: 2 // 2 = 1 (001 L561), then +3
    assert a.sp == 1  # a -1 SP maneuver earns one (001 L674)


def test_toughness_lowered_and_tie_misses() -> None:
    # a's Straight Punch at b's chest: 3 + Power 4 = 7 against 1 + Toughness 4 = 5: 2 damage, 2 x 2 >= 4 so the
    # chest's Toughness drops to 3 (001 L683); b's Jab ties the hit test 9 against 9: a miss (001 L622)
    decl = [
        {"fighter": "a", "maneuver": "straight_punch", "side": "right", "area": "chest"},
        {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"},
    ]
    rolls = dice("T1.a.speed", 6, 6) | dice("T1.b.speed", 1, 1)  # 12+3+1 = 16; 2+5+1 = 8
    rolls |= dice("T1.a.hit", 4, 4) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 1)
    rolls |= dice("T1.b.hit", 4, 4) | dice("T1.a.difficulty", 3, 4) | dice("T1.b.stamina", 2)
    answer = run(decl, rolls)
    b = state(answer, "b")
    assert (b.damage.chest, b.toughness.chest) == (2, 3)
    assert [e.kind for e in answer.events if e.fighter == "b" and e.kind in ("hit", "miss")] == ["miss"]


def test_lean_adds_to_both() -> None:
    # 001 L70, L542: a leans into a Hook (Arcing Punches: +2 in the default pack), b leans out of a Jab (Direct
    # Punches: -1): +1 on both fighters' damage. a's Hook: 4 + Power 4 + 1 = 9 against 2 + 4 = 6: 3 damage.
    # b's Jab: 2 + Power 4 + 1 = 7 against a's 3 + 4 = 7: no damage.
    decl = [
        {"fighter": "a", "maneuver": "hook_punch", "side": "right", "area": "chest", "lean": "in"},
        {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest", "lean": "out"},
    ]
    rolls = dice("T1.a.speed", 6, 6) | dice("T1.b.speed", 1, 1)
    rolls |= dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 2)
    rolls |= dice("T1.b.hit", 6, 6) | dice("T1.a.difficulty", 1, 1) | dice("T1.a.resistance", 3)
    rolls |= dice("T1.b.stamina", 1)
    answer = run(decl, rolls, b_state={"stamina": 45}, a_state={"sp": 1})
    assert state(answer, "b").damage.chest == 3
    assert state(answer, "a").damage.chest == 0
    assert state(answer, "a").stamina == 48  # Hook 4 // 2 = 2 (001 L194)
    assert state(answer, "a").sp == 0  # the Hook's 1 SP spent on the attempt (001 L667)


def test_stamina_penalty_quarters() -> None:
    # 001 L196: out of 50, at 37 Stamina a quarter is gone: -2 on every test, the Speed Test among them
    decl = [{"fighter": "a", "action": "defense", "tactic": "cover_up"}, JAB_AT_CHEST | {"fighter": "b"}]
    rolls = dice("T1.b.speed", 3, 3) | dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6)
    rolls |= dice("T1.b.stamina", 1) | dice("T1.a.defense_stamina", 2)
    answer = run(decl, rolls, b_state={"stamina": 37})
    assert [(o.fighter, o.total) for o in answer.order] == [("b", 6 + 5 + 1 - 2), ("a", None)]
    # a defended: +1 SP and 1d6 Stamina, kept at the maximum of 50 (001 L224)
    assert state(answer, "a").sp == 1 and state(answer, "a").stamina is None


def test_duck_and_weave_adds_to_difficulty() -> None:
    # 001 L222: Duck & Weave at 3 (Defense 4: Cover-Up 4, Duck & Weave 3, Parry 2, Slip 1) adds 3 to the
    # Difficulty roll: b's Jab 7 + 1 = 8 against 4 + chest 2 + 3 = 9 misses (it would hit at 6 without)
    decl = [{"fighter": "a", "action": "defense", "tactic": "duck_and_weave"}, JAB_AT_CHEST | {"fighter": "b"}]
    rolls = dice("T1.b.speed", 3, 3) | dice("T1.b.hit", 3, 4) | dice("T1.a.difficulty", 2, 2)
    rolls |= dice("T1.b.stamina", 1) | dice("T1.a.defense_stamina", 2)
    answer = run(decl, rolls, sheet(defense=4))
    assert [e.kind for e in answer.events if e.fighter == "b" and e.kind in ("hit", "miss")] == ["miss"]


def test_spinning_jumping_costs_double_stamina() -> None:
    # 001 L711: +4 damage, -4 speed, twice the Stamina: a Straight Punch costs 2 instead of 1 (001 L194)
    decl = [
        {
            "fighter": "a",
            "maneuver": "straight_punch",
            "side": "right",
            "area": "chest",
            "variations": ["spinning_jumping"],
        },
        {"fighter": "b", "action": "defense", "tactic": "cover_up"},
    ]
    rolls = dice("T1.a.speed", 3, 3) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.b.resistance", 6) | dice("T1.b.defense_stamina", 1)
    answer = run(decl, rolls)
    assert answer.order[0].total == 6 + 3 + 1 - 4
    # damage 3 + 4 + 4 = 11 against 6 + Toughness 4 + Cover-Up 1 = 11: nothing (001 L551)
    assert state(answer, "b").damage.chest == 0
    assert state(answer, "a").stamina == 48


def test_published_examples_are_these_turns() -> None:
    from service.rules.impact.operations import examples
    from service.rules.impact.turn.models import ImpactTurnRequest
    from service.rules.impact.turn.resolve import resolve_turn

    published = examples("resolve_turn")
    given = published["Jab against Straight Punch, every die given"]
    assert given["declarations"] == [JAB_AT_CHEST, STRAIGHT_AT_CHEST]
    answer = resolve_turn(ImpactTurnRequest.model_validate(given))
    assert not answer.warnings  # every die published is used
    assert answer.fight.fighters[1].state.damage.chest == 1  # test_phase_five_jab_and_straight
    assert resolve_turn(ImpactTurnRequest.model_validate(published["The same turn, seeded"])).status == "resolved"


def test_defence_covers_as_many_attacks_as_average_speed() -> None:
    # 001 L220: b's Cover-Up counts against (speed 1 + 2) // 2 = 1 attack. a's Jab: 2 + 4 = 6 against
    # 1 + chest 4 + 1 = 6, nothing; c's Jab after it: 6 against 1 + 4 = 5, 1 damage
    from service.rules.impact.turn.models import ImpactTurnRequest
    from service.rules.impact.turn.resolve import resolve_turn

    fighters = [{"id": x, "fighter": sheet()} for x in ("a", "b", "c")]
    decl = [
        JAB_AT_CHEST | {"target": "b"},
        {"fighter": "b", "action": "defense", "tactic": "cover_up"},
        JAB_AT_CHEST | {"fighter": "c", "target": "b"},
    ]
    # the core key grammar: b's first difficulty and resistance dice (against a) are bare, the second named by c
    rolls = dice("T1.a.speed", 6, 6) | dice("T1.c.speed", 1, 1)
    for attacker, other in (("a", ""), ("c", "@c")):
        rolls |= dice(f"T1.{attacker}.hit", 6, 6) | dice(f"T1.b.difficulty{other}", 1, 1)
        rolls |= dice(f"T1.b.resistance{other}", 1) | dice(f"T1.{attacker}.stamina", 1)
    rolls |= dice("T1.b.defense_stamina", 1)
    answer = resolve_turn(
        ImpactTurnRequest.model_validate({"fight": {"fighters": fighters}, "declarations": decl, "rolls": rolls})
    )
    assert answer.status == "resolved" and not answer.warnings
    assert [(e.other, e.amount) for e in answer.events if e.kind == "damage"] == [("c", 1)]
