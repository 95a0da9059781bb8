"""Purchase prices and their side effects, each worked by hand from the text (seed 001)."""

from __future__ import annotations

import pytest

from .helpers import buy, codes, price


@pytest.mark.parametrize(
    ("rank", "pp"),
    [
        ("white_belt", 1000),  # 001 L121
        ("yellow_belt", 2000),  # 001 L122
        ("green_belt", 4000),  # 001 L123
        ("brown_belt", 7000),  # 001 L124
        ("black_belt", 10000),  # 001 L125
        ("grand_master", 20000),  # 001 L126
    ],
)
def test_rank_budget(rank: str, pp: int) -> None:
    answer = price([buy("tactics")], {"rank": rank})
    assert answer.pp_left_before == pp
    assert answer.pp_left_after == pp - 60  # 001 L132: Tactics 2 costs 30 x 2


def test_power_to_three_costs_75() -> None:
    # 001 L130, L164: 15 x 2 + 15 x 3 = 75
    answer = price([buy("power", side="right"), buy("power", side="right")])
    assert [q.cost for q in answer.quotes] == [30, 45] and answer.total_cost == 75
    assert answer.legal


def test_ratio_two_to_one_holds_speed_back() -> None:
    # 001 L136: a 2:1 side at Power 3 / Speed 1 must reach Power 4 before Speed 2
    early = price([buy("speed", side="right")], {"sheet": {"power": {"right": 3}}})
    assert codes(early) == [("PSR_VIOLATION", "purchases[0]")] and not early.legal
    ok = price([buy("power", side="right"), buy("speed", side="right")], {"sheet": {"power": {"right": 3}}})
    assert [q.cost for q in ok.quotes] == [60, 30] and ok.legal  # 15 x 4, 15 x 2


def test_ratio_one_to_two_left_side() -> None:
    # 001 L164-166: left side 1:2, Speed 1 -> 2 for 30 PP; Power stays 1; raising Power to 2 would break it
    answer = price([buy("speed", side="left")])
    assert answer.total_cost == 30 and answer.legal
    broken = price([buy("speed", side="left"), buy("power", side="left")])
    assert codes(broken) == [("PSR_VIOLATION", "purchases[1]")]


def test_tactics_costs_the_stated_thirty_per_level() -> None:
    # 001 L132 (30 x next level) wins over the sample's 40 PP at 001 L166 (digest A4): Tactics 2 costs 60
    assert price([buy("tactics", 2)]).total_cost == 60


def test_straight_punch_to_four_lifts_the_direct_punches() -> None:
    # 001 L168: Straight 1 -> 4 costs 180 (20 x (2 + 3 + 4)); at 4 it is four times the others', each goes to 2
    answer = price([buy("maneuver", level, maneuver="straight_punch") for level in (2, 3, 4)])
    assert answer.total_cost == 180
    free = {(c.maneuver, c.to_level) for c in answer.quotes[2].changes if not c.paid}
    assert free == {("jab", 2), ("gouge", 2), ("palm_strike", 2), ("groin_punch", 2)}
    assert not [c for q in answer.quotes[:2] for c in q.changes if not c.paid]  # 2 and 3 are not four times 1


def test_air_example_jab_to_four() -> None:
    # 001 L142: Jab 3, Straight 2, Groin 2, Gouge 1, Palm 1; Jab to 4 lifts Gouge and Palm to 2, not the 2s
    sheet = {"maneuvers": {"jab": 3, "straight_punch": 2, "groin_punch": 2, "gouge": 1, "palm_strike": 1}}
    answer = price([buy("maneuver", 4, maneuver="jab")], {"sheet": sheet})
    assert answer.fighter_valid
    assert answer.total_cost == 80  # the pack's Jab factor 20 x 4
    free = {(c.maneuver, c.from_level, c.to_level) for c in answer.quotes[0].changes if not c.paid}
    assert free == {("gouge", 1, 2), ("palm_strike", 1, 2)}


def test_hook_round_sweep() -> None:
    # 001 L168-170: Hook 1 -> 4 180 PP (Uppercut, the other Arcing Punch, to 2); Round Kick 1 -> 3 100; Sweep 1 -> 2 40
    hook = price([buy("maneuver", level, maneuver="hook_punch") for level in (2, 3, 4)])
    assert hook.total_cost == 180
    assert [(c.maneuver, c.to_level) for c in hook.quotes[2].changes if not c.paid] == [("uppercut", 2)]
    assert (
        price([buy("maneuver", 2, maneuver="round_kick"), buy("maneuver", 3, maneuver="round_kick")]).total_cost == 100
    )
    assert price([buy("maneuver", 2, maneuver="sweep_kick")]).total_cost == 40


def test_grapple_and_joint_lock() -> None:
    # 001 L172, L238: Grapple 1 -> 2 80 PP; Joint-Lock starts at 0, 0 -> 1 60 PP
    assert price([buy("maneuver", 2, maneuver="grapple")]).total_cost == 80
    answer = price([buy("maneuver", 1, maneuver="joint_lock")])
    assert answer.total_cost == 60 and answer.quotes[0].changes[0].from_level == 0


def test_zero_level_grapples_not_lifted() -> None:
    # digest A9: Grapple at 4 is four times nothing for Choke at 0; a level-0 maneuver is not lifted
    answer = price([buy("maneuver", level, maneuver="grapple") for level in (2, 3, 4)])
    assert not [c for q in answer.quotes for c in q.changes if not c.paid]


def test_head_toughness_five_to_six() -> None:
    # 001 L174: 25 x 6 = 150
    answer = price([buy("toughness", 6, area="head")])
    assert answer.total_cost == 150
    head = next(a for a in answer.derived.areas if a.area == "head")
    assert head.toughness == 6


def test_defense_tactics() -> None:
    # 001 L152-156, L174: Defense 2 costs 50 and gives Cover-Up 2, Duck & Weave 1; Defense 3 gives 3, 2, 1 (Parry)
    two = price([buy("defense", 2)])
    assert two.total_cost == 50
    assert [(t.id, t.level) for t in two.derived.defense_tactics] == [("cover_up", 2), ("duck_and_weave", 1)]
    three = price([buy("defense", 2), buy("defense", 3)])
    assert three.total_cost == 50 + 75
    assert [(t.id, t.level) for t in three.derived.defense_tactics] == [
        ("cover_up", 3),
        ("duck_and_weave", 2),
        ("parry", 1),
    ]


def test_arm_difficulty_raises_both_arms() -> None:
    # 001 L160: left arm Difficulty 3 -> 4 raises the right arm to 4 free; 50 x 4 = 200
    answer = price([buy("difficulty", 4, area="left_arm")])
    assert answer.total_cost == 200
    assert [(c.area, c.to_level, c.paid) for c in answer.quotes[0].changes] == [
        ("left_arm", 4, True),
        ("right_arm", 4, False),
    ]


def test_stamina_in_tens() -> None:
    # 001 L148: 100 PP per 10 Stamina; 50 -> 70 costs 200
    answer = price([buy("stamina", 60), buy("stamina", 70)])
    assert answer.total_cost == 200 and answer.derived.stamina_max == 70
    odd = price([buy("stamina", 65)])
    assert {c for c, _ in codes(odd)} == {"LEVEL_SKIPPED", "STAMINA_INCREMENT"}


def test_levels_bought_in_order() -> None:
    # 001 L114: Straight at 3 cannot jump to 5; level 4 is paid on the way (best effort: 20 x 4 + 20 x 5)
    answer = price([buy("maneuver", 5, maneuver="straight_punch")], {"sheet": {"maneuvers": {"straight_punch": 3}}})
    assert codes(answer) == [("LEVEL_SKIPPED", "purchases[0]")]
    assert answer.total_cost == 180


def test_overspending() -> None:
    # 001 L118: a White Belt has 1000 PP; Stamina 50 -> 150 is ten steps of 100, the eleventh is short
    answer = price([buy("stamina") for _ in range(11)])
    assert answer.total_cost == 1100 and answer.pp_left_after == -100
    assert codes(answer) == [("PP_OVERSPENT", "purchases[10]")]


def test_unknown_maneuver_priced_as_nothing() -> None:
    answer = price([buy("maneuver", maneuver="flying_dragon")])
    assert codes(answer) == [("UNKNOWN_MANEUVER", "purchases[0]")] and answer.total_cost == 0
