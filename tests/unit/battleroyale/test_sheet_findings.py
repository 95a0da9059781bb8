"""A sheet as a player writes it: every slip is a finding in a 200 answer, and what the sheet leaves implicit is
inferred with an `info` finding that says what was assumed (issue #34). Figures worked by hand from 003."""

from __future__ import annotations

from typing import Any

from service.rules.battleroyale.character.models import RoyaleCharacterRequest, RoyaleCharacterValidation
from service.rules.battleroyale.character.validation import validate_character

from .support import carrie, codes, warning_codes


def check(character: dict[str, Any]) -> RoyaleCharacterValidation:
    return validate_character(RoyaleCharacterRequest.model_validate({"character": character}))


def info_codes(answer: RoyaleCharacterValidation) -> list[str]:
    return sorted(f.code for f in answer.info)


def test_a_missing_core_strength_is_a_finding_among_the_others() -> None:
    c = carrie()
    del c["core"]["past"]  # 003 L206–L210: every character has a Past
    c["techniques"][1]["chained_to"] = "nothing_here"  # 003 L268–L269: chained to a trait she lacks
    answer = check(c)
    assert codes(answer) == ["BONUS_POINTS_OVERSPENT", "CORE_STRENGTH_MISSING", "TECHNIQUE_CHAIN_INVALID"]
    assert next(f for f in answer.violations if f.code == "CORE_STRENGTH_MISSING").path == "character.core.past"
    # Bonus Points: For Justice 3 + an ordinary chained Technique 2 (L278–L279) + Tough 2 = 7 of 6
    assert answer.derived.bonus_points.used == 7
    # 22 less the Good Past's 3 (rank + 1, L468–L476) = 19
    assert answer.derived.damage_capacity == 19


def test_a_style_with_no_theme_is_valid_with_a_warning() -> None:
    c = carrie()
    c["styles"][0]["theme"] = ""  # the blank sheet prints no Theme (003 L1467–L1497); it has no price (L264–L295)
    answer = check(c)
    assert answer.valid and warning_codes(answer) == ["STYLE_THEME_MISSING"]
    c["styles"][0]["forms"] = []  # a Form it needs (003 L230, L988)
    assert codes(check(c)) == ["STYLE_INCOMPLETE"]


def test_traits_named_by_name_and_forms_in_any_case() -> None:
    c = carrie()
    c["techniques"][1]["chained_to"] = "Determination"  # her Focus by its name: still 1 Bonus Point (L279–L280)
    c["styles"][0]["forms"] = ["Ocean"]
    answer = check(c)
    assert answer.valid and not answer.warnings and answer.derived.bonus_points.used == 6
    assert info_codes(answer) == ["TRAIT_NAMED"]
    c["styles"][0]["forms"] = ["Ocaen"]  # 003 L1002–L1004: a made-up Form is allowed, so a warning
    assert warning_codes(check(c)) == ["FORM_CUSTOM"]
    c["techniques"][1]["chained_to"] = "Determinaton"
    assert "TECHNIQUE_CHAIN_INVALID" in codes(check(c))


def test_an_average_strength_is_taken_as_bought_with_bonus_points() -> None:
    c = carrie()
    del c["strengths"][2]["bought_with"]  # Average Tough, printed without its purchase
    answer = check(c)
    # 003 L286–L290, L297–L301: Average is what 2 Bonus Points buy: 3 + 1 + 2 = 6, Strength Ranks still 3 of 3
    assert answer.valid and info_codes(answer) == ["PURCHASE_INFERRED"]
    assert answer.derived.bonus_points.used == 6 and answer.derived.strength_ranks.used == 3


def test_an_exchanged_style_rank_is_inferred_when_only_it_balances() -> None:
    c = carrie()
    c["styles"][0]["rank"] = "good"  # one Style Rank used of 2
    c["strengths"] += [{"id": "rich", "name": "Rich", "rank": "good"}, {"id": "fast", "name": "Fast", "rank": "good"}]
    answer = check(c)
    # 003 L242–L243: 5 Strength Ranks used = 3 + 2 × 1, 1 Style Rank used = 2 − 1: one rank exchanged
    assert answer.valid and not answer.warnings and info_codes(answer) == ["EXCHANGE_INFERRED"]
    assert (answer.derived.strength_ranks.allowed, answer.derived.style_ranks.allowed_halves) == (5, 2)
    c["strengths"].pop()  # 4 Strength Ranks: no exchange balances, so none is assumed
    answer = check(c)
    assert codes(answer) == ["STRENGTH_RANKS_OVERSPENT"] and not answer.info


def test_a_signature_move_without_its_style() -> None:
    c = carrie()
    del c["strengths"][2]  # Tough's 2 Bonus Points go to the Signature Move's 3 (L295): 3 + 1 + 3 = 7
    c["signature_moves"] = [{"id": "iron_grip", "name": "Iron Grip"}]
    answer = check(c)
    assert info_codes(answer) == ["SIGNATURE_STYLE_INFERRED"] and answer.derived.bonus_points.used == 7
    c["styles"].append({"id": "judo", "name": "Judo", "rank": "good", "bought_with": "training", "forms": ["ocean"]})
    assert "SIGNATURE_MOVE_INVALID" in codes(check(c))  # two Styles: which one is not ours to guess


def test_carrie_as_the_sheet_prints_her() -> None:
    from service.rules.battleroyale.operations import examples

    answer = check(examples("validate_character")["carrie-as-printed"]["character"])
    # the walk-through's figures (003 L198–L301): valid; no Theme warns; Tough's purchase, Fearless's chain by name
    assert answer.valid and warning_codes(answer) == ["STYLE_THEME_MISSING"]
    assert info_codes(answer) == ["PURCHASE_INFERRED", "TRAIT_NAMED"] and answer.derived.bonus_points.used == 6
