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


STOP = {"fighter": "a", "action": "stop_hit", "maneuver": "straight_punch", "side": "right", "area": "right_arm"}
B_JAB_AT_A = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}


def test_stop_hit_lands_halves_and_interrupts() -> None:
    # 001 L701: a's Straight Punch (speed 3) with the right (speed 1): 12 + 4 = 16 beats b's Jab 2 + 5 + 1 = 8.
    # The hit at -3: 10 + skill 1 - 3 = 8 against 3 + right arm Difficulty 3 = 6, a hit. Damage 3 + Power 4 = 7
    # against 1 + right arm Toughness 3 = 4: 3, halved (rounded down) to 1; 2 x 1 < 3, Toughness kept (001 L683).
    # b's Jab is interrupted (forfeited: no Stamina, no SP); a pays the Straight Punch's 3 // 2 = 1 Stamina (L194).
    # Asked at every decision, b is offered no defence: he must follow through (L701)
    rolls = dice("T1.a.speed", 6, 6) | dice("T1.b.speed", 1, 1) | dice("T1.a.hit", 5, 5) | dice("T1.b.difficulty", 1, 2)
    rolls |= dice("T1.b.resistance", 1)
    answer = run([STOP, B_JAB_AT_A], rolls, a_state={"stamina": 40}, ask_every_decision=True)
    b = state(answer, "b")
    assert (b.damage.right_arm, b.toughness.right_arm, b.stamina, b.sp) == (1, None, None, 0)
    assert "forfeited" in [e.kind for e in answer.events if e.fighter == "b"]
    assert state(answer, "a").stamina == 39 and state(answer, "a").damage.chest == 0
    assert answer.unsupported == []


def test_stop_hit_missed_gives_the_bonus() -> None:
    # a first (16 against 8), but the hit at -3 misses: 2 + 1 - 3 = 0 against 2 + 3 = 5. b's Jab finishes at +1:
    # 6 + 1 + 1 = 8 against 4 + chest 2 = 6, a hit; its damage +3: 2 + 4 + 3 = 9 against 2 + chest Toughness 4 = 6:
    # 3 (001 L703), and 2 x 3 >= 4 lowers the chest's Toughness to 3 (L683). Without the bonus it would be 6 - 6 = 0.
    # b: Jab 2 // 2 = 1 Stamina, then 1d6 = 2 back and 1 SP (-1 SP maneuver, L674); a pays 1 for the Straight Punch
    rolls = dice("T1.a.speed", 6, 6) | dice("T1.b.speed", 1, 1) | dice("T1.a.hit", 1, 1) | dice("T1.b.difficulty", 1, 1)
    rolls |= (
        dice("T1.b.hit", 3, 3) | dice("T1.a.difficulty", 2, 2) | dice("T1.a.resistance", 2) | dice("T1.b.stamina", 2)
    )
    answer = run([STOP, B_JAB_AT_A], rolls, a_state={"stamina": 40}, b_state={"stamina": 40})
    a, b = state(answer, "a"), state(answer, "b")
    assert (a.damage.chest, a.toughness.chest, a.stamina) == (3, 3, 39)
    assert (b.damage.right_arm, b.stamina, b.sp) == (0, 41, 1)


def test_stop_hit_losing_the_speed_test() -> None:
    # a 2 + 4 = 6 against b's 12 + 6 = 18: the Stop-Hit fails at the Speed Test (L701). b's Jab at +1: 3 + 1 + 1 = 5
    # against 2 + chest 2 = 4, a hit (without the +1 a tie, a miss, L395); damage 2 + 4 + 3 = 9 against 1 + 4 = 5:
    # 4, the chest's Toughness to 3. a's Stop-Hit lands nothing and costs nothing (a forfeit)
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 6, 6) | dice("T1.b.hit", 2, 1) | dice("T1.a.difficulty", 1, 1)
    rolls |= dice("T1.a.resistance", 1) | dice("T1.b.stamina", 3)
    answer = run([STOP, B_JAB_AT_A], rolls, a_state={"stamina": 40}, b_state={"stamina": 40})
    a = state(answer, "a")
    assert (a.damage.chest, a.toughness.chest, a.stamina) == (4, 3, 40)
    assert state(answer, "b").stamina == 40 - 1 + 3
    assert [e.kind for e in answer.events if e.fighter == "a"][-1] == "forfeited"


def test_stop_hit_out_of_reach_has_failed() -> None:
    # At kicking range a's Straight Punch (punching range) cannot reach (001 L423): the Stop-Hit makes no hit test,
    # so it has failed (L701-703; a ruling). a 12 + 3 + 1 = 16, b's left Front Kick 2 + 2 + 2 = 6. b's kick at +1:
    # 4 + 1 + 1 = 6 against 2 + chest 2 = 4, a hit; damage 4 + left Power 1 + 3 = 8 against 3 + 4 = 7: 1 (without
    # the +3, 5 against 7: nothing). b pays the kick's 4 // 2 = 2 Stamina; a's forfeit costs nothing
    stop = STOP | {"area": "right_leg"}
    kick = {"fighter": "b", "maneuver": "front_kick", "side": "left", "area": "chest"}
    rolls = dice("T1.a.speed", 6, 6) | dice("T1.b.speed", 1, 1) | dice("T1.b.hit", 2, 2) | dice("T1.a.difficulty", 1, 1)
    rolls |= dice("T1.a.resistance", 3)
    ranges = [{"a": "a", "b": "b", "range": "kicking"}]
    answer = run([stop, kick], rolls, a_state={"stamina": 40}, b_state={"stamina": 40}, ranges=ranges)
    a, b = state(answer, "a"), state(answer, "b")
    assert (a.damage.chest, a.stamina, b.stamina) == (1, 40, 38)


def test_stop_hit_declared_wrongly() -> None:
    # 001 L701: only against the arm and leg areas, with a punch or kick, and the opponent must be attacking him
    at_chest = STOP | {"area": "chest"}
    answer = run([at_chest, B_JAB_AT_A], {}, complete=False)
    assert [(v.code, v.path) for v in answer.violations] == [("STOP_HIT_NOT_ALLOWED", "declarations[0].area")]
    bridging = {"fighter": "b", "action": "bridge", "direction": "out"}
    answer = run([STOP, bridging], {}, complete=False)
    assert [(v.code, v.path) for v in answer.violations] == [("STOP_HIT_NOT_ALLOWED", "declarations[0].target")]


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
