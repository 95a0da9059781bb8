"""Sequences and multi-turn moves: Power Enhancer and its modifiers (000 L3820–L3850), Opening Move with Move
Sub-Set and Multi-Part Move (000 L3736–L3755, L4652–L4670), Gradual Effect and its Delayed Onset
(000 L3384–L3410)."""

from __future__ import annotations

from typing import Any

from service.rules.fight2e.combat.contract.models import CombatOptions
from service.rules.fight2e.combat.elements.sequences import combo_opener
from service.rules.fight2e.combat.registry.sheet import build_profile
from service.rules.fight2e.fighters.fighter_models import Fighter

from .support import FIST, attack, duel, first_decision, sheet, st

ROLLS2 = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 6}
SURE = {"T2.a.accuracy_fs": {"fs": 3}}  # against Defense Total 0 every roll hits


def enhancer(target: str = "Fist", uses: int = 0, *mods: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "focus",
        "name": "Focus",
        "level": 3,
        "elements": [{"id": "power_enhancer", "options": {"target_moves": target, "additional_uses": uses}}, *mods],
    }


def banked(n: int) -> dict[str, Any]:
    return {"ongoing_effects": [{"id": "power_enhancer", "move": "focus", "charges": n}]}


def damage_die(res) -> str:
    return next(r.die for r in res.rolls if r.key.startswith("T2.a.damage"))


def bank_of(res, fid: str = "a") -> int | None:
    return next((e.charges for e in st(res, fid).ongoing_effects if e.id == "power_enhancer"), None)


# ── Power Enhancer ─────────────────────────────────────────────────────────────────────────────────────


def test_power_enhancer_use_is_banked_up_to_its_paid_uses() -> None:
    a = sheet("a", moves=[enhancer(uses=1), FIST])
    use = {"T1.a.action": {"action": "utility", "moves": ["focus"]}}
    res = duel(use, {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6}, a=a)
    assert res.status == "resolved", res.violations
    assert bank_of(res) == 1
    assert not [u for u in res.unsupported if u.id.startswith("power_enhancer")]
    # built for two uses: a third use banks nothing more
    again = duel({"T2.a.action": {"action": "utility", "moves": ["focus"]}}, ROLLS2, a=a, turn=2, sa=banked(2))
    assert again.status == "resolved", again.violations
    assert bank_of(again) == 2


def test_two_banked_uses_make_the_target_two_die_sizes_larger_then_are_spent() -> None:
    a = sheet("a", moves=[enhancer(uses=1), FIST])
    dec = {"T2.a.action": attack(["fist"]), **SURE}
    plain = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2)
    strong = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked(2))
    assert strong.status == "resolved", strong.violations
    assert (damage_die(plain), damage_die(strong)) == ("1d6", "1d10")  # 1d6 → 1d8 → 1d10
    assert bank_of(strong) is None  # the enhancement fired and is gone


def test_using_a_move_the_enhancer_does_not_name_keeps_the_bank() -> None:
    palm = {"id": "palm", "name": "Palm", "level": 2}
    a = sheet("a", moves=[enhancer(uses=1), FIST, palm])
    res = duel({"T2.a.action": attack(["palm"]), **SURE}, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked(1))
    assert res.status == "resolved", res.violations
    assert damage_die(res) == "1d6"
    assert bank_of(res) == 1


def test_the_bank_fires_on_a_miss_too() -> None:
    a = sheet("a", moves=[enhancer(), FIST])
    res = duel({"T2.a.action": attack(["fist"])}, ROLLS2, rng=4, a=a, turn=2, sa=banked(1))  # out of range
    assert res.status == "resolved", res.violations
    assert bank_of(res) is None


def test_delayed_onset_lets_the_owner_keep_the_bank() -> None:
    a = sheet("a", moves=[enhancer("Fist", 1, {"id": "power_enhancer.delayed_onset"}), FIST])
    dec = {"T2.a.action": attack(["fist"]), **SURE}
    keep = duel(
        {**dec, "T2.a.power_enhancer": {"choice": "hold"}}, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked(2)
    )
    assert keep.status == "resolved", keep.violations
    assert damage_die(keep) == "1d6" and bank_of(keep) == 2
    spend = duel(
        {**dec, "T2.a.power_enhancer": {"choice": "act"}}, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked(2)
    )
    assert damage_die(spend) == "1d10" and bank_of(spend) is None


def test_delayed_onset_asks_in_step_mode() -> None:
    a = sheet("a", moves=[enhancer("Fist", 0, {"id": "power_enhancer.delayed_onset"}), FIST])
    dec: dict[str, Any] = {"T2.a.action": attack(["fist"]), **SURE}
    for _ in range(12):  # answer every earlier question with its default until the enhancer one comes up
        res = duel(
            dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked(1), options={"ask_every_decision": True}
        )
        asked = first_decision(res)
        assert asked is not None, res.violations
        if asked.key == "T2.a.power_enhancer":
            break
        dec[asked.key] = asked.default.model_dump(exclude_none=True) if asked.default else {"action": "none"}
    assert asked.key == "T2.a.power_enhancer" and asked.default.choice == "act"


def test_element_addition_gives_the_next_use_knocks_down() -> None:
    add = {"id": "power_enhancer.element_addition", "options": {"element": "knocks_down"}}
    a = sheet("a", moves=[enhancer("Fist", 0, add), FIST])
    dec = {"T2.a.action": attack(["fist"]), **SURE}
    plain = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2)
    added = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked(1))
    assert added.status == "resolved", added.violations
    assert not any(s.label == "E.4" for s in plain.log)
    assert any(s.label == "E.4" and s.actor == "b" for s in added.log)  # Knocked Down
    assert damage_die(added) == "1d6"  # Element Addition replaces the die step


def test_element_addition_follows_the_designed_order_of_steps() -> None:
    add = {
        "id": "power_enhancer.element_addition",
        "options": {"element": "knocks_down", "effect_order": ["die", "element"]},
    }
    a = sheet("a", moves=[enhancer("Fist", 1, add), FIST])
    dec = {"T2.a.action": attack(["fist"]), **SURE}
    one = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked(1))
    two = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=banked(2))
    assert (damage_die(one), any(s.label == "E.4" for s in one.log)) == ("1d8", False)  # first step: a die size
    assert (damage_die(two), any(s.label == "E.4" for s in two.log)) == ("1d8", True)  # second: Knocks Down


def test_banked_enhancer_naming_no_such_move_is_a_violation() -> None:
    res = duel({}, ROLLS2, turn=2, sa={"ongoing_effects": [{"id": "power_enhancer", "move": "fist", "charges": 1}]})
    assert res.violations and res.violations[0].code == "UNKNOWN_MOVE"


# ── Opening Move, Move Sub-Set, Multi-Part Move ──────────────────────────────────────────────────────────

ROLLS1 = {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 6}
RUSH = {
    "id": "rush",
    "name": "Rush",
    "level": 2,
    "elements": [{"id": "opening_move", "options": {"sequence": "Rush", "sequence_length": 2}}],
}
SECOND = {
    "id": "second",
    "name": "Second",
    "level": 2,
    "elements": [{"id": "opening_move", "options": {"sequence": "Rush", "sequence_length": 2}}],
    "liabilities": [{"id": "multi_part_move", "options": {"opening_move": "Rush"}}],
}
THIRD = {
    "id": "third",
    "name": "Third",
    "level": 2,
    "liabilities": [{"id": "multi_part_move", "options": {"opening_move": "Second"}}],
}
SUB_A = {
    "id": "sub_a",
    "name": "Sub A",
    "level": 2,
    "liabilities": [{"id": "move_sub_set", "options": {"opening_move": "Rush", "sub_set_size": 2}}],
}
SUB_B = {
    "id": "sub_b",
    "name": "Sub B",
    "level": 2,
    "liabilities": [{"id": "move_sub_set", "options": {"opening_move": "rush", "sub_set_size": 2}}],
}
CHAIN = [RUSH, SECOND, THIRD, SUB_A, SUB_B, FIST]


def window(turn: int, move: str = "rush") -> dict[str, Any]:
    return {"ongoing_effects": [{"id": "opening_move", "move": move, "since": turn}]}


def windows(res, fid: str = "a") -> list[tuple[str | None, int | None]]:
    return [(e.move, e.since) for e in st(res, fid).ongoing_effects if e.id == "opening_move"]


def test_a_follow_up_without_its_opening_move_is_refused() -> None:
    for move in ("sub_a", "second"):
        res = duel({"T1.a.action": attack([move])}, ROLLS1, a=sheet("a", moves=CHAIN))
        assert res.status == "invalid"
        assert res.violations[0].code == "SEQUENCE_NOT_OPEN"


def test_opening_move_opens_a_window_even_when_it_misses_and_it_lasts_into_next_turn() -> None:
    res = duel({"T1.a.action": attack(["rush"])}, ROLLS1, rng=4, a=sheet("a", moves=CHAIN))  # out of range
    assert res.status == "resolved", res.violations
    assert windows(res) == [("rush", 1)]
    assert not [u for u in res.unsupported if u.id in ("opening_move", "move_sub_set", "multi_part_move")]
    nxt = duel({"T2.a.action": attack(["sub_b"])}, ROLLS2, a=sheet("a", moves=CHAIN), turn=2, sa=window(1))
    assert nxt.status == "resolved", nxt.violations
    assert windows(nxt) == []  # the follow-up was used once


def test_any_sub_set_move_may_follow_but_a_multi_part_link_only_follows_its_own_predecessor() -> None:
    a = sheet("a", moves=CHAIN)
    for move in ("sub_a", "sub_b", "second"):
        res = duel({"T2.a.action": attack([move])}, ROLLS2, a=a, turn=2, sa=window(1))
        assert res.status == "resolved", (move, res.violations)
    wrong = duel({"T2.a.action": attack(["third"])}, ROLLS2, a=a, turn=2, sa=window(1))
    assert wrong.violations[0].code == "SEQUENCE_NOT_OPEN"  # Third follows Second, not Rush


def test_a_middle_link_opens_the_window_for_the_next_link() -> None:
    res = duel({"T2.a.action": attack(["second"])}, ROLLS2, rng=4, a=sheet("a", moves=CHAIN), turn=2, sa=window(1))
    assert res.status == "resolved", res.violations
    assert windows(res) == [("second", 2)]


def test_in_a_combo_the_follow_up_must_come_straight_after_its_opener_and_costs_no_extra_control() -> None:
    a = sheet("a", speed=3, ctrl=3, combo=5, moves=CHAIN)
    rolls = {"T1.a.init": 6, "T1.b.init": 1, "T1.a.ctrl": 12}
    res = duel({"T1.a.action": attack(["basic_move", "rush", "second", "third"])}, rolls, a=a)
    assert res.status == "resolved", res.violations
    d3 = next(s for s in res.log if s.label == "D.3" and s.actor == "a")
    # 1 + 2 + 2 + 2 Levels, +1 for Rush in the middle; Second straight after its opener adds nothing
    assert d3.inputs["control_cost"] == 8
    bad = duel({"T1.a.action": attack(["rush", "fist", "sub_a"])}, rolls, a=a)
    assert bad.violations[0].code == "SEQUENCE_NOT_OPEN"


def test_another_move_closes_the_window() -> None:
    res = duel({"T2.a.action": attack(["fist"])}, ROLLS2, a=sheet("a", moves=CHAIN), turn=2, sa=window(2))
    assert res.status == "resolved", res.violations
    assert windows(res) == []


def test_a_non_attack_action_closes_the_window_but_holding_does_not() -> None:
    a = sheet("a", moves=CHAIN)
    res = duel(
        {"T2.a.action": {"action": "move", "movement": 1, "direction": "away"}}, ROLLS2, a=a, turn=2, sa=window(2)
    )
    assert res.status == "resolved", res.violations
    assert windows(res) == []
    held = duel(
        {"T2.a.act_or_hold": {"choice": "hold"}, "T2.a.interrupt": {"choice": "act"}, "T2.a.action": attack(["sub_a"])},
        ROLLS2,
        a=a,
        turn=2,
        sa=window(1),
    )
    assert held.status == "resolved", held.violations  # the follow-up from the hold is still allowed


def test_defending_closes_the_window() -> None:
    rolls = {"T2.a.init": 1, "T2.b.init": 6, "T2.b.ctrl": 6}
    res = duel(
        {"T2.b.action": attack(["fist"], target="a")}, rolls, rng=1, a=sheet("a", moves=CHAIN), turn=2, sa=window(2)
    )
    assert res.status == "resolved", res.violations
    assert windows(res) == []


def test_the_window_ends_after_the_next_turn() -> None:
    a = sheet("a", moves=CHAIN)
    hold = {"T2.a.act_or_hold": {"choice": "hold"}, "T2.a.interrupt": {"choice": "pass"}}
    fresh = duel(hold, ROLLS2, a=a, turn=2, sa=window(2))  # opened this turn: still open next turn
    assert windows(fresh) == [("rush", 2)]
    old = duel(hold, ROLLS2, a=a, turn=2, sa=window(1))  # opened last turn: gone
    assert windows(old) == []


def test_a_utility_opening_move_is_a_free_utility_combo_opener() -> None:
    stance = {
        "id": "stance",
        "name": "Stance",
        "level": 2,
        "liabilities": [{"id": "utility"}],
        "elements": [{"id": "opening_move", "options": {"sequence": "Stance", "sequence_length": 1}}],
    }
    strike = {
        "id": "strike",
        "name": "Strike",
        "level": 2,
        "liabilities": [{"id": "move_sub_set", "options": {"opening_move": "Stance", "sub_set_size": 1}}],
    }
    prof = build_profile(Fighter.model_validate(sheet("a", moves=[stance, strike])), CombatOptions())
    assert combo_opener.chain_end([prof.moves["stance"], prof.moves["strike"]]) == 1


# ── Gradual Effect and Delayed Onset ─────────────────────────────────────────────────────────────────────

POISON = {"id": "poison", "name": "Poison", "level": 2, "elements": [{"id": "gradual_effect"}]}
DIM_MAK = {
    "id": "dim_mak",
    "name": "Dim Mak",
    "level": 3,
    "elements": [{"id": "gradual_effect"}, {"id": "gradual_effect.delayed_onset"}],
}
HIT1 = {"T1.a.accuracy_fs": {"fs": 3}}


def life(res, fid: str = "b") -> int:
    return st(res, fid).life_bar


def running(n: int = 3, since: int = 1, move: str = "poison") -> dict[str, Any]:
    return {"ongoing_effects": [{"id": "gradual_effect", "move": move, "target": "b", "since": since, "charges": n}]}


def test_gradual_effect_pays_the_first_installment_with_the_hit() -> None:
    # the book's example: 5 rolled → 5 / 3 = 1.67, rounded up to 2, +1 = 3 a turn for three turns
    res = duel(
        {"T1.a.action": attack(["poison"]), **HIT1},
        {**ROLLS1, "T1.a.damage": 5},
        a=sheet("a", moves=[POISON, FIST]),
        b=sheet("b", defense=0),
    )
    assert res.status == "resolved", res.violations
    assert life(res) == 50 - 3
    assert [(e.id, e.target, e.since, e.charges) for e in st(res, "a").ongoing_effects] == [
        ("gradual_effect", "b", 1, 3)
    ]
    assert not [u for u in res.unsupported if u.id.startswith("gradual_effect")]


def test_gradual_installments_fall_at_the_end_of_the_next_two_turns_without_other_effects() -> None:
    a = sheet("a", moves=[POISON, FIST])
    two = duel({}, {"T2.a.init": 6, "T2.b.init": 1}, a=a, turn=2, sa=running(3, since=1))
    assert two.status == "resolved", two.violations
    assert life(two) == 50 - 3
    assert st(two, "b").knocked_down is False and not any(s.label.startswith("E.2") for s in two.log)
    assert [e.id for e in st(two, "a").ongoing_effects] == ["gradual_effect"]  # one more to come
    three = duel({}, {"T3.a.init": 6, "T3.b.init": 1}, a=a, turn=3, sa=running(3, since=1))
    assert life(three) == 50 - 3
    assert st(three, "a").ongoing_effects == []  # the third installment was the last


def test_gradual_effect_later_in_a_combo_counts_half_its_first_installment() -> None:
    palm = {"id": "palm", "name": "Palm", "level": 2}
    a = sheet("a", moves=[POISON, palm])
    rolls = {**ROLLS1, "T1.a.damage": 1, "T1.a.damage#2": 6}
    res = duel({"T1.a.action": attack(["palm", "poison"]), **HIT1}, rolls, a=a, b=sheet("b", defense=0))
    assert res.status == "resolved", res.violations
    # Palm leads with 1; Poison rolled 6 → installments of 6 / 3 + 1 = 3, half of the first (1) now
    assert life(res) == 50 - (1 + 1)
    assert [e.charges for e in st(res, "a").ongoing_effects if e.id == "gradual_effect"] == [3]


def test_a_gradual_installment_can_defeat() -> None:
    res = duel(
        {},
        {"T2.a.init": 6, "T2.b.init": 1},
        a=sheet("a", moves=[POISON]),
        turn=2,
        sb={"life_bar": 2},
        sa=running(3, since=1),
    )
    assert life(res) == 0 and st(res, "b").defeated
    assert res.status == "over"


def test_delayed_onset_primes_the_target_instead_of_hurting_him() -> None:
    res = duel(
        {"T1.a.action": attack(["dim_mak"]), **HIT1},
        {**ROLLS1, "T1.a.damage": 5, "T1.fight.time": 4},
        a=sheet("a", moves=[DIM_MAK]),
        b=sheet("b", defense=0),
    )
    assert res.status == "resolved", res.violations
    assert life(res) == 50  # no damage yet
    assert [(e.id, e.target, e.charges, e.time_left) for e in st(res, "a").ongoing_effects] == [
        ("gradual_effect.delayed_onset", "b", 3, 10 - 4)
    ]  # a 10-count, 4 off at the Time Roll


def test_trigger_gradual_effect_starts_the_oldest_primed_application() -> None:
    primed = {
        "ongoing_effects": [
            {
                "id": "gradual_effect.delayed_onset",
                "move": "dim_mak",
                "target": "b",
                "since": 1,
                "charges": 4,
                "time_left": 6,
            }
        ]
    }
    res = duel(
        {"T2.a.action": {"action": "utility", "moves": ["trigger_gradual_effect"]}},
        ROLLS2,
        rng=3,
        a=sheet("a", moves=[DIM_MAK]),
        turn=2,
        sa=primed,
    )
    assert res.status == "resolved", res.violations
    assert life(res) == 50 - 4  # the first installment at once
    assert [(e.id, e.since, e.charges) for e in st(res, "a").ongoing_effects] == [("gradual_effect", 2, 4)]


def test_an_untriggered_delayed_onset_is_lost_when_its_count_runs_out() -> None:
    primed = {
        "ongoing_effects": [
            {
                "id": "gradual_effect.delayed_onset",
                "move": "dim_mak",
                "target": "b",
                "since": 1,
                "charges": 4,
                "time_left": 3,
            }
        ]
    }
    res = duel(
        {}, {"T2.a.init": 6, "T2.b.init": 1, "T2.fight.time": 4}, a=sheet("a", moves=[DIM_MAK]), turn=2, sa=primed
    )
    assert res.status == "resolved", res.violations
    assert st(res, "a").ongoing_effects == [] and life(res) == 50


def test_hitting_a_primed_target_again_restarts_its_count() -> None:
    primed = {
        "ongoing_effects": [
            {
                "id": "gradual_effect.delayed_onset",
                "move": "dim_mak",
                "target": "b",
                "since": 1,
                "charges": 4,
                "time_left": 2,
            }
        ]
    }
    res = duel(
        {"T2.a.action": attack(["dim_mak"]), **SURE},
        {**ROLLS2, "T2.a.damage": 1, "T2.fight.time": 3},
        a=sheet("a", moves=[DIM_MAK]),
        b=sheet("b", defense=0),
        turn=2,
        sa=primed,
    )
    assert res.status == "resolved", res.violations
    assert [(e.id, e.charges, e.time_left) for e in st(res, "a").ongoing_effects] == [
        ("gradual_effect.delayed_onset", 4, 10 - 3)
    ]  # one application per target: the count restarts


def test_gradual_effect_on_a_healing_move_splits_the_healing() -> None:
    mend = {
        "id": "mend",
        "name": "Mend",
        "level": 3,
        "elements": [{"id": "healing", "options": {"heal": "full"}}, {"id": "gradual_effect"}],
    }
    a = sheet("a", moves=[mend])
    res = duel(
        {"T1.a.action": {"action": "utility", "moves": ["mend"]}},
        {**ROLLS1, "T1.a.healing": 6},
        rng=3,
        a=a,
        sa={"life_bar": 30},
    )
    assert res.status == "resolved", res.violations
    assert life(res, "a") == 30 + 3  # 6 healed → 6 / 3 + 1 = 3 now
    later = duel(
        {},
        {"T2.a.init": 6, "T2.b.init": 1},
        a=a,
        turn=2,
        sa={
            "life_bar": 33,
            "ongoing_effects": [{"id": "gradual_effect", "move": "mend", "target": "a", "since": 1, "charges": 3}],
        },
    )
    assert life(later, "a") == 33 + 3


# ── Opening Throw and Multi-Part Throw ───────────────────────────────────────────────────────────────────

GRAB1 = {
    "id": "grab1",
    "name": "Grab One",
    "level": 2,
    "elements": [{"id": "throw"}, {"id": "opening_throw", "options": {"sequence": "Grab", "sequence_length": 2}}],
}
GRAB2 = {
    "id": "grab2",
    "name": "Grab Two",
    "level": 2,
    "elements": [{"id": "throw"}, {"id": "opening_throw", "options": {"sequence": "Grab", "sequence_length": 2}}],
    "liabilities": [{"id": "multi_part_throw", "options": {"opening_throw": "Grab One"}}],
}
GRAB3 = {
    "id": "grab3",
    "name": "Grab Three",
    "level": 2,
    "elements": [{"id": "throw"}],
    "liabilities": [{"id": "multi_part_throw", "options": {"opening_throw": "Grab Two"}}],
}
THROWS = [GRAB1, GRAB2, GRAB3, FIST]


def locked(move: str = "grab1", since: int = 1) -> dict[str, Any]:
    return {"ongoing_effects": [{"id": "multi_part_throw", "move": move, "since": since, "target": "b"}]}


def lock_of(res) -> list[tuple[str | None, int | None, str | None]]:
    return [(e.move, e.since, e.target) for e in st(res, "a").ongoing_effects if e.id == "multi_part_throw"]


def knocked_down(res, fid: str = "b") -> bool:
    return any(s.label == "E.4" and s.actor == fid for s in res.log)


def test_an_opening_throw_hit_locks_the_victim_and_holds_back_knock_down_and_knock_back() -> None:
    res = duel(
        {"T1.a.action": attack(["grab1"]), **HIT1}, ROLLS1, rng=0, a=sheet("a", moves=THROWS), b=sheet("b", defense=0)
    )
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [("grab1", 1, "b")]
    assert not knocked_down(res) and res.fight.positioning.range == 0  # no Knock Down, no Knock Back yet
    assert any(s.label == "B" and s.actor == "b" and "cannot act" in s.text for s in res.log)
    assert not [u for u in res.unsupported if u.id in ("opening_throw", "multi_part_throw")]


def test_an_opening_throw_with_no_follow_up_on_the_sheet_is_an_ordinary_throw() -> None:
    res = duel(
        {"T1.a.action": attack(["grab1"]), **HIT1},
        ROLLS1,
        rng=0,
        a=sheet("a", moves=[GRAB1, FIST]),
        b=sheet("b", defense=0),
    )
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)


def test_a_follow_up_throw_needs_its_opening_throw_to_have_hit() -> None:
    res = duel({"T1.a.action": attack(["grab2"])}, ROLLS1, rng=0, a=sheet("a", moves=THROWS))
    assert res.violations[0].code == "SEQUENCE_NOT_OPEN"


def test_the_next_link_keeps_the_lock_and_the_last_one_lands_normally() -> None:
    a = sheet("a", moves=THROWS)
    mid = duel(
        {"T2.a.action": attack(["grab2"]), **SURE},
        ROLLS2,
        rng=0,
        a=a,
        b=sheet("b", defense=0),
        turn=2,
        sa=locked("grab1", 1),
    )
    assert mid.status == "resolved", mid.violations
    assert lock_of(mid) == [("grab2", 2, "b")] and not knocked_down(mid)
    end = duel(
        {"T2.a.action": attack(["grab3"]), **SURE},
        ROLLS2,
        rng=0,
        a=a,
        b=sheet("b", defense=0),
        turn=2,
        sa=locked("grab2", 1),
    )
    assert end.status == "resolved", end.violations
    assert lock_of(end) == [] and knocked_down(end)


def test_the_whole_chain_in_one_combo() -> None:
    res = duel(
        {"T1.a.action": attack(["grab1", "grab2", "grab3"]), **HIT1},
        ROLLS1,
        rng=0,
        a=sheet("a", moves=THROWS),
        b=sheet("b", defense=0),
    )
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)
    wrong = duel({"T1.a.action": attack(["grab1", "grab3"])}, ROLLS1, rng=0, a=sheet("a", moves=THROWS))
    assert wrong.status == "invalid"  # Grab Three follows Grab Two only


def test_a_victim_who_wins_initiative_ends_the_sequence_and_the_thrower_loses_his_action() -> None:
    rolls = {"T2.a.init": 1, "T2.b.init": 6, "T2.a.ctrl": 6}
    res = duel(
        {"T2.a.action": attack(["grab2"])}, rolls, rng=0, a=sheet("a", moves=THROWS), turn=2, sa=locked("grab1", 1)
    )
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)
    assert res.fight.positioning.range == 1  # the waiting Knock Back
    assert not any(s.label == "D.3" and s.actor == "a" for s in res.log)


def test_a_tie_on_initiative_also_ends_it() -> None:
    rolls = {"T2.a.init": 4, "T2.b.init": 4, "T2.a.ctrl": 6}
    res = duel({}, rolls, rng=0, a=sheet("a", moves=THROWS), turn=2, sa=locked("grab1", 1))
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)


def test_declaring_anything_else_ends_the_sequence_and_the_action_is_lost() -> None:
    res = duel(
        {"T2.a.action": attack(["fist"])}, ROLLS2, rng=0, a=sheet("a", moves=THROWS), turn=2, sa=locked("grab1", 1)
    )
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)
    assert not any(s.label == "D.3" and s.actor == "a" for s in res.log)  # the Fist never comes


def test_too_little_control_for_the_next_throw_ends_it() -> None:
    rolls = {"T2.a.init": 6, "T2.b.init": 1, "T2.a.ctrl": 1}
    res = duel({}, rolls, rng=0, a=sheet("a", moves=THROWS), turn=2, sa=locked("grab1", 1))
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)


def test_a_missed_link_ends_the_sequence_with_the_waiting_knock_down() -> None:
    res = duel(
        {"T2.a.action": attack(["grab2"])},
        {**ROLLS2, "T2.a.attack": 1},
        rng=0,
        a=sheet("a", moves=THROWS),
        b=sheet("b", defense=6),
        turn=2,
        sa=locked("grab1", 1),
    )
    assert res.status == "resolved", res.violations
    assert any(s.label == "D.6" and "miss" in s.text for s in res.log)
    assert lock_of(res) == [] and knocked_down(res)


def test_an_unused_window_ends_with_the_next_turn() -> None:
    hold = {"T2.a.act_or_hold": {"choice": "hold"}, "T2.a.interrupt": {"choice": "pass"}}
    res = duel(hold, ROLLS2, rng=0, a=sheet("a", moves=THROWS), turn=2, sa=locked("grab1", 1))
    assert res.status == "resolved", res.violations
    assert lock_of(res) == [] and knocked_down(res)


def test_nobody_else_can_reach_the_locked_pair() -> None:
    c = {"id": "c", "sheet": sheet("c"), "state": {"life_bar": 50, "fighting_spirit": 30, "fs_start": 30}}
    res = duel(
        {"T2.c.action": attack(["fist"], target="b")},
        {"T2.a.init": 5, "T2.b.init": 1, "T2.c.init": 6, "T2.c.ctrl": 6},
        a=sheet("a", moves=THROWS),
        turn=2,
        sa=locked("grab1", 2),
        extra=[c],
        sides={"a": "a", "b": "b", "c": "c"},
    )
    assert res.violations and res.violations[0].code == "TARGET_UNAVAILABLE"


def test_against_a_link_only_the_throw_response_is_open() -> None:
    dec = {
        "T2.a.action": attack(["grab2"]),
        "T2.b.defense": {"defense": "tactics"},
        "T2.b.defensive_response": {"choice": "respond", "response": "basic", "moves": ["basic_move"]},
    }
    res = duel(
        dec,
        {**ROLLS2, "T2.a.attack": 1},
        rng=0,
        a=sheet("a", moves=THROWS),
        b=sheet("b", tactics=6),
        turn=2,
        sa=locked("grab1", 1),
    )
    assert res.violations and res.violations[0].code == "MULTI_PART_THROW_RESPONSE"
    free = duel(
        {**dec, "T2.a.action": attack(["fist"])},
        {**ROLLS2, "T2.a.attack": 1},
        rng=0,
        a=sheet("a", moves=THROWS),
        b=sheet("b", tactics=6),
        turn=2,
    )
    assert free.status == "resolved", free.violations  # outside a Multi-Part Throw the Basic Response is fine


# ── Multiple Styles: a move affects no move of another style (000 L5056) ──────────────────────────────


def _styled(focus_style: dict[str, Any], fist_style: dict[str, Any], reload_style: dict[str, Any]) -> dict[str, Any]:
    fist = {"id": "tfist", "name": "Tiger Fist", "level": 2, **fist_style}
    shot = {"id": "shot", "name": "Shot", "level": 2, "style": "Tiger", "liabilities": [{"id": "limited_use"}]}
    loader = {"id": "load", "name": "Load", "level": 2, "elements": [{"id": "reload"}], **reload_style}
    s = sheet(
        "a", moves=[{**enhancer("Tiger Fist", 1), **focus_style}, fist, shot, loader], qualities=["multiple_styles"]
    )
    s["styles"] = [{"name": "Crane", "is_base": True}, {"name": "Tiger"}]
    return s


def _in_tiger(*more: dict[str, Any]) -> dict[str, Any]:
    return {"ongoing_effects": [{"id": "style", "move": "Tiger", "since": 1}, *more]}


def test_an_enhancer_of_one_style_does_not_power_a_move_of_another() -> None:
    """Two banked uses make the target 1d6 → 1d10 (000 L3826–L3830); a Crane Focus cannot reach the Tiger Fist
    (000 L5056), while a Cross-Style Focus, or one of the Tiger style, can."""
    dec = {"T2.a.action": attack(["tfist"]), **SURE}
    bank = {"id": "power_enhancer", "move": "focus", "charges": 2}
    for focus, die in (({"style": "Crane"}, "1d6"), ({"cross_style": True}, "1d10"), ({"style": "Tiger"}, "1d10")):
        a = _styled(focus, {"style": "Tiger"}, {"style": "Tiger"})
        res = duel(dec, ROLLS2, a=a, b=sheet("b", defense=0), turn=2, sa=_in_tiger(bank))
        assert res.status == "resolved", (focus, res.violations)
        assert damage_die(res) == die, focus
        assert not any(u.id == "multiple_styles" for u in res.unsupported)


def test_a_reload_of_one_style_does_not_fill_a_pool_of_another() -> None:
    """Reload puts 3 charges back into a Limited Use pool (000 L4099–L4105): the Tiger pool at 2 of 6 goes to 5
    from a Tiger or Cross-Style Load, and stays at 2 from a Crane one (000 L5056; a Crane Load is used here in the
    Crane style)."""
    pool = {"id": "limited_use", "move": "shot", "charges": 2}
    use = {"T2.a.action": attack(["load"])}
    for load, style, left in (
        ({"style": "Tiger"}, _in_tiger(pool), 5),
        ({"cross_style": True}, _in_tiger(pool), 5),
        ({"style": "Crane"}, {"ongoing_effects": [pool]}, 2),
    ):
        a = _styled({"style": "Tiger"}, {"style": "Tiger"}, load)
        res = duel(use, ROLLS2, a=a, turn=2, sa=style)
        assert res.status == "resolved", (load, res.violations)
        charges = [e.charges for e in st(res, "a").ongoing_effects if e.id == "limited_use"]
        assert charges == [left], load
