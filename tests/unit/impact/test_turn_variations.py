"""The variations (001 L705-713), worked by hand."""

from __future__ import annotations

from .turns import dice, run, state

BRIDGE_OUT = {"fighter": "b", "action": "bridge", "direction": "out"}


def test_lunge_reaches_a_fighter_bridging_out() -> None:
    # 001 L707 (digest T40): b bridges out first (12 + average 1 + Tactics 1 = 14 against 2 + 5 + 1 = 8), from
    # punching to kicking range; a's lunging Jab reaches one range further, punching to kicking, with +1 damage:
    # 2 + 4 + 1 = 7 against 1 + chest 4 = 5: 2 damage; a's next maneuver -2 speed
    lunge = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "chest", "variations": ["lunge"]}
    rolls = dice("T1.b.speed", 6, 6) | dice("T1.a.speed", 1, 1) | dice("T1.b.bridge_stamina", 1, 1)
    rolls |= (
        dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 1) | dice("T1.a.stamina", 1)
    )
    answer = run([lunge, BRIDGE_OUT], rolls, b_state={"stamina": 40})
    assert [r.range for r in answer.fight.ranges] == ["kicking"]
    assert state(answer, "b").damage.chest == 2
    assert state(answer, "a").next.speed == -2


def test_lunge_goes_no_further_than_kicking() -> None:
    # 001 L707: from kicking range the bridge takes b out of range; no lunge reaches out there
    lunge = {"fighter": "a", "maneuver": "front_kick", "side": "right", "area": "chest", "variations": ["lunge"]}
    rolls = dice("T1.b.speed", 6, 6) | dice("T1.a.speed", 1, 1) | dice("T1.b.bridge_stamina", 1, 1)
    answer = run([lunge, BRIDGE_OUT], rolls, b_state={"stamina": 40}, ranges=[{"a": "a", "b": "b", "range": "kicking"}])
    assert [r.range for r in answer.fight.ranges] == ["out"]
    assert "forfeited" in [e.kind for e in answer.events if e.fighter == "a"]


def test_riposte_bonuses() -> None:
    # 001 L709: after parrying a right Jab, a Riposte at the head: +2 speed (12 + 5 + 1 + 2 = 20) and +1 on the test
    # (2 + 1 + 1 = 4 against 1 + 1 + head 4 = 6: the margin is -2)
    riposte = {"fighter": "a", "maneuver": "jab", "side": "right", "area": "head", "variations": ["riposte"]}
    cover = {"fighter": "b", "action": "defense", "tactic": "cover_up"}
    rolls = dice("T1.a.speed", 6, 6) | dice("T1.a.hit", 1, 1) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.a.stamina", 1) | dice("T1.b.defense_stamina", 1)
    answer = run([riposte, cover], rolls, a_state={"last": {"maneuver": "parry", "parried_side": "right"}})
    assert answer.order[0].total == 20
    miss = next(e for e in answer.events if e.kind == "miss")
    assert miss.value == 4 - 6


def test_stop_kick_against_a_fighter_bridging_in() -> None:
    # 001 L713: a Palm Strike as a Stop-Kick: -1 on the test (12 + 1 - 1 = 12 against 2 + 2), +2 damage
    # (3 + 4 + 2 = 9 against 1 + 4 = 5: 4, Toughness 4 -> 3); then b bridges in, punching to trapping
    kick = {"fighter": "a", "maneuver": "palm_strike", "side": "right", "area": "chest", "variations": ["stop_kick"]}
    bridge_in = {"fighter": "b", "action": "bridge", "direction": "in"}
    rolls = dice("T1.a.speed", 6, 6) | dice("T1.b.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.b.resistance", 1) | dice("T1.b.bridge_stamina", 1, 1)
    answer = run([kick, bridge_in], rolls, b_state={"stamina": 40})
    hit = next(e for e in answer.events if e.kind == "hit")
    assert hit.value == 12 - 4
    b = state(answer, "b")
    assert (b.damage.chest, b.toughness.chest) == (4, 3)
    assert [r.range for r in answer.fight.ranges] == ["trapping"]
