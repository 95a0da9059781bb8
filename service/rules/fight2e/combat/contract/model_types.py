"""The bounded scalar types, limits and enumerations shared by the turn resolver's request and answer models."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ....core.protocol.keys import KEY_GRAMMAR as CORE_KEY_GRAMMAR

Key = Annotated[str, Field(min_length=1, max_length=120)]
# The key grammar: the core's, one for every ruleset (fight2e's keys are `T{turn}.…`; protocol/keys.py)
KEY_GRAMMAR = CORE_KEY_GRAMMAR
FighterId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_\-]+$")]
MoveId = Annotated[str, Field(min_length=1, max_length=80)]
Text = Annotated[str, Field(max_length=600)]
Short = Annotated[str, Field(max_length=120)]
Steps = Annotated[int, Field(ge=-12, le=12)]
Scalar = int | bool | Short | None
LogValue = Scalar | Annotated[list[Annotated[int, Field(ge=-10_000, le=10_000)] | Short], Field(max_length=24)]
LogMap = Annotated[dict[Annotated[str, Field(max_length=40)], LogValue], Field(max_length=24)]

MAX_FIGHTERS = 8
MAX_CHOICES = 200  # legal answers listed with one pending decision
# Moves one decision may name. A Combo costs at least 1 Control a move (000 L5779) and its length is Combo Skill plus
# as many Easy to Combo moves (000 L613, L3260); ruling: 30 is above any Control a turn can roll (27 at most).
MAX_DECISION_MOVES = 30


# ── Enumerations ────────────────────────────────────────────────────────────────────────────────────


class Subsystem(StrEnum):
    """The combat system a turn is resolved under (Chapter 5)."""

    main = "main"  # the Main Combat System
    thug_thrashing = "thug_thrashing"  # Fighters against Thug groups (000 L6493–L7064): combat/thug_turn.py
    dramatic = "dramatic"  # Dramatic Combat (000 L7066–L7445): resolved by combat/dramatic_turn.py
    dramatic_thug_thrashing = "dramatic_thug_thrashing"  # both together (000 L7074): combat/dramatic_thugs.py


class PositioningMode(StrEnum):
    range = "range"  # two combatants, one shared Range (000 L5605–L5644)
    band = "band"  # Band Map: every fighter on a band 1–6 (000 L5650–L5668)
    grid = "grid"  # 5×5 Battle Grid: every fighter on a square (000 L5670–L5690)


class DieTarget(StrEnum):
    initiative = "initiative"
    control = "control"
    either = "either"


class DieShiftSource(StrEnum):
    """What laid a die shift on a fighter's next Initiative or Control roll: a rule of the turn, a Story element,
    or the catalogue entry of a move's die-shift record (a hit removes some of them, and a new one of the same
    entry replaces the old)."""

    full_defense = "full_defense"  # 000 L5722
    full_offense = "full_offense"  # 000 L5739
    stood_up = "stood_up"  # 000 L5962, L5986
    hit_stun_forfeit = "hit_stun_forfeit"  # 000 L5944
    stun_recovered_by_hit = "stun_recovered_by_hit"  # 000 L5982
    reversal_missed = "reversal_missed"  # 000 L5888, L4115
    entangle = "entangle"  # 000 L3306
    invisibility = "invisibility"  # 000 L3591
    phobia = "phobia"
    distracting = "distracting"
    oblivious = "oblivious"
    bishounen = "bishounen"
    critical_hit = "critical_hit"
    fast_recovery = "fast_recovery"
    harry = "harry"
    slow_recovery = "slow_recovery"


class Figure(StrEnum):
    """A figure a log step's inputs or change report (or an example shows), where the word is also a catalogue
    entry's id: the number, not the entry."""

    super_energy = "super_energy"  # the fighter's Super Energy gauge (his state's field)
    breakthrough = "breakthrough"  # the margin by which a partial hit may miss


class AccuracySource(StrEnum):
    """What left an Accuracy bonus waiting for a fighter's next attack."""

    evasion = "evasion"  # a successful Evasion's bonus, lost when he is hit first
    await_opening = "await_opening"


class Choice(StrEnum):
    """Small choices at a decision point (act_or_hold, stand_alt, evasion_result …). One vocabulary for every
    optional thing (a Defensive Response, a Reaction Attack, an interrupt, a Breakfall …): `act` uses it, `pass`
    does not. Doing nothing after Hit Stun is `action: none` at the action decision, like any other turn spent
    idle (000 L5942)."""

    act = "act"
    hold = "hold"
    stand = "stand"
    reversal = "reversal"
    pass_ = "pass"
    move = "move"
    accuracy_bonus = "accuracy_bonus"
    toward = "toward"
    away = "away"
    stay = "stay"
    continue_ = "continue"
    cash_in = "cash_in"
    respond = "respond"  # accepted as a synonym of `act`; answers and offered choices use `act`
    sidestep = "sidestep"
    check = "check"  # a Maneuver Check in place of movement that Checks an opponent (000 L5668)


class AllyCheck(StrEnum):
    """A Check on a Band Map made by the acting fighter's summoned Ally, or aimed at the target's (000 L4199)."""

    by_ally = "by_ally"
    of_ally = "of_ally"


class ActionType(StrEnum):
    attack = "attack"  # one move or a Combo, optionally after movement
    utility = "utility"  # a Utility move (or an all-Utility Combo), optionally after movement
    move = "move"  # movement only (1 Range alone gives +1 DT for the turn)
    refocus = "refocus"
    power_up = "power_up"
    await_opening = "await_opening"
    taunt = "taunt"
    switch = "switch"  # Tag Team option: Switching Teammates with the waiting partner named by `target`
    transform = "transform"  # Transformations option: change into Beast Form (000 L5313)
    none = "none"  # do nothing (the action is spent; after Hit Stun with Control left: +2 Control steps next turn)


class OngoingEffectId(StrEnum):
    """What a fighter may carry in ``state.ongoing_effects``: an entry whose effect outlasts its turn, or a
    condition the fight left on him (a test keeps this list equal to the ids the turn's elements restore)."""

    absorbed_attack = "absorbed_attack"  # Absorbs Attacks (000 L2777)
    against_wall = "against_wall"  # his back to a Wall or Corner, with no map (000 L6183)
    ally_checked = "ally_checked"  # Checked by a summoned Ally (000 L4199)
    behind = "behind"  # Behind Opponent (000 L4457–L4477)
    bishounen = "bishounen"  # the Bishounen Quality (000 L1267)
    bomb = "bomb"  # Bomb (000 L2843–L2861)
    buff = "buff"  # Buff (000 L2953–L2973)
    buff_gauge = "buff_gauge"  # Buff Gauge
    checked = "checked"  # Checked (000 L5668)
    copied_move = "copied_move"  # Copies Moves
    distracting = "distracting"  # the Distracting Quality
    elevation = "elevation"  # on an Elevation Change, with no map (000 L6153)
    flight = "flight"  # Flight (000 L3362–L3370)
    free_movement = "free_movement"  # Free Movement (000 L3372–L3382)
    gradual_effect = "gradual_effect"  # Gradual Effect (000 L3384–L3394)
    gradual_effect_delayed_onset = "gradual_effect.delayed_onset"  # Delayed Onset (000 L3396–L3410)
    in_pit = "in_pit"  # in a Pit, or fallen off a Major Elevation Change (000 L6121, L6141–L6151, L6157–L6159)
    in_danger_zone = "in_danger_zone"  # in a Danger Zone, with no map (000 L6219)
    infinite_supers = "infinite_supers"  # Infinite Supers (000 L4928–L4934)
    invisibility = "invisibility"  # Invisibility (000 L3589–L3597)
    limited_choice = "limited_choice"  # Limited Choice (000 L4970–L4974)
    limited_use = "limited_use"  # Limited Use (000 L4601–L4618)
    multi_part_throw = "multi_part_throw"  # Multi-Part Throw (000 L4672–L4682)
    negative_positioning = "negative_positioning"  # Negative Positioning (000 L4684–L4696)
    offensive_illusion = "offensive_illusion"  # Illusionary Doubles, Offensive
    opening_move = "opening_move"  # Opening Move (000 L3736–L3755)
    phobia = "phobia"  # the Phobia Quality
    power_enhancer = "power_enhancer"  # Power Enhancer (000 L3820–L3832)
    prop = "prop"  # Prop (000 L4755–L4785)
    set_up = "set_up"  # Set Up (000 L4123–L4135)
    sidestep_setup = "sidestep_setup"  # Sidestep Setup (000 L4817–L4828)
    slow_startup = "slow_startup"  # Slow Startup (000 L4838–L4848)
    style = "style"  # a Style in use
    style_weakness = "style_weakness"  # a Style's weakness
    summon = "summon"  # Summon (000 L4183–L4213)
    summon_rest = "summon_rest"  # a summoned Ally resting
    super_jump = "super_jump"  # Super Jump
    super_move_enhancer = "super_move_enhancer"  # Super Move Enhancer (000 L4233–L4237)
    suppression = "suppression"  # Suppression (000 L4239–L4263)
    sustained_hold = "sustained_hold"  # a Throw's Sustained Hold
    taunt_element_addition = "taunt.element_addition"  # a Taunt's lent Element (000 L4291–L4301)
    temporary_technique = "temporary_technique"  # Temporary Technique (000 L4329–L4333)
    triggered_interrupt = "triggered_interrupt"  # Triggered Interrupt (000 L4401–L4417)
    vulnerability_increased_duration = "vulnerability.increased_duration"  # Increased Duration (000 L4896–L4900)
    wind_up = "wind_up"  # Wind Up (000 L4443–L4451)


class HazardKind(StrEnum):
    """The Environmental Hazards the text gives rules for (000 L6067–L6229)."""

    wall = "wall"  # 000 L6197–L6201
    corner = "corner"  # 000 L6215–L6217
    damaging = "damaging"  # the Basic Template (000 L6089–L6091, L6101–L6109)
    pit = "pit"  # 000 L6121–L6151
    ring_out = "ring_out"  # 000 L6209–L6213
    danger_zone = "danger_zone"  # a Ring-Out's variant that hurts a fighter Knocked Down in it (000 L6219–L6229)
    higher_elevation = "higher_elevation"  # Elevation Change, higher (000 L6153–L6155)
    lower_elevation = "lower_elevation"  # Elevation Change, lower (000 L6153–L6155)
    major_higher_elevation = "major_higher_elevation"  # Major Elevation Change: against its face (000 L6157)
    major_lower_elevation = "major_lower_elevation"  # Major Elevation Change: the fall (000 L6157–L6159, L6177–L6185)


class ThugComboMode(StrEnum):
    """How a Combo's points against a Thug group are used (000 L6574–L6580)."""

    reduce = "reduce"  # the target's Life Save drops by the points
    spread = "spread"  # one more Thug per point rolls his plain Life Save


class ThugWeapon(StrEnum):
    """What a Fighter may arm himself with against Thugs, the Director permitting (000 L6796–L6800, L6848)."""

    melee = "melee"  # a sword, a club, a polearm …
    gun = "gun"


class Direction(StrEnum):
    toward = "toward"
    away = "away"


class DefenseOption(StrEnum):
    defense = "defense"
    evasion = "evasion"
    defense_evasion = "defense_evasion"  # the combined "crouching block" (000 L5838)
    tactics = "tactics"


class EvadeTechnique(StrEnum):
    """Campaign-option techniques declared with the Defense Total (000 L2143–L2145, L2181–L2183, L2209–L2235)."""

    double_jump = "double_jump"
    back_dash = "back_dash"
    air_dash = "air_dash"
    hover = "hover"
    wall_spring = "wall_spring"
    super_jump = "super_jump"


class ResponseKind(StrEnum):
    anti_air = "anti_air"
    basic = "basic"
    counter = "counter"
    evade_ranged = "evade_ranged"
    interrupt = "interrupt"
    jinking = "jinking"
    mid_air_teleport = "mid_air_teleport"
    priority = "priority"
    ranged = "ranged"
    reversal = "reversal"
    sidestep_counter = "sidestep_counter"
    throw = "throw"


class ReactionKind(StrEnum):
    anti_air = "anti_air"
    basic = "basic"
    interrupt = "interrupt"
    super = "super"
    throw = "throw"


class DramaticOption(StrEnum):
    """Every Action Point option of Dramatic Combat, by the id of its record in dramatic/data/options.yaml
    (000 L7138–L7325; a test keeps the two in step)."""

    initiative_reroll = "initiative_reroll"
    show_off = "show_off"
    fast_reflexes = "fast_reflexes"
    athletics = "athletics"
    leaving_combat = "leaving_combat"
    basic_boost = "basic_boost"
    climactic_super_move = "climactic_super_move"
    debilitating_injury = "debilitating_injury"
    final_blow = "final_blow"
    flourish = "flourish"
    freeze_frame = "freeze_frame"
    knock_out_of_combat = "knock_out_of_combat"
    property_damage = "property_damage"
    pulling_punches = "pulling_punches"
    special_move = "special_move"
    surprise_attack = "surprise_attack"
    team_up = "team_up"
    endure_great_hardship = "endure_great_hardship"
    full_defense = "full_defense"
    ignore_hit_stun = "ignore_hit_stun"
    ki_for_defense = "ki_for_defense"
    acrobatics_for_evasion = "acrobatics_for_evasion"
    ki_face_off = "ki_face_off"
    taking_a_hit = "taking_a_hit"
    draw_ki = "draw_ki"
    friendship_boost = "friendship_boost"
    healing_life_bar = "healing_life_bar"
    reaffirm_purpose = "reaffirm_purpose"
    realize_potential = "realize_potential"
    stand_off = "stand_off"
    secondary_skill = "secondary_skill"
    ki_yelling = "ki_yelling"
    mind_manipulation = "mind_manipulation"
    power = "power"
    presence = "presence"
    pushing_it = "pushing_it"
    sense_ki = "sense_ki"
    spirit_combat = "spirit_combat"
    stance_evaluation = "stance_evaluation"
    call_forth_wisdom = "call_forth_wisdom"
    meditation = "meditation"
    spirituality = "spirituality"
    zen_state = "zen_state"


class DramaticBoost(StrEnum):
    """What an Action Point buys for a Basic Move in Dramatic Combat (000 L7110)."""

    accuracy = "accuracy"
    damage = "damage"


class ClimacticForm(StrEnum):
    """The form of a fighter's Climactic Super Move below Power Level 5, where he gains the other (000 L7158)."""

    close = "close"
    ranged = "ranged"


class YellSkill(StrEnum):
    """The skill a successful Ki Yelling doubles for the next turn (000 L7281)."""

    ki = "ki"
    draw_ki = "draw_ki"
    property_damage = "property_damage"
    climactic_super_move = "climactic_super_move"


class SecondarySkill(StrEnum):
    """A skill a Gadgeteering, Magic or Psychic check may raise for the turn in Dramatic Combat (000 L7277; the lists
    of 000 L1802, L1834, L1878 are in dramatic/data/options.yaml, which a test keeps in step)."""

    climactic_super_move = "climactic_super_move"
    danger_sense = "danger_sense"
    draw_ki = "draw_ki"
    endure_great_hardship = "endure_great_hardship"
    grim_determination = "grim_determination"
    intimidation = "intimidation"
    ki = "ki"
    meditation = "meditation"
    perception = "perception"
    property_damage = "property_damage"
    sense_ki = "sense_ki"
    smooth_talking = "smooth_talking"
    spirituality = "spirituality"
    thug_thrashing = "thug_thrashing"
    zen_state = "zen_state"


class MindEffect(StrEnum):
    """What a successful Mind-Manipulating Magic does (000 L7285)."""

    idle = "idle"  # the target does nothing next turn and defends as if Stunned
    dictate = "dictate"  # the manipulator says what the target does next turn
    remove = "remove"  # the target leaves the fight altogether


class RecoveryUse(StrEnum):
    """What a Reaffirm Purpose or Realize Potential check gives in Dramatic Combat (000 L7257, L7271)."""

    fighting_spirit = "fighting_spirit"
    healing_points = "healing_points"


class AthleticsUse(StrEnum):
    """How an Athletics check's total is used in Dramatic Combat (000 L7150)."""

    extra_range = "extra_range"  # a Range per full 4 points, on top of normal movement
    accuracy_next_turn = "accuracy_next_turn"  # +1 Accuracy next turn per full 3 points
