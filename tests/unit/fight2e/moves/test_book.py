"""The book's worked examples and the digests' test cases, as a player would check them by hand.

Each expectation is the book's own figure (or the digest's hand derivation from the book's rules, marked
"derived"), never a value read back from the code.
"""

from __future__ import annotations

import pytest

from tests.conftest import codes, price

# ---- 000 L4980–L5019: the three moves built in "Creating Special Moves"


def test_blooming_dance() -> None:
    """T01: L3 Ranged fireball with Increased Damage ×2, Ki 4: 3 MP, 1d8, Long Range (000 L4980–L4988)."""
    r = price(level=3, elements=[{"id": "ranged"}, {"id": "increased_damage", "times": 2}], fighter={"ki": 4})
    assert r.legal, r.violations
    assert (r.element_slots, r.elements_spent, r.unused_slots, r.move_points, r.control) == (4, 4, 0, 3, 3)
    assert r.accuracy == 0
    assert r.damage is not None and r.damage.die == "1d8" and r.damage.based_on == "ki"
    assert set(r.keywords) == {"offensive", "normal", "stun", "knockback", "long_range", "normal_move"}
    assert r.range is not None and (r.range.min, r.range.max) == (0, 4)


def test_lightning_crash() -> None:
    """T02: L4 Anti-Air + Knocks Down + Juggle + Power Up (Control for damage): 4 MP, 1d6, Ender (000 L4990–L4999)."""
    r = price(
        level=4,
        elements=[
            {"id": "anti_air"},
            {"id": "knocks_down"},
            {"id": "juggle"},
            {"id": "power_up", "options": {"version": "control"}},
        ],
    )
    assert r.legal, r.violations
    assert (r.element_slots, r.elements_spent, r.move_points) == (5, 5, 4)
    assert r.damage is not None and r.damage.die == "1d6"
    assert set(r.keywords) == {
        "defensive_response:anti_air",
        "offensive",
        "normal",
        "stun",
        "knockback",
        "knocks_down",
        "standard_range",
        "normal_move",
    }
    assert "ender" in r.combo_keywords


def test_abyssal_reckoning() -> None:
    """T03: L4 with Decreased Accuracy ×2, No Movement, Unblockable, Increased Stun, Knocks Down, Increased Damage ×4:
    8 Elements against 3 of Liabilities fills 5 slots; 4 MP; +2 (Defense) −4 (Evasion and Tactics); 1d10 +2 Stun;
    Combo Mixup, Ender (000 L5001–L5019)."""
    r = price(
        level=4,
        elements=[
            {"id": "unblockable"},
            {"id": "increased_stun"},
            {"id": "knocks_down"},
            {"id": "increased_damage", "times": 4},
        ],
        liabilities=[{"id": "decreased_accuracy", "times": 2}, {"id": "no_movement"}],
    )
    assert r.legal, r.violations
    assert (r.element_slots, r.liability_slots, r.elements_spent, r.move_points) == (5, 3, 5, 4)
    assert (r.accuracy_vs.defense, r.accuracy_vs.evasion, r.accuracy_vs.tactics) == (2, -4, -4)
    assert r.damage is not None and (r.damage.die, r.damage.stun_bonus) == ("1d10", 2)
    assert set(r.keywords) == {
        "offensive",
        "normal",
        "stun",
        "knockback",
        "knocks_down",
        "standard_range",
        "no_movement",
    }
    assert set(r.combo_keywords) == {"mixup", "ender"}


# ---- Slots, caps and Move Points (000 L2263–L2297)


@pytest.mark.parametrize(("level", "mp"), [(2, 3), (3, 3), (4, 4), (5, 5), (6, 6)])
def test_move_point_table_for_full_moves(level: int, mp: int) -> None:
    """T07: a full Special Move costs its level, except that L2 costs 3 (000 L2269)."""
    r = price(
        level=level,
        elements=[{"id": "increased_damage", "times": min(level + 1, 2 * level)}]
        if level + 1 <= 6
        else [{"id": "increased_damage", "times": 6}, {"id": "hits_low"}],
    )
    assert r.elements_spent == level + 1 and r.unused_slots == 0
    assert r.move_points == mp


def test_l2_damage_cap_with_a_liability() -> None:
    """T04: an L2 may take Increased Damage four times if a Liability pays for the fourth: 3 MP, 1d10 (000 L2291)."""
    r = price(level=2, elements=[{"id": "increased_damage", "times": 4}], liabilities=[{"id": "cheap"}])
    assert r.legal, r.violations
    assert r.move_points == 3
    assert r.damage is not None and r.damage.die == "1d10"


def test_l2_over_budget() -> None:
    """T05: four Elements on an L2's three slots (000 L2291)."""
    assert "ELEMENT_BUDGET_EXCEEDED" in codes(price(level=2, elements=[{"id": "increased_damage", "times": 4}]))


def test_single_element_cap() -> None:
    """T06: Increased Damage ×5 costs 5 > 2×2 on an L2, whatever the Liabilities (000 L2291)."""
    r = price(
        level=2,
        elements=[{"id": "increased_damage", "times": 5}],
        liabilities=[{"id": "cheap"}, {"id": "decreased_accuracy"}],
    )
    assert "ELEMENT_COST_CAP_EXCEEDED" in codes(r)


def test_unused_slot_discount_keeps_level() -> None:
    """T08: an L4 using 4 of its 5 slots costs 3 MP but still needs Control 4 (000 L2293)."""
    r = price(level=4, elements=[{"id": "increased_damage", "times": 4}])
    assert (r.unused_slots, r.move_points, r.control) == (1, 3, 4)


def test_move_point_floor() -> None:
    """T09: an L2 using 1 of 3 slots costs 3 − 2 = 1; with no Elements still 1 (000 L2293)."""
    assert price(level=2, elements=[{"id": "hits_low"}]).move_points == 1
    empty = price(level=2)
    assert empty.move_points == 1
    assert "MP_FLOOR_APPLIED" in {f.code for f in empty.info}


def test_lone_half_element_costs_one() -> None:
    """T10: ½ + three 1-cost Elements on an L3 use ceil(3.5) = 4 slots: 3 MP (000 L2287)."""
    r = price(
        level=3,
        elements=[{"id": "always_does_damage"}, {"id": "hits_low"}, {"id": "anti_air"}, {"id": "easy_to_combo"}],
    )
    assert (r.elements_spent, r.move_points) == (4, 3)
    assert "HALF_ELEMENT_ROUNDED_UP" in {f.code for f in r.info}


def test_half_element_pairs_with_half_liability() -> None:
    """T11: the same move plus a −½ Liability uses 3 slots, leaving 1 unused: 2 MP (000 L2289)."""
    r = price(
        level=3,
        elements=[{"id": "always_does_damage"}, {"id": "hits_low"}, {"id": "anti_air"}, {"id": "easy_to_combo"}],
        liabilities=[{"id": "non_finisher"}],
    )
    assert (r.elements_spent, r.unused_slots, r.move_points) == (3, 1, 2)


def test_lone_half_liability_earns_nothing() -> None:
    """T12: three 1-cost Elements and a lone −½ Liability on an L3: ceil(2.5) = 3 used, 2 MP (000 L2289)."""
    r = price(
        level=3,
        elements=[{"id": "hits_low"}, {"id": "anti_air"}, {"id": "easy_to_combo"}],
        liabilities=[{"id": "non_finisher"}],
    )
    assert (r.elements_spent, r.move_points) == (3, 2)
    assert "UNPAIRED_HALF_LIABILITY" in {f.code for f in r.info}


# ---- Increased Damage and Multi Hit (000 L3520–L3540, L3703–L3734)


@pytest.mark.parametrize(
    ("times", "die", "minimum"), [(0, "1d6", 1), (1, "1d6", 2), (2, "1d8", 1), (4, "1d10", 1), (6, "1d12", 1)]
)
def test_increased_damage_table_special(times: int, die: str, minimum: int) -> None:
    elements = [{"id": "increased_damage", "times": times}] if times else []
    r = price(level=6, elements=elements)
    assert r.damage is not None and (r.damage.die, r.damage.minimum_roll) == (die, minimum)


@pytest.mark.parametrize(
    ("times", "die", "minimum"), [(1, "1d8", 2), (2, "1d10", 1), (4, "1d12", 1), (6, "1d12+2", 1), (8, "1d12+4", 1)]
)
def test_increased_damage_table_super(times: int, die: str, minimum: int) -> None:
    r = price(type="super", level=5, elements=[{"id": "increased_damage", "times": times}])
    assert r.damage is not None and (r.damage.die, r.damage.minimum_roll) == (die, minimum)


@pytest.mark.parametrize(
    ("multi", "minimum", "bonus"), [(1, 3, 0), (2, 2, 1), (3, 3, 1), (4, 2, 2), (5, 3, 2), (6, 2, 3)]
)
def test_multi_hit_with_one_increased_damage(multi: int, minimum: int, bonus: int) -> None:
    """The book's Multi Hit × Increased Damage 1 table (000 L3722–L3730)."""
    r = price(level=6, elements=[{"id": "multi_hit", "times": multi}, {"id": "increased_damage"}])
    assert r.damage is not None and (r.damage.minimum_roll, r.damage.flat_bonus) == (minimum, bonus)


# ---- Super Moves (000 L5208–L5305)


def test_super_basics() -> None:
    """T13: Super L5, Increased Damage ×6 + Anti-Air + Hits Low: 10 slots, 8 used, 4 MP, 1d12+2, Knocks Down,
    no Stun, no Ender (derived from 000 L5224–L5236, L3539)."""
    r = price(
        type="super", level=5, elements=[{"id": "increased_damage", "times": 6}, {"id": "anti_air"}, {"id": "hits_low"}]
    )
    assert r.legal, r.violations
    assert (r.element_slots, r.elements_spent, r.unused_slots, r.move_points) == (10, 8, 2, 4)
    assert r.damage is not None and r.damage.die == "1d12+2"
    assert "knocks_down" in r.keywords and "stun" not in r.keywords
    assert "ender" not in r.combo_keywords
    assert r.super_energy_cost == 10


def test_super_offence_rule() -> None:
    """T14: a damaging Super L5 needs 5 of its 10 Elements on the offence four; 4 is too few (000 L5234)."""
    r = price(
        type="super",
        level=5,
        elements=[
            {"id": "increased_damage", "times": 4},
            {"id": "anti_air"},
            {"id": "hits_low"},
            {"id": "aerial"},
            {"id": "easy_to_combo"},
        ],
    )
    assert "SUPER_OFFENSE_SPEND_TOO_LOW" in codes(r)


def test_super_offence_counts_liability_slots() -> None:
    """T15: with −2 of Liabilities a Super L5 has 12 Elements and needs 6 on the offence four (000 L5234)."""
    base = {"type": "super", "level": 5, "liabilities": [{"id": "cheap"}, {"id": "decreased_accuracy"}]}
    five = price(**base, elements=[{"id": "increased_damage", "times": 5}, {"id": "anti_air"}])
    six = price(**base, elements=[{"id": "increased_damage", "times": 6}, {"id": "anti_air"}])
    assert "SUPER_OFFENSE_SPEND_TOO_LOW" in codes(five)
    assert "SUPER_OFFENSE_SPEND_TOO_LOW" not in codes(six)


def test_super_without_damage_is_exempt() -> None:
    """T16: a Utility Super need not spend on offence (000 L2297, L5234)."""
    r = price(type="super", level=5, elements=[{"id": "healing", "options": {"heal": "full"}}])
    assert "utility" in r.keywords
    assert "SUPER_OFFENSE_SPEND_TOO_LOW" not in codes(r)


def test_super_has_no_stun_for_increased_stun() -> None:
    """T17: Increased Stun needs the Stun keyword, which Supers lack unless the Director keeps it (000 L5232)."""
    build = {
        "type": "super",
        "level": 5,
        "elements": [{"id": "increased_damage", "times": 5}, {"id": "increased_stun"}],
    }
    assert "REQUIRED_KEYWORD_MISSING" in codes(price(**build))
    assert "REQUIRED_KEYWORD_MISSING" not in codes(price(**build, campaign={"super_stun": True}))


def test_always_does_damage_on_a_super_follows_breakthrough() -> None:
    """T18: on a Super, Always Does Damage may be taken once per Breakthrough (000 L2813–L2817)."""
    one = price(
        type="super",
        level=5,
        elements=[
            {"id": "breakthrough"},
            {"id": "always_does_damage", "times": 2},
            {"id": "increased_damage", "times": 4},
        ],
    )
    two = price(
        type="super",
        level=5,
        elements=[
            {"id": "breakthrough", "times": 2},
            {"id": "always_does_damage", "times": 2},
            {"id": "increased_damage", "times": 4},
        ],
    )
    assert "INSTANCE_LIMIT_EXCEEDED" in codes(one)
    assert "INSTANCE_LIMIT_EXCEEDED" not in codes(two)
    assert next(e.cost for e in two.entries if e.id == "always_does_damage") == 1


def test_super_knocks_down_is_free() -> None:
    r = price(type="super", level=5, elements=[{"id": "knocks_down"}, {"id": "increased_damage", "times": 5}])
    assert "ELEMENT_ALREADY_GRANTED" in codes(r)


def test_super_level_and_power_level() -> None:
    assert "SUPER_LEVEL_BELOW_MINIMUM" in codes(price(type="super", level=4))
    low = price(type="super", level=5, elements=[{"id": "increased_damage", "times": 5}], fighter={"power_level": 2})
    assert "SUPER_POWER_LEVEL_TOO_LOW" in codes(low)


def test_super_only_entry_on_a_special() -> None:
    assert "SUPER_ONLY_ENTRY" in codes(price(level=3, elements=[{"id": "breakthrough"}]))


def test_three_tier_super_energy() -> None:
    """T38: tiers of a three-tier Super cost 10/20/30 Super Energy (000 L5289–L5291)."""
    tiers = [
        price(
            type="super",
            level=4 + t,
            tier=t,
            elements=[{"id": "increased_damage", "times": 4 + t}],
            campaign={"three_tier_supers": True},
        )
        for t in (1, 2, 3)
    ]
    assert [t.super_energy_cost for t in tiers] == [10, 20, 30]
    assert "TIER_INVALID" in codes(price(type="super", level=6, tier=2))


# ---- Entry-specific examples


def test_increased_accuracy_cap_and_bonus() -> None:
    """T19: two Increased Accuracy cost 6 > 4 on an L2; on an L3 with Liabilities they give +2 (000 L3512)."""
    l2 = price(
        level=2,
        elements=[{"id": "increased_accuracy", "times": 2}],
        liabilities=[{"id": "cheap"}, {"id": "decreased_damage"}, {"id": "self_prone"}],
    )
    assert "ELEMENT_COST_CAP_EXCEEDED" in codes(l2)
    l3 = price(
        level=3,
        elements=[{"id": "increased_accuracy", "times": 2}],
        liabilities=[{"id": "cheap"}, {"id": "self_prone"}],
    )
    assert l3.legal, l3.violations
    assert l3.accuracy == 2


def test_area_effect_with_ranged() -> None:
    """T20: with Ranged, Area Effect costs 5, over an L2's cap of 4 (000 L2841)."""
    r = price(
        level=2,
        elements=[{"id": "ranged"}, {"id": "area_effect", "options": {"damage_source": "ki"}}],
        fighter={"ki": 5},
    )
    assert next(e.cost for e in r.entries if e.id == "area_effect") == 5
    assert "ELEMENT_COST_CAP_EXCEEDED" in codes(r)


def test_area_effect_on_a_no_damage_move() -> None:
    """T21: Area Effect costs 3 when another entry makes the move No Damage (000 L2841)."""
    r = price(
        level=3,
        elements=[{"id": "area_effect", "options": {"damage_source": "strength"}}],
        liabilities=[{"id": "no_damage"}],
    )
    assert next(e.cost for e in r.entries if e.id == "area_effect") == 3


def test_charge_back_is_free_only_with_counter() -> None:
    """T22: Charge Back costs 1 beside Counter (000 L3107); Counter makes the move a Starter."""
    r = price(level=3, elements=[{"id": "counter"}, {"id": "charge_back"}])
    assert next(e.cost for e in r.entries if e.id == "charge_back") == 1
    assert r.elements_spent == 2
    assert "starter" in r.combo_keywords and "defensive_response:counter" in r.keywords


def test_fake_costs_its_elements() -> None:
    """T23: Fake with 4 Elements: Utility, Bonus, No Combo (000 L3350)."""
    r = price(level=4, elements=[{"id": "fake", "options": {"elements": 4}}])
    assert next(e.cost for e in r.entries if e.id == "fake") == 4
    assert {"utility", "bonus", "normal_move"} <= set(r.keywords)
    assert r.combo_keywords == ["no_combo"]


def test_nikes_buff() -> None:
    """T25: Buff (+1 Strength: 1 + 3) + Repeatable (2) + Lowered Basic Quality (−1) fills an L4 exactly, 4 MP;
    on an L3 it does not fit (000 L3053)."""
    build = {
        "elements": [
            {"id": "buff", "options": {"quality_raises": 1, "raised_qualities": "strength"}},
            {"id": "buff.repeatable"},
        ],
        "liabilities": [{"id": "buff.lowered_basic_quality", "options": {"qualities": "speed"}}],
    }
    l4 = price(level=4, **build)
    assert (l4.elements_spent, l4.unused_slots, l4.move_points) == (5, 0, 4)
    assert {"utility", "time_count", "normal_move"} <= set(l4.keywords)
    assert "ELEMENT_BUDGET_EXCEEDED" in codes(price(level=3, **build))


def test_utility_cannot_act_on_hit() -> None:
    """T26/T27: a Utility move may not carry On-Hit entries; Fast Recovery's Always version is fine (000 L3354)."""
    assert "UTILITY_WITH_HIT_OR_MISS_EFFECT" in codes(
        price(level=4, elements=[{"id": "buff", "options": {"quality_raises": 0}}, {"id": "harry"}])
    )
    on_hit = price(
        level=4,
        elements=[{"id": "buff"}, {"id": "fast_recovery", "options": {"trigger": "on_hit", "bonus_to": "control"}}],
    )
    always = price(
        level=4,
        elements=[{"id": "buff"}, {"id": "fast_recovery", "options": {"trigger": "always", "bonus_to": "control"}}],
    )
    assert "UTILITY_WITH_HIT_OR_MISS_EFFECT" in codes(on_hit)
    assert "UTILITY_WITH_HIT_OR_MISS_EFFECT" not in codes(always)
    assert next(e.cost for e in always.entries if e.id == "fast_recovery") == 2


def test_crouching_and_aerial_exclude_each_other() -> None:
    """T28 (000 L3214)."""
    assert "INCOMPATIBLE_ENTRIES" in codes(price(level=3, elements=[{"id": "crouching"}, {"id": "aerial"}]))


def test_hits_super_jump_needs_anti_air() -> None:
    """T29 (000 L3470)."""
    assert "PREREQUISITE_MISSING" in codes(price(level=3, elements=[{"id": "hits_super_jump"}]))
    assert "PREREQUISITE_MISSING" not in codes(price(level=3, elements=[{"id": "hits_super_jump"}, {"id": "anti_air"}]))


def test_environmental_hazard_and_ranged() -> None:
    """T30: both need Standard Range; each removes it for the other (000 L3133)."""
    r = price(
        level=5,
        elements=[{"id": "create_environmental_hazard", "options": {"hazard_type": "wall"}}, {"id": "ranged"}],
        fighter={"ki": 5},
    )
    missing = [f.path for f in r.violations if f.code == "REQUIRED_KEYWORD_MISSING"]
    assert sorted(missing) == ["elements[0]", "elements[1]"]


def test_hazard_and_does_no_knockback() -> None:
    """T31: without Damaging Hazard there is no Knockback to remove; with it the move ends without Knockback."""
    plain = price(
        level=5,
        elements=[
            {"id": "create_environmental_hazard", "options": {"hazard_type": "wall"}},
            {"id": "does_no_knockback"},
        ],
        fighter={"ki": 5},
    )
    assert "REQUIRED_KEYWORD_MISSING" in codes(plain)
    damaging = price(
        level=5,
        elements=[
            {"id": "create_environmental_hazard"},
            {"id": "create_environmental_hazard.damaging_hazard"},
            {"id": "does_no_knockback"},
        ],
        fighter={"ki": 5},
    )
    assert "REQUIRED_KEYWORD_MISSING" not in codes(damaging)
    assert "knockback" not in damaging.keywords


def test_pit_and_damaging_wall() -> None:
    """T32 (000 L3163, L3181)."""
    r = price(
        level=6,
        elements=[
            {"id": "create_environmental_hazard"},
            {"id": "create_environmental_hazard.damaging_hazard"},
            {"id": "create_environmental_hazard.pit"},
            {"id": "create_environmental_hazard.damaging_wall"},
        ],
        fighter={"ki": 5},
    )
    assert "INCOMPATIBLE_ENTRIES" in codes(r)


def test_bomb_checks() -> None:
    """T33 (000 L2845, L2911)."""
    assert "CHARACTER_REQUIREMENT_UNMET" in codes(price(level=3, elements=[{"id": "bomb"}], fighter={"ki": 0}))
    assert "BOMB_PAYLOAD_FORBIDDEN" in codes(
        price(level=3, elements=[{"id": "bomb"}, {"id": "hits_low"}], fighter={"ki": 3})
    )
    assert "PREREQUISITE_MISSING" in codes(
        price(level=3, elements=[{"id": "bomb"}], liabilities=[{"id": "bomb.no_detonation"}], fighter={"ki": 3})
    )
    assert "INCOMPATIBLE_ENTRIES" in codes(
        price(
            level=5,
            elements=[{"id": "bomb"}, {"id": "bomb.assault_bomb"}],
            liabilities=[{"id": "bomb.no_detonation"}, {"id": "bomb.no_range"}],
            fighter={"ki": 3},
        )
    )


def test_offensive_illusion_rank() -> None:
    """T34: Offensive Illusion at n = 3 costs 4; n = 5 is out of range (000 L3504)."""
    ok = price(
        level=5,
        elements=[
            {"id": "interrupt"},
            {"id": "illusionary_doubles"},
            {"id": "illusionary_doubles.offensive_illusion", "options": {"n": 3}},
        ],
    )
    assert next(e.cost for e in ok.entries if e.id == "illusionary_doubles.offensive_illusion") == 4
    bad = price(
        level=5,
        elements=[
            {"id": "interrupt"},
            {"id": "illusionary_doubles"},
            {"id": "illusionary_doubles.offensive_illusion", "options": {"n": 5}},
        ],
    )
    assert "DESIGN_CHOICE_INVALID" in codes(bad)


# ---- Character- and campaign-level pricing (000 L5023–L5206)


def test_multiple_styles_special() -> None:
    """T35: Hiro, two styles, an L3 costs 4 MP (000 L5027)."""
    assert price(level=3, elements=[{"id": "increased_damage", "times": 4}], fighter={"styles": 2}).move_points == 4


def test_multiple_styles_super() -> None:
    """T36: Suzuka, three styles, a Super L5 costs 7 MP (000 L5029)."""
    r = price(
        type="super",
        level=5,
        elements=[{"id": "increased_damage", "times": 8}, {"id": "anti_air"}, {"id": "hits_low"}],
        fighter={"styles": 3, "power_level": 3},
    )
    assert r.move_points == 7


def test_multiple_styles_glory() -> None:
    """T37: L3 with Increased Glory earns 5 Glory, split over 3 styles: 2 (000 L5062)."""
    assert price(level=3, elements=[{"id": "increased_glory"}]).glory == 5
    assert price(level=3, elements=[{"id": "increased_glory"}], fighter={"styles": 3}).glory == 2


def test_attack_string_campaign_surcharge() -> None:
    """T39: in an Attack String campaign an L3 costs 4 MP (000 L5206)."""
    full = [{"id": "increased_damage", "times": 4}]
    assert price(level=3, elements=full, campaign={"attack_strings": True}).move_points == 4


def test_borrow_identities_slot() -> None:
    """T40: with Borrow Identities an L4 has 4 slots, not 5 (000 L5144)."""
    assert price(level=4, fighter={"borrow_identities": True}).element_slots == 4


def test_free_throw() -> None:
    """Free Basic Throws at PL 1 are L2 Special Moves with Throw, at no MP (000 L2070)."""
    build = {"level": 2, "elements": [{"id": "throw"}], "free_throw": True, "campaign": {"free_basic_throws": 1}}
    assert price(**build).move_points == 0
    assert "FREE_THROW_INVALID" in codes(price(**{**build, "level": 3}))
    assert "FREE_THROW_INVALID" in codes(price(**{**build, "elements": []}))


def test_throw_keywords_and_accuracy() -> None:
    """Throw: +1 Accuracy, Throw Range, no Stun, Knocks Down; costs 2, or 0 where throws can be blocked."""
    r = price(level=2, elements=[{"id": "throw"}])
    assert r.accuracy == 1 and "throw_range" in r.keywords and "stun" not in r.keywords
    assert next(e.cost for e in r.entries if e.id == "throw") == 2
    blockable = price(level=2, elements=[{"id": "throw"}], campaign={"throws_blockable": True})
    assert blockable.accuracy == 0 and next(e.cost for e in blockable.entries if e.id == "throw") == 0


def test_level_one_is_a_basic_move() -> None:
    assert "LEVEL_BELOW_MINIMUM" in codes(price(level=1))


def test_denied_and_unknown_entries_are_named() -> None:
    r = price(level=3, elements=[{"id": "no_such_thing"}, {"id": "hits_low"}], campaign={"denied": ["hits_low"]})
    found = {(f.code, f.path) for f in r.violations}
    assert ("UNKNOWN_ENTRY", "elements[0].id") in found
    assert ("ENTRY_DENIED_BY_CAMPAIGN", "elements[1]") in found


def test_super_energy_costs() -> None:
    """10 per Super (000 L5281); 5 with Decreased Super Energy Cost (L4916–L4920); 30 with Increased Super
    Energy Cost at −2 (L4966–L4968); a Special Move with the Super Energy Liability spends 10 (L4864–L4868)."""
    offence = [{"id": "increased_damage", "times": 5}]
    assert price(type="super", level=5, elements=offence).super_energy_cost == 10
    assert (
        price(type="super", level=5, elements=[*offence, {"id": "decreased_super_energy_cost"}]).super_energy_cost == 5
    )
    raised = price(
        type="super",
        level=5,
        elements=offence,
        liabilities=[{"id": "increased_super_energy_cost", "options": {"super_energy": "30"}}],
    )
    assert raised.super_energy_cost == 30 and raised.liability_slots == 2
    assert price(level=3, liabilities=[{"id": "super_energy_liability"}]).super_energy_cost == 10
    assert price(level=3).super_energy_cost is None


def test_buff_rules() -> None:
    """A Buff grants something (000 L2953–L2973); no Basic Quality above 3 (L2967); no Defense trade beyond the
    Defense Skill (L2971); Repeatable only on a Buff that leaves other moves alone (L3051)."""
    assert "DESIGN_CHOICE_MISSING" in codes(price(level=4, elements=[{"id": "buff"}]))
    raise_str = {"id": "buff", "options": {"quality_raises": 1, "raised_qualities": "strength"}}
    assert "BUFF_QUALITY_OUT_OF_RANGE" in codes(price(level=4, elements=[raise_str], fighter={"strength": 3}))
    assert "BUFF_QUALITY_OUT_OF_RANGE" not in codes(price(level=4, elements=[raise_str], fighter={"strength": 2}))
    trade = {"id": "buff", "options": {"defense_trade": 3}}
    assert "BUFF_DEFENSE_BELOW_ZERO" in codes(price(level=4, elements=[trade], fighter={"defense_skill": 2}))
    swaps = {"id": "buff", "options": {"element_swaps": "hits_low for crouching", "target_moves": "Kick"}}
    assert "REPEATABLE_BUFF_MODIFIES_MOVES" in codes(price(level=5, elements=[swaps, {"id": "buff.repeatable"}]))
    adds = {"id": "buff", "options": {"element_swaps": "power_enhancer", "target_moves": "Kick"}}
    assert "BUFF_FORBIDDEN_ADDITION" in codes(price(level=5, elements=[adds]))


def test_hazard_choices() -> None:
    """A plain hazard names its kind (000 L3133); Reflection needs a Wall (L3193)."""
    ceh = {"id": "create_environmental_hazard"}
    assert "DESIGN_CHOICE_MISSING" in codes(price(level=5, elements=[ceh], fighter={"ki": 5}))
    low = {"id": "create_environmental_hazard", "options": {"hazard_type": "lower_elevation"}}
    assert "DESIGN_CHOICE_INVALID" in codes(
        price(level=5, elements=[low, {"id": "create_environmental_hazard.reflection"}], fighter={"ki": 5})
    )


def test_power_up_on_a_utility_move() -> None:
    """Power Up needs something harmful on a Utility move (000 L3864)."""
    r = price(
        level=6,
        elements=[
            {"id": "power_up", "options": {"version": "control"}},
            {"id": "buff", "options": {"quality_raises": 1, "raised_qualities": "speed"}},
        ],
    )
    assert "POWER_UP_ON_UTILITY" in codes(r)


def test_power_enhancer_power_up_and_random_effect() -> None:
    """Power Enhancer pays per target beyond the first (000 L3830); Extra Elements ride only the Control Power Up,
    within Level extra Control (L3858–L3886); Random Effect keeps every combination within its allocation (L3944)."""
    two = {
        "id": "power_enhancer",
        "options": {"target_moves": "Kick, Palm", "additional_targets": 0, "additional_uses": 0},
    }
    assert "POWER_ENHANCER_INVALID" in codes(price(level=4, elements=[two]))
    ok = {
        "id": "power_enhancer",
        "options": {"target_moves": "Kick, Palm", "additional_targets": 1, "additional_uses": 0},
    }
    assert "POWER_ENHANCER_INVALID" not in codes(price(level=4, elements=[ok]))
    life = [
        {"id": "power_up", "options": {"version": "life_bar"}},
        {"id": "power_up.extra_elements", "options": {"schedule": "hits_low"}},
    ]
    assert "POWER_UP_SCHEDULE_INVALID" in codes(price(level=4, elements=life))
    much = [
        {"id": "power_up", "options": {"version": "control"}},
        {"id": "power_up.extra_elements", "options": {"schedule": ["knocks_down", "hits_low", "anti_air"]}},
    ]
    assert "POWER_UP_SCHEDULE_INVALID" in codes(price(level=3, elements=much))  # 4 Control > Level 3
    assert "POWER_UP_SCHEDULE_INVALID" not in codes(price(level=4, elements=much))


def test_enhanced_power_up_raises_the_schedule_s_cap_by_its_value() -> None:
    """Enhanced Power Up lets the extra Control for Elements reach 2× the Level, or 3× for one more Element
    (000 L3880–L3886)."""
    schedule = ["knocks_down", "hits_low", "anti_air", "increased_stun"]  # 2 + 1 + 1 + 1 = 5 Control
    base = [
        {"id": "power_up", "options": {"version": "control"}},
        {"id": "power_up.extra_elements", "options": {"schedule": schedule}},
    ]

    def priced(level: int, cap: str) -> list[str]:
        enhanced = {"id": "power_up.enhanced_power_up", "options": {"control_cap": cap}}
        return codes(price(level=level, elements=[*base, enhanced]))

    assert "POWER_UP_SCHEDULE_INVALID" in codes(price(level=2, elements=base))  # 5 > L2
    assert "POWER_UP_SCHEDULE_INVALID" in priced(2, "double_level")  # 5 > 2 × 2
    assert "POWER_UP_SCHEDULE_INVALID" not in priced(2, "triple_level")  # 5 ≤ 3 × 2
    assert "POWER_UP_SCHEDULE_INVALID" not in priced(3, "double_level")  # 5 ≤ 2 × 3
    rich = {"id": "random_effect", "options": {"allocation": 1, "combinations": "knocks_down; hits_low"}}
    assert "RANDOM_EFFECT_INVALID" in codes(price(level=4, elements=[rich]))  # Knocks Down costs 2
