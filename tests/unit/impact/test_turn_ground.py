"""What a knocked-down fighter may do from the ground (001 L296-L300): a campaign option, `penalty_only` by default."""

from __future__ import annotations

from typing import Any

from .turns import dice, run

JAB = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"}
B_KICK = {"fighter": "b", "maneuver": "round_kick", "side": "right", "area": "chest"}
B_JAB = {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}
B_GRAPPLE = {"fighter": "b", "maneuver": "grapple"}
DOWN = {"knocked_down": True}


def refused(b_decl: dict[str, Any], rule: str) -> list[tuple[str, str]]:
    answer = run([JAB, b_decl], {}, b_state=DOWN, complete=False, phase=4, campaign={"ground_maneuvers": rule})
    return [(v.code, v.path) for v in answer.violations]


def test_default_every_maneuver_with_the_knock_down_penalty() -> None:
    # 001 L296: the knock-down's -3 on the next Speed Test is the text's fixed cost; by default (penalty_only)
    # nothing is refused and nothing is unsupported. b's Round Kick (speed 1) with the right (speed 1):
    # 4 + 4 + 1 + 1 - 3 = 7; a's Jab 1 + 1 + 5 + 1 = 8 acts first. At punching range the kick (kicking range) is
    # then out of reach (001 L423)
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 4, 4)
    answer = run([JAB, B_KICK], rolls, b_state=DOWN, seed=5, phase=4)  # Phase IV: no Setup Points asked
    assert answer.unsupported == []
    assert [(o.fighter, o.total) for o in answer.order] == [("a", 8), ("b", 7)]


def test_no_kicks_from_the_ground() -> None:
    assert refused(B_KICK, "no_kicks") == [("GROUND_MANEUVER_REFUSED", "declarations[1].maneuver")]
    assert refused(B_JAB, "no_kicks") == []


def test_grapples_only_from_the_ground() -> None:
    # 001 L252: a Throw (a grappling maneuver) is made even from prone; punches and kicks refused
    assert refused(B_JAB, "grapples_only") == [("GROUND_MANEUVER_REFUSED", "declarations[1].maneuver")]
    assert refused(B_KICK, "grapples_only") == [("GROUND_MANEUVER_REFUSED", "declarations[1].maneuver")]
    assert refused(B_GRAPPLE, "grapples_only") == []
    # standing, nothing is refused
    answer = run([JAB, B_KICK], {}, complete=False, phase=4, campaign={"ground_maneuvers": "grapples_only"})
    assert answer.violations == []
