"""The stable codes of Fight RPG findings, and the one helper that builds a finding from its code."""

from __future__ import annotations

from ..codes import Code, markdown_table
from ..core.findings import Finding, Severity
from ..core.protocol.steps import PROTOCOL_CODES
from ..core.references import ref_of

CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # The data pack
        Code(
            "PACK_INVALID",
            "error",
            "A request's own data pack names an id twice or a technique spending nothing.",
            None,
        ),
        # The sheet
        Code("ATTRIBUTE_UNKNOWN", "error", "The sheet names an attribute the data pack does not have.", "002 L86"),
        Code("ATTRIBUTE_MISSING", "error", "The sheet leaves out an attribute of the data pack.", "002 L86"),
        Code("INJURY_LIMIT_EXCEEDED", "error", "More injuries on an attribute than its value.", "002 L108"),
        Code(
            "INJURY_NOT_ALLOWED",
            "error",
            "Injuries on a fighter who may not take them: not a player fighter and weaker than the strongest one.",
            "002 L104",
        ),
        Code(
            "INJURY_ELIGIBILITY_UNKNOWN",
            "info",
            "A non-player fighter has injuries and the request does not say how strong the player fighters are.",
            "002 L104",
        ),
        Code("FIGHTER_DEFEATED", "info", "At 10 damage or more: defeated and out of the fight.", "002 L9"),
        # The Flexible Pool
        Code("DICE_INVALID", "error", "A pool is three dice, each a face of the pack's die.", "002 L86"),
        Code("ALLOCATION_EXCEEDS_POOL", "error", "The allocation spends more than the pool's total.", "002 L86"),
        Code(
            "ALLOCATION_EXCEEDS_ATTRIBUTE",
            "error",
            "More of the pool on a token type than the attribute that caps it.",
            "002 L88",
        ),
        Code(
            "INJURY_RESERVE_UNMET",
            "error",
            "Less of the pool on a token type than the injuries on the attribute that caps it.",
            "002 L106",
        ),
        Code("POOL_UNSPENT", "info", "Part of the pool is left unallocated; it is lost (our ruling).", "002 L86"),
        # Actions
        Code(
            "ACTION_UNKNOWN",
            "error",
            "A bundle of tokens the menu does not offer, or a technique the data pack does not have.",
            "002 L16–L80",
        ),
        Code("ACTION_MALFORMED", "error", "An action whose fields do not make one bundle of the menu.", "002 L20"),
        Code(
            "ATTACK_TOO_LARGE",
            "error",
            "An attack with more Damage and Knockdown tokens than the pack's `max_attack_tokens`.",
            "002 L72",
        ),
        Code("MAP_ONLY", "error", "Moving 5 feet is for map combat only.", "002 L58"),
        Code("TOKENS_INSUFFICIENT", "error", "Not enough tokens of a type for the bundle.", "002 L14"),
        Code("PP_INSUFFICIENT", "error", "Not enough Power Points for the technique.", "002 L10"),
        # The round
        Code("FIGHTER_DUPLICATE", "error", "Two fighters of the round share an id.", None),
        Code("POLICY_UNKNOWN_FIGHTER", "error", "A policy for a fighter who is not in the round.", None),
        Code(
            "RESPONSE_INVALID",
            "error",
            "A response the text forbids: by someone other than the action's target, or one that cannot answer it.",
            "002 L64",
        ),
        Code(
            "TARGET_INVALID",
            "error",
            "An action aimed at nobody, at its own fighter or at a fighter out of the fight; or a target for an action "
            "that takes none.",
            "002 L96",
        ),
        Code("NOTHING_TO_STRIP", "error", "A Block token removed from a target who holds none.", "002 L57"),
        Code(
            "MOVE_DIRECTION",
            "error",
            "A placed fighter's 5-foot move names its direction; an unplaced fighter's names none.",
            "002 L58",
        ),
        Code("PUSH_TOO_FAR", "error", "A push moves its target further than its Knockdown sends it.", "002 L33"),
        Code(
            "PASS_LIMIT_REACHED",
            "warning",
            "The Action Phase stopped at the pass limit with tokens still unspent.",
            "002 L96",
        ),
    )
}
# The core protocol's own codes (no book reference: checks the service adds), the same in every ruleset.
CODES |= {
    code: Code(code, "warning" if code.endswith("_NOT_USED") else "error", text, None)
    for code, text in PROTOCOL_CODES.items()
}


def finding(code: str, path: str, message: str, key: str | None = None) -> Finding:
    known = CODES[code]
    return Finding(
        code=code, severity=Severity(known.severity), path=path, key=key, message=message, ref=ref_of(known.ref)
    )


def render() -> str:
    return "## Fight RPG\n\n" + markdown_table(list(CODES.values()))
