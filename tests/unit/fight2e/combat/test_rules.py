"""The resolver's rules one at a time: the die ladder, every modifier table of digest §4 (a test per row), the
statuses, Defensive Responses, Combos, Super Moves, simultaneous Initiative, the Time Roll and the end of round."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from service.rules.core.coverage import UNDECLARED, UndeclaredUnsupported
from service.rules.fight2e.combat import resolve_turn
from service.rules.fight2e.combat.elements.combo import control_cost
from service.rules.fight2e.combat.elements.damage import _roll_with_minimum
from service.rules.fight2e.combat.registry.coverage import IMPLEMENTED, combat_status, counts
from service.rules.fight2e.combat.registry.sheet import BASIC_MOVE, MoveProfile
from service.rules.fight2e.combat.state.turn import die_for_step
from service.rules.fight2e.declared import DECLARED

from .fixtures import build
from .support import A_FIRST, FIST, PALM, SUPER, attack, ch, duel, inp, nothing, sheet, st

# ── dice ────────────────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("step", "text"),
    [
        (-4, "1"),
        (-3, "1"),
        (-2, "1d2"),
        (-1, "1d4"),
        (0, "1d6"),
        (1, "1d8"),
        (2, "1d10"),
        (3, "1d12"),
        (4, "1d12+2"),
        (5, "1d12+4"),
        (6, "1d12+6"),
    ],
)
def test_die_ladder(step: int, text: str) -> None:
    assert str(die_for_step(step)) == text  # 000 L5451–L5469


@pytest.mark.parametrize(
    ("step", "mh", "id_", "value"),
    [
        (-3, 1, 0, 1),
        (-3, 1, 1, 2),
        (-3, 2, 0, 2),
        (-3, 3, 1, 3),
        (-3, 6, 1, 4),
        (-4, 1, 1, 1),
        (-4, 4, 0, 3),
        (-5, 6, 0, 4),
        (-5, 5, 1, 3),
    ],
)
def test_appendix_d_low_rows(step: int, mh: int, id_: int, value: int) -> None:
    m = replace(BASIC_MOVE, entries={"multi_hit": mh, "increased_damage": id_}, flat_bonus=mh // 2)
    assert _roll_with_minimum(None, None, m, step, 1, "test") + m.flat_bonus == value  # type: ignore[arg-type]


def test_appendix_d_minimum_above_die() -> None:
    m = replace(BASIC_MOVE, entries={"multi_hit": 1, "increased_damage": 1})
    assert _roll_with_minimum(None, None, m, -2, 3, "test") == 3  # 1d2 with minimum 3 (000 L3732)


def test_supplied_die_must_fit() -> None:
    res = duel({"T1.a.action": nothing(), "T1.b.action": nothing()}, {"T1.a.init": 7})
    assert res.status == "invalid" and res.violations[0].code == "DIE_VALUE_OUT_OF_RANGE"


def test_unused_roll_is_a_warning() -> None:
    res = duel({"T1.a.action": nothing(), "T1.b.action": nothing()}, {"T1.x.nothing": 3})
    assert any(w.code == "ROLL_NOT_USED" for w in res.warnings)


# ── Initiative and Control (§4.4, §4.5) ────────────────────────────────────────────────────────


def test_fs_per_roll_limit_pl1() -> None:  # V16
    res = duel({"T1.a.fs_init_ctrl": {"init": 1, "ctrl": 1}}, a=sheet("a", pl=1))
    assert res.violations[0].code == "FS_EXCEEDS_POWER_LEVEL" and res.violations[0].key == "T1.a.fs_init_ctrl"


def test_fs_cannot_pass_d12() -> None:
    res = duel({"T1.a.fs_init_ctrl": {"init": 2}}, a=sheet("a", speed=2, init=2))
    assert res.violations[0].code == "FS_DIE_ABOVE_D12"


def test_fs_after_full_offense() -> None:
    res = duel({"T1.a.fs_init_ctrl": {"init": 1}}, sa={"no_fs_on_init_ctrl": True})
    assert res.violations[0].code == "FS_INIT_CONTROL_AFTER_FULL_OFFENSE"


def test_speed_and_carried_steps() -> None:
    res = duel(
        {"T1.a.action": nothing(), "T1.b.action": nothing()},
        a=sheet("a", speed=1, ctrl=1),
        sa={
            "next_turn_dice": [
                {"target": "either", "steps": 1, "source": "full_defense"},
                {"target": "initiative", "steps": -1, "source": "stood_up"},
            ]
        },
    )
    assert ch(res, "A.1", "a") == {"init_die": "1d4", "ctrl_die": "1d10", "fs": 30}  # either → Control (default)
    res = duel(
        {"T1.a.action": nothing(), "T1.b.action": nothing(), "T1.a.die_either_alloc": {"init": 1, "ctrl": 0}},
        sa={"next_turn_dice": [{"target": "either", "steps": 1, "source": "full_defense"}]},
    )
    assert ch(res, "A.1", "a")["init_die"] == "1d8"


def test_fixed_one_is_not_rolled() -> None:
    res = duel(
        {"T1.a.action": nothing(), "T1.b.action": nothing()},
        sa={"next_turn_dice": [{"target": "initiative", "steps": -4, "source": "harry"}]},
    )
    assert ch(res, "A.1", "a")["init_die"] == "1"
    assert not [r for r in res.rolls if r.key == "T1.a.init"]
    assert ch(res, "A.2", "a")["initiative"] == 1


def test_leader_bonus() -> None:
    dec = {"T1.a.action": nothing(), "T1.b.action": nothing()}
    res = duel(dec, {"T1.a.init": 3, "T1.b.init": 5}, previous={"initiative_leader": "a", "leader_hit": True})
    assert ch(res, "A.2", "a")["initiative"] == 4
    res = duel(dec, {"T1.a.init": 3, "T1.b.init": 5}, previous={"initiative_leader": "a", "leader_hit": False})
    assert ch(res, "A.2", "a")["initiative"] == 3


def test_control_above_12_needs_a_natural_12() -> None:  # V2, V3
    moves = [{"id": "big", "name": "Big", "level": 14}]
    dec = {"T1.a.action": attack(["big"], fs=3), "T1.b.action": nothing(), "T1.a.fs_init_ctrl": {"ctrl": 1}}
    a = sheet("a", ctrl=2, speed=2, init=0, moves=moves, bonuses={"control": 1})
    res = duel(dec, {**A_FIRST, "T1.a.ctrl": 12}, a=a)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.3", "a")["control"] == 16  # 12 + 1 bonus + 3 FS
    res = duel(dec, {**A_FIRST, "T1.a.ctrl": 11}, a=a)
    assert res.violations[0].code == "FS_CONTROL_WITHOUT_NATURAL_12"


@pytest.mark.parametrize(("control", "after"), [(10, 5), (8, 4), (7, 3), (5, 1), (4, 0)])
def test_hit_stun(control: int, after: int) -> None:  # V10, ruling A1
    moves = [{"id": "m", "name": "M", "level": 1}]
    res = duel(
        {"T1.a.action": attack(["basic_move"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.b.ctrl": 3, "T1.a.ctrl": 4},
        b=sheet("b", moves=moves, defense=0, bonuses={"control": control - 3}),
    )
    assert ch(res, "E.2", "b")["control"] == after
    assert ch(res, "E.2", "b")["action_lost"] == (after == 0)


def test_hit_stun_then_nothing_gives_control_next_turn() -> None:
    # b's Control 6 → min(2, 3) = 2 after Hit Stun (000 L5930); he does nothing: +2 Control steps (000 L5944)
    res = duel(
        {"T1.a.action": attack(["basic_move"]), "T1.a.accuracy_fs": {"fs": 3}, "T1.b.action": {"action": "none"}},
        {**A_FIRST, "T1.b.ctrl": 6},
        b=sheet("b", defense=0),
    )
    assert [(d.target, d.steps) for d in st(res, "b").next_turn_dice] == [("control", 2)]


# ── Movement (§4.6) ────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("quals", "moves", "n", "rng", "fs_cost", "acc"),
    [
        ([], ["basic_move"], 2, 3, 1, None),  # jumping Basic attack
        ([], ["kick"], 2, 3, 1, None),  # Mobile Special
        ([], ["fist"], 1, 2, 0, None),  # Normal Move 1 Range
        ([], ["grab"], 1, 1, 1, None),  # Throw Movement
        (["big"], ["basic_move"], 2, 3, 2, None),  # Big +1
        (["jumper"], ["basic_move"], 2, 3, 0, None),  # Jumper
        (["mobility"], ["basic_move"], 2, 3, 0, -1),  # Mobility: −1 Accuracy instead
        (["mobile_grappler"], ["grab"], 1, 1, 0, None),
    ],
)
def test_movement_costs(quals: list[str], moves: list[str], n: int, rng: int, fs_cost: int, acc: int | None) -> None:
    res = duel({"T1.a.action": attack(moves, movement=n)}, A_FIRST, a=sheet("a", qualities=quals), rng=rng)
    assert res.status == "resolved", res.violations
    assert inp(res, "C", "a")["fs"] == fs_cost
    if acc is not None:
        assert inp(res, "D.6", "a")["mobility"] == acc


def test_move_only_costs() -> None:
    res = duel({"T1.a.action": {"action": "move", "movement": 3, "direction": "away"}}, A_FIRST, rng=1)
    assert inp(res, "C", "a")["fs"] == 1  # a 3-Range jump
    res = duel(
        {"T1.a.action": {"action": "move", "movement": 1, "direction": "away"}, "T1.b.action": attack(["basic_move"])},
        A_FIRST,
        rng=1,
    )
    assert inp(res, "D.4", "a")["moved_one_range"] == 1  # +1 DT (000 L5638)


def test_movement_after_hit_stun_pl1() -> None:  # V9
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.a.accuracy_fs": {"fs": 3},
            "T1.b.action": attack(["kick"], movement=2),
        },
        {**A_FIRST, "T1.b.ctrl": 6},
        b=sheet("b", pl=1, defense=0, ctrl=1),
        rng=1,
    )
    # Control 7 → 3 after Hit Stun: not enough for the L3 Kick; and 2 FS > PL 1 for the movement
    assert res.status == "invalid" and res.violations[0].code in ("FS_EXCEEDS_POWER_LEVEL", "INSUFFICIENT_CONTROL")
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.a.accuracy_fs": {"fs": 3},
            "T1.b.action": attack(["basic_move"], movement=2),
        },
        {**A_FIRST, "T1.b.ctrl": 6},
        b=sheet("b", pl=1, defense=0),
        rng=2,
    )
    assert res.violations[0].code == "FS_EXCEEDS_POWER_LEVEL" and res.violations[0].key == "T1.b.action"


def test_keyword_movement_limits() -> None:
    res = duel({"T1.a.action": attack(["fist"], movement=2)}, A_FIRST, rng=3)
    assert res.violations[0].code == "MOVEMENT_NOT_ALLOWED_BY_KEYWORD"
    res = duel({"T1.a.action": attack(["grab"], movement=2)}, A_FIRST, rng=3)
    assert res.violations[0].code == "MOVEMENT_NOT_ALLOWED_BY_KEYWORD"


def test_cross_up() -> None:
    res = duel({"T1.a.action": attack(["basic_move"], movement=2, cross_up=True)}, A_FIRST, rng=2)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.6", "a")["cross_up"] == 2 and inp(res, "C", "a")["fs"] == 2
    res = duel({"T1.a.action": attack(["basic_move"], movement=2, cross_up=True)}, A_FIRST, rng=3)
    assert res.violations[0].code == "CROSS_UP_INVALID"


# ── Accuracy (§4.7) ────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("rng", "moves", "part", "value"),
    [
        (0, ["basic_move"], "range_0", 1),
        (2, ["basic_move"], "range_2", -1),
        (1, ["palm"], "move", 1),
        (1, ["basic_move", "basic_move", "basic_move"], "combo_length", -1),
        (1, ["basic_move", "palm"], "special_not_first", -1),
        (1, ["basic_move"], "extra_control", 1),
    ],
)
def test_accuracy_rows(rng: int, moves: list[str], part: str, value: int) -> None:
    res = duel({"T1.a.action": attack(moves)}, {**A_FIRST, "T1.a.ctrl": 6}, rng=rng)
    assert res.status == "resolved", res.violations
    assert inp(res, "D.6", "a")[part] == value


def test_reach_at_range_3() -> None:
    reach = {"id": "spear", "name": "Spear", "level": 2, "elements": [{"id": "reach"}]}
    res = duel({"T1.a.action": attack(["spear"])}, A_FIRST, a=sheet("a", moves=[reach]), rng=3)
    assert inp(res, "D.6", "a")["reach_at_3"] == -2


@pytest.mark.parametrize(
    ("entry", "defense", "value"),
    [
        ("hits_low", "defense", 1),
        ("hits_low", "evasion", -1),
        ("hits_low", "defense_evasion", 0),
        ("unblockable", "defense", 4),
        ("unblockable", "evasion", -2),
        ("unblockable", "tactics", -2),
        ("subtle", "tactics", 1),
        ("hard_to_evade", "evasion", 1),
        ("hard_to_evade", "defense_evasion", 1),
        ("hard_to_evade", "defense", 0),
    ],
)
def test_accuracy_against_defence(entry: str, defense: str, value: int) -> None:
    m = {"id": "m", "name": "M", "level": 3, "elements": [{"id": entry}]}
    res = duel(
        {"T1.a.action": attack(["m"]), "T1.b.defense": {"defense": defense}},
        {**A_FIRST, "T1.a.ctrl": 3},
        a=sheet("a", moves=[m]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert inp(res, "D.6", "a").get("move", 0) == value


def test_full_offense_rolls_d10_and_costs_next_turn() -> None:
    res = duel({"T1.a.action": attack(["basic_move"], full_offense=True)}, A_FIRST, rng=1)
    assert inp(res, "D.6", "a")["die"] == "1d10"
    a = st(res, "a")
    assert a.no_fs_on_init_ctrl and [(d.target, d.steps) for d in a.next_turn_dice] == [("either", -1)]


def test_evasion_bonus_used_on_next_attack() -> None:
    res = duel(
        {"T1.a.action": attack(["basic_move"])},
        A_FIRST,
        rng=1,
        sa={"pending_accuracy": [{"amount": 2, "vs": "b", "source": "evasion"}]},
    )
    assert inp(res, "D.6", "a")["pending"] == 2 and st(res, "a").pending_accuracy == []


# ── Defense Total (§4.8) ───────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("decision", "dt"),
    [
        ({"defense": "defense"}, 3),
        ({"defense": "evasion"}, 2),
        ({"defense": "tactics"}, 4),
        ({"defense": "defense", "fs": 3}, 6),
        ({"defense": "defense", "full_defense": True}, 5),
        ({"defense": "evasion", "full_defense": True}, 3),
        ({"defense": "defense_evasion"}, 3),
    ],
)
def test_defense_total(decision: dict, dt: int) -> None:
    b = sheet("b", defense=2, evasion=1, tactics=3, bonuses={"defense": 1})
    res = duel({"T1.a.action": attack(["basic_move"]), "T1.b.defense": decision}, A_FIRST, b=b, rng=1)
    assert res.status == "resolved", res.violations
    assert ch(res, "D.4", "b")["dt"] == dt
    if decision.get("full_defense"):
        assert [(d.target, d.steps) for d in st(res, "b").next_turn_dice] == [("either", 1)]
    if decision["defense"] == "defense_evasion":
        assert ch(res, "D.4", "b")["fs"] == 29


def test_full_defense_after_acting() -> None:
    res = duel(
        {
            "T1.b.action": attack(["basic_move"]),
            "T1.a.action": attack(["basic_move"]),
            "T1.b.defense": {"defense": "defense", "full_defense": True},
        },
        {"T1.a.init": 1, "T1.b.init": 6, "T1.a.ctrl": 6},
        rng=1,
    )
    assert res.violations[0].code == "FULL_DEFENSE_AFTER_ACTING"
    res = duel(
        {"T1.a.action": attack(["basic_move"]), "T1.b.defense": {"defense": "tactics", "full_defense": True}},
        A_FIRST,
        rng=1,
    )
    assert res.violations[0].code == "FULL_DEFENSE_WITH_TACTICS"


def test_stunned_defends_with_half_defense_and_no_fs() -> None:
    res = duel(
        {"T1.a.action": attack(["basic_move"]), "T1.b.defense": {"defense": "defense", "fs": 1}},
        A_FIRST,
        sb={"stunned": {"actions_to_recover": 2}},
        rng=1,
    )
    assert res.violations[0].code == "FS_DEFENSE_WHILE_STUNNED"
    res = duel(
        {"T1.a.action": attack(["basic_move"]), "T1.b.defense": {"defense": "evasion"}},
        A_FIRST,
        sb={"stunned": {"actions_to_recover": 2}},
        rng=1,
    )
    assert res.violations[0].code == "DEFENSE_OPTION_NOT_ALLOWED"
    res = duel(
        {"T1.a.action": attack(["basic_move"])},
        A_FIRST,
        sb={"stunned": {"actions_to_recover": 2}},
        rng=1,
        b=sheet("b", defense=3),
    )
    assert inp(res, "D.4", "b")["defense"] == 1


# ── Damage (§4.9) ──────────────────────────────────────────────────────────────────────────────


def test_strength_and_stamina_steps() -> None:  # V1
    res = duel(
        {"T1.a.action": attack(["fist"]), "T1.a.accuracy_fs": {"fs": 3}},
        A_FIRST,
        rng=1,
        a=sheet("a", strength=2),
        b=sheet("b", stamina=-1, defense=0),
    )
    assert inp(res, "E.1", "a")["steps"] == [3]  # 1d12


def test_combo_damage_with_a_super() -> None:  # V8
    a = sheet("a", combo=4, moves=[SUPER, FIST], strength=0, bonuses={"control": 3})
    res = duel(
        {"T1.a.action": attack(["sup", "basic_move", "basic_move", "fist"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.a.ctrl": 6, "T1.a.damage": 10, "T1.a.damage#4": 5},  # the fourth move's die (keys.py)
        a=a,
        b=sheet("b", defense=0),
        sa={"super_energy": 10},
        rng=1,
        options={"additional_glory_awards": False},
    )
    assert res.status == "resolved", res.violations
    e1 = ch(res, "E.1", "a")
    assert e1["damage"] == (10 + 2) + 1 + 1 + 5 // 2  # Super 1d12+2, two Basics +1 each, the Special halved
    assert e1["stun_damage"] == e1["damage"] - 12  # the Super's share is not Stun damage
    assert st(res, "a").super_energy == 0  # spent, and nothing gained in a Super turn


def test_big_takes_one_less() -> None:
    res = duel(
        {"T1.a.action": attack(["fist"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.a.damage": 4},
        rng=1,
        b=sheet("b", defense=0, qualities=["big"]),
    )
    assert ch(res, "E.1", "a")["damage"] == 3


def test_first_hit_refund_capped() -> None:
    res = duel(
        {"T1.a.action": attack(["basic_move"], movement=2), "T1.a.accuracy_fs": {"fs": 3}},
        A_FIRST,
        rng=3,
        b=sheet("b", defense=0),
    )
    assert st(res, "a").fighting_spirit == 29  # 30 − 1 (jump) − 3 (Accuracy) + 3 (Power Level)
    res = duel(
        {"T1.a.action": attack(["basic_move"]), "T1.a.accuracy_fs": {"fs": 1}}, A_FIRST, rng=1, b=sheet("b", defense=0)
    )
    assert st(res, "a").fighting_spirit == 30  # the refund never passes the starting total


# ── Combos (§2.6 D.2) ──────────────────────────────────────────────────────────────────────────


def test_control_costs() -> None:  # V4, V7
    def mp(level: int, kind: str = "special") -> MoveProfile:
        return replace(BASIC_MOVE, kind=kind, level=level, id=f"m{level}{kind}")

    assert control_cost([mp(4), BASIC_MOVE, BASIC_MOVE, BASIC_MOVE, BASIC_MOVE]) == 8
    assert control_cost([mp(2), mp(3), mp(4)]) == 9
    assert control_cost([mp(2), mp(3), BASIC_MOVE, mp(4)]) == 2 + 3 + 1 + 4 + 1


def test_combo_rules() -> None:
    a = sheet("a", combo=2)
    res = duel({"T1.a.action": attack(["basic_move"] * 3)}, A_FIRST, a=a, rng=1)
    assert res.violations[0].code == "COMBO_TOO_LONG"
    res = duel({"T1.a.action": attack(["basic_move"] * 2)}, A_FIRST, a=sheet("a", combo=1), rng=1)
    assert res.violations[0].code == "COMBO_NOT_ALLOWED"
    res = duel({"T1.a.action": attack(["palm", "palm"])}, {**A_FIRST, "T1.a.ctrl": 6}, rng=1)
    assert res.violations[0].code == "COMBO_DUPLICATE_SPECIAL"
    res = duel({"T1.a.action": attack(["grab", "basic_move"])}, {**A_FIRST, "T1.a.ctrl": 6}, rng=0)
    assert res.violations[0].code in ("COMBO_PLACEMENT_INVALID", "COMBO_CONTINUES_AFTER_KNOCKDOWN")
    res = duel({"T1.a.action": attack(["palm", "kick"])}, {**A_FIRST, "T1.a.ctrl": 3}, rng=1)
    assert res.violations[0].code == "INSUFFICIENT_CONTROL"


def test_juggle_delays_the_knock_down() -> None:
    jug = {"id": "jug", "name": "Jug", "level": 3, "elements": [{"id": "knocks_down"}, {"id": "juggle"}]}
    kd = {"id": "kd", "name": "Kd", "level": 2, "elements": [{"id": "knocks_down"}]}
    a = sheet("a", moves=[jug, kd])
    res = duel({"T1.a.action": attack(["kd", "basic_move"])}, {**A_FIRST, "T1.a.ctrl": 6}, a=a, rng=1)
    assert res.status == "invalid"
    res = duel(
        {"T1.a.action": attack(["jug", "basic_move"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.a.ctrl": 6},
        a=a,
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert [s.label for s in res.log].count("E.4") == 1 and "E.2" not in [s.label for s in res.log]


# ── Statuses ───────────────────────────────────────────────────────────────────────────────────


def test_knock_down_before_acting() -> None:
    res = duel(
        {"T1.a.action": attack(["grab"]), "T1.a.accuracy_fs": {"fs": 3}}, A_FIRST, rng=0, b=sheet("b", defense=0)
    )
    b = st(res, "b")
    assert not b.knocked_down  # he stood up at his place in the order
    assert [(d.target, d.steps) for d in b.next_turn_dice] == [("initiative", -1)]
    assert any("standing up" in s.text for s in res.log if s.actor == "b")


def test_knocked_down_fighter_stands_and_only_pursuit_hits_him() -> None:
    res = duel({"T1.a.action": attack(["basic_move"])}, A_FIRST, sb={"knocked_down": True}, rng=1)
    assert res.violations[0].code == "TARGET_KNOCKED_DOWN"
    res = duel(
        {"T1.a.action": attack(["basic_move"])},
        A_FIRST,
        sb={"knocked_down": True},
        rng=1,
        options={"hit_downed_attacks": True},
    )
    assert inp(res, "D.6", "a")["downed_target"] == -4
    res = duel({"T1.a.action": nothing()}, {"T1.a.init": 1, "T1.b.init": 6}, sb={"knocked_down": True})
    assert not st(res, "b").knocked_down and st(res, "b").next_turn_dice == []


def test_stun_threshold_and_recovery() -> None:
    heavy = {"id": "heavy", "name": "Heavy", "level": 2, "elements": [{"id": "increased_damage", "times": 2}]}
    res = duel(
        {"T1.a.action": attack(["heavy"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.a.damage": 8},
        a=sheet("a", moves=[heavy], strength=0, bonuses={"damage": 0}),
        b=sheet("b", defense=0),
        rng=1,
    )
    b = st(res, "b")
    assert b.stunned is not None and b.stunned.actions_to_recover == 1 and b.times_stunned_this_round == 1
    res = duel(
        {"T1.a.action": attack(["basic_move"]), "T1.a.accuracy_fs": {"fs": 3}},
        A_FIRST,
        sb={"stunned": {"actions_to_recover": 2}},
        b=sheet("b", defense=0),
        rng=1,
    )
    b = st(res, "b")
    assert b.stunned is None and ("initiative", -1) in [(d.target, d.steps) for d in b.next_turn_dice]


def test_await_opening_cash_in() -> None:  # V11
    res = duel({"T1.a.action": nothing(), "T1.b.action": nothing()}, sa={"await_opening": 1})
    assert ch(res, "A.1", "a", 1)["init_die"] == "1d12"  # 3 steps (PL 3) on Initiative
    res = duel({"T1.a.action": nothing(), "T1.b.action": nothing()}, sa={"await_opening": 3})
    assert ch(res, "A.1", "a", 1) == {"init_die": "1d12", "ctrl_die": "1d12", "fs": 30}
    assert st(res, "a").pending_accuracy[0].amount == 3
    res = duel({"T1.a.action": {"action": "await_opening"}, "T1.b.action": nothing()}, A_FIRST)
    assert st(res, "a").await_opening == 1


def test_refocus_and_power_up() -> None:
    res = duel(
        {"T1.a.action": {"action": "refocus"}, "T1.b.action": nothing()},
        {**A_FIRST, "T1.a.refocus": 4},
        sa={"fighting_spirit": 20},
        rng=2,
    )
    assert st(res, "a").fighting_spirit == 25
    res = duel({"T1.a.action": {"action": "refocus"}}, A_FIRST, rng=1)
    assert res.violations[0].code == "REFOCUS_TOO_CLOSE"
    res = duel(
        {"T1.a.action": {"action": "power_up"}, "T1.b.action": nothing()},
        {**A_FIRST, "T1.a.power_up": 4},
        a=sheet("a", moves=[SUPER]),
        rng=3,
        options={"additional_glory_awards": False},
    )
    assert st(res, "a").super_energy == 4 + 1


# ── Defensive Responses and Evasion results ────────────────────────────────────────────────────


def test_counter_response() -> None:
    counter = {"id": "ctr", "name": "Ctr", "level": 2, "elements": [{"id": "counter"}]}
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.b.defense": {"defense": "defense", "fs": 3},
            "T1.b.defensive_response": {"choice": "respond", "response": "counter", "moves": ["ctr"]},
        },
        {**A_FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5},
        b=sheet("b", moves=[counter]),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert any("counter Response" in s.text for s in res.log)
    assert inp(res, "D.4", "a")["defense"] == 1  # Defense 2 halved against a Response


def test_response_must_match_the_skill() -> None:
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.b.defense": {"defense": "defense", "fs": 3},
            "T1.b.defensive_response": {"choice": "respond", "response": "basic", "moves": ["basic_move"]},
        },
        {**A_FIRST, "T1.a.attack": 1},
        rng=1,
    )
    assert res.violations[0].code == "RESPONSE_SKILL_MISMATCH"


def test_jinking_and_throw_response() -> None:
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.b.defense": {"defense": "tactics", "fs": 3},
            "T1.b.defensive_response": {"choice": "respond", "response": "jinking"},
        },
        {**A_FIRST, "T1.a.attack": 1},
        rng=2,
    )
    assert res.fight.positioning.range == 3
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.b.defense": {"defense": "tactics", "fs": 3},
            "T1.b.defensive_response": {"choice": "respond", "response": "jinking"},
        },
        {**A_FIRST, "T1.a.attack": 1},
        rng=0,
    )
    assert res.violations[0].code == "JINKING_OUT_OF_RANGE_REQUIRED"
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.b.defense": {"defense": "tactics", "fs": 3},
            "T1.b.defensive_response": {"choice": "respond", "response": "throw", "moves": ["grab"]},
        },
        {**A_FIRST, "T1.a.attack": 1, "T1.b.ctrl": 4},
        rng=0,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").knocked_down


def test_anti_air_needs_a_jump() -> None:
    aa = {"id": "aa", "name": "Aa", "level": 2, "elements": [{"id": "anti_air"}]}
    dec = {
        "T1.b.defense": {"defense": "tactics", "fs": 3},
        "T1.b.defensive_response": {"choice": "respond", "response": "anti_air", "moves": ["aa"]},
    }
    res = duel(
        {**dec, "T1.a.action": attack(["basic_move"], movement=2)},
        {**A_FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5},
        b=sheet("b", moves=[aa]),
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert any("anti air Response" in s.text for s in res.log)
    res = duel(
        {**dec, "T1.a.action": attack(["basic_move"])},
        {**A_FIRST, "T1.a.attack": 1, "T1.b.ctrl": 5},
        b=sheet("b", moves=[aa]),
        rng=1,
    )
    assert res.violations[0].code == "RESPONSE_TRIGGER_INVALID"


def test_evasion_move() -> None:
    res = duel(
        {
            "T1.a.action": attack(["basic_move"]),
            "T1.b.defense": {"defense": "evasion", "fs": 3},
            "T1.b.evasion_result": {"choice": "move", "direction": "away"},
        },
        {**A_FIRST, "T1.a.attack": 1},
        rng=1,
    )
    assert res.fight.positioning.range == 3 and st(res, "b").fighting_spirit == 26


def test_reaction_attack() -> None:
    res = duel(
        {
            "T1.a.action": {"action": "move", "movement": 2, "direction": "toward"},
            "T1.b.reaction": {"choice": "act", "moves": ["basic_move"]},
            "T1.b.accuracy_fs": {"fs": 3},
        },
        A_FIRST,
        rng=3,
        a=sheet("a", defense=0),
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").fighting_spirit == 30 - 1 - 3 + 3  # 1 FS for the reaction; first-hit refund
    assert st(res, "a").life_bar < 50


# ── Super Moves, Glory, Super Energy ───────────────────────────────────────────────────────────


def test_super_move() -> None:
    res = duel(
        {"T1.a.action": attack(["sup"])},
        {**A_FIRST, "T1.a.ctrl": 6},
        a=sheet("a", moves=[SUPER]),
        sa={"super_energy": 9},
        rng=1,
    )
    assert res.violations[0].code == "INSUFFICIENT_SUPER_ENERGY"
    res = duel(
        {"T1.a.action": attack(["sup"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.a.ctrl": 6},
        a=sheet("a", moves=[SUPER]),
        b=sheet("b", defense=0),
        sa={"super_energy": 10},
        rng=1,
    )
    a = st(res, "a")
    assert a.super_energy == 0 and a.fighting_spirit == 30 - 1 - 3 + 3
    assert st(res, "b").knocked_down is False  # he stood up at his slot
    assert any(s.label == "E.4" for s in res.log)


def test_glory_for_combos_on_successive_turns() -> None:  # V6
    total = 0
    streak = 0
    for turn in (1, 2, 3):
        res = duel(
            {f"T{turn}.a.action": attack(["basic_move"] * 4), f"T{turn}.a.accuracy_fs": {"fs": 3}},
            {f"T{turn}.a.init": 6, f"T{turn}.b.init": 1, f"T{turn}.a.ctrl": 6},
            turn=turn,
            a=sheet("a", combo=4),
            b=sheet("b", defense=0),
            sa={"combo_streak": streak},
            rng=1,
            options={"additional_glory_awards": False},
        )
        total += sum(g.points for g in res.glory if g.fighter == "a")
        streak = st(res, "a").combo_streak
    assert total == 2 + 3 + 4


def test_glory_once_per_move_per_round() -> None:  # V5
    palm3 = {"id": "p3", "name": "P3", "level": 3}
    res = duel(
        {
            "T1.a.action": attack(["p3", "basic_move", "basic_move", "basic_move", "basic_move", "palm"]),
            "T1.a.accuracy_fs": {"fs": 3},
        },
        {**A_FIRST, "T1.a.ctrl": 10},
        a=sheet("a", combo=6, ctrl=2, speed=2, moves=[palm3, PALM], bonuses={"control": 1}),
        b=sheet("b", defense=0),
        rng=1,
        options={"additional_glory_awards": False},
    )
    assert res.status == "resolved", res.violations
    assert sum(g.points for g in res.glory if g.fighter == "a") == 3 + 2 + 3


def test_super_energy_for_three_specials() -> None:  # V7
    moves = [{"id": f"s{i}", "name": f"S{i}", "level": 2} for i in range(3)] + [SUPER]
    res = duel(
        {"T1.a.action": attack(["s0", "s1", "s2"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.a.ctrl": 6},
        a=sheet("a", moves=moves),
        b=sheet("b", defense=0),
        rng=1,
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").super_energy == 1 + 3 + 1


# ── Simultaneous Initiative ────────────────────────────────────────────────────────────────────


def test_simultaneous_movers_close_by_the_sum() -> None:  # V13
    res = duel(
        {"T1.a.simul_declare": attack(["basic_move"], movement=2), "T1.b.simul_declare": attack(["fist"], movement=1)},
        {"T1.a.init": 4, "T1.b.init": 4},
        rng=3,
    )
    assert res.status == "resolved", res.violations
    assert [s.inputs["range"] for s in res.log if s.label == "D.3"] == [0, 0]


def test_simultaneous_non_mover_first() -> None:  # V12
    res = duel(
        {"T1.a.simul_declare": attack(["basic_move"], movement=2), "T1.b.simul_declare": attack(["fist"])},
        {"T1.a.init": 4, "T1.b.init": 4},
        rng=3,
    )
    d3 = [(s.actor, s.inputs["range"]) for s in res.log if s.label == "D.3"]
    assert d3[0] == ("b", 3) and d3[1] == ("a", 1)
    assert any(w.code == "TARGET_OUT_OF_RANGE" for w in res.warnings)


def test_simultaneous_rules() -> None:
    res = duel(
        {"T1.a.simul_declare": attack(["basic_move", "basic_move"]), "T1.b.simul_declare": nothing()},
        {"T1.a.init": 4, "T1.b.init": 4},
        rng=1,
    )
    assert res.violations[0].code == "SIMULTANEOUS_COMBO_FORBIDDEN"
    res = duel(
        {"T1.a.simul_declare": {"action": "await_opening"}, "T1.b.simul_declare": attack(["basic_move"])},
        {"T1.a.init": 4, "T1.b.init": 4},
        rng=1,
    )
    assert res.violations[0].code == "SIMULTANEOUS_NON_ATTACK_ACTION"
    res = duel(
        {"T1.a.action": nothing(), "T1.b.action": nothing()},
        {"T1.a.init": 4, "T1.b.init": 4, "T1.a.simul_init": 5, "T1.b.simul_init": 2},
        rng=1,
        options={"simplified_simultaneous_initiative": True},
    )
    assert res.status == "resolved" and next(s for s in res.log if "simplified" in s.text).change["order"] == ["a", "b"]


def test_simultaneous_defense_only() -> None:
    res = duel(
        {
            "T1.a.simul_declare": attack(["basic_move"]),
            "T1.b.simul_declare": attack(["basic_move"]),
            "T1.b.defense": {"defense": "evasion"},
        },
        {"T1.a.init": 4, "T1.b.init": 4},
        rng=1,
    )
    assert res.violations[0].code == "DEFENSE_OPTION_NOT_ALLOWED"


# ── Time and the end of the round ──────────────────────────────────────────────────────────────


def test_time_roll_minimum() -> None:  # V17
    res = duel(
        {"T1.a.action": nothing(), "T1.b.action": nothing(), "T1.a.time_fs": {"amount": -3}},
        {**A_FIRST, "T1.fight.time": 2},
    )
    assert res.fight.time_count == 98
    res = duel({"T1.a.action": nothing(), "T1.b.action": nothing(), "T1.a.time_fs": {"amount": -4}}, A_FIRST)
    assert res.violations[0].code == "FS_TIME_ROLL_EXCEEDS_POWER_LEVEL"


def test_time_out_winner() -> None:
    req_state = {"life_bar": 30}
    res = duel({"T1.a.action": nothing(), "T1.b.action": nothing()}, {**A_FIRST, "T1.fight.time": 5}, sa=req_state)
    assert res.status == "resolved"
    res = resolve_turn(build({**_with_time(2), "rolls": {**A_FIRST, "T1.fight.time": 5}}))
    assert res.status == "over" and res.winner == "b"


def _with_time(t: int) -> dict[str, Any]:
    a, b = sheet("a"), sheet("b")
    return {
        "fight": {"time_count": t, "positioning": {"mode": "range", "range": 3}},
        "fighters": [
            {"id": "a", "sheet": a, "state": {"life_bar": 30, "fighting_spirit": 30}},
            {"id": "b", "sheet": b, "state": {"life_bar": 40, "fighting_spirit": 30}},
        ],
        "decisions": {"T1.a.action": nothing(), "T1.b.action": nothing()},
        "seed": 1,
    }


def test_defeat_ends_the_round() -> None:
    res = duel(
        {"T1.a.action": attack(["fist"]), "T1.a.accuracy_fs": {"fs": 3}},
        {**A_FIRST, "T1.a.damage": 6},
        b=sheet("b", defense=0),
        sb={"life_bar": 3},
        rng=1,
    )
    assert res.status == "over" and res.winner == "a"
    assert st(res, "b").defeated and st(res, "b").life_bar == 0
    assert not [s for s in res.log if s.label == "H.2"]  # no Time Roll (ruling A21)
    assert ("a", 1) in [(g.fighter, g.points) for g in res.glory] and ("b", -3) in [
        (g.fighter, g.points) for g in res.glory
    ]


def test_band_map_three_fighters() -> None:
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 50, "fighting_spirit": 30}}
    res = duel(
        {
            "T1.a.action": attack(["basic_move"], target="b", movement=0),
            "T1.b.action": nothing(),
            "T1.c.action": nothing(),
        },
        {"T1.a.init": 6, "T1.b.init": 3, "T1.c.init": 1, "T1.fight.time": 5},
        extra=[c],
    )
    assert res.status == "resolved", res.violations
    assert [r.die for r in res.rolls if r.key == "T1.fight.time"] == ["1d8"]


# ── Coverage ───────────────────────────────────────────────────────────────────────────────────


def test_unsupported_entries_are_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    DECLARED.declares("tag_counter")  # the declarations read the registries once: before the entry is taken out
    monkeypatch.delitem(IMPLEMENTED, "tag_counter")  # every catalogue entry is applied now: take one out
    drain = {"id": "drain", "name": "Drain", "level": 3, "elements": [{"id": "harry"}, {"id": "tag_counter"}]}
    with pytest.warns(UndeclaredUnsupported, match="'tag_counter'"):  # the suite's guard would fail on it
        res = duel(
            {"T1.a.action": attack(["drain"])},
            A_FIRST,
            a=sheet("a", moves=[drain]),
            rng=1,
        )
    ids = {(u.id, u.path) for u in res.unsupported}
    assert ("tag_counter", "fighters[0].sheet.moves[0]") in ids
    # Taken out of the registry by hand, the entry is not in the coverage declarations (read once, at import): the
    # report goes out all the same and is flagged as undeclared, which is what the suite's guard would fail on.
    assert ("fight2e", "tag_counter", "fighters[0].sheet.moves[0]") in UNDECLARED
    UNDECLARED.clear()


def test_coverage_table() -> None:
    done, missing = counts()
    assert done == len(IMPLEMENTED) and done + missing > 200
    assert combat_status("throw") == "implemented" and combat_status("summon") == "implemented"
    assert combat_status("no_such_entry") == "unsupported"
