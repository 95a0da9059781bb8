"""Every module that registers a rule element (``elements.register``) or a hook at a named point of the turn
(``elements.at``, ``elements.after_time_roll``), imported once so that the registry is complete before any turn
is resolved. The turn's spine imports this module, never the elements by name."""

# ruff: noqa: F401  (imported for their registrations, not their names)
from __future__ import annotations

from . import (
    bombs,
    buff_modifiers,
    copies,
    cross_up,
    defensive_state,
    enhancer,
    fake,
    gradual,
    hazard_effects,
    hazards,
    illusionary_doubles,
    invincible_interrupts,
    invisibility,
    life_bar_limits,
    limited_use,
    made_hazards,
    multi_part_throw,
    negative_positioning,
    ongoing,
    perfect_hit,
    props,
    random_effect,
    record_points,
    sequences,
    sidestep_setup,
    story,
    styles,
    summon,
    super_jump,
    super_only,
    suppression,
    tag_team,
    taunts,
    transformations,
    vulnerability,
)
