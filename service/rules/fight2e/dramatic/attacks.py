"""Attack options and what they do to the attack roll and the damage (000 L7108–L7219)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...dice import Die
from .catalogue import tables


class Boost(StrEnum):
    """What a Basic Move's Action Point buys (000 L7110)."""

    accuracy = "accuracy"
    damage = "damage"


def basic_boost(boost: Boost) -> tuple[int, int]:
    """(Accuracy, damage die steps) of a boosted Basic Move."""
    o = tables().option("basic_boost")
    return ((o.accuracy or 0), 0) if boost is Boost.accuracy else (0, o.die_steps or 0)


def special_move_bonus(signature: bool = False) -> tuple[int, int]:
    """(Accuracy, damage die steps) of a Special or Super Move: +2, or +3 with a signature call-tag the Director
    accepts, and a die size (000 L7209–L7211)."""
    o = tables().option("special_move")
    return (o.accuracy or 0) + (1 if signature else 0), o.die_steps or 0


def debilitating_penalty(target_pl: int) -> int:
    """The Accuracy penalty: the target's PL, at least 4 (ruling C7: "minimum −4" read as a floor of 4 on the
    penalty, 000 L7172)."""
    return -max(target_pl, 4)


@dataclass(frozen=True)
class FinalBlow:
    hit: bool
    defeated: bool
    damage: int  # what the target loses: all of it, or nothing


def final_blow(attack_total: int, defense_skill: int, damage: int, target_life: int) -> FinalBlow:
    """At −4 (already in ``attack_total``) against the raw Defense skill (ruling C8); a hit that would defeat
    defeats with no defence, anything else does no damage (000 L7177–L7185)."""
    hit = attack_total >= defense_skill
    defeated = hit and damage >= target_life
    return FinalBlow(hit, defeated, damage if defeated else 0)


def pulled(damage: int, rolled_max: bool) -> int:
    """Pulling Punches, first way: half, rounded down, unless the dice showed their top (000 L7205)."""
    return damage if rolled_max else damage // 2


def freeze_frame(damage: int) -> tuple[int, int] | None:
    """(damage left, Glory) for a Basic Move hit of at least 4 that gives up 1 point (000 L7193); None below 4."""
    o = tables().option("freeze_frame")
    if damage < (o.min_damage or 0):
        return None
    return damage - (o.sacrifice or 0), o.glory or 0


@dataclass(frozen=True)
class KnockedOut:
    damage: int
    range_after: int
    turns_away: int  # whole turns spent returning; 0 while still in the fight


def knock_out_of_combat(damage: int, sacrificed: int, range_now: int, knock_back: int = 1) -> KnockedOut:
    """Each 2 damage given up adds 1 Range of Knock Back, past Range 5 if need be (000 L7195); ruling C14: one turn
    back from Range 5 plus one for each Range beyond it."""
    per = tables().option("knock_out_of_combat").sacrifice or 2
    sacrificed = min(sacrificed, damage)
    extra = sacrificed // per
    after = range_now + knock_back + extra
    return KnockedOut(damage - sacrificed, after, 1 + (after - 5) if after >= 5 else 0)


def property_damage_die(skill: int, strength: int, stamina: int) -> Die:
    """A Ranged Special Move's damage with Property Damage for Ki, then the attacker's Strength and the defender's
    Stamina (000 L7197, L3976–L3981): Property Damage 2 with Strength +1 against Stamina −1 is 1d8 (000 L7359)."""
    return Die(3).shifted(tables().ranged_damage_steps(skill) + strength - stamina)


def max_damage(faces: list[int], dice: list[Die]) -> bool:
    """Every die showed its top face; ruling C5: a fixed 1 never counts."""
    return bool(dice) and all(d.sides > 0 and f == d.sides for f, d in zip(faces, dice, strict=True))


def first_attack_knockout(first_attack: bool, rolled_max: bool, damage: int, target_pl: int, allowed: bool) -> bool:
    """The fight's first attack, at top damage and at least the target's PL, may knock out at once when the Director
    allows it (000 L7112, ruling C6)."""
    return allowed and first_attack and rolled_max and damage >= target_pl


def ap_for_max_damage(first_attack: bool, rolled_max: bool) -> int:
    """After the first attack, a top-damage hit earns a point (000 L7112, L7122)."""
    return 1 if rolled_max and not first_attack else 0


def endure_halved(damage: int) -> int:
    """Endure Great Hardship halves each hit's damage, rounded down (000 L7223)."""
    return damage // 2


def endure_eligible(life: int, life_max: int, opponents: list[tuple[int, int]], fs: int) -> bool:
    """Below half while every opponent is above half, or below a quarter; with a point of FS to pay
    (000 L7223–L7225; ruling C23: strict comparisons)."""
    if fs < (tables().option("endure_great_hardship").fs or 0) or life_max <= 0:
        return False
    below_half = 2 * life < life_max
    others_above = all(2 * cur > full for cur, full in opponents)
    return (below_half and others_above) or 4 * life < life_max


def take_a_hit(check_total: int, attack_total: int, my_range: int, victim_range: int) -> bool | None:
    """Taking a Hit for Someone Else: None when the interceptor is farther from the attacker than the victim;
    otherwise whether the Athletics total reaches the attack's total (ruling C13, 000 L7239)."""
    if my_range > victim_range:
        return None
    return check_total >= attack_total


def pushing_bonus() -> int:
    """+4 to one roll category this turn (000 L7295)."""
    return tables().option("pushing_it").bonus or 0


def surprise_damage(damage: int) -> int:
    """Double damage on the first attack (000 L7217)."""
    return 2 * damage


def team_up_hits(a_total: int, b_total: int, defense_total: int) -> bool:
    """One Defense Total for both attackers; either hit makes both hit (000 L7219)."""
    return a_total >= defense_total or b_total >= defense_total
