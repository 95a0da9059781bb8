"""Which catalogue entries the turn resolver applies in combat — the one place to read it from.

``IMPLEMENTED`` lists the Element/Liability ids whose combat effect the resolver applies (through the moves
core's priced figures — Accuracy, damage die, minimum roll, keywords — and the resolver's own steps). Every other
entry on a move used in a turn is reported in the answer as ``unsupported`` with its path. The catalogue's
``combat`` field can be set from this table (``combat_status``).

``OPTIONS_NOT_IMPLEMENTED`` names campaign options that are accepted but not resolved yet: turning one on is
reported as ``unsupported`` in every answer (none are left).
"""

from __future__ import annotations

from ..catalog import catalog
from .elements import handled_entries

IMPLEMENTED: dict[str, str] = {
    # Accuracy and damage figures priced by the moves core and applied by the attack roll and damage steps.
    "increased_accuracy": "Accuracy on the attack roll (Initial in a Combo)",
    "decreased_accuracy": "Accuracy penalty on the attack roll",
    "increased_damage": "damage die steps and the odd-count minimum roll (Appendix D)",
    "decreased_damage": "−1 damage die step",
    "multi_hit": "minimum roll and flat bonus (Appendix D; halved mid-Combo)",
    "increased_glory": "+2 Glory on a scoring hit",
    "increased_stun": "+2 Stun damage",
    "hits_low": "+1 vs Defense, −1 vs Evasion, 0 vs Defense with Evasion (Mixup)",
    "unblockable": "+4 vs Defense, −2 vs Evasion or Tactics (Mixup)",
    "subtle": "+1 vs Tactics",
    "hard_to_evade": "+1 per instance vs Evasion, Defense with Evasion and Jinking",
    "ranged": "Ki-based damage, Long Range, Ranged and Evade Ranged Response triggers",
    "ranged.short_range": "Reach Range instead of Long Range",
    "reach": "Reach Range, −2 Accuracy at Range 3",
    "throw": "+1 Accuracy (option), Throw Range and Movement, Knocks Down, no Stun, Throw Response, last in a Combo",
    "throw.hurl": "thrown 2 Ranges instead of Knock Back",
    "throw.does_stun": "Throw damage counts toward Stun",
    "knocks_down": "Knock Down on a hit; last in a Combo",
    "knocks_down.only_at_end_of_combo": "Knock Down only when closing a Combo",
    "does_no_knockback": "no Knock Back",
    "increased_knockback": "Knock Back 2 Ranges (closing move of a Combo)",
    "mobile": "Mobile, After Mobile or Passing movement and its Fighting Spirit cost",
    "mobile.full_screen": "Long Mobile toward the target; +1 Defense Total after a full 3-Range approach",
    "mobile.fast_full_screen": "no +1 Defense Total for the defender",
    "teleportation": "Mobile movement with no Fighting Spirit cost",
    "teleportation.ends_in_mid_air": "Mid-Air Teleport Response (Evasion +2, moves 2 Ranges away)",
    "counter": "Counter Response after a Defense block; not an ordinary attack",
    "interrupt": "Interrupt Response and Interrupt Reaction Attack (Tactics 3)",
    "interrupt.interrupt_only": "never an ordinary attack or Reaction Attack",
    # Interrupt-based defensive specials (interrupt_effects): Passive, any Range; Offensive ones in reach strike too.
    "absorbs_attacks": "on a successful Interrupt a Ranged Special Move is absorbed and held (one at a time) for one "
    "later use as 'absorbed:<move>', carried in ongoing_effects",
    "absorbs_attacks.absorb_all_attacks": "absorbs any attack, not only a Ranged one",
    "absorbs_attacks.transform_energy": "the absorbed move's damage (no Strength/Stamina) becomes Super Energy or FS "
    "instead of being held",
    "reflection": "on a successful Interrupt the Ranged Special Move flies back with the reflector's attack; the "
    "attacker defends with Defense or Evasion, halved; a Super only by a Super",
    "illusionary_doubles": "family header: its effect comes through Defensive or Offensive Illusion",
    "illusionary_doubles.defensive_illusion": "on a successful Interrupt a free 2-Range move either way, before or "
    "after the move's attack as designed",
    "illusionary_doubles.defensive_illusion.variable_movement": "the Defensive Illusion moves 0 to 2 Ranges",
    "illusionary_doubles.offensive_illusion": "declared with the Defense Total: +n Tactics; on success a free n-Range "
    "glide after next turn's rolls, carried in ongoing_effects",
    "fake": "with an opponent of lower Initiative: +2 (+1 per 2 more Elements) to Tactics Defense Totals for the "
    "rest of the turn",
    "invisibility": "next turn engaging opponents roll Initiative/Control the design's die sizes smaller; a hit "
    "first cancels it; who keeps clear (several foes) cannot act on him; in ongoing_effects",
    "invisibility.maintain_effect": "the Invisibility penalty goes on each turn until the user is hit",
    "triggered_interrupt": "used as an action it is armed for a 10-count (ongoing_effects); then, with his defence "
    "and whatever his Control, a second Tactics Defense Total the attack must also beat, "
    "else it strikes back; gone once used; as a Reaction Attack once armed",
    "triggered_interrupt.multiple_instances": "each use arms one more instance; spending several gives +2 damage "
    "per instance past the first",
    "priority": "Priority Response (half Tactics); first in simultaneous Initiative",
    "anti_air": "Anti-Air Response and Reaction Attack against jumps and Aerial moves",
    "evade_ranged": "Evade Ranged Response against a Ranged Special Move, moving first as the move allows",
    "reversal": "Reversal Response; −2 Initiative steps next turn on a miss",
    "aerial": "full Evasion against Defensive Responses; Anti-Air trigger",
    "crouching": "+1 Defense Total against Defensive Responses and Reaction Attacks, +2 to Evade a held interrupt",
    "easy_to_combo": "not counted against the Combo Skill (at most Combo Skill of them)",
    "no_combo": "never in a Combo",
    "cross_up": "misses automatically outside a Cross-Up",
    "specific_range": "misses automatically at any other Range",
    "non_finisher": "Life Bar never below 1 from the attack",
    "limited_damage": "no Life Bar loss; Stun damage and Knock Back still apply",
    "no_damage": "no damage and no Stun",
    "utility": "Utility move: no roll, Glory on first use, Reaction window",
    "no_movement": "no movement before or after",
    "limited_mobile": "Dash: at least 2 Ranges of movement",
    "no_super_energy": "the move earns no Super Energy",
    "super_energy": "+1 Super Energy per instance on a hit",
    "breakthrough": "partial hit on a near miss (half damage, −1 Glory)",
    "unreliable": "1d10: a 1 makes the move (or Combo) do nothing",
    "critical_hit": "+2 die steps next turn on an even damage roll",
    "fast_recovery": "+1 die step next turn (on a hit, or always)",
    "slow_recovery": "−1 die step next turn (on a miss, or always)",
    "harry": "the target's next Initiative or Control −1 die step",
    "always_does_damage": "1 Life Bar per instance when blocked with Defense",
    "juggle": "Knock Down postponed to the end of the Combo",
    "pursuit": "may strike a Knocked Down target and follow a Knock Down in a Combo",
    "self_prone": "the user is Knocked Down after the move",
    "temporary_invulnerability": "no effect from attacks that interrupt, answer or trade with the move",
    "self_damage": "the user loses Power Level Life Bar (not below 1), hit or miss",
    "drain_life": "heals the Life Bar taken (or half; 1 later in a Combo) at H.1",
    "knockback_advance": "the attacker may follow a Knock Back by as many Ranges",
    "vulnerability": "damage taken while the move is under way one die size higher",
    "buff": "Basic Quality, Ki damage and Defense-trade changes for a 10-count, carried in ongoing_effects",
    "buff.decreased_duration": "the Buff lasts a 5-count",
    "buff.increased_duration": "the Buff lasts the rest of the fight for 1 FS a turn",
    "buff.defense_liability": "−4 to Defense Totals with the Defense Skill while buffed",
    "buff.early_ending": "an End Buff move may stop the Buff at the end of the turn",
    "end_buff": "stops the named Buff (with Early Ending) at the end of the turn",
    "buff.buff_gauge": "a Buff Gauge (max 10) filled like Super Energy sets the Buff's count and is spent on it",
    "buff.life_bar_drain": "Power Level Life Bar each buffed turn before H.1, never below 1, no Stun",
    "buff.lowered_basic_quality": "each instance −1 to a named Basic Quality (Speed to Initiative or Control), "
    "floor −2, while buffed",
    "buff.movement_only": "while buffed only movement (and End Buff moves with Early Ending); no other moves",
    "buff.no_movement": "while buffed no movement (action, after the move, Evasion, Tech Roll, techniques)",
    "buff.removed_ki": "while buffed no Ki Skill: moves that need it cannot be used",
    "buff.repeatable": "up to three stacked uses, 1 FS each, within the Quality and Ki limits",
    "buff.stun": "Stunned from the next turn once the Buff ends",
    "buff.super_energy_duration": "a 2-count per Super Energy point (the next turn at least); no Super Energy "
    "meanwhile, emptied at the end",
    "buff.technique_buff": "Flight or Temporary Technique on the Buff move lasts, and ends, with the Buff",
    "temporary_technique": "the designed Technique (Dash, Breakfall, Super Jump …) for the turn and through the "
    "next action",
    "flight": "a 5-count (a full turn at least) of +4 with Evasion and only Hard to Evade or Aerial Specials",
    "set_up": "first use readies the move (no roll); a later use, not the next turn, has +2 Accuracy",
    "set_up.powerless": "while primed, the fighter's other Special and Super Moves are locked; the strike does +2 "
    "damage",
    "powerless_exception": "usable while a Powerless move is primed (or, its 0-cost version, only then)",
    "prop": "the Prop falls on a Knock Down (melee) or an Evasion (Ranged) and its moves are locked until the Recover "
    "Prop Command Move (a Maneuver Check once moved or for a Ranged Prop) or a Prop Recovery move",
    "free_movement": "a 5-count (one full turn at least) out of reach of attacks, Reaction Attacks and Hazards, "
    "only movement allowed, no FS to hurry the Time Roll",
    "suppression": "on a hit, no damage; for a 5-count (a full turn at least) the victim loses movement and/or the "
    "tiers: Specials, Supers, Techniques and Quality modifiers, Basic Moves, Defense/Tactics and "
    "non-attack actions; a second Suppression (or from tier 4 any damaging hit) ends it",
    "bomb.moveable_bomb": "a Basic Move (alone or opening a Combo) kicks a live Bomb: on a Band Map from its band, "
    "1 band per 2 damage vs Stamina 0; without a map rolled at the opponent, the damage in "
    "Ranges toward him decides if he is in the blast",
    "end_style": "back to the Base Style on use, hit or miss (the style's options end); in a Combo only Base Style "
    "and Cross-Style moves may follow it (Multiple Styles: styles.py)",
    "end_style.movement_exception": "in a Limited or No Movement style the move keeps its own movement before and "
    "after it (After Mobile, Knockback Advance), then back to the Base Style",
    "copies_moves": "the hit's damage is Move Points: a target's Special Move of that Level or less is copied for a "
    "5-count without one Element, with its owner's Strength and bonuses; the rest is damage",
    "prop_recovery": "picks the Prop up at its spot (a Maneuver Check as for Recover Prop); Prop moves may follow "
    "in the Combo, which stops before them if it fails",
    "wind_up": "held for later: other moves +2 Control; then an L1 move with +1 damage per 3 Time Count",
    "invincibility": "beaten on Initiative by at most its instances: Interrupt Response (the attack misses) or "
    "Super Reaction Attack",
    "slow_startup": "readied one turn (Defense only, a hit cancels it), released next turn at +2 Initiative die "
    "sizes for 1 Control at the declared target",
    "limited_use": "charges from a pool (6; 1/2/3 by Level, 6 for a Super), carried in ongoing_effects",
    "limited_use.more_charges": "the pool starts with 8 charges",
    "limited_use.extended_reload": "a reload restores 6 charges",
    "limited_use.no_reload": "the move's own pool, never refilled",
    "limited_use.special_move_reload": "a Reload move refills the pool",
    "reload": "refills its Limited Use pool by 3 (6 with Extended Reload)",
    "super_reload": "refills its Limited Use pool by 3 (6 with Extended Reload)",
    "juggle.launcher": "Tactics DL 8 (DL 10 for a 2nd) in a Combo: +2 damage, or the later moves miss; Knock Back 2",
    "bounce": "Tactics DL 8 on a hit: +1 damage, or the later moves of the Combo miss; Knock Down delayed",
    "entangle": "on a hit: the action is lost if not taken yet, −1 Initiative die next turn unless hit again",
    "charge_back": "usable only after moving away, a block (this turn), Control 2 above the need, or 3 Control of "
    "moves before it in a Combo",
    # Combo and Knock Down chains, charge moves, Power Up variants
    "charge_down": "usable only after a Defense or crouching block (this turn), Control 2 above the need, or 3 "
    "Control of moves before it in a Combo",
    "charge_forward": "usable only after a 1-Range step toward the target (standing at Range 0) for 1 FS, Control 2 "
    "above the need, or 3 Control of moves before it in a Combo",
    "charge_up": "usable only after an Evasion or an aerial block (this turn), Control 2 above the need, or 3 "
    "Control of moves before it in a Combo",
    "interrupt.invincible_interrupt": "+2 Defense Total when the Interrupt Response is declared with the Tactics "
    "defence; answered with that move",
    "utility_combo_opener": "an unbroken chain of them opening a Combo: the Normal or Stun move after it leads the "
    "damage and the Combo is not halved",
    "skips_knock_down": "right after a Knocks Down move: no Knock Down and no Ender, the Combo goes on; with Pursuit "
    "it stands a downed foe up for one more full-damage move (Reversal +2 against it)",
    "pursuit.knock_down_pursuit": "a Knocks Down Pursuit (Throw or Super) on a downed foe or after a Knock Down: one "
    "Knock Down only",
    "pursuit.pursuit_bounce": "no Ender; Tactics DL 8 in a Combo: the moves after it go on, or are ignored",
    "priority.strike_through": "a declared Priority Response that fails: the move still strikes back alone if Hit "
    "Stun leaves 1 Control",
    "sidestep_setup": "usable only after a successful Sidestep (that turn or the next, carried in ongoing_effects); "
    "lost to another move or action, a defence (unless it answers as the Response), Hit Stun or a "
    "Knock Down",
    "power_up.extra_elements": "extra Control buys the listed Elements in order (their cost in Control, at least 1; "
    "listed Liabilities lower it) before damage; the move is priced again for the use",
    "power_up.enhanced_power_up": "extra Control up to 2× (3×) the Level for Extra Elements; damage still at most "
    "the Level",
    "self_damage.self_stun": "no Self-Damage; Stunned from next turn unless hit before then",
    "cancel_throw": "a hit at Range 1 and Tactics DL 8: a Throw within Control is resolved in its place",
    "throw.sustained_hold": "damage and Hit Stun, the victim's action lost; next turn +2 Initiative die sizes and "
    "a half-damage second hit, or its effects without damage",
    "area_effect": "everyone else at Range 0–1, allies too, is attacked with his own roll and defence",
    "explosive": "everyone else at Range 0–2 (around the target when Ranged) is attacked; −1 die size vs Fighters",
    "healing": "heals the move's die (1d6, a Super 1d8; Increased Damage steps; all or half) at H.1",
    "bomb": "places a Bomb (band beside him, or a Maneuver Roll without a map); after its 1d8 count it attacks "
    "everyone at Range 0–1 before Initiative, vs Defense, no FS, Ki damage",
    "bomb.short_timer": "1d8−4 count; 0 or less goes off right after the action",
    "bomb.no_range": "the blast reaches Range 0 only",
    "bomb.self_invulnerability": "the owner is never caught in his own blast",
    "bomb.multiple_bombs": "up to four Bombs, each with its own count; a fifth removes the oldest",
    "bomb.controlled_detonation": "no count: the Detonate Command Move sets it off; it fizzles after a 5-count",
    "knocks_down.no_breakfall": "the target may not Breakfall",
    "knocks_down.no_tech_roll": "the target may not Tech Roll",
    "ranged.very_fast": "+1 Accuracy at Range 0–2 (Reach Range 0–1)",
    "ranged.very_slow": "−1 Accuracy at Range 3–4 (Reach Range 2–3)",
    "ranged.no_ranged_response": "the Ranged Response cannot answer it",
    "super_energy_liability": "a Special Move that spends 10 Super Energy (not a Super)",
    "decreased_super_energy_cost": "the Super costs 5 Super Energy",
    "increased_super_energy_cost": "the Super costs 20, 30 or 40 Super Energy",
    "bomb.assault_bomb": "two turns after placing, a Hard to Evade Ki shot at an opponent (Defense or Evasion, FS "
    "allowed), then the Bomb is gone",
    "bomb.no_detonation": "the Bomb never explodes; only its Assault Bomb shot",
    "limited_movement": "movement only away or only closer (at least 1 Range forward before the attack), after the "
    "move too",
    "end_buff.end_only": "usable only while a Buff is in effect",
    "super_counter": "the Counter Response costs 10 Super Energy; its Knock Down allows no Breakfall or Tech Roll",
    "only_when_prone": "used from the ground instead of the action a Knock Down takes, −1 Accuracy; still down after",
    "power_up": "before the roll: +1 damage per extra Control (need ≤ 2× Level) or per Life Bar (≤ Power Level, "
    "+1 Control); half when not opening the Combo; on a Bomb or Healing Utility move the same bonus "
    "goes to the blast (kept with the Bomb) or the heal",
    "explosive.reduced_damage": "one more die size less per Range step from the blast centre",
    "healing.heal_others": "heals the named fighter at Range 0–2 (or the move's Range) instead of the user",
    "healing.only_heal_others": "the user cannot heal himself",
    "hits_super_jump": "may target a Super-Jumping opponent, +1 Accuracy against him",
    "mobile.wall_spring": "the Special Move may be a Wall Spring attack (+1 Accuracy)",
    "breaker": "ignores Temporary Invulnerability (a Special one not a Super's)",
    "power_enhancer": "each use banks one step (up to its paid uses) for the next use of a named move: one damage "
    "die size up per step; the bank is then spent, carried in ongoing_effects",
    "power_enhancer.delayed_onset": "the owner may keep the bank when a named move is used (decision "
    "`power_enhancer`: hold)",
    "opening_move": "using it (hit or miss) opens a window for this turn and the next for one follow-up; it closes "
    "on another move, a non-attack action, a defence, Hit Stun or a Knock Down; a Utility or No "
    "Damage opener is a free Utility Combo Opener",
    "move_sub_set": "usable only straight after its Opening Move in a Combo or while that move's window is open; no "
    "extra Control right after it",
    "multi_part_move": "usable only straight after the previous link (its Opening Move) in a Combo or while that "
    "link's window is open; no extra Control right after it",
    "gradual_effect": "the move's rolled damage (or healing) paid as three installments of a third (rounded up) +1: "
    "with the hit (half mid-Combo), then before H.1 of the next two turns with no other effect",
    "gradual_effect.delayed_onset": "the hit primes the target for a 10-count (a new hit restarts it); the Trigger "
    "Gradual Effect Command Move starts the oldest; untriggered it is lost",
    "opening_throw": "a hit with it locks the victim into its Multi-Part Throw for this turn and the next: his Knock "
    "Down and Knock Back wait, he cannot act and answers only with the Throw Response, nobody else "
    "reaches the pair; a No Damage one is a free Utility Combo Opener",
    "multi_part_throw": "only straight after its Opening Throw (in a Combo or as the thrower's next action, no "
    "movement); the chain ends with the waiting effects on a miss, a victim winning or tying "
    "Initiative, too little Control or any other declaration (action lost); the last one lands "
    "normally",
    "power_enhancer.element_addition": "steps of the design's order add the named Element (and paired Liabilities) "
    "to the next use, the move priced again with them",
    # Glory, Taunts and Super-only entries (glory.py, taunts.py, super_only.py).
    "cheap": "no Glory from the move; each later use in the round costs 1d4 Glory",
    "taunt": "the Basic Taunt's 1d4 Glory besides the move's own (lower-Initiative target, not held, once a combat)",
    "taunt.modify_super_energy": "on a hit the damage roll (no Strength or Stamina) is Super Energy gained or drained",
    "infinite_supers": "a 5-count (a full turn at least) in which his Supers without it cost no Super Energy",
    "extended_duration": "each further 10 Super Energy paid on use adds a 5-count to the Super's timed effects",
    "super_move_enhancer": "from next turn, a 5-count of 20 Super Energy for its Super; Stunned after (unless bought "
    "off)",
    "limited_choice": "the one Super of the fight is picked before it (kept in ongoing_effects); the others are "
    "refused",
    "ki_access": "a Ki-less fighter's Super counts Ki Skill 1 (Ki damage one size down, Ranged Response Ki 1)",
    "limited_move": "the request says at each use whether the agreed drawback applies: then the Elements it narrows "
    "are off for that use, or, naming none, the move has no effect",
    "taunt.element_addition": "lends its Element to the next fitting Special or Super Move (later in the Combo, a "
    "response, or next turn), once; lost after the next turn",
    "tag_counter": "after the partner in the fight stops an attack with Defense, a waiting partner may pay 10 Super "
    "Energy to strike as a Defensive Response (Defense halved; Evasion too with Aerial); a hit "
    "switches them",
    "only_in_beast_form": "refused outside Beast Form; the form itself (Transformations option) is resolved: Beast "
    "Energy gathered and drained, the transform action and its Basic Move blast, two Basic "
    "Qualities +1, Increased Knockback, +1 Life Bar a turn, reverting on a Knock Down below 0",
    # Accuracy, damage and movement modifiers (ranged.py, movement.py, drain_life.py, vulnerability.py).
    "ranged.accuracy_for_damage": "before the roll, each Range cut from the maximum 4 (not below the target's "
    "Range): −1 Accuracy, +2 damage (Accuracy ignored, damage halved later in a Combo)",
    "ranged.no_ranged_response.indirect": "never a Ranged Response unless bought for 2; never reflected",
    "ranged.draw_closer": "the closing Knock Back draws the target in instead (not past Range 0); opening or inside "
    "a Combo a Tactics DL 8 check pulls him in by 1 (2) and the later moves reach from there, "
    "or they miss",
    "ranged.draw_closer.optional_draw_in": "each use chooses drawing in or ordinary Knock Back (then no check)",
    "ranged.draw_closer.move_closer": "on a Band Map the attacker travels toward the one target instead; without a "
    "map the Range closes the same way",
    "power_dash": "may follow the 1 FS Dash (1 Range forward from Range 1 or 2, +1 Accuracy): one die size more damage",
    "pass_through": "2 Ranges for no FS, only to Range 0 or past the opponent to Range 1 or 2",
    "drain_life.healing_attack": "the heal is the move's own unmodified die (all or half; 1 later in a Combo), hit "
    "or miss, at H.1",
    "vulnerability.increased_duration": "the extra damage die size also for a 5-count from the next turn (at "
    "least that turn), carried in ongoing_effects",
    "perfect_hit": "after a hit, 1d6: odd sets the named Element aside for that attack (the move priced without it)",
    "random_effect": "after D.2 a die picks one combination (re-rolled above their number), priced into the move; "
    "unusable: a lone attack misses, a Combo counts only the moves before it",
    "requires_environmental_hazard": "usable only on a target against the named Wall or Corner, checked after "
    "movement and any Maneuver Check",
    "ranged.wall_bounce": "+1 Accuracy off a Wall (+2 Corner) on a Band Map, or by Maneuver Check",
    "throw.carrying_grapple": "Band Map: 1 FS carries both 1 band toward a Hazard (none without a map)",
    "behind_opponent": "usable only Behind the target: past him, or a Maneuver Check from Range 0 or 1 to 0",
    "negative_positioning": "Negative Position: a free Hazard Maneuver Check for the next foe, or +2 Evasion",
    "position_shift": "on a hit, after Knock Back: a Hazard Maneuver Check (attacker or defender), or a band swap",
    "sidestep_counter": "Evasion-based counter Response (Sidestep option), then a free Hazard Maneuver Check",
    "create_environmental_hazard": "makes a Wall or Elevation Change 1 band away (a hit needed on anyone there) "
    "for a 5-count",
    "create_environmental_hazard.damaging_hazard": "the made Hazard hurts as the maker's Ki Special Move, then "
    "Knock Back 1",
    "create_environmental_hazard.damaging_wall": "a made Wall that also hurts (Ki) whoever is forced against it",
    "create_environmental_hazard.extended_duration": "the made Hazard lasts a 10-count",
    "create_environmental_hazard.multiple_hazard": "two made Hazards at once; a third removes the oldest",
    "create_environmental_hazard.pit": "the made Hazard is a Pit; its victims rejoin in its band when it goes",
    "create_environmental_hazard.reflection": "a Ranged Special through the made Wall comes back at its user "
    "(Defense or Evasion, halved)",
    "summon": "the Ally is placed, follows its summoner, strikes with his Basic Moves (with its Elements), his Basic "
    "Response and Basic Reaction Attack, and leaves when he is struck or its count ends; one Tactics "
    "Response must meet both attacks; on a Band Map it can Check and be Checked",
}

# Entries applied in part (not in IMPLEMENTED, so still ``unsupported`` in the catalogue): what is NOT applied is
# the message reported whenever such a move is used.
PARTLY_IMPLEMENTED: dict[str, str] = {}

OPTIONS_NOT_IMPLEMENTED: dict[str, str] = {
    # Done: dash, sidestep (with Hazards: a free Maneuver Check, hazards.py),
    # breakfall, tech_roll, aerial_blocks, voluntary_stay_down;
    # back_dash, double_jumps, air_dash and hover (with the Defense Total, and Air Dash / Hover movement);
    # wall_springs (the stage border as the Wall: Range 4, or band 1 or 6); super_jump (carried in ongoing_effects).
}

RULES_NOT_IMPLEMENTED: dict[str, str] = {
    "grid": "the Battle Grid (000 L5670–L5690)",
    "thug_thrashing": "Thug Thrashing turns (000 L6493–L7064): Thug groups as combatants, Life Saves, Thug Events "
    "and the extra actions are not on the turn spine yet",
    "dramatic": "Dramatic Combat turns (000 L7066–L7445): Action Points and their options are not on the turn "
    "spine yet",
    "ongoing_effects": "an ongoing effect this resolver does not know (not one of the ids documented on "
    "OngoingEffect); it is carried back unchanged and plays no part in the turn",
}

IMPLEMENTED_COUNT = len(IMPLEMENTED)


def applied_entries() -> frozenset[str]:
    """The entries the resolver applies by registry: those with combat records in the catalogue data and those a
    registered rule element handles (``elements.handled_entries``). Once every procedural entry is registered this
    set replaces ``IMPLEMENTED``."""
    return frozenset(catalog().records) | handled_entries()


def combat_status(entry_id: str) -> str:
    """What the catalogue's ``combat`` field should say for an entry."""
    return "implemented" if entry_id in IMPLEMENTED else "unsupported"


def counts() -> tuple[int, int]:
    """(implemented, unsupported) over the whole catalogue."""
    ids = catalog().entries
    done = sum(1 for i in ids if i in IMPLEMENTED)
    return done, len(ids) - done
