"""Pricing fidelity (issue 9, items 1–7): each expected figure is worked out by hand from the book's rules.

Damage ladder: a Special Move starts at 1d6; two Increased Damage raise it one die size, an odd one sets a minimum
roll of 2 (000 L3524–L3532); Multi Hit ×2 adds +1 (000 L3711–L3712); Ki 1–3 lowers Ki-based damage a step, 4–7
keeps it, 8–9 raises it a step (000 L3978–L3981). Slots: a Special Move of Level L has L+1, each unused slot takes a
Move Point off, an L2 move costs 3 (000 L2263–L2297).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from service.rules.fight2e.moves.models import MoveRequest
from tests.conftest import codes, price
from tests.unit.fight2e.fighters.support import christine_pl2, el, errors, move, validate, wayne_pl1

Json = dict[str, Any]


def ph(target: str) -> Json:
    return {"id": "perfect_hit", "options": {"target": target}}


# ---- 1. Perfect Hit leaves its Element out of the ordinary damage (000 L4745–L4753) ---------------------------


def test_perfect_hit_on_increased_damage_gives_two_damage_figures() -> None:
    """L4: Increased Damage ×4 (4) + Knocks Down (2) − Perfect Hit on Increased Damage (half of 4 = 2) − Perfect Hit
    on Knocks Down (half of 2 = 1): 6 − 3 = 3 of 5 slots, 2 unused, 4 − 2 = 2 MP. Ordinary damage 1d6 (the guarded
    Increased Damage left out), 1d8 with Strength 1; with the Perfect Hit, four Increased Damage: 1d10 (1d12)."""
    r = price(
        level=4,
        elements=[el("increased_damage", 4), el("knocks_down")],
        liabilities=[ph("increased_damage"), ph("knocks_down")],
        fighter={"strength": 1},
    )
    assert r.legal, r.violations
    assert (r.element_slots, r.elements_spent, r.unused_slots, r.move_points) == (5, 3, 2, 2)
    assert r.damage is not None and (r.damage.die, r.damage.die_with_strength) == ("1d6", "1d8")
    assert r.damage_with_perfect_hit is not None
    assert (r.damage_with_perfect_hit.die, r.damage_with_perfect_hit.die_with_strength) == ("1d10", "1d12")


def test_perfect_hit_on_odd_increased_damage_and_on_multi_hit() -> None:
    """L4: Increased Damage ×3 guarded, Multi Hit ×2 not: ordinary 1d6 +1 (Multi Hit ×2), no minimum; with the Perfect
    Hit 1d8 +1 with a minimum roll of 2 (the odd Increased Damage, 000 L3524)."""
    r = price(level=4, elements=[el("increased_damage", 3), el("multi_hit", 2)], liabilities=[ph("increased_damage")])
    assert r.legal, r.violations
    assert r.damage is not None and (r.damage.die, r.damage.flat_bonus, r.damage.minimum_roll) == ("1d6", 1, 1)
    full = r.damage_with_perfect_hit
    assert full is not None and (full.die, full.flat_bonus, full.minimum_roll) == ("1d8", 1, 2)
    guarded = price(level=4, elements=[el("increased_damage", 3), el("multi_hit", 2)], liabilities=[ph("multi_hit")])
    assert guarded.damage is not None and (guarded.damage.die, guarded.damage.flat_bonus) == ("1d8", 0)
    assert guarded.damage.minimum_roll == 2
    assert guarded.damage_with_perfect_hit is not None and guarded.damage_with_perfect_hit.flat_bonus == 1


def test_perfect_hit_on_an_element_that_leaves_damage_alone_has_no_second_figure() -> None:
    """Knocks Down guarded, Increased Damage ×2 not: 1d8 either way, so no damage with the Perfect Hit."""
    r = price(level=3, elements=[el("knocks_down"), el("increased_damage", 2)], liabilities=[ph("knocks_down")])
    assert r.legal, r.violations
    assert r.damage is not None and r.damage.die == "1d8"
    assert r.damage_with_perfect_hit is None


# ---- 2. Set Up's +2 Accuracy is in the move's Accuracy (000 L4131) -------------------------------------------


def test_set_up_accuracy_is_part_of_the_move() -> None:
    r = price(level=3, elements=[el("set_up")])
    assert r.legal, r.violations
    assert r.accuracy == 2
    assert (r.accuracy_vs.defense, r.accuracy_vs.evasion, r.accuracy_vs.tactics) == (2, 2, 2)
    lowered = price(level=3, elements=[el("set_up")], liabilities=[el("decreased_accuracy")])  # −1 (000 L4545)
    assert lowered.accuracy == 1


# ---- 3. A Bomb's damage is its explosion's, based on Ki (000 L2855) --------------------------------------------


def test_bomb_has_ki_based_damage() -> None:
    """L2: Bomb (1) + Increased Damage ×2 (2) = 3 of 3 slots, 3 MP. Ki 4 keeps 1d8; Strength never applies."""
    r = price(level=2, elements=[el("bomb"), el("increased_damage", 2)], fighter={"ki": 4, "strength": 2})
    assert r.legal, r.violations
    assert r.move_points == 3
    assert r.damage is not None and (r.damage.die, r.damage.based_on) == ("1d8", "ki")
    assert r.damage.die_with_strength is None
    assert price(level=2, elements=[el("bomb")], fighter={"ki": 8}).damage.die == "1d8"  # type: ignore[union-attr]
    assert price(level=2, elements=[el("bomb")], fighter={"ki": 2}).damage.die == "1d4"  # type: ignore[union-attr]


# ---- 4. Random Effect combinations in a structured form (000 L3944–L3968) ------------------------------------

# The book's own example, Trunk of Violent Solutions (000 L3956–L3968): six Elements on Random Effect, four
# combinations of six each, No Combo (−1) and No Movement (−1) outside.
GRENADE = {"name": "Grenade", "entries": [el("bomb"), el("increased_damage", 4), el("multi_hit")]}  # 1 + 4 + 1
CHAIN_GUN = {
    "name": "Chain Gun",
    "entries": [el("ranged"), el("ranged.no_ranged_response"), el("multi_hit", 2), el("increased_damage")],
}  # 2 + 1 + 2 + 1
GIANT_AXE = {
    "name": "Giant Axe",
    "entries": [el("increased_stun"), el("increased_knockback"), el("increased_damage", 4)],
}  # 1 + 1 + 4
ROBOTS = {
    "name": "Horde of Killer Robots",
    "entries": [
        el("ranged"),
        el("ranged.very_slow"),
        el("always_does_damage"),
        el("hits_low"),
        el("subtle"),
        el("harry"),
        el("entangle"),
        el("slow_recovery", version="on_miss", penalised="initiative"),
    ],
}  # 2 − ½ + ½ + 1 + 1 + 1 + 2 − 1


def trunk(allocation: int = 6, combos: list[Json] | None = None) -> Json:
    return {
        "name": "Trunk of Violent Solutions",
        "level": 3,
        "elements": [
            {
                "id": "random_effect",
                "options": {"allocation": allocation},
                "combinations": combos if combos is not None else [GRENADE, CHAIN_GUN, GIANT_AXE, ROBOTS],
            }
        ],
        "liabilities": [el("no_combo"), el("no_movement")],
    }


def test_trunk_of_violent_solutions() -> None:
    """L3: 4 slots + 2 from the Liabilities = 6 on Random Effect, none unused: 3 MP (000 L3968)."""
    r = price(**trunk(), fighter={"ki": 4})
    assert r.legal, r.violations
    assert (r.element_slots, r.liability_slots, r.unused_slots, r.move_points) == (4, 2, 0, 3)


def test_each_combination_stays_within_the_allocation() -> None:
    """With five Elements allocated, every six-Element combination is over (digest ruling A-19)."""
    r = price(**trunk(allocation=5), fighter={"ki": 4})
    over = [v.path for v in r.violations if v.code == "RANDOM_EFFECT_INVALID"]
    assert over == [f"elements[0].combinations[{n}]" for n in range(4)]


def test_a_combination_entry_is_checked_like_a_move_entry() -> None:
    """Slow Recovery without its version is reported at its place inside the combination."""
    robots = {"entries": [*ROBOTS["entries"][:-1], el("slow_recovery")]}
    r = price(**trunk(combos=[GRENADE, robots]), fighter={"ki": 4})
    assert "elements[0].combinations[1].entries[7].options.version" in {v.path for v in r.violations}
    many = price(**trunk(combos=[GIANT_AXE] * 11))
    assert "RANDOM_EFFECT_INVALID" in codes(many)  # up to ten combinations


def test_the_old_text_form_still_reads_but_is_short() -> None:
    """The text option still prices (one id per instance) but cannot hold the book's example (120 characters)."""
    short = {
        "id": "random_effect",
        "options": {"allocation": 2, "combinations": "increased_damage, increased_damage; knocks_down"},
    }
    assert price(level=3, elements=[short]).legal
    over = {"id": "random_effect", "options": {"allocation": 1, "combinations": "knocks_down"}}  # 2 > 1
    assert "RANDOM_EFFECT_INVALID" in codes(price(level=3, elements=[over]))
    text = "; ".join(",".join(e["id"] for e in c["entries"]) for c in (GRENADE, CHAIN_GUN, GIANT_AXE, ROBOTS))
    with pytest.raises(ValidationError):
        MoveRequest.model_validate(
            {"level": 3, "elements": [{"id": "random_effect", "options": {"allocation": 6, "combinations": text}}]}
        )


def test_combinations_belong_to_random_effect_only() -> None:
    r = price(level=2, elements=[{"id": "knocks_down", "combinations": [GIANT_AXE]}])
    assert "DESIGN_CHOICE_INVALID" in codes(r)


def test_a_fighter_with_the_trunk_is_valid() -> None:
    """Christine (Ki 1) trades Spinning Heel (L3, 3 MP) for the Trunk (L3, 3 MP): nothing else changes."""
    f = christine_pl2()
    f["moves"][1] = trunk() | {"acquired_at_pl": 1}
    r = validate(f)
    assert r.valid, r.violations


# ---- 5. A Perfect Hit in a combination is worth half of its Element (000 L3944 with L4751) -------------------


def test_perfect_hits_inside_a_combination() -> None:
    """Increased Damage ×4 (4) − Perfect Hit on it (2) + Knocks Down (2) − Perfect Hit on it (1) = 3: within an
    allocation of 3 (counted at −½ each it would be 5)."""
    combo = {"entries": [el("increased_damage", 4), ph("increased_damage"), el("knocks_down"), ph("knocks_down")]}
    r = price(
        level=3,
        elements=[
            {
                "id": "random_effect",
                "options": {"allocation": 3},
                "combinations": [combo, {"entries": [el("increased_damage", 3)]}],
            }
        ],
    )
    assert "RANDOM_EFFECT_INVALID" not in codes(r), r.violations
    assert r.legal, r.violations


# ---- 6. A Technique grants a campaign option to one Fighter (000 L1343, L2042, L2219, L4151) -----------------


def test_sidestep_counter_with_the_sidestep_technique() -> None:
    """L2: Sidestep Counter (1) + Knocks Down (2) = 3 of 3 slots, 3 MP."""
    counter = [{"id": "sidestep_counter", "options": {"sidestep_only": "no"}}, el("knocks_down")]
    assert "CAMPAIGN_OPTION_REQUIRED" in codes(price(level=2, elements=counter))
    r = price(level=2, elements=counter, fighter={"techniques": ["sidestep"]})
    assert r.legal, r.violations
    assert r.move_points == 3
    setup = price(
        level=2,
        elements=[el("knocks_down"), el("increased_damage", 2)],
        liabilities=[el("sidestep_setup")],
        fighter={"techniques": ["sidestep"]},
    )
    assert setup.legal, setup.violations


def test_wall_spring_with_the_technique() -> None:
    wall = [el("aerial"), el("mobile", movement="mobile"), el("mobile.wall_spring")]
    noted = {f.code for f in price(level=3, elements=wall).info}
    assert "CHECKED_WITH_FIGHTER" in noted
    r = price(level=3, elements=wall, fighter={"techniques": ["wall_springs"]})
    assert "CHECKED_WITH_FIGHTER" not in {f.code for f in r.info}


def test_a_fighter_with_the_sidestep_technique_builds_sidestep_counters() -> None:
    """Wayne swaps Intimidating for the Sidestep Technique and Rising Fist (L3, 3 MP) for a Sidestep Counter move
    (Sidestep Counter 1 + Knocks Down 2 + Increased Damage 1 = 4 of 4 slots, 3 MP)."""
    f = wayne_pl1()
    f["moves"][0] = move(
        "Side Kick",
        3,
        [{"id": "sidestep_counter", "options": {"sidestep_only": "no"}}, el("knocks_down"), el("increased_damage")],
        cost_paid=3,
    )
    without = validate(copy.deepcopy(f))
    assert "MOVE_INVALID" in errors(without)
    f["qualities"][3] = {"id": "technique", "director_approved": True, "params": {"subject": "Sidestep"}}
    r = validate(f, approved_techniques=["Sidestep"])
    assert "MOVE_INVALID" not in errors(r), r.violations
    assert r.valid, r.violations


# ---- 7. Rulings revised: one Perfect Hit per Element, one Limited Move per limitation ----------


def limited(description: str) -> Json:
    return {"id": "limited_move", "options": {"value": "-0.5", "description": description}}


def test_two_limited_moves_with_different_limitations() -> None:
    """L2: Knocks Down (2) + Increased Damage ×2 (2) − ½ − ½ = 3 of 3 slots: 3 MP."""
    r = price(
        level=2,
        elements=[el("knocks_down"), el("increased_damage", 2)],
        liabilities=[limited("only at Range 0"), limited("not right after a jump")],
    )
    assert r.legal, r.violations
    assert (r.elements_spent, r.move_points) == (3, 3)
    same = price(
        level=2,
        elements=[el("knocks_down"), el("increased_damage", 2)],
        liabilities=[limited("only at Range 0"), limited("only at Range 0")],
    )
    assert "DUPLICATE_ENTRY" in codes(same)


def test_two_perfect_hits_on_one_element_are_a_duplicate() -> None:
    r = price(
        level=4,
        elements=[el("increased_damage", 4), el("knocks_down")],
        liabilities=[ph("increased_damage"), ph("increased_damage")],
    )
    assert "DUPLICATE_ENTRY" in codes(r)


def test_combat_rolls_a_structured_combination() -> None:
    """Combat reads the same combinations: two of them, so 1d2 picks (000 L3956); the first, Increased Damage ×2,
    hits for 1d8, the second, a Ranged blast at Ki 5, for 1d6 (000 L3524–L3528, L3979)."""
    from tests.unit.fight2e.combat.test_modifiers import HIT, attack, damage_dice, duel, ki_sheet, sheet

    box = {
        "id": "box",
        "name": "Box",
        "level": 3,
        "elements": [
            {
                "id": "random_effect",
                "options": {"allocation": 2},
                "combinations": [{"entries": [el("increased_damage", 2)]}, {"entries": [el("ranged")]}],
            }
        ],
    }
    a = ki_sheet("a", moves=[box])
    dec = {"T1.a.action": attack(["box"]), "T1.a.accuracy_fs": {"fs": 3}}
    big = duel(dec, {**HIT, "T1.a.random_effect": 1}, a=a, b=sheet("b", defense=0), rng=1)
    shot = duel(dec, {**HIT, "T1.a.random_effect": 2}, a=a, b=sheet("b", defense=0), rng=1)
    assert big.status == shot.status == "resolved", (big.violations, shot.violations)
    assert next(r.die for r in big.rolls if r.key == "T1.a.random_effect") == "1d2"
    assert damage_dice(big, "a") == ["1d8"]
    assert damage_dice(shot, "a") == ["1d6"]
