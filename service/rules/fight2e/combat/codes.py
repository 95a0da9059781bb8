"""Every code the turn resolver can report: stable, with severity, meaning and book reference ."""

from __future__ import annotations

from ...codes import Code

_CODES = [
    # Request and state integrity
    Code("SHEET_INVALID_POWER_LEVEL", "error", "Power Level outside 1–8.", "000 L706–L714"),
    Code(
        "SHEET_NOT_VALID",
        "warning",
        "Fighter validation reports problems with the sheet; the turn is resolved with the figures the sheet gives.",
    ),
    Code("STATE_LIFE_BAR_OUT_OF_RANGE", "error", "Life Bar below 0 or above the sheet's maximum.", "000 L5924"),
    Code("STATE_FS_OUT_OF_RANGE", "error", "Fighting Spirit above its starting total.", "000 L5489"),
    Code("STATE_SUPER_ENERGY_OUT_OF_RANGE", "error", "Super Energy above its maximum.", "000 L5333"),
    Code("STATE_RANGE_OUT_OF_RANGE", "error", "A Range or band is missing or outside its bounds.", "000 L5605"),
    Code("STATE_POSITIONING_MODE_MISMATCH", "error", "Mode `range` needs exactly two active fighters.", "000 L5656"),
    Code("STATE_INCONSISTENT_STATUS", "error", "Statuses that cannot hold together.", "000 L5924"),
    Code("STATE_DUPLICATE_FIGHTER", "error", "Two fighters share one id."),
    Code("STATE_ONE_SIDE", "error", "Every active fighter is on the same side: there is nobody to fight."),
    Code("ROUND_ALREADY_OVER", "error", "One side is already defeated or the Time Count has run out.", "000 L5380"),
    Code("POSITIONING_MODE_UNSUPPORTED", "error", "The Battle Grid is not resolved yet.", "000 L5670–L5690"),
    Code(
        "SUBSYSTEM_UNSUPPORTED",
        "error",
        "Thug Thrashing or Dramatic Combat turns are not resolved yet.",
        "000 L6493, L7066",
    ),
    Code("DIE_VALUE_OUT_OF_RANGE", "error", "A supplied die value is not a result of the die the rules call for."),
    Code("TOO_MANY_DICE", "error", "The turn would roll more dice than one request may (a bound on hostile input)."),
    Code("ROLL_NOT_USED", "warning", "A supplied die value was not needed by this turn and was ignored.", "000 L6331"),
    Code("DECISION_NOT_USED", "warning", "A decision key was not asked for by this turn and was ignored."),
    Code(
        "DECISION_KEY_UNKNOWN",
        "error",
        "A supplied decision key names no decision of this turn (another turn, "
        "a fighter not in the fight, or a point the turn never reached); `lenient: true` makes it a warning.",
    ),
    Code(
        "ROLL_KEY_UNKNOWN",
        "error",
        "A supplied die key cannot name a die of this turn (another turn or a "
        "fighter not in the fight); `lenient: true` makes it a warning.",
    ),
    Code(
        "DECISION_RETIRED",
        "warning",
        "A decision point the resolver no longer asks: `hitstun_choice` is "
        "retired, doing nothing after Hit Stun is `action: none` at the action decision.",
        "000 L5942–L5944",
    ),
    Code("DECISION_INVALID", "error", "A decision lacks a field its point needs or has one that does not apply."),
    Code("UNKNOWN_FIGHTER", "error", "A fighter id that is not in the request."),
    Code("UNKNOWN_MOVE", "error", "A move the fighter does not have."),
    Code(
        "TAG_TEAM_INVALID",
        "error",
        "A Tag Team state or Switching Teammates that the rules do not allow: the "
        "option off, or no waiting partner of the same side named.",
        "000 L6277–L6283",
    ),
    # Fighting Spirit
    Code(
        "FS_EXCEEDS_POWER_LEVEL",
        "error",
        "More Fighting Spirit in one application than the Power Level.",
        "000 L5475–L5479",
    ),
    Code("FS_INSUFFICIENT", "error", "More Fighting Spirit than the fighter has.", "000 L5281"),
    Code("FS_DIE_ABOVE_D12", "error", "Fighting Spirit would raise Initiative or Control above 1d12.", "000 L5505"),
    Code(
        "FS_INIT_CONTROL_AFTER_FULL_OFFENSE",
        "error",
        "No Fighting Spirit on Initiative or Control the turn after Full Offense.",
        "000 L5739",
    ),
    Code("FS_CONTROL_WITHOUT_NATURAL_12", "error", "Control above the roll needs a natural 12 on a d12.", "000 L5700"),
    Code(
        "FS_DEFENSE_WHILE_STUNNED",
        "error",
        "No Fighting Spirit on a Defense Total while Stunned or defenseless.",
        "000 L5980, L5892",
    ),
    Code(
        "FS_MOVEMENT_COST_UNPAID",
        "error",
        "The movement costs more Fighting Spirit than the fighter can pay.",
        "000 L5632–L5636, L5938",
    ),
    Code("FS_REACTION_ATTACK_UNPAID", "error", "A Reaction Attack costs 1 Fighting Spirit.", "000 L6014"),
    Code("FS_DEFENSIVE_COMBO_UNPAID", "error", "A Combo as a Defensive Response costs 2 Fighting Spirit.", "000 L5854"),
    Code("FS_COMBINED_DEFENSE_UNPAID", "error", "Defense with Evasion costs 1 Fighting Spirit.", "000 L5838"),
    Code("FS_TIME_ROLL_EXCEEDS_POWER_LEVEL", "error", "Time Roll spend above the Power Level.", "000 L6059"),
    # Turn order
    Code("ACTION_LOST", "error", "The fighter's action this turn is lost.", "000 L5936, L5946"),
    Code("CANNOT_HOLD_WHILE_KNOCKED_DOWN", "error", "A Knocked Down fighter stands at his slot.", "000 L5964"),
    Code("SIMULTANEOUS_COMBO_FORBIDDEN", "error", "No Combos in simultaneous Initiative.", "000 L5545"),
    Code(
        "SIMULTANEOUS_NON_ATTACK_ACTION",
        "error",
        "Refocus, Power Up and Await Opening in simultaneous Initiative only if every fighter of the group uses one.",
        "000 L6039",
    ),
    Code(
        "FLIGHT_MOVE_NOT_ALLOWED",
        "error",
        "While flying only Special Moves with Hard to Evade or Aerial can be used.",
        "000 L3370",
    ),
    Code(
        "MOVE_LOCKED",
        "error",
        "The move is out of reach right now: a primed Powerless Set Up move locks the "
        "other Special Moves, a dropped Prop locks its moves, Suppression locks tiers of moves.",
        "000 L4137–L4147, L4755–L4773, L4239–L4263",
    ),
    Code(
        "SEQUENCE_NOT_OPEN",
        "error",
        "A Move Sub-Set, Multi-Part Move or Multi-Part Throw follow-up is used "
        "neither straight after its Opening Move (Opening Throw) in a Combo nor while that move's window (this "
        "turn or the next; for a Throw, after a hit) is open.",
        "000 L3746–L3767, L4652–L4682",
    ),
    Code(
        "FREE_MOVEMENT_RESTRICTED",
        "error",
        "In Free Movement a fighter may only move (or do nothing), and may not "
        "add Fighting Spirit to the Time Roll to end it sooner.",
        "000 L3378–L3380",
    ),
    Code(
        "SUPPRESSION_RESTRICTED",
        "error",
        "A suppressed fighter cannot move (movement lock) or, at the top tier, take a non-attack action.",
        "000 L4245–L4255",
    ),
    Code(
        "MULTI_PART_THROW_RESPONSE",
        "error",
        "Inside a Multi-Part Throw the victim may answer the next Throw with "
        "no Defensive Response but the Throw Response.",
        "000 L3767",
    ),
    Code(
        "STYLE_CHANGE_INVALID",
        "error",
        "A Style Change into the style he is in, or in a Combo without any FS left.",
        "000 L5047–L5053",
    ),
    Code(
        "STYLE_MOVE_UNAVAILABLE",
        "error",
        "After an End Style move in a Combo only Base Style and Cross-Style moves may follow.",
        "000 L3286",
    ),
    Code(
        "STYLE_MOVEMENT_LIMITED",
        "error",
        "Movement the current style forbids: none in a No Movement style; in "
        "a Limited Movement style 1 Range (1 FS) before a move, 1–2 Ranges as an action, nothing that costs FS.",
        "000 L5098–L5104, L5132–L5140",
    ),
    Code("COPIED_MOVE_COMBO", "error", "A copied move cannot share a Combo with a Copies Moves move.", "000 L3113"),
    Code(
        "SUMMON_RESTING", "error", "A Summon move is used again less than a 5-count after its Ally left.", "000 L4209"
    ),
    Code(
        "SUMMON_RESPONSE_NOT_BOTH",
        "error",
        "Against a summoner's Basic Move and his Ally's, a Tactics-based "
        "Defensive Response must be one that could answer both attacks (e.g. Throw: the Ally at Range 0 too; "
        "Jinking: a step that leaves both out of reach).",
        "000 L4203",
    ),
    Code(
        "SUMMON_CHECK_INVALID",
        "error",
        "A Check of a summoned Ally names an opponent whose Ally is on the Band Map, in place of movement.",
        "000 L4199, L5668",
    ),
    Code("SET_UP_CONSECUTIVE_TURNS", "error", "A Set Up move cannot be used on two turns in a row.", "000 L4131"),
    Code(
        "EVADE_TECHNIQUE_INVALID",
        "error",
        "Double Jump, Air Dash and Hover need their option and Evasion; a "
        "Back Dash needs its option and Evasion or Jinking.",
        "000 L2143–L2235",
    ),
    Code(
        "WALL_SPRING_INVALID",
        "error",
        "A Wall Spring is a Basic Mobile attack 3 Ranges forward after 1 Range "
        "back onto the stage border, with the option on.",
        "000 L2237–L2241",
    ),
    Code(
        "SUPER_JUMP_INVALID",
        "error",
        "A Super Jump needs its option and takes the whole action: 1–4 Ranges (an "
        "attack on landing only after 3 or fewer); the landing attack is a Basic Mobile attack, no Cross-Up, at a "
        "target in range that has not moved this turn.",
        "000 L2187–L2195, L2231",
    ),
    Code(
        "HEAL_TARGET_INVALID",
        "error",
        "Heal Others heals a fighter in the fight who is not defeated; with Only Heal Others never the user.",
        "000 L3446–L3454",
    ),
    Code("END_ONLY_WITHOUT_BUFF", "error", "An End Only move needs a Buff in effect.", "000 L3276–L3280"),
    Code(
        "BUFF_MOVEMENT_ONLY",
        "error",
        "While a Movement Only Buff lasts the fighter may only move (or do nothing); "
        "with Early Ending he may also use End Buff moves.",
        "000 L3027–L3033",
    ),
    Code(
        "BUFF_NO_MOVEMENT",
        "error",
        "While a No Movement Buff lasts the fighter cannot move (Knock Back still moves him).",
        "000 L3035–L3039",
    ),
    Code(
        "BUFF_KI_REMOVED",
        "error",
        "While a Removed Ki Buff lasts, moves that need the Ki Skill cannot be used.",
        "000 L3041–L3045",
    ),
    Code(
        "BUFF_REPEAT_LIMIT",
        "error",
        "A Repeatable Buff stacks at most three uses and stops once a Basic Quality "
        "would pass 3 or −2 or Ki damage its limit.",
        "000 L3047–L3055",
    ),
    Code(
        "ONLY_WHEN_PRONE_INVALID",
        "error",
        "An Only When Prone move replaces the action a Knock Down takes (or follows a Self-Prone move in a Combo).",
        "000 L4737–L4743",
    ),
    Code(
        "POWER_UP_INVALID",
        "error",
        "Power Up: at most the move's Level in extra Control (within the roll) or "
        "Power Level in Life Bar (never the last point).",
        "000 L3852–L3862",
    ),
    Code(
        "DASH_INVALID",
        "error",
        "A Dash is a Basic attack after 2 Ranges forward, or 1 Range forward from Range 1 or 2, with the option on.",
        "000 L2175–L2179",
    ),
    Code(
        "LIMITED_USE_NO_CHARGES",
        "error",
        "A Limited Use move needs more charges than its pool has left.",
        "000 L4601–L4614",
    ),
    Code("CHARGE_BACK_NOT_READY", "error", "None of the Charge Back conditions holds for the move.", "000 L3085–L3099"),
    Code(
        "SIDESTEP_SETUP_NOT_READY",
        "error",
        "A Sidestep Setup move comes only right after a successful Sidestep "
        "(that turn or the next), before any other move, action or defence, and before Hit Stun or a Knock Down.",
        "000 L4817–L4829",
    ),
    Code(
        "CHARGE_MOVE_NOT_READY",
        "error",
        "None of the conditions of a Charge Down, Charge Forward or Charge Up move holds.",
        "000 L4479–L4527",
    ),
    Code(
        "INTERRUPT_INVALID",
        "error",
        "A holder interrupting a declared move does so with an attack on the fighter he interrupts.",
        "000 L5513",
    ),
    Code(
        "TAUNT_INVALID",
        "error",
        "Taunt only against a lower Initiative, not after holding, once per combat, with the option on.",
        "000 L2141",
    ),
    # Movement
    Code(
        "MOVEMENT_NOT_ALLOWED_BY_KEYWORD",
        "error",
        "More movement than the move's Movement keyword or the action allows.",
        "000 L2377–L2391, L5399–L5403",
    ),
    Code("MOVEMENT_TOO_FAR", "error", "More than 3 Ranges of movement.", "000 L5615"),
    Code("MOBILE_ENDS_AT_RANGE_0", "error", "A 3-Range Mobile movement may not end at Range 0.", "000 L2381"),
    Code(
        "MOVEMENT_DIRECTION_INVALID",
        "error",
        "The direction breaks the action's or keyword's rule.",
        "000 L5403, L2419–L2423",
    ),
    Code("POWER_UP_WITH_MOVEMENT", "error", "Power Up allows no movement.", "000 L6043"),
    Code(
        "CROSS_UP_INVALID",
        "error",
        "A Cross-Up needs a jumping Basic Mobile attack of 2 Ranges that lands at Range 0, not by a Runner.",
        "000 L5634, L1319",
    ),
    Code(
        "EVASION_MOVE_INVALID",
        "error",
        "The post-Evasion move is 2 Ranges for 1 FS, and not after Defense with Evasion.",
        "000 L5834, L5838",
    ),
    Code(
        "JINKING_OUT_OF_RANGE_REQUIRED",
        "error",
        "Jinking needs the 1-Range step to leave the attack's range.",
        "000 L5878",
    ),
    # Attacks and Combos
    Code(
        "INSUFFICIENT_CONTROL",
        "error",
        "The move's level or the Combo's cost is above the current Control.",
        "000 L5696–L5698",
    ),
    Code("INSUFFICIENT_SUPER_ENERGY", "error", "Not enough Super Energy for the Super Move.", "000 L5281"),
    Code(
        "LIMITED_MOVE_ELEMENTS_INVALID",
        "error",
        "Limited Move: an Element the design names as narrowed is not "
        "a catalogue entry, so the move cannot be priced without it.",
        "000 L4587–L4591",
    ),
    Code(
        "ONLY_IN_BEAST_FORM",
        "error",
        "A move with Only in Beast Form used by a fighter not in Beast Form.",
        "000 L5321",
    ),
    Code(
        "TRANSFORMATIONS_OFF",
        "error",
        "Beast Form or Beast Energy in a fight without the Transformations campaign option.",
        "000 L5307",
    ),
    Code(
        "STATE_BEAST_ENERGY_OUT_OF_RANGE",
        "error",
        "Beast Energy outside 0–20 in human form (below 0 only in Beast Form).",
        "000 L5311, L5315",
    ),
    Code(
        "TRANSFORM_INVALID",
        "error",
        "A transform action by a fighter already in Beast Form or with less than 10 Beast Energy.",
        "000 L5311–L5313",
    ),
    Code(
        "LIMITED_CHOICE_OTHER_SUPER",
        "error",
        "Limited Choice: a Super Move other than the one picked before the fight cannot be used in it.",
        "000 L4970–L4974",
    ),
    Code("TARGET_KNOCKED_DOWN", "error", "Only a Pursuit attack hits a Knocked Down fighter.", "000 L5966"),
    Code(
        "TARGET_UNAVAILABLE",
        "error",
        "The target is defeated, an ally, not in the fight, or in a Super "
        "Jump (only Ranged, Aerial or Hard to Evade Special Moves reach him; 000 L2191).",
        "000 L5924",
    ),
    Code(
        "TARGET_OUT_OF_RANGE",
        "warning",
        "Out of the move's range after movement: an automatic miss that still counts as an attack.",
        "000 L5269, L2429",
    ),
    Code("COMBO_NOT_ALLOWED", "error", "A Combo needs a Combo Skill of 2 or more.", "000 L5777"),
    Code("COMBO_TOO_LONG", "error", "More moves than the Combo Skill allows.", "000 L5777, L3256–L3260"),
    Code("COMBO_DUPLICATE_SPECIAL", "error", "The same Special Move twice in a Combo.", "000 L5802"),
    Code(
        "COMBO_PLACEMENT_INVALID", "error", "A move stands where its Combo keywords forbid.", "000 L5814, L2437–L2451"
    ),
    Code("COMBO_CONTINUES_AFTER_KNOCKDOWN", "error", "Moves after a Knock Down move in a Combo.", "000 L5814"),
    Code(
        "UTILITY_MOVE_IS_NOT_AN_ATTACK",
        "error",
        "A Utility move cannot be an attack, nor an attack a Utility action.",
        "000 L2349",
    ),
    Code(
        "COUNTER_MOVE_AS_ATTACK",
        "error",
        "A Counter or Interrupt Only move used as an ordinary attack.",
        "000 L3129, L3579",
    ),
    Code("REFOCUS_TOO_CLOSE", "error", "Refocus only at Range 2 or more from every opponent.", "000 L6041"),
    Code("POWER_UP_BELOW_PL3", "error", "Power Up from Power Level 3.", "000 L6043"),
    Code("AWAIT_OPENING_AFTER_HIT_STUN", "error", "No Await Opening after Hit Stun this turn.", "000 L5407"),
    # Defence, Responses, Reactions
    Code("FULL_DEFENSE_AFTER_ACTING", "error", "Full Defense only before taking any action this turn.", "000 L5714"),
    Code("FULL_DEFENSE_WITH_TACTICS", "error", "Full Defense does not work with Tactics.", "000 L5722"),
    Code(
        "DEFENSE_OPTION_NOT_ALLOWED",
        "error",
        "This defence option is not open to the defender here.",
        "000 L5739, L5980, L5559, L5850, L6039",
    ),
    Code(
        "RESPONSE_SKILL_MISMATCH",
        "error",
        "The Response is not based on the skill used for the Defense Total.",
        "000 L5848",
    ),
    Code("RESPONSE_NO_ELEMENT", "error", "The defender has no move for that Response.", "000 L5866–L5902"),
    Code("RESPONSE_TRIGGER_INVALID", "error", "The Response's trigger is not met.", "000 L5866–L5902"),
    Code("RESPONSE_OUT_OF_RANGE", "error", "The responding move cannot reach the attacker.", "000 L5858"),
    Code("RESPONSE_INSUFFICIENT_CONTROL", "error", "Not enough Control for the responding move.", "000 L5858"),
    Code("RESPONSE_AFTER_HIT_STUN", "error", "Only Jinking after Hit Stun cost the action.", "000 L5858"),
    Code("REACTION_AFTER_ACTING", "error", "A Reaction Attack needs the reactor's action.", "000 L6012"),
    Code("REACTION_TRIGGER_INVALID", "error", "The Reaction Attack's trigger is not met.", "000 L6017, L6025–L6033"),
    Code("REACTION_REQUIRES_TACTICS_3", "error", "An Interrupt Reaction Attack needs Tactics 3.", "000 L6029"),
    Code("EVASION_RESULT_INVALID", "error", "That post-Evasion choice is not allowed.", "000 L5834"),
    # Accuracy, damage and movement modifiers of moves
    Code(
        "ACCURACY_FOR_DAMAGE_INVALID",
        "error",
        "Accuracy for Damage: the reach is cut by 0 up to 4 minus the target's Range.",
        "000 L3991–L3999",
    ),
    Code(
        "PASS_THROUGH_INVALID",
        "error",
        "Pass Through: its free 2 Ranges must end at exactly Range 0 or carry the "
        "user past the opponent to Range 1 or 2 beyond him.",
        "000 L3782–L3792",
    ),
    # Environmental Hazards, Maneuver Checks and Checked (000 L5666–L5668, L6067–L6229)
    Code(
        "HAZARD_INVALID",
        "error",
        "A Hazard without its band on a Band Map, two Hazards in one band, or two with one id.",
        "000 L6075",
    ),
    Code(
        "HAZARD_INTERACTION_INVALID",
        "error",
        "That fighter cannot be put into that Hazard now (on a Band Map it "
        "must be in his band; a Hazard never affects its maker), or a Check came with movement.",
        "000 L6077–L6081, L5668",
    ),
    Code("MANEUVER_CHECK_USED", "error", "A fighter makes one Maneuver Check a turn (free ones aside).", "000 L6079"),
    Code(
        "HAZARD_REQUIRED", "error", "Requires Environmental Hazard: no such Hazard is in the fight.", "000 L4787–L4791"
    ),
    Code(
        "HAZARD_NOT_ENGAGED",
        "warning",
        "Requires Environmental Hazard: the target is not interacting with the "
        "Hazard when the move comes; it cannot be used and the action is spent.",
        "000 L4787–L4791",
    ),
    Code(
        "BEHIND_NOT_ACHIEVED",
        "warning",
        "Behind Opponent: the user is not Behind the target when the move "
        "comes; it cannot be used and the action is spent.",
        "000 L4457–L4477",
    ),
    Code(
        "HAZARD_CREATE_INVALID",
        "error",
        "A Create Environmental Hazard move is used on its own, not in a Combo (ruling).",
        "000 L3131–L3147",
    ),
    Code(
        "CHECKED_ATTACK_INVALID",
        "error",
        "A Checked fighter attacks his checker only after a Maneuver Check in place of movement.",
        "000 L5668",
    ),
    # Support
    Code("RULE_UNSUPPORTED", "error", "The request needs a rule the resolver does not implement yet."),
    Code("INTERNAL_STATE", "error", "The resolver reached a state it cannot continue from; nothing was changed."),
]

CODES: dict[str, Code] = {c.code: c for c in _CODES}
