"""Ongoing effects carried in a request must match the moves whose entries start them: each check below gives the
resolver an effect its move cannot have started and expects the request refused (a violation naming the state),
and the same effect on the right move accepted. The books' lines say what each entry's effect needs."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import TurnResult

from ..support import attack, duel, sheet

TURN2 = {"T2.a.init": 1, "T2.b.init": 6, "T2.a.ctrl": 3, "T2.b.ctrl": 3}
NOTHING = {"T2.a.action": {"action": "none"}, "T2.b.action": {"action": "none"}}


def _move(mid: str, *entries: str, level: int = 2) -> dict[str, Any]:
    return {"id": mid, "name": mid.title(), "level": level, "elements": [{"id": e} for e in entries]}


def _carry(moves: list[dict[str, Any]], effect: dict[str, Any], decisions: dict[str, Any] | None = None) -> TurnResult:
    return duel(
        decisions or NOTHING,
        TURN2,
        turn=2,
        a=sheet("a", moves=moves),
        sa={"ongoing_effects": [effect]},
    )


def _codes(res: TurnResult) -> set[str]:
    return {v.code for v in res.violations}


TRAP = _move("trap", "interrupt", "triggered_interrupt")
TRAPS = _move("traps", "interrupt", "triggered_interrupt", "triggered_interrupt.multiple_instances")


def test_two_armed_instances_need_multiple_instances() -> None:
    # 000 L4408: a second use only restarts the count; 000 L4419–L4423: Multiple Instances arms one more each use
    two = {"id": "triggered_interrupt", "move": "trap", "time_left": 8, "since": 1, "charges": 2}
    assert "STATE_INCONSISTENT_STATUS" in _codes(_carry([TRAP], two))
    res = _carry([TRAPS], {**two, "move": "traps"})
    assert res.status == "resolved", res.violations


def test_an_armed_trap_needs_its_count() -> None:
    # 000 L4405: armed for a 10-count, so a carried one states what is left of it
    res = _carry([TRAP], {"id": "triggered_interrupt", "move": "trap", "since": 1, "charges": 1})
    assert "STATE_INCONSISTENT_STATUS" in _codes(res)


def test_an_armed_trap_needs_a_triggered_interrupt_move() -> None:
    res = _carry([_move("jab", "interrupt")], {"id": "triggered_interrupt", "move": "jab", "time_left": 8, "since": 1})
    assert "STATE_INCONSISTENT_STATUS" in _codes(res)


def test_an_offensive_illusion_glide_needs_its_move_and_ranges() -> None:
    # 000 L3500–L3506: the glide comes from an Offensive Illusion move, n Ranges, the turn after its use
    glide = {"id": "offensive_illusion", "move": "jab", "since": 1, "charges": 2, "target": "b"}
    res = _carry([_move("jab", "interrupt")], glide)
    assert "STATE_INCONSISTENT_STATUS" in _codes(res)


def test_a_powerless_move_once_primed_locks_the_other_specials() -> None:
    # 000 L4137–L4141: after the Powerless Set Up move is used once, the other Special Moves are out of reach
    primed = {"id": "set_up", "move": "charge", "since": 1}
    charge = {
        "id": "charge",
        "name": "Charge",
        "level": 3,
        "elements": [{"id": "set_up"}],
        "liabilities": [{"id": "set_up.powerless"}],
    }
    res = _carry([charge, _move("jab")], primed, {**NOTHING, "T2.a.action": attack(["jab"])})
    assert [v.code for v in res.violations] == ["MOVE_LOCKED"]
    plain = {**charge, "liabilities": []}
    res = _carry([plain, _move("jab")], primed, {**NOTHING, "T2.a.action": attack(["jab"])})
    assert "MOVE_LOCKED" not in _codes(res)


def _buffed(mods: tuple[str, ...], effect: dict[str, Any]) -> TurnResult:
    from ..test_buff_modifiers import STRONG, buff

    return _carry([buff(*mods, **STRONG)], effect)


def test_a_buff_is_stacked_only_with_repeatable() -> None:
    # 000 L3047–L3049: Repeatable stacks up to three uses; without it one use is all there is
    twice = {"id": "buff", "move": "rage", "time_left": 6, "charges": 2}
    assert "STATE_INCONSISTENT_STATUS" in _codes(_buffed((), twice))
    assert _buffed(("buff.repeatable",), twice).status == "resolved"
    four = {**twice, "charges": 4}
    assert "STATE_INCONSISTENT_STATUS" in _codes(_buffed(("buff.repeatable",), four))


def test_a_buff_gauge_holds_ten_at_most() -> None:
    # 000 L2979: the gauge fills to 10
    full = {"id": "buff_gauge", "move": "rage", "charges": 10}
    assert _buffed(("buff.buff_gauge",), full).status == "resolved"
    assert "STATE_INCONSISTENT_STATUS" in _codes(_buffed(("buff.buff_gauge",), {**full, "charges": 11}))
    assert "STATE_INCONSISTENT_STATUS" in _codes(_buffed((), full))  # no Buff Gauge on the move


def test_a_tag_counter_is_launched_only_with_a_tag_counter_move() -> None:
    # 000 L4265–L4269: the waiting partner answers with a move that has the Tag Counter Element; naming his Fist
    # (no such Element) is refused
    from ..test_tag_team import counter_turn

    res = counter_turn({"T1.a2.tag_counter": {"choice": "respond", "moves": ["fist"]}}, {"T1.a2.attack": 6})
    assert "TAG_TEAM_INVALID" in _codes(res)


def test_a_temporary_technique_needs_the_turn_it_was_granted() -> None:
    # 000 L4329–L4335: it lasts the turn it is used and through the next action, so a carried one says when
    dash = {
        "id": "dash",
        "name": "Dash",
        "level": 2,
        "elements": [{"id": "temporary_technique", "options": {"technique": "dash"}}],
    }
    res = _carry([dash], {"id": "temporary_technique", "move": "dash"})
    assert "STATE_INCONSISTENT_STATUS" in _codes(res)


def test_a_suppression_needs_its_user_s_suppression_move() -> None:
    # 000 L4239–L4245: the victim is suppressed by the user's Suppression move; b carries one from a's plain Jab
    res = duel(
        NOTHING,
        TURN2,
        turn=2,
        a=sheet("a", moves=[_move("jab")]),
        sb={"ongoing_effects": [{"id": "suppression", "move": "jab", "target": "a", "time_left": 4, "since": 1}]},
    )
    assert "STATE_INCONSISTENT_STATUS" in _codes(res)


def test_a_limited_use_pool_must_be_one_of_his() -> None:
    # 000 L4601–L4611: charges belong to a pool of his Limited Use moves; "ammo" is none of the Jab's
    res = _carry([_move("jab")], {"id": "limited_use", "move": "ammo", "charges": 3})
    assert "UNKNOWN_MOVE" in _codes(res)


def test_perfect_hit_rolls_only_for_its_own_move() -> None:
    # 000 L4745–L4753: the die is rolled for the move with Perfect Hit; a's plain Jab rolls none and keeps its
    # two Increased Damage (000 L3520): a Special Move's 1d6 (000 L5908) one die size up, 1d8
    from ..test_modifiers import CRUSH

    jab = {"id": "jab", "name": "Jab", "level": 3, "elements": [{"id": "increased_damage", "times": 2}]}
    res = duel(
        {"T1.a.action": attack(["jab"]), "T1.a.accuracy_fs": {"fs": 3}},
        {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 3, "T1.a.attack": 6},
        a=sheet("a", moves=[CRUSH, jab]),
        b=sheet("b", defense=0),
    )
    assert res.status == "resolved", res.violations
    assert not [r for r in res.rolls if r.key == "T1.a.perfect_hit"]
    assert [r.die for r in res.rolls if r.key == "T1.a.damage"] == ["1d8"]


def test_after_mobile_moves_after_the_attack_unless_a_buff_roots_him() -> None:
    # The hit knocks b back 1 Range (000 L5948–L5956): Range 2. 000 L2387: an Offensive After Mobile move may
    # then move 0–2 Ranges; a's 2 away leave Range 4. 000 L3035–L3039: under a No Movement Buff he cannot move, so
    # the Range stays 2.
    from ..test_buff_modifiers import STRONG, buff, on

    hit_and_run = {
        "id": "hit_and_run",
        "name": "Hit And Run",
        "level": 2,
        "elements": [{"id": "mobile", "options": {"movement": "after_mobile"}}],
    }
    dec = {
        "T1.a.action": attack(["hit_and_run"]),
        "T1.a.post_move": {"movement": 2, "direction": "away"},
        "T1.b.action": {"action": "none"},
    }
    rolls = {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6, "T1.b.ctrl": 3, "T1.a.attack": 6}
    free = duel(dec, rolls, a=sheet("a", moves=[hit_and_run]), b=sheet("b", defense=0))
    assert free.status == "resolved", free.violations
    assert free.fight.positioning.range == 4
    rooted = duel(
        dec,
        rolls,
        a=sheet("a", moves=[hit_and_run, buff("buff.no_movement", **STRONG)]),
        b=sheet("b", defense=0),
        sa=on(),
    )
    assert rooted.status == "resolved", rooted.violations
    assert rooted.fight.positioning.range == 2


def test_only_a_primed_powerless_move_locks_the_others() -> None:
    # 000 L4137–L4141: the lock comes from the Powerless move once primed; another Set Up move readied (000 L4123)
    # locks nothing, so the Jab is free while a flies (000 L3362–L3372: Flight allows Aerial Specials; the Jab is one)
    charge = {
        "id": "charge",
        "name": "Charge",
        "level": 3,
        "elements": [{"id": "set_up"}],
        "liabilities": [{"id": "set_up.powerless"}],
    }
    ready = {"id": "ready", "name": "Ready", "level": 3, "elements": [{"id": "set_up"}]}
    soar = _move("soar", "flight")
    jab = _move("jab", "aerial")
    res = duel(
        {**NOTHING, "T2.a.action": attack(["jab"])},
        TURN2,
        turn=2,
        a=sheet("a", moves=[charge, ready, soar, jab]),
        sa={
            "ongoing_effects": [
                {"id": "flight", "move": "soar", "time_left": 3, "since": 1},
                {"id": "set_up", "move": "ready", "since": 1},
            ]
        },
    )
    assert "MOVE_LOCKED" not in _codes(res), res.violations


def test_end_buff_stops_only_a_buff_with_early_ending() -> None:
    # 000 L2993–L2999: a Buff ends early only with Early Ending, through an End Buff move (000 L3262); without it
    # Calm leaves the endless Rage running
    from ..test_ongoing import buff

    endless = buff(quality_raises=1, raised_qualities="strength", mods=["buff.increased_duration"])
    calm = {
        "id": "calm",
        "name": "Calm",
        "level": 2,
        "elements": [{"id": "end_buff", "options": {"target_buff": "rage"}}],
    }
    res = duel(
        {"T2.a.action": attack(["calm"])},
        {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6},
        a=sheet("a", moves=[endless, calm]),
        turn=2,
        sa={"ongoing_effects": [{"id": "buff", "move": "rage"}]},
    )
    assert res.status == "resolved", res.violations
    assert [(e.id, e.move, e.time_left) for e in res.fighters[0].state.ongoing_effects] == [("buff", "rage", None)]
