"""Properties of Fighter validation over generated sheets (hypothesis): it never raises on a model-valid
request, it is deterministic, and the findings do not depend on the order of the lists. Malformed input is
either a clean violation or rejected by the request model's bounds."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from service.rules.fight2e.catalogue.character_catalog import character_catalog
from service.rules.fight2e.fighters import validate_fighter
from service.rules.fight2e.fighters.fighter_models import FighterRequest, FighterValidation
from tests.unit.fight2e.fighters.support import errors, validate, wayne_pl1

CAT = character_catalog()
QUALITIES = [*sorted(CAT.qualities), "Style Change", "flying"]
WEAKNESSES = [*sorted(CAT.weaknesses), "clumsy"]
QUIRKS = [*sorted(CAT.quirks), "sleepy"]
SKILLS = [*sorted(CAT.skills), "fame", "ninjutsu"]
RESPONSES = [*sorted(CAT.defensive_responses), "bogus"]
ENTRIES = [
    "increased_damage",
    "knocks_down",
    "anti_air",
    "juggle",
    "mobile",
    "hits_low",
    "ranged",
    "throw",
    "multi_hit",
    "unblockable",
    "increased_stun",
    "aerial",
    "hard_to_evade",
    "ki_access",
    "end_style",
    "mobile.full_screen",
    "easy_to_combo",
    "bogus",
]
LIABILITIES = ["decreased_accuracy", "no_movement", "limited_movement", "cheap", "slow_startup", "bogus"]
STYLE_NAMES = ["Tiger", "Crane", "Snake"]
SETTINGS = settings()  # the profile's budget (tests/conftest.py)

small = st.integers(-2, 12)
maybe_pl = st.none() | st.integers(1, 10)
text = st.none() | st.sampled_from(
    ["", "Flight", "Cute", "firearms", "non_gun_ranged", "stealth: rooftops", "damage_reduction", "aerial_block"]
)

params = st.fixed_dictionaries(
    {},
    optional={
        "skills": st.lists(st.sampled_from(SKILLS), max_size=3),
        "skill": st.sampled_from(SKILLS),
        "subject": text,
        "descriptor": text,
        "benefit": st.sampled_from(["control_penalty", "damage_reduction", "x"]),
        "category": st.sampled_from(["firearms", "non_gun_ranged", "bows"]),
    },
)
quality = st.fixed_dictionaries(
    {"id": st.sampled_from(QUALITIES)},
    optional={
        "acquired_at_pl": maybe_pl,
        "slot_cost": st.integers(1, 3),
        "params": params,
        "director_approved": st.booleans(),
    },
)
weakness = st.fixed_dictionaries(
    {"id": st.sampled_from(WEAKNESSES)},
    optional={
        "acquired_at_pl": maybe_pl,
        "lost_at_pl": maybe_pl,
        "grants_quality": st.booleans(),
        "params": params,
        "director_approved": st.booleans(),
    },
)
quirk = st.fixed_dictionaries({"id": st.sampled_from(QUIRKS)}, optional={"custom": st.booleans(), "subject": text})
entry = st.fixed_dictionaries({"id": st.sampled_from(ENTRIES)}, optional={"times": st.integers(1, 4)})
liability = st.fixed_dictionaries({"id": st.sampled_from(LIABILITIES)}, optional={"times": st.integers(1, 2)})
a_move = st.fixed_dictionaries(
    {"level": st.integers(0, 8)},
    optional={
        "name": text,
        "kind": st.sampled_from(["special", "super", "command"]),
        "command": st.sampled_from(["style_change", "identity_change", "detonate", "sweep", "bogus"]),
        "elements": st.lists(entry, max_size=4),
        "liabilities": st.lists(liability, max_size=2),
        "free_source": st.none() | st.sampled_from(["basic_throw", "realize_potential", "granted_command"]),
        "tier": st.integers(1, 3),
        "tier_group": st.none() | st.just("t"),
        "acquired_at_pl": maybe_pl,
        "cost_paid": st.none() | st.integers(0, 8),
        "style": st.none() | st.sampled_from(STYLE_NAMES),
        "cross_style": st.booleans(),
        "purchase": st.none() | st.sampled_from(["p1", "p2"]),
        "realize_potential_target": text,
        "realize_potential_check": st.none() | st.integers(0, 20),
        "director_approved": st.booleans(),
    },
)
style = st.fixed_dictionaries(
    {"name": st.sampled_from(STYLE_NAMES)},
    optional={
        "is_base": st.booleans(),
        "harder_command_move": st.integers(0, 2),
        "forced_style_change": st.booleans(),
        "limited_movement": st.booleans(),
        "no_defense": st.booleans(),
        "no_movement": st.booleans(),
        "modified_defense": st.integers(0, 3),
        "modified_defense_skill": st.sampled_from(["evasion", "tactics"]),
    },
)
combat = st.fixed_dictionaries(
    {}, optional={k: small for k in ("defense", "evasion", "tactics", "combo", "ki", "attack_string")}
)
bonus = st.fixed_dictionaries({}, optional={"regular": st.integers(-1, 5), "purchased": st.integers(-1, 4)})
bonuses = st.fixed_dictionaries({}, optional={c: bonus for c in ("accuracy", "control", "damage", "defense")})
narrative = st.lists(
    st.fixed_dictionaries({"id": st.sampled_from(SKILLS), "level": small}, optional={"subject": text}), max_size=8
)
snapshot = st.fixed_dictionaries(
    {"pl": st.integers(1, 10)},
    optional={
        "combat_skills": combat,
        "narrative_skills": narrative,
        "combat_bonuses": bonuses,
        "basic_qualities": st.fixed_dictionaries({k: st.integers(-1, 2) for k in ("strength", "speed", "stamina")}),
        "life_bar": st.integers(0, 120),
        "fighting_spirit": st.integers(0, 120),
    },
)
ledger = st.fixed_dictionaries(
    {"pl": st.integers(1, 10)},
    optional={
        k: st.integers(0, 12)
        for k in (
            "received",
            "spent_on_moves",
            "to_narrative",
            "to_fighting_spirit",
            "to_combo",
            "to_attack_string",
            "banked_in",
            "banked_out",
        )
    },
)

fighter = st.fixed_dictionaries(
    {
        "power_level": st.integers(0, 20),
        "basic_qualities": st.fixed_dictionaries({k: st.integers(-3, 3) for k in ("strength", "speed", "stamina")}),
    },
    optional={
        "glory": st.none() | st.integers(-1000, 10_000),
        "role": st.sampled_from(["pc", "npc", "boss", "sub_boss", "secret_boss"]),
        "skill_point_scheme": st.sampled_from(["standard", "hero", "support"]),
        "speed_allocation": st.fixed_dictionaries({"initiative": st.integers(-3, 3), "control": st.integers(-3, 3)}),
        "beast_form_boosts": st.lists(st.sampled_from(["strength", "speed", "stamina"]), max_size=3),
        "qualities": st.lists(quality, max_size=8),
        "quality_exchanges": st.lists(
            st.fixed_dictionaries(
                {"converted_to": st.sampled_from(["narrative", "fighting_spirit", "combat"])},
                optional={"acquired_at_pl": maybe_pl},
            ),
            max_size=4,
        ),
        "weaknesses": st.lists(weakness, max_size=5),
        "quirks": st.lists(quirk, max_size=7),
        "even_level_choices": st.lists(
            st.fixed_dictionaries(
                {"pl": st.integers(1, 10), "choice": st.sampled_from(["gain_quality", "lose_weakness", "none"])}
            ),
            max_size=4,
        ),
        "combat_skills": combat,
        "combo_from_move_points": st.integers(0, 4),
        "attack_string_from_move_points": st.integers(0, 2),
        "narrative_skills": narrative,
        "combat_bonuses": bonuses,
        "combat_bonus_purchases": st.lists(
            st.fixed_dictionaries(
                {"pl": st.integers(1, 10), "category": st.sampled_from(["accuracy", "control", "damage", "defense"])}
            ),
            max_size=3,
        ),
        "defensive_response_bonuses": st.lists(
            st.fixed_dictionaries({"response": st.sampled_from(RESPONSES), "bonus": st.integers(-1, 4)}), max_size=3
        ),
        "csp_converted_to_narrative": st.integers(0, 4),
        "move_points_to_narrative": st.integers(0, 10),
        "move_points_to_fighting_spirit": st.integers(0, 10),
        "move_points_banked": st.integers(0, 10),
        "move_point_ledger": st.lists(ledger, max_size=4),
        "fighting_spirit": st.none() | st.integers(0, 150),
        "life_bar": st.none() | st.integers(0, 150),
        "fs_from_half_liabilities": st.integers(0, 3),
        "fs_from_style_flaw": st.integers(0, 2),
        "secret_boss_extra": st.integers(0, 10),
        "styles": st.lists(style, max_size=3),
        "moves": st.lists(a_move, max_size=6),
        "move_list_closed_at_pl": st.none() | st.integers(0, 10),
        "story_points": st.integers(-3, 5),
        "skill_history": st.lists(snapshot, max_size=3),
    },
)
campaign = st.fixed_dictionaries(
    {},
    optional={
        "super_moves_enabled": st.booleans(),
        "super_move_system": st.sampled_from(["single_tier", "three_tier"]),
        "boss_extended_power_levels": st.booleans(),
        "attack_strings_enabled": st.booleans(),
        "free_basic_throws": st.integers(0, 2),
        "multiple_styles_shared_moves": st.booleans(),
        "style_options_enabled": st.booleans(),
        "transformations_enabled": st.booleans(),
        "metagame_traits_allowed": st.booleans(),
        "custom_quirks_allowed": st.booleans(),
        "allow_unspent_skill_points": st.booleans(),
        "pl1_leftover_mp_any_use": st.none() | st.booleans(),
        "serious_tone": st.booleans(),
        "advancement_mode": st.sampled_from(["glory", "milestone"]),
        "story_points_enabled": st.booleans(),
        "max_weaknesses": st.none() | st.integers(0, 3),
    },
)


def _request(f: dict[str, Any], c: dict[str, Any]) -> FighterRequest:
    return FighterRequest.model_validate({"fighter": f, "campaign": c})


def _codes(r: FighterValidation) -> tuple[Counter[str], Counter[str], Counter[str]]:
    return (Counter(x.code for x in r.violations), Counter(x.code for x in r.warnings), Counter(x.code for x in r.info))


@SETTINGS
@given(fighter, campaign)
def test_never_raises_and_is_deterministic(f: dict[str, Any], c: dict[str, Any]) -> None:
    request = _request(f, c)
    first = validate_fighter(request)
    assert first.valid == (not first.violations)
    assert len(first.moves) == len(request.fighter.moves)
    assert validate_fighter(request) == first
    assert FighterValidation.model_validate_json(first.model_dump_json()) == first


SHUFFLED = (
    "qualities",
    "weaknesses",
    "quirks",
    "quality_exchanges",
    "even_level_choices",
    "narrative_skills",
    "combat_bonus_purchases",
    "defensive_response_bonuses",
    "move_point_ledger",
    "styles",
    "moves",
    "skill_history",
)


@SETTINGS
@given(fighter, campaign, st.randoms(use_true_random=False))
def test_order_of_lists_does_not_matter(f: dict[str, Any], c: dict[str, Any], rnd: random.Random) -> None:
    base = validate_fighter(_request(f, c))
    shuffled = dict(f)
    for key in SHUFFLED:
        if key in shuffled:
            items = list(shuffled[key])
            rnd.shuffle(items)
            shuffled[key] = items
    other = validate_fighter(_request(shuffled, c))
    assert _codes(other) == _codes(base)
    assert other.derived == base.derived


# ── Malformed input ─────────────────────────────────────────────────────────────────────────────────


def test_ten_thousand_qualities_are_rejected_by_the_model() -> None:
    f = wayne_pl1()
    f["qualities"] = [{"id": "charming"}] * 10_000
    with pytest.raises(ValidationError):
        FighterRequest.model_validate({"fighter": f})


@pytest.mark.parametrize(("field", "value"), [("power_level", 1000), ("glory", 10**12), ("story_points", 10**6)])
def test_absurd_numbers_are_rejected_by_the_model(field: str, value: int) -> None:
    with pytest.raises(ValidationError):
        FighterRequest.model_validate({"fighter": wayne_pl1() | {field: value}})


def test_long_strings_are_rejected_by_the_model() -> None:
    f = wayne_pl1()
    f["qualities"][0] = {"id": "x" * 10_000}
    with pytest.raises(ValidationError):
        FighterRequest.model_validate({"fighter": f})


def test_out_of_book_values_inside_the_bounds_are_clean_violations() -> None:
    f = wayne_pl1() | {"power_level": 15}
    f["qualities"][0] = {"id": "flying"}
    f["narrative_skills"][0] = {"id": "ninjutsu", "level": -2}
    f["moves"][0]["elements"][0] = {"id": "bogus"}
    f["combat_skills"] = {"defense": -1}
    got = errors(validate(f))
    assert {"PL_OUT_OF_RANGE", "QUALITY_UNKNOWN", "SKILL_UNKNOWN", "SKILL_LEVEL_INVALID", "MOVE_ELEMENT_UNKNOWN"} <= got
