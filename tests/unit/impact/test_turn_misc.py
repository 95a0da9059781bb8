"""The miscellaneous maneuvers (001 L685-703), worked by hand."""

from __future__ import annotations

from .turns import dice, run, sheet, state

B_JAB = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}
B_STRAIGHT = {"fighter": "b", "maneuver": "straight_punch", "side": "right", "area": "chest"}


def test_beat_won() -> None:
    # 001 L693: a's Beat (no maneuver speed, average speed 1, digest A17) 11 + 1 = 12 beats b's Jab 2 + 5 + 1 = 8:
    # +1 on a's next maneuver test, and 1 SP. b's Jab then misses: 2 + 1 against 12 + 2
    rolls = dice("T1.a.speed", 5, 6) | dice("T1.b.speed", 1, 1)
    rolls |= dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6) | dice("T1.b.stamina", 1)
    answer = run([{"fighter": "a", "action": "beat"}, B_JAB], rolls)
    a = state(answer, "a")
    assert (a.next.test, a.next.speed, a.sp) == (1, 0, 1)


def test_beat_lost() -> None:
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 6, 6)
    rolls |= dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6) | dice("T1.b.stamina", 1)
    answer = run([{"fighter": "a", "action": "beat"}, B_JAB], rolls)
    assert state(answer, "a").next.speed == -1  # 001 L693


def test_waiting_bonus_used_next_turn() -> None:
    # the Beat's +1 is added to the next maneuver test, then used up: Jab 2d6 5 + skill 1 + 1 = 7
    rolls = (
        dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 2, 3) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 6)
    )
    rolls |= dice("T1.a.stamina", 1) | dice("T1.b.defense_stamina", 1)
    decl = [
        {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"},
        {"fighter": "b", "action": "defense", "tactic": "cover_up"},
    ]
    answer = run(decl, rolls, a_state={"next": {"test": 1}})
    hit = next(e for e in answer.events if e.kind == "hit")
    assert hit.value == 7 - (2 + 2)
    assert state(answer, "a").next.test == 0


def test_lead_won() -> None:
    # 001 L699: a leads with a Straight Punch and must win the Speed Test: 3 + 3 + 1 = 7 against b's 2 + 3 + 1 = 6;
    # then a's maneuver test 10 + skill 1 against b's Tactics Test 5 + 1: +2 speed and +2 damage on a's next
    # maneuver; no contact (digest A27). b's Straight then misses.
    lead = {"fighter": "a", "action": "lead", "maneuver": "straight_punch", "side": "right"}
    rolls = dice("T1.a.speed", 1, 2) | dice("T1.b.speed", 1, 1) | dice("T1.a.lead", 5, 5) | dice("T1.b.tactics", 2, 3)
    rolls |= dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6)
    answer = run([lead, B_STRAIGHT], rolls)
    a = state(answer, "a")
    assert (a.next.speed, a.next.damage, a.sp) == (2, 2, 1)


def test_feint_forces_a_defence() -> None:
    # 001 L697: a feints a Jab, +2 on the Speed Test: 2 + 5 + 1 + 2 = 10 against b's 2 + 3 + 1 = 6; a's test 10 + 1
    # against b's 2 + the better of Tactics 1 and his Jab 1: b must defend at once (his default, Cover-Up) and loses
    # the Straight Punch; a's next maneuver +2 speed; b's defence earns 1 SP and 1d6 Stamina (001 L224)
    feint = {"fighter": "a", "action": "feint", "maneuver": "jab", "side": "right"}
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 1, 1) | dice("T1.a.feint", 5, 5) | dice("T1.b.tactics", 1, 1)
    rolls |= dice("T1.b.defense_stamina", 4)
    answer = run([feint, B_STRAIGHT], rolls, b_state={"stamina": 40})
    assert state(answer, "a").next.speed == 2
    b = state(answer, "b")
    assert (b.sp, b.stamina, b.last.maneuver) == (1, 44, "cover_up")


def test_feint_answered_by_bridging_out() -> None:
    feint = {"fighter": "a", "action": "feint", "maneuver": "jab", "side": "right"}
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 1, 1) | dice("T1.a.feint", 5, 5) | dice("T1.b.tactics", 1, 1)
    rolls |= dice("T1.b.bridge_stamina", 1, 1)
    answer = run([feint, B_STRAIGHT], rolls, decisions={"T1.b.feinted": "bridge_out"})
    assert [r.range for r in answer.fight.ranges] == ["kicking"]


def test_draw_turns_the_attack() -> None:
    # 001 L691: no Speed Test for the Draw; Tactics Tests 9 + 1 against 4 + 1: b must strike the head a left open,
    # at -2: Jab 12 + 1 - 2 = 11 against 3 + head 4 = 7, a hit on the head. a: +2 SP and 1d6 Stamina
    draw = {"fighter": "a", "action": "draw", "area": "head"}
    rolls = dice("T1.a.draw", 4, 5) | dice("T1.b.tactics", 2, 2) | dice("T1.a.draw_stamina", 3)
    rolls |= (
        dice("T1.b.speed", 1, 1) | dice("T1.b.hit", 6, 6) | dice("T1.a.difficulty", 1, 2) | dice("T1.a.resistance", 6)
    )
    rolls |= dice("T1.b.stamina", 1)
    answer = run([draw, B_JAB], rolls, a_state={"stamina": 40})
    hit = next(e for e in answer.events if e.kind == "hit")
    assert (hit.fighter, hit.area, hit.value) == ("b", "head", 11 - 7)
    a = state(answer, "a")
    assert (a.sp, a.stamina) == (2, 43)


def test_bind_slows_the_puncher() -> None:
    # 001 L695: a binds while parrying (Defense 3: Parry 1): 11 + 1 against b's Jab 2 + 5 + 1: b's next maneuver
    # -3 speed; a defends with Parry (+1 Difficulty): b's Jab 2 + 1 against 12 + 2 + 1 misses
    rolls = dice("T1.a.speed", 5, 6) | dice("T1.b.speed", 1, 1)
    rolls |= (
        dice("T1.b.hit", 1, 1)
        | dice("T1.a.difficulty", 6, 6)
        | dice("T1.b.stamina", 1)
        | dice("T1.a.defense_stamina", 1)
    )
    answer = run([{"fighter": "a", "action": "bind"}, B_JAB], rolls, sheet(defense=3))
    assert state(answer, "b").next.speed == -3
    assert state(answer, "a").sp == 1  # counted once (a ruling)


def test_stop_hit_reported_unsupported() -> None:
    stop = {"fighter": "a", "action": "stop_hit", "maneuver": "jab", "side": "right", "area": "right_arm"}
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 1, 1) | dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6)
    rolls |= dice("T1.b.stamina", 1)
    answer = run([stop, B_JAB], rolls, complete=False)
    assert [u.id for u in answer.unsupported] == ["stop_hit"]
    assert "forfeited" in [e.kind for e in answer.events if e.fighter == "a"]


def test_draw_seen_through_and_defend() -> None:
    # 001 L691: b's Tactics Test is higher (2 + 1 against 12 + 1): b keeps his target; a may then defend (Cover-Up,
    # +1 Toughness): b's Jab 2 + 4 = 6 against 3 + chest 4 + 1 = 8, no damage
    draw = {"fighter": "a", "action": "draw", "area": "head"}
    rolls = dice("T1.a.draw", 1, 1) | dice("T1.b.tactics", 6, 6) | dice("T1.a.draw_stamina", 3)
    rolls |= (
        dice("T1.b.speed", 1, 1) | dice("T1.b.hit", 6, 6) | dice("T1.a.difficulty", 1, 1) | dice("T1.a.resistance", 3)
    )
    rolls |= dice("T1.b.stamina", 1) | dice("T1.a.defense_stamina", 1)
    answer = run([draw, B_JAB], rolls, a_state={"stamina": 40}, decisions={"T1.a.draw_seen": "cover_up"})
    hit = next(e for e in answer.events if e.kind == "hit")
    assert hit.area == "chest"
    assert state(answer, "a").damage.chest == 0
    assert state(answer, "a").sp == 2 + 1  # the Draw's 2 and the defence's 1 (001 L224, L691)
