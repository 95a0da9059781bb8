"""One test per declaration rule: a broken one answers 200 with every finding at once and the fight unchanged."""

from __future__ import annotations

import pytest

from .turns import run, sheet

JAB = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"}
COVER = {"fighter": "b", "action": "defense", "tactic": "cover_up"}


def codes(declarations: list[dict[str, object]], **kw: object) -> list[tuple[str, str]]:
    answer = run(declarations, {}, complete=False, **kw)  # type: ignore[arg-type]
    assert answer.status == "invalid" and not answer.rolls
    assert answer.fight.turn == 1  # unchanged
    return [(v.code, v.path) for v in answer.violations]


@pytest.mark.parametrize(
    ("declaration", "expected"),
    [
        (JAB | {"side": None}, [("SIDE_REQUIRED", "declarations[0].side")]),  # 001 L234
        (JAB | {"area": None}, [("TARGET_AREA_INVALID", "declarations[0].area")]),  # 001 L234
        (
            JAB | {"maneuver": "choke", "area": "chest", "side": None},
            [
                ("MANEUVER_NOT_LEARNED", "declarations[0].maneuver"),  # 001 L238: grapples start at 0 (digest A33)
                ("TARGET_AREA_INVALID", "declarations[0].area"),  # 001 L249: a Choke aims at the head
                ("INSUFFICIENT_SP", "declarations[0].maneuver"),  # and needs 1 SP (001 L249)
            ],
        ),
        (JAB | {"maneuver": "gouge"}, [("INSUFFICIENT_SP", "declarations[0].maneuver")]),  # 001 L593: 2 SP needed
        (JAB | {"maneuver": "flying_dragon"}, [("UNKNOWN_MANEUVER", "declarations[0].maneuver")]),
        (
            {"fighter": "a", "action": "defense", "tactic": "slip"},
            [("DEFENSE_TACTIC_UNKNOWN", "declarations[0].tactic")],
        ),
        ({"fighter": "a", "action": "bridge"}, [("BRIDGE_DIRECTION_REQUIRED", "declarations[0].direction")]),
        (JAB | {"variations": ["riposte"]}, [("VARIATION_NOT_ALLOWED", "declarations[0].variations")]),  # 001 L709
        (JAB | {"variations": ["lunge"]}, [("VARIATION_NOT_ALLOWED", "declarations[0].variations")]),  # 001 L707
        (JAB | {"target": "c"}, [("UNKNOWN_FIGHTER", "declarations[0].target")]),
    ],
)
def test_declaration_rules(declaration: dict[str, object], expected: list[tuple[str, str]]) -> None:
    assert codes([{k: v for k, v in declaration.items() if v is not None}, COVER]) == expected


def test_gouge_with_the_setup_points() -> None:
    # the same Gouge with 2 SP held passes (001 L593)
    assert not run([JAB | {"maneuver": "gouge"}, COVER], {}, complete=False, a_state={"sp": 2}).violations


def test_grappling_points_do_not_pay_for_a_punch() -> None:
    # 001 L204: 2 grappling SP are lost on a switch, so a Gouge (2 SP) cannot be thrown
    got = codes([JAB | {"maneuver": "gouge"}, COVER], a_state={"sp": 2, "sp_family": "grapple"})
    assert got == [("INSUFFICIENT_SP", "declarations[0].maneuver")]


def test_held_fighter_cannot_bridge() -> None:
    holds = [{"maneuver": "grapple", "holder": "b", "victim": "a", "area": "chest"}]
    got = codes([{"fighter": "a", "action": "bridge", "direction": "out"}, COVER], holds=holds)
    assert got == [("HELD_CANNOT_BRIDGE", "declarations[0]")]  # 001 L288


def test_knocked_out_limb_cannot_strike() -> None:
    got = codes([JAB, COVER], a_state={"knocked_out_areas": ["right_arm"]})
    assert got == [("LIMB_UNUSABLE", "declarations[0].side")]  # 001 L306


def test_fighter_out() -> None:
    got = codes([JAB, COVER], b_state={"out": "knocked_out"})
    assert got == [("UNKNOWN_FIGHTER", "declarations[0].target"), ("FIGHTER_OUT", "declarations[1]")]


def test_riposte_after_a_parry() -> None:
    # 001 L709 (digest T39): after parrying a right Jab, a Riposte may aim at the right arm, chest or head, not a leg
    last = {"last": {"maneuver": "parry", "parried_side": "right"}}
    ok = run([JAB | {"area": "head", "variations": ["riposte"]}, COVER], {}, complete=False, a_state=last)
    assert not ok.violations
    bad = codes([JAB | {"area": "left_leg", "variations": ["riposte"]}, COVER], a_state=last)
    assert bad == [("VARIATION_NOT_ALLOWED", "declarations[0].area")]


def test_every_broken_rule_at_once() -> None:
    got = codes(
        [JAB | {"side": None, "area": None}, {"fighter": "b", "action": "defense", "tactic": "parry"}], b=sheet()
    )
    assert [c for c, _ in got] == ["SIDE_REQUIRED", "TARGET_AREA_INVALID", "DEFENSE_TACTIC_UNKNOWN"]


def test_fight_invalid() -> None:
    # what no schema states: a range or hold naming a fighter not in the fight
    got = codes([JAB, COVER], ranges=[{"a": "a", "b": "z", "range": "kicking"}])
    assert got == [("FIGHT_INVALID", "fight.ranges[0]")]
    got = codes([JAB, COVER], holds=[{"maneuver": "grapple", "holder": "a", "victim": "a", "area": "chest"}])
    assert got == [("FIGHT_INVALID", "fight.holds[0]")]


def test_counter_bridge_with_nobody_bridging_is_refused() -> None:
    # 001 L214: only the opponent of a bridging fighter may bridge too; nobody bridges here, so the value is refused by
    # that rule (never dropped); "keep" asks nothing of the rule and is only a branch not taken (a warning)
    from .turns import dice

    rolls = dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 1, 1) | dice("T1.b.difficulty", 6, 6) | dice("T1.a.stamina", 1)
    rolls |= dice("T1.b.defense_stamina", 1)
    answer = run([JAB, COVER], rolls, decisions={"T1.b.counter_bridge": "bridge"}, complete=False)
    assert answer.status == "invalid"
    assert [(v.code, v.key, v.ref.line if v.ref else None) for v in answer.violations] == [
        ("COUNTER_BRIDGE_NOT_OFFERED", "T1.b.counter_bridge", "001 L214")
    ]
    answer = run([JAB, COVER], rolls, decisions={"T1.b.counter_bridge": "keep"}, complete=False)
    assert answer.status == "resolved"
    assert [(w.code, w.key) for w in answer.warnings] == [("DECISION_NOT_USED", "T1.b.counter_bridge")]
