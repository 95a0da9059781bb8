"""The words of Impact's record sheet, as enums shared by the data, the requests and the answers (001)."""

from __future__ import annotations

from enum import StrEnum


class ImpactArea(StrEnum):
    """The seven body areas of the health chart (001 L98, L331)."""

    head = "head"
    left_arm = "left_arm"
    right_arm = "right_arm"
    chest = "chest"
    abdomen = "abdomen"
    left_leg = "left_leg"
    right_leg = "right_leg"


LIMBS = frozenset({ImpactArea.left_arm, ImpactArea.right_arm, ImpactArea.left_leg, ImpactArea.right_leg})
VITAL = frozenset(
    {ImpactArea.head, ImpactArea.chest, ImpactArea.abdomen}
)  # one of these knocked out ends the fight (001 L306)


class ImpactSide(StrEnum):
    left = "left"
    right = "right"


class ImpactRatio(StrEnum):
    """A side's Power:Speed Ratio (001 L136): which statistic must stay at least twice the other."""

    power_2_1 = "power_2_1"
    speed_1_2 = "speed_1_2"


class ImpactRank(StrEnum):
    white_belt = "white_belt"
    yellow_belt = "yellow_belt"
    green_belt = "green_belt"
    brown_belt = "brown_belt"
    black_belt = "black_belt"
    grand_master = "grand_master"


class ImpactManeuverType(StrEnum):
    punch = "punch"
    kick = "kick"
    grapple = "grapple"


class ImpactGroundRule(StrEnum):
    """What a knocked-down fighter may do from the ground: the Director's call (001 L300), a campaign option."""

    penalty_only = "penalty_only"  # every maneuver; the knock-down's -3 speed is the only penalty (001 L296)
    no_kicks = "no_kicks"  # no kick from the ground
    grapples_only = "grapples_only"  # grappling maneuvers only (a Throw is made even from prone, 001 L252)


class ImpactRange(StrEnum):
    """Ranges from far to near (001 L423, L589)."""

    out = "out"
    kicking = "kicking"
    punching = "punching"
    trapping = "trapping"
    grappling = "grappling"


RANGE_ORDER = tuple(ImpactRange)


class ImpactLean(StrEnum):
    out = "out"
    none = "none"
    lean_in = "in"


class ImpactStat(StrEnum):
    """What a purchase raises (001 L108-160)."""

    power = "power"
    speed = "speed"
    tactics = "tactics"
    defense = "defense"
    stamina = "stamina"
    toughness = "toughness"
    difficulty = "difficulty"
    maneuver = "maneuver"


class ImpactEffect(StrEnum):
    """What a special-effect roll can do (001 L254-302)."""

    knock_down = "knock_down"
    area_knocked_out = "area_knocked_out"
    dies = "dies"
    sustain_hold = "sustain_hold"
    holder_loses_grapple_sp = "holder_loses_grapple_sp"


class ImpactDefenseBonus(StrEnum):
    """Where a defensive tactic's level is added (001 L222)."""

    toughness = "toughness"
    difficulty = "difficulty"
    bridge = "bridge"
