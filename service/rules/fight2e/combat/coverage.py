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
    "priority": "Priority Response (half Tactics); first in simultaneous Initiative",
    "anti_air": "Anti-Air Response and Reaction Attack against jumps and Aerial moves",
    "evade_ranged": "Evade Ranged Response against a Ranged Special Move",
    "reversal": "Reversal Response; −2 Initiative steps next turn on a miss",
    "aerial": "full Evasion against Defensive Responses; Anti-Air trigger",
    "crouching": "+1 Defense Total against Defensive Responses",
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
    "flight": "a 5-count (a full turn at least) of +4 with Evasion and only Hard to Evade or Aerial Specials",
    "set_up": "first use readies the move (no roll); a later use, not the next turn, has +2 Accuracy",
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
    "only_when_prone": "used from the ground instead of the action a Knock Down takes, −1 Accuracy; still down "
                       "after",
    "power_up": "before the roll: +1 damage per extra Control (need ≤ 2× Level) or per Life Bar (≤ Power Level, "
                "+1 Control); half when not opening the Combo",
    "explosive.reduced_damage": "one more die size less per Range step from the blast centre",
    "healing.heal_others": "heals the named fighter at Range 0–2 (or the move's Range) instead of the user",
    "healing.only_heal_others": "the user cannot heal himself",
    "hits_super_jump": "may target a Super-Jumping opponent, +1 Accuracy against him",
    "mobile.wall_spring": "the Special Move may be a Wall Spring attack (+1 Accuracy)",
    "breaker": "ignores Temporary Invulnerability (a Special one not a Super's)",
}

OPTIONS_NOT_IMPLEMENTED: dict[str, str] = {
    # Done: dash, sidestep (no map, no Hazards), breakfall, tech_roll, aerial_blocks, voluntary_stay_down;
    # back_dash, double_jumps, air_dash and hover (with the Defense Total, and Air Dash / Hover movement);
    # wall_springs (the stage border as the Wall: Range 4, or band 1 or 6); super_jump (carried in ongoing_effects).
}

RULES_NOT_IMPLEMENTED: dict[str, str] = {
    "hazards": "Environmental Hazards, Maneuver Checks and Checked fighters (000 L5666–L5668, L6067–L6229)",
    "grid": "the Battle Grid (000 L5670–L5690)",
    "tag_team": "tag teams, Switching Teammates and Combo Switch (000 L6265–L6295)",
    "ongoing_effects": "effects of moves that last past their turn not listed as implemented (Multi-Part "
                       "Throws, Moveable Bombs, Triggered Interrupts …)",
    "story_qualities": "story-point Qualities and Weaknesses in combat (Distracting, Bishounen, Oblivious, Phobia, "
                       "Light, Style Weakness; 000 L1116–L1132, L1265–L1267, L1457–L1477)",
    "end_of_fight_glory": "end-of-fight Glory for a win with only single hits and 2-hit Combos and for several "
                          "opponents beaten single-handedly (000 L847–L848)",
}

IMPLEMENTED_COUNT = len(IMPLEMENTED)


def combat_status(entry_id: str) -> str:
    """What the catalogue's ``combat`` field should say for an entry."""
    return "implemented" if entry_id in IMPLEMENTED else "unsupported"


def counts() -> tuple[int, int]:
    """(implemented, unsupported) over the whole catalogue."""
    ids = catalog().entries
    done = sum(1 for i in ids if i in IMPLEMENTED)
    return done, len(ids) - done
