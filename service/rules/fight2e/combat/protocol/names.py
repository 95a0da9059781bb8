"""Words of the turn's own vocabulary that read like catalogue entry ids: an attack's context, a key's point, a
part of an Accuracy or Defense Total, a figure a log step reports. Each names a moment or a number of the turn, not
an entry; an entry's effect is its records (issue 39)."""

from __future__ import annotations

from enum import StrEnum


class AttackContext(StrEnum):
    """Where an attack comes from in the turn (also a key's ``:{window}``, ``keys.py``)."""

    action = "action"
    interrupt = "interrupt"  # a held fighter interrupting another's action
    response = "response"
    reaction = "reaction"
    simultaneous = "simultaneous"
    bomb = "bomb"  # a Bomb's own attack when it goes off (000 L2853)
    bomb_shot = "bomb_shot"  # an Assault Bomb's shot (000 L2865)


class Point(StrEnum):
    """A decision's or a roll's ``{point}`` in its key (``keys.py``), where the word is also an entry's id."""

    interrupt = "interrupt"  # a held fighter's roll-off to interrupt another's action
    power_up = "power_up"  # the Power Up action's die (000 L6043)
    healing = "healing"  # a Healing move's die
    bounce = "bounce"  # a Bounce's Tactics check
    cancel_throw = "cancel_throw"  # throwing instead after a Cancel Throw check
    wind_up = "wind_up"  # striking with a Wind Up move now, or holding it
    triggered_interrupt = "triggered_interrupt"  # springing an armed Triggered Interrupt
    tag_counter = "tag_counter"  # a waiting partner's Tag Counter
    perfect_hit = "perfect_hit"  # a Perfect Hit's die
    cheap = "cheap"  # the die of Glory lost for a Cheap move used again
    random_effect = "random_effect"  # a Random Effect's die
    position_shift = "position_shift"  # a hazard's Position Shift
    knockback_advance = "knockback_advance"  # following a knocked-back foe
    power_enhancer = "power_enhancer"  # spending on a Power Enhancer
    extended_duration = "extended_duration"  # keeping a Super's effect going longer


class Part(StrEnum):
    """A named part of an Accuracy or Defense Total in the log, where the word is also an entry's id."""

    cross_up = "cross_up"  # Cross-Up at Range 0: +2 (000 L5613)
    hard_to_evade = "hard_to_evade"
    hits_super_jump = "hits_super_jump"
    crouching = "crouching"
    hits_low = "hits_low"
