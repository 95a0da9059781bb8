"""Thug building (Chapter 5, Building Thugs): a test per build rule, with prices worked out by hand from the
tables (000 L6509–L6556). The Thugs here are our own; the book's example Thugs (Appendix F) are held back."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules.fight2e.thugs.build import validate_thug, validate_thug_group
from service.rules.fight2e.thugs.catalogue import thug_catalogue
from service.rules.fight2e.thugs.models import ThugGroupRequest, ThugRequest, ThugValidation
from service.rules.fight2e.thugs.points import glory_divisor


def tough(**changes: Any) -> dict[str, Any]:
    """Our own dock tough: 1d6 Init (4) + Acc +1 (2) + 1d6 Damage (3) + Defense 3 + Life Save 3 + TL 2 = 17 TP."""
    return {
        "initiative": "1d6",
        "accuracy": 1,
        "damage": "1d6",
        "defense": 3,
        "life_save": 3,
        "threat_level": 2,
        **changes,
    }


def check(thug: dict[str, Any], **options: Any) -> ThugValidation:
    return validate_thug(ThugRequest.model_validate({"thug": thug, "options": options}))


def codes(answer: Any) -> set[str]:
    return {f.code for f in [*answer.violations, *answer.warnings, *answer.info]}


def test_base_build_prices_each_attribute() -> None:
    out = check(tough())
    # 000 L6513 1d6 = 4; L6520 +1 = 2; L6528 1d6 = 3; L6537 Defense and Life Save 1 for 1; L6542 TL 1 per level.
    assert [(i.attribute, i.points) for i in out.points.items] == [
        ("initiative", 4),
        ("accuracy", 2),
        ("damage", 3),
        ("defense", 3),
        ("life_save", 3),
        ("threat_level", 2),
    ]
    assert out.valid and out.points.total == 17 and out.points.rounded == 17
    assert out.glory_divisor == 5  # 000 L6553: 11–20 points divide by 5
    assert codes(out) == set()


@pytest.mark.parametrize(("die", "points"), [("1d4", 2), ("1d6", 4), ("1d8", 6), ("1d10", 8)])
def test_initiative_prices(die: str, points: int) -> None:
    out = check(tough(initiative=die))  # 000 L6512–L6515
    assert out.points.items[0].points == points and out.valid


@pytest.mark.parametrize("die", ["1d12", "1d2", "1", "1d3"])
def test_initiative_die_invalid(die: str) -> None:
    out = check(tough(initiative=die))  # 000 L6511–L6515 sell 1d4–1d10 only (ruling A6: no 1d12)
    assert "INITIATIVE_DIE_INVALID" in codes(out) and not out.valid
    assert out.violations[0].path == "thug.initiative"


@pytest.mark.parametrize(("accuracy", "points"), [(-2, -4), (-1, -2), (0, 0), (3, 6), (5, 10)])
def test_accuracy_prices(accuracy: int, points: int) -> None:
    assert check(tough(accuracy=accuracy)).points.items[1].points == points  # 000 L6517–L6524


@pytest.mark.parametrize("accuracy", [-3, 6])
def test_accuracy_out_of_range(accuracy: int) -> None:
    out = check(tough(accuracy=accuracy))  # 000 L6516–L6524: −2 to +5
    assert codes(out) >= {"ACCURACY_OUT_OF_RANGE"} and not out.valid


@pytest.mark.parametrize(
    ("die", "points"),
    [("1d2", 1), ("1d4", 2), ("1d8", 4), ("1d10", 5), ("1d12", 6), ("1d12+2", 7), ("1d12+4", 8)],
)
def test_damage_prices(die: str, points: int) -> None:
    # 000 L6526–L6531; L6532: each +2 past 1d12 is one point more.
    assert check(tough(damage=die)).points.items[2].points == points


@pytest.mark.parametrize("die", ["1", "1d3", "1d12+3", "1d10+2", "1d20"])
def test_damage_die_invalid(die: str) -> None:
    assert "DAMAGE_DIE_INVALID" in codes(check(tough(damage=die)))  # 000 L6525–L6532


def test_defense_cap_and_floor() -> None:
    over = check(tough(defense=6))  # 000 L6538: Defense may not exceed 5
    assert "DEFENSE_ABOVE_MAX" in {f.code for f in over.violations}
    allowed = check(tough(defense=6), allow_defense_over_5=True)  # ruling A1: the lenient switch warns instead
    assert allowed.valid and "DEFENSE_ABOVE_MAX" in {f.code for f in allowed.warnings}
    assert "DEFENSE_NEGATIVE" in codes(check(tough(defense=-1)))  # 000 L6537: bought 1 for 1 from 0
    assert check(tough(defense=5)).valid


def test_life_save_cap_floor_and_zero() -> None:
    assert "LIFE_SAVE_ABOVE_MAX" in codes(check(tough(life_save=11)))  # 000 L6539
    assert "LIFE_SAVE_NEGATIVE" in codes(check(tough(life_save=-1)))  # 000 L6537
    zero = check(tough(life_save=0, defense=4))  # 000 L6568: a roll of 1 already fails a Life Save of 0 (15 TP)
    assert zero.valid and [f.code for f in zero.warnings] == ["LIFE_SAVE_ZERO"]
    assert check(tough(life_save=10, threat_level=3)).valid  # 10 is allowed; 24 points


def test_threat_level_invalid() -> None:
    assert "THREAT_LEVEL_INVALID" in codes(check(tough(threat_level=-1)))  # 000 L6543: 0 is the least


def test_point_cap() -> None:
    # 1d10 (8) + +5 (10) + 1d12+8 (6+4 = 10) + Defense 5 + Life Save 10 + TL 3 = 46; four Qualities make 50.
    top = tough(initiative="1d10", accuracy=5, damage="1d12+8", defense=5, life_save=10, threat_level=3)
    four = [{"id": q} for q in ("intimidating", "alertness", "lucky", "charming")]
    at_cap = check({**top, "qualities": four})
    assert at_cap.points.total == 50 and at_cap.valid  # 000 L6507: no Thug above 50
    assert at_cap.glory_divisor == 2  # 000 L6556
    over = check({**top, "qualities": [*four, {"id": "genius"}]})
    assert over.points.total == 51 and "THUG_POINTS_EXCEED_MAX" in {f.code for f in over.violations}


def test_half_point_total_counts_up() -> None:
    out = check(tough(qualities=[{"id": "always_does_damage"}]))  # 000 L2807: ½ Element
    assert out.points.total == 17.5 and out.points.rounded == 18  # ruling A4
    assert out.valid and "THUG_POINTS_FRACTIONAL" in {f.code for f in out.warnings}


def test_declared_points_mismatch() -> None:
    out = check(tough(declared_points=16))  # ruling A2: the price computed from the tables wins
    assert out.valid and out.points.declared == 16 and out.points.total == 17
    assert [f.code for f in out.warnings] == ["THUG_POINTS_MISMATCH"]
    assert codes(check(tough(declared_points=17))) == set()


@pytest.mark.parametrize(
    ("points_tl", "warned"),
    [((9, 0), False), ((9, 1), True), ((12, 1), False), ((15, 1), False), ((15, 2), False), ((17, 0), True)],
)
def test_threat_level_guideline(points_tl: tuple[int, int], warned: bool) -> None:
    points, tl = points_tl
    # 000 L6507: under 10 points often TL 0, 10–15 TL 1, 15–25 TL 2, over 25 TL 3+. Build to the points asked:
    # 1d4 (2) + Acc 0 + 1d2 (1) + Defense d + Life Save 0 + TL t.
    thug = tough(initiative="1d4", accuracy=0, damage="1d2", life_save=1, threat_level=tl)
    thug["defense"] = points - 2 - 1 - 1 - tl
    out = check(thug)
    assert out.points.total == points
    assert ("THREAT_LEVEL_OUTSIDE_GUIDELINE" in codes(out)) is warned


def test_gun_needs_ranged_and_adds_a_die() -> None:
    out = check(tough(qualities=[{"id": "gun"}]))
    assert "GUN_REQUIRES_RANGED" in {f.code for f in out.violations}  # 000 L6636
    armed = check(tough(qualities=[{"id": "ranged"}, {"id": "gun"}]))
    assert armed.valid and armed.points.total == 17 + 2 + 1  # Ranged is 2 Elements (000 L3970), Gun 1 (L6540)
    assert armed.effective.damage == "1d8"  # 000 L6846: one die size more (ruling A5: on top of 1d6)
    listed = check(tough(qualities=[{"id": "ranged"}, {"id": "gun"}]), gun_die_included_in_listing=True)
    assert listed.effective.damage == "1d6"


def test_unique_qualities_priced() -> None:
    out = check(tough(qualities=[{"id": "hit_stun"}, {"id": "robust"}, {"id": "competent_villain"}]))
    # 000 L6638 and L6640: each counts as two Qualities; L6630: one.
    assert [i.points for i in out.points.items[6:]] == [2, 2, 1] and out.points.total == 22
    assert out.glory_divisor == 4  # 000 L6554: 21–35


def test_throw_sub_elements_need_throw() -> None:
    out = check(tough(qualities=[{"id": "throw.hurl"}]))
    assert "SUBELEMENT_REQUIRES_PARENT" in {f.code for f in out.violations}  # 000 L4367
    thrower = check(tough(qualities=[{"id": "throw"}, {"id": "throw.hurl"}]))
    assert thrower.valid and thrower.points.total == 17 + 2 + 1  # 000 L4335 Throw 2, L4367 Hurl 1
    blockable = check(tough(qualities=[{"id": "throw"}, {"id": "throw.hurl"}]), throws_blockable=True)
    assert blockable.points.total == 17 + 0 + 1  # 000 L4345: Throw costs nothing when Throws can be blocked


def test_variable_element_needs_its_count() -> None:
    out = check(tough(qualities=[{"id": "area_effect"}]))  # 000 L2831: 2 or more
    assert "ELEMENT_COST_REQUIRED" in {f.code for f in out.violations}
    assert out.violations[0].path == "thug.qualities[0].cost"
    assert "ELEMENT_COST_REQUIRED" in codes(check(tough(qualities=[{"id": "explosive", "cost": 1}])))
    bought = check(tough(qualities=[{"id": "area_effect", "cost": 3}], threat_level=3))
    assert bought.valid and bought.points.total == 17 + 1 + 3


def test_duplicate_trait() -> None:
    out = check(tough(qualities=[{"id": "intimidating"}, {"id": "intimidating"}]))
    assert [(f.code, f.path) for f in out.violations] == [("DUPLICATE_TRAIT", "thug.qualities[1]")]


def test_contradictory_traits() -> None:
    assert "CONTRADICTORY_TRAITS" in codes(check(tough(qualities=[{"id": "tall"}, {"id": "short"}])))
    big_light = check(tough(qualities=[{"id": "big"}], weaknesses=["light"]))  # a Quality against a Weakness
    assert [(f.code, f.path) for f in big_light.violations] == [("CONTRADICTORY_TRAITS", "thug.weaknesses[0]")]


def test_traits_off_the_thug_lists() -> None:
    # 000 L6586: other standard Qualities may be used; ruling A7b: a warning, priced as one Quality.
    fame = check(tough(qualities=[{"id": "fame"}]))
    assert fame.valid and [f.code for f in fame.warnings] == ["QUALITY_NOT_ON_THUG_LIST"]
    assert fame.points.total == 18
    unknown = check(tough(qualities=[{"id": "sword_saint"}]))
    assert unknown.points.total == 18 and "QUALITY_NOT_ON_THUG_LIST" in codes(unknown)
    # 000 L6626: the Director may choose other Elements; priced at their count of Elements (Increased Damage: 1).
    element = check(tough(qualities=[{"id": "increased_damage"}]))
    assert element.points.total == 18 and "QUALITY_NOT_ON_THUG_LIST" in codes(element)
    # 000 L6602: other Weaknesses with the Director's leave, −1 each (L6541).
    phobia = check(tough(weaknesses=["phobia"]))
    assert (
        phobia.valid
        and phobia.points.total == 16
        and [f.code for f in phobia.warnings] == ["WEAKNESS_NOT_ON_THUG_LIST"]
    )
    misplaced = check(tough(qualities=[{"id": "thick"}]))  # a Weakness under qualities: priced as a Quality, warned
    assert misplaced.points.total == 18 and "Weakness" in misplaced.warnings[0].message
    listed = check(tough(weaknesses=["thick", "unlucky"]))  # 000 L6605, L6609
    assert listed.points.total == 15 and codes(listed) == set()


def test_skilled_count_and_level() -> None:
    skilled = tough(qualities=[{"id": "skilled"}])  # 18 points: ceil(18/10) = 2 skills at max(Defense 3, 4) = 4
    good = check({**skilled, "skills": [{"id": "perception", "level": 4}, {"id": "stealth", "level": 4}]})
    assert good.valid and (good.skill_levels.skilled_count, good.skill_levels.skilled_level) == (2, 4)
    one = check({**skilled, "skills": [{"id": "perception", "level": 4}]})
    assert "SKILLED_SKILL_COUNT" in {f.code for f in one.violations}  # 000 L6642
    low = check({**skilled, "skills": [{"id": "perception", "level": 3}, {"id": "stealth", "level": 4}]})
    assert [(f.code, f.path) for f in low.violations] == [("SKILLED_SKILL_LEVEL", "thug.skills[0].level")]
    unskilled = check(tough(skills=[{"id": "perception", "level": 4}]))
    assert "SKILLED_SKILL_COUNT" in codes(unskilled)  # no Skilled Quality, so no skills to list


def test_skill_levels_for_checks() -> None:
    out = check(tough(defense=5, threat_level=3))
    assert out.skill_levels.quality_checks == 5  # 000 L6582: a Quality's check at the Defense
    assert out.skill_levels.assumed_skills == 3  # 000 L6828: half of Defense 5, rounded up


def test_saga_scale_oni() -> None:
    # 000 L6814–L6816: 1d4 / +1 / 1d6 / Defense 2 / Life Save 2 / TL 1 at Saga Scale 10 fights as
    # 1d6 / +2 / 1d8 / 3 / 3 / 2. The tables price it 2 + 2 + 3 + 2 + 2 + 1 = 12 (the book says 10; ruling A3).
    oni = {"initiative": "1d4", "accuracy": 1, "damage": "1d6", "defense": 2, "life_save": 2, "threat_level": 1}
    out = check(oni, saga_scale=10)
    e = out.effective
    assert (e.initiative, e.accuracy, e.damage, e.defense, e.life_save, e.threat_level) == ("1d6", 2, "1d8", 3, 3, 2)
    assert out.points.total == 12 and out.glory_divisor == 5  # 000 L6812: the price is unchanged by the scale


def test_saga_scale_past_the_caps() -> None:
    # 000 L6812: three steps at Saga Scale 1000; the scaled values may pass 1d10 and the caps (ruling A6).
    out = check(tough(initiative="1d10", defense=5, life_save=9, threat_level=3), saga_scale=1000)
    e = out.effective
    # 1d10 is step 5 of the chain and 1d6 step 3 (000 L5455–L5469): three more give 1d12+4 and 1d12.
    assert (e.steps, e.initiative, e.damage, e.defense, e.life_save) == (3, "1d12+4", "1d12", 8, 12)


def test_saga_scale_invalid() -> None:
    out = check(tough(), saga_scale=50)  # 000 L6810: 10, 100 or 1000
    assert [(f.code, f.path) for f in out.violations] == [("SAGA_SCALE_INVALID", "options.saga_scale")]


@pytest.mark.parametrize(
    ("points", "divisor"),
    [(-3, 10), (0, 10), (10, 10), (11, 5), (20, 5), (21, 4), (35, 4), (36, 3), (45, 3), (46, 2), (50, 2)],
)
def test_glory_divisor_table(points: int, divisor: int) -> None:
    assert glory_divisor(points) == divisor  # 000 L6551–L6556


def group(*members: tuple[dict[str, Any], int]) -> Any:
    body = {"group": {"members": [{"thug": t, "count": n} for t, n in members]}}
    return validate_thug_group(ThugGroupRequest.model_validate(body))


def test_group_of_one_build() -> None:
    out = group((tough(), 6))
    assert out.valid and out.size == 6 and out.glory_divisor == 5
    assert group((tough(name="first"), 2), (tough(name="second"), 3)).valid  # one build under two names


@pytest.mark.parametrize("size", [0, 11])
def test_group_size(size: int) -> None:
    assert "GROUP_SIZE_OUT_OF_RANGE" in codes(group((tough(), size)))  # 000 L6497: up to 10; L6499: at least one


def test_group_mixed_builds() -> None:
    # 000 L6534–L6545: a 25-point leader cannot share a group with five 15-point followers.
    leader = tough(initiative="1d8", accuracy=2, damage="1d8", defense=4, life_save=5, threat_level=2)  # 25
    follower = tough(initiative="1d4", accuracy=1, damage="1d6", defense=3, life_save=3, threat_level=2)  # 15
    out = group((leader, 1), (follower, 5))
    assert [m.points.total for m in out.members] == [6 + 4 + 4 + 4 + 5 + 2, 2 + 2 + 3 + 3 + 3 + 2]
    assert [(f.code, f.path) for f in out.violations] == [("GROUP_MIXED_BUILDS", "group.members[1].thug")]
    assert out.glory_divisor == 5  # the cheaper build, 15 points (000 L6547, L6553)


def test_villain_qualities_on_a_crowd() -> None:
    boss = tough(qualities=[{"id": "competent_villain"}, {"id": "dramatic_villain"}])
    assert group((boss, 1)).warnings == []
    crowd = group((boss, 3))  # 000 L6630, L6632: meant for a group of one
    assert crowd.valid and [f.code for f in crowd.warnings] == ["VILLAIN_QUALITY_GROUP_SIZE"] * 2


def test_thug_catalogue_lists() -> None:
    traits = thug_catalogue().traits
    kinds = [t.kind for t in traits.values()]
    # 000 L6588–L6598: 21 Qualities; L6604–L6609: 12 Weaknesses; L6611–L6624: 27 Elements; L6630–L6642: 6 more.
    assert (kinds.count("quality"), kinds.count("weakness"), kinds.count("element")) == (21, 12, 27)
    assert kinds.count("thug_quality") == 6 and kinds.count("sub_element") == 4
    assert (traits["knocks_down"].cost, traits["ranged"].cost, traits["always_does_damage"].cost) == (2, 2, 0.5)
    assert traits["area_effect"].variable_cost and not traits["throw"].variable_cost


_DICE = st.sampled_from(["1", "1d2", "1d4", "1d6", "1d8", "1d10", "1d12", "1d12+2", "1d12+6", "1d20"])
_TRAITS = st.sampled_from(["intimidating", "ranged", "gun", "area_effect", "robust", "fame", "big", "tall"])


@given(
    init=_DICE,
    dmg=_DICE,
    values=st.tuples(*(st.integers(-20, 50) for _ in range(3)), st.integers(-20, 20)),
    qualities=st.lists(_TRAITS, max_size=6),
    weaknesses=st.lists(st.sampled_from(["thick", "light", "phobia"]), max_size=3),
    scale=st.sampled_from([1, 10, 100, 1000, 7]),
)
def test_any_build_is_answered_and_adds_up(
    init: str,
    dmg: str,
    values: tuple[int, int, int, int],
    qualities: list[str],
    weaknesses: list[str],
    scale: int,
) -> None:
    defense, life_save, tl, acc = values
    thug = {
        "initiative": init,
        "accuracy": acc,
        "damage": dmg,
        "defense": defense,
        "life_save": life_save,
        "threat_level": tl,
        "qualities": [{"id": q} for q in qualities],
        "weaknesses": weaknesses,
    }
    out = check(thug, saga_scale=scale)
    assert out.points.total == sum(i.points for i in out.points.items)
    assert out.valid == (not out.violations)
    if out.valid:
        assert out.points.rounded <= 50 and 0 <= defense <= 5 and 0 <= life_save <= 10
    assert check(thug, saga_scale=scale) == out  # the same request, the same answer
