"""Every validation code the fight2e move rules can report: stable, with severity, meaning and book reference.

``docs/validation-codes.md`` is generated from this table (``make docs``) and a test keeps them equal.
"""

from __future__ import annotations

from ...codes import Code, Severity

_CODES = [
    # Catalogue and campaign
    Code("UNKNOWN_ENTRY", "error", "The id is not an Element or Liability of the catalogue."),
    Code("ENTRY_IN_WRONG_LIST", "error", "An Element listed under liabilities, or a Liability under elements."),
    Code("DUPLICATE_ENTRY", "error", "The same entry is listed twice; list it once with `times`."),
    Code("ENTRY_DENIED_BY_CAMPAIGN", "error", "The Director has disallowed this entry in the campaign.", "000 L2303"),
    Code("CAMPAIGN_OPTION_REQUIRED", "error", "The entry needs a campaign option that is off.", "000 L5321"),
    Code("SUPER_ONLY_ENTRY", "error", "A Super-only Element or Liability on a Special Move.", "000 L2724–L2737"),
    # Level and kind
    Code("LEVEL_BELOW_MINIMUM", "error", "A Special Move below L2 (an L1 move is a Basic Move).", "000 L2265"),
    Code("SUPER_LEVEL_BELOW_MINIMUM", "error", "A Super Move below L5.", "000 L5214"),
    Code("SUPER_POWER_LEVEL_TOO_LOW", "error", "A Super Move for a Fighter below Power Level 3.", "000 L5216"),
    Code("SUPERS_DISABLED", "error", "A Super Move in a campaign without Super Moves.", "000 L5210"),
    # Budget
    Code(
        "ELEMENT_BUDGET_EXCEEDED",
        "error",
        "More Elements spent than the level's slots plus Liabilities allow.",
        "000 L2287–L2289",
    ),
    Code("ELEMENT_COST_CAP_EXCEEDED", "error", "One Element costs more than twice the move's level.", "000 L2291"),
    Code("INSTANCE_LIMIT_EXCEEDED", "error", "An entry taken more times than it may be.", "000 L2751"),
    Code("ELEMENT_ALREADY_GRANTED", "error", "Knocks Down bought on a Super Move, which has it for free.", "000 L5234"),
    Code(
        "SUPER_OFFENSE_SPEND_TOO_LOW",
        "error",
        "A damaging Super spends under half its Elements on Breakthrough, Increased Accuracy, Increased Damage "
        "or Invincibility.",
        "000 L5234",
    ),
    # Requirements
    Code("PREREQUISITE_MISSING", "error", "A required Element or Liability (or a modifier's base) is not on the move."),
    Code(
        "REQUIRED_KEYWORD_MISSING",
        "error",
        "A keyword the entry needs is absent from the move built without that entry.",
        "000 L2745–L2747",
    ),
    Code("INCOMPATIBLE_ENTRIES", "error", "Two entries that exclude each other are on the same move."),
    Code("CHARACTER_REQUIREMENT_UNMET", "error", "The Fighter lacks a trait the entry needs (e.g. the Ki Skill)."),
    Code("DESIGN_CHOICE_MISSING", "error", "A design choice the entry needs was not given.", "000 L2301"),
    Code("DESIGN_CHOICE_INVALID", "error", "A design choice is unknown or outside what the entry allows.", "000 L2301"),
    # Keyword well-formedness
    Code("MOVEMENT_KEYWORD_NOT_UNIQUE", "error", "The move does not have exactly one Movement keyword.", "000 L2377"),
    Code(
        "OFFENSIVE_RANGE_KEYWORD_NOT_UNIQUE",
        "error",
        "An Offensive move without exactly one Range keyword.",
        "000 L2337",
    ),
    Code("OFFENSIVE_DAMAGE_KEYWORD_MISSING", "error", "An Offensive move with no Damage keyword.", "000 L2337"),
    Code("PASSIVE_WITHOUT_DEFENSIVE_RESPONSE", "error", "Passive without a Defensive Response keyword.", "000 L2399"),
    Code("UTILITY_WITH_HIT_OR_MISS_EFFECT", "error", "A Utility move with an On-Hit or On-Miss effect.", "000 L2349"),
    Code("MODIFIER_KEYWORD_DUPLICATED", "error", "Two entries add the same Modifier keyword.", "000 L2413"),
    Code(
        "MODIFIER_KEYWORD_TARGETING", "error", "Away or Closer on a move that hits several targets.", "000 L2419–L2421"
    ),
    # Move-level specials
    Code(
        "FREE_THROW_INVALID",
        "error",
        "A free Basic Throw that is not an L2 Special Move with Throw, or too many.",
        "000 L2070",
    ),
    Code("TIER_INVALID", "error", "A tier above 1 outside a three-tier Super Move campaign.", "000 L5287–L5295"),
    # Attack Strings (000 L5171–L5206)
    Code("ATTACK_STRINGS_DISABLED", "error", "An Attack String in a campaign without them.", "000 L5173"),
    Code("ATTACK_STRING_TOO_SHORT", "error", "Elements added to a string of fewer than three moves.", "000 L5198"),
    Code(
        "ATTACK_STRING_ELEMENT_NOT_ALLOWED",
        "error",
        "An added Element that is not on the book's list.",
        "000 L5185–L5196",
    ),
    Code(
        "ATTACK_STRING_MODIFIER_NOT_ALLOWED",
        "error",
        "A modifier, a Liability or a second instance added to a string.",
        "000 L5183",
    ),
    Code(
        "ATTACK_STRING_EXCEEDS_SKILL",
        "error",
        "The string, added Elements counted, is longer than the Attack String Skill or the Director's limit.",
        "000 L5175, L5198",
    ),
    # Entry-specific constraints (checked in code; see moves_constraints.py)
    Code(
        "DIRECTOR_APPROVAL_REQUIRED", "warning", "The book leaves this entry to the Director's approval.", "000 L2303"
    ),
    # Information
    Code("HALF_ELEMENT_ROUNDED_UP", "info", "A lone ½ Element is charged as a whole one.", "000 L2287"),
    Code(
        "UNPAIRED_HALF_LIABILITY",
        "info",
        "A lone ½ Liability earns nothing here; paired with another move's it buys 1 Fighting Spirit.",
        "000 L2289",
    ),
    Code("MP_FLOOR_APPLIED", "info", "The unused-slot discount hit the 1 Move Point minimum.", "000 L2293"),
    Code(
        "LIABILITY_SURPLUS_DISCOUNT",
        "warning",
        "Liabilities beyond the Elements taken are lowering the price; a Director may veto it.",
        "000 L2293",
    ),
    Code(
        "CHECKED_WITH_FIGHTER",
        "info",
        "A rule that needs the Fighter was skipped because no fighter was given; Fighter validation checks it.",
    ),
    Code(
        "STARTER_AND_ENDER",
        "warning",
        "The move is both a Starter and an Ender: it can only be a one-move Combo.",
        "000 L2437–L2441",
    ),
]

CODES: dict[str, Code] = {c.code: c for c in _CODES}


def register(code: str, severity: Severity, meaning: str, ref: str | None = None) -> None:
    """Add an entry-specific code (used by the constraint checks)."""
    if code in CODES:
        raise ValueError(f"duplicate code {code}")
    CODES[code] = Code(code, severity, meaning, ref)
