"""Every code Thug and Thug group validation can report: stable, with severity, meaning and book reference.

``docs/validation-codes.md`` carries this table (``make contracts``). Rulings the service takes where the book is
silent are noted on the code's line with the rules digest's ruling number.
"""

from __future__ import annotations

from ...codes import Code

_CODES = [
    # ── Thug Points ──────────────────────────────────────────────────────────────────────────────────
    Code("THUG_POINTS_EXCEED_MAX", "error", "The Thug costs more than 50 Thug Points.", "000 L6507"),
    # Ruling A4: a half-point Element (Always Does Damage) leaves a fraction; the cap and Glory use it rounded up.
    Code(
        "THUG_POINTS_FRACTIONAL",
        "warning",
        "The total holds a half point; the cap and the Glory divisor use it rounded up.",
        "000 L2807, L6540",
    ),
    # Ruling A2: the computed price is the one used; a declared total that differs is reported beside it.
    Code("THUG_POINTS_MISMATCH", "warning", "The declared Thug Points differ from the price computed.", "000 L6509"),
    # ── Attributes ───────────────────────────────────────────────────────────────────────────────────
    # Ruling A6: 1d12 Initiative cannot be bought (events and Saga Scale may still raise the die to it).
    Code("INITIATIVE_DIE_INVALID", "error", "Initiative is not a die the table sells (1d4–1d10).", "000 L6511–L6515"),
    Code("ACCURACY_OUT_OF_RANGE", "error", "Accuracy is outside −2 to +5.", "000 L6516–L6524"),
    Code("DAMAGE_DIE_INVALID", "error", "Damage is not 1d2–1d12 or 1d12 plus a multiple of 2.", "000 L6525–L6532"),
    # Ruling A1: an error unless the request allows it (`allow_defense_over_5`), then a warning.
    Code("DEFENSE_ABOVE_MAX", "error", "Defense above 5.", "000 L6538"),
    Code("DEFENSE_NEGATIVE", "error", "Defense below 0 (it is bought point by point from 0).", "000 L6537"),
    Code("LIFE_SAVE_ABOVE_MAX", "error", "Life Save above 10.", "000 L6539"),
    Code("LIFE_SAVE_NEGATIVE", "error", "Life Save below 0 (it is bought point by point from 0).", "000 L6537"),
    Code("LIFE_SAVE_ZERO", "warning", "Life Save 0: every hit takes a Thug out.", "000 L6568"),
    Code("THREAT_LEVEL_INVALID", "error", "Threat Level below 0.", "000 L6542–L6543"),
    Code(
        "THREAT_LEVEL_OUTSIDE_GUIDELINE",
        "warning",
        "The Threat Level is not the one the book pairs with this many Thug Points (a guideline).",
        "000 L6507",
    ),
    # ── Qualities and Weaknesses ─────────────────────────────────────────────────────────────────────
    Code("GUN_REQUIRES_RANGED", "error", "Gun without the Ranged Quality.", "000 L6636"),
    Code("SUBELEMENT_REQUIRES_PARENT", "error", "A Throw sub-Element bought without Throw.", "000 L4349–L4377"),
    Code(
        "ELEMENT_COST_REQUIRED",
        "error",
        "An Element priced `n or more` without the count bought, or below its least count.",
        "000 L6626",
    ),
    Code("DUPLICATE_TRAIT", "error", "The same Quality or Weakness is listed twice.", "000 L6582"),
    Code("CONTRADICTORY_TRAITS", "error", "Two traits that exclude each other (e.g. Tall and Short).", "000 L947–L949"),
    # Ruling A7b: any trait off the lists is accepted with this warning, priced as one Quality or one Weakness
    # (an Element at its count of Elements).
    Code("QUALITY_NOT_ON_THUG_LIST", "warning", "A Quality off the Thug list; the Director may allow it.", "000 L6586"),
    Code(
        "WEAKNESS_NOT_ON_THUG_LIST", "warning", "A Weakness off the Thug list; the Director may allow it.", "000 L6602"
    ),
    Code(
        "SKILLED_SKILL_COUNT",
        "error",
        "Skilled skills listed are not one per 10 Thug Points, up.",
        "000 L6642",
    ),
    Code("SKILLED_SKILL_LEVEL", "error", "A Skilled skill is not at the Defense or 4, the higher.", "000 L6642"),
    # ── Groups and options ───────────────────────────────────────────────────────────────────────────
    Code("GROUP_SIZE_OUT_OF_RANGE", "error", "A Thug group of fewer than 1 or more than 10.", "000 L6497, L6499"),
    Code("GROUP_MIXED_BUILDS", "error", "A group whose members are not all one build.", "000 L6534, L6545"),
    Code(
        "VILLAIN_QUALITY_GROUP_SIZE",
        "warning",
        "Competent or Dramatic Villain on a group of more than one.",
        "000 L6630, L6632",
    ),
    Code("SAGA_SCALE_INVALID", "error", "Saga Scale other than 1, 10, 100 or 1000.", "000 L6810"),
]

THUG_CODES: dict[str, Code] = {c.code: c for c in _CODES}
assert len(THUG_CODES) == len(_CODES), "duplicate thug code"
