"""Every module that registers a rule element (``elements.register``), imported once so that the registry is
complete before any turn is resolved. The turn's spine imports this module, never the elements by name."""

from __future__ import annotations

from . import (
    bombs,
    buff_modifiers,
    copies,
    defensive_state,
    enhancer,
    gradual,
    hazards,
    limited_use,
    multi_part_throw,
    ongoing,
    props,
    sidestep_setup,
    story,
    styles,
    summon,
    super_jump,
    super_only,
    suppression,
    tag_team,
    taunts,
)

MODULES = (
    bombs,
    buff_modifiers,
    copies,
    defensive_state,
    enhancer,
    gradual,
    hazards,
    limited_use,
    multi_part_throw,
    ongoing,
    props,
    sidestep_setup,
    story,
    styles,
    summon,
    super_only,
    super_jump,
    suppression,
    tag_team,
    taunts,
)
