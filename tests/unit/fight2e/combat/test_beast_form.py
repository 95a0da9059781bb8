"""Transformations campaign option in combat (000 L5305–L5325): Beast Energy, the transform action and its blast,
the raised Basic Qualities, Increased Knockback on every attack, the Life Bar regained each turn and reverting."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.registry.coverage import RULES_NOT_IMPLEMENTED
from service.rules.fight2e.combat.resolver import resolve_turn

from .fixtures import build
from .support import A_FIRST, FIST, attack, duel, first_decision, sheet, st

ON = {"transformations": True}
OPEN = sheet("b", defense=0, evasion=0, tactics=0)  # every attack on him hits
SWEEPER = {"id": "sweeper", "name": "Sweeper", "level": 3, "elements": [{"id": "knocks_down"}]}
TRANSFORM = {"T1.a.action": {"action": "transform"}}


def boosted(fid: str, boosts: list[str], **kw: Any) -> dict[str, Any]:
    return {**sheet(fid, **kw), "beast_form_boosts": boosts}


def die(res, key: str) -> str:
    return next(r.die for r in res.rolls if r.key == key)


def codes(res) -> list[str]:
    return [v.code for v in res.violations]


# ── the option and the state ───────────────────────────────────────────────────────────────────────


def test_rule_area_no_longer_listed_as_unapplied() -> None:
    assert "transformations" not in RULES_NOT_IMPLEMENTED


def test_beast_form_without_the_option_is_refused() -> None:
    res = duel({}, A_FIRST, sa={"beast_form": True})
    assert res.status == "invalid" and codes(res) == ["TRANSFORMATIONS_OFF"]


def test_beast_energy_below_zero_only_in_beast_form() -> None:
    res = duel({}, A_FIRST, sa={"beast_energy": -1}, options=ON)
    assert res.status == "invalid" and codes(res) == ["STATE_BEAST_ENERGY_OUT_OF_RANGE"]


# ── Beast Energy ─────────────────────────────────────────────────────────────────────────────────


def test_beast_energy_gathered_like_super_energy_in_human_form() -> None:
    # a: 1 for the turn + 1 for his attack; b: 1 for the turn + 1 for losing Life Bar (000 L5311, L5264–L5275)
    res = duel({"T1.a.action": attack(["fist"])}, A_FIRST, a=sheet("a", moves=[FIST]), b=OPEN, rng=1, options=ON)
    assert res.status == "resolved", res.violations
    assert st(res, "a").beast_energy == 2 and st(res, "b").beast_energy == 2


def test_beast_energy_stored_up_to_20() -> None:
    res = duel({}, A_FIRST, sa={"beast_energy": 20}, sb={"beast_energy": 19}, options=ON)
    assert st(res, "a").beast_energy == 20 and st(res, "b").beast_energy == 20


def test_no_beast_energy_without_the_option() -> None:
    res = duel({}, A_FIRST)
    assert st(res, "a").beast_energy == 0


def test_beast_form_drains_by_moves_and_damage_but_not_by_the_turn() -> None:
    res = duel(
        {"T1.a.action": attack(["fist"])},
        A_FIRST,
        a=sheet("a", moves=[FIST]),
        b=OPEN,
        rng=1,
        options=ON,
        sa={"beast_form": True, "beast_energy": 5},
        sb={"beast_form": True, "beast_energy": 5},
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").beast_energy == 4  # −1 for the attack, nothing for the turn itself
    assert st(res, "b").beast_energy == 4  # −1 for Life Bar lost


def test_beast_form_idle_turn_keeps_beast_energy() -> None:
    res = duel({}, A_FIRST, sa={"beast_form": True, "beast_energy": 3}, options=ON)
    assert st(res, "a").beast_energy == 3 and st(res, "a").beast_form is True


# ── the form's effects ───────────────────────────────────────────────────────────────────────────


def test_beast_form_regains_one_life_bar_each_turn() -> None:
    res = duel({}, A_FIRST, sa={"beast_form": True, "life_bar": 40}, sb={"life_bar": 40}, options=ON)
    assert st(res, "a").life_bar == 41 and st(res, "b").life_bar == 40  # human b regains nothing


def test_beast_form_life_bar_not_above_maximum() -> None:
    res = duel({}, A_FIRST, sa={"beast_form": True}, options=ON)
    assert st(res, "a").life_bar == 50


def test_raised_strength_makes_the_damage_die_one_size_larger() -> None:
    kw = {"decisions": {"T1.a.action": attack(["fist"])}, "rolls": A_FIRST, "b": OPEN, "rng": 1, "options": ON}
    human = duel(a=boosted("a", ["strength", "stamina"], moves=[FIST]), **kw)
    beast = duel(a=boosted("a", ["strength", "stamina"], moves=[FIST]), sa={"beast_form": True}, **kw)
    assert die(human, "T1.a.damage") == "1d6" and die(beast, "T1.a.damage") == "1d8"


def test_raised_stamina_makes_damage_taken_one_size_smaller() -> None:
    kw = {
        "decisions": {"T1.a.action": attack(["fist"])},
        "rolls": A_FIRST,
        "a": sheet("a", moves=[FIST]),
        "rng": 1,
        "options": ON,
    }
    beast = duel(
        b=boosted("b", ["strength", "stamina"], defense=0, evasion=0, tactics=0), sb={"beast_form": True}, **kw
    )
    assert die(beast, "T1.a.damage") == "1d4"


def test_raise_capped_at_two() -> None:
    kw = {"decisions": {"T1.a.action": attack(["fist"])}, "rolls": A_FIRST, "b": OPEN, "rng": 1, "options": ON}
    human = duel(a=boosted("a", ["strength", "speed"], strength=2, moves=[FIST]), **kw)
    beast = duel(a=boosted("a", ["strength", "speed"], strength=2, moves=[FIST]), sa={"beast_form": True}, **kw)
    assert die(human, "T1.a.damage") == die(beast, "T1.a.damage") == "1d10"  # Strength 2 stays 2


def test_raised_speed_goes_to_initiative() -> None:
    human = duel({}, A_FIRST, a=boosted("a", ["speed", "stamina"]), options=ON)
    beast = duel({}, A_FIRST, a=boosted("a", ["speed", "stamina"]), sa={"beast_form": True}, options=ON)
    assert die(human, "T1.a.init") == "1d6" and die(beast, "T1.a.init") == "1d8"


def test_every_attack_in_beast_form_knocks_back_two_ranges() -> None:
    kw = {
        "decisions": {"T1.a.action": attack(["fist"])},
        "rolls": A_FIRST,
        "a": sheet("a", moves=[FIST]),
        "b": OPEN,
        "rng": 1,
        "options": ON,
    }
    assert duel(**kw).fight.positioning.range == 2
    assert duel(sa={"beast_form": True}, **kw).fight.positioning.range == 3


# ── transforming ─────────────────────────────────────────────────────────────────────────────────


def test_transform_changes_form_and_hits_the_adjacent_opponent_like_a_basic_move() -> None:
    res = duel(
        TRANSFORM,
        {**A_FIRST, "T1.a.damage": 5},
        a=boosted("a", ["strength", "stamina"]),
        rng=1,
        sa={"beast_energy": 10},
        options=ON,
    )
    assert res.status == "resolved", res.violations
    a, b = st(res, "a"), st(res, "b")
    assert a.beast_form is True
    assert die(res, "T1.a.damage") == "1d6"  # Basic Move 1d4, one size up for the form's Strength 1
    assert b.life_bar == 45  # no Defense: the change just hurts
    assert res.fight.positioning.range == 2  # Knock Back 1
    assert a.beast_energy == 10  # the turn he changes costs nothing; the 10 drain later
    assert b.beast_energy == 2  # 1 for the turn, 1 for Life Bar lost


def test_transform_out_of_range_hurts_nobody() -> None:
    res = duel(TRANSFORM, A_FIRST, rng=2, sa={"beast_energy": 12}, options=ON)
    assert res.status == "resolved", res.violations
    assert st(res, "a").beast_form is True and st(res, "b").life_bar == 50
    assert res.fight.positioning.range == 2


def test_transform_needs_ten_beast_energy() -> None:
    res = duel(TRANSFORM, A_FIRST, rng=1, sa={"beast_energy": 9}, options=ON)
    assert res.status == "invalid" and codes(res) == ["TRANSFORM_INVALID"]


def test_transform_not_when_already_in_beast_form() -> None:
    res = duel(TRANSFORM, A_FIRST, rng=1, sa={"beast_energy": 12, "beast_form": True}, options=ON)
    assert res.status == "invalid" and codes(res) == ["TRANSFORM_INVALID"]


def test_transform_allows_no_movement() -> None:
    res = duel(
        {"T1.a.action": {"action": "transform", "movement": 1}}, A_FIRST, rng=1, sa={"beast_energy": 10}, options=ON
    )
    assert res.status == "invalid" and codes(res) == ["MOVEMENT_NOT_ALLOWED_BY_KEYWORD"]


def test_transform_without_the_option_is_refused() -> None:
    res = duel(TRANSFORM, A_FIRST, rng=1)
    assert res.status == "invalid" and codes(res) == ["TRANSFORMATIONS_OFF"]


def test_opponent_may_transform_at_the_same_time_and_is_not_knocked_back() -> None:
    res = duel(
        {**TRANSFORM, "T1.b.transform_too": {"choice": "act"}},
        {**A_FIRST, "T1.a.damage": 2, "T1.b.damage": 3},
        rng=1,
        sa={"beast_energy": 10},
        sb={"beast_energy": 11},
        options=ON,
    )
    assert res.status == "resolved", res.violations
    a, b = st(res, "a"), st(res, "b")
    assert a.beast_form is True and b.beast_form is True
    assert a.life_bar == 47 + 1 and b.life_bar == 48 + 1  # each other's blast, then +1 at the end of the turn
    assert res.fight.positioning.range == 1  # both changing: no Knock Back either way


def test_opponent_who_does_not_join_is_knocked_back() -> None:
    res = duel(
        TRANSFORM, {**A_FIRST, "T1.a.damage": 2}, rng=1, sa={"beast_energy": 10}, sb={"beast_energy": 11}, options=ON
    )
    assert res.status == "resolved", res.violations
    assert st(res, "b").beast_form is False and res.fight.positioning.range == 2


def test_joining_is_asked_in_step_mode() -> None:
    earlier = {
        "T1.a.fs_init_ctrl": {"init": 0, "ctrl": 0},
        "T1.b.fs_init_ctrl": {"init": 0, "ctrl": 0},
        "T1.a.act_or_hold": {"choice": "act"},
    }
    res = duel(
        {**TRANSFORM, **earlier},
        {**A_FIRST, "T1.a.damage": 2},
        rng=1,
        sa={"beast_energy": 10},
        sb={"beast_energy": 11},
        options={**ON, "ask_every_decision": True},
    )
    assert res.status == "decision_required"
    assert first_decision(res).key == "T1.b.transform_too"
    assert first_decision(res).default.choice == "pass"  # by default he does not change


def test_transform_offered_among_the_actions_only_with_ten_beast_energy() -> None:
    def offered(energy: int) -> bool:
        fighters = [
            {
                "id": f,
                "sheet": sheet(f),
                "state": {
                    "life_bar": 50,
                    "fighting_spirit": 30,
                    "fs_start": 30,
                    "beast_energy": energy if f == "a" else 0,
                },
            }
            for f in ("a", "b")
        ]
        res = resolve_turn(
            build(
                {
                    "options": ON,
                    "fighters": fighters,
                    "rolls": A_FIRST,
                    "seed": 1,
                    "fight": {"positioning": {"mode": "range", "range": 1}},
                }
            )
        )
        pending = first_decision(res)
        assert pending is not None and pending.key == "T1.a.action"
        return any(c.value.action == "transform" for c in pending.choices)

    assert offered(10) and not offered(9)


# ── reverting ────────────────────────────────────────────────────────────────────────────────────


def test_knocked_down_below_zero_reverts_to_human_form() -> None:
    res = duel(
        {"T1.a.action": attack(["sweeper"])},
        A_FIRST,
        a=sheet("a", moves=[SWEEPER, FIST]),
        b=boosted("b", ["strength", "stamina"], defense=0, evasion=0, tactics=0),
        rng=1,
        options=ON,
        sb={"beast_form": True, "beast_energy": -1},
    )
    assert res.status == "resolved", res.violations
    b = st(res, "b")
    assert any(s.label == "E.4" and "Knocked Down" in s.text for s in res.log)  # he stood at his place
    assert b.beast_form is False
    assert b.beast_energy == 2  # restarts from 0: +1 for the turn, +1 for Life Bar lost
    assert b.life_bar < 50  # no Beast Form Life Bar at the end of the turn


def test_knocked_down_at_zero_stays_in_beast_form() -> None:
    res = duel(
        {"T1.a.action": attack(["sweeper"])},
        A_FIRST,
        a=sheet("a", moves=[SWEEPER, FIST]),
        b=OPEN,
        rng=1,
        options=ON,
        sb={"beast_form": True, "beast_energy": 0},
    )
    assert res.status == "resolved", res.violations
    b = st(res, "b")
    assert any(s.label == "E.4" and "Knocked Down" in s.text for s in res.log)
    assert b.beast_form is True and b.beast_energy == -1  # now −1: the next Knock Down ends the form


def test_transform_blast_can_defeat() -> None:
    res = duel(TRANSFORM, {**A_FIRST, "T1.a.damage": 4}, rng=0, sa={"beast_energy": 10}, sb={"life_bar": 3}, options=ON)
    assert res.status == "over", res.violations
    assert st(res, "b").defeated is True and res.winner == "a"
