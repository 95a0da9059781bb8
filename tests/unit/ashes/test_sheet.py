"""Sheet rules of seed 004, one test each, figures worked by hand from the text."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from service.rules.ashes.combatant.models import WeaponCarried, WeaponField
from service.rules.ashes.combatant.sheet import CombatantRequest, validate_combatant


def _check(**sheet: Any) -> Any:
    return validate_combatant(CombatantRequest.model_validate({"combatant": {"id": "kai", **sheet}}))


def codes(answer: Any) -> list[str]:
    return [f.code for f in answer.violations]


def test_a_plain_sheet_is_valid_and_its_figures_add_up() -> None:
    # 004 L67: each Health Box holds 10 Health; two boxes, one at 7 → 17 of 20.
    answer = _check(degree=1, aura=5, health_boxes=[7, 10], armor={"rating": 2})
    assert answer.valid and not answer.warnings
    assert (answer.figures.health, answer.figures.health_max, answer.figures.armor) == (17, 20, 2)
    assert answer.figures.advantage == "unarmed"  # no weapon: Unarmed strikes (004 L97)


def test_aura_needs_degree_one() -> None:
    # 004 L63: Aura belongs to characters of Degree 1 or higher.
    assert codes(_check(degree=0, aura=3)) == ["AURA_WITHOUT_DEGREE"]
    assert _check(degree=0, aura=0).valid


def test_a_health_box_holds_at_most_ten() -> None:
    # 004 L67: each Health Box contains 10 Health.
    answer = _check(health_boxes=[10, 11])
    assert codes(answer) == ["HEALTH_BOX_INVALID"] and answer.violations[0].path == "combatant.health_boxes[1]"


def test_armor_ratings_come_from_the_chart() -> None:
    # 004 L106–L110: the chart has ratings 1 to 3; greater armor is unique (legendary).
    assert codes(_check(armor={"rating": 4})) == ["ARMOR_INVALID"]
    legendary = _check(armor={"rating": 4, "legendary": True})
    # Its unique powers are in its own description: a note naming it, nothing `unsupported`.
    assert legendary.valid and not legendary.unsupported
    assert [(n.code, n.path) for n in legendary.info] == [("NEEDS_CORE_RULEBOOK", "combatant.armor.legendary")]


def test_weapons_come_from_the_pack_and_improvised_ones_name_what_they_imitate() -> None:
    # 004 L98: an improvised weapon stands in for another type (a parasol for a spear).
    assert codes(_check(weapon={"type": "katana"})) == ["WEAPON_UNKNOWN"]
    assert codes(_check(weapon={"type": "improvised"})) == ["WEAPON_INVALID"]
    assert codes(_check(weapon={"type": "balanced", "mimics": "reach"})) == ["WEAPON_INVALID"]
    parasol = _check(weapon={"type": "improvised", "mimics": "reach"})
    assert parasol.valid and parasol.figures.advantage == "reach"


def test_a_technique_without_keyword_is_a_warning() -> None:
    # 004 L51, L56: Offensive, Defensive or Versatile decide which Sets a Technique bolsters.
    answer = _check(techniques=[{"id": "tiger_claw"}])
    assert answer.valid and [w.code for w in answer.warnings] == ["TECHNIQUE_KEYWORD_MISSING"]
    with pytest.raises(ValidationError):  # not a word at all: malformed input
        CombatantRequest.model_validate({"combatant": {"id": "kai", "techniques": [{"id": "x", "keywords": [3]}]}})


def test_a_broken_sheet_is_answered_with_every_finding() -> None:
    # 004 L51, L56: the keywords are Offensive, Defensive and Versatile; 004 L89–L98 lists the weapon types. A
    # misspelt keyword and weapon are findings beside the sheet's other broken rules (Aura at Degree 0, L63).
    answer = _check(
        degree=0,
        aura=2,
        techniques=[{"id": "Iron-Palm", "keywords": ["Offensive", "sneaky"]}],
        weapon={"type": "balancd"},
    )
    assert sorted(codes(answer)) == ["AURA_WITHOUT_DEGREE", "TECHNIQUE_KEYWORD_UNKNOWN", "WEAPON_UNKNOWN"]
    keyword = next(v for v in answer.violations if v.code == "TECHNIQUE_KEYWORD_UNKNOWN")
    assert keyword.path == "combatant.techniques[0].keywords[1]" and "versatile" in keyword.message
    weapon = next(v for v in answer.violations if v.code == "WEAPON_UNKNOWN")
    assert "balanced" in weapon.message and "reflexive" in weapon.message  # the allowed values are listed


def test_names_as_the_text_writes_them_are_read_as_the_packs_ids() -> None:
    # 004 L90: "Balanced"; a combatant called Kell; "Awakened" and "Physical" as a player writes them.
    request = CombatantRequest.model_validate(
        {
            "combatant": {
                "id": "Kell",
                "degree": 1,
                "weapon": {"type": "Balanced"},
                "techniques": [{"id": "Tiger Claw".replace(" ", "_"), "keywords": ["VERSATILE"]}],
                "chakras": [{"id": "Heart", "state": "Awakened", "recovery": 2, "pool": 10}],
                "imbalances": [{"id": "Cracked_Rib", "kind": "Physical"}],
            }
        }
    )
    answer = validate_combatant(request)
    assert answer.valid and answer.figures.advantage == "balanced" and not answer.warnings
    # Each name read so is a note (NAME_READ), saying what it was read as.
    assert [(n.code, n.path, n.message) for n in answer.info] == [
        ("NAME_READ", "combatant.weapon.type", "'Balanced' is read as the pack's 'balanced'."),
        ("NAME_READ", "combatant.techniques[0].keywords[0]", "'VERSATILE' is read as the pack's 'versatile'."),
        ("NAME_READ", "combatant.imbalances[0].kind", "'Physical' is read as the pack's 'physical'."),
        ("NAME_READ", "combatant.chakras[0].state", "'Awakened' is read as the pack's 'awakened'."),
    ]
    c = request.combatant
    assert (c.id, c.weapon and c.weapon.type, c.techniques[0].keywords, c.imbalances[0].kind) == (
        "Kell",
        "balanced",
        ["versatile"],
        "physical",
    )
    assert _check(weapon={"type": "Space-age"}).violations[0].code == "WEAPON_UNKNOWN"


def test_an_improvised_weapon_imitates_a_weapon_and_power_is_for_stand_ins_only() -> None:
    # 004 L98: a stand-in for a weapon (a parasol for a spear): not for bare hands (ruling) or another stand-in.
    assert codes(_check(weapon={"type": "improvised", "mimics": "unarmed"})) == ["WEAPON_INVALID"]
    assert codes(_check(weapon={"type": "improvised", "mimics": "improvised"})) == ["WEAPON_INVALID"]
    # 004 L99: the Power skill improvises massive objects; a sword is no improvised object.
    assert codes(_check(weapon={"type": "balanced", "power": True})) == ["WEAPON_INVALID"]
    assert _check(weapon={"type": "improvised", "mimics": "heavy", "power": True}).valid


def test_a_weapon_finding_points_at_the_field_sent() -> None:
    # 004 L98-L99: the finding names the request's field, `mimics` or `power`, wherever the sheet holds the weapon.
    assert [f.path for f in _check(weapon={"type": "balanced", "power": True}).violations] == ["combatant.weapon.power"]
    assert [f.path for f in _check(weapon={"type": "improvised"}).violations] == ["combatant.weapon.mimics"]
    assert [f.path for f in _check(weapon={"type": "Space-age"}).violations] == ["combatant.weapon.type"]
    # the paths' vocabulary is the request model's own fields, so a renamed field cannot leave a stale path
    assert {f.value for f in WeaponField} == set(WeaponCarried.model_fields)


def test_chakra_figures_follow_awakening() -> None:
    # 004 L73: Recovery is the awakening Set's rank (at least 2, L72) and the Pool Recovery × 5.
    good = {"id": "heart", "state": "awakened", "recovery": 2, "pool": 10, "prana": 6}
    assert _check(chakras=[good]).valid
    assert codes(_check(chakras=[{**good, "pool": 12}])) == ["CHAKRA_INVALID"]
    assert codes(_check(chakras=[{**good, "recovery": 1, "pool": 5, "prana": 0}])) == ["CHAKRA_INVALID"]
    assert codes(_check(chakras=[{**good, "prana": 11}])) == ["CHAKRA_INVALID"]
    assert codes(_check(chakras=[{"id": "crown", "prana": 2}])) == ["CHAKRA_INVALID"]  # slumbering: empty


def test_ids_are_unique_and_every_finding_comes_at_once() -> None:
    answer = _check(
        degree=0, aura=1, health_boxes=[12], imbalances=[{"id": "a"}, {"id": "a"}], weapon={"type": "improvised"}
    )
    assert sorted(codes(answer)) == ["AURA_WITHOUT_DEGREE", "DUPLICATE_ID", "HEALTH_BOX_INVALID", "WEAPON_INVALID"]
    assert answer.violations[0].ref is not None and answer.violations[0].ref.section == "Aura, Health, and Imbalances"


def test_a_custom_pack_wins_over_the_named_one() -> None:
    from service.rules.ashes.pack import PACKS

    own = PACKS["default"].model_dump(mode="json") | {"health_box": {"value": 12, "source": {"ruling": "house"}}}
    answer = validate_combatant(
        CombatantRequest.model_validate({"combatant": {"id": "kai", "health_boxes": [12]}, "custom_pack": own})
    )
    assert answer.valid and answer.figures.health_max == 12


def test_the_published_examples() -> None:
    from service.rules.ashes.operations import examples

    cases = examples("validate_combatant")
    assert validate_combatant(CombatantRequest.model_validate(cases["degree-one-swordsman"])).valid
    bad = validate_combatant(CombatantRequest.model_validate(cases["aura-without-degree"]))
    assert codes(bad) == ["AURA_WITHOUT_DEGREE"]
    kell = validate_combatant(CombatantRequest.model_validate(cases["names-as-written-one-misspelt"]))
    assert codes(kell) == ["TECHNIQUE_KEYWORD_UNKNOWN"]  # 004 L51: "sneaky" is no keyword; the rest is read


def test_the_shipped_packs_list_each_id_once_and_name_known_skills() -> None:
    from service.rules.ashes.pack import PACKS

    for pack in PACKS.values():
        for ids in ([w.id for w in pack.weapons], [s.id for s in pack.skills], [r.id for r in pack.rank_zero]):
            assert len(ids) == len(set(ids))
        assert {w.defence_skill for w in pack.weapons if w.defence_skill} <= pack.skill_ids
        assert {r.skill for r in pack.rank_zero if r.skill} <= pack.skill_ids
        assert all(w.source.ref or w.source.ruling for w in pack.weapons)
