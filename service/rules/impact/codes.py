"""Impact's stable validation codes: one table for findings, the codes page and the tests."""

from __future__ import annotations

from ..codes import Code, markdown_table
from ..core.findings import Finding, Severity
from ..core.protocol.steps import PROTOCOL_CODES, Refusal
from ..core.references import ref_of

CODES = {
    c.code: c
    for c in (
        # Fighters and purchases
        Code("PP_BUDGET_OVERRIDDEN", "warning", "The PP budget differs from the rank's table value.", "001 L118"),
        Code("PSR_MISSING", "error", "A side declares no Power:Speed Ratio (2:1 or 1:2).", "001 L136"),
        Code("PSR_VIOLATION", "error", "Power and Speed of a side break its Power:Speed Ratio.", "001 L136"),
        Code("BELOW_BASE_VALUE", "error", "A value is under the level every fighter starts with.", "001 L130"),
        Code("LEVEL_SKIPPED", "error", "A purchase does not raise its value by exactly one level.", "001 L114"),
        Code("LIMB_PAIR_MISMATCH", "error", "The two arms (or legs) differ in Toughness or Difficulty.", "001 L160"),
        Code("STAMINA_INCREMENT", "error", "Stamina is not 50 plus a multiple of 10.", "001 L148"),
        Code("UNKNOWN_MANEUVER", "error", "The maneuver is not in the data pack.", "001 L144"),
        Code("AIR_INCONSISTENT", "error", "No purchase order gives these maneuver levels under the AIR.", "001 L142"),
        Code("SHEET_MISMATCH", "error", "The sheet differs from what its purchase ledger builds.", "001 L112"),
        Code(
            "DEFENSE_TACTICS_MISMATCH",
            "error",
            "The sheet's defensive tactics differ from what its Defense gives.",
            "001 L156",
        ),
        Code("PP_OVERSPENT", "error", "The purchases cost more PP than the budget.", "001 L118"),
        Code("PP_UNSPENT", "info", "PP left over, kept on the sheet.", "001 L176"),
        Code("PURCHASE_INCOMPLETE", "error", "A purchase does not name exactly one value to raise.", "001 L112"),
        Code("PACK_INVALID", "error", "The request's own data pack cannot be used.", None),
        # Turns
        Code("FIGHT_INVALID", "error", "The fight repeats a fighter or names one who is not in it.", None),
        Code("FIGHTER_OUT", "error", "A fighter who is out of the fight declares a maneuver.", "001 L306"),
        Code("UNKNOWN_FIGHTER", "error", "A declaration names a fighter who is not in the fight.", None),
        Code("MANEUVER_NOT_LEARNED", "error", "The maneuver's skill level is 0.", "001 L238"),
        Code("SIDE_REQUIRED", "error", "A punch or kick names no side.", "001 L234"),
        Code(
            "TARGET_AREA_INVALID", "error", "The target area is missing or not one the maneuver may aim at.", "001 L234"
        ),
        Code("LIMB_UNUSABLE", "error", "The maneuver needs a limb that is knocked out or locked.", "001 L306"),
        Code("INSUFFICIENT_SP", "error", "Too few Setup Points for the maneuver.", "001 L593"),
        Code("DEFENSE_TACTIC_UNKNOWN", "error", "The fighter has no level in that defensive tactic.", "001 L156"),
        Code("HELD_CANNOT_BRIDGE", "error", "The victim of a sustained hold may not bridge.", "001 L288"),
        Code("IMMOBILIZED_GRAPPLE_ONLY", "error", "An immobilized fighter may only grapple.", "001 L250"),
        Code("VARIATION_NOT_ALLOWED", "error", "The variation does not fit this maneuver or moment.", "001 L705"),
        Code(
            "STOP_HIT_NOT_ALLOWED",
            "error",
            "A Stop-Hit that is not a punch or kick at an arm or leg of an opponent attacking the stop-hitter.",
            "001 L701",
        ),
        Code(
            "GROUND_MANEUVER_REFUSED",
            "error",
            "A knocked-down fighter's maneuver that the campaign's `ground_maneuvers` refuses from the ground.",
            "001 L300",
        ),
        Code("BRIDGE_DIRECTION_REQUIRED", "error", "A bridge names its direction, in or out.", "001 L214"),
        Code(
            "DEFEND_AFTER_ACTING",
            "error",
            "Only a fighter attacked before he has performed his maneuver may drop it to defend.",
            "001 L190",
        ),
        Code(
            "DEFEND_AGAINST_STOP_HIT",
            "error",
            "A Stop-Hit's opponent may not defend and must follow through (nor may the stop-hitter drop his Stop-Hit).",
            "001 L701",
        ),
        Code(
            "DEFEND_NOT_ATTACKED",
            "error",
            "A defence against a fighter whose maneuver is not aimed at him.",
            "001 L190",
        ),
        Code(
            "COUNTER_BRIDGE_NOT_OFFERED",
            "error",
            "Only the opponent of a bridging fighter, not bridging, drawing or held himself, may counter-bridge.",
            "001 L214",
        ),
        Code("FEINT_REPLY_NOT_OFFERED", "error", "Only the fighter a won Feint was aimed at answers it.", "001 L697"),
        Code("DRAW_REPLY_NOT_OFFERED", "error", "Only a drawer whose Draw was seen through may fall back.", "001 L691"),
        *(
            Code(code, "warning" if code.endswith("NOT_USED") else "error", meaning, None)
            for code, meaning in PROTOCOL_CODES.items()
        ),
        Code("PP_AWARD", "info", "Purchase Points earned at the end of the fight.", "001 L721"),
    )
}


def finding(code: str, path: str, message: str, key: str | None = None) -> Finding:
    row = CODES[code]
    return Finding(code=code, severity=Severity(row.severity), path=path, key=key, message=message, ref=ref_of(row.ref))


def refusal(code: str, message: str) -> Refusal:
    """A decision's value refused by the rule ``code`` names (its reference from the table)."""
    return Refusal(code, message, ref_of(CODES[code].ref))


def render() -> str:
    return "## Impact\n\n" + markdown_table(list(CODES.values()))
