"""The tutorial's Phases II to IV (001 L359-577), each a turn worked by hand with only what that phase plays.

Both fighters: Power R4 L1, Speed R1 L2 (average 1), every maneuver at its base level 1; the pack's chest is
Difficulty 2, Toughness 4; the head Difficulty 4, Toughness 5 (001 L174).
"""

from __future__ import annotations

from .turns import dice, run, state


def test_phase_two_skill_difficulty_and_resistance() -> None:
    # Phase II (001 L359-415): speed of the arm or leg and of the maneuver; skill against Difficulty; damage against
    # a Resistance Roll. No range yet (it comes in Phase III, L419), no Toughness loss, no Stamina, no lean.
    # a's right Jab 3 + 2 + 5 + 1 = 11 against b's right Round Kick 4 + 4 + 1 + 1 = 10: a first (L376-377).
    # a: 9 + skill 1 = 10 against 5 + chest 2 = 7, a hit (L385-395); Jab 2 + Power 4 = 6 against 1 + 4 = 5: 1 (L405-415)
    # b: 11 + 1 = 12 against 2 + 2 = 4, a hit; Round Kick 5 + 4 = 9 against 1 + 4 = 5: 4. At punching range the kick
    # still lands: range is not played before Phase III. 2 x 4 >= 4, yet the Toughness stays: that is Phase III (L481)
    jab = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"}
    kick = {"fighter": "b", "maneuver": "round_kick", "side": "right", "area": "chest"}
    rolls = dice("T1.a.speed", 3, 2) | dice("T1.b.speed", 4, 4)
    rolls |= dice("T1.a.hit", 4, 5) | dice("T1.b.difficulty", 2, 3) | dice("T1.b.resistance", 1)
    rolls |= dice("T1.b.hit", 6, 5) | dice("T1.a.difficulty", 1, 1) | dice("T1.a.resistance", 1)
    answer = run([jab, kick], rolls, phase=2)
    assert [(o.fighter, o.total) for o in answer.order] == [("a", 11), ("b", 10)]
    a, b = state(answer, "a"), state(answer, "b")
    assert (b.damage.chest, a.damage.chest) == (1, 4)
    assert (a.toughness.chest, a.stamina, b.stamina, b.sp) == (None, None, None, 0)


def test_phase_three_range_and_toughness_reduction() -> None:
    # Phase III (001 L417-487) at trapping range: a's right Hook Punch (speed 2; punching and trapping range)
    # 6 + 2 + 1 = 9 against b's left Front Kick (speed 2; kicking range) 4 + 2 + 2 = 8: a first.
    # a: 8 + 1 = 9 against 2 + 2 = 4, a hit; Hook 4 + Power 4 = 8 against 1 + 4 = 5: 3, and 3 >= 4 / 2 lowers the
    # chest's Toughness to 3 (L485-487). b's Front Kick cannot reach at trapping range: forfeited (L423)
    hook = {"fighter": "a", "maneuver": "hook_punch", "side": "right", "area": "chest"}
    kick = {"fighter": "b", "maneuver": "front_kick", "side": "left", "area": "chest"}
    rolls = dice("T1.a.speed", 3, 3) | dice("T1.b.speed", 2, 2)
    rolls |= dice("T1.a.hit", 4, 4) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 1)
    answer = run([hook, kick], rolls, phase=3, ranges=[{"a": "a", "b": "b", "range": "trapping"}])
    b = state(answer, "b")
    assert (b.damage.chest, b.toughness.chest) == (3, 3)
    assert "forfeited" in [e.kind for e in answer.events if e.fighter == "b"]
    assert state(answer, "a").damage.chest == 0


def test_phase_three_grapple_holds() -> None:
    # Phase III at grappling range: a's Grapple uses the average speed, 1 (L242): 8 + 1 + 1 = 10 against b's right
    # Jab 2 + 5 + 1 = 8. The Grapple aims at the chest (L248): 8 + 1 = 9 against 3 + 2 = 5, a hit; damage 1 + the
    # average Power (4 + 1) // 2 = 2 (digest A13) = 3 against 2 + 4 = 6: none, but the hold is on (L248). b's Jab
    # cannot reach at grappling range: forfeited (L423). No SP before Phase V
    grapple = {"fighter": "a", "maneuver": "grapple"}
    jab = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "head"}
    rolls = dice("T1.a.speed", 4, 4) | dice("T1.b.speed", 1, 1)
    rolls |= dice("T1.a.hit", 4, 4) | dice("T1.b.difficulty", 1, 2) | dice("T1.b.resistance", 2)
    answer = run([grapple, jab], rolls, phase=3, ranges=[{"a": "a", "b": "b", "range": "grappling"}])
    assert [(h.maneuver, h.holder, h.victim, h.area, h.turns) for h in answer.fight.holds] == [
        ("grapple", "a", "b", "chest", 1)
    ]
    assert state(answer, "b").damage.chest == 0 and state(answer, "a").sp == 0
    assert "forfeited" in [e.kind for e in answer.events if e.fighter == "b"]


def test_phase_four_lean_and_stamina() -> None:
    # Phase IV (001 L489-577): a leans into a right Hook Punch (Arcing Punches: in +2), b leans out of a right Jab
    # (Direct Punches: out -1); the two leans add for both strikes (L542-543). b has lost 13 of 50 Stamina, a
    # quarter: -2 on his tests (L196).
    # Speed: a 3 + 4 + 2 + 1 = 10; b 4 + 4 + 5 + 1 - 2 = 12: b first.
    # b: 10 + 1 - 2 = 9 against 2 + 2 + head 4 = 8, a hit; Jab 2 + 4 + (2 - 1) = 7 against 1 + head 5 = 6: 1 (2 < 5:
    # the head's Toughness stays). b pays 2 // 2 = 1 Stamina and, for a -1 SP maneuver, gets 1d6 = 4 back: 40
    # (L559-569).
    # a: 8 + 1 = 9 against 1 + 1 + chest 2 = 4 (b at 40, under a quarter lost: no penalty now), a hit; Hook 4 + 4 + 1 =
    # 9 against 2 + 4 = 6: 3, the chest's Toughness to 3 (L575-577); a pays 4 // 2 = 2 Stamina: 38
    hook = {"fighter": "a", "maneuver": "hook_punch", "side": "right", "area": "chest", "lean": "in"}
    jab = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "head", "lean": "out"}
    rolls = dice("T1.a.speed", 3, 4) | dice("T1.b.speed", 4, 4)
    rolls |= dice("T1.b.hit", 5, 5) | dice("T1.a.difficulty", 2, 2) | dice("T1.a.resistance", 1)
    rolls |= dice("T1.b.stamina", 4)
    rolls |= dice("T1.a.hit", 4, 4) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 2)
    answer = run([hook, jab], rolls, phase=4, a_state={"stamina": 40}, b_state={"stamina": 37})
    assert [(o.fighter, o.total) for o in answer.order] == [("b", 12), ("a", 10)]
    a, b = state(answer, "a"), state(answer, "b")
    assert (a.damage.head, a.toughness.head, a.stamina) == (1, None, 38)
    assert (b.damage.chest, b.toughness.chest, b.stamina, b.sp) == (3, 3, 40, 0)


def test_phase_four_out_of_range() -> None:
    # 001 L495-499: out of range, no punch or kick reaches: both maneuvers are forfeited and cost no Stamina
    jab = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"}
    kick = {"fighter": "b", "maneuver": "front_kick", "side": "left", "area": "chest"}
    rolls = dice("T1.a.speed", 3, 3) | dice("T1.b.speed", 2, 2)
    answer = run([jab, kick], rolls, phase=4, ranges=[{"a": "a", "b": "b", "range": "out"}])
    assert [e.kind for e in answer.events if e.kind == "forfeited"] == ["forfeited", "forfeited"]
    assert (state(answer, "a").stamina, state(answer, "b").stamina) == (None, None)
