"""Which catalogue entries the turn resolver applies in combat — the one place to read it from.

``IMPLEMENTED`` lists the Element/Liability ids whose combat effect the resolver applies (through the moves
core's priced figures — Accuracy, damage die, minimum roll, keywords — and the resolver's own steps). Every other
entry on a move used in a turn is reported in the answer as ``unsupported`` with its path. The catalogue's
``combat`` field can be set from this table (``combat_status``).

``OPTIONS_NOT_IMPLEMENTED`` names campaign options that are accepted but not resolved yet: turning one on is
reported as ``unsupported`` in every answer.
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
    "breaker": "ignores Temporary Invulnerability (a Special one not a Super's)",
}

OPTIONS_NOT_IMPLEMENTED: dict[str, str] = {
    "dash": "the Dash technique (000 L2171–L2179)",
    "back_dash": "the Back Dash technique (000 L2181–L2183)",
    "breakfall": "Breakfall (000 L2199–L2205)",
    "tech_roll": "Tech Roll (000 L2207)",
    "air_dash": "Air Dash (000 L2209–L2217)",
    "sidestep": "Sidestep and Sidestep Counter (000 L2219–L2229, L5898–L5900)",
    "super_jump": "Super Jump (000 L2187–L2196)",
    "hover": "Hover (000 L2233–L2235)",
    "wall_springs": "Wall Springs (000 L2237–L2241)",
    "double_jumps": "Double Jumps (000 L2143–L2145)",
    "aerial_blocks": "Aerial Blocks (000 L5840)",
    "voluntary_stay_down": "staying down voluntarily (000 L5964)",
}

RULES_NOT_IMPLEMENTED: dict[str, str] = {
    "hazards": "Environmental Hazards, Maneuver Checks and Checked fighters (000 L5666–L5668, L6067–L6229)",
    "grid": "the Battle Grid (000 L5670–L5690)",
    "tag_team": "tag teams, Switching Teammates and Combo Switch (000 L6265–L6295)",
    "ongoing_effects": "effects of moves that last past their turn (Buff, Flight, Wind Up …)",
    "story_qualities": "story-point Qualities and Weaknesses in combat (Distracting, Bishounen, Oblivious, Phobia, "
                       "Light, Style Weakness; 000 L1116–L1132, L1265–L1267, L1457–L1477)",
    "end_of_fight_glory": "end-of-fight Glory awards (time left, single hits only, no Life Bar lost, several "
                          "opponents; 000 L826–L857)",
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
