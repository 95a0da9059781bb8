"""Six complete hand-built Fighters (PL 1, 2, 3, 5, 8 and a Multiple Styles Fighter) are valid, and single
mutations of them each break exactly one named rule (digest §4), reported under that code.

The builds and their hand-worked sums live in ``test_fighters_support``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from service.rules.fight2e.fighters.fighter_models import FighterRequest
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move
from tests.unit.fight2e.fighters.support import (
    BUILDS,
    Json,
    bob_pl3,
    christine_pl2,
    el,
    errors,
    hiro_styles_pl1,
    koichiro_pl5,
    move,
    tsuto_pl8,
    validate,
    warnings,
    wayne_pl1,
)


@pytest.mark.parametrize("name", sorted(BUILDS))
def test_build_is_valid(name: str) -> None:
    r = validate(BUILDS[name]())
    assert r.valid, [(v.code, v.path, v.message) for v in r.violations]
    assert not r.warnings, [(w.code, w.message) for w in r.warnings]
    b = r.derived.budgets
    assert b.combat_skill_points.available == b.combat_skill_points.spent
    assert b.narrative_skill_points.available == b.narrative_skill_points.spent
    assert b.move_points.available == b.move_points.spent


def test_derived_values_of_the_builds() -> None:
    """Chart rows 000 L707–L714, dice 000 L512–L530, Stun Threshold PL + 4 (+1 Big) 000 L5974, L1078."""
    d = validate(wayne_pl1()).derived
    assert (d.life_bar, d.fighting_spirit, d.full_defense_bonus, d.stun_threshold, d.det_cap, d.skill_cap) == (
        30,
        10,
        1,
        5,
        3,
        3,
    )
    assert (d.basic_move_damage_die, d.special_move_damage_die, d.super_move_damage_die) == ("1d6", "1d8", "1d10")
    assert (d.fame_skill, d.quality_slots, d.super_moves_max) == (3, 4, 0)
    d = validate(christine_pl2()).derived
    assert (d.initiative_die, d.control_die, d.special_move_damage_die) == ("1d10", "1d6", "1d4")
    assert (d.quality_slots, d.weakness_equivalents, d.combat_bonus_effective.accuracy) == (6, 1, 1)
    d = validate(bob_pl3()).derived
    assert (d.stun_threshold, d.initiative_die, d.fighting_spirit, d.super_moves_min, d.super_moves_max) == (
        8,
        "1d4",
        32,
        1,
        1,
    )
    d = validate(koichiro_pl5()).derived
    assert (d.det_cap, d.skill_cap, d.fighting_spirit, d.life_bar, d.super_moves_owned) == (4, 10, 60, 70, 2)
    assert d.budgets.narrative_skill_points.available == 61
    d = validate(tsuto_pl8()).derived
    assert (d.combat_bonus_total, d.combat_bonus_max_single, d.det_cap, d.full_defense_bonus) == (7, 3, 5, 5)
    assert d.combat_bonus_effective.damage == 5 and d.fame_skill == 6 and d.wealth_skill == 3
    assert d.max_control == 12 + 8 + 2
    assert d.budgets.move_points.available == 80
    d = validate(hiro_styles_pl1()).derived
    assert d.budgets.move_points.spent == 10 and d.budgets.narrative_skill_points.available == 17


def test_each_move_is_priced_as_the_moves_endpoint_prices_it() -> None:
    """moves[i] carries exactly what price_move answers for that move and the sheet's fighter context."""
    f = koichiro_pl5()
    r = validate(f)
    assert len(r.moves) == len(f["moves"])
    for i, m in enumerate(f["moves"]):
        request = MoveRequest.model_validate(
            {
                "name": m["name"],
                "type": m.get("kind", "special"),
                "level": m["level"],
                "elements": m["elements"],
                "liabilities": m.get("liabilities", []),
                "fighter": {"power_level": 5, "strength": 1, "ki": 3, "styles": 1, "base_style": True},
            }
        )
        expected = price_move(request)
        got = r.moves[i]
        assert got.model_dump(exclude={"index", "kind", "command", "charged_move_points"}) == expected.model_dump()
        assert got.charged_move_points == expected.move_points


def test_multiple_styles_purchase_is_charged_once() -> None:
    """Hiro: an L3 move costs 4 MP and gives one L3 move to each of his two styles (000 L5027)."""
    r = validate(hiro_styles_pl1())
    assert [m.move_points for m in r.moves[:4]] == [4, 4, 4, 4]
    assert [m.charged_move_points for m in r.moves] == [4, 0, 4, 0, 0]
    assert r.moves[4].kind == "command" and r.moves[4].level == 2


# ── Single mutations ────────────────────────────────────────────────────────────────────────────────

Mutation = Callable[[Json], Any]


def _set(path: str, value: Any) -> Mutation:
    def apply(f: Json) -> None:
        target: Any = f
        keys = path.split(".")
        for k in keys[:-1]:
            target = target[int(k)] if k.isdigit() else target.setdefault(k, {})
        last = keys[-1]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return apply


def _do(*steps: Mutation) -> Mutation:
    def apply(f: Json) -> None:
        for step in steps:
            step(f)

    return apply


def _append(key: str, value: Any) -> Mutation:
    return lambda f: f.setdefault(key, []).append(value)


def _skill(name: str, level: int) -> Mutation:
    def apply(f: Json) -> None:
        for sk in f["narrative_skills"]:
            if sk["id"] == name:
                sk["level"] = level
                return
        f["narrative_skills"].append({"id": name, "level": level})

    return apply


ERROR_MUTATIONS: list[tuple[str, str, Mutation, str, dict]] = [
    # ── PL 1 (Wayne) ──
    (
        "pl1",
        "array",
        _set("basic_qualities", {"strength": 2, "speed": 0, "stamina": 1}),
        "BASIC_QUALITY_ARRAY_INVALID",
        {},
    ),
    (
        "pl1",
        "speed unassigned",
        _set("basic_qualities", {"strength": 1, "speed": 1, "stamina": 0}),
        "SPEED_ALLOCATION_MISSING",
        {},
    ),
    (
        "pl1",
        "speed split",
        _do(
            _set("basic_qualities", {"strength": 1, "speed": 1, "stamina": 0}),
            _set("speed_allocation", {"initiative": 1, "control": 1}),
        ),
        "SPEED_ALLOCATION_INVALID",
        {},
    ),
    ("pl1", "fifth quality", _append("qualities", {"id": "weapon_expert"}), "QUALITY_SLOTS_EXCEEDED", {}),
    (
        "pl1",
        "all exchanged",
        _do(
            _set("qualities", []),
            _set("quality_exchanges", [{"converted_to": "fighting_spirit"}] * 4),
            _set("fighting_spirit", 18),
        ),
        "QUALITY_MINIMUM",
        {},
    ),
    (
        "pl1",
        "tall and short",
        _do(_set("qualities.2", {"id": "tall"}), _set("qualities.3", {"id": "short"})),
        "TRAIT_CONFLICT",
        {},
    ),
    ("pl1", "big alone", _set("qualities.2", {"id": "big"}), "TRAIT_PREREQUISITE_MISSING", {}),
    ("pl1", "charming twice", _set("qualities.2", {"id": "charming"}), "QUALITY_NOT_REPEATABLE", {}),
    ("pl1", "unknown quality", _set("qualities.2", {"id": "flying"}), "QUALITY_UNKNOWN", {}),
    ("pl1", "unknown quirk", _set("quirks.0", {"id": "sleepy"}), "QUIRK_UNKNOWN", {}),
    ("pl1", "unknown skill", _set("narrative_skills.4", {"id": "ninjutsu", "level": 3}), "SKILL_UNKNOWN", {}),
    ("pl1", "skill cap", _do(_skill("stealth", 4), _skill("perception", 2)), "SKILL_CAP_EXCEEDED", {}),
    ("pl1", "det four", _set("combat_skills", {"defense": 4, "evasion": 1}), "DET_PL1_FOUR_RULE", {}),
    (
        "pl1",
        "ranged without ki",
        _set("moves.1", move("Fireball", 3, [el("ranged"), el("increased_damage", 2)])),
        "KI_REQUIRED_BY_MOVE",
        {},
    ),
    ("pl1", "same move twice", lambda f: f["moves"].__setitem__(1, copy.deepcopy(f["moves"][0])), "MOVE_DUPLICATE", {}),
    ("pl1", "cost written wrong", _set("moves.0.cost_paid", 4), "MOVE_COST_MISMATCH", {}),
    (
        "pl1",
        "a point left",
        _set("moves.2", move("Low Kick", 3, [el("hits_low"), el("increased_damage", 3)])),
        "PL1_MOVE_POINTS_UNSPENT",
        {},
    ),
    ("pl1", "life bar", _set("life_bar", 40), "LIFE_BAR_MISMATCH", {}),
    ("pl1", "fighting spirit", _set("fighting_spirit", 12), "FIGHTING_SPIRIT_MISMATCH", {}),
    ("pl1", "negative bonus", _set("combat_bonuses", {"accuracy": {"regular": -1}}), "COMBAT_BONUS_INVALID_VALUE", {}),
    ("pl1", "no glory", _set("glory", None), "GLORY_NOT_INTEGER", {}),
    ("pl1", "negative story points", _set("story_points", -1), "STORY_POINTS_INVALID", {}),
    (
        "pl1",
        "fame bought",
        _do(_set("narrative_skills.4", {"id": "fame", "level": 3}), _skill("acrobatics", 3)),
        "FAME_WEALTH_BOUGHT",
        {},
    ),
    (
        "pl1",
        "power without quality",
        _set("narrative_skills.4", {"id": "power", "level": 3, "subject": "Flight"}),
        "SPECIAL_SKILL_QUALITY_MISSING",
        {},
    ),
    (
        "pl1",
        "serious campaign",
        _set("qualities.2", {"id": "theme_music", "director_approved": True}),
        "METAGAME_TRAIT_DISALLOWED",
        {"metagame_traits_allowed": False},
    ),
    (
        "pl1",
        "combat point unspent",
        _set("combat_skills", {"defense": 3, "evasion": 1}),
        "COMBAT_SKILL_POINTS_UNSPENT",
        {},
    ),
    (
        "pl1",
        "combat point overspent",
        _set("combat_skills", {"defense": 3, "evasion": 2, "tactics": 1}),
        "COMBAT_SKILL_POINTS_OVERSPENT",
        {},
    ),
    ("pl1", "narrative overspent", _skill("acrobatics", 1), "NARRATIVE_SKILL_POINTS_OVERSPENT", {}),
    ("pl1", "narrative unspent", _skill("stealth", 2), "NARRATIVE_SKILL_POINTS_UNSPENT", {}),
    (
        "pl1",
        "element budget",
        _set("moves.1.elements", [el("mobile"), el("increased_damage", 4)]),
        "MOVE_ELEMENT_BUDGET_EXCEEDED",
        {},
    ),
    ("pl1", "beast form", _set("beast_form_boosts", ["strength", "speed"]), "BEAST_FORM_WITHOUT_CAMPAIGN", {}),
    (
        "pl1",
        "struck quirk",
        _set("quirks.0", {"id": "fan_service"}),
        "STRUCK_TRAIT_PRESENT",
        {"distracting_and_fan_service_allowed": False},
    ),
    (
        "pl1",
        "response bonus early",
        _do(
            _set("combat_skills", {"defense": 1, "evasion": 2}),
            _set("defensive_response_bonuses", [{"response": "jinking", "bonus": 1}]),
        ),
        "DR_BONUS_BEFORE_PL5",
        {},
    ),
    (
        "pl1",
        "conversion early",
        _do(
            _set("combat_skills", {"defense": 3, "evasion": 1}),
            _set("csp_converted_to_narrative", 1),
            _skill("acrobatics", 3),
        ),
        "CSP_CONVERSION_BEFORE_PL5",
        {},
    ),
    ("pl1", "power level 0", _set("power_level", 0), "PL_OUT_OF_RANGE", {}),
    (
        "pl1",
        "modifier without base",
        _set("moves.1.elements", [el("mobile.full_screen"), el("increased_damage", 3)]),
        "MOVE_MODIFIER_WITHOUT_BASE",
        {},
    ),
    # ── PL 2 (Christine, full history) ──
    (
        "pl2",
        "ki learned late",
        _set("skill_history.0.combat_skills", {"ki": 0, "evasion": 3, "defense": 2}),
        "KI_ACQUIRED_AFTER_PL1",
        {},
    ),
    (
        "pl2",
        "skill went down",
        _set("skill_history.0.narrative_skills.2", {"id": "perception", "level": 5}),
        "SKILL_DECREASED",
        {},
    ),
    ("pl2", "quality at odd level", _set("qualities.5.acquired_at_pl", 3), "QUALITY_GAINED_AT_ODD_LEVEL", {}),
    (
        "pl2",
        "creation-only later",
        _set("qualities.5", {"id": "runner", "acquired_at_pl": 2, "director_approved": True}),
        "CREATION_ONLY_TRAIT_LATE",
        {},
    ),
    ("pl2", "weakness later", _set("weaknesses.0.acquired_at_pl", 2), "WEAKNESS_AFTER_CREATION", {}),
    (
        "pl2",
        "choice without loss",
        _set("even_level_choices.0.choice", "lose_weakness"),
        "EVEN_LEVEL_CHOICE_INVALID",
        {},
    ),
    (
        "pl2",
        "ledger out of step",
        _set("move_point_ledger.1", {"pl": 2, "received": 10, "spent_on_moves": 7, "banked_out": 3}),
        "MOVE_POINTS_BANK_INCONSISTENT",
        {},
    ),
    ("pl2", "no PL 1 snapshot", _set("skill_history.0.pl", 2), "PL_SKIPPED", {}),
    (
        "pl2",
        "basic qualities changed",
        _set("skill_history.0.basic_qualities", {"strength": 0, "speed": 2, "stamina": -1}),
        "BASIC_QUALITY_CHANGED",
        {},
    ),
    ("pl2", "chart not updated", _set("skill_history.0.life_bar", 40), "CHART_VALUES_NOT_UPDATED", {}),
    (
        "pl2",
        "points crossed",
        _do(
            _set("skill_history.0.combat_skills", {"ki": 1, "evasion": 3}),
            _set("skill_history.0.narrative_skills.0", {"id": "acrobatics", "level": 4}),
        ),
        "SKILL_POINT_CATEGORY_SWAP",
        {},
    ),
    ("pl2", "bonus missing", _set("combat_bonuses", {}), "COMBAT_BONUS_TOTAL_MISMATCH", {}),
    ("pl2", "list closed at PL 2", _set("move_list_closed_at_pl", 2), "MOVE_LIST_CLOSED_TOO_EARLY", {}),
    (
        "pl2",
        "det four not at PL 1",
        _set("combat_skills", {"ki": 1, "evasion": 4, "defense": 1, "combo": 3}),
        "DET_FOUR_NOT_GRANDFATHERED",
        {},
    ),
    # ── PL 3 (Bob) ──
    (
        "pl3",
        "no super",
        _set("moves.0", move("Big Punch", 5, [el("increased_damage", 6)])),
        "SUPER_MOVE_REQUIRED_AT_PL3",
        {},
    ),
    (
        "pl3",
        "two supers",
        _do(
            _set(
                "moves.1",
                move(
                    "Titan Crush",
                    7,
                    [
                        el("increased_damage", 8),
                        el("hits_low"),
                        el("hard_to_evade", 2),
                        el("anti_air"),
                        el("aerial"),
                        el("mobile"),
                    ],
                    kind="super",
                ),
            ),
            lambda f: f["moves"].pop(6),
        ),
        "SUPER_MOVE_COUNT_EXCEEDED",
        {},
    ),
    (
        "pl3",
        "weak super",
        _set(
            "moves.0.elements",
            [
                el("increased_damage", 4),
                el("hits_low"),
                el("hard_to_evade", 2),
                el("anti_air"),
                el("aerial"),
                el("mobile"),
            ],
        ),
        "SUPER_MOVE_DAMAGE_ELEMENTS",
        {},
    ),
    ("pl3", "big without tall", _set("qualities.0", {"id": "driven"}), "TRAIT_PREREQUISITE_MISSING", {}),
    (
        "pl3",
        "det cap",
        _set("combat_skills", {"defense": 5, "tactics": 1, "evasion": 1, "combo": 4}),
        "DET_CAP_EXCEEDED",
        {},
    ),
    (
        "pl3",
        "influence twice",
        _set("qualities.5", {"id": "influence", "director_approved": True, "params": {"skill": "Street Society"}}),
        "INFLUENCE_DUPLICATE_SKILL",
        {},
    ),
    (
        "pl3",
        "friend skill",
        _set("qualities.5.params.skills", ["street_society", "stealth"]),
        "QUALITY_PARAM_SKILL_NOT_ALLOWED",
        {},
    ),
    ("pl3", "friend one skill", _set("qualities.5.params.skills", ["street_society"]), "QUALITY_PARAMS_MISSING", {}),
    (
        "pl3",
        "super-only element",
        _set("moves.6.elements", [el("ki_access"), el("increased_damage", 2)]),
        "MOVE_ELEMENT_UNKNOWN",
        {},
    ),
    ("pl3", "exchange forgotten", _set("fighting_spirit", 30), "FIGHTING_SPIRIT_MISMATCH", {}),
    (
        "pl3",
        "extra exchange",
        _do(_append("quality_exchanges", {"converted_to": "fighting_spirit"}), _set("fighting_spirit", 34)),
        "QUALITY_SLOTS_EXCEEDED",
        {},
    ),
    ("pl3", "weakness twice", _set("weaknesses.1", {"id": "dull_personality"}), "WEAKNESS_NOT_REPEATABLE", {}),
    ("pl3", "bonus total", _set("combat_bonuses", {"damage": {"regular": 1}}), "COMBAT_BONUS_TOTAL_MISMATCH", {}),
    # ── PL 5 (Koichiro) ──
    ("pl5", "counter bonus", _set("defensive_response_bonuses.0.response", "counter"), "DR_BONUS_INELIGIBLE", {}),
    (
        "pl5",
        "bought before maxed",
        _do(
            _set(
                "combat_bonuses",
                {"damage": {"regular": 1, "purchased": 1}, "control": {"regular": 2}, "accuracy": {"regular": 1}},
            ),
            _set("defensive_response_bonuses", []),
            _set("csp_converted_to_narrative", 0),
            _skill("knowledge", 6),
        ),
        "BONUS_PURCHASE_NOT_MAXED",
        {},
    ),
    (
        "pl5",
        "bought accuracy",
        _do(
            _set("combat_bonuses", {"damage": {"regular": 2}, "control": {"regular": 2}, "accuracy": {"purchased": 1}}),
            _set("defensive_response_bonuses", []),
            _set("csp_converted_to_narrative", 0),
            _skill("knowledge", 6),
        ),
        "BONUS_PURCHASE_WRONG_CATEGORY",
        {},
    ),
    (
        "pl5",
        "options overfunded",
        _do(
            _set("defensive_response_bonuses.0.bonus", 2),
            _set("combat_skills", {"ki": 3, "defense": 4, "evasion": 4, "combo": 1}),
        ),
        "PL5_OPTIONS_OVERFUNDED",
        {},
    ),
    (
        "pl5",
        "ki access with ki",
        _set("moves.9.elements", [el("ranged"), el("increased_damage", 6), el("ki_access"), el("hard_to_evade")]),
        "KI_ACCESS_WITH_KI",
        {},
    ),
    (
        "pl5",
        "instances",
        _set("moves.6.elements", [el("ranged"), el("hard_to_evade", 3)]),
        "MOVE_ELEMENT_INSTANCES",
        {},
    ),
    ("pl5", "skill cap 10", _do(_skill("knowledge", 11), _skill("perception", 6)), "SKILL_CAP_EXCEEDED", {}),
    (
        "pl5",
        "det cap 4",
        _set("combat_skills", {"ki": 3, "defense": 5, "evasion": 3, "combo": 3}),
        "DET_CAP_EXCEEDED",
        {},
    ),
    # ── PL 8 (Tsuto) ──
    (
        "pl8",
        "single bonus max",
        _set(
            "combat_bonuses",
            {"damage": {"regular": 4, "purchased": 2}, "control": {"regular": 2}, "accuracy": {"regular": 1}},
        ),
        "COMBAT_BONUS_SINGLE_MAX",
        {},
    ),
    (
        "pl8",
        "det cap 5",
        _set("combat_skills", {"defense": 6, "evasion": 5, "tactics": 3, "combo": 6}),
        "DET_CAP_EXCEEDED",
        {},
    ),
    (
        "pl8",
        "duplicate form",
        _set("moves.1.elements", [el("anti_air"), el("knocks_down"), el("juggle")]),
        "MOVE_DUPLICATE",
        {},
    ),
    ("pl8", "genius alone", _set("qualities.6", {"id": "driven"}), "TRAIT_PREREQUISITE_MISSING", {}),
    (
        "pl8",
        "bought defense",
        _set(
            "combat_bonuses",
            {
                "damage": {"regular": 3, "purchased": 1},
                "defense": {"purchased": 1},
                "control": {"regular": 2},
                "accuracy": {"regular": 2},
            },
        ),
        "BONUS_PURCHASE_WRONG_CATEGORY",
        {},
    ),
    # ── Multiple Styles (Hiro) ──
    ("styles", "no base style", _set("styles.0.is_base", False), "BASE_STYLE_INVALID", {}),
    ("styles", "both in one style", _set("moves.3.style", "Tiger"), "STYLE_MOVE_ASSIGNMENT", {}),
    ("styles", "option without permission", _set("styles.1.limited_movement", True), "STYLE_OPTION_INVALID", {}),
    (
        "styles",
        "flaw FS",
        _do(
            _set("styles.1.forced_style_change", True),
            _set("styles.1.limited_movement", True),
            _set("fs_from_style_flaw", 1),
            _set("fighting_spirit", 11),
        ),
        "STYLE_FLAW_ACCOUNTING",
        {"style_options_enabled": True},
    ),
    (
        "styles",
        "basic move bought",
        _set("moves.4", {"kind": "command", "command": "sweep"}),
        "COMMAND_MOVE_INVALID",
        {},
    ),
    ("styles", "surcharge forgotten", _set("moves.0.cost_paid", 3), "MOVE_COST_MISMATCH", {}),
]


@pytest.mark.parametrize(
    ("build", "label", "mutate", "code", "campaign"),
    ERROR_MUTATIONS,
    ids=[f"{b}-{label}" for b, label, *_ in ERROR_MUTATIONS],
)
def test_single_mutation_breaks_one_rule(build: str, label: str, mutate: Mutation, code: str, campaign: dict) -> None:
    f = BUILDS[build]()
    mutate(f)
    r = validate(f, **campaign)
    assert errors(r) == {code}, [(v.code, v.path, v.message) for v in r.violations]
    assert not r.valid
    assert all(v.ref for v in r.violations)


WARNING_MUTATIONS: list[tuple[str, str, Mutation, str, dict]] = [
    ("pl1", "glory for PL 2", _set("glory", 30), "ADVANCEMENT_PENDING", {}),
    (
        "pl1",
        "six quirks",
        _set("quirks", [{"id": q} for q in ("age", "arrogant", "brutal", "greedy", "glutton", "demure")]),
        "QUIRKS_EXCESS",
        {},
    ),
    ("pl2", "no descriptor", lambda f: f["qualities"][1].pop("params"), "ATTRACTIVE_DESCRIPTOR_MISSING", {}),
    ("pl2", "even level empty", _set("even_level_choices.0.choice", "none"), "EVEN_LEVEL_EVENT_MISSING", {}),
    (
        "pl2",
        "approval missing",
        _do(_set("qualities.5.director_approved", False), _set("even_level_choices.0.director_approved", False)),
        "EVEN_LEVEL_DIRECTOR_APPROVAL",
        {},
    ),
    ("pl3", "glory ahead", _set("glory", 120), "ADVANCEMENT_PENDING", {}),
    ("pl3", "glory behind", _set("glory", 40), "PL_ABOVE_GLORY", {}),
    (
        "pl3",
        "det four without history",
        _set("combat_skills", {"defense": 4, "tactics": 2, "evasion": 1, "combo": 4}),
        "DET_FOUR_NOT_GRANDFATHERED",
        {},
    ),
    ("pl5", "power not defined", _set("narrative_skills.5.subject", "Telekinesis"), "POWER_SKILL_UNMATCHED", {}),
    ("pl5", "knowledge area", lambda f: f["narrative_skills"][7].pop("subject"), "SKILL_SUBJECT_MISSING", {}),
    ("pl8", "slot left", lambda f: f["qualities"].pop(), "QUALITY_SLOTS_UNUSED", {}),
    ("styles", "styles unapproved", _set("qualities.0.director_approved", False), "DIRECTOR_APPROVAL_REQUIRED", {}),
]


@pytest.mark.parametrize(
    ("build", "label", "mutate", "code", "campaign"),
    WARNING_MUTATIONS,
    ids=[f"{b}-{label}" for b, label, *_ in WARNING_MUTATIONS],
)
def test_single_mutation_warns(build: str, label: str, mutate: Mutation, code: str, campaign: dict) -> None:
    f = BUILDS[build]()
    mutate(f)
    r = validate(f, **campaign)
    assert r.valid, [(v.code, v.message) for v in r.violations]
    assert code in warnings(r)


def test_build_requests_round_trip() -> None:
    for build in BUILDS.values():
        req = FighterRequest.model_validate({"fighter": build()})
        assert FighterRequest.model_validate_json(req.model_dump_json()) == req
