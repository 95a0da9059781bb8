"""The stable codes of Battle Royale's findings, with the book section each rule stands in."""

from __future__ import annotations

from ..codes import Code, markdown_table
from ..core.findings import Finding, Severity
from ..core.protocol.steps import PROTOCOL_CODES
from ..core.references import ref_of

CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # creation and advancement
        Code(
            "CORE_STRENGTHS_INVALID",
            "error",
            "A core Strength (Motivation, Past, Focus) starts below Good.",
            "003 L201–L215",
        ),
        Code("RANK_ABOVE_MASTER", "error", "A Strength or Style is above Master.", "003 L217–L219"),
        Code("RANK_BELOW_PURCHASE", "error", "A trait is below the rank its purchase gives.", "003 L217–L234"),
        Code("EXCHANGE_INVALID", "error", "More Style Ranks exchanged than there are.", "003 L242–L243"),
        Code("STRENGTH_RANKS_OVERSPENT", "error", "More Strength Ranks used than allotted.", "003 L217–L219"),
        Code("STYLE_RANKS_OVERSPENT", "error", "More Style Ranks used than allotted.", "003 L232–L234"),
        Code("BONUS_POINTS_OVERSPENT", "error", "More than 6 Bonus Points spent.", "003 L264–L267"),
        Code(
            "TP_NOT_AFFORDABLE", "warning", "The purchases cost more Training Points than are on hand.", "003 L666–L668"
        ),
        Code("TP_OVERSPENT", "error", "More Training Points spent than earned.", "003 L666–L668"),
        Code(
            "TP_BALANCE_MISMATCH", "error", "Unspent Training Points differ from earned minus spent.", "003 L666–L668"
        ),
        Code("STYLE_INCOMPLETE", "error", "A Style names no Form.", "003 L985–L989"),
        Code(
            "STYLE_THEME_MISSING",
            "warning",
            "A Style names no Theme (it has no price and no creation step).",
            "003 L1013–L1023",
        ),
        Code("FORM_CUSTOM", "warning", "A Form that is not one of the six, taken as a custom Form.", "003 L1002–L1004"),
        Code(
            "CORE_STRENGTH_MISSING", "error", "A core Strength (Motivation, Past, Focus) is missing.", "003 L201–L215"
        ),
        Code("TRAIT_NAMED", "info", "A trait named by its name rather than its id: the match is said.", None),
        Code(
            "PURCHASE_INFERRED",
            "info",
            "A Strength whose purchase the sheet does not print: Average means Bonus Points, else a Strength Rank.",
            "003 L286–L290",
        ),
        Code(
            "EXCHANGE_INFERRED",
            "info",
            "Style Ranks taken as exchanged for Strength Ranks: only so do the sheet's counts balance.",
            "003 L242–L243",
        ),
        Code(
            "SIGNATURE_STYLE_INFERRED",
            "info",
            "A Signature Move whose Style the sheet does not print: the character's only Style.",
            "003 L1336–L1339",
        ),
        Code("FLAW_MISSING", "error", "The character has no Flaw.", "003 L251–L257"),
        Code(
            "TECHNIQUE_CHAIN_INVALID",
            "error",
            "A Technique is chained to a trait the character lacks.",
            "003 L268–L269",
        ),
        Code("SIGNATURE_MOVE_INVALID", "error", "A Signature Move names an unknown Style or Move.", "003 L1339"),
        Code(
            "SIGNATURE_MOVE_NOT_EARNED",
            "error",
            "A Signature Move bought in play from a Move used fewer than 3 times.",
            "003 L703–L705",
        ),
        Code(
            "SUPERNATURAL_NOT_ALLOWED",
            "error",
            "The pack lets only Mystic Form Styles use Supernatural Moves.",
            "003 L1325–L1328",
        ),
        Code(
            "START_POOLS_INVALID",
            "error",
            "A new character's Spirit Dice or Training Points are not the starting ones.",
            "003 L303–L305",
        ),
        Code("DUPLICATE_ID", "error", "Two traits or Signature Moves share an id.", None),
        Code(
            "DAMAGE_BEYOND_ZERO",
            "error",
            "More Damage Ranks on a trait than it can take before Zeroing Out.",
            "003 L511–L513",
        ),
        Code("STRENGTH_RANKS_UNSPENT", "warning", "Strength Ranks left unused at creation.", "003 L217"),
        Code(
            "STYLE_RANKS_UNSPENT",
            "warning",
            "Style Ranks left unused (a lone split half counts as used).",
            "003 L232–L234",
        ),
        Code("BONUS_POINTS_UNSPENT", "warning", "Bonus Points left unused at creation.", "003 L264–L267"),
        # moves
        Code(
            "MOVE_RANK_INVALID",
            "error",
            "A Move Rank off the table: more than 2 Downshifts, or above Inconceivable.",
            "003 L1246–L1312",
        ),
        Code(
            "MOVE_NOT_AFFORDABLE",
            "warning",
            "The fighter holds fewer Spirit Dice than the Move costs.",
            "003 L628–L630",
        ),
        Code(
            "WOUND_SURCHARGE_NOT_APPLICABLE",
            "error",
            "Only a Mystic Attack pays to deal Wound Ranks.",
            "003 L1425–L1427",
        ),
        Code(
            "GAMBIT_INVALID",
            "error",
            "A Sacrificial Gambit names other than as many different Strengths as its MOD (Average counts as 1), "
            "or another Move names Strengths to sacrifice.",
            "003 L1432–L1437",
        ),
        Code(
            "BLITZ_INVALID",
            "error",
            "More targets than a Blitz's attacks (its MOD), or further targets without a Blitz.",
            "003 L1379–L1385",
        ),
        Code(
            "MOVE_ROLE_INVALID",
            "error",
            "An attack's Move on a reaction (Mighty Blow, Blitz …) or a defense's (Impenetrable Defense) on an attack.",
            "003 L1357–L1437",
        ),
        Code("DEATH_BLOW_INVALID", "error", "A Death Blow on a fighter who is not Mostly Dead.", "003 L818–L825"),
        Code(
            "HARMONIZE_INVALID",
            "error",
            "Harmonizing with no such standing Style, or a second time in a turn (the pre-fight declaration is the "
            "first turn's).",
            "003 L235–L241",
        ),
        Code(
            "SWITCH_OUT_INVALID",
            "error",
            "A Bout switch-out other than for a Mostly Dead fighter or between allies, or not at the Engage step.",
            "003 L858–L863",
        ),
        Code("NOT_BOUND", "error", "Breaking free with no Binding on the fighter.", "003 L1369–L1375"),
        Code("STYLE_ZEROED_OUT", "error", "A Zeroed Out Style cannot power a Move.", "003 L511–L515"),
        # resolution
        Code(
            "TRAIT_ZEROED_OUT",
            "error",
            "A Zeroed Out trait is declared on a roll or given a Damage Rank.",
            "003 L511–L515",
        ),
        Code("TRAIT_UNKNOWN", "error", "A roll names a trait the fighter lacks.", None),
        Code("TECHNIQUE_ALREADY_USED", "error", "A Technique is used twice in one round.", "003 L275–L277"),
        Code("FORM_FORBIDS_STRATEGY", "error", "The Style's Form cannot use that Combat Strategy.", "003 L1060–L1062"),
        Code("SPLIT_INVALID", "error", "A Bout split that is not one of the four.", "003 L876–L890"),
        Code("BOUT_NOT_PAIRED", "error", "A Bout is fought by exactly two sides.", "003 L858–L863"),
        Code(
            "RECOVERY_PICK_INVALID",
            "error",
            "A recovery pick names a rank the trait does not carry.",
            "003 L636–L640",
        ),
        Code("RECOVERY_PICK_UNUSED", "warning", "More recovery picks than ranks recovered.", "003 L636–L640"),
        Code(
            "MOSTLY_DEAD",
            "error",
            "A Mostly Dead fighter: no Second Wind, restoring waits for the Scene's end.",
            "003 L829–L834",
        ),
        Code("NOT_ENOUGH_SPIRIT_DICE", "error", "A fighter spends more Spirit Dice than they hold.", "003 L619–L626"),
        Code("TARGET_INVALID", "error", "An action aimed at the fighter themself.", None),
        Code("FIGHTER_UNKNOWN", "error", "A fighter id that is not in the request.", None),
        Code("DICE_LIMIT", "error", "The request would roll more dice than the service allows in one answer.", None),
        Code(
            "DAMAGE_TRAIT_UNKNOWN",
            "error",
            "A Damage Rank put on a trait the fighter does not have.",
            "003 L464–L466",
        ),
        Code(
            "STRIKE_ORDER_INVALID",
            "error",
            "The Bout's attacker answers who strikes first with other than striking first or waiting for the "
            "Counterstrike.",
            "003 L864–L865",
        ),
        Code(
            "CHALLENGE_ANSWER_INVALID",
            "error",
            "A Combat Challenge offered in a Bout answered with other than taking it up or cancelling it.",
            "003 L868–L870",
        ),
        Code(
            "CANCEL_NEEDS_SPIRIT_DIE",
            "error",
            "A Combat Challenge cancelled by a fighter with no Spirit Die to sacrifice.",
            "003 L868–L870",
        ),
        # the core turn protocol's own checks, the same in every ruleset
        *(
            Code(code, "warning" if code.endswith("NOT_USED") else "error", meaning, None)
            for code, meaning in PROTOCOL_CODES.items()
        ),
        Code(
            "GANG_POOL_OVERSPENT",
            "error",
            "More Gang bonus dice than the round pool (a lone Minion has none).",
            "003 L736–L738",
        ),
    )
}


def finding(code: str, path: str, message: str, key: str | None = None) -> Finding:
    """A finding of ``code`` (its severity and book section from the table above)."""
    entry = CODES[code]
    return Finding(
        code=code, severity=Severity(entry.severity), path=path, key=key, message=message, ref=ref_of(entry.ref)
    )


def render() -> str:
    return "## Battle Royale (PDQ)\n\n" + markdown_table(list(CODES.values()))
