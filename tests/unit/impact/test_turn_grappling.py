"""Special effects, holds, knock-outs and the bout's end, worked by hand (001 L236-308, L715-722)."""

from __future__ import annotations

from .turns import dice, run, sheet, state

COVER = {"fighter": "b", "action": "defense", "tactic": "cover_up"}
FULL_BOXES = 6 + 6 + 6 + 10 + 8 + 8 + 8  # the default pack's KO values, head to legs


def strike(maneuver: str, area: str, side: str | None = "right") -> dict[str, object]:
    return {"fighter": "a", "maneuver": maneuver, "area": area} | ({"side": side} if side else {})


def test_gouge_twelve_kills() -> None:
    # Gouge 2 + Power 6 = 8 against 1 + head Toughness 5 + Cover-Up 1 = 7: 1 damage to the head, so the special
    # effect roll: 12, the victim dies (001 L268-270); the bout is over and a earns 5 PP for him (001 L721) and
    # a quarter of his 52 unfilled health boxes, 13 (001 L722)
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.b.resistance", 1) | dice("T1.a.special", 6, 6)
    answer = run([strike("gouge", "head"), COVER], rolls, sheet(power={"left": 1, "right": 6}), a_state={"sp": 2})
    assert state(answer, "b").out == "dead"
    assert answer.over and answer.winner == "a"
    award = next(x for x in answer.awards if x.fighter == "a")
    assert (award.knock_out_pp, award.unfilled_boxes, award.health_pp, award.total) == (5, FULL_BOXES, 13, 18)
    assert state(answer, "a").sp == 0  # the Gouge's 2 SP spent


def test_gouge_eleven_does_nothing() -> None:
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.b.resistance", 1) | dice("T1.a.special", 6, 5) | dice("T1.b.defense_stamina", 1)
    answer = run([strike("gouge", "head"), COVER], rolls, sheet(power={"left": 1, "right": 6}), a_state={"sp": 2})
    assert state(answer, "b").out is None and not answer.over


def test_groin_punch_knock_down() -> None:
    # Groin Punch 3 + 4 = 7 against 1 + abdomen 3 + Cover-Up 1 = 5: 2 damage (2 x 2 >= 3: Toughness 2); special 10:
    # knocked down, every SP lost (001 L272-274, L296-298); b's defence then earns 1 SP (001 L224)
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.b.resistance", 1) | dice("T1.a.special", 5, 5) | dice("T1.b.defense_stamina", 1)
    answer = run([strike("groin_punch", "abdomen"), COVER], rolls, a_state={"sp": 1}, b_state={"sp": 3})
    b = state(answer, "b")
    assert (b.damage.abdomen, b.toughness.abdomen, b.knocked_down, b.sp) == (2, 2, True, 1)


def test_knock_down_slows_the_next_speed_test() -> None:
    # 001 L296: -3 on the next maneuver's Speed Test: Jab 2d6 4 + 5 + 1 - 3 = 7
    decl = [{"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}, COVER | {"fighter": "a"}]
    rolls = dice("T1.b.speed", 2, 2) | dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6)
    rolls |= dice("T1.b.stamina", 1) | dice("T1.a.defense_stamina", 1)
    answer = run(decl, rolls, b_state={"knocked_down": True})
    assert answer.order[0].total == 7
    assert state(answer, "b").knocked_down is False  # used up


def test_arch_kick_takes_the_leg() -> None:
    # Arch Kick 5 + 4 = 9 against 1 + leg 4 + 1 = 6: 3 damage, Toughness 4 -> 3; special 11: knocked down and the
    # leg knocked out (001 L260-264); one limb is not a knock-out (001 L306)
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.b.resistance", 1) | dice("T1.a.special", 6, 5) | dice("T1.b.defense_stamina", 1)
    ranges = [{"a": "a", "b": "b", "range": "kicking"}]
    answer = run([strike("arch_kick", "left_leg"), COVER], rolls, a_state={"sp": 2}, ranges=ranges)
    b = state(answer, "b")
    assert (b.knocked_out_areas, b.knocked_down, b.out) == (["left_leg"], True, None)
    assert state(answer, "a").stamina == 48  # 5 // 2 = 2


def joint_lock(special: tuple[int, int]) -> object:
    # Joint-Lock (no side: average Power (6 + 1) // 2 = 3) 2 + 3 = 5 against 1 + arm Toughness 3 = 4: 1 damage
    a = sheet(power={"left": 1, "right": 6}, maneuvers={"joint_lock": 1})
    decl = [
        strike("joint_lock", "right_arm", None),
        {"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"},
    ]
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 6, 6) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1)
    rolls |= dice("T1.b.resistance", 1) | dice("T1.a.special", *special)
    ranges = [{"a": "a", "b": "b", "range": "grappling"}]  # b's Jab cannot reach and is forfeited (001 L423)
    return run(decl, rolls, a, a_state={"sp": 3, "sp_family": "grapple"}, ranges=ranges)


def test_joint_lock_eight_sustains() -> None:
    # 001 L276-278: 8 or more and the lock is sustained; a keeps 3 - 2 = 1 SP, so it holds (001 L286)
    answer = joint_lock((4, 4))
    assert [(h.maneuver, h.holder, h.victim, h.area) for h in answer.fight.holds] == [
        ("joint_lock", "a", "b", "right_arm")
    ]
    assert state(answer, "a").sp == 1


def test_joint_lock_eleven_breaks_the_arm() -> None:
    # 001 L278-280: 11 or more: the arm knocked out, the victim knocked down, and the holder loses his grappling SP,
    # which lets go of the hold at the end of the turn (001 L286)
    answer = joint_lock((6, 5))
    b = state(answer, "b")
    assert (b.knocked_out_areas, b.knocked_down) == (["right_arm"], True)
    assert state(answer, "a").sp == 0 and answer.fight.holds == []


def test_locked_arm_cannot_strike() -> None:
    answer = run(
        [{"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}, COVER | {"fighter": "a"}],
        {},
        holds=[{"maneuver": "joint_lock", "holder": "a", "victim": "b", "area": "right_arm"}],
        complete=False,
    )
    assert [(v.code, v.path) for v in answer.violations] == [("LIMB_UNUSABLE", "declarations[0].side")]


def test_choke_held_three_turns_knocks_out() -> None:
    # 001 L266: a Choke sustained for three turns; the third one here. Repeating the hold costs no SP (digest A18),
    # and b's Difficulty roll takes -4 (001 L249): 2 + head 4 - 4 = 2 against 12 + 1
    a = sheet(maneuvers={"choke": 1})
    decl = [strike("choke", "head", None), {"fighter": "b", "maneuver": "grapple"}]
    rolls = dice("T1.a.speed", 1, 1) | dice("T1.b.speed", 6, 6) | dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6)
    rolls |= dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 6)
    holds = [{"maneuver": "choke", "holder": "a", "victim": "b", "area": "head", "turns": 2}]
    answer = run(
        decl,
        rolls,
        a,
        a_state={"sp": 2, "sp_family": "grapple"},
        ranges=[{"a": "a", "b": "b", "range": "grappling"}],
        holds=holds,
    )
    assert state(answer, "b").out == "knocked_out" and state(answer, "b").knocked_out_by == "a"
    assert state(answer, "a").sp == 2
    assert answer.over and answer.winner == "a"
    hit = next(e for e in answer.events if e.kind == "hit" and e.fighter == "a")
    assert hit.value == (12 + 1) - (2 + 4 - 4)


def test_immobilized_victim() -> None:
    # 001 L250: the victim's speed -5 and his damage doubled. b may only grapple: 2d6 12 + 1 + average 1 - 5 = 9.
    # a's Grapple (average Power (10 + 1) // 2 = 5): 1 + 5 = 6 against 1 + chest 4 = 5: 1, doubled to 2; a gains
    # 1 SP for the Grapple (001 L244)
    a = sheet(power={"left": 1, "right": 10})
    decl = [strike("grapple", "chest", None), {"fighter": "b", "maneuver": "grapple"}]
    rolls = dice("T1.b.speed", 6, 6) | dice("T1.a.speed", 1, 1) | dice("T1.b.hit", 1, 1) | dice("T1.a.difficulty", 6, 6)
    rolls |= dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 1)
    holds = [{"maneuver": "immobilize", "holder": "a", "victim": "b", "area": "chest"}]
    answer = run(
        decl,
        rolls,
        a,
        a_state={"sp": 3, "sp_family": "grapple"},
        ranges=[{"a": "a", "b": "b", "range": "grappling"}],
        holds=holds,
    )
    assert [(o.fighter, o.total) for o in answer.order] == [("b", 9), ("a", 4)]
    assert state(answer, "b").damage.chest == 2
    assert state(answer, "a").sp == 4
    assert {h.maneuver for h in answer.fight.holds} == {"immobilize", "grapple"}


def test_immobilized_may_only_grapple() -> None:
    holds = [{"maneuver": "immobilize", "holder": "a", "victim": "b", "area": "chest"}]
    answer = run(
        [{"fighter": "b", "maneuver": "jab", "side": "right", "area": "chest"}, COVER | {"fighter": "a"}],
        {},
        holds=holds,
        complete=False,
    )
    assert [v.code for v in answer.violations] == ["IMMOBILIZED_GRAPPLE_ONLY"]
    beat = run([{"fighter": "b", "action": "beat"}, COVER | {"fighter": "a"}], {}, holds=holds, complete=False)
    assert [v.code for v in beat.violations] == ["IMMOBILIZED_GRAPPLE_ONLY"]  # 001 L250: a grapple, nothing else


def test_head_knocked_out_ends_the_bout() -> None:
    # 001 L306: damage reaching the head's KO value (6) knocks b out. Jab 2 + 6 = 8 against 1 + 5 + 1 = 7: 1 more
    rolls = (
        dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 1)
    )
    rolls |= dice("T1.a.stamina", 1)
    answer = run(
        [strike("jab", "head"), COVER], rolls, sheet(power={"left": 1, "right": 6}), b_state={"damage": {"head": 5}}
    )
    b = state(answer, "b")
    assert (b.out, b.knocked_out_areas, b.damage.head) == ("knocked_out", ["head"], 6)
    awards = {x.fighter: (x.knock_outs, x.total) for x in answer.awards}
    assert awards == {"a": (1, 5 + FULL_BOXES // 4), "b": (0, (FULL_BOXES - 6) // 4)}  # head's boxes all filled


def test_three_limbs_knock_out() -> None:
    # 001 L306: a third limb knocked out ends the fight: Front Kick 4 + 4 = 8 against 1 + 4 + 1 = 6: 2, 7 -> 9 >= 8
    rolls = (
        dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 1)
    )
    b_state = {"knocked_out_areas": ["left_arm", "right_arm"], "damage": {"right_leg": 7}}
    answer = run(
        [strike("front_kick", "right_leg"), COVER],
        rolls,
        b_state=b_state,
        ranges=[{"a": "a", "b": "b", "range": "kicking"}],
    )
    assert state(answer, "b").out == "knocked_out" and answer.winner == "a"


def test_switch_to_grappling_loses_strike_points() -> None:
    # 001 L204: 3 SP earned striking are lost on a Grapple; the Grapple's success then earns 1 (001 L244)
    rolls = (
        dice("T1.a.speed", 1, 1) | dice("T1.a.hit", 6, 6) | dice("T1.b.difficulty", 1, 1) | dice("T1.b.resistance", 6)
    )
    rolls |= dice("T1.b.defense_stamina", 1)
    answer = run(
        [strike("grapple", "chest", None), COVER],
        rolls,
        a_state={"sp": 3},
        ranges=[{"a": "a", "b": "b", "range": "grappling"}],
    )
    a = state(answer, "a")
    assert (a.sp, a.sp_family) == (1, "grapple")
