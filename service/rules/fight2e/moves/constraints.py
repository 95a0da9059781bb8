"""Entry-specific cost rules and constraint checks that the catalogue's generic fields cannot express.

Each function is registered under the name the data uses (``cost_rule``) or under the constraint's code (and
optionally the entry id). A constraint with no check here is reported to the caller as ``unsupported``.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Any, cast

from ..catalogue.keywords import apply, apply_plans, has
from ..catalogue.records import MoveTrait, Traits, control_caps
from ..catalogue.schema import chosen, qualifies
from ..catalogue.sheet_records import (
    AddsElements,
    ChoiceNeedsKeyword,
    CostWith,
    ForbidsChoice,
    ForbidsOnMove,
    KeepsNature,
    NeedsOneOf,
    OneOnMove,
    OptionalRule,
    PayloadAllows,
    PayloadForbids,
    PowerUpTarget,
    SetsOption,
    SeveralTargets,
    WaivedBy,
)
from . import buff_design
from .codes import CODES, register
from .models import EntryChoice, EntryRef
from .pricing import Move, Taken, carrying, check, cost_rule, option_on, template, times_with, with_trait
from .random_effect import combinations_of, has_text_form

# Codes of entry-specific constraints (digest part 2 §5.1 and part 1 §6), registered once.
for _code, _sev, _meaning, _ref in [
    ("BOMB_UTILITY_FORBIDDEN", "error", "A Bomb move also has Create Environmental Hazard or Summon.", "000 L2845"),
    (
        "BOMB_PAYLOAD_FORBIDDEN",
        "error",
        "A Bomb's explosion has Hits Low, Unblockable, a Range-changing entry other than No Range, or a Utility "
        "Element other than Healing.",
        "000 L2845",
    ),
    ("BUFF_DURATION_CONFLICT", "error", "A Buff with more than one entry that redefines its duration.", "000 L3067"),
    ("ILLUSION_VERSION_REQUIRED", "error", "Illusionary Doubles needs exactly one of its two versions.", "000 L3480"),
    ("INTERRUPT_NOT_FUNCTIONAL", "error", "Interrupt on a move that is neither Offensive nor Passive.", "000 L3571"),
    ("KI_ACCESS_WITH_KI_SKILL", "error", "Ki Access on a Fighter who has the Ki Skill.", "000 L4954"),
    ("SUPER_ENERGY_COST_CONFLICT", "error", "Decreased and Increased Super Energy Cost on one Super.", "000 L4920"),
    ("VERY_FAST_AND_VERY_SLOW", "error", "Very Fast and Very Slow on the same move.", "000 L4051–L4065"),
    (
        "CHARGE_MOVE_LEVEL",
        "error",
        "A Charge Liability on a move that is not L3, where the campaign demands L3.",
        "000 L4493",
    ),
    ("END_STYLE_ILLEGAL_STYLE", "error", "End Style on a Base Style move or a Cross-Style Move.", "000 L3284"),
    ("EXCLUDED_COMBINATION", "error", "An entry combined with something it excludes under a condition.", None),
    (
        "OPTIONAL_RULE_INACTIVE",
        "warning",
        "The entry does nothing unless an optional rule of the campaign is used.",
        "000 L3637",
    ),
    ("OPTION_INVALID", "error", "A design choice contradicts the campaign's settings.", None),
    (
        "PERFECT_HIT_INVALID",
        "error",
        "Perfect Hit's target is missing, not on the move, or not a hit effect.",
        "000 L4751",
    ),
    (
        "SPECIFIC_RANGE_INVALID",
        "error",
        "Specific Range is not reachable with the move's Range keyword.",
        "000 L4852–L4860",
    ),
    (
        "LIMITED_MOVE_VALUE_INVALID",
        "error",
        "Limited Move is worth as much as or more than the Element it limits.",
        "000 L4583–L4589",
    ),
    ("SUPPRESSION_INVALID", "error", "Suppression with nothing suppressed.", "000 L4247–L4255"),
    ("INVISIBILITY_NO_PENALTY", "error", "Invisibility without a die-size penalty to the opponent.", "000 L3595"),
    (
        "SUMMON_ALLY_ELEMENT_FORBIDDEN",
        "error",
        "A Summon's ally has a movement, Utility or Bonus Element, or Area Effect or Explosive.",
        "000 L4189",
    ),
    (
        "ELEMENT_ADDITION_INVALID",
        "error",
        "An Element Addition names no Element, or one that cannot be added.",
        "000 L3846",
    ),
    ("POWER_LEVEL_TOO_LOW", "error", "The entry needs a higher Power Level than the Fighter's.", "000 L4866"),
    ("COMBO_KNOCK_DOWN_DEFERRED", "info", "The Knock Down of this move waits for the end of the Combo.", "000 L2939"),
    ("CROSS_MOVE_REFERENCE_MISSING", "error", "The entry refers to another move of the Fighter that must exist.", None),
    ("ROSTER_RULE", "info", "A rule about the Fighter's other moves, checked by Fighter validation.", None),
    ("SUB_SET_SIZE_LARGE", "warning", "A Move Sub-Set with more than six follow-ups.", "000 L4658"),
    (
        "BUFF_QUALITY_OUT_OF_RANGE",
        "error",
        "A Buff would raise a Basic Quality above 3 or Ki damage by more than 3 "
        "steps, or lower a Basic Quality below −2.",
        "000 L2967, L3025",
    ),
    ("BUFF_DEFENSE_BELOW_ZERO", "error", "A Buff trades away more Defense than the Fighter has.", "000 L2971"),
    (
        "BUFF_FORBIDDEN_ADDITION",
        "error",
        "A Buff gives another move Buff, or an Element that adds Elements.",
        "000 L2963",
    ),
    (
        "REPEATABLE_BUFF_MODIFIES_MOVES",
        "error",
        "Repeatable on a Buff that adds or swaps Elements on moves.",
        "000 L3051",
    ),
    (
        "POWER_UP_ON_UTILITY",
        "error",
        "Power Up on a Utility move without a damaging hazard, Bomb or Healing.",
        "000 L3864",
    ),
    (
        "POWER_ENHANCER_INVALID",
        "error",
        "Power Enhancer names the wrong number of target moves, or itself.",
        "000 L3822, L3830",
    ),
    (
        "POWER_UP_SCHEDULE_INVALID",
        "error",
        "Extra Elements on the wrong Power Up, or more than its Control cap.",
        "000 L3858–L3886",
    ),
    (
        "RANDOM_EFFECT_INVALID",
        "error",
        "Random Effect with no or over ten combinations, or one over its allocation.",
        "000 L3944–L3948",
    ),
]:
    if _code not in CODES:
        register(_code, _sev, _meaning, _ref)  # type: ignore[arg-type]


def _opt(t: Taken, name: str, default: object = None) -> object:
    value = t.choice.options.get(name)
    if value is None:
        for opt in t.entry.options:
            if opt.name == name and opt.default is not None:
                return opt.default
        return default
    return value


# ---- cost rules ------------------------------------------------------------------------------------------------


@cost_rule("area_by_reach")
def _area(move: Move, t: Taken) -> float:
    # 2; 5 with Ranged; +1 when another entry makes the move No Damage (000 L2841; digest ruling A16).
    others = apply(_template_of(move), [c for o in move.taken if o is not t for c in o.changes])[0]
    t.flat = 1.0 if "no_damage" in others else 0.0  # once, even on an (illegal) repeated Area Effect
    return _cost_with(move, t)


@cost_rule("charge_back_with_counter")
def _charge_back(move: Move, t: Taken) -> float:
    return _cost_with(move, t)  # 000 L3107


def _cost_with(move: Move, t: Taken) -> float:
    """The entry's cost with the entries its ``cost_with`` records name on the move, else its base cost."""
    for r in move.cat.records.get(t.entry.id, ()):
        if isinstance(r, CostWith) and all(move.has(i) for i in r.entries):
            return r.cost
    return t.entry.cost


@cost_rule("harder_command_move")
def _end_style(move: Move, t: Taken) -> float:
    fighter = move.request.fighter
    return 1.0 + (fighter.harder_command_move_flaws if fighter else 0)  # digest ruling A22


@cost_rule("technique_buff_duration")
def _technique_buff(move: Move, t: Taken) -> float:
    return _cost_with(move, t)  # 000 L3075


@cost_rule("buff_worth")
def _buff(move: Move, t: Taken) -> float:
    # 1 + ½ per Element slot added to other moves (rounded up) + 3 per Basic Quality or Ki step + 1 per Defense point
    # traded; swaps are free (000 L2953–L2973).
    added = max(_int(t, "added_elements"), _buff_worth(move, t))
    raises = _int(t, "quality_raises")
    ki_steps = _int(t, "ki_damage_steps")
    trade = _int(t, "defense_trade")
    return 1.0 + math.ceil(added / 2) + 3 * (raises + ki_steps) + trade


@cost_rule("throw_blockability")
def _throw(move: Move, t: Taken) -> float:
    return 0.0 if move.request.campaign.throws_blockable else 2.0  # 000 L4335–L4347


@cost_rule("half_target_cost")
def _perfect_hit(move: Move, t: Taken) -> float:
    target = _opt(t, "target")
    if isinstance(target, str) and move.has(target):
        return -0.5 * move.cost_of(target)  # worth half its target's cost (000 L4751)
    return t.entry.cost


@cost_rule("ally_elements")
def _summon(move: Move, t: Taken) -> float:
    allies = _opt(t, "ally_elements") or []
    total = 2.0  # 000 L4185
    for ident in allies if isinstance(allies, list) else []:
        entry = move.cat.entries.get(ident)
        if entry is not None:
            total += max(entry.cost, 0)
    return total


_SUPPRESSION_TIER = {"none": 0, "special_moves": 2, "super_moves": 3, "techniques": 4, "basic_moves": 5, "total": 6}


@cost_rule("suppression_tier")
def _suppression(move: Move, t: Taken) -> float:
    tier = _SUPPRESSION_TIER.get(str(_opt(t, "tier", "none")), 0)
    lock = _opt(t, "movement_lock", "no") == "yes"
    return float(tier + ((3 if tier else 2) if lock else 0))  # 000 L4247–L4255


@cost_rule("power_enhancer_element_addition")
def _pe_addition(move: Move, t: Taken) -> float:
    element = move.cat.entries.get(str(_opt(t, "element", "")))
    paired = _opt(t, "paired_liabilities") or []
    ids: list[str] = paired if isinstance(paired, list) else []
    value = sum(move.cat.entries[i].cost for i in ids if i in move.cat.entries)
    return float(max(1.0, (element.cost if element else 0) + 1 + value))  # 000 L3846


@cost_rule("taunt_element_addition")
def _taunt_addition(move: Move, t: Taken) -> float:
    element = move.cat.entries.get(str(_opt(t, "element", "")))
    return max(0.5, element.cost if element else 0.5)  # 000 L4299


def _buff_worth(move: Move, t: Taken) -> int:
    """The worth of a Buff's added Elements: their costs, once per named move (000 L2963)."""
    each = sum(
        max(move.cat.entries[i].cost, 0) for i in buff_design.added(_opt(t, "added_entries")) if i in move.cat.entries
    )
    return math.ceil(each * max(len(buff_design.targets(_opt(t, "target_moves"))), 1))


def _int(t: Taken, name: str) -> int:
    value = t.choice.options.get(name, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _template_of(move: Move) -> tuple[str, ...]:
    return template(move)


# ---- checks ----------------------------------------------------------------------------------------------------


def _add(move: Move, t: Taken, code: str, message: str) -> None:
    move.found.add(code, t.path, message, t.entry.ref.line)


def _parent(move: Move, t: Taken) -> Taken | None:
    """The base entry ``t`` modifies, as its move took it (None when missing: that is reported on its own)."""
    return move.by_id.get(t.entry.parent) if t.entry.parent else None


def _settled(move: Move, base: Taken, option: str, value: str | None = None) -> bool:
    """Whether a variant on the move settles ``base``'s design ``option`` (to ``value``, when one is asked for)."""
    return any(
        isinstance(r, SetsOption) and r.option == option and (value is None or r.value == value)
        for o in move.taken
        if o.entry.parent == base.entry.id
        for r in move.cat.records.get(o.entry.id, ())
    )


def _waived(move: Move, t: Taken, code: str) -> bool:
    """Whether another entry of the move, or ``t``'s own design choice, lifts ``t``'s own requirement checked under
    ``code`` (``waived_by``)."""
    return any(
        isinstance(r, WaivedBy)
        and r.code == code
        and (not move.ids.isdisjoint(r.entries) or (r.option is not None and str(_opt(t, r.option)) in r.values))
        for r in move.cat.records.get(t.entry.id, ())
    )


_PROJECTILES: dict[str, frozenset[str]] = {}


def _projectile(move: Move) -> bool:
    """Whether an entry of the move makes it a projectile (its ``trait`` record; Ranged, 000 L3970–L3989)."""
    found = _PROJECTILES.get(move.cat.digest)
    if found is None:
        found = _PROJECTILES[move.cat.digest] = frozenset(
            e
            for e, records in move.cat.records.items()
            if any(isinstance(r, Traits) and MoveTrait.projectile in r.traits for r in records)
        )
    return not move.ids.isdisjoint(found)


@check("KI_SKILL_REQUIRED")
@check("ELEMENT_ALREADY_GRANTED", entries=("knocks_down",))
@check("FREE_THROW_INVALID", entries=("throw",))
def _covered(move: Move, t: Taken) -> None:
    """Checked by the generic steps: the Ki Skill requirement (with Ki Access), the Super's free Knocks Down and
    the free Throw at move level."""


@check("DESIGN_CHOICE_INVALID", entries=("area_effect", "explosive"))
def _area_source(move: Move, t: Taken) -> None:
    if _projectile(move) and _opt(t, "damage_source") == "strength":
        _add(move, t, "DESIGN_CHOICE_INVALID", f"With Ranged, {t.entry.name} damage is based on Ki, not Strength.")


@check("INSTANCE_LIMIT_EXCEEDED", entries=("always_does_damage",))
def _always_does_damage(move: Move, t: Taken) -> None:
    if move.is_super:
        limit = max(1, times_with(move, MoveTrait.partial_hit))  # Breakthrough: 000 L2813–L2817; digest ruling A15
        if t.times > limit:
            move.found.add(
                "INSTANCE_LIMIT_EXCEEDED",
                f"{t.path}.times",
                f"On a Super, Always Does Damage may be taken once per Breakthrough ({limit}).",
                t.entry.ref.line,
            )


@check("INSTANCE_LIMIT_EXCEEDED", entries=("buff.technique_buff",))
def _technique_buff_instances(move: Move, t: Taken) -> None:
    associated = _opt(t, "associated") or []
    present = [i for i in associated if move.has(i)] if isinstance(associated, list) else []
    if t.times > len(present):
        _add(
            move,
            t,
            "INSTANCE_LIMIT_EXCEEDED",
            f"Technique Buff is taken once per associated Element on the move ({len(present)}).",
        )


def _group_of(move: Move, ident: str) -> OneOnMove | None:
    return next((r for r in move.cat.records.get(ident, ()) if isinstance(r, OneOnMove)), None)


def _members(move: Move, group: str) -> list[str]:
    """The entries of a move group on the move, in catalogue order."""
    on = [o.entry.id for o in move.taken if (r := _group_of(move, o.entry.id)) is not None and r.group == group]
    order = {ident: n for n, ident in enumerate(move.cat.entries)}
    return sorted(dict.fromkeys(on), key=order.__getitem__)


_GROUP_MESSAGES = {
    "BUFF_DURATION_CONFLICT": "Only one entry may set a Buff's duration: {names}.",
    "SUPER_ENERGY_COST_CONFLICT": "A Super cannot both raise and lower its Super Energy cost.",
    "VERY_FAST_AND_VERY_SLOW": "A projectile cannot be both Very Fast and Very Slow.",
}


@check("BUFF_DURATION_CONFLICT")
@check("SUPER_ENERGY_COST_CONFLICT")
@check("VERY_FAST_AND_VERY_SLOW")
def _one_on_move(move: Move, t: Taken) -> None:
    """A move takes one entry of a ``one_on_move`` group (catalogue/sheet_records.py)."""
    mine = _group_of(move, t.entry.id)
    if mine is None or mine.code is None:
        return
    present = _members(move, mine.group)
    # report once (digest ruling A20), by the group's last entry in catalogue order (000 L3067, L4920, L4051–L4065)
    if len(present) > 1 and t.entry.id == present[-1]:
        names = ", ".join(move.cat.entries[i].name for i in present)
        _add(move, t, mine.code, _GROUP_MESSAGES.get(mine.code, "Only one of {names} on a move.").format(names=names))


@check("ILLUSION_VERSION_REQUIRED")
def _needs_one_of(move: Move, t: Taken) -> None:
    """A Family needs exactly one of its versions on the move (000 L3480)."""
    for r in move.cat.records.get(t.entry.id, ()):
        if isinstance(r, NeedsOneOf) and len(_members(move, r.group)) != 1:
            names = " or ".join(move.cat.entries[i].name for i in _group_entries(move, r.group))
            _add(move, t, r.code, f"{t.entry.name} needs exactly one of {names}.")


def _group_entries(move: Move, group: str) -> list[str]:
    return [i for i, found in move.cat.records.items() for r in found if isinstance(r, OneOnMove) and r.group == group]


@check("INTERRUPT_NOT_FUNCTIONAL")
def _interrupt(move: Move, t: Taken) -> None:
    if "offensive" not in move.keywords and not has(move.keywords, "passive"):
        _add(move, t, "INTERRUPT_NOT_FUNCTIONAL", "An Interrupt must be Offensive or Passive to interrupt anything.")


@check("KI_ACCESS_WITH_KI_SKILL")
def _ki_access(move: Move, t: Taken) -> None:
    fighter = move.request.fighter
    if fighter is None or fighter.ki is None:
        move.found.add("CHECKED_WITH_FIGHTER", t.path, "Ki Access is only for Fighters without the Ki Skill.")
    elif fighter.ki > 0:
        _add(move, t, "KI_ACCESS_WITH_KI_SKILL", "Ki Access is only for Fighters without the Ki Skill.")


@check("CHARGE_MOVE_LEVEL")
def _charge_level(move: Move, t: Taken) -> None:
    if move.request.campaign.charge_moves_must_be_l3 and move.request.level != 3:
        _add(move, t, "CHARGE_MOVE_LEVEL", f"This campaign puts {t.entry.name} only on L3 moves.")


@check("END_STYLE_ILLEGAL_STYLE")
def _end_style_style(move: Move, t: Taken) -> None:
    fighter = move.request.fighter
    if fighter is None:
        move.found.add("CHECKED_WITH_FIGHTER", t.path, "End Style needs a non-Base-Style move; give fighter.")
    elif fighter.base_style or fighter.cross_style:
        _add(
            move,
            t,
            "END_STYLE_ILLEGAL_STYLE",
            "End Style only goes on a move of a style other than the Base Style, and not on a Cross-Style Move.",
        )


class ThrowRule(StrEnum):
    """The campaign's rule for Throws, as a Throw's ``throw_rule`` design option names it (000 L4335–L4347)."""

    blockable = "blockable"
    unblockable = "unblockable"


@check("OPTION_INVALID", entries=("throw",))
def _throw_rule(move: Move, t: Taken) -> None:
    given = t.choice.options.get("throw_rule")
    expected = ThrowRule.blockable if move.request.campaign.throws_blockable else ThrowRule.unblockable
    if given is not None and given != expected:
        _add(
            move,
            t,
            "OPTION_INVALID",
            f"This campaign's Throws are {expected}; set campaign.throws_blockable instead of the option.",
        )


@check("OPTIONAL_RULE_INACTIVE")
def _optional_rule(move: Move, t: Taken) -> None:
    camp = move.request.campaign
    rules = [r.rule for r in move.cat.records.get(t.entry.id, ()) if isinstance(r, OptionalRule)]
    if not rules or not all(getattr(camp, rule.value) for rule in rules):
        summary = next(c.summary for c in t.entry.constraints if c.code == "OPTIONAL_RULE_INACTIVE")
        move.found.add("OPTIONAL_RULE_INACTIVE", t.path, f"{t.entry.name}: {summary}", t.entry.ref.line)


@check("CAMPAIGN_OPTION_REQUIRED", entries=("mobile.wall_spring",))
def _wall_spring(move: Move, t: Taken) -> None:
    if not option_on(move, "wall_springs"):
        move.found.add(
            "CHECKED_WITH_FIGHTER",
            t.path,
            "Wall Spring needs the campaign's Wall Springs or the Wall Spring Technique (fighter.techniques).",
        )


@check("CAMPAIGN_OPTION_REQUIRED", entries=("super_energy_liability", "no_super_energy"))
def _needs_supers(move: Move, t: Taken) -> None:
    if not move.request.campaign.supers:
        _add(move, t, "CAMPAIGN_OPTION_REQUIRED", f"{t.entry.name} needs a campaign with Super Moves.")


@check("CAMPAIGN_OPTION_REQUIRED", entries=("sidestep_setup",))
def _sidestep(move: Move, t: Taken) -> None:
    if not option_on(move, "sidestep"):
        _add(
            move,
            t,
            "CAMPAIGN_OPTION_REQUIRED",
            "Sidestep Setup needs the campaign's Sidestep option or the "
            "Fighter's Sidestep Technique (fighter.techniques).",
        )


@check("CAMPAIGN_OPTION_REQUIRED", entries=("decreased_super_energy_cost",))
def _no_three_tier(move: Move, t: Taken) -> None:
    if move.request.campaign.three_tier_supers:
        _add(move, t, "CAMPAIGN_OPTION_REQUIRED", "Decreased Super Energy Cost is not used with three-tier Supers.")


@check("CAMPAIGN_OPTION_REQUIRED", entries=("only_in_beast_form",))
def _beast_form(move: Move, t: Taken) -> None:
    """The entry's campaign_option already gates it (000 L5321)."""


@check("POWER_LEVEL_TOO_LOW")
def _pl3(move: Move, t: Taken) -> None:
    fighter = move.request.fighter
    if fighter is None or fighter.power_level is None:
        move.found.add("CHECKED_WITH_FIGHTER", t.path, f"{t.entry.name} needs Power Level 3.")
    elif fighter.power_level < 3:
        _add(move, t, "POWER_LEVEL_TOO_LOW", f"{t.entry.name} needs Power Level 3 or more.")


@check("INCOMPATIBLE_ENTRIES", entries=("fake",))
def _fake(move: Move, t: Taken) -> None:
    others = apply(_template_of(move), [c for o in move.taken if o is not t for c in o.changes])[0]
    if "no_combo" in others:
        _add(move, t, "INCOMPATIBLE_ENTRIES", "Fake cannot go on a move that another entry makes No Combo.")


@check("EXCLUDED_COMBINATION", entries=("pursuit",))
def _pursuit(move: Move, t: Taken) -> None:
    if has(move.keywords, "knocks_down") and not _waived(move, t, "EXCLUDED_COMBINATION"):  # 000 L3924
        _add(move, t, "EXCLUDED_COMBINATION", "Pursuit on a move that Knocks Down needs Knock Down Pursuit.")


@check("REQUIRED_COMPONENT_MISSING", entries=("pursuit.knock_down_pursuit",))
def _kd_pursuit(move: Move, t: Taken) -> None:
    if not move.is_super and move.ids.isdisjoint(with_trait(move.cat, MoveTrait.throw)):
        move.found.add(
            "PREREQUISITE_MISSING",
            t.path,
            "Knock Down Pursuit needs the Throw Element (or a Super Move).",
            t.entry.ref.line,
        )


@check("REQUIRED_KEYWORD_MISSING", entries=("utility_combo_opener",))
def _uco(move: Move, t: Taken) -> None:
    if _waived(move, t, "REQUIRED_KEYWORD_MISSING"):  # on a Set Up or Triggered Interrupt move (000 L4133, L4413)
        return
    if "utility" not in move.keywords and "no_damage" not in move.keywords:
        _add(move, t, "REQUIRED_KEYWORD_MISSING", "Utility Combo Opener needs a Utility or No Damage move.")


@check("REQUIRED_KEYWORD_MISSING", entries=("decreased_damage",))
def _decreased_damage(move: Move, t: Taken) -> None:
    """Its Offensive requirement is data; the Healing waiver only lifts it, and needs no report."""


@check("BOMB_UTILITY_FORBIDDEN")
def _forbids_on_move(move: Move, t: Taken) -> None:
    """The entries its ``forbids_on_move`` records name may not share its move (a Bomb's, 000 L2845)."""
    for r in move.cat.records.get(t.entry.id, ()):
        if isinstance(r, ForbidsOnMove):
            for other in r.entries:
                if move.has(other):
                    name = move.cat.entries[other].name
                    _add(move, t, r.code, f"A {t.entry.name} move cannot also have {name}.")


def _named(ident: str, entries: tuple[str, ...], families: tuple[str, ...]) -> bool:
    return ident in entries or any(ident.startswith(f"{family}.") for family in families)


@check("BOMB_PAYLOAD_FORBIDDEN", entries=("bomb",))
def _bomb_payload(move: Move, t: Taken) -> None:
    """What the shell's explosion may not carry (its ``payload_forbids`` record, 000 L2845), unless a variant of the
    move lets its own shot carry it (``payload_allows``: the Assault Bomb's, 000 L2869–L2871)."""
    own = move.cat.records.get(t.entry.id, ())
    allows = [r for o in move.taken for r in move.cat.records.get(o.entry.id, ()) if isinstance(r, PayloadAllows)]
    for rule in (r for r in own if isinstance(r, PayloadForbids)):
        for o in move.taken:
            ident = o.entry.id
            bad = _named(ident, rule.entries, rule.families) or (
                rule.utility
                and o.entry.kind == "element"
                and "utility" in {k for c in o.changes for k in c.add}
                and ident != t.entry.id
                and ident not in rule.spared
            )
            if bad and not any(_named(ident, a.entries, a.families) for a in allows):
                move.found.add(rule.code, o.path, f"A Bomb's explosion cannot have {o.entry.name}.", t.entry.ref.line)


@check("BOMB_PAYLOAD_FORBIDDEN", entries=("bomb.assault_bomb",))
def _assault_note(move: Move, t: Taken) -> None:
    """The relaxation is applied by the Bomb check."""


def _keywords_needed(move: Move, t: Taken) -> None:
    """The keyword each value of ``t``'s design option asks the move for (its ``choice_needs_keyword`` records), on
    the move built without ``t``, as its other requirements are (the value's own changes consume the keyword)."""
    needs = [r for r in move.cat.records.get(t.entry.id, ()) if isinstance(r, ChoiceNeedsKeyword)]
    if not needs:
        return
    without = apply_plans(template(move), [p for o in move.taken if o is not t for p in o.plans])[0]
    for r in needs:
        if not any(has(without, k) for row in r.needs for k in row.any_keywords):
            continue  # ruling: none of them at all is reported once, by the entry's own requirement (000 L4852)
        value = str(_opt(t, r.option))
        for row in r.needs:
            if value in row.values and not any(has(without, k) for k in row.any_keywords):
                wanted = " or ".join(row.any_keywords)
                _add(move, t, r.code, f"{r.option} {value} needs a move with {wanted}.")


@check("SPECIFIC_RANGE_INVALID", entries=("specific_range",))
def _specific_range(move: Move, t: Taken) -> None:
    if _opt(t, "range") is None:
        return
    _keywords_needed(move, t)
    if _projectile(move) and not _waived(move, t, "SPECIFIC_RANGE_INVALID"):  # Indirect, or Range 0 (000 L4852)
        _add(
            move,
            t,
            "SPECIFIC_RANGE_INVALID",
            "A Ranged move may take Specific Range only at Range 0, unless it is Indirect.",
        )


@check("LIMITED_MOVE_VALUE_INVALID", entries=("limited_move",))
def _limited_move(move: Move, t: Taken) -> None:
    limited = _opt(t, "limited_elements") or []
    if (
        isinstance(limited, list)
        and len(limited) == 1
        and move.has(limited[0])
        and abs(t.per_instance) >= move.cost_of(limited[0])
    ):
        _add(move, t, "LIMITED_MOVE_VALUE_INVALID", "Limited Move on one Element must be worth less than it.")


@check("SUPPRESSION_INVALID", entries=("suppression",))
def _suppression_check(move: Move, t: Taken) -> None:
    if _opt(t, "tier", "none") == "none" and _opt(t, "movement_lock", "no") != "yes":
        _add(move, t, "SUPPRESSION_INVALID", "Suppression must suppress something.")


@check("INVISIBILITY_NO_PENALTY", entries=("invisibility",))
def _invisibility(move: Move, t: Taken) -> None:
    if _int(t, "initiative_steps") + _int(t, "control_steps") < 1:
        _add(move, t, "INVISIBILITY_NO_PENALTY", "Invisibility must lower the opponent's Initiative or Control die.")


@check("PERFECT_HIT_INVALID", entries=("perfect_hit",))
def _perfect_hit_check(move: Move, t: Taken) -> None:
    target = _opt(t, "target")
    if isinstance(target, str) and (not move.has(target) or move.cost_of(target) <= 0.5):
        _add(move, t, "PERFECT_HIT_INVALID", "Perfect Hit must name an Element on this move that costs more than ½.")
        return
    # The Elements it may guard are listed in the option's picks (000 L4751; digest ruling A-20).
    picks = next((o.picks for o in t.entry.options if o.name == "target"), None)
    entry = move.cat.entries.get(target) if isinstance(target, str) else None
    if picks is not None and entry is not None and not qualifies(picks, entry):
        _add(
            move,
            t,
            "PERFECT_HIT_INVALID",
            f"Perfect Hit guards an On-Hit Element or one that changes what a hit does; {entry.name} is neither.",
        )


@check("SUMMON_ALLY_ELEMENT_FORBIDDEN", entries=("summon",))
def _summon_allies(move: Move, t: Taken) -> None:
    allies = _opt(t, "ally_elements") or []
    for ident in allies if isinstance(allies, list) else []:
        entry = move.cat.entries.get(ident)
        if entry is None:
            continue
        changes = [entry.keywords] + [c.keywords for o in entry.options for c in o.choices if c.keywords]
        added = {k for c in changes for k in (*c.add, *c.replace.values())}
        if ident in carrying(move.cat, SeveralTargets) or added & {
            "utility",
            "bonus",
            "mobile",
            "long_mobile",
            "after_mobile",
            "passing",
            "no_movement",
        }:
            _add(move, t, "SUMMON_ALLY_ELEMENT_FORBIDDEN", f"A summoned ally cannot have {entry.name}.")


@check("ELEMENT_ADDITION_INVALID")
def _element_addition(move: Move, t: Taken) -> None:
    ident = _opt(t, "element")
    if isinstance(ident, str) and ident in move.cat.entries and move.cat.entries[ident].kind != "element":
        _add(move, t, "ELEMENT_ADDITION_INVALID", "An Element Addition must name an Element.")


@check("SUB_SET_SIZE_LARGE", entries=("move_sub_set",))
def _sub_set_size(move: Move, t: Taken) -> None:
    if _int(t, "sub_set_size") > 6:  # the book calls more than six follow-ups a lot (000 L4658)
        move.found.add(
            "SUB_SET_SIZE_LARGE",
            t.path,
            "A Move Sub-Set of more than six follow-ups is unusually large.",
            t.entry.ref.line,
        )


@check("CROSS_MOVE_REFERENCE_MISSING")
@check("LIMITED_USE_POOL_INCONSISTENT")
@check("LIMITED_CHOICE_INCONSISTENT")
@check("INCOMPLETE_SEQUENCE_STALLED")
@check("END_BUFF_TARGET_MISSING")
@check("CANCEL_THROW_NO_THROW_MOVE")
@check("CROSS_STYLE_EFFECT")
@check("STYLE_RESTRICTION_VIOLATION")
@check("STYLE_RESTRICTED_ENTRY")
@check("ELEMENT_ALREADY_GRANTED")
def _roster(move: Move, t: Taken) -> None:
    """Rules about the Fighter's other moves or styles: a single move cannot decide them (Fighter validation)."""
    codes = [c.code for c in t.entry.constraints if c.code in _ROSTER_CODES]
    if codes and t.entry.id not in move.noted:
        move.noted.add(t.entry.id)
        move.found.add(
            "ROSTER_RULE",
            t.path,
            f"{t.entry.name} has rules about the Fighter's other moves ({', '.join(sorted(set(codes)))}); "
            "Fighter validation decides them.",
            t.entry.ref.line,
        )


_ROSTER_CODES = {
    "CROSS_MOVE_REFERENCE_MISSING",
    "LIMITED_USE_POOL_INCONSISTENT",
    "LIMITED_CHOICE_INCONSISTENT",
    "INCOMPLETE_SEQUENCE_STALLED",
    "END_BUFF_TARGET_MISSING",
    "CANCEL_THROW_NO_THROW_MOVE",
    "CROSS_STYLE_EFFECT",
    "STYLE_RESTRICTION_VIOLATION",
    "STYLE_RESTRICTED_ENTRY",
    "ELEMENT_ALREADY_GRANTED",
}


@check("COMBO_KNOCK_DOWN_DEFERRED", entries=("bounce",))
def _bounce(move: Move, t: Taken) -> None:
    """Bounce keeps the move out of the Ender rule; the keyword engine is told below (digest ruling A13)."""


# ---- Buff (000 L2953–L3075) -----------------------------------------------------------------------------------

_QUALITIES = ("strength", "speed", "stamina")


def _named_qualities(value: object) -> list[str]:
    """The Basic Qualities a ``choices`` option names (``speed_control`` is Speed)."""
    named = {v.removesuffix("_control") for v in chosen(value)}
    return [q for q in _QUALITIES if q in named]


@check("DESIGN_CHOICE_MISSING", entries=("buff",))
def _buff_benefits(move: Move, t: Taken) -> None:
    benefits = (
        _int(t, "added_elements"),
        _int(t, "quality_raises"),
        _int(t, "ki_damage_steps"),
        _int(t, "defense_trade"),
        1 if _opt(t, "element_swaps") or _opt(t, "added_entries") else 0,
    )
    # or it ties an Element's duration to its own (Technique Buff, ``keeps_nature``, 000 L3073–L3075)
    if not any(benefits) and move.ids.isdisjoint(carrying(move.cat, KeepsNature)):
        _add(
            move,
            t,
            "DESIGN_CHOICE_MISSING",
            "A Buff must grant something: Elements or swaps on moves, Basic "
            "Quality raises, Ki damage steps or a Defense trade.",
        )
    if _int(t, "quality_raises") and not _named_qualities(_opt(t, "raised_qualities")):
        _add(move, t, "DESIGN_CHOICE_MISSING", "Name the Basic Qualities the Buff raises (raised_qualities).")
    changes = _int(t, "added_elements") or _opt(t, "element_swaps") or _opt(t, "added_entries")
    if changes and not _opt(t, "target_moves"):
        _add(move, t, "DESIGN_CHOICE_MISSING", "Name the moves that receive the Buff's Elements (target_moves).")
    if buff_design.swaps(_opt(t, "element_swaps")) is None:
        _add(move, t, "DESIGN_CHOICE_INVALID", "Write each swap as 'old > new' (or 'new for old'), comma separated.")


@check("BUFF_QUALITY_OUT_OF_RANGE", entries=("buff",))
def _buff_raise(move: Move, t: Taken) -> None:
    raised = _named_qualities(_opt(t, "raised_qualities"))
    steps = _int(t, "quality_raises")
    if not raised or not steps:
        return
    fighter = move.request.fighter
    per_quality = max(1, steps // len(raised))  # ruling: the raises are shared evenly among the named Qualities
    for quality in raised:
        current = getattr(fighter, quality) if fighter else None
        if current is None:
            move.found.add("CHECKED_WITH_FIGHTER", t.path, f"Give fighter.{quality} to check the Buff's raise.")
        elif current + per_quality > 3:
            _add(
                move,
                t,
                "BUFF_QUALITY_OUT_OF_RANGE",
                f"The Buff would take {quality} from {current} to {current + per_quality}; 3 is the most.",
            )


@check("BUFF_QUALITY_OUT_OF_RANGE", entries=("buff.lowered_basic_quality",))
def _buff_lower(move: Move, t: Taken) -> None:
    fighter = move.request.fighter
    for quality in _named_qualities(_opt(t, "qualities")):
        current = getattr(fighter, quality) if fighter else None
        if current is None:
            move.found.add("CHECKED_WITH_FIGHTER", t.path, f"Give fighter.{quality} to check the lowered Quality.")
        elif current - t.times < -2:
            _add(move, t, "BUFF_QUALITY_OUT_OF_RANGE", f"The Buff would take {quality} below −2.")


@check("BUFF_QUALITY_OUT_OF_RANGE", entries=("buff.repeatable",))
def _repeatable_raise(move: Move, t: Taken) -> None:
    """Each use stacks the raise again: checked against the three uses the book allows (000 L3051)."""
    buff = _parent(move, t)
    fighter = move.request.fighter
    if buff is None or fighter is None:
        return
    raised = _named_qualities(_opt(buff, "raised_qualities"))
    steps = _int(buff, "quality_raises")
    for quality in raised:
        current = getattr(fighter, quality)
        if current is not None and steps and current + 3 * max(1, steps // len(raised)) > 3:
            move.found.add(
                "BUFF_QUALITY_OUT_OF_RANGE",
                t.path,
                f"Used three times, the Buff would take {quality} above 3.",
                t.entry.ref.line,
            )


@check("BUFF_DEFENSE_BELOW_ZERO", entries=("buff",))
def _buff_defense(move: Move, t: Taken) -> None:
    trade = _int(t, "defense_trade")
    fighter = move.request.fighter
    if not trade:
        return
    if fighter is None or fighter.defense_skill is None:
        move.found.add("CHECKED_WITH_FIGHTER", t.path, "Give fighter.defense_skill to check the Defense trade.")
    elif trade > fighter.defense_skill:
        _add(
            move,
            t,
            "BUFF_DEFENSE_BELOW_ZERO",
            f"The Buff trades {trade} Defense; the Fighter has {fighter.defense_skill}.",
        )


@check("BUFF_FORBIDDEN_ADDITION", entries=("buff",))
def _buff_additions(move: Move, t: Taken) -> None:
    named = str(_opt(t, "element_swaps") or "").lower().replace(",", " ").split()
    named += buff_design.added(_opt(t, "added_entries"))
    adders = carrying(move.cat, AddsElements)
    for ident in (i for i in move.cat.entries if i in adders):  # catalogue order
        if ident in named:
            _add(move, t, "BUFF_FORBIDDEN_ADDITION", f"A Buff cannot give other moves {move.cat.entries[ident].name}.")


@check("REPEATABLE_BUFF_MODIFIES_MOVES", entries=("buff.repeatable",))
def _repeatable_moves(move: Move, t: Taken) -> None:
    buff = _parent(move, t)
    if buff is not None and (
        _int(buff, "added_elements") or _opt(buff, "element_swaps") or _opt(buff, "added_entries")
    ):
        _add(move, t, "REPEATABLE_BUFF_MODIFIES_MOVES", "Repeatable cannot go on a Buff that changes other moves.")


# ---- Create Environmental Hazard (000 L3133–L3193) ------------------------------------------------------------


@check("DESIGN_CHOICE_MISSING", entries=("create_environmental_hazard",))
def _hazard_type(move: Move, t: Taken) -> None:
    if _opt(t, "hazard_type") is None and not _settled(move, t, "hazard_type"):
        _add(move, t, "DESIGN_CHOICE_MISSING", "Choose the hazard: a Wall, a higher or a lower elevation.")


@check("DESIGN_CHOICE_INVALID", entries=("create_environmental_hazard.reflection",))
def _reflection_wall(move: Move, t: Taken) -> None:
    hazard = _parent(move, t)
    if hazard is None:
        return  # the missing base is reported on its own
    if _opt(hazard, "hazard_type") != "wall" and not _settled(move, hazard, "hazard_type", "wall"):
        _add(move, t, "DESIGN_CHOICE_INVALID", "Reflection needs the hazard to be a Wall.")


# ---- Others -----------------------------------------------------------------------------------------------------


@check("EXCLUDED_COMBINATION", entries=("mobile.full_screen",))
def _forbids_choice(move: Move, t: Taken) -> None:
    """Another entry with a design choice the entry's ``forbids_choice`` records bar (Full Screen's, 000 L3681)."""
    for r in move.cat.records.get(t.entry.id, ()):
        if isinstance(r, ForbidsChoice):
            other = move.by_id.get(r.entry)
            if other is not None and _opt(other, r.option) == r.value:
                _add(move, t, r.code, r.message)


@check("POWER_UP_ON_UTILITY", entries=("power_up",))
def _power_up_utility(move: Move, t: Taken) -> None:
    if "utility" in move.keywords and move.ids.isdisjoint(carrying(move.cat, PowerUpTarget)):
        _add(move, t, "POWER_UP_ON_UTILITY", "Power Up on a Utility move needs a Bomb, a damaging hazard or Healing.")


# ---- Power Enhancer, Power Up, Random Effect (000 L3822–L3948) ------------------------------------------------


def _listed(text: object, separator: str = ",") -> list[str]:
    return [part.strip() for part in str(text or "").split(separator) if part.strip()]


@check("POWER_ENHANCER_INVALID", entries=("power_enhancer",))
def _power_enhancer(move: Move, t: Taken) -> None:
    targets = _listed(_opt(t, "target_moves"))
    wanted = 1 + _int(t, "additional_targets")  # one target in the base price, 1 Element per further one (L3830)
    if len(targets) != wanted:
        _add(
            move,
            t,
            "POWER_ENHANCER_INVALID",
            f"Power Enhancer is priced for {wanted} target move"
            f"{'s' if wanted > 1 else ''} but names {len(targets)} (comma-separated target_moves).",
        )
    if move.request.name and move.request.name in targets:
        _add(move, t, "POWER_ENHANCER_INVALID", "Power Enhancer powers up another move, not itself.")


@check("POWER_UP_SCHEDULE_INVALID", entries=("power_up.extra_elements",))
def _power_up_schedule(move: Move, t: Taken) -> None:
    power_up = _parent(move, t)
    if power_up is not None and _opt(power_up, "version") != "control":
        _add(move, t, "POWER_UP_SCHEDULE_INVALID", "Extra Elements go only on the Control version of Power Up.")
    total = 0.0
    for ident in chosen(_opt(t, "schedule")):
        entry = move.cat.entries.get(ident)
        if entry is None:
            _add(move, t, "POWER_UP_SCHEDULE_INVALID", f"'{ident}' in the schedule is not an Element or Liability.")
        elif entry.cost > 0:
            total += max(entry.cost, 1)  # each new Element takes at least one Control (000 L3866)
    cap = move.request.level * _cap_times(move, t)
    if total > cap:
        _add(
            move,
            t,
            "POWER_UP_SCHEDULE_INVALID",
            f"The schedule needs {total:g} extra Control; at most {cap} may go into Power Up on this move.",
        )


def _cap_times(move: Move, t: Taken) -> int:
    """The multiple of the Level the extra Control may reach: 1, or what a variant of the same Power Up with a
    ``cap`` in its ``power_up`` record gives for its design's value (Enhanced Power Up, 000 L3880–L3886)."""
    for o in move.taken:
        if o.entry.parent != t.entry.parent:
            continue
        for cap in control_caps(move.cat.records.get(o.entry.id, ())):
            return cap.times(_opt(o, cap.option))
    return 1


@check("POWER_UP_SCHEDULE_INVALID", entries=("power_up.enhanced_power_up",))
def _enhanced_power_up(move: Move, t: Taken) -> None:
    """Its higher Control cap is applied by the schedule check; its damage cap acts during combat."""


@check("RANDOM_EFFECT_INVALID", entries=("random_effect",))
def _random_effect(move: Move, t: Taken) -> None:
    combos = combinations_of(t.choice)
    allocation = _int(t, "allocation")
    if t.choice.combinations is not None and has_text_form(t.choice):
        _add(
            move,
            t,
            "DESIGN_CHOICE_INVALID",
            "Give the combinations once: the combinations field or the older text option, not both.",
        )
    if not combos or len(combos) > 10:  # up to ten combinations (000 L3944)
        _add(move, t, "RANDOM_EFFECT_INVALID", f"Random Effect takes from one to ten combinations, not {len(combos)}.")
    for n, combo in enumerate(combos[:10]):
        where = f"{t.path}.combinations[{n}]" if t.choice.combinations is not None else f"{t.path}.options.combinations"
        label = f"Combination {n + 1}" + (f" ({combo.name})" if combo.name else "")
        cost = _combination_cost(move, t, combo.entries, where, label)
        if cost > allocation:  # each within the allocation (digest ruling A-19)
            move.found.add(
                "RANDOM_EFFECT_INVALID",
                where,
                f"{label} costs {cost:g} Elements; the allocation is {allocation}.",
                t.entry.ref.line,
            )


def _combination_cost(move: Move, t: Taken, refs: list[EntryRef], where: str, label: str) -> int:
    """A combination priced like a Special Move with the move's other entries (000 L3944–L3948): the cost of its
    own entries, net of its Liabilities and rounded up, with every cost rule applied (a Perfect Hit is worth half
    of the Element it guards, 000 L4751). Broken rules of its entries are reported at their own paths."""
    req, cat = move.request, move.cat
    inside = {r.id for r in refs}
    lists: dict[str, list[EntryChoice]] = {"elements": [], "liabilities": []}
    paths: dict[str, str] = {}
    for j, r in enumerate(refs):
        entry = cat.entries.get(r.id)
        name = "liabilities" if entry is not None and entry.kind == "liability" else "elements"
        paths[f"{name}[{len(lists[name])}]"] = f"{where}.entries[{j}]" if where.endswith("]") else where
        lists[name].append(
            EntryChoice.model_construct(
                id=r.id, times=r.times, options=r.options, condition=r.condition, combinations=None
            )
        )
    for name, given in (("elements", req.elements), ("liabilities", req.liabilities)):
        lists[name] += [c for c in given if c is not t.choice and c.id not in inside]
    sub = req.model_copy(
        update={"name": None, "elements": lists["elements"], "liabilities": lists["liabilities"], "free_throw": False}
    )
    answer = move.price(sub, cat)
    total = 0.0
    for e in cast("list[dict[str, Any]]", answer["entries"]):
        if e["path"] in paths:
            total += e["cost"]
    for v in cast("list[dict[str, Any]]", answer["violations"]):
        head, dot, rest = str(v["path"]).partition(".")
        if head in paths:
            ref = v["ref"]
            move.found.add(
                str(v["code"]), paths[head] + dot + rest, f"{label}: {v['message']}", ref["line"] if ref else None
            )  # type: ignore[index]
    return math.ceil(total)
