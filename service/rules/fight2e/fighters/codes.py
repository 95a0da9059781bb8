"""Every code Fighter validation can report: stable, with severity, meaning, book reference and a rule number
that orders the codes by the sheet's rule groups (0 for codes this service adds).

Severity is the default; a few rules lower or raise it through a campaign switch (e.g. unspent Skill Points
with ``allow_unspent_skill_points``), and then the finding lands in the list of its actual severity.
A reading the service takes where the book leaves a choice open is noted on the line of the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...core.references import ref_text

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class FighterCode:
    rule: int
    code: str
    severity: Severity
    meaning: str
    ref: str | None = None
    history: bool = False  # needs acquired_at_pl / skill_history / move_point_ledger


_C = FighterCode
_CODES: list[FighterCode] = [
    # ── 4.A Power Level, Glory, role ────────────────────────────────────────────────────────────────
    _C(
        1,
        "PL_OUT_OF_RANGE",
        "error",
        "Power Level outside 1–8 (9–10 only with the Boss extension).",
        "000 L641, L724, L7968",
    ),
    _C(2, "PL_EXTENDED_NOT_BOSS", "error", "Power Level 9 or 10 on a Fighter who is not a Boss.", "000 L7968"),
    _C(3, "GLORY_NOT_INTEGER", "error", "Glory is missing.", "000 L643, L726"),
    # Ruling (ours): the sheet has no "new" flag, so any PL 1 Fighter with Glory other than 0 is warned.
    _C(4, "CREATION_GLORY_NOT_ZERO", "warning", "A new PL 1 Fighter whose Glory is not 0.", "000 L643"),
    _C(5, "ADVANCEMENT_PENDING", "warning", "Glory already reaches a higher Power Level.", "000 L643"),
    _C(
        6,
        "PL_ABOVE_GLORY",
        "warning",
        "Glory is below the Power Level; PL-keyed effects use the lower level.",
        "000 L814",
    ),
    _C(
        7,
        "PL_SKIPPED",
        "error",
        "The history misses a Power Level or jumps over one.",
        "000 L643, L655–L662",
        history=True,
    ),
    _C(
        8,
        "GLORY_IGNORED_FOR_BOSS_PL",
        "info",
        "Power Levels 9–10 have no Glory range; Glory is not checked.",
        "000 L7973",
    ),
    # ── 4.B Basic Qualities ─────────────────────────────────────────────────────────────────────────
    _C(9, "BASIC_QUALITY_RANGE", "error", "A Basic Quality outside −1…2.", "000 L498, L500"),
    _C(
        10,
        "BASIC_QUALITY_ARRAY_INVALID",
        "error",
        "The Basic Qualities are not 1/1/0 or 2/0/−1 in any order.",
        "000 L500",
    ),
    _C(
        11,
        "SPEED_ALLOCATION_INVALID",
        "error",
        "Speed is not split legally between Initiative and Control.",
        "000 L512",
    ),
    _C(12, "SPEED_ALLOCATION_MISSING", "error", "Speed is not 0 but no Initiative/Control split is given.", "000 L512"),
    _C(
        13,
        "BASIC_QUALITY_CHANGED",
        "error",
        "Basic Qualities or the Speed split differ from PL 1.",
        "000 L447, L512, L720",
        history=True,
    ),
    _C(14, "BEAST_FORM_INVALID", "error", "Beast Form boosts are not two different Basic Qualities.", "000 L5319"),
    _C(
        15,
        "BEAST_FORM_WITHOUT_CAMPAIGN",
        "error",
        "Beast Form boosts in a campaign without transformations.",
        "000 L5307",
    ),
    # ── 4.C Qualities, Weaknesses, Quirks ───────────────────────────────────────────────────────────
    _C(16, "QUALITY_UNKNOWN", "error", "Not one of the 38 Qualities.", "000 L997–L1021, L9401–L9421"),
    _C(17, "WEAKNESS_UNKNOWN", "error", "Not one of the 33 Weaknesses.", "000 L1023–L1045, L9423–L9441"),
    _C(
        18,
        "QUIRK_UNKNOWN",
        "error",
        "Not one of the 30 Quirks (a warning when custom Quirks are allowed).",
        "000 L1047–L1063, L1499",
    ),
    _C(19, "QUALITY_MINIMUM", "error", "No Quality kept: at least one must be taken.", "000 L560, L943"),
    _C(
        20, "QUALITY_SLOTS_EXCEEDED", "error", "More Qualities and exchanges than Quality slots.", "000 L540–L560, L660"
    ),
    _C(21, "QUALITY_SLOTS_UNUSED", "warning", "A Quality slot neither taken nor exchanged.", "000 L558–L560, L9359"),
    # Enforced by the request model: ``converted_to`` only accepts the three options, anything else is a 4xx.
    _C(
        22,
        "QUALITY_EXCHANGE_INVALID",
        "error",
        "A Quality exchanged for something other than 3 NSP, 2 FS or 1 CSP (rejected by the request model).",
        "000 L560",
    ),
    _C(
        23,
        "QUALITY_EXCHANGE_TIMING",
        "error",
        "A Quality exchanged at a Power Level that gave no Quality slot.",
        "000 L560",
        history=True,
    ),
    _C(
        24,
        "QUALITY_NOT_REPEATABLE",
        "error",
        "A Quality that cannot be repeated is taken twice.",
        "000 L1067, L1126, L1156, L1188, L1210, L1228, L1287, L1297, L1311, L1325, L1359",
    ),
    # Ruling A-32: Distracting and Gun Expert stop at two takes (000 L1126, L1210).
    _C(
        25,
        "QUALITY_REPEAT_LIMIT",
        "error",
        "Distracting or Gun Expert beyond two takes, or Gun Expert twice for one category.",
        "000 L1126, L1210",
    ),
    # Ruling A-33: Phobia (like Power and Interesting Appearance) repeats with distinct subjects (000 L1463).
    _C(
        26,
        "WEAKNESS_NOT_REPEATABLE",
        "error",
        "A Weakness other than Deficiency or a distinct Phobia taken twice.",
        "000 L1417",
    ),
    _C(
        27,
        "CREATION_ONLY_TRAIT_LATE",
        "error",
        "A creation-only trait acquired after PL 1.",
        "000 L914–L927, L945, L1082, L1285",
        history=True,
    ),
    # Ruling A-6: union of both contradiction lists plus the pairs the descriptions imply (000 L929–L935, L947).
    _C(
        28, "TRAIT_CONFLICT", "error", "Two traits that exclude each other.", "000 L929–L935, L947, L1271, L1279, L1483"
    ),
    _C(
        29,
        "TRAIT_PREREQUISITE_MISSING",
        "error",
        "A trait without the trait it builds on (Big needs Tall…).",
        "000 L1076, L1271, L1283, L1202, L1481, L1483",
    ),
    _C(
        30,
        "QUALITY_PARAMS_MISSING",
        "error",
        "A Quality take lacks a choice it needs (Skills, power, rule…).",
        "000 L1126–L1132, L1186, L1210, L1226, L1287, L1297, L1303, L1311, L1325, L1343",
    ),
    # Ruling (ours): Influence's Skill is the Director's call (000 L1226), so only its repeats are checked (32).
    _C(
        31,
        "QUALITY_PARAM_SKILL_NOT_ALLOWED",
        "error",
        "A Quality names a Skill outside its list.",
        "000 L1186, L1297, L1311, L1325",
    ),
    _C(32, "INFLUENCE_DUPLICATE_SKILL", "error", "Two Influence takes share a Skill.", "000 L1228"),
    _C(
        33,
        "ATTRACTIVE_DESCRIPTOR_MISSING",
        "warning",
        "A second or later Attractive take without a descriptor.",
        "000 L1069–L1074",
    ),
    # Ruling A-11: a later Weakness counts for nothing when marked grants_quality = false (000 L542).
    _C(
        34,
        "WEAKNESS_AFTER_CREATION",
        "error",
        "A Weakness acquired after PL 1 that buys a Quality slot.",
        "000 L542",
        history=True,
    ),
    _C(
        35,
        "EVEN_LEVEL_CHOICE_INVALID",
        "error",
        "An even-level choice at a wrong level, twice, or not matching the lost Weaknesses.",
        "000 L540, L542, L660, L720, L951",
        history=True,
    ),
    _C(
        36,
        "QUALITY_GAINED_AT_ODD_LEVEL",
        "error",
        "A Quality acquired at an odd Power Level above 1.",
        "000 L540, L660",
        history=True,
    ),
    _C(37, "WEAKNESS_LOSS_LIMIT", "error", "More Weaknesses lost than even levels reached.", "000 L542, L660"),
    # Ruling A-30: the slot always arises; the specific gain or loss needs approval (000 L540, L720).
    _C(
        38,
        "EVEN_LEVEL_DIRECTOR_APPROVAL",
        "warning",
        "An even-level Quality or Weakness loss without approval.",
        "000 L540, L542, L720, L951",
    ),
    _C(
        39, "WEAKNESS_LIMIT_EXCEEDED", "warning", "More Weaknesses than the Director's cap (or than three).", "000 L542"
    ),
    _C(40, "QUIRK_BUNDLE_APPLIED", "info", "Three or more Quirks count as one Weakness.", "000 L548, L984"),
    # Ruling A-10: six or more Quirks are still exactly one Weakness (000 L466, L548).
    _C(41, "QUIRKS_EXCESS", "warning", "More than five Quirks: still one Weakness.", "000 L548"),
    _C(42, "QUIRKS_RECOMMENDED", "info", "No Quirks: one or two are encouraged.", "000 L548, L984"),
    _C(
        43,
        "QUIRK_PARAMS_MISSING",
        "warning",
        "In Love, Rivalry or Revenge without the person it is about.",
        "000 L1543, L1559, L1561",
    ),
    # Ruling (ours): "a villain" for Dark Side means role boss, sub_boss or secret_boss (000 L1409).
    _C(
        44,
        "DIRECTOR_APPROVAL_REQUIRED",
        "warning",
        "A trait or move the Director must approve, not marked approved.",
        "000 L939, L1082–L1084, L1118, L1134, L1210, L1212, L1226, L1273, L1285–L1287, L1335, L1343–L1347, L1389, "
        "L1397, L1409, L1417, L1467, L1469, L1477, L1491",
    ),
    _C(
        45,
        "METAGAME_TRAIT_DISALLOWED",
        "error",
        "A metagame trait in a campaign that forbids them.",
        "000 L960, L1118, L1335, L1347, L1389, L1469",
    ),
    _C(
        46,
        "STRUCK_TRAIT_PRESENT",
        "error",
        "Distracting or Fan Service in a group that struck them.",
        "000 L1144–L1146",
    ),
    _C(47, "TONE_MISMATCH", "info", "Nosebleeds, Lucky or Unlucky in a serious campaign.", "000 L1273, L1489, L1551"),
    _C(
        48,
        "TECHNIQUE_SLOT_COST",
        "warning",
        "A Technique costing more than one Quality, or not on the campaign's approved list.",
        "000 L1345",
    ),
    _C(49, "MULTIPLE_STYLES_EXCESSIVE", "warning", "Multiple Styles three or more times.", "000 L1287"),
    # ── 4.D Skills ──────────────────────────────────────────────────────────────────────────────────
    _C(
        50,
        "SKILL_UNKNOWN",
        "error",
        "Not a Combat or Narrative Skill of the book.",
        "000 L1699–L1736, L1752, L9465–L9494",
    ),
    _C(51, "SKILL_LEVEL_INVALID", "error", "A negative Skill level.", "000 L590–L592"),
    # Ruling A-42: a set attack_string_cap replaces the general cap for Attack String (000 L5175).
    _C(52, "SKILL_CAP_EXCEEDED", "error", "A Skill above Power Level × 3 (at most 10).", "000 L594, L615"),
    _C(53, "DET_CAP_EXCEEDED", "error", "Defense, Evasion or Tactics above the chart's DET value.", "000 L597, L758"),
    _C(54, "DET_PL1_FOUR_RULE", "error", "At PL 1 a DET Skill at 4 while another DET Skill is above 0.", "000 L760"),
    _C(
        55,
        "DET_FOUR_NOT_GRANDFATHERED",
        "error",
        "A DET Skill at 4 at PL 2–4 that was not 4 at PL 1.",
        "000 L760",
        history=True,
    ),
    _C(
        56,
        "KI_ACQUIRED_AFTER_PL1",
        "error",
        "Ki above 0 although it was 0 at PL 1.",
        "000 L598, L615, L1748",
        history=True,
    ),
    _C(
        57,
        "KI_REQUIRED_BY_MOVE",
        "error",
        "A move needs the Ki Skill and the Fighter has none.",
        "000 L615, L2845, L3043, L3133, L3972, L4185, L4954–L4956",
    ),
    _C(58, "KI_ACCESS_WITH_KI", "error", "A Super Move with Ki Access on a Fighter who has Ki.", "000 L4954"),
    _C(
        59,
        "SPECIAL_SKILL_QUALITY_MISSING",
        "error",
        "Magic, Psychic, Gadgeteering or Power Skill without its Quality.",
        "000 L1198, L1277, L1303, L1315, L1796, L1828, L1854, L1872",
    ),
    # Ruling A-4: secondaries need at least half the level, rounded up, for all three Skills (000 L1796, L1828).
    _C(
        60,
        "SECONDARY_SKILLS_INSUFFICIENT",
        "error",
        "A secondary Skill below half the Magic, Psychic or Gadgeteering level.",
        "000 L1796–L1802, L1828–L1834, L1872–L1878",
    ),
    _C(
        61,
        "POWER_SKILL_UNMATCHED",
        "warning",
        "A Power Skill whose subject matches no Power Quality.",
        "000 L1303, L1854",
    ),
    _C(62, "FAME_WEALTH_BOUGHT", "error", "Fame or Wealth listed as a bought Skill.", "000 L599, L1156, L1359"),
    _C(
        63,
        "SKILL_SUBJECT_MISSING",
        "warning",
        "Knowledge, Occupation, Specialization, Power or Reaffirm Purpose without its subject.",
        "000 L1822, L1844, L1854, L1880, L1900",
    ),
    _C(
        64,
        "SPECIALIZATION_BASE_MISSING",
        "warning",
        "A Specialization of a Skill the Fighter does not have.",
        "000 L1900",
    ),
    # Ruling A-13: Skill Points must all be spent unless the campaign allows saving them (000 L457–L462).
    _C(
        65,
        "COMBAT_SKILL_POINTS_OVERSPENT",
        "error",
        "More Combat Skill Points spent than received.",
        "000 L582, L588, L657, L672",
    ),
    _C(66, "COMBAT_SKILL_POINTS_UNSPENT", "error", "Combat Skill Points left unspent.", "000 L457–L460, L657"),
    _C(
        67,
        "NARRATIVE_SKILL_POINTS_OVERSPENT",
        "error",
        "More Narrative Skill Points spent than received.",
        "000 L582, L588, L658",
    ),
    _C(68, "NARRATIVE_SKILL_POINTS_UNSPENT", "error", "Narrative Skill Points left unspent.", "000 L461, L658"),
    # Ruling (ours): detected between snapshots when Combat Skills grow past that level's Combat points (grant,
    # Combat exchanges, MP-bought Combo) while Narrative Skills grow less than that level's Narrative points.
    _C(
        69,
        "SKILL_POINT_CATEGORY_SWAP",
        "error",
        "Points of one category spent on Skills of the other.",
        "000 L588, L668",
        history=True,
    ),
    # Ruling A-35: bought levels are permanent (000 L590, L2301).
    _C(70, "SKILL_DECREASED", "error", "A Skill lower than at an earlier Power Level.", "000 L590, L814", history=True),
    _C(71, "COMBO_ONE_INEFFECTIVE", "info", "Combo 1 without an Easy to Combo move does nothing.", "000 L613, L1740"),
    # Ruling A-19: Combo has no legal cap; 27 is only the practical limit (000 L596, L1742).
    _C(72, "COMBO_ABOVE_PRACTICAL_LIMIT", "info", "Combo above 27 can never be used in full.", "000 L1742"),
    _C(
        73,
        "ATTACK_STRING_WITHOUT_CAMPAIGN",
        "error",
        "Attack String in a campaign without Attack Strings.",
        "000 L5172–L5206",
    ),
    _C(74, "ATTACK_STRING_CAP", "error", "Attack String above the Director's cap.", "000 L5175"),
    # ── 4.E Combat Bonuses and the PL 5+ options ────────────────────────────────────────────────────
    _C(
        75,
        "COMBAT_BONUS_TOTAL_MISMATCH",
        "error",
        "The chosen Combat Bonuses do not add up to the chart total.",
        "000 L662, L706–L714, L756",
    ),
    # Ruling A-16: the single-category maximum at PL 2–3 is 1 and 2 (000 L756).
    _C(76, "COMBAT_BONUS_SINGLE_MAX", "error", "A Combat Bonus above the chart's single-category maximum.", "000 L756"),
    _C(77, "COMBAT_BONUS_INVALID_VALUE", "error", "A negative Combat Bonus.", "000 L482, L740"),
    _C(
        78,
        "COMBAT_BONUS_REALLOCATED",
        "error",
        "A Combat Bonus chosen earlier was taken away.",
        "000 L662, L756",
        history=True,
    ),
    _C(79, "BONUS_PURCHASE_BEFORE_PL5", "error", "A Control or Damage Bonus bought before PL 5.", "000 L666, L670"),
    _C(80, "BONUS_PURCHASE_WRONG_CATEGORY", "error", "A bought Accuracy or Defense Bonus.", "000 L670, L674"),
    # Ruling A-17: the bought bonus is tested against the regular maximum of the level being left (000 L670, L676).
    _C(
        81,
        "BONUS_PURCHASE_NOT_MAXED",
        "error",
        "A Control or Damage Bonus bought before its regular bonus was maxed.",
        "000 L670, L674, L676",
    ),
    _C(
        82,
        "BONUS_PURCHASE_LIMIT",
        "error",
        "More bought bonuses than PL 5+ Combat Skill Points can pay for.",
        "000 L666–L676, L5702",
    ),
    _C(83, "DR_BONUS_BEFORE_PL5", "error", "A Defensive Response bonus before PL 5.", "000 L666, L669"),
    _C(
        84,
        "DR_BONUS_INELIGIBLE",
        "error",
        "A bonus on Counter, Interrupt or something that is not a Defensive Response.",
        "000 L669, L674",
    ),
    _C(85, "DR_BONUS_MAX", "error", "A Defensive Response bonus above +2.", "000 L669, L674"),
    _C(
        86,
        "CSP_CONVERSION_BEFORE_PL5",
        "error",
        "Combat Skill Points turned into Narrative before PL 5.",
        "000 L666, L668",
    ),
    # Ruling A-18: only Combat Skill Points received at PL 5 or later fund these options (000 L666, L674).
    _C(
        87,
        "PL5_OPTIONS_OVERFUNDED",
        "error",
        "The PL 5+ options cost more than the Combat Skill Points received from PL 5 on.",
        "000 L666, L674",
    ),
    # ── 4.F Move Points and Special Moves ───────────────────────────────────────────────────────────
    _C(
        88,
        "MOVE_POINTS_BUDGET",
        "error",
        "The Move Points spent, converted and saved do not add up to 10 per PL.",
        "000 L631, L659, L664, L672",
    ),
    _C(89, "PL1_MOVE_POINTS_UNSPENT", "error", "PL 1 Move Points left over or saved.", "000 L633"),
    # Ruling A-1: PL 1 leftovers to FS or Combo are a warning by default (000 L633, L716, L7864).
    _C(
        90,
        "PL1_LEFTOVER_NOT_NARRATIVE",
        "warning",
        "PL 1 leftover Move Points sent to Fighting Spirit or Combo.",
        "000 L633, L716, L7864",
    ),
    _C(
        91,
        "MOVE_POINTS_BANK_INCONSISTENT",
        "error",
        "The Move Point ledger does not balance from level to level.",
        "000 L664, L716",
        history=True,
    ),
    # Ruling (ours): no new move is owed at the level where the list is closed, nor after (000 L716–L718).
    _C(
        92,
        "NEW_MOVE_REQUIRED",
        "error",
        "A Power Level without a new move while the Move List was open.",
        "000 L716",
        history=True,
    ),
    _C(
        93,
        "MOVE_LIST_CLOSED_TOO_EARLY",
        "error",
        "Move List closed before PL 3 or before the first Super Move.",
        "000 L718",
    ),
    _C(94, "MOVE_AFTER_LIST_CLOSED", "error", "A move acquired after the Move List was closed.", "000 L718"),
    _C(95, "SPECIAL_MOVE_LEVEL_INVALID", "error", "A Special Move below L2.", "000 L2265"),
    _C(96, "SPECIAL_MOVE_HIGH_LEVEL", "info", "A Special Move of L6 or more: legal but uncommon.", "000 L2265"),
    _C(
        97,
        "MOVE_COST_MISMATCH",
        "error",
        "The Move Points written for a move differ from its price.",
        "000 L631, L2269, L2293, L2297, L5025, L5159, L5206, L5236",
    ),
    _C(
        98,
        "MOVE_ELEMENT_BUDGET_EXCEEDED",
        "error",
        "A move spends more Elements than its level allows.",
        "000 L2287–L2289, L5144, L5234",
    ),
    _C(99, "MOVE_SINGLE_ELEMENT_CAP", "error", "One Element costs more than twice the move's level.", "000 L2291"),
    # Ruling A-40: a bought Knocks Down on a Super is an Instances violation (000 L5234).
    _C(100, "MOVE_ELEMENT_INSTANCES", "error", "An Element or Liability taken more often than allowed.", "000 L2751"),
    _C(
        101,
        "MOVE_ELEMENT_UNKNOWN",
        "error",
        "An unknown Element or Liability, or a Super-only one on a Special Move.",
        "000 L9502–L9806",
    ),
    _C(102, "MOVE_MODIFIER_WITHOUT_BASE", "error", "A modifier Element without its base Element.", "000 L2311"),
    # Ruling (ours): a move is priced with the Power Level at which it was bought (acquired_at_pl), so the PL 3
    # requirements of Super Moves and Super Energy Liabilities apply to when the move was acquired (000 L4725, L5216).
    _C(
        103,
        "MOVE_ELEMENT_REQUIREMENT",
        "error",
        "An Element needs something of the Fighter that is missing.",
        "000 L2745, L3284, L4725, L4866",
    ),
    # Ruling (ours): the same build in two different styles is not a duplicate; Cross-Style is then optional.
    _C(104, "MOVE_DUPLICATE", "error", "Two moves with the same definition.", "000 L2301"),
    _C(105, "MOVE_MODIFIED", "error", "A move changed since it was bought (its as_bought).", "000 L2301", history=True),
    _C(
        106,
        "DIRECTOR_MAY_DISALLOW_ELEMENT",
        "info",
        "The Director may veto any Element or Liability.",
        "000 L2303, L5242",
    ),
    _C(
        107,
        "IDENTITY_CHANGE_WITHOUT_QUALITY",
        "error",
        "Identity Change moves without Borrow Identity.",
        "000 L1096, L5159",
    ),
    # Ruling A-24: at most three Identity Change moves at PL 1, any number later (000 L1096, L5159).
    _C(
        108,
        "IDENTITY_CHANGE_PL1_LIMIT",
        "error",
        "More than three Identity Change moves acquired at PL 1.",
        "000 L1096",
    ),
    _C(109, "IDENTITY_CHANGE_COST", "error", "An Identity Change move not costing 3 Move Points.", "000 L1096, L5159"),
    _C(110, "STYLES_COUNT_MISMATCH", "error", "The styles do not match the Multiple Styles takes.", "000 L1287"),
    _C(
        111,
        "BASE_STYLE_INVALID",
        "error",
        "Not exactly one Base Style, or a Base Style with no PL 1 Special Move.",
        "000 L5037, L5041",
    ),
    # Ruling (ours): the moves of one purchase (``purchase`` tag) are each priced with the style surcharge and
    # the purchase is charged once, at its dearest member (000 L5025–L5031: each of those moves is built alone).
    _C(112, "STYLE_MOVE_ASSIGNMENT", "error", "A move bought for the wrong set of styles.", "000 L5025–L5043"),
    # Ruling A-43: Elements and Liabilities that a style option makes useless are legal but earn nothing.
    # Ruling (ours): "movement" entries are Mobile (and modifiers), Free Movement, Pass Through, Teleportation,
    # Power Dash, Flight; movement Liabilities No/Limited Movement, Limited Mobile, Charge Forward and the Buff
    # movement modifiers; Defense Liabilities Charge Down/Up, Slow Startup, Buff Defense Liability (000 L5100, L5126).
    _C(
        113,
        "STYLE_OPTION_INVALID",
        "error",
        "A style option used illegally or without the campaign switch.",
        "000 L5064–L5140",
    ),
    _C(
        114,
        "STYLE_FLAW_ACCOUNTING",
        "error",
        "Fighting Spirit claimed from Style Flaws that are not free.",
        "000 L5066–L5068, L5074, L5084, L5096, L5110, L5120, L5132",
    ),
    _C(115, "FREE_THROW_INVALID", "error", "A free Basic Throw that is not allowed.", "000 L2068–L2070"),
    _C(
        116,
        "REALIZE_POTENTIAL_MOVE_INVALID",
        "error",
        "A Realize Potential move without target or of the wrong level.",
        "000 L1888–L1890",
    ),
    # Ruling A-38: the two halves may come from any two different moves (000 L2289).
    _C(117, "HALF_LIABILITY_FS_INVALID", "error", "More FS from ½ Liabilities than lone halves allow.", "000 L2289"),
    _C(118, "MOVE_COUNT_ADVICE", "info", "Move count outside the typical 18–24 for a PL 8 Fighter.", "000 L684, L7864"),
    # ── 4.G Super Moves ─────────────────────────────────────────────────────────────────────────────
    _C(119, "SUPER_MOVES_DISABLED", "error", "A Super Move in a campaign without Super Moves.", "000 L736, L5212"),
    _C(120, "SUPER_MOVE_BEFORE_PL3", "error", "A Super Move acquired or owned before PL 3.", "000 L736, L5216"),
    # Ruling A-2: the chart's Super Move column is a maximum; one is required from PL 3 (000 L738).
    _C(121, "SUPER_MOVE_REQUIRED_AT_PL3", "error", "No Super Move at PL 3 or later.", "000 L738, L5216"),
    # Ruling (ours): one purchase for several styles, like one three-tier Super, counts once (000 L5029, L5295).
    _C(
        122,
        "SUPER_MOVE_COUNT_EXCEEDED",
        "error",
        "More Super Moves than the chart allows.",
        "000 L706–L714, L738, L5295",
    ),
    _C(123, "SUPER_MOVE_LEVEL_INVALID", "error", "A Super Move below L5.", "000 L5214"),
    _C(
        124,
        "SUPER_MOVE_DAMAGE_ELEMENTS",
        "error",
        "A damaging Super spends under half its Elements on the four offence Elements.",
        "000 L2295, L5234",
    ),
    _C(125, "SUPER_MOVE_KNOCKS_DOWN", "info", "A Super Move has Knocks Down for free; it is not bought.", "000 L5234"),
    _C(
        126,
        "THREE_TIER_INVALID",
        "error",
        "A three-tier Super Move built wrongly or outside a three-tier campaign.",
        "000 L5289–L5295",
    ),
    # ── 4.H Life Bar and Fighting Spirit ────────────────────────────────────────────────────────────
    _C(
        127,
        "LIFE_BAR_MISMATCH",
        "error",
        "The Life Bar on the sheet differs from the chart.",
        "000 L661, L706–L714, L7996",
    ),
    # Ruling A-15: every bought FS (exchanges, Style Flaw, ½ Liabilities) carries over (000 L768).
    _C(
        128,
        "FIGHTING_SPIRIT_MISMATCH",
        "error",
        "The Fighting Spirit on the sheet differs from the formula.",
        "000 L560, L661, L664, L706–L714, L768, L2289, L5068",
    ),
    _C(
        129,
        "MP_TO_FS_NOT_CARRIED",
        "error",
        "FS bought with Move Points missing at a later Power Level.",
        "000 L768",
        history=True,
    ),
    # ── 4.I Story Points ────────────────────────────────────────────────────────────────────────────
    _C(130, "STORY_POINTS_INVALID", "error", "Negative Story Points.", "000 L1579–L1592"),
    # Ruling A-34: Story Points default on; off, they are inert rather than illegal (000 L1579).
    _C(131, "STORY_POINTS_DISABLED", "warning", "Story Points held while the campaign does not use them.", "000 L1579"),
    _C(132, "STORY_POINTS_OVER_CAP", "warning", "More Story Points than the Director's cap.", "000 L1592"),
    # ── 4.J Schemes, NPCs, Bosses ───────────────────────────────────────────────────────────────────
    # Ruling A-22: the hero scheme gives +5/+5 at every advancement 2…8 (000 L746).
    _C(133, "SKILL_SCHEME_BUDGET", "error", "Skill Points do not match the hero or support scheme.", "000 L746"),
    _C(
        134,
        "HERO_SCHEME_WITH_DRAMATIC_COMBAT",
        "warning",
        "A hero/support scheme together with Dramatic Combat.",
        "000 L748",
    ),
    # Ruling A-36: Boss budgets are PL 8's; only the chart columns change (000 L7968).
    _C(135, "BOSS_BUDGETS_AS_PL8", "error", "A PL 9–10 Boss whose budgets differ from a PL 8 build.", "000 L7968"),
    # Ruling (ours): Bosses are NPCs here; ``npc_for_dramatic_combat`` keeps the strict Narrative budget.
    _C(
        136,
        "NPC_NARRATIVE_SKILLS_SIMPLIFIED",
        "info",
        "An NPC's Narrative Skill Points may be assigned freely.",
        "000 L7868–L7870",
    ),
    _C(137, "NPC_FAIRNESS", "info", "An NPC trading many Weaknesses for combat power.", "000 L968–L976, L7868"),
    # ── 4.K Advancement consistency ─────────────────────────────────────────────────────────────────
    _C(
        138,
        "ADVANCEMENT_GRANTS_MISMATCH",
        "error",
        "A Power Level's ledger does not show its 10 Move Points.",
        "000 L657–L659, L672",
        history=True,
    ),
    _C(
        139,
        "EVEN_LEVEL_EVENT_MISSING",
        "warning",
        "An even level reached with neither a Quality nor a lost Weakness.",
        "000 L660, L720",
        history=True,
    ),
    _C(
        140,
        "CHART_VALUES_NOT_UPDATED",
        "error",
        "A snapshot's Life Bar, FS or bonus total is not its chart row.",
        "000 L661–L662",
        history=True,
    ),
    # Ruling: the total is a summary of the per-grant errors (each already an error), so it informs (000 L655–L714).
    _C(141, "ACCUMULATED_TOTALS", "info", "The totals disagree with what the Power Level grants.", "000 L655–L714"),
    # ── 4.L Advisory and continuity ─────────────────────────────────────────────────────────────────
    _C(142, "CONCEPT_INCOMPLETE", "info", "A concept category is empty.", "000 L347–L367"),
    _C(143, "BACKGROUND_LIST_LENGTH", "info", "More background entries than the book asks for.", "000 L425–L433"),
    _C(144, "DET_LEVEL_ONE_INEFFECTIVE", "info", "At PL 1 no DET Skill above 1.", "000 L619"),
    _C(145, "KI_WITHOUT_KI_MOVES", "info", "Ki bought but no move uses it.", "000 L615–L617"),
    _C(146, "DEFICIENCY_COUNT", "warning", "More Deficiencies than optional rules to lack.", "000 L1417–L1419"),
    # The sheet cannot tell a lone hunter from a group: every Hunted take gets the reminder (also Phobia, 148).
    _C(147, "HUNTED_BY_SINGLE_FIGHTER", "info", "Hunted by one Fighter is usually a Rivalry.", "000 L1455"),
    _C(148, "PHOBIA_TOO_RARE", "info", "A Phobia must be of something common enough to matter.", "000 L1463"),
    _C(
        149,
        "BUILT_AT_HIGHER_PL",
        "info",
        "A Fighter above PL 1 without history: history rules were skipped.",
        "000 L8036",
    ),
    _C(
        150,
        "SEQUEL_REMAKE_MISMATCH",
        "warning",
        "A sequel remake changes Basic Qualities or keeps too few old moves.",
        "000 L8014–L8018",
    ),
    _C(
        151,
        "PL8_NO_FURTHER_GAINS",
        "error",
        "Advancement recorded beyond PL 8 for a Fighter who is not a Boss.",
        "000 L641, L8038–L8040",
    ),
    _C(152, "MOVE_NAME_MISSING", "info", "A bought move without a name.", "000 L2307"),
    # ── Codes this service adds ─────────────────────────────────────────────────────────────────────
    _C(
        0,
        "MOVE_INVALID",
        "error",
        "The move breaks a move-building rule; its own violations are under moves[i].",
        "000 L2263–L2305",
    ),
    _C(
        0,
        "COMMAND_MOVE_INVALID",
        "error",
        "A Command Move that is unknown or that the Fighter has no trait for.",
        "000 L5047, L5146",
    ),
    _C(0, "HISTORY_UNAVAILABLE", "info", "A rule that needs the Fighter's history was skipped (or partly skipped)."),
    _C(0, "BEAST_FORM_BOOST_WASTED", "warning", "A Beast Form boost on a Basic Quality already at 2.", "000 L5319"),
    _C(
        0,
        "STYLE_ELEMENT_INERT",
        "warning",
        "An Element that does nothing in its style (movement in a Limited or No Movement style).",
        "000 L5100, L5136–L5138",
    ),
    _C(
        0,
        "BOSS_MOVE_POINT_SHORTFALL",
        "warning",
        "A PL 9–10 Boss's Super Moves do not fit PL 8's Move Points.",
        "000 L7968",
    ),
    _C(
        0,
        "SECRET_BOSS_BONUS_INVALID",
        "error",
        "The extra 5 or 10 Life Bar and FS on anything but a PL 10 Secret Boss.",
        "000 L7996",
    ),
    # Rules of single Elements that look at the Fighter's other moves (each checked at the entry's own lines).
    _C(
        0,
        "CROSS_MOVE_REFERENCE_MISSING",
        "error",
        "An Element needs another move the sheet does not have (a Prop "
        "move for Prop Recovery, a Limited Use move for Super Reload, a named target…).",
        "000 L3822, L3904, L4644",
    ),
    _C(
        0,
        "SEQUENCE_OPENING_MISSING",
        "warning",
        "A follow-up of a Sub-Set or Multi-Part sequence whose opening "
        "move is not on the sheet yet (it may be bought later).",
        "000 L3755, L3780",
    ),
    _C(
        0,
        "LIMITED_USE_POOL_INCONSISTENT",
        "error",
        "Moves sharing a Limited Use pool differ in its reload or charges.",
        "000 L4603–L4642",
    ),
    _C(0, "LIMITED_CHOICE_INCONSISTENT", "error", "Limited Choice on some Super Moves but not all.", "000 L4972–L4974"),
    _C(
        0,
        "END_BUFF_TARGET_MISSING",
        "error",
        "End Buff without a Buff move with Early Ending to end.",
        "000 L3264, L3274",
    ),
    _C(0, "CANCEL_THROW_NO_THROW_MOVE", "warning", "Cancel Throw on a Fighter who has no Throw.", "000 L3083"),
    _C(
        0,
        "CROSS_STYLE_EFFECT",
        "error",
        "A move that powers up a move of another style (not Cross-Style).",
        "000 L5057",
    ),
    _C(
        0,
        "INCOMPLETE_SEQUENCE_STALLED",
        "error",
        "A Sub-Set or Multi-Part sequence left without a new move at a Power Level it needed one.",
        "000 L3755, L3780",
    ),
]

FIGHTER_CODES: dict[str, FighterCode] = {c.code: c for c in _CODES}
assert len(FIGHTER_CODES) == len(_CODES), "duplicate fighter code"

# Rules the validator cannot decide yet: reported to every caller as ``unsupported`` (none now).
UNSUPPORTED: dict[str, str] = {}

# Where in the request each unsupported rule applies (the notation of findings' paths).
UNSUPPORTED_PATHS: dict[str, str] = {}


def render_markdown() -> str:
    """The Fighter codes as a Markdown table for the docs, in the order of the sheet's rule groups."""
    lines = ["| code | severity | meaning | book |", "|---|---|---|---|"]
    for c in sorted(_CODES, key=lambda c: (c.rule or 999, c.code)):
        note = " (history)" if c.history else ""
        status = " — unsupported" if c.code in UNSUPPORTED else ""
        lines.append(f"| `{c.code}` | {c.severity} | {c.meaning}{note}{status} | {ref_text(c.ref)} |")
    return "\n".join(lines) + "\n"
