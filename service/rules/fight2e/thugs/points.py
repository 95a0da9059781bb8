"""Thug Points: the price of each attribute and trait (Chapter 5, Building Thugs), the Glory divisor they set
(Chapter 5, Thug Glory Awards) and the attributes a group fights with after Gun and Saga Scale.

Pure functions of a build and the Thug data; ``build.py`` turns what they cannot price into findings.
"""

from __future__ import annotations

import math

from .catalogue import ThugTrait, thug_catalogue
from .dice import die_step, die_text
from .models import EffectiveAttributes, SkillLevels, ThugBuild, ThugOptions, ThugTraitTake


def initiative_points(die: str) -> int | None:
    """The Initiative die's price; None for a die the table does not sell."""
    return thug_catalogue().points.initiative.prices.get(die)


def accuracy_points(accuracy: int) -> int | None:
    return thug_catalogue().points.accuracy.prices.get(accuracy)


def damage_points(die: str) -> int | None:
    """The Damage die's price: the table to 1d12, then one more point per +2 past it (000 L6532)."""
    table = thug_catalogue().points.damage
    if die in table.prices:
        return table.prices[die]
    step, top = die_step(die), die_step(thug_catalogue().points.die_chain.steps[-1])
    if step is None or top is None or step <= top or table.per_step_beyond is None:
        return None
    last = max(table.prices.values())
    return last + (step - top) * table.per_step_beyond


def trait_points(take: ThugTraitTake, record: ThugTrait | None, options: ThugOptions) -> float:
    """A Quality's price: its count (an Element at its count of Elements, a variable one at the count named);
    a trait off every list is one Quality (ruling A7b)."""
    if record is None:
        return float(thug_catalogue().points.quality.per_take)
    if options.throws_blockable and record.id in thug_catalogue().blockable_throw_costs:
        return thug_catalogue().blockable_throw_costs[record.id]
    if record.variable_cost and take.cost is not None and take.cost >= record.cost:
        return take.cost
    return record.cost


def glory_divisor(points: int) -> int:
    """The divisor for a build of ``points`` (rounded up): its row of the table; past the table, the last row."""
    rows = thug_catalogue().points.glory_divisors.rows
    return next((row.divisor for row in rows if points <= row.up_to), rows[-1].divisor)


def saga_steps(scale: int) -> int | None:
    """Steps a Saga Scale advances each attribute; None for a scale the book does not have."""
    return thug_catalogue().points.saga_scale.steps.get(scale)


def damage_steps_from_traits(build: ThugBuild, options: ThugOptions) -> int:
    """Die sizes the group's Qualities add to its Damage (Gun: one, unless the listing already holds it)."""
    if options.gun_die_included_in_listing:
        return 0
    traits = thug_catalogue().traits
    return sum(traits[t.id].damage_steps for t in build.qualities if t.id in traits)


def effective_attributes(build: ThugBuild, options: ThugOptions) -> EffectiveAttributes:
    """The bought attributes raised by Gun (000 L6846) and by one step each per Saga Scale step (000 L6812)."""
    steps = saga_steps(options.saga_scale) or 0
    init, dmg = die_step(build.initiative), die_step(build.damage)
    return EffectiveAttributes.model_construct(
        saga_scale=options.saga_scale,
        steps=steps,
        initiative=None if init is None else die_text(init + steps),
        accuracy=build.accuracy + steps,
        damage=None if dmg is None else die_text(dmg + steps + damage_steps_from_traits(build, options)),
        defense=build.defense + steps,
        life_save=build.life_save + steps,
        threat_level=build.threat_level + steps,
    )


def skill_levels(build: ThugBuild, rounded_points: int) -> SkillLevels:
    """A Quality's check at the Defense (000 L6582); an assumed skill at half the Defense, up (000 L6828); Skilled:
    one skill per 10 points, up, each at the Defense or 4, the higher (000 L6642)."""
    traits = thug_catalogue().traits
    skilled = any(traits[t.id].grants_skills for t in build.qualities if t.id in traits)
    return SkillLevels.model_construct(
        quality_checks=build.defense,
        assumed_skills=-(-build.defense // 2),
        skilled_count=max(0, math.ceil(rounded_points / 10)) if skilled else None,
        skilled_level=max(build.defense, 4) if skilled else None,
    )
