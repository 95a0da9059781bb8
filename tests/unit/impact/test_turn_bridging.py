"""Bridging (001 L212-216) and the defence's Bridge bonus (001 L222), worked by hand."""

from __future__ import annotations

from .turns import dice, run, sheet, state

JAB = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest"}
BRIDGE_OUT = {"fighter": "b", "action": "bridge", "direction": "out"}


def test_bridge_out_before_the_jab() -> None:
    # b: 2d6 + average speed 1 + Tactics 1 = 12; a: 2d6 + Jab 5 + right speed 1 = 11. b moves first from punching
    # to kicking range, out of the Jab's reach: the Jab is forfeited (001 L214, L423); b gains 1 SP and 2d6 Stamina
    rolls = dice("T1.b.speed", 5, 5) | dice("T1.a.speed", 2, 3) | dice("T1.b.bridge_stamina", 2, 3)
    answer = run([JAB, BRIDGE_OUT], rolls, b_state={"stamina": 40})
    assert [(o.fighter, o.total) for o in answer.order] == [("b", 12), ("a", 11)]
    assert [r.range for r in answer.fight.ranges] == ["kicking"]
    assert "forfeited" in [e.kind for e in answer.events if e.fighter == "a"]
    b = state(answer, "b")
    assert (b.sp, b.stamina) == (1, 45)
    assert state(answer, "a").stamina is None  # a forfeited maneuver costs nothing (a ruling)


def test_bridge_tie_goes_to_the_bridger() -> None:
    # 001 L214: at equal totals the bridger changes the range first
    rolls = dice("T1.b.speed", 5, 4) | dice("T1.a.speed", 2, 3) | dice("T1.b.bridge_stamina", 1, 1)
    answer = run([JAB, BRIDGE_OUT], rolls, b_state={"stamina": 40})
    assert [o.fighter for o in answer.order] == ["b", "a"] and answer.order[0].total == answer.order[1].total == 11


def test_faster_jab_lands_before_the_bridge() -> None:
    # a's 13 beats b's 12: the Jab resolves first (it misses: 2 + 1 = 3 against 6 + chest 2 = 8), then b bridges
    rolls = dice("T1.b.speed", 5, 5) | dice("T1.a.speed", 3, 4) | dice("T1.b.bridge_stamina", 1, 1)
    rolls |= dice("T1.a.hit", 1, 1) | dice("T1.b.difficulty", 3, 3) | dice("T1.a.stamina", 2)
    answer = run([JAB, BRIDGE_OUT], rolls, a_state={"stamina": 40}, b_state={"stamina": 40})
    assert [o.fighter for o in answer.order] == ["a", "b"]
    assert [r.range for r in answer.fight.ranges] == ["kicking"]
    assert state(answer, "a").stamina == 40 - 1 + 2 and state(answer, "a").sp == 1


def test_counter_bridge_holds_the_range() -> None:
    # 001 L214: a answers the bridge with a bridge: both roll 2d6 + average speed + Tactics; a's 13 beats b's 12
    # and the range stays; both earn the bridge's SP and Stamina (digest T26)
    rolls = dice("T1.b.speed", 5, 5) | dice("T1.a.speed", 6, 5)
    rolls |= dice("T1.a.bridge_stamina", 1, 2) | dice("T1.b.bridge_stamina", 3, 4)
    answer = run(
        [JAB, BRIDGE_OUT],
        rolls,
        a_state={"stamina": 40},
        b_state={"stamina": 40},
        decisions={"T1.a.counter_bridge": "bridge"},
    )
    assert [(o.fighter, o.total) for o in answer.order] == [("a", 13), ("b", 12)]
    assert answer.fight.ranges == []  # still at punching range
    assert (state(answer, "a").sp, state(answer, "a").stamina) == (1, 43)
    assert (state(answer, "b").sp, state(answer, "b").stamina) == (1, 47)


def test_parry_bridge_bonus_next_turn() -> None:
    # 001 L222: a Parry's level is added to the Speed roll of a Bridge next turn. Defense 3: Parry 1 (001 L156)
    decl = [{"fighter": "a", "action": "defense", "tactic": "parry"}, JAB | {"fighter": "b"}]
    rolls = dice("T1.b.speed", 1, 1) | dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6)
    rolls |= dice("T1.a.defense_stamina", 1) | dice("T1.b.stamina", 1)
    answer = run(decl, rolls, sheet(defense=3))
    a = state(answer, "a")
    assert a.bridge_bonus == 1
    assert a.last.maneuver == "parry" and a.last.parried_side == "right"
    # next turn a bridges: 2d6 + average speed 1 + Tactics 1 + bridge bonus 1
    nxt = answer.fight.model_dump(mode="json")
    from service.rules.impact.turn.models import ImpactTurnRequest
    from service.rules.impact.turn.resolve import resolve_turn

    rolls2 = dice("T2.a.speed", 3, 3) | dice("T2.b.speed", 1, 1) | dice("T2.a.bridge_stamina", 1, 1)
    rolls2 |= dice("T2.b.stamina", 1)
    body = {
        "fight": nxt,
        "declarations": [{"fighter": "a", "action": "bridge", "direction": "out"}, JAB | {"fighter": "b"}],
        "rolls": rolls2,
    }
    second = resolve_turn(ImpactTurnRequest.model_validate(body))
    assert second.status == "resolved" and second.order[0].fighter == "a" and second.order[0].total == 6 + 1 + 1 + 1
