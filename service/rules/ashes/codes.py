"""The ruleset's stable codes, and findings built from them (severity and reference come from the table)."""

from __future__ import annotations

from ..codes import Code, markdown_table
from ..core.findings import Finding, Severity
from ..core.protocol.steps import PROTOCOL_CODES
from ..core.references import ref_of
from .identity import TITLE

CODES = {
    c.code: c
    for c in (
        Code("AURA_WITHOUT_DEGREE", "error", "Aura above 0 below the Degree that grants Aura.", "004 L63"),
        Code("HEALTH_BOX_INVALID", "error", "A Health Box holds more than a box's Health.", "004 L67"),
        Code(
            "ARMOR_INVALID", "error", "An armor rating off the chart, for armor that is not legendary.", "004 L105–L110"
        ),
        Code("WEAPON_UNKNOWN", "error", "A weapon type the data pack does not list.", "004 L89"),
        Code("WEAPON_INVALID", "error", "Improvised without a mimicked type, or a mimicked type elsewhere.", "004 L98"),
        Code(
            "TECHNIQUE_KEYWORD_UNKNOWN",
            "error",
            "A Technique keyword other than Offensive, Defensive or Versatile.",
            "004 L51, L56",
        ),
        Code("TECHNIQUE_KEYWORD_MISSING", "warning", "A Technique with no keyword bolsters no Set.", "004 L51"),
        Code("DUPLICATE_ID", "error", "Two entries of one list share an id.", None),
        Code("CHAKRA_INVALID", "error", "A Chakra's Recovery, Pool or Prana do not fit its state.", "004 L73"),
        Code("IMBALANCE_CHOICE_MISSING", "error", "An Imbalance without its Mechanical or Dramatic choice.", "004 L24"),
        Code("DICE_INVALID", "error", "A die the Effort roll does not have, or a face off the die.", "004 L27"),
        Code(
            "SET_INVALID", "error", "A Set of dice not rolled, not one's own, used twice or of mixed faces.", "004 L10"
        ),
        Code("ACTION_SLOT_EXCEEDED", "error", "More one-die or rank-0 actions than a turn allows.", "004 L41–L42"),
        Code("UNARMED_LIMIT", "error", "More Rank 1 attacks in a turn than the weapon allows.", "004 L97"),
        Code("BID_NOT_HIGHER", "error", "A rebid not above the bidder's previous bid.", "004 L34"),
        Code("AWAKEN_RANK_TOO_LOW", "error", "Awakening with a Set below the rank it needs.", "004 L72"),
        Code("AWAKEN_NOT_SLUMBERING", "error", "Awakening a Chakra that is unknown or already awake.", "004 L72"),
        Code("PRANA_INSUFFICIENT", "error", "Not enough Prana to pay for an extra use.", "004 L88"),
        Code(
            "SUBTLE_DEFENCE_SKILL",
            "error",
            "A defence against a Subtle weapon with a skill other than Senses.",
            "004 L96",
        ),
        Code(
            "BUY_DOWN_INVALID",
            "error",
            "A buy-down spending more Aura or Health than held, or not the damage.",
            "004 L61–L67",
        ),
        Code(
            "KILL_NOT_ALLOWED",
            "error",
            "A kill without the Death Token, by a character who cannot bring it.",
            "004 L123–L130",
        ),
        Code("HELD_CANNOT_MOVE", "error", "A held combatant moving of their own accord.", "004 L117"),
        Code("ESCAPE_NOT_HELD", "error", "An escape by a combatant nobody holds.", "004 L118"),
        Code(
            "ACTOR_CANNOT_ACT", "error", "A spectator, Vanquished or unknown combatant declaring an action.", "004 L20"
        ),
        Code("TARGET_INVALID", "error", "A target that is not in the fight, or the actor themself.", None),
        Code(
            "TECHNIQUE_NOT_APPLICABLE", "error", "A Technique not on the sheet or without a fitting keyword.", "004 L51"
        ),
        Code(
            "ADVANTAGE_NOT_APPLICABLE",
            "error",
            "A weapon advantage used on an action it does not enhance.",
            "004 L86–L87",
        ),
        Code("SKILL_UNKNOWN", "error", "A skill or rank-0 action the data pack does not list.", "004 L43–L46"),
        Code(
            "BONUS_ACTION_RANK_TOO_LOW",
            "error",
            "A Bonus Action with a Set below Rank 2 (Unarmed's extra Rank 1 attack aside).",
            "004 L41, L87",
        ),
        Code(
            "SLOT_MISMATCH",
            "error",
            "A single-die action of more than one die, or a rank-0 action with dice.",
            "004 L41–L42",
        ),
        Code("NOT_ADJACENT", "error", "A move to a Battlefield that is not next to the mover's.", "004 L43"),
        Code("NO_COVER", "error", "Hiding where the Battlefield offers no cover.", "004 L44"),
        Code(
            "OUT_OF_REACH", "error", "An attack on another Battlefield without a Ranged weapon's advantage.", "004 L95"
        ),
        Code("NOT_VISIBLE", "error", "A Ranged attack beyond the next Battlefield on a hidden target.", "004 L95"),
        Code("HOLD_NOT_VOLUNTARY", "error", "Leaving a hold one was dragged into (it must be broken).", "004 L120"),
        Code(
            "SURCHARGE_INVALID",
            "error",
            "An improvised weapon's surcharge die that is not an unspent own die.",
            "004 L98",
        ),
        Code("PENALTY_FORBIDS", "error", "An action the Dramatic Penalty taken this round forbids.", "004 L24"),
        Code("PENALTY_UNKNOWN", "error", "A Dramatic Penalty the data pack does not list.", "004 L24"),
        Code("BATTLEFIELD_UNKNOWN", "error", "A Battlefield that is not one of the round's.", "004 L43"),
        Code(
            "INJURY_INVALID",
            "error",
            "An injury raising an Imbalance the defender lacks, or a new one under a name in use.",
            "004 L68–L69",
        ),
        Code("NAME_READ", "info", "A name as the text writes it, read as the data pack's id.", None),
        Code("NEEDS_CORE_RULEBOOK", "info", "What the core rulebook the chapter refers to decides here.", None),
        Code(
            "INITIATIVE_NOT_LOWERED",
            "error",
            "A change of Initiative that does not lower it below its total.",
            "004 L38",
        ),
        *(
            Code(code, "warning" if code.endswith("NOT_USED") else "error", text, None)
            for code, text in PROTOCOL_CODES.items()
        ),
    )
}


def finding(code: str, path: str, message: str, key: str | None = None) -> Finding:
    row = CODES[code]
    return Finding(code=code, severity=Severity(row.severity), path=path, key=key, message=message, ref=ref_of(row.ref))


def render() -> str:
    return f"## {TITLE}\n\n" + markdown_table(list(CODES.values()))
