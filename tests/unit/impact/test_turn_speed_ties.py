"""A tied Speed Test is rolled again as a whole test (001 L377, L441, L514, L604), worked by hand."""

from __future__ import annotations

from .turns import dice, run

JAB = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"}
STRAIGHT = {"fighter": "b", "maneuver": "straight_punch", "side": "left", "area": "chest"}


def test_tie_rolls_the_whole_test_again() -> None:
    # a: 2d6 + Jab 5 + right speed 1; b: 2d6 + Straight Punch 3 + left speed 2 - 3 for last turn's knock-down
    # (001 L296, L603). First: a 3+3+6 = 12, b 5+5+2 = 12, a tie (001 L604). Again: a 2+3+6 = 11, b 3+4+2 = 9:
    # a acts first (the bare dice, 5 against 7, would have put b first)
    rolls = dice("T1.a.speed", 3, 3) | dice("T1.b.speed", 5, 5)
    rolls |= dice("T1.a.speed_tie", 2, 3) | dice("T1.b.speed_tie", 3, 4)
    answer = run([JAB, STRAIGHT], rolls, b_state={"knocked_down": True}, seed=7)
    assert [(o.fighter, o.total, o.rerolls) for o in answer.order] == [("a", 12, [11]), ("b", 12, [9])]
    speeds = [(e.fighter, e.value) for e in answer.events if e.kind == "speed"]
    assert speeds == [("a", 12), ("b", 12), ("a", 11), ("b", 9)]


def test_tie_again_rolls_a_third_time() -> None:
    # the same fighters, b not knocked down: a 2d6 + 6, b 2d6 + 5. First 6+6 = 12 and 7+5 = 12; again 1+2+6 = 9
    # and 2+2+5 = 9, tied again; a third time 1+1+6 = 8 and 5+5+5 = 15: b acts first (001 L604)
    rolls = dice("T1.a.speed", 3, 3) | dice("T1.b.speed", 3, 4)
    rolls |= dice("T1.a.speed_tie", 1, 2) | dice("T1.b.speed_tie", 1, 3)
    rolls |= dice("T1.a.speed_tie", 1, 1, start=3) | dice("T1.b.speed_tie", 5, 5, start=3)  # the re-roll repeated
    answer = run([JAB, STRAIGHT], rolls, seed=7)
    assert [(o.fighter, o.total, o.rerolls) for o in answer.order] == [("b", 12, [9, 15]), ("a", 12, [9, 8])]
