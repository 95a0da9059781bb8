"""Every catalogue entry the combat resolver implements is shown doing what the book says.

The checks live in the modules of ``tests/unit/combat_effects`` (registered with ``effect_of``); this file imports
them all and runs, for each entry whose catalogue ``combat`` status is ``implemented``, the checks registered
under its id. An entry with no check fails, unless it is still listed in ``PENDING``.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from service.rules.fight2e.catalog import catalog

from . import combat_effects
from .combat_effects.registry import CHECKS

for _module in pkgutil.iter_modules(combat_effects.__path__):
    importlib.import_module(f"{combat_effects.__name__}.{_module.name}")

IMPLEMENTED_IDS = sorted(e.id for e in catalog().entries.values() if e.combat == "implemented")

# Entries whose checks are still to be written. This list only shrinks: remove an id once its checks exist.
PENDING: frozenset[str] = frozenset(
    {
        # data/10-elements-a-to-increased-damage.yaml (entries-a: combat_effects/elements_a_to_i.py)
        # data/20-elements-increased-glory-to-wind-up.yaml (entries-b: combat_effects/elements_i_to_w.py)
        "increased_glory",
        "increased_knockback",
        "increased_stun",
        "interrupt",
        "interrupt.interrupt_only",
        "interrupt.invincible_interrupt",
        "invisibility",
        "invisibility.maintain_effect",
        "juggle",
        "juggle.launcher",
        "knocks_down",
        "knocks_down.no_breakfall",
        "knocks_down.no_tech_roll",
        "knocks_down.only_at_end_of_combo",
        "knockback_advance",
        "mobile",
        "mobile.full_screen",
        "mobile.fast_full_screen",
        "mobile.wall_spring",
        "multi_hit",
        "opening_move",
        "opening_throw",
        "pass_through",
        "position_shift",
        "power_dash",
        "power_enhancer",
        "power_enhancer.delayed_onset",
        "power_enhancer.element_addition",
        "power_up",
        "power_up.extra_elements",
        "power_up.enhanced_power_up",
        "priority",
        "priority.strike_through",
        "prop_recovery",
        "pursuit",
        "pursuit.knock_down_pursuit",
        "pursuit.pursuit_bounce",
        "random_effect",
        "ranged",
        "ranged.accuracy_for_damage",
        "ranged.draw_closer",
        "ranged.draw_closer.optional_draw_in",
        "ranged.draw_closer.move_closer",
        "ranged.no_ranged_response",
        "ranged.no_ranged_response.indirect",
        "ranged.short_range",
        "ranged.very_fast",
        "ranged.very_slow",
        "ranged.wall_bounce",
        "reach",
        "reflection",
        "reload",
        "reversal",
        "set_up",
        "set_up.powerless",
        "powerless_exception",
        "sidestep_counter",
        "skips_knock_down",
        "subtle",
        "summon",
        "super_counter",
        "super_energy",
        "super_move_enhancer",
        "suppression",
        "tag_counter",
        "taunt",
        "taunt.modify_super_energy",
        "taunt.element_addition",
        "teleportation",
        "teleportation.ends_in_mid_air",
        "temporary_invulnerability",
        "temporary_technique",
        "throw",
        "throw.carrying_grapple",
        "throw.does_stun",
        "throw.hurl",
        "throw.sustained_hold",
        "triggered_interrupt",
        "triggered_interrupt.multiple_instances",
        "unblockable",
        "utility_combo_opener",
        "wind_up",
        # data/30-liabilities-and-super-only.yaml (entries-b: combat_effects/liabilities.py)
        "behind_opponent",
        "charge_down",
        "charge_forward",
        "charge_up",
        "cheap",
        "cross_up",
        "decreased_accuracy",
        "decreased_damage",
        "limited_damage",
        "limited_mobile",
        "limited_move",
        "limited_movement",
        "limited_use",
        "limited_use.extended_reload",
        "limited_use.more_charges",
        "limited_use.no_reload",
        "limited_use.special_move_reload",
        "move_sub_set",
        "multi_part_move",
        "multi_part_throw",
        "negative_positioning",
        "no_combo",
        "no_damage",
        "no_movement",
        "no_super_energy",
        "non_finisher",
        "only_when_prone",
        "perfect_hit",
        "prop",
        "requires_environmental_hazard",
        "self_damage",
        "self_damage.self_stun",
        "self_prone",
        "sidestep_setup",
        "slow_recovery",
        "slow_startup",
        "specific_range",
        "super_energy_liability",
        "unreliable",
        "utility",
        "vulnerability",
        "vulnerability.increased_duration",
        "breakthrough",
        "decreased_super_energy_cost",
        "extended_duration",
        "infinite_supers",
        "invincibility",
        "ki_access",
        "super_reload",
        "increased_super_energy_cost",
        "limited_choice",
        "only_in_beast_form",
    }
)


@pytest.mark.parametrize("entry_id", IMPLEMENTED_IDS)
def test_entry_combat_effect(entry_id: str) -> None:
    checks = CHECKS.get(entry_id, [])
    if not checks:
        if entry_id in PENDING:
            pytest.skip(f"{entry_id}: checks pending")
        pytest.fail(f"{entry_id} is implemented in combat but has no registered effect check")
    for check in checks:
        try:
            check.fn()
        except AssertionError as exc:
            exc.add_note(f"check {check.fn.__module__}.{check.fn.__name__} of {entry_id} ({check.ref})")
            raise


def test_checks_name_implemented_entries() -> None:
    # A check registered under a misspelt or unimplemented id would never run.
    assert sorted(set(CHECKS) - set(IMPLEMENTED_IDS)) == []


def test_pending_names_implemented_entries() -> None:
    assert sorted(PENDING - set(IMPLEMENTED_IDS)) == []
