"""Every catalogue entry, one by one: a legal move that uses it, and for each of its requirements a move that breaks
exactly that requirement and is reported with the right code.

The builds are made from the data (``requires``, ``excludes``, options, instance limits, campaign switches). Where
the data alone cannot give a legal move, the small tables below add what the book asks for, with the book's
reason. Expected costs come from the data (``cost`` × times, the chosen option's cost, ``cost_per_unit``), or, for
the entries priced by a named rule in code, from the book's own figures (``RULE_COSTS``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.catalogue.schema import Entry
from service.rules.fight2e.moves.models import MovePrice
from tests.conftest import codes, price

CAT = catalog()
FIGHTER: dict[str, Any] = {"power_level": 5, "ki": 5, "strength": 0, "style_change": True, "base_style": False}
SPECIAL_LEVEL = 10  # 11 slots and no single Element above 20: room for any entry with its requirements
SUPER_LEVEL = 10  # 20 slots, of which a damaging Super spends half on the offence four (000 L5234)
OFFENCE_FOUR = ("breakthrough", "increased_accuracy", "increased_damage", "invincibility")

Options = dict[str, Any]

# ---- What the data alone cannot say ---------------------------------------------------------------------------

# Design choices where the default / first choice / minimum does not make a legal move.
OPTIONS: dict[str, Options] = {
    # Invisibility must hinder the opponent's Initiative or Control by at least one die size (000 L3593–L3595).
    "invisibility": {"initiative_steps": 1},
    # Suppression must suppress something: the two-Element tier stops Special Moves (000 L4247–L4251).
    "suppression": {"tier": "special_moves"},
    # Perfect Hit is attached to another single Element of the move costing more than ½ (000 L4751).
    "perfect_hit": {"target": "increased_damage"},
    # The book's own examples add Knocks Down (000 L3848, L4301).
    "power_enhancer.element_addition": {"element": "knocks_down"},
    "taunt.element_addition": {"element": "knocks_down"},
    # A Buff grants something; a Basic Quality raise (3 Elements, 000 L2965) leaves other moves alone, so
    # Repeatable may go on it (000 L3051).
    "buff": {"quality_raises": 1, "raised_qualities": "speed", "element_swaps": "", "target_moves": ""},
    # Extra Elements bought with surplus Control, in order, within Level Control (000 L3866–L3870).
    "power_up.extra_elements": {"schedule": ["hits_low", "increased_damage"]},
    # Random Effect's combinations, each within the allocation of 1 (000 L3944).
    "random_effect": {"combinations": "increased_damage; hits_low"},
    # Technique Buff names the associated Element whose duration it stretches (000 L3075).
    "buff.technique_buff": {"associated": ["temporary_technique"]},
}


@dataclass(frozen=True)
class Needs:
    """What an entry's legal move needs beyond its own ``requires``."""

    # Entries that supply a keyword or a rule the entry needs → the code reported when that entry is dropped.
    supply: dict[str, str] = field(default_factory=dict)
    # Which member of an ``any_entries`` group to take when the first one cannot be on this move.
    pick: dict[str, str] = field(default_factory=dict)
    fighter: dict[str, Any] = field(default_factory=dict)
    campaign: dict[str, Any] = field(default_factory=dict)


NEEDS: dict[str, Needs] = {
    # "Required: Knocks Down keyword" (000 L3635, L3641, L3647): on a Special the Knocks Down Element supplies it.
    "knocks_down.no_breakfall": Needs(supply={"knocks_down": "REQUIRED_KEYWORD_MISSING"}),
    "knocks_down.no_tech_roll": Needs(supply={"knocks_down": "REQUIRED_KEYWORD_MISSING"}),
    "knocks_down.only_at_end_of_combo": Needs(supply={"knocks_down": "REQUIRED_KEYWORD_MISSING"}),
    # Cross-Up and Limited Mobile need the Mobile keyword (000 L4539, L4573): the Mobile Element gives it.
    "cross_up": Needs(supply={"mobile": "REQUIRED_KEYWORD_MISSING"}),
    "limited_mobile": Needs(supply={"mobile": "REQUIRED_KEYWORD_MISSING"}),
    # Extended Duration lengthens Time Count effects (000 L4924); Copies Moves is a cheap Time Count effect.
    "extended_duration": Needs(supply={"copies_moves": "REQUIRED_KEYWORD_MISSING"}),
    # Ends in Mid-Air needs a Utility move (000 L4315): the Utility Liability makes the Teleportation one.
    "teleportation.ends_in_mid_air": Needs(supply={"utility": "REQUIRED_KEYWORD_MISSING"}),
    # Utility Combo Opener needs a Utility or No Damage move (000 L4435).
    "utility_combo_opener": Needs(supply={"no_damage": "REQUIRED_KEYWORD_MISSING"}),
    # Knock Down Pursuit: "Required: Pursuit, Throw" on a Special Move (000 L3922–L3926).
    "pursuit.knock_down_pursuit": Needs(supply={"throw": "PREREQUISITE_MISSING"}),
    # Perfect Hit is worth half the Element it is attached to (000 L4751).
    "perfect_hit": Needs(supply={"increased_damage": "PERFECT_HIT_INVALID"}),
    # Illusionary Doubles comes in two versions, and a move takes one of them (000 L3480).
    "illusionary_doubles": Needs(supply={"illusionary_doubles.defensive_illusion": "ILLUSION_VERSION_REQUIRED"}),
    # Technique Buff: Free Movement cannot be put on a Buff's Utility move by this service (see
    # test_free_movement_on_a_buff), so take Temporary Technique, another of the four (000 L3073).
    "buff.technique_buff": Needs(pick={"free_movement": "temporary_technique"}),
    # Ki Access is for a Fighter without the Ki Skill (000 L4954).
    "ki_access": Needs(fighter={"ki": 0}),
    # Wall Spring and Power Dash need the ability: a campaign option or a Technique (000 L3701, L3814, L2175–L2177).
    "mobile.wall_spring": Needs(campaign={"wall_springs": True}),
    "power_dash": Needs(campaign={"dash": True}),
}

# Costs of the entries priced by a named rule in code, for the legal builds here (the book's figures).
RULE_COSTS: dict[str, float] = {
    "area_effect": 2,  # 2 without Ranged and without another No Damage entry (000 L2841)
    "explosive": 2,  # as Area Effect (000 L3318–L3330)
    "buff": 4,  # the Buff Element itself, 1, and one Basic Quality raise, 3 (000 L2959–L2965)
    "buff.technique_buff": 1,  # 1 without Increased Duration (000 L3075)
    "charge_back": 0,  # 0 unless the move has Counter (000 L3107)
    "end_style": 1,  # 1 + Harder Command Move flaws, none here (000 L3290)
    "throw": 2,  # Throws cannot be blocked in the core rules (000 L4335–L4347)
    "perfect_hit": -0.5,  # half of the one Increased Damage it modifies (000 L4751)
    "summon": 2,  # no extra Elements for the Ally (000 L4185–L4189)
    "suppression": 2,  # the Special Moves tier (000 L4251)
    "power_enhancer.element_addition": 3,  # Knocks Down (2) + 1 (000 L3846–L3848)
    "taunt.element_addition": 2,  # what Knocks Down costs (000 L4299–L4301)
}

# Entries that take a keyword away (Utility removes Offensive and every Damage and Range keyword, 000 L2349; No
# Damage removes Normal and Stun, L2363). The first one that is not the entry under test is used. (Specific Range
# only narrows the finished move's Range, so it takes no Range keyword away from other entries, 000 L4852.)
REMOVERS: dict[str, tuple[tuple[str, Options], ...]] = {
    "offensive": (("utility", {}), ("buff", {})),
    "normal": (("limited_damage", {}), ("utility", {})),
    "stun": (("no_damage", {}),),
    "knockback": (("does_no_knockback", {}), ("utility", {})),
    "standard_range": (("utility", {}),),
    "normal_move": (("no_movement", {}), ("teleportation", {})),
    "long_range": (("utility", {}),),
}
ANY_REMOVERS: dict[tuple[str, ...], tuple[str, Options]] = {
    ("normal", "stun"): ("no_damage", {}),
    ("normal_move", "throw_movement"): ("teleportation", {}),
    ("standard_range", "reach_range", "long_range"): ("utility", {}),
}
# Option changes that take a keyword away from an entry already on the move.
OPTION_REMOVERS: dict[str, tuple[str, Options]] = {
    "mobile": ("mobile", {"movement": "passing"}),  # Mobile adds one of three movement keywords (000 L3669)
}
# Entries that give a keyword an entry may not have (``excludes_keywords``).
KEYWORD_SUPPLIERS: dict[str, tuple[tuple[str, Options], ...]] = {
    "away": (("limited_movement", {"direction": "away"}),),
    "after_mobile": (("mobile", {"movement": "after_mobile"}),),
    "no_movement": (("no_movement", {}),),
    "dash": (("mobile", {}), ("limited_mobile", {})),
    "no_damage": (("no_damage", {}),),
    "defensive_response": (("anti_air", {}),),
}
# How an excluded entry is added to break an exclusion, so that it could otherwise be on the move: Specific Range
# sits on a Ranged move only with Indirect (or at Range 0), and Range 4 is the one a Long Range reaches (000 L4852).
EXCLUDED_OPTIONS: dict[str, Options] = {"specific_range": {"range": "4"}}
EXCLUDED_WITH: dict[str, tuple[str, ...]] = {"specific_range": ("ranged.no_ranged_response.indirect",)}

# Fighter traits an entry may need, and a Fighter without them.
TRAIT_BREAKS: dict[str, dict[str, Any]] = {
    "ki_skill": {"ki": 0},
    "style_change": {"style_change": False},
    "power_level_3": {"power_level": 2},
}
# Traits one move cannot decide (a campaign option or a Technique grants them): without the campaign option the
# move is not refused, but the requirement is reported as unchecked.
UNDECIDABLE_TRAITS: dict[str, dict[str, Any]] = {
    "can_dash": {"dash": False},
    "can_wall_spring": {"wall_springs": False},
}


@dataclass(frozen=True)
class Change:
    fighter: dict[str, Any] = field(default_factory=dict)
    campaign: dict[str, Any] = field(default_factory=dict)
    add: tuple[tuple[str, Options], ...] = ()
    options: dict[str, Options] = field(default_factory=dict)


# Book requirements that the data keeps as entry constraints (checked in code): one breaking build each.
CONSTRAINT_BREAKS: dict[str, tuple[tuple[str, Change, str], ...]] = {
    # "Cannot have the Ki Skill" (000 L4954).
    "ki_access": (("ki_skill", Change(fighter={"ki": 3}), "KI_ACCESS_WITH_KI_SKILL"),),
    # "Cannot have access to a multi-level Super Move system" (000 L4918).
    "decreased_super_energy_cost": (
        ("three_tier_supers", Change(campaign={"three_tier_supers": True}), "CAMPAIGN_OPTION_REQUIRED"),
    ),
    # "Cannot be applied to Special Moves in a character's Base Style" (000 L3284).
    "end_style": (("base_style", Change(fighter={"base_style": True}), "END_STYLE_ILLEGAL_STYLE"),),
    # "Cannot have Knocks Down Keyword" (000 L3912).
    "pursuit": (("knocks_down", Change(add=(("knocks_down", {}),)), "EXCLUDED_COMBINATION"),),
    # A Bomb's explosion cannot have Hits Low (000 L2845).
    "bomb": (("hits_low", Change(add=(("hits_low", {}),)), "BOMB_PAYLOAD_FORBIDDEN"),),
    # The Ally cannot use Elements with a movement keyword (000 L4189): Teleportation adds Mobile, and so does
    # Mobile (000 L3669).
    "summon": (
        (
            "ally_teleportation",
            Change(options={"summon": {"ally_elements": ["teleportation"]}}),
            "SUMMON_ALLY_ELEMENT_FORBIDDEN",
        ),
        ("ally_mobile", Change(options={"summon": {"ally_elements": ["mobile"]}}), "SUMMON_ALLY_ELEMENT_FORBIDDEN"),
    ),
}

# Other findings a breaking build cannot avoid, because the one thing it takes away or adds also drives another
# rule. The expected code is still required on the entry itself; these are the only other codes allowed.
ALSO_REPORTED: dict[tuple[str, str], frozenset[str]] = {
    # Interrupt is the move's only Defensive Response; what is left is Passive without one (000 L2399).
    **{
        (e, "requires:interrupt"): frozenset({"PASSIVE_WITHOUT_DEFENSIVE_RESPONSE"})
        for e in (
            "absorbs_attacks",
            "illusionary_doubles",
            "illusionary_doubles.defensive_illusion",
            "illusionary_doubles.offensive_illusion",
            "reflection",
        )
    },
    # Without Defensive Illusion, Illusionary Doubles has no version (000 L3480).
    ("illusionary_doubles.defensive_illusion.variable_movement", "parent"): frozenset({"ILLUSION_VERSION_REQUIRED"}),
    # The parent also supplies a keyword the entry requires: Mobile (000 L3679, L3695) or Long Range
    # (L3993, L4047).
    **{
        (e, "parent"): frozenset({"REQUIRED_KEYWORD_MISSING"})
        for e in (
            "mobile.full_screen",
            "mobile.fast_full_screen",
            "mobile.wall_spring",
            "ranged.accuracy_for_damage",
            "ranged.short_range",
        )
    },
    # Technique Buff is taken once per associated Element on the move (000 L3075).
    ("buff.technique_buff", "any_of:temporary_technique"): frozenset({"INSTANCE_LIMIT_EXCEEDED"}),
    # Only Utility removes Offensive, and a Utility move has no On-Hit effects (000 L2349).
    **{
        (e, "keyword:offensive"): frozenset({"UTILITY_WITH_HIT_OR_MISS_EFFECT"})
        for e in ("create_environmental_hazard", "drain_life", "taunt.modify_super_energy", "perfect_hit")
    },
    # Exclusions the code also reports under their own rule: the Buff's one duration (digest ruling A20), the
    # one Illusion version (000 L3480), the Bomb's Utility part (000 L2845), Away/Closer against several targets
    # (000 L2419–L2421), both Super Energy cost changes (000 L4920).
    **{
        (e, f"excludes:{x}"): frozenset({"BUFF_DURATION_CONFLICT"})
        for e, x in (
            ("buff.decreased_duration", "buff.super_energy_duration"),
            ("buff.increased_duration", "buff.super_energy_duration"),
            ("buff.super_energy_duration", "buff.increased_duration"),
            ("buff.super_energy_duration", "buff.decreased_duration"),
        )
    },
    ("illusionary_doubles.defensive_illusion", "excludes:illusionary_doubles.offensive_illusion"): frozenset(
        {"ILLUSION_VERSION_REQUIRED"}
    ),
    ("illusionary_doubles.offensive_illusion", "excludes:illusionary_doubles.defensive_illusion"): frozenset(
        {"ILLUSION_VERSION_REQUIRED"}
    ),
    ("summon", "excludes:bomb"): frozenset({"BOMB_UTILITY_FORBIDDEN", "BOMB_PAYLOAD_FORBIDDEN"}),
    ("limited_movement", "excludes:area_effect"): frozenset({"MODIFIER_KEYWORD_TARGETING"}),
    ("limited_movement", "excludes:explosive"): frozenset({"MODIFIER_KEYWORD_TARGETING"}),
    ("decreased_super_energy_cost", "excludes:increased_super_energy_cost"): frozenset({"SUPER_ENERGY_COST_CONFLICT"}),
    ("increased_super_energy_cost", "excludes:decreased_super_energy_cost"): frozenset({"SUPER_ENERGY_COST_CONFLICT"}),
    # Without Technique Buff, Free Movement cannot sit on a Buff at all: the Buff's Utility takes its Normal away.
    ("buff.increased_duration", "excludes:free_movement"): frozenset({"REQUIRED_KEYWORD_MISSING"}),
    # Utility (the Standard Range remover) also forbids the hazard's On-Hit effect (000 L2349).
    ("create_environmental_hazard", "keyword:standard_range"): frozenset({"UTILITY_WITH_HIT_OR_MISS_EFFECT"}),
    # Short Range brings the reach back to Standard Range, which cannot reach Range 4 (000 L4039, L4852).
    ("ranged.short_range", "excludes:specific_range"): frozenset({"SPECIFIC_RANGE_INVALID"}),
}

# Breaking builds the code gets wrong, the book being clear: (entry id, case name) → what goes wrong. Empty now;
# a case found wrong goes here as a strict xfail until the code is mended.
CODE_BUGS: dict[tuple[str, str], str] = {}


# ---- Building moves from the data -----------------------------------------------------------------------------


def _entry(ident: str) -> Entry:
    return CAT.entries[ident]


def _options(entry: Entry) -> Options:
    """Defaults, else the first choice, the minimum, or a line of text, unless ``OPTIONS`` says otherwise."""
    chosen: Options = {}
    for opt in entry.options:
        if opt.default is not None:
            continue
        if opt.type == "choice":
            chosen[opt.name] = opt.choices[0].value
        elif opt.type == "choices":
            chosen[opt.name] = [opt.choices[0].value]
        elif opt.type == "int":
            chosen[opt.name] = opt.minimum or 0
        elif opt.type == "text":
            chosen[opt.name] = f"{opt.name} of the test move"
    return {**chosen, **OPTIONS.get(entry.id, {})}


def _unit_cost(entry: Entry, options: Options) -> float:
    """Cost per instance from the data: the book's figure for a rule, else the chosen option's cost and the
    per-unit costs of whole-number choices."""
    if entry.cost_rule is not None:
        return RULE_COSTS[entry.id]
    cost = entry.cost
    for opt in entry.options:
        value = options.get(opt.name, opt.default)
        picked = next((c for c in opt.choices if c.value == value), None)
        if picked is not None and picked.cost is not None:
            cost = picked.cost
    for opt in entry.options:
        value = options.get(opt.name, opt.default)
        if opt.type == "int" and opt.cost_per_unit and isinstance(value, int):
            cost += value * opt.cost_per_unit
    return cost


@dataclass(frozen=True)
class Build:
    """A move request: its entries in list order (id → times and options), Fighter and campaign."""

    type: str
    level: int
    chosen: dict[str, dict[str, Any]]
    fighter: dict[str, Any]
    campaign: dict[str, Any]

    def request(self) -> dict[str, Any]:
        lists: dict[str, list[dict[str, Any]]] = {"elements": [], "liabilities": []}
        for ident, choice in self.chosen.items():
            lists["elements" if _entry(ident).kind == "element" else "liabilities"].append({"id": ident, **choice})
        lists["elements"] += [{"id": i, "times": n} for i, n in self._padding().items()]
        return {"type": self.type, "level": self.level, **lists, "fighter": self.fighter, "campaign": self.campaign}

    def price(self) -> MovePrice:
        return price(**self.request())

    def path(self, ident: str) -> str:
        kind = _entry(ident).kind
        same = [i for i in self.chosen if _entry(i).kind == kind]
        return f"{'elements' if kind == 'element' else 'liabilities'}[{same.index(ident)}]"

    def cost(self, ident: str) -> float:
        return _unit_cost(_entry(ident), self.chosen[ident]["options"]) * self.chosen[ident]["times"]

    def _padding(self) -> dict[str, int]:
        """A damaging Super spends half its Elements (round down), Liabilities included, on the offence four
        (000 L5234): top up with Increased Damage (at most 8), Breakthrough (4), Increased Accuracy (3 each)."""
        if self.type != "super":
            return {}
        liabilities = -sum(self.cost(i) for i in self.chosen if _entry(i).kind == "liability")
        need = (2 * self.level + math.floor(liabilities)) // 2 - sum(
            self.cost(i) for i in self.chosen if i in OFFENCE_FOUR
        )
        padding: dict[str, int] = {}
        for ident, cap, unit in (("increased_damage", 8, 1), ("breakthrough", 4, 1), ("increased_accuracy", 3, 3)):
            if need > 0 and ident not in self.chosen:
                padding[ident] = min(cap, math.ceil(need / unit))
                need -= padding[ident] * unit
        return padding

    def drop(self, ident: str) -> Build:
        return replace(self, chosen={i: c for i, c in self.chosen.items() if i != ident})

    def add(self, ident: str, options: Options | None = None) -> Build:
        if ident in self.chosen:
            return self.with_options(ident, options or {})
        entry = {"times": 1, "options": {**_options(_entry(ident)), **(options or {})}}
        return replace(self, chosen={**self.chosen, ident: entry})

    def with_options(self, ident: str, options: Options) -> Build:
        old = self.chosen[ident]
        return replace(self, chosen={**self.chosen, ident: {**old, "options": {**old["options"], **options}}})

    def with_times(self, ident: str, times: int) -> Build:
        return replace(self, chosen={**self.chosen, ident: {**self.chosen[ident], "times": times}})


def _closure(roots: list[str], pick: dict[str, str]) -> list[str]:
    """The roots with every required entry, recursively, and one member of each any-of group; requirements first."""
    out: list[str] = []

    def visit(ident: str) -> None:
        if ident in out:
            return
        entry = _entry(ident)
        for need in entry.requires.entries:
            visit(need)
        for group in entry.requires.any_entries:
            if not any(member in out for member in group):
                visit(pick.get(group[0], group[0]))
        out.append(ident)

    for root in roots:
        visit(root)
    return out


def build(*roots: str, options: dict[str, Options] | None = None) -> Build:
    """A move with the roots, everything they require, and what ``NEEDS`` says they need; a Super Move if one of
    them is Super-only."""
    needs = [NEEDS[r] for r in roots if r in NEEDS]
    pick = {k: v for n in needs for k, v in n.pick.items()}
    idents = _closure([*roots, *(s for n in needs for s in n.supply)], pick)
    move_type = "special" if all("special" in _entry(i).move_types for i in idents) else "super"
    campaign: dict[str, Any] = {}
    for ident in idents:
        entry = _entry(ident)
        if entry.campaign_option:
            campaign[entry.campaign_option] = True
        campaign.update(dict.fromkeys(entry.requires.campaign, True))
    fighter = dict(FIGHTER)
    for n in needs:
        fighter.update(n.fighter)
        campaign.update(n.campaign)
    chosen = {i: {"times": 1, "options": {**_options(_entry(i)), **(options or {}).get(i, {})}} for i in idents}
    return Build(move_type, SUPER_LEVEL if move_type == "super" else SPECIAL_LEVEL, chosen, fighter, campaign)


# ---- Legal builds ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("entry_id", list(CAT.entries))
def test_legal_build(entry_id: str) -> None:
    b = build(entry_id)
    r = b.price()
    assert r.legal, [(v.code, v.path, v.message) for v in r.violations]
    resolved = {e.id: e for e in r.entries}
    assert entry_id in resolved, r.entries
    assert resolved[entry_id].times == b.chosen[entry_id]["times"]
    assert resolved[entry_id].cost == pytest.approx(b.cost(entry_id))
    assert resolved[entry_id].path == b.path(entry_id)


# ---- Breaking builds ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    entry: str
    name: str
    build: Build
    code: str
    # Also accept the code on the other entry of an excluded pair (a pair is reported once, on the first of the
    # two), or anywhere on the move for a constraint that names the offending entry.
    on: tuple[str, ...] = ()
    anywhere: bool = False


def _gives(entry: Entry) -> set[str]:
    """Keywords an entry may add to a move, itself or through its default / first choices."""
    changes = [entry.keywords] + [c.keywords for o in entry.options for c in o.choices[:1] if c.keywords]
    return {kw for c in changes for kw in (*c.add, *c.replace.values())}


def _keyword_break(legal: Build, entry: Entry, keyword: str) -> Build:
    """Take a required keyword away: drop the entry that supplied it, change an option, or add a remover."""
    for supplier in NEEDS.get(entry.id, Needs()).supply:
        if keyword in _gives(_entry(supplier)):
            return legal.drop(supplier)
    if keyword in OPTION_REMOVERS and OPTION_REMOVERS[keyword][0] in legal.chosen:
        return legal.with_options(*OPTION_REMOVERS[keyword])
    remover, options = next(r for r in REMOVERS[keyword] if r[0] != entry.id and r[0] not in legal.chosen)
    return legal.add(remover, options)


def _cases(entry: Entry) -> Iterator[Case]:
    legal = build(entry.id)
    for need in entry.requires.entries:
        yield Case(
            entry.id, "parent" if need == entry.parent else f"requires:{need}", legal.drop(need), "PREREQUISITE_MISSING"
        )
    for group in entry.requires.any_entries:
        present = [m for m in group if m in legal.chosen]
        broken = legal
        for member in present:
            broken = broken.drop(member)
        yield Case(entry.id, f"any_of:{'|'.join(present)}", broken, "PREREQUISITE_MISSING")
    for supplier, code in NEEDS.get(entry.id, Needs()).supply.items():
        yield Case(entry.id, f"supplied_by:{supplier}", legal.drop(supplier), code)
    for other in entry.excludes:
        merged = build(entry.id, other, *EXCLUDED_WITH.get(other, ()), options={other: EXCLUDED_OPTIONS.get(other, {})})
        yield Case(entry.id, f"excludes:{other}", merged, "INCOMPATIBLE_ENTRIES", on=(other,))
    for kw in entry.excludes_keywords:
        broken = legal
        for supplier, options in KEYWORD_SUPPLIERS[kw]:
            broken = broken.add(supplier, options)
        yield Case(entry.id, f"excludes_keyword:{kw}", broken, "INCOMPATIBLE_ENTRIES")
    limit = entry.super_instances if legal.type == "super" else entry.instances
    if limit is not None:
        broken = legal.with_times(entry.id, limit + 1)
        if broken.type == "special":  # enough slots, and no single-Element cap of 2 × level in the way
            spent = sum(max(broken.cost(i), 0) for i in broken.chosen)
            level = max(broken.level, math.ceil(spent) - 1, math.ceil(broken.cost(entry.id) / 2))
            broken = replace(broken, level=level)
        yield Case(entry.id, f"instances:{limit + 1}", broken, "INSTANCE_LIMIT_EXCEEDED")
    if "special" not in entry.move_types:
        yield Case(entry.id, "super_only", replace(legal, type="special", level=SPECIAL_LEVEL), "SUPER_ONLY_ENTRY")
    for kw in entry.requires.keywords:
        yield Case(entry.id, f"keyword:{kw}", _keyword_break(legal, entry, kw), "REQUIRED_KEYWORD_MISSING")
    for group in entry.requires.any_keywords:
        supplied = [s for s in NEEDS.get(entry.id, Needs()).supply if set(group) & _gives(_entry(s))]
        broken = legal.drop(supplied[0]) if supplied else legal.add(*ANY_REMOVERS[group])
        yield Case(entry.id, f"any_keyword:{'|'.join(group)}", broken, "REQUIRED_KEYWORD_MISSING")
    for trait in entry.requires.fighter:
        if trait in TRAIT_BREAKS:
            broken = replace(legal, fighter={**legal.fighter, **TRAIT_BREAKS[trait]})
            yield Case(entry.id, f"fighter:{trait}", broken, "CHARACTER_REQUIREMENT_UNMET")
        else:
            assert trait in UNDECIDABLE_TRAITS, f"{entry.id}: no breaking build for the fighter trait {trait}"
    for option in sorted({entry.campaign_option, *entry.requires.campaign} - {None}):
        broken = replace(legal, campaign={**legal.campaign, option: False})
        yield Case(entry.id, f"campaign:{option}", broken, "CAMPAIGN_OPTION_REQUIRED")
    for name, change, code in CONSTRAINT_BREAKS.get(entry.id, ()):
        broken = replace(
            legal, fighter={**legal.fighter, **change.fighter}, campaign={**legal.campaign, **change.campaign}
        )
        for ident, options in change.add:
            broken = broken.add(ident, options)
        for ident, options in change.options.items():
            broken = broken.with_options(ident, options)
        yield Case(entry.id, f"constraint:{name}", broken, code, anywhere=True)


CASES = [case for entry in CAT.entries.values() for case in _cases(entry)]


def _param(case: Case) -> Any:
    reason = CODE_BUGS.get((case.entry, case.name))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(case, id=f"{case.entry}-{case.name}", marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_broken_requirement(case: Case) -> None:
    r = case.build.price()
    found = [(v.code, v.path) for v in r.violations]
    paths = {case.build.path(i) for i in (case.entry, *case.on)}
    assert any(v.code == case.code and (case.anywhere or v.path.split(".")[0] in paths) for v in r.violations), found
    assert codes(r) == {case.code} | ALSO_REPORTED.get((case.entry, case.name), frozenset()), found


def test_every_requirement_has_a_breaking_build() -> None:
    """Each requirement of each entry is broken by at least one case above."""
    names = {(c.entry, c.name) for c in CASES}
    for e in CAT.entries.values():
        expected = len(e.requires.entries) + len(e.requires.any_entries) + len(e.excludes)
        expected += len(e.excludes_keywords) + len(e.requires.keywords) + len(e.requires.any_keywords)
        expected += len([t for t in e.requires.fighter if t in TRAIT_BREAKS])
        expected += len({e.campaign_option, *e.requires.campaign} - {None})
        expected += (e.instances if "special" in e.move_types else e.super_instances) is not None
        expected += "special" not in e.move_types
        got = {n for i, n in names if i == e.id and not n.startswith(("supplied_by:", "constraint:"))}
        assert len(got) == expected, (e.id, sorted(got))


@pytest.mark.parametrize("trait", sorted(UNDECIDABLE_TRAITS))
def test_undecidable_traits_are_flagged(trait: str) -> None:
    """Dash and Wall Spring come from the campaign or a Technique (000 L2175–L2177, L3701): without the campaign option
    the move is not refused, but the requirement is reported as not checked."""
    owners = [e.id for e in CAT.entries.values() if trait in e.requires.fighter]
    assert owners
    for ident in owners:
        legal = build(ident)
        b = replace(legal, campaign={**legal.campaign, **UNDECIDABLE_TRAITS[trait]})
        r = b.price()
        assert r.legal, r.violations
        flagged = {u.path for u in r.unsupported if u.id == ident}
        flagged |= {f.path for f in r.info if f.code == "CHECKED_WITH_FIGHTER"}
        assert b.path(ident) in flagged, (r.unsupported, r.info)


# ---- Combinations the book allows that the code refuses --------------------------------------------------------


def test_free_movement_on_a_buff() -> None:
    """Technique Buff stretches Free Movement to the Buff's duration (000 L3073–L3075)."""
    r = price(
        level=6,
        elements=[
            {"id": "buff"},
            {"id": "free_movement"},
            {"id": "buff.technique_buff", "options": {"associated": ["free_movement"]}},
        ],
        fighter=FIGHTER,
    )
    assert r.legal, r.violations


def test_ranged_with_specific_range_zero() -> None:
    r = price(
        level=3,
        elements=[{"id": "ranged"}],
        liabilities=[{"id": "specific_range", "options": {"range": "0"}}],
        fighter=FIGHTER,
    )
    assert r.legal, r.violations


def test_specific_range_on_a_ranged_move_needs_indirect() -> None:
    with_indirect = price(
        level=4,
        elements=[
            {"id": "ranged"},
            {"id": "ranged.no_ranged_response"},
            {"id": "ranged.no_ranged_response.indirect", "options": {"usable_as_ranged_response": "no"}},
        ],
        liabilities=[{"id": "specific_range", "options": {"range": "4"}}],
        fighter=FIGHTER,
    )
    assert with_indirect.legal, with_indirect.violations
    without = price(
        level=4,
        elements=[{"id": "ranged"}],
        liabilities=[{"id": "specific_range", "options": {"range": "4"}}],
        fighter=FIGHTER,
    )
    assert codes(without) == {"SPECIFIC_RANGE_INVALID"}
