"""The character rules digest's test cases (§5), each restated from the book and worked by hand.

IDs (BQ-1, MP-3, …) are the digest's. Expected values are the book's figures or the digest's hand derivation,
never values read back from the code. Fighters not spelled out are the hand-built ones of test_fighters_support.
"""

from __future__ import annotations

import copy
import itertools

import pytest

from service.rules.dice import die
from service.rules.fight2e.fighters import (
    action_sequence_glory,
    cannot_fail,
    combo_glory,
    fame_gamble,
    first_hit_glory,
    move_glory,
    pl_from_glory,
    realize_potential_level,
    skill_check,
    stance_evaluation_questions,
    standard_action_sequence,
    theme_music_recoveries,
    unequal_power_level_glory,
)
from service.rules.fight2e.fighters.fighter_models import FighterValidation
from tests.unit.fight2e.fighters.support import (
    ABYSSAL_RECKONING,
    BLOOMING_DANCE,
    Json,
    bob_pl3,
    christine_pl2,
    el,
    errors,
    hiro_styles_pl1,
    infos,
    koichiro_pl5,
    move,
    tsuto_pl8,
    validate,
    warnings,
    wayne_pl1,
)

# ── 5.1 Basic Qualities and dice (000 L498–L530, L5453) ─────────────────────────────────────────────


def _bq(strength: int, speed: int, stamina: int, init: int | None = None, ctrl: int | None = None) -> Json:
    f = wayne_pl1()
    f["basic_qualities"] = {"strength": strength, "speed": speed, "stamina": stamina}
    if init is not None:
        f["speed_allocation"] = {"initiative": init, "control": ctrl}
    return f


def test_bq1_wayne_dice() -> None:
    r = validate(_bq(1, 0, 1, 0, 0))
    assert r.valid
    d = r.derived
    assert (
        d.initiative_die,
        d.control_die,
        d.basic_move_damage_die,
        d.special_move_damage_die,
        d.super_move_damage_die,
        d.incoming_damage_die_shift,
    ) == ("1d6", "1d6", "1d6", "1d8", "1d10", -1)


def test_bq2_christine_dice() -> None:
    d = validate(_bq(-1, 2, 0, 2, 0)).derived
    assert (d.initiative_die, d.control_die, d.basic_move_damage_die, d.special_move_damage_die) == (
        "1d10",
        "1d6",
        "1d2",
        "1d4",
    )


@pytest.mark.parametrize(("strength", "stamina"), [(-1, 0), (0, -1)])
def test_bq3_jen_split_speed(strength: int, stamina: int) -> None:
    r = validate(_bq(strength, 2, stamina, 1, 1))
    assert not errors(r) & {"BASIC_QUALITY_ARRAY_INVALID", "SPEED_ALLOCATION_INVALID"}
    assert (r.derived.initiative_die, r.derived.control_die) == ("1d8", "1d8")


def test_bq4_blood_fist() -> None:
    d = validate(_bq(2, -1, 0, -1, 0)).derived
    assert (
        d.initiative_die,
        d.control_die,
        d.basic_move_damage_die,
        d.special_move_damage_die,
        d.super_move_damage_die,
    ) == ("1d4", "1d6", "1d8", "1d10", "1d12")


def test_bq5_strength_one_basic_move() -> None:
    assert validate(_bq(1, 1, 0, 1, 0)).derived.basic_move_damage_die == "1d6"


def test_bq6_strength_two_against_stamina_minus_one() -> None:
    attacker = validate(_bq(2, 0, -1, 0, 0)).derived
    defender = validate(_bq(0, 2, -1, 2, 0)).derived
    assert attacker.special_move_damage_die == "1d10"
    assert defender.incoming_damage_die_shift == 1
    assert str(die(attacker.special_move_damage_die).shifted(defender.incoming_damage_die_shift)) == "1d12"


@pytest.mark.parametrize(
    ("bq", "codes"),
    [
        ((1, 1, 1), {"BASIC_QUALITY_ARRAY_INVALID"}),  # BQ-7
        ((2, 1, 0), {"BASIC_QUALITY_ARRAY_INVALID"}),  # BQ-8
        ((3, -1, 0), {"BASIC_QUALITY_RANGE", "BASIC_QUALITY_ARRAY_INVALID"}),  # BQ-9
    ],
)
def test_bq7_to_9_illegal_arrays(bq: tuple[int, int, int], codes: set[str]) -> None:
    split = {1: (1, 0), -1: (-1, 0)}.get(bq[1], (0, 0))
    assert errors(validate(_bq(*bq, *split))) == codes


def test_bq10_speed_two_cannot_give_three() -> None:
    assert "SPEED_ALLOCATION_INVALID" in errors(validate(_bq(-1, 2, 0, 2, 1)))


def test_bq11_speed_needs_a_split() -> None:
    assert "SPEED_ALLOCATION_MISSING" in errors(validate(_bq(0, 1, 1)))


def test_bq12_seventeen_archetypes() -> None:
    legal = 0
    codes = {
        "BASIC_QUALITY_RANGE",
        "BASIC_QUALITY_ARRAY_INVALID",
        "SPEED_ALLOCATION_INVALID",
        "SPEED_ALLOCATION_MISSING",
    }
    for strength, speed, stamina, init, ctrl in itertools.product(range(-1, 3), repeat=5):
        if not errors(validate(_bq(strength, speed, stamina, init, ctrl))) & codes:
            legal += 1
    assert legal == 17


# ── 5.2 Move Points and move building ───────────────────────────────────────────────────────────────


def test_mp1_wayne_spends_ten() -> None:
    r = validate(wayne_pl1())
    assert r.valid and [m.move_points for m in r.moves] == [3, 3, 4]


def _jen() -> Json:
    f = wayne_pl1()
    f["moves"][2] = move("Low Kick", 3, [el("hits_low"), el("increased_damage", 3)])
    f["narrative_skills"].append({"id": "acrobatics", "level": 1})
    return f


def test_mp2_jen_puts_the_last_point_in_narrative() -> None:
    f = _jen()
    f["move_points_to_narrative"] = 1
    r = validate(f)
    assert r.valid, [v.code for v in r.violations]
    assert r.derived.budgets.narrative_skill_points.available == 16


def test_mp3_no_saving_at_creation() -> None:
    f = _jen()
    f["narrative_skills"].pop()
    f["move_points_banked"] = 1
    assert errors(validate(f)) == {"PL1_MOVE_POINTS_UNSPENT"}


def test_mp4_leftover_to_fighting_spirit_is_a_warning() -> None:
    f = _jen()
    f["narrative_skills"].pop()
    f["move_points_to_fighting_spirit"] = 1
    f["fighting_spirit"] = 11
    r = validate(f)
    assert r.valid and "PL1_LEFTOVER_NOT_NARRATIVE" in warnings(r)
    assert r.derived.fighting_spirit == 11
    assert "PL1_LEFTOVER_NOT_NARRATIVE" in errors(validate(f, pl1_leftover_mp_any_use=False))
    assert "PL1_LEFTOVER_NOT_NARRATIVE" not in warnings(validate(f, pl1_leftover_mp_any_use=True))


def _priced(*moves: Json, **fighter: object) -> list:
    f = wayne_pl1() | fighter
    f["moves"] = list(moves)
    return validate(f).moves


def test_mp5_mp6_costs() -> None:
    l2, l3 = _priced(move("Jab", 2, [el("increased_damage", 3)]), move("Kick", 3, [el("increased_damage", 3)]))
    assert (l2.move_points, l3.move_points, l3.unused_slots) == (3, 2, 1)


def test_mp7_single_element_cap() -> None:
    f = wayne_pl1()
    f["moves"][0] = move("Big Jab", 2, [el("increased_damage", 5)], [el("decreased_accuracy", 2)])
    r = validate(f)
    assert "MOVE_SINGLE_ELEMENT_CAP" in errors(r)
    assert any(v.path == "fighter.moves[0].elements[0]" for v in r.violations if v.code == "MOVE_SINGLE_ELEMENT_CAP")


def test_mp8_blooming_dance_needs_ki() -> None:
    r = validate(christine_pl2())
    dance = r.moves[0]
    assert (dance.element_slots, dance.elements_spent, dance.move_points, dance.legal) == (4, 4, 3, True)
    f = christine_pl2()
    f["combat_skills"]["ki"] = 0
    f["combat_skills"]["tactics"] = 1
    f["skill_history"][0]["combat_skills"] = {"evasion": 3, "defense": 1, "tactics": 1}
    assert errors(validate(f)) == {"KI_REQUIRED_BY_MOVE"}


def test_mp9_mp10_book_moves() -> None:
    lightning, abyssal = _priced(copy.deepcopy(wayne_pl1()["moves"][2]), copy.deepcopy(ABYSSAL_RECKONING))
    assert (lightning.element_slots, lightning.elements_spent, lightning.move_points) == (5, 5, 4)
    assert (abyssal.element_slots + abyssal.liability_slots, abyssal.move_points, abyssal.legal) == (8, 4, True)


def test_mp11_borrow_identity_loses_an_element() -> None:
    f = bob_pl3()
    f["qualities"][3] = {"id": "borrow_identity", "director_approved": True}
    r = validate(f)
    assert r.moves[1].element_slots == 4
    assert any(
        v.code == "MOVE_ELEMENT_BUDGET_EXCEEDED" and v.path.startswith("fighter.moves[1].") for v in r.violations
    )


def test_mp12_super_with_two_unused_elements() -> None:
    f = bob_pl3()
    f["moves"][0]["elements"] = [el("increased_damage", 6), el("hits_low"), el("anti_air")]
    r = validate(f)
    assert (r.moves[0].element_slots, r.moves[0].elements_spent, r.moves[0].move_points) == (10, 8, 4)
    assert r.moves[0].legal


def test_mp13_super_damage_elements() -> None:
    f = bob_pl3()
    f["moves"][0]["elements"] = [
        el("increased_damage", 4),
        el("hits_low"),
        el("hard_to_evade", 2),
        el("anti_air"),
        el("aerial"),
        el("mobile"),
    ]
    assert errors(validate(f)) == {"SUPER_MOVE_DAMAGE_ELEMENTS"}


def test_mp14_hiro() -> None:
    r = validate(hiro_styles_pl1())
    assert r.valid and r.moves[0].move_points == 4 and r.moves[1].move_points == 4
    assert r.moves[0].charged_move_points + r.moves[1].charged_move_points == 4


def _suzuka(shared: bool = False) -> Json:
    f = bob_pl3()
    f["qualities"][2] = {"id": "multiple_styles", "director_approved": True}
    f["qualities"][3] = {"id": "multiple_styles", "director_approved": True}
    f["styles"] = [{"name": "Fire", "is_base": True}, {"name": "Water"}, {"name": "Wind"}]
    for m in f["moves"]:
        m["style"] = "Fire"
    f["moves"][0]["purchase"] = "super"
    others = [copy.deepcopy(f["moves"][0]) | {"style": s, "name": f"Apocalypse {s}"} for s in ("Water", "Wind")]
    others[0]["elements"] = [el("increased_damage", 6), el("hits_low"), el("hard_to_evade", 2), el("aerial")]
    others[1]["elements"] = [
        el("increased_damage", 6),
        el("hits_low"),
        el("hard_to_evade", 1),
        el("anti_air"),
        el("mobile"),
    ]
    f["moves"][1:1] = others if not shared else others[:1]
    return f


def _super_paths(r: FighterValidation) -> set[str]:
    return {f"fighter.moves[{m.index}]" for m in r.moves if m.kind == "super"}


def test_mp15_suzuka_super_for_three_styles() -> None:
    """Only the Super is checked: Suzuka's other moves were left in one style (one version each)."""
    r = validate(_suzuka())
    supers = [m for m in r.moves if m.kind == "super"]
    assert [m.move_points for m in supers] == [7, 7, 7]
    assert sum(m.charged_move_points for m in supers) == 7
    assert r.derived.super_moves_owned == 1
    assert "SUPER_MOVE_COUNT_EXCEEDED" not in errors(r)
    assert not any(v.code == "STYLE_MOVE_ASSIGNMENT" and v.path in _super_paths(r) for v in r.violations)
    assert any(v.code == "STYLE_MOVE_ASSIGNMENT" and v.path == "fighter.moves[3]" for v in r.violations)


def test_mp16_shared_moves_option() -> None:
    shared = validate(_suzuka(shared=True), multiple_styles_shared_moves=True)
    assert [m.move_points for m in shared.moves if m.kind == "super"] == [6, 6]  # two of three styles: +1
    assert "STYLE_MOVE_ASSIGNMENT" not in errors(shared)  # with the option a style may even stay empty
    default = validate(_suzuka(shared=True))
    assert any(v.code == "STYLE_MOVE_ASSIGNMENT" and v.path in _super_paths(default) for v in default.violations)
    f = _suzuka()
    f["moves"] = [m for m in f["moves"] if m.get("purchase") != "super" or m["style"] == "Fire"]
    f["moves"][0]["cross_style"] = True
    cross = validate(f, multiple_styles_shared_moves=True)
    assert cross.moves[0].move_points == 7 and "STYLE_MOVE_ASSIGNMENT" not in errors(cross)


def _three_tier() -> Json:
    f = bob_pl3()
    base = [el("increased_damage", 6), el("hits_low"), el("hard_to_evade", 2), el("anti_air")]
    f["moves"][0] |= {"tier_group": "apocalypse", "tier": 1}
    f["moves"][1:1] = [
        move("Apocalypse II", 6, [*base, el("aerial"), el("mobile")], kind="super", tier=2, tier_group="apocalypse"),
        move(
            "Apocalypse III",
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
            tier=3,
            tier_group="apocalypse",
        ),
    ]
    return f


def test_mp17_three_tier_super() -> None:
    r = validate(_three_tier(), super_move_system="three_tier")
    supers = [m for m in r.moves if m.kind == "super"]
    assert [m.charged_move_points for m in supers] == [0, 0, 7]
    assert r.derived.super_moves_owned == 1 and r.derived.super_energy_max == 30
    assert "THREE_TIER_INVALID" not in errors(r)
    assert "THREE_TIER_INVALID" in errors(validate(_three_tier()))  # single-tier campaign


def _identities(n: int) -> Json:
    f = wayne_pl1()
    f["qualities"][3] = {"id": "borrow_identity", "director_approved": True}
    f["moves"] = [
        {
            "kind": "command",
            "command": "identity_change",
            "identity_of": name,
            "cost_paid": 3,
            "director_approved": True,
        }
        for name in ("Bob", "Koichiro", "Christine", "Jen")[:n]
    ]
    f["move_points_to_narrative"] = max(10 - 3 * n, 0)
    f["narrative_skills"] += [{"id": "acrobatics", "level": 1}]
    return f


def test_mp18_identity_changes() -> None:
    three = validate(_identities(3))
    assert sum(m.charged_move_points for m in three.moves) == 9
    assert "IDENTITY_CHANGE_PL1_LIMIT" not in errors(three)
    assert "IDENTITY_CHANGE_PL1_LIMIT" in errors(validate(_identities(4)))


def test_mp19_attack_strings() -> None:
    f = wayne_pl1()
    f["moves"] = [move("Rising Fist", 3, [el("anti_air"), el("knocks_down"), el("juggle")])]
    f["attack_string_from_move_points"] = 2
    f["combat_skills"]["attack_string"] = 2
    f["move_points_to_narrative"] = 2
    f["narrative_skills"].append({"id": "acrobatics", "level": 2})
    r = validate(f, attack_strings_enabled=True)
    assert r.moves[0].move_points == 4
    assert r.derived.budgets.move_points.spent == 4 + 4 + 2


def test_mp20_new_move_each_level() -> None:
    f = christine_pl2()
    f["moves"] = [m for m in f["moves"] if m["acquired_at_pl"] == 1]
    f["combo_from_move_points"] = 0
    f["combat_skills"]["combo"] = 2
    f["move_points_banked"] = 10
    f["move_point_ledger"][1] = {"pl": 2, "received": 10, "banked_out": 10}
    assert errors(validate(f)) == {"NEW_MOVE_REQUIRED"}


def test_mp21_list_closed_at_pl2() -> None:
    f = christine_pl2()
    f["move_list_closed_at_pl"] = 2
    assert errors(validate(f)) == {"MOVE_LIST_CLOSED_TOO_EARLY"}


def test_mp22_ki_access() -> None:
    f = bob_pl3()
    f["moves"][0]["elements"] = [el("ki_access"), el("ranged"), el("increased_damage", 6), el("hits_low")]
    r = validate(f)
    assert r.valid, [v.code for v in r.violations]
    f["moves"][2] = move("Fireball", 3, [el("ranged"), el("increased_damage", 2)])
    assert errors(validate(f)) == {"KI_REQUIRED_BY_MOVE"}


def test_mp23_limited_movement_style() -> None:
    f = hiro_styles_pl1()
    f["styles"][1]["limited_movement"] = True
    f["moves"][1] = move(
        "Crane Stance",
        3,
        [el("hits_low"), el("increased_damage", 4)],
        [el("no_movement")],
        style="Crane",
        purchase="p1",
    )
    r = validate(f, style_options_enabled=True)
    assert r.moves[1].legal  # the moves core alone knows no style: 5 Elements on 4 slots + 1 from the Liability
    assert [v.path for v in r.violations if v.code == "MOVE_ELEMENT_BUDGET_EXCEEDED"] == [
        "fighter.moves[1].liabilities"
    ]
    assert [w.path for w in r.warnings if w.code == "STYLE_ELEMENT_INERT"] == ["fighter.moves[3].elements[1]"]


# ── 5.3 Skills and caps (000 L594–L617, L758–L760, L1796–L1906) ─────────────────────────────────────


def test_sk1_combo_is_uncapped() -> None:
    f = tsuto_pl8() | {"power_level": 4}
    f["combat_skills"] = {"combo": 14}
    assert not errors(validate(f)) & {"SKILL_CAP_EXCEEDED", "DET_CAP_EXCEEDED"}


def test_sk2_det_cap_at_pl5() -> None:
    f = koichiro_pl5()
    f["combat_skills"]["defense"] = 5
    f["narrative_skills"][4]["level"] = 10
    r = validate(f)
    assert [v.path for v in r.violations if v.code == "DET_CAP_EXCEEDED"] == ["fighter.combat_skills.defense"]
    assert "SKILL_CAP_EXCEEDED" not in errors(r)


def test_sk3_sk4_pl1_four() -> None:
    f = wayne_pl1()
    f["combat_skills"] = {"defense": 4, "ki": 1}
    assert not errors(validate(f))
    f["combat_skills"] = {"defense": 4, "evasion": 1}
    assert errors(validate(f)) == {"DET_PL1_FOUR_RULE"}


def test_sk5_sk6_four_kept_from_pl1() -> None:
    f = christine_pl2()
    f["combat_skills"] = {"defense": 4, "evasion": 3, "tactics": 1}
    f["skill_history"][0]["combat_skills"] = {"defense": 4, "ki": 1}
    assert not errors(validate(f)) & {"DET_FOUR_NOT_GRANDFATHERED", "DET_CAP_EXCEEDED"}
    f = christine_pl2() | {"power_level": 3}
    f["combat_skills"] = {"evasion": 4, "ki": 1}
    assert "DET_FOUR_NOT_GRANDFATHERED" in errors(validate(f))


def test_sk7_pl1_cap() -> None:
    f = wayne_pl1()
    f["narrative_skills"][4]["level"] = 4
    assert "SKILL_CAP_EXCEEDED" in errors(validate(f))


def test_sk8_ki_only_at_creation() -> None:
    f = christine_pl2()
    f["combat_skills"]["ki"] = 2
    f["skill_history"][0]["combat_skills"]["ki"] = 0
    assert "KI_ACQUIRED_AFTER_PL1" in errors(validate(f))


def _with_skills(base: Json, quality: str | None, skills: dict[str, int], ki: int) -> Json:
    f = copy.deepcopy(base)
    if quality:
        f["qualities"][-1] = {"id": quality}
    f["narrative_skills"] = [{"id": k, "level": v} for k, v in skills.items()]
    f["combat_skills"]["ki"] = ki
    return f


GADGET_SECONDARIES = (
    "thug_thrashing",
    "climactic_super_move",
    "property_damage",
    "endure_great_hardship",
    "perception",
)
MAGIC_SECONDARIES = (
    "climactic_super_move",
    "danger_sense",
    "draw_ki",
    "grim_determination",
    "meditation",
    "property_damage",
    "sense_ki",
    "spirituality",
)


def test_sk9_gadgeteering_secondaries() -> None:
    skills = {"gadgeteering": 4} | dict.fromkeys(GADGET_SECONDARIES, 2)
    r = validate(_with_skills(koichiro_pl5(), "gadgeteering", skills, ki=2))
    assert "SECONDARY_SKILLS_INSUFFICIENT" not in errors(r)
    skills["perception"] = 1
    r = validate(_with_skills(koichiro_pl5(), "gadgeteering", skills, ki=2))
    [finding] = [v for v in r.violations if v.code == "SECONDARY_SKILLS_INSUFFICIENT"]
    assert "Perception" in finding.message and "Thug" not in finding.message


def test_sk11_sk12_magic_secondaries() -> None:
    skills = {"magic": 4} | dict.fromkeys(MAGIC_SECONDARIES, 2)
    assert "SECONDARY_SKILLS_INSUFFICIENT" not in errors(validate(_with_skills(koichiro_pl5(), "magic", skills, 2)))
    [finding] = [
        v
        for v in validate(_with_skills(koichiro_pl5(), "magic", skills, 1)).violations
        if v.code == "SECONDARY_SKILLS_INSUFFICIENT"
    ]
    assert "Ki" in finding.message
    skills = {"magic": 2} | dict.fromkeys(MAGIC_SECONDARIES, 1)  # Yasa: all at 1, so Ki from PL 1
    assert "SECONDARY_SKILLS_INSUFFICIENT" in errors(validate(_with_skills(koichiro_pl5(), "magic", skills, 0)))


def test_sk13_psychic_seven() -> None:
    secondaries = (
        "meditation",
        "property_damage",
        "sense_ki",
        "intimidation",
        "smooth_talking",
        "zen_state",
        "grim_determination",
    )
    skills = {"psychic": 7} | dict.fromkeys(secondaries, 4)
    pl3 = _with_skills(bob_pl3(), "psychic", skills, ki=4)
    assert not errors(validate(pl3)) & {"SECONDARY_SKILLS_INSUFFICIENT", "SKILL_CAP_EXCEEDED"}
    pl2 = _with_skills(christine_pl2(), "psychic", skills, ki=4)
    assert "SKILL_CAP_EXCEEDED" in errors(validate(pl2))


def test_sk14_sk15_power_and_magic_need_their_quality() -> None:
    f = _with_skills(christine_pl2(), "power", {"power": 6}, ki=1)
    f["qualities"][-1] = {"id": "power", "params": {"subject": "Fly"}, "acquired_at_pl": 2, "director_approved": True}
    f["narrative_skills"][0]["subject"] = "Fly"
    assert not errors(validate(f)) & {"SPECIAL_SKILL_QUALITY_MISSING", "SKILL_CAP_EXCEEDED"}
    assert "SKILL_CAP_EXCEEDED" in errors(validate(f | {"power_level": 1}))
    f = wayne_pl1()
    f["narrative_skills"][4] = {"id": "magic", "level": 1}
    assert "SPECIAL_SKILL_QUALITY_MISSING" in errors(validate(f))


def test_sk21_fame_is_not_bought() -> None:
    f = tsuto_pl8()
    assert validate(f).derived.fame_skill == 6
    f["narrative_skills"].append({"id": "fame", "level": 6})
    assert "FAME_WEALTH_BOUGHT" in errors(validate(f))


@pytest.mark.parametrize(
    ("level", "roll", "dl", "bonus", "expected"),
    [
        (4, 6, 8, 0, "success"),  # SK-10 Max Damage: 10 against 8 (000 L1800)
        (2, 9, 10, 0, "success"),  # SK-12 Yasa: 11 against 10 (000 L1832)
        (7, 8, 16, 0, "failure"),  # SK-13 Therese: 15 against 16 (000 L1876)
        (6, 4, 8, 0, "success"),  # SK-14 Dominic Kane: 10 against 8 (000 L1862)
        (4, 3, 8, 2, "success"),  # SK-16 Scotty with +2 for Strength: 9 against 8 (000 L1667)
    ],
)
def test_skill_checks(level: int, roll: int, dl: int, bonus: int, expected: str) -> None:
    assert skill_check(level, roll, dl, bonus) == expected


def test_sk17_to_sk22_skill_formulas() -> None:
    assert skill_check(4, 8, 12, optional_results=True) == "mixed"  # SK-17
    # SK-18 (000 L1689–L1691): Asuka's Stealth 6 + 5 = 11 against the guards' Perception 2 + 8 = 10; the higher total
    # wins, so the guards' 10 does not reach one above her 11, and hers does reach one above their 10
    assert skill_check(2, 8, 6 + 5 + 1) == "failure"
    assert skill_check(6, 5, 2 + 8 + 1) == "success" and skill_check(6, 5, 2 + 8 + 2) == "failure"
    assert stance_evaluation_questions(12) == 3  # SK-19
    assert realize_potential_level(14) == 5  # SK-20
    assert cannot_fail(3, 4) and not cannot_fail(2, 4)  # SK-22


def test_sk20_realize_potential_move() -> None:
    f = bob_pl3()
    f["moves"].append(
        move(
            "Lesson Learned",
            5,
            [el("increased_damage", 6)],
            free_source="realize_potential",
            realize_potential_target="Blood Fist",
            realize_potential_check=14,
            director_approved=True,
        )
    )
    r = validate(f)
    assert r.moves[-1].charged_move_points == 0 and "REALIZE_POTENTIAL_MOVE_INVALID" not in errors(r)
    f["moves"][-1]["level"] = 4
    f["moves"][-1]["elements"] = [el("increased_damage", 5)]
    assert "REALIZE_POTENTIAL_MOVE_INVALID" in errors(validate(f))


# ── 5.4 Combat Bonuses and PL 5+ options (000 L662–L676, L756, L5702) ───────────────────────────────


def _at(pl: int, base: Json | None = None, **bonuses: Json) -> Json:
    f = copy.deepcopy(base or tsuto_pl8()) | {"power_level": pl}
    f["combat_bonuses"] = bonuses
    return f


def test_cb1_no_bonus_at_pl1() -> None:
    f = wayne_pl1()
    f["combat_bonuses"] = {"damage": {"regular": 1}}
    assert "COMBAT_BONUS_TOTAL_MISMATCH" in errors(validate(f))


def test_cb2_cb3_cb4() -> None:
    assert validate(bob_pl3()).valid  # CB-2: Damage +2 at PL 3
    cb3 = validate(_at(4, accuracy={"regular": 2}, damage={"regular": 1}))
    assert not errors(cb3) & {"COMBAT_BONUS_TOTAL_MISMATCH", "COMBAT_BONUS_SINGLE_MAX"}
    assert "COMBAT_BONUS_SINGLE_MAX" in errors(validate(_at(4, damage={"regular": 3})))


def test_cb5_damage_chain_to_plus_five() -> None:
    """PL 5 Damage +2 (max); PL 6 buys +1; PL 7 takes the regular +1 and buys another: +5 (000 L676)."""
    f = _at(7, damage={"regular": 3, "purchased": 2}, control={"regular": 2}, accuracy={"regular": 1})
    f["combat_bonus_purchases"] = [{"pl": 6, "category": "damage"}, {"pl": 7, "category": "damage"}]
    f["skill_history"] = [
        {"pl": 5, "combat_bonuses": {"damage": {"regular": 2}, "control": {"regular": 2}}},
        {
            "pl": 6,
            "combat_bonuses": {
                "damage": {"regular": 2, "purchased": 1},
                "control": {"regular": 2},
                "accuracy": {"regular": 1},
            },
        },
    ]
    r = validate(f)
    bonus_codes = {
        "COMBAT_BONUS_TOTAL_MISMATCH",
        "COMBAT_BONUS_SINGLE_MAX",
        "BONUS_PURCHASE_NOT_MAXED",
        "BONUS_PURCHASE_LIMIT",
        "BONUS_PURCHASE_BEFORE_PL5",
        "COMBAT_BONUS_REALLOCATED",
    }
    assert not errors(r) & bonus_codes
    assert r.derived.combat_bonus_effective.damage == 5


def test_cb6_to_cb10() -> None:
    f = _at(5, damage={"regular": 2}, control={"regular": 2})
    f["combat_bonus_purchases"] = [{"pl": 5, "category": "accuracy"}]
    assert "BONUS_PURCHASE_WRONG_CATEGORY" in errors(validate(f))  # CB-6
    f = _at(6, control={"regular": 1, "purchased": 1}, damage={"regular": 2}, accuracy={"regular": 2})
    assert "BONUS_PURCHASE_NOT_MAXED" in errors(validate(f))  # CB-7
    f = _at(4, damage={"regular": 2}, control={"regular": 1})
    f["defensive_response_bonuses"] = [{"response": "jinking", "bonus": 1}]
    assert "DR_BONUS_BEFORE_PL5" in errors(validate(f))  # CB-8
    f = _at(6, damage={"regular": 2}, control={"regular": 2}, accuracy={"regular": 1})
    f["defensive_response_bonuses"] = [{"response": "Counter Response", "bonus": 1}]
    assert "DR_BONUS_INELIGIBLE" in errors(validate(f))  # CB-9
    f = tsuto_pl8()
    f["defensive_response_bonuses"] = [{"response": "throw", "bonus": 3}]
    assert "DR_BONUS_MAX" in errors(validate(f))  # CB-10


def test_cb11_conversion() -> None:
    r = validate(koichiro_pl5())
    assert r.valid and r.derived.budgets.narrative_skill_points.available == 55 + 3 + 3


def test_cb12_control_twenty_seven() -> None:
    f = _at(8, control={"regular": 3, "purchased": 4}, damage={"regular": 3}, accuracy={"regular": 1})
    f["combat_skills"] = {"defense": 5, "evasion": 5, "tactics": 4}
    r = validate(f)
    assert r.valid, [v.code for v in r.violations]
    assert r.derived.max_control == 27


# ── 5.5 Qualities, Weaknesses, Quirks (000 L540–L560, L929–L1483) ───────────────────────────────────


def test_qw1_qw2_qw3_slots() -> None:
    assert validate(wayne_pl1()).derived.quality_slots == 4  # QW-1
    f = wayne_pl1()
    f["weaknesses"] = [{"id": "honorable"}, {"id": "amnesia"}]
    f["qualities"] += [{"id": "weapon_expert"}, {"id": "wealth"}]
    r = validate(f)
    assert r.valid and r.derived.quality_slots == 6  # QW-2
    f = wayne_pl1()
    f["quirks"] += [{"id": "greedy"}, {"id": "glutton"}]
    f["qualities"].append({"id": "weapon_expert"})
    r = validate(f)
    assert r.valid and "QUIRK_BUNDLE_APPLIED" in infos(r)  # QW-3


def test_qw4_exchanges() -> None:
    f = wayne_pl1()
    f["qualities"] = [{"id": "charming"}]
    f["quality_exchanges"] = [{"converted_to": c} for c in ("narrative", "fighting_spirit", "combat")]
    d = validate(f).derived
    assert (d.budgets.narrative_skill_points.available, d.fighting_spirit, d.budgets.combat_skill_points.available) == (
        18,
        12,
        6,
    )


def test_qw5_qw6() -> None:
    f = wayne_pl1()
    f["qualities"] = []
    f["quality_exchanges"] = [{"converted_to": "fighting_spirit"}] * 4
    assert "QUALITY_MINIMUM" in errors(validate(f))
    f = wayne_pl1()
    f["qualities"].append({"id": "wealth"})
    assert "QUALITY_SLOTS_EXCEEDED" in errors(validate(f))


def test_qw7_weakness_lost_keeps_its_quality() -> None:
    f = tsuto_pl8() | {"power_level": 4}
    f["weaknesses"] = [
        {"id": "honorable", "acquired_at_pl": 1},
        {"id": "amnesia", "acquired_at_pl": 1, "lost_at_pl": 2, "director_approved": True},
    ]
    r = validate(f)
    assert r.derived.quality_slots == 7
    assert not errors(r) & {"WEAKNESS_LOSS_LIMIT", "EVEN_LEVEL_CHOICE_INVALID"}


def test_qw8_attractive_four() -> None:
    f = wayne_pl1()
    f["qualities"] = [{"id": "attractive", "params": {"descriptor": d}} for d in ("", "Cute", "Sexy", "Dashing")]
    bonuses = {(b.applies_to, b.source): b.bonus for b in validate(f).derived.skill_check_bonuses}
    assert bonuses[("interaction with admirers", "Attractive")] == 5


@pytest.mark.parametrize(
    ("qualities", "weaknesses", "code"),
    [
        (["tall", "short"], [], "TRAIT_CONFLICT"),  # QW-9
        (["big"], [], "TRAIT_PREREQUISITE_MISSING"),  # QW-10
        ([], ["ugly", "unattractive"], None),
        (["distracting"], ["ugly", "unattractive"], "TRAIT_CONFLICT"),  # QW-12
    ],
)
def test_qw9_to_qw12(qualities: list[str], weaknesses: list[str], code: str | None) -> None:
    f = wayne_pl1()
    f["qualities"] = [{"id": q, "params": {"benefit": "damage_reduction"}} for q in qualities] + [{"id": "driven"}]
    f["weaknesses"] = [{"id": w} for w in weaknesses]
    got = errors(validate(f)) & {"TRAIT_CONFLICT", "TRAIT_PREREQUISITE_MISSING"}
    assert got == ({code} if code else set())


def test_qw11_short_and_light() -> None:
    f = wayne_pl1()
    f["qualities"][3] = {"id": "short"}
    f["weaknesses"] = [{"id": "light"}]
    f["qualities"].append({"id": "runner"})
    assert validate(f).valid


def test_qw13_qw14_timing() -> None:
    f = christine_pl2()
    f["qualities"][5] = {"id": "big", "acquired_at_pl": 2, "director_approved": True}
    assert "CREATION_ONLY_TRAIT_LATE" in errors(validate(f))
    f = bob_pl3()
    f["qualities"][5]["acquired_at_pl"] = 3
    assert "QUALITY_GAINED_AT_ODD_LEVEL" in errors(validate(f))


def test_qw15_qw16_qw17_skill_bonuses() -> None:
    f = wayne_pl1()
    f["qualities"][2] = {"id": "friend", "params": {"skills": ["High Society", "Deduction"]}}
    r = validate(f)
    bonuses = {b.applies_to: b.bonus for b in r.derived.skill_check_bonuses}
    assert r.valid and (bonuses["high_society"], bonuses["deduction"]) == (2, 1)
    f["qualities"][2] = {"id": "sensei", "params": {"skills": ["stealth", "zen_state"]}}
    assert "QUALITY_PARAM_SKILL_NOT_ALLOWED" in errors(validate(f))
    f["qualities"][2:4] = [{"id": "powerful_item", "params": {"skill": "magic", "subject": "staff"}}] * 2
    bonuses = {b.applies_to: b.bonus for b in validate(f).derived.skill_check_bonuses}
    assert bonuses["magic"] == 2


def test_qw18_qw19_fighting_spirit_limits_at_pl1() -> None:
    f = wayne_pl1()
    f["qualities"][3] = {"id": "tall"}
    d = validate(f).derived
    assert 1 + d.defense_total_fs_surcharge == 2 > d.fs_spend_limit_per_application == 1
    d = validate(hiro_styles_pl1()).derived
    assert d.style_change_fs_cost == 2 > d.fs_spend_limit_per_application


def test_qw20_theme_music() -> None:
    assert [theme_music_recoveries(c) for c in (90, 89, 80, 79, 9)] == [0, 1, 1, 2, 9]


def test_qw21_stage_in_a_serious_campaign() -> None:
    f = wayne_pl1()
    f["qualities"][2] = {"id": "stage", "director_approved": True}
    assert errors(validate(f, metagame_traits_allowed=False)) == {"METAGAME_TRAIT_DISALLOWED"}


# ── 5.6 Glory and Power Level (000 L643, L706–L714, L786–L814, L1174, L1469, L2010, L5062) ──────────


def test_gl1_glory_table() -> None:
    assert [pl_from_glory(g) for g in (25, 26, 100, 101, 175, 176, 500, 501, 9999)] == [1, 2, 3, 4, 4, 5, 7, 8, 8]


def test_gl2_negative_glory() -> None:
    f = wayne_pl1() | {"glory": -3}
    r = validate(f)
    assert r.valid and r.derived.power_level_from_glory == 1


def test_gl3_gl4_glory_against_power_level() -> None:
    assert "ADVANCEMENT_PENDING" in warnings(validate(bob_pl3() | {"glory": 120}))
    r = validate(koichiro_pl5() | {"glory": 170})
    assert "PL_ABOVE_GLORY" in warnings(r)
    assert (r.derived.effective_power_level, r.derived.life_bar, r.derived.fs_spend_limit_per_application) == (4, 70, 4)


def test_gl5_to_gl13_glory_formulas() -> None:
    assert first_hit_glory([("Hadou", 3, True), ("Hadou", 3, True)]) == 3  # GL-5
    assert first_hit_glory([("Hadou", 3, False), ("Hadou", 3, True)]) == 3
    assert combo_glory(4, [move_glory(4)]) == 6 and combo_glory(4) == 2  # GL-6
    assert sum(combo_glory(4, consecutive_turn=k) for k in (1, 2, 3)) == 9  # GL-7
    assert (max(17, 11, 15), max(10, 12, 13)) == (17, 13)  # GL-8 keeps each Fighter's best round
    assert (fame_gamble(1, True), fame_gamble(1, False)) == (2, -3)  # GL-9
    assert move_glory(3, increased_glory=1, styles=3) == 2  # GL-10
    assert move_glory(3, increased_glory=1, styles=3, cross_style=True) == 5
    assert action_sequence_glory(4, 8) == 3  # GL-11
    assert standard_action_sequence(4, 8, [(10, True), (9, True), (15, False), (6, True), (11, True)]) == (True, 5)
    assert standard_action_sequence(4, 8, [(10, True), (6, True), (7, True)]) == (False, 3)  # 2 failures lose
    assert combo_glory(4, [move_glory(4, poorly_drawn=True)], poorly_drawn=True) == 4  # GL-13
    assert unequal_power_level_glory(10, 6, 3) == 5 and unequal_power_level_glory(10, 3, 6) == 10
    assert move_glory(5, borrowed=True) == 1


# ── 5.7 Fighting Spirit / Life Bar / budgets (000 L706–L714, L746, L768, L2289, L5068, L5110, L7996) ──


def test_fs1_pl1() -> None:
    d = validate(wayne_pl1()).derived
    assert (d.life_bar, d.fighting_spirit, d.stun_threshold, d.full_defense_bonus) == (30, 10, 5, 1)


def test_fs2_move_points_to_fs_carry_over() -> None:
    f = christine_pl2() | {"move_points_to_fighting_spirit": 3}
    assert validate(f).derived.fighting_spirit == 23


def test_fs3_big_at_pl5() -> None:
    f = koichiro_pl5()
    f["qualities"][1:3] = [{"id": "tall"}, {"id": "big"}]
    assert validate(f).derived.stun_threshold == 10


def test_fs4_pl8_budgets() -> None:
    d = validate(tsuto_pl8()).derived
    b = d.budgets
    assert (b.combat_skill_points.available, b.narrative_skill_points.available, b.move_points.available) == (
        26,
        85,
        80,
    )
    assert (d.quality_slots - d.weakness_equivalents, d.life_bar, d.fighting_spirit) == (8, 100, 100)
    assert (d.super_moves_min, d.super_moves_max, d.combat_bonus_total, d.combat_bonus_max_single, d.det_cap) == (
        1,
        6,
        7,
        3,
        5,
    )


def test_fs5_secret_boss() -> None:
    f = tsuto_pl8() | {"power_level": 10, "role": "secret_boss", "secret_boss_extra": 10}
    r = validate(f, boss_extended_power_levels=True)
    assert (r.derived.life_bar, r.derived.fighting_spirit) == (130, 130)
    assert "SECRET_BOSS_BONUS_INVALID" not in errors(r)
    assert "SECRET_BOSS_BONUS_INVALID" in errors(validate(f | {"role": "boss"}, boss_extended_power_levels=True))


def test_fs6_fs7_schemes() -> None:
    b = validate(bob_pl3() | {"skill_point_scheme": "hero"}).derived.budgets
    assert (b.combat_skill_points.available, b.narrative_skill_points.available) == (20, 15)
    b = validate(bob_pl3() | {"skill_point_scheme": "support"}).derived.budgets
    assert (b.combat_skill_points.available, b.narrative_skill_points.available) == (4, 55)
    assert "SKILL_SCHEME_BUDGET" in errors(validate(bob_pl3() | {"skill_point_scheme": "hero"}))


def _half_liabilities(n_moves: int, fs: int) -> Json:
    f = wayne_pl1()
    for m in f["moves"][:n_moves]:
        m["liabilities"] = [el("limited_movement", direction="toward")]
    f["fs_from_half_liabilities"] = fs
    f["fighting_spirit"] = 10 + fs
    return f


def test_fs8_half_liabilities() -> None:
    assert "HALF_LIABILITY_FS_INVALID" not in errors(validate(_half_liabilities(2, 1)))
    assert "HALF_LIABILITY_FS_INVALID" in errors(validate(_half_liabilities(1, 1)))


def test_fs9_fs10_style_flaws() -> None:
    f = hiro_styles_pl1()
    f["styles"][1] |= {"forced_style_change": True, "limited_movement": True, "harder_command_move": 1}
    f["fs_from_style_flaw"] = 1
    d = validate(f, style_options_enabled=True)
    assert (d.derived.free_style_flaws, d.derived.weakness_equivalents) == (3, 1)
    assert "STYLE_FLAW_ACCOUNTING" not in errors(d)
    f = hiro_styles_pl1()
    f["styles"][1] |= {
        "modified_defense": 1,
        "modified_defense_skill": "evasion",
        "limited_movement": True,
        "forced_style_change": True,
    }
    f["fs_from_style_flaw"] = 1
    r = validate(f, style_options_enabled=True)
    assert (r.derived.free_style_flaws, r.derived.weakness_equivalents) == (1, 0)
    assert not errors(r) & {"STYLE_FLAW_ACCOUNTING", "STYLE_OPTION_INVALID"}


# ── Reading of rules whose trigger is a campaign switch or history ──────────────────────────────────


def test_history_rules_are_named_when_skipped() -> None:
    r = validate(bob_pl3())
    history = [f for f in r.info if f.code == "HISTORY_UNAVAILABLE"]
    assert {f.path for f in history} == {"fighter"}  # the sheet as a whole lacks its history
    skipped = {f.message.split(" ", 1)[0] for f in history}  # each message names the rule it skipped
    assert {"NEW_MOVE_REQUIRED", "SKILL_DECREASED", "PL_SKIPPED", "MOVE_POINTS_BANK_INCONSISTENT"} <= skipped
    assert not any(f.code == "HISTORY_UNAVAILABLE" for f in validate(christine_pl2()).info)


def test_every_sheet_rule_is_applied_none_unsupported() -> None:
    assert validate(wayne_pl1()).unsupported == []


def test_a_move_that_differs_from_its_definition_as_bought_is_modified() -> None:
    """000 L2301: a move, once designed, cannot be changed. Wayne's Dash Punch (L3: Mobile + Increased Damage ×3)
    written with ``as_bought`` equal to it is valid; one bought with Increased Damage ×2 and Hits Low instead is
    reported MOVE_MODIFIED at its ``as_bought``; one without ``as_bought`` is taken as bought (our ruling)."""
    same = wayne_pl1()
    punch = same["moves"][1]
    punch["as_bought"] = {"level": 3, "elements": copy.deepcopy(punch["elements"])}
    r = validate(same)
    assert not [f for f in r.violations if f.code == "MOVE_MODIFIED"]
    redesigned = copy.deepcopy(same)
    redesigned["moves"][1]["as_bought"]["elements"] = [
        {"id": "mobile"},
        {"id": "increased_damage", "times": 2},
        {"id": "hits_low"},
    ]
    found = [(f.code, f.path) for f in validate(redesigned).violations if f.code == "MOVE_MODIFIED"]
    assert found == [("MOVE_MODIFIED", "fighter.moves[1].as_bought")]
    relevelled = copy.deepcopy(same)
    relevelled["moves"][1]["as_bought"]["level"] = 2
    r = validate(relevelled)
    assert [f.message.rsplit("(", 1)[1].split(")")[0] for f in r.violations if f.code == "MOVE_MODIFIED"] == ["Level"]
    assert not [f for f in validate(wayne_pl1()).violations if f.code == "MOVE_MODIFIED"]


def test_even_level_with_blood_fist_borrowed_move() -> None:
    """A lone Blooming Dance in a borrowed-identity build: the Element slot loss applies (000 L5144)."""
    f = christine_pl2()
    f["qualities"][4] = {"id": "borrow_identity", "acquired_at_pl": 1, "director_approved": True}
    f["moves"][0] = copy.deepcopy(BLOOMING_DANCE) | {"acquired_at_pl": 1}
    assert any(v.code == "MOVE_ELEMENT_BUDGET_EXCEEDED" for v in validate(f).violations)
