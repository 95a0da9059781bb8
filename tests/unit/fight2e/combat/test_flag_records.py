"""The flag tables the combat's elements read (Powerless, Buff limits, Hazard uses, an Interrupt's specials, Draw
Closer, Glory, Super Energy, Power Enhancer banking, Power Up) come from the entries' records in the data
(``catalogue/table_records.py``), each row as the book gives it (issue 39: no table keyed by ids in rules code)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.fight2e.catalogue.table_records import (
    Banking,
    BuffLimit,
    Draw,
    GloryRule,
    HazardUse,
    Powerless,
    PowerUp,
    Preparation,
    Special,
    SuperEnergyRule,
)
from service.rules.fight2e.combat.elements import access, charge, enhancer, glory, ranged, super_energy
from service.rules.fight2e.combat.elements.buffs import buff_modifiers
from service.rules.fight2e.combat.elements.hazards import hazard_elements, hazard_interaction
from service.rules.fight2e.combat.elements.interrupts import interrupt_effects, triggered
from service.rules.fight2e.combat.elements.power_up import power_up_elements
from service.rules.fight2e.combat.elements.sequences import sequences
from service.rules.fight2e.combat.state.entry_tables import FlagTable
from service.rules.fight2e.combat.state.profile import command_move

# table, {entry: the flags the text gives it}
ROWS: dict[str, tuple[FlagTable[Any], dict[str, set[Any]]]] = {
    "powerless": (
        access.POWERLESS,
        {
            "set_up.powerless": {Powerless.primes},  # 000 L4137–L4141: the others locked until used again
            "powerless_exception": {Powerless.exempt},  # 000 L4143–L4147: still usable
        },
    ),
    "buff limits": (
        buff_modifiers.BUFF_LIMITS,
        {
            "buff.movement_only": {BuffLimit.movement_only},  # 000 L3027–L3033
            "buff.no_movement": {BuffLimit.rooted},  # 000 L3035–L3039
            "buff.life_bar_drain": {BuffLimit.drains_life},  # 000 L3011–L3015
            "buff.stun": {BuffLimit.stuns_after},  # 000 L3057–L3063
            "buff.technique_buff": {BuffLimit.shares_duration},  # 000 L3071–L3075
        },
    ),
    "hazard uses": (
        hazard_elements.HAZARD_USES,
        {
            "requires_environmental_hazard": {HazardUse.needs},  # 000 L4787–L4791
            "ranged.wall_bounce": {HazardUse.banks},  # 000 L4067–L4073
            "throw.carrying_grapple": {HazardUse.carries},  # 000 L4349–L4357
            "position_shift": {HazardUse.shifts},  # 000 L3794–L3810
        },
    ),
    "interrupt specials": (
        interrupt_effects.SPECIALS,
        {
            "absorbs_attacks": {Special.absorbs},  # 000 L2761–L2775: Ranged Special Moves only
            "absorbs_attacks.absorb_all_attacks": {Special.absorbs, Special.absorbs_any},  # 000 L2777–L2781
            "absorbs_attacks.transform_energy": {Special.absorbs, Special.transforms},  # 000 L2789–L2793
            "reflection": {Special.reflects},  # 000 L4087–L4097
            "illusionary_doubles.defensive_illusion": {Special.shifts},  # 000 L3482–L3492
            "illusionary_doubles.offensive_illusion": {Special.glides},  # 000 L3500–L3506
        },
    ),
    "draw closer": (
        ranged.DRAWS,
        {
            "ranged.draw_closer": {Draw.pull},  # 000 L4001–L4009
            "ranged.draw_closer.move_closer": {Draw.pull, Draw.move},  # 000 L4019–L4027: the attacker moves in
            "ranged.draw_closer.optional_draw_in": {Draw.pull, Draw.optional},  # 000 L4011–L4017
        },
    ),
    "glory": (
        glory.GLORY_RULES,
        {
            "cheap": {GloryRule.earns_none, GloryRule.reuse_costs},  # 000 L4529–L4535: none, then 1d4 lost each reuse
            "taunt": {GloryRule.taunts},  # 000 L4273–L4281
        },
    ),
    "super energy": (
        super_energy.SUPER_ENERGY_RULES,
        {
            "no_super_energy": {SuperEnergyRule.earns_none},  # 000 L4723–L4727
            "super_energy_liability": {SuperEnergyRule.spends},  # 000 L4864–L4868: 10 Super Energy, not a Super
        },
    ),
    "banking": (
        enhancer.BANKING,
        {
            "power_enhancer.element_addition": {Banking.adds_element},  # 000 L3842–L3850
            "power_enhancer.delayed_onset": {Banking.may_hold},  # 000 L3834–L3840: held indefinitely
        },
    ),
    "power up": (
        power_up_elements.POWER_UPS,
        {
            "power_up": {PowerUp.powers_up},  # 000 L3852–L3866
            "power_up.extra_elements": {PowerUp.powers_up, PowerUp.buys_elements},  # 000 L3870–L3876
            "power_up.enhanced_power_up": {PowerUp.powers_up, PowerUp.raises_cap},  # 000 L3878–L3886
        },
    ),
}


@pytest.mark.parametrize("name", list(ROWS))
def test_each_flag_table_has_the_rows_the_text_gives(name: str) -> None:
    table, rows = ROWS[name]
    assert {e: set(flags) for e, flags in table.items()} == rows


def test_a_move_s_flags_are_the_union_of_its_entries_rows() -> None:
    # Move Closer is a modifier of Draw Closer: a move with both pulls (000 L4001) and moves the attacker (000 L4019)
    both = {"ranged": 1, "ranged.draw_closer": 1, "ranged.draw_closer.move_closer": 1}
    assert ranged.DRAWS.grants(both) == {Draw.pull, Draw.move}
    assert ranged.DRAWS.grants({"ranged": 1}) == frozenset()


def test_enhanced_power_up_s_cap_is_its_record_s_multiple_of_the_level() -> None:
    # 000 L3880-L3882: up to 2× the Level in extra Control for Elements (an L3 move: 9 Control, 6 of them extra);
    # 000 L3884: for one more Element (the option's 2-cost value), up to 3× the Level
    caps = dict(power_up_elements.CAPS.items())
    assert list(caps) == ["power_up.enhanced_power_up"]
    cap = caps["power_up.enhanced_power_up"]
    assert cap.option == "control_cap"
    assert {c.value: c.times for c in cap.levels} == {"double_level": 2, "triple_level": 3}
    assert (cap.times("triple_level"), cap.times(None)) == (3, 2)  # none chosen: the 1-Element value


def _level3(**options: str) -> int:
    entries = {"power_up": 1, "power_up.extra_elements": 1, "power_up.enhanced_power_up": 1}
    m = command_move("m", "M", 3, (), entries=entries, options={"power_up.enhanced_power_up": options})
    return power_up_elements.cap(m)


def test_the_cap_reads_the_design_s_value() -> None:
    # an L3 move: 6 extra Control with the 1-Element Enhanced Power Up (000 L3882), 9 with the 2-Element one (L3884);
    # without it, Extra Elements stay within the Level's 3 (000 L3862)
    assert (_level3(control_cap="double_level"), _level3(control_cap="triple_level")) == (6, 9)
    plain = command_move("m", "M", 3, (), entries={"power_up": 1, "power_up.extra_elements": 1})
    assert power_up_elements.cap(plain) == 3


def test_each_follow_up_names_the_opener_the_text_gives() -> None:
    # Move Sub-Set and Multi-Part Move follow an Opening Move (000 L4654, L4662); a Multi-Part Throw follows an
    # Opening Throw (000 L4676)
    assert dict(sequences.FOLLOW_UPS.items()) == {
        "move_sub_set": "opening_move",
        "multi_part_move": "opening_move",
        "multi_part_throw": "opening_throw",
    }
    assert sequences.OPENERS == ("opening_move",)  # only an Opening Move's window lasts into the next turn (000 L3746)


def _made(*entries: str) -> hazard_interaction.MadeHazard:
    return hazard_interaction.made(command_move("m", "M", 1, (), entries={e: 1 for e in entries}))


def test_a_made_hazard_takes_its_entries_rows_together() -> None:
    # the plain Element: a Wall for a 5-count (000 L3135, L3139); Extended Duration: a 10-count (000 L3169); Multiple
    # Hazard: two at once (000 L3175)
    base = "create_environmental_hazard"
    plain = _made(base)
    assert (plain.makes, plain.kind, plain.count, plain.at_once, plain.damaging) == (True, None, 5, 1, False)
    longer = _made(base, base + ".extended_duration", base + ".multiple_hazard")
    assert (longer.count, longer.at_once) == (10, 2)
    # a Pit or a Damaging Wall requires Damaging Hazard (000 L3163, L3181) and is what the move makes; the damage is
    # the Damaging Hazard's (000 L3153)
    pit = _made(base, base + ".damaging_hazard", base + ".pit")
    assert (pit.kind, pit.damaging) == ("pit", True)
    wall = _made(base, base + ".damaging_hazard", base + ".damaging_wall")
    assert (wall.kind, wall.damaging) == ("wall", True)
    assert _made(base, base + ".damaging_hazard").kind == "damaging"
    assert _made("ranged") == hazard_interaction.MadeHazard()


def test_each_charge_move_needs_the_preparation_the_text_gives() -> None:
    rows = {e: (c.preparation, set(c.guards)) for e, c in charge.CHARGES.items()}
    assert rows == {
        "charge_back": (Preparation.away, set()),  # moved away or blocked just before (000 L3085–L3099)
        "charge_down": (Preparation.guard, {"defense", "crouch"}),  # a Defense or crouching block (000 L4489)
        "charge_forward": (Preparation.step, set()),  # a 1-Range step toward the target (000 L4505)
        "charge_up": (Preparation.guard, {"evasion", "aerial_block"}),  # an Evasion or aerial block (000 L4523)
    }


def test_triggered_interrupts_arm_the_instances_the_text_gives() -> None:
    # one armed at a time, a second use restarting its count (000 L4408); Multiple Instances: no limit (000 L4421)
    assert dict(triggered.INSTANCES.items()) == {
        "triggered_interrupt": 1,
        "triggered_interrupt.multiple_instances": None,
    }
