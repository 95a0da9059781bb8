"""How the Elements and Liabilities of a Fighter's move act when the move meets a Thug group (000 L6710–L6718).

A hit on a group forces a Life Save on one Thug; a Thug who makes it stays in the fight and nothing else befalls the
group (000 L6568, L6714): groups take no Hit Stun, are never Knocked Down, take no Knock Back but from Increased
Knockback and Hurl (000 L6712–L6718), and have no Life Bar, Control, Fighting Spirit or Super Energy (000 L6648,
L6652). So an Element acts against a group through the move's figures (Accuracy against its Defense, the damage die
its Life Save counts, Range, Knocks Down's second save or push), through the book's own rules for groups (Area
Effect and Explosive take each group as one combatant, Drain Life heals 1, Sustained Hold does nothing), or on the
attacker himself; an effect on the target beyond its Life Save does nothing (ruling, 000 L6568, L6714–L6718).
An entry in none of these tables is reported as ``thug_move_elements`` when a move carrying it meets a group."""

from __future__ import annotations

from ..state.profile import MoveProfile

# Read from the move's figures the attack already uses (Accuracy against the Defense a group uses, the die, Range,
# keywords), or nothing a group has to change: a hit's Stun, Evasion and Tactics figures, flat and minimum damage
# (000 L6572), Super Energy and Glory the attack counts as usual.
FIGURES = frozenset(
    {
        "increased_accuracy",
        "decreased_accuracy",
        "increased_damage",
        "decreased_damage",
        "multi_hit",  # minimum or flat damage: no effect on a Life Save (000 L6572)
        "ranged",
        "ranged.short_range",
        "reach",
        "knocks_down",  # the second save or the push (000 L6718)
        "knocks_down.only_at_end_of_combo",
        "increased_knockback",  # 1 Range (000 L6716)
        "throw",
        "throw.hurl",  # 1 Range, not 2 (000 L6716)
        "hard_to_evade",  # against Evasion only: a group never evades (000 L6684)
        "unblockable",
        "hits_low",
        "subtle",  # against Tactics only (000 L6684)
        "hits_super_jump",
        "increased_glory",
        "no_super_energy",
        "super_energy",  # a hit's extra Super Energy (counted in fighter_on_thugs)
        "easy_to_combo",
        "no_combo",
        "super_energy_liability",  # Super Energy paid on use, as anywhere (pay_supers)
        "decreased_super_energy_cost",
        "increased_super_energy_cost",
        "limited_choice",  # the one Super of this fight (pay_supers)
        "only_in_beast_form",  # usable only in Beast Form (pay_supers)
        "ki_access",  # pricing only
        "ranged.very_fast",  # +1 close by (000 L4057)
        "ranged.very_slow",  # −1 far off (000 L4065)
    }
)

# The book's own rules for a group, and effects on the attacker, applied in ``fighter_on_thugs``.
APPLIED = frozenset(
    {
        "area_effect",  # each group in the area as one combatant (000 L2839)
        "explosive",  # the same, and no die less against a group (000 L3328)
        "drain_life",  # 1 Life Bar; 1 a Thug defeated when it opens a Combo (000 L3246)
        "drain_life.healing_attack",
        "throw.sustained_hold",  # no effect on a group (000 L6718)
        "no_damage",  # ruling: a hit with no damage takes no Thug out (000 L6568, L6714)
        "limited_damage",  # ruling: it can defeat nobody, so no Life Save (000 L6568)
        "non_finisher",  # ruling: likewise; it cannot take the Thug out
        "breaker",  # pierces a group's Temporary Invulnerability (000 L4327)
        "mobile",  # its Mobile keyword: 2 Ranges and the attack for 1 FS (000 L3673)
        "mobile.full_screen",  # 1–3 Ranges forward for 1 FS, the group +1 Defense after all 3 (000 L3683–L3685)
        "mobile.fast_full_screen",  # without that +1 (000 L3691)
        "teleportation",  # 2 Ranges before the attack, no FS
        "pass_through",  # 2 Ranges, no FS, ending at Range 0 (ruling: no map, so no passing beyond)
        "self_damage",  # he loses Life Bar equal to his Power Level, hit or miss
        "self_prone",  # he ends up Knocked Down
        "fast_recovery",  # his die next turn, on a hit or always (000 L3358)
        "slow_recovery",  # his die next turn, on a miss or always (000 L4836)
        "unreliable",  # a 1 on 1d10 and it does nothing (000 L4874)
        "power_up",  # more Control or Life Bar for damage: one less on the Life Save (000 L3852–L3862, L6572)
        "power_up.enhanced_power_up",  # its higher Control cap
        "ranged.accuracy_for_damage",  # Accuracy for damage: one less on the Life Save (000 L3991–L3999, L6572)
        "taunt",  # the Basic Taunt's 1d4 Glory, a group taunted as a Fighter (000 L2141, L4279)
        "cheap",  # no Glory the first time, 1d4 Glory lost each time after (000 L4531–L4535)
        "temporary_invulnerability",  # a group tied with him strikes him for nothing (000 L4323–L4327)
        "explosive.reduced_damage",  # a die size less per Range from him: one more on the save (000 L3332)
        "limited_use",  # its charges (000 L4600–L4614)
        "limited_use.more_charges",
        "limited_use.extended_reload",
        "limited_use.no_reload",
        "limited_use.special_move_reload",
        "reload",  # a move that refills a pool as it is used
        "super_reload",
        "no_movement",  # no movement with it (000 L4714)
        "limited_mobile",  # 2 Ranges or none (000 L4577)
        "specific_range",  # it connects at its one Range only (000 L4850–L4862)
    }
)

# Elements that act when the move defends, not when it attacks: on an attack on a group they do nothing (groups make
# no Reaction Attacks and never hold or interrupt, ruling B22, 000 L6654, L6684). The Defensive Responses themselves
# against a Thug's attack (000 L6702) are not offered in a Thug turn.
RESPONSES = frozenset(
    {
        "absorbs_attacks",
        "absorbs_attacks.absorb_all_attacks",
        "absorbs_attacks.transform_energy",
        "aerial",  # its Evasion bonus against an interrupt
        "anti_air",
        "counter",
        "crouching",  # its Evasion bonus against an interrupt
        "evade_ranged",
        "illusionary_doubles",
        "illusionary_doubles.defensive_illusion",
        "illusionary_doubles.defensive_illusion.variable_movement",
        "interrupt",
        "interrupt.invincible_interrupt",
        "invincibility",
        "priority",  # a group with no Priority of its own acts after a tied Fighter anyway (000 L6656)
        "reflection",
        "reversal",
        "sidestep_counter",
        "super_counter",
        "tag_counter",
        "teleportation.ends_in_mid_air",
        "ranged.no_ranged_response",  # groups make no Ranged Defensive Response
        "ranged.no_ranged_response.indirect",
        "triggered_interrupt",
        "triggered_interrupt.multiple_instances",
    }
)

# Hazards with Thugs are the Director's call (000 L6672): these do nothing to a group (ruling).
# A Fighter's made Hazard: no Hazard is kept in a Thug turn, and how one affects a group is the Director's (000 L6672).
HAZARDS = frozenset(
    {
        "position_shift",
        "throw.carrying_grapple",
        "create_environmental_hazard",
        "create_environmental_hazard.damaging_hazard",
        "create_environmental_hazard.damaging_wall",
        "create_environmental_hazard.extended_duration",
        "create_environmental_hazard.multiple_hazard",
        "create_environmental_hazard.pit",
        "create_environmental_hazard.reflection",
    }
)


# A target's effects beyond its Life Save: nothing happens to the group (ruling, 000 L6568, L6712–L6718).
TARGET_ONLY = frozenset(
    {
        "always_does_damage",  # a Thug has no Life Bar to lose on a miss
        "bounce",  # juggle damage: no damage is rolled against Thugs (000 L3246, L6714)
        "critical_hit",  # needs a damage roll, which a group's Life Save replaces (000 L3246)
        "entangle",
        "harry",
        "increased_stun",
        "juggle",
        "juggle.launcher",
        "knockback_advance",  # a group takes no ordinary Knock Back to follow (000 L6716)
        "knocks_down.no_breakfall",
        "knocks_down.no_tech_roll",
        "ranged.draw_closer",  # no Knock Back to turn into a pull (000 L6716)
        "ranged.draw_closer.optional_draw_in",
        "ranged.draw_closer.move_closer",
        "copies_moves",  # a group has no Special Moves to copy (000 L6686)
        "pursuit",  # a group is never prone (000 L6718)
        "pursuit.knock_down_pursuit",
        "does_no_knockback",
        "throw.does_stun",
        "gradual_effect",  # later installments of damage never reach a Life Save (000 L6572–L6574)
        "gradual_effect.delayed_onset",
        "utility_combo_opener",  # a Combo's damage counts for nothing against Thugs (000 L6574)
        "pursuit.pursuit_bounce",  # a group is never prone (000 L6718)
        "suppression",  # a group's options are not a Fighter's; the Thug hit stays or falls (000 L6568)
        "taunt.modify_super_energy",  # a group has no Super Energy (000 L6648)
    }
)

RESOLVED = FIGURES | APPLIED | TARGET_ONLY | RESPONSES | HAZARDS


def _open(m: MoveProfile, entry: str) -> bool:
    """Mobile with its After Mobile or Passing keyword moves after the attack, which a Thug turn does not offer."""
    return entry not in RESOLVED or (entry == "mobile" and not (m.kw("mobile") or m.kw("long_mobile")))


def unresolved(moves: list[MoveProfile]) -> list[str]:
    """The entries of ``moves`` a turn with Thugs does not act on yet, once each."""
    seen: list[str] = []
    for m in moves:
        seen.extend(e for e in m.entries if _open(m, e) and e not in seen)
    return seen


def forces_save(m: MoveProfile) -> bool:
    """Whether the move's hit makes a Thug roll his Life Save: not one that deals no damage or cannot defeat."""
    cannot = m.has("no_damage") or m.kw("no_damage") or m.has("limited_damage") or m.has("non_finisher")
    return not cannot and m.damage_step is not None


def movement(moves: list[MoveProfile]) -> tuple[int, int]:
    """(Ranges he may move before the attack, FS it costs) by the Combo's first move (000 L3671): Teleportation and
    Pass Through 2 for none (000 L4309, L3790), Full Screen 3 for 1 (000 L3683), Mobile 2 for 1 (000 L3673)."""
    m = moves[0]
    if m.has("teleportation") or m.has("pass_through"):
        return 2, 0
    if m.has("mobile.full_screen") and m.kw("long_mobile"):
        return 3, 1
    if m.has("mobile") and m.kw("mobile"):
        return 2, 1
    return 0, 0


def long_advance(m: MoveProfile, n: int) -> bool:
    """A full three-Range Full Screen advance gives the defender +1 Defense, unless Fast Full Screen (000 L3685)."""
    return n == 3 and bool(m.has("mobile.full_screen")) and not m.has("mobile.fast_full_screen")
