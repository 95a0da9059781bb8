"""Attack Strings, from the book's examples (000 L5171–L5206)."""

from __future__ import annotations

from service.rules.fight2e.moves.attack_strings import AttackStringRequest, price_attack_string

ON = {"attack_strings": True}


def string(**request: object):  # type: ignore[no-untyped-def]
    return price_attack_string(AttackStringRequest.model_validate({"campaign": ON, **request}))


def test_skill_four_string() -> None:
    """Attack String 4: −1 Accuracy, base damage 1d4+4 (000 L5177, L5202)."""
    r = string(length=4, skill=4)
    assert r.legal, r.violations
    assert (r.accuracy, r.damage.die, r.damage.flat_bonus, r.control, r.glory) == (-1, "1d4", 4, 4, 1)


def test_a_shorter_string_than_the_skill() -> None:
    """With Attack String 5 a 2-move string has no penalty and does 1d4+2 (000 L5202)."""
    r = string(length=2, skill=5)
    assert r.legal and (r.accuracy, r.damage.flat_bonus, r.control) == (0, 2, 2)


def test_hard_to_evade_counts_as_two_more_moves() -> None:
    """A 3-hit string with Hard to Evade counts as 5 hits, with a 3-hit string's Accuracy and damage (000 L5198)."""
    r = string(length=3, skill=5, elements=["hard_to_evade"])
    assert r.legal, r.violations
    assert (r.counted_length, r.control, r.accuracy, r.damage.flat_bonus) == (5, 5, -1, 3)
    assert r.accuracy_vs["evasion"] == 0  # Hard to Evade's +1 against Evasion


def test_knocks_down_counts_as_three_more_moves() -> None:
    """A 4-hit string that Knocks Down counts as 7 hits (000 L5198)."""
    r = string(length=4, skill=7, elements=["knocks_down"])
    assert r.legal, r.violations
    assert r.counted_length == 7 and "knocks_down" in r.keywords
    short = string(length=4, skill=6, elements=["knocks_down"])
    assert {v.code for v in short.violations} == {"ATTACK_STRING_EXCEEDS_SKILL"}


def test_rules_for_added_elements() -> None:
    codes = lambda r: {v.code for v in r.violations}  # noqa: E731
    assert "ATTACK_STRING_TOO_SHORT" in codes(string(length=2, skill=9, elements=["hits_low"]))
    assert "ATTACK_STRING_ELEMENT_NOT_ALLOWED" in codes(string(length=3, skill=9, elements=["ranged"]))
    assert "ATTACK_STRING_MODIFIER_NOT_ALLOWED" in codes(string(length=3, skill=9, elements=["throw.hurl"]))
    assert "ATTACK_STRING_MODIFIER_NOT_ALLOWED" in codes(string(length=3, skill=9, elements=["harry", "harry"]))
    assert "ATTACK_STRINGS_DISABLED" in codes(price_attack_string(AttackStringRequest(length=3, skill=3)))
    assert "ATTACK_STRING_EXCEEDS_SKILL" in codes(string(length=6, skill=9, director_cap=5))


def test_the_book_list_of_ending_elements() -> None:
    """The twelve base Elements the book lets an Attack String end with (000 L5185–L5196), and none other."""
    listed = {
        "throw",
        "knocks_down",
        "hits_low",
        "crouching",
        "increased_stun",
        "harry",
        "fast_recovery",
        "hard_to_evade",
        "increased_knockback",
        "knockback_advance",
        "does_no_knockback",
        "position_shift",
    }
    refused = {"ranged", "increased_damage", "unblockable", "area_effect", "mobile"}
    for ident in listed | refused:
        found = {v.code for v in string(length=3, skill=20, elements=[ident]).violations}
        assert ("ATTACK_STRING_ELEMENT_NOT_ALLOWED" in found) is (ident in refused), ident
