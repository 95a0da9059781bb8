"""Thug Thrashing rules (Chapter 5): Life Saves, Combos against groups, Knock Down, the Thug Thrashing Skill's
actions, Stunt Sequences, the Agility dodge, Thug Events and Glory, each with figures worked out by hand from the
text; and Grace Tanaka against the bar gang (000 L6852–L7064) replayed through them, figure for figure."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules.fight2e.operations import examples
from service.rules.fight2e.thugs.attacks import (
    attack_total,
    attackers,
    damage_die,
    in_reach,
    movement,
    range_modifier,
    reach,
)
from service.rules.fight2e.thugs.defending import agility_dodge, agility_level
from service.rules.fight2e.thugs.end_of_combat import end_thug_combat
from service.rules.fight2e.thugs.events import event_total, fighting_spirit_drain, next_turn, read_chart
from service.rules.fight2e.thugs.extra_actions import control_budgets, effective_thug_thrashing, stunt_sequence
from service.rules.fight2e.thugs.glory import combat_divisor, divided_glory
from service.rules.fight2e.thugs.life_save import (
    SaveOutcome,
    base_life_save,
    combo_reduce_life_save,
    combo_spread_saves,
    knock_down,
    pushed_range,
    roll_save,
    single_move_life_save,
)
from service.rules.fight2e.thugs.models import ThugCombatEndRequest


@pytest.mark.parametrize(
    ("base", "strength", "die", "adds", "expected"),
    [
        (2, 0, "1d4", False, 2),  # 000 L6928: a Basic Move's 1d4 leaves the full save
        (2, 0, "1d6", False, 1),  # 000 L6890–L6894: 1d6+1 is one size above 1d4; the +1 counts for nothing
        (4, 0, "1d8", False, 2),  # 000 L7056: 1d8 is two sizes above 1d4
        (5, 2, "1d4", False, 3),  # 000 L6570: Strength 2 takes 2 off (ruling A8: the die measured before it)
        (3, -1, "1d4", False, 4),  # 000 L6570: low Strength adds to the save
        (3, 0, "1d6", False, 2),  # 000 L6798: a melee weapon's Basic Move, 1d4 → 1d6
        (3, 0, "1d8", False, 1),  # 000 L6848: a gun's Basic Move, two sizes more
        (6, 0, "1d12+2", False, 1),  # 000 L6570: 1d12 is four sizes above 1d4 and +2 past it one more
        (3, 0, "1d6", True, 1),  # 000 L6572: an Element that adds damage takes one more
    ],
)
def test_single_move_life_save(base: int, strength: int, die: str, adds: bool, expected: int) -> None:
    assert single_move_life_save(base, strength, die, adds) == expected


def test_combo_against_a_group() -> None:
    # 000 L6574: a 4-hit Combo takes 2 off. 000 L6580: an 8-hit Combo on Life Save 2 leaves 0, defeated at once …
    assert combo_reduce_life_save(5, 4) == 3
    assert combo_reduce_life_save(2, 8) == 0
    assert roll_save(0, None).outcome is SaveOutcome.out and roll_save(0, None).roll is None
    # … or makes 4 Thugs save at 2 (ruling A10: the target and the 4 the points reach, as many as the group holds).
    assert combo_spread_saves(2, 8, members=6) == [2] * 5
    assert combo_spread_saves(2, 8, members=3) == [2] * 3
    assert combo_reduce_life_save(2, 2) == 1  # 000 L7006: a 2-hit Combo of Basic Moves still takes 1 off
    assert combo_reduce_life_save(2, 8, robust=True) == 1  # 000 L6640: Robust keeps the save at 1


def test_saves_against_the_d10() -> None:
    assert roll_save(2, 2).outcome is SaveOutcome.stays  # 000 L6568: equal to or under the save stays
    assert roll_save(2, 3).outcome is SaveOutcome.out
    assert roll_save(10, None).outcome is SaveOutcome.stays  # ruling B1: no roll at 10 or more
    assert roll_save(base_life_save(3, multiplier=2), 6).outcome is SaveOutcome.stays  # 000 L6776: doubled to 6


def test_knock_down_against_a_group() -> None:
    fell = knock_down(roll_save(1, 3), None)  # 000 L6718: the hit Thug fell: the rest go back 1 Range
    assert fell.second_save is None and fell.group_pushed == 1
    stayed = knock_down(roll_save(2, 1), 5)  # he stayed: a second save (ruling B2: at the same save)
    assert stayed.group_pushed == 0 and stayed.second_save is not None
    assert stayed.second_save.outcome is SaveOutcome.out
    assert pushed_range(2, 1) == 3 and pushed_range(4, 1) == 4  # 000 L5950: never to Range 5


@pytest.mark.parametrize(
    ("control", "tt", "budgets"),
    [(3, 2, [3, 1, 1]), (4, 2, [4, 2, 2]), (1, 3, [1]), (2, 3, [2, 1, 1, 1]), (0, 2, [])],
)
def test_control_budgets(control: int, tt: int, budgets: list[int]) -> None:
    # 000 L6754: the first action at the rolled Control, each extra one at half of it (down); at 0 none.
    # 000 L6916–L6918: Grace's Control 3 with TT 2 gives 3, 1, 1; L6996: Control 4 gives 2 for the rest.
    assert control_budgets(control, tt) == budgets


def test_control_budgets_after_hit_stun() -> None:
    lowered = min(6 - 4, 6 // 2)  # 000 L5930: Hit Stun takes 4 or halves, whichever leaves less
    assert control_budgets(lowered, 2) == [2, 1, 1]  # 000 L6754: the extra actions come from the lowered total


def test_effective_thug_thrashing() -> None:
    assert effective_thug_thrashing(5, more_realistic=True) == 2  # 000 L6804: halved, down
    assert effective_thug_thrashing(10, saga_steps=3) == 1  # 000 L6818: 10 → 5 → 2 → 1 at Saga Scale 1000
    assert effective_thug_thrashing(4, blocked=True) == 0  # 000 L6778: Endless Numbers


def test_stunt_sequence() -> None:
    # 000 L6792: PL 4 with TT 2 has 6 Stunt Points; Thugs of TL 2 cost 2 each: 3 removed, 6 Glory.
    stunt = stunt_sequence(4, 2, threat_level=2, members=5)
    assert (stunt.points, stunt.removed, stunt.spent, stunt.lost) == (6, 3, 6, 0)
    tl0 = stunt_sequence(1, 2, threat_level=0, members=10)  # TL 0 counts as ½: 3 points take out 6
    assert (tl0.removed, tl0.spent) == (6, 3)
    few = stunt_sequence(4, 2, threat_level=4, members=5)  # 6 points buy one TL 4 Thug; the other 2 are lost
    assert (few.removed, few.spent, few.lost) == (1, 4, 2)
    short = stunt_sequence(4, 2, threat_level=1, members=2)  # only 2 Thugs there: 4 points lost
    assert (short.removed, short.spent, short.lost) == (2, 2, 4)


def test_agility_dodge() -> None:
    # 000 L6704: DL 4 + damage. Agility 4 with a d10 of 3 against a hit for 3: 7 ≥ 7, dodged.
    near = agility_dodge(3, roll=3, skill=4, full_agility_bonus=0, group_range=2, group_members=2)
    assert (near.difficulty, near.total, near.dodged, near.eliminates) == (7, 7, True, True)  # 000 L6706
    far = agility_dodge(3, roll=3, skill=4, full_agility_bonus=0, group_range=3, group_members=5)
    assert far.dodged and not far.eliminates
    alone = agility_dodge(3, roll=3, skill=4, full_agility_bonus=0, group_range=1, group_members=1)
    assert alone.dodged and not alone.eliminates
    assert agility_level(0, acrobatics=5) == 2  # 000 L6708: Acrobatics at half, down
    assert not agility_dodge(3, roll=3, skill=2, full_agility_bonus=0, group_range=1, group_members=3).dodged
    full = agility_dodge(5, roll=2, skill=4, full_agility_bonus=3, group_range=1, group_members=3)
    assert full.dodged  # 000 L6704: Full Agility adds the PL chart's Full Defense bonus (here PL 4: +3)


def test_event_chart() -> None:
    assert read_chart(event_total(3, 3, 2)).event is None  # 3 + 3 + 2 = 8, even: no event (000 L6742)
    drawn = read_chart(event_total(2, 1, 4))  # 7: Exhausting Combat (000 L6773)
    assert drawn.event is not None and drawn.event.id == "exhausting_combat" and drawn.event.timing == "immediate"
    names = {t: read_chart(t).event.id for t in range(3, 20, 2)}  # type: ignore[union-attr]
    assert names == {
        3: "rout",
        5: "plenty_of_room",
        7: "exhausting_combat",
        9: "lucky_strike",
        11: "defensive_advantage",
        13: "relentless_foes",
        15: "adrenaline_surge",
        17: "endless_numbers",
        19: "blitz",
    }
    assert read_chart(21).rerolls == 2 and read_chart(23).rerolls == 2  # 000 L6780: Overrun
    assert read_chart(22).event is None and read_chart(22).rerolls == 0  # ruling B14: even is no event


def test_next_turn_effects() -> None:
    by_id = {read_chart(t).event.id: read_chart(t).event for t in range(3, 20, 2)}  # type: ignore[union-attr]
    folded = next_turn([by_id["plenty_of_room"], by_id["lucky_strike"], by_id["rout"], by_id["blitz"]])
    assert (folded.initiative_steps, folded.accuracy, folded.members_leaving) == (1, 2, 1)  # 000 L6771–L6774
    twice = next_turn([by_id["defensive_advantage"], by_id["relentless_foes"], by_id["adrenaline_surge"]])
    assert (twice.defense_multiplier, twice.life_save_multiplier, twice.damage_steps) == (2, 2, 1)
    assert next_turn([by_id["endless_numbers"]]).blocks_thug_thrashing_within == 2  # 000 L6778


def test_exhausting_combat() -> None:
    assert fighting_spirit_drain(8, 6) == (2, False)  # 000 L6962–L6964: Grace's 8 FS less a 6
    assert fighting_spirit_drain(1, 6) == (0, False)  # ruling B17: judged before the loss
    assert fighting_spirit_drain(0, 6) == (0, True)  # 000 L6773: no FS left: a free attack instead


def test_glory_division() -> None:
    assert divided_glory(13, 5) == 3  # 000 L7064: 13 / 5 = 2.6, rounded up (ruling A7)
    assert divided_glory(10, 5) == 2 and divided_glory(0, 10) == 0
    assert divided_glory(Fraction(7, 2), 2) == 2  # half points from TL 0 Stunts (ruling B21)
    assert combat_divisor([11, 27]) == 5  # 000 L6547: the lowest-value group sets it


def test_grace_tanaka_against_the_bar_gang() -> None:
    """000 L6852–L7064, with our fixture: the gang is 6 Thugs of 1d4 / +0 / 1d4 / Defense 3 / Life Save 2 / TL 2,
    the leader one Thug of 1d6 / +2 / 1d6 / Defense 5 / Life Save 4 / TL 2; Grace is PL 1, TT 2, Strength 0."""
    gang, leader = 6, 1
    # Turn 1. Control 3 with TT 2: actions at 3, 1, 1 (000 L6916–L6918).
    assert control_budgets(3, 2) == [3, 1, 1]
    # Spinning Sweep, 1d6+1, Knocks Down: Life Save 2 − 1 = 1; the d10 shows 3: out, the rest pushed to Range 3.
    first = roll_save(single_move_life_save(2, 0, "1d6"), 3)
    assert (first.life_save, first.outcome) == (1, SaveOutcome.out)
    gang -= 1
    assert pushed_range(2, knock_down(first, None).group_pushed) == 3  # 000 L6912
    raw = 3  # the Special Move's level (000 L6962)
    # Two Basic Moves, 1d4: the full save of 2; d10s of 3 and 4 (000 L6928–L6942).
    for roll in (3, 4):
        assert roll_save(single_move_life_save(2, 0, "1d4"), roll).outcome is SaveOutcome.out
        gang -= 1
    assert gang == 3
    # End of turn 1: the gang's event 1d4 3 + 3 + 2 = 8, none; the leader's 4 + 1 + 2 = 7, Exhausting Combat.
    assert read_chart(event_total(3, gang, 2)).event is None
    exhausting = read_chart(event_total(4, leader, 2)).event
    assert exhausting is not None and exhausting.id == "exhausting_combat"
    assert fighting_spirit_drain(8, 6) == (2, False)  # 000 L6963–L6964: down to 2 FS
    # Turn 2. Control 4: actions at 4, 2, 2 (000 L6996).
    assert control_budgets(4, 2) == [4, 2, 2]
    # Rapid Spear Hand, 1d6+1: save 1, d10 5 (000 L6992–L6994); two 2-hit Combos: save 1, d10s 4 and 5.
    assert roll_save(single_move_life_save(2, 0, "1d6"), 5).outcome is SaveOutcome.out
    for roll in (4, 5):
        assert roll_save(combo_reduce_life_save(2, 2), roll).outcome is SaveOutcome.out
    gang -= 3
    assert gang == 0
    raw += 3 + 2 + 1 + 1  # level 3, Increased Glory 2, and ceil(2/2) per Combo (000 L7024–L7026)
    assert raw == 10
    plenty = read_chart(event_total(2, leader, 2)).event  # the leader alone rolls: 5 (000 L7014–L7020)
    assert plenty is not None and next_turn([plenty]).initiative_steps == 1  # 1d6 → 1d8 (000 L7036)
    # Turn 3. Leaping Elbow Strike, 1d8: the leader's 4 − 2 = 2; d10 5: out (000 L7054–L7056).
    last = roll_save(single_move_life_save(4, 0, "1d8"), 5)
    assert (last.life_save, last.outcome) == (2, SaveOutcome.out)
    raw += 3
    assert raw == 13  # 000 L7062
    # The gang's 2 + 0 + 2 + 3 + 2 + 2 = 11 points and the leader's 4 + 4 + 3 + 5 + 4 + 2 = 22: divide by 5.
    assert divided_glory(raw, combat_divisor([11, 22])) == 3  # 000 L7064


@given(
    base=st.integers(0, 20),
    strength=st.integers(-3, 5),
    hits=st.integers(1, 30),
    robust=st.booleans(),
    die=st.sampled_from(["1", "1d2", "1d4", "1d6", "1d8", "1d10", "1d12", "1d12+2", "1d12+8"]),
)
def test_saves_never_rise_with_a_harder_hit(base: int, strength: int, hits: int, robust: bool, die: str) -> None:
    one = single_move_life_save(base, strength, die, robust=robust)
    assert single_move_life_save(base, strength + 1, die, robust=robust) <= one
    assert combo_reduce_life_save(base, hits + 2, robust) <= combo_reduce_life_save(base, hits, robust)
    if robust:
        assert one >= 1 and combo_reduce_life_save(base, hits, robust) >= 1
    assert len(combo_spread_saves(base, hits, 10)) == min(10, 1 + hits // 2)


def test_end_of_combat_operation() -> None:
    body = copy.deepcopy(examples("end_thug_combat")["bar-gang"])
    out = end_thug_combat(ThugCombatEndRequest.model_validate(body))
    assert (out.lowest_points, out.glory_divisor) == (11, 5)  # 000 L6547, L6553: the gang's 11 points
    assert [(f.id, f.glory) for f in out.fighters] == [("grace", 3)]  # 000 L7062–L7064: 13 / 5 → 3
    body["fighters"] = [{"id": "aya", "raw_glory": 7.5}, {"id": "rei", "raw_glory": 0}]
    body["groups"] = body["groups"][1:]  # the leader alone: 22 points, divide by 4 (000 L6554)
    out = end_thug_combat(ThugCombatEndRequest.model_validate(body))
    assert out.glory_divisor == 4 and [f.glory for f in out.fighters] == [2, 0]  # 7.5 / 4 = 1.875 → 2


def test_thug_attack_reach_and_range() -> None:
    # 000 L6692: the Thug Basic Attack is Standard Range (0–2, 000 L2367); Reach 0–3 (L2371); Ranged 0–4 (L2373);
    # a Gun shoots past Range 5 (000 L6846).
    assert (reach(()), reach(("reach",)), reach(("ranged",)), reach(("ranged", "gun"))) == (2, 3, 4, None)
    assert in_reach((), 2) and not in_reach((), 3) and in_reach(("ranged", "gun"), 5)
    # 000 L5613: +1 at Range 0, −1 at Range 2 without the Reach or Long Range keyword.
    assert [range_modifier((), r) for r in (0, 1, 2)] == [1, 0, -1]
    assert range_modifier(("reach",), 2) == 0 and range_modifier(("ranged",), 2) == 0


def test_thug_movement_and_attackers() -> None:
    assert movement((), attacking=True) == 1 and movement((), attacking=False) == 2  # 000 L6672
    assert movement(("mobile",), attacking=True) == 2  # ruling B11
    assert attackers(targets=3, members=2) == 2 and attackers(targets=1, members=6) == 1  # 000 L6676


def test_thug_attacks_in_graces_fight() -> None:
    # 000 L6950: the gang (+0) at Range 1 rolls 4 against Grace's Evasion 2 + 1 FS = 3: a hit for 1d4.
    assert attack_total(4, 0, (), 1) >= 2 + 1
    assert damage_die("1d4", 0, 0) == "1d4"
    # 000 L7014: the leader (+2) rolls 1 against Defense 2 + Evasion's half 1 + 1 FS = 4: 3, a miss.
    assert attack_total(1, 2, (), 1) < 2 + 2 // 2 + 1
    # 000 L6777: Adrenaline Surge, one die size more; a defender's Stamina 1 takes one back (000 L530).
    assert damage_die("1d4", 1, 0) == "1d6" and damage_die("1d4", 1, -1) == "1d4"
    assert damage_die("1d2", 0, -2) == "1"  # never below a flat 1
    assert attack_total(3, 1, (), 2, bonus=2) == 3 + 1 - 1 + 2  # Lucky Strike's +2 (000 L6774)
