"""Every catalogue entry, one by one: a legal move that uses it, and for each of its requirements a move that breaks
exactly that requirement and is reported with the right code.

The builds are made from the data (``requires``, ``excludes``, options, instance limits, campaign switches); where
the data alone cannot give a legal move, a small table below adds what the book asks for, with the book's reason.
Expected costs come from the data (``cost`` × times, the chosen option's cost, ``cost_per_unit``), or, for the
entries whose cost is computed by a named rule, from the book's own figures (``RULE_COSTS``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from service.rules.fight2e.catalog import catalog
from service.rules.fight2e.models import MovePrice
from service.rules.fight2e.schema import Entry
from tests.conftest import codes, price

CAT = catalog()
FIGHTER: dict[str, Any] = {"power_level": 5, "ki": 5, "strength": 0, "style_change": True, "base_style": False}
SPECIAL_LEVEL = 10  # 11 slots, no single Element above 20: room for every entry and its requirements
SUPER_LEVEL = 10  # 20 slots; a damaging Super must spend half of them (round down) on the offence four
OFFENCE_FOUR = ("breakthrough", "increased_accuracy", "increased_damage", "invincibility")  # 000 L5234

# ---- What the data alone cannot say ---------------------------------------------------------------------------

# Design choices where the first choice / the minimum is not a legal move.
OPTIONS: dict[str, dict[str, Any]] = {
    # Invisibility must hinder the opponent's Initiative or Control by at least one die size (000 L3593–L3595).
    "invisibility": {"initiative_steps": 1},
    # Suppression must suppress something: the two-Element tier stops Special Moves (000 L4247–L4251).
    "suppression": {"tier": "special_moves"},
    # Perfect Hit is attached to another single Element of the move costing more than ½ (000 L4751).
    "perfect_hit": {"target": "increased_damage"},
    # The book's examples add Knocks Down (000 L3848, L4301).
    "power_enhancer.element_addition": {"element": "knocks_down"},
    "taunt.element_addition": {"element": "knocks_down"},
    # Technique Buff names the associated Element it stretches to the Buff's duration (000 L3075).
    "buff.technique_buff": {"associated": ["temporary_technique"]},
}


@dataclass(frozen=True)
class Needs:
    """What an entry's legal move needs beyond its own ``requires``, with the book's reason."""

    reason: str
    # Entries that supply a keyword or a rule the entry needs → the code reported when that entry is dropped.
    supply: dict[str, str] = field(default_factory=dict)
    # Which member of an ``any_entries`` group to take, when the first one cannot be on this move.
    pick: dict[str, str] = field(default_factory=dict)
    fighter: dict[str, Any] = field(default_factory=dict)
    campaign: dict[str, Any] = field(default_factory=dict)


NEEDS: dict[str, Needs] = {
    # "Required: Knocks Down keyword" (000 L3635, L3641, L3647): the Knocks Down Element supplies it on a Special.
    "knocks_down.no_breakfall": Needs("000 L3635", supply={"knocks_down": "REQUIRED_KEYWORD_MISSING"}),
    "knocks_down.no_tech_roll": Needs("000 L3641", supply={"knocks_down": "REQUIRED_KEYWORD_MISSING"}),
    "knocks_down.only_at_end_of_combo": Needs("000 L3647", supply={"knocks_down": "REQUIRED_KEYWORD_MISSING"}),
    # Cross-Up and Limited Mobile need the Mobile keyword (000 L4539, L4573): the Mobile Element gives it.
    "cross_up": Needs("000 L4539", supply={"mobile": "REQUIRED_KEYWORD_MISSING"}),
    "limited_mobile": Needs("000 L4573", supply={"mobile": "REQUIRED_KEYWORD_MISSING"}),
    # Extended Duration lengthens Time Count effects (000 L4924); Copies Moves is a cheap Time Count effect.
    "extended_duration": Needs("000 L4924", supply={"copies_moves": "REQUIRED_KEYWORD_MISSING"}),
    # Ends in Mid-Air needs a Utility move (000 L4315): the Utility Liability makes the Teleportation one.
    "teleportation.ends_in_mid_air": Needs("000 L4315", supply={"utility": "REQUIRED_KEYWORD_MISSING"}),
    # Utility Combo Opener needs a Utility or No Damage move (000 L4435).
    "utility_combo_opener": Needs("000 L4435", supply={"no_damage": "REQUIRED_KEYWORD_MISSING"}),
    # Knock Down Pursuit: "Required: Pursuit, Throw" on a Special Move (000 L3922–L3926).
    "pursuit.knock_down_pursuit": Needs("000 L3922", supply={"throw": "PREREQUISITE_MISSING"}),
    # Perfect Hit halves the value of the Element it is attached to (000 L4751).
    "perfect_hit": Needs("000 L4751", supply={"increased_damage": "PERFECT_HIT_INVALID"}),
    # Illusionary Doubles comes in two versions; a move takes one of them (000 L3480).
    "illusionary_doubles": Needs("000 L3480", supply={
        "illusionary_doubles.defensive_illusion": "ILLUSION_VERSION_REQUIRED"}),
    # Technique Buff: the Free Movement choice cannot sit on a Buff's Utility move (its Normal keyword is gone;
    # digest part 1 ruling A29), so take Temporary Technique, another of the four (000 L3073).
    "buff.technique_buff": Needs("000 L3073", pick={"free_movement": "temporary_technique"}),
    # Ki Access is for a Fighter without the Ki Skill (000 L4954).
    "ki_access": Needs("000 L4954", fighter={"ki": 0}),
    # Wall Spring and Power Dash need the ability to Wall Spring / Dash: a campaign option or a Technique
    # (000 L3701, L3814, L2175).
    "mobile.wall_spring": Needs("000 L3701", campaign={"wall_springs": True}),
    "power_dash": Needs("000 L3814", campaign={"dash": True}),
}

# Costs of the entries priced by a named rule, for the legal builds above (the book's figures).
RULE_COSTS: dict[str, float] = {
    "area_effect": 2,  # 2 without Ranged or another No Damage entry (000 L2841)
    "explosive": 2,  # as Area Effect (000 L3318)
    "buff": 1,  # the Buff Element itself, no benefits (000 L2959)
    "buff.technique_buff": 1,  # 1 without Increased Duration (000 L3075)
    "charge_back": 0,  # 0 unless the move has Counter (000 L3107)
    "end_style": 1,  # 1 + Harder Command Move flaws, none here (000 L3290)
    "throw": 2,  # Throws cannot be blocked by default (000 L4335–L4347)
    "perfect_hit": -0.5,  # half of the Increased Damage it modifies (000 L4751)
    "summon": 2,  # no extra Elements for the Ally (000 L4185–L4189)
    "suppression": 2,  # the Special-Move tier (000 L4251)
    "power_enhancer.element_addition": 3,  # Knocks Down (2) + 1 (000 L3846–L3848)
    "taunt.element_addition": 2,  # what Knocks Down costs (000 L4299–L4301)
}

# Removers: entries that take a keyword away from a move without needing it themselves (or needing only what the
# move has); the first one not already on the move is used to break a keyword requirement.
REMOVERS: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {
    "offensive": (("utility", {}), ("buff", {})),  # Utility removes Offensive (000 L2349)
    "normal": (("limited_damage", {}), ("utility", {})),
    "stun": (("no_damage", {}),),  # No Damage removes Normal and Stun (000 L2363)
    "knockback": (("does_no_knockback", {}), ("utility", {})),
    "standard_range": (("specific_range", {"range": "0"}),),  # Range 0 gives Throw Range (000 L4858)
    "normal_move": (("no_movement", {}), ("teleportation", {})),
    "long_range": (("utility", {}),),  # Utility removes every Range keyword (000 L2349)
}
# Supplies of keywords an entry may not have (``excludes_keywords``).
KEYWORD_SUPPLIERS: dict[str, tuple[str, dict[str, Any]]] = {
    "away": ("limited_movement", {"direction": "away"}),
    "after_mobile": ("mobile", {"movement": "after_mobile"}),
    "no_movement": ("no_movement", {}),
    "dash": ("limited_mobile", {}),
    "no_damage": ("no_damage", {}),
    "defensive_response": ("anti_air", {}),
}
# Option changes that take a keyword away from an entry already on the move.
OPTION_REMOVERS: dict[str, tuple[str, dict[str, Any]]] = {
    "mobile": ("mobile", {"movement": "passing"}),  # Mobile's Passing version (000 L3673)
}

# Fighter traits an entry may need, and a Fighter without them.
TRAIT_BREAKS: dict[str, dict[str, Any]] = {
    "ki_skill": {"ki": 0},
    "style_change": {"style_change": False},
    "power_level_3": {"power_level": 2},
}
# Traits a single move cannot decide (a campaign option or a Technique may grant them): they must be flagged
# (unsupported, or "checked with the fighter"), never silently passed or refused.
UNDECIDABLE_TRAITS = {"can_dash": {"dash": False}, "can_wall_spring": {"wall_springs": False}}

# Book requirements the data keeps as entry constraints (checked in code): one breaking build each.
CONSTRAINT_BREAKS: dict[str, list[tuple[str, dict[str, Any], str]]] = {
    # "Cannot have the Ki Skill" (000 L4954).
    "ki_access": [("ki_skill", {"fighter": {"ki": 3}}, "KI_ACCESS_WITH_KI_SKILL")],
    # "Cannot have access to a multi-level Super Move system" (000 L4918).
    "decreased_super_energy_cost": [("three_tier", {"campaign": {"three_tier_supers": True}},
                                     "CAMPAIGN_OPTION_REQUIRED")],
    # "Cannot be applied to Special Moves in a character's Base Style" (000 L3284).
    "end_style": [("base_style", {"fighter": {"base_style": True}}, "END_STYLE_ILLEGAL_STYLE")],
    # "Cannot have Knocks Down Keyword" (000 L3912).
    "pursuit": [("knocks_down", {"add": [("knocks_down", {})]}, "EXCLUDED_COMBINATION")],
    # Bomb: "Required: Ki Skill" and its explosion cannot have Hits Low (000 L2845).
    "bomb": [("hits_low", {"add": [("hits_low", {})]}, "BOMB_PAYLOAD_FORBIDDEN")],
    # Summon's ally cannot use Elements with a movement keyword (000 L4189).
    "summon": [("ally", {"options": {"summon": {"ally_elements": ["mobile"]}}}, "SUMMON_ALLY_ELEMENT_FORBIDDEN")],
}


# ---- Building moves from the data -----------------------------------------------------------------------------


def _entry(ident: str) -> Entry:
    return CAT.entries[ident]


def _options(entry: Entry) -> dict[str, Any]:
    """Defaults, else the first choice, the minimum, or a placeholder text, unless the book needs otherwise."""
    chosen: dict[str, Any] = {}
    for opt in entry.options:
        if opt.default is not None:
            continue
        if opt.type == "choice":
            chosen[opt.name] = opt.choices[0].value
        elif opt.type == "int":
            chosen[opt.name] = opt.minimum or 0
        elif opt.type == "text":
            chosen[opt.name] = f"{opt.name} of the test move"
    chosen.update(OPTIONS.get(entry.id, {}))
    return chosen


def _closure(roots: Iterable[str], needs: Needs | None = None) -> list[str]:
    """The roots with every required entry (recursively) and one member of each any-of group, requirements first."""
    out: list[str] = []
    pick = needs.pick if needs else {}

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


def _unit_cost(entry: Entry, options: dict[str, Any]) -> float:
    """Cost per instance from the data: the rule's book figure, the chosen option's cost, plus per-unit costs."""
    if entry.cost_rule is not None:
        return RULE_COSTS[entry.id]
    cost = entry.cost
    for opt in entry.options:
        value = options.get(opt.name, opt.default)
        if opt.type == "choice":
            picked = next((c for c in opt.choices if c.value == value), None)
            if picked is not None and picked.cost is not None:
                cost = picked.cost
    for opt in entry.options:
        value = options.get(opt.name, opt.default)
        if opt.type == "int" and opt.cost_per_unit and isinstance(value, int):
            cost += value * opt.cost_per_unit
    return cost


@dataclass
class Build:
    """A move request under construction, entry by entry."""

    type: str
    level: int
    chosen: dict[str, dict[str, Any]]  # entry id → {"times": n, "options": {...}}, in list order
    fighter: dict[str, Any]
    campaign: dict[str, Any]

    def request(self) -> dict[str, Any]:
        lists: dict[str, list[dict[str, Any]]] = {"elements": [], "liabilities": []}
        for ident, choice in self.chosen.items():
            lists["elements" if _entry(ident).kind == "element" else "liabilities"].append({"id": ident, **choice})
        for ident, times in self._padding().items():
            lists["elements"].append({"id": ident, "times": times})
        return {"type": self.type, "level": self.level, **lists, "fighter": self.fighter, "campaign": self.campaign}

    def path(self, ident: str) -> str:
        kind = _entry(ident).kind
        same = [i for i in self.chosen if _entry(i).kind == kind]
        return f"{'elements' if kind == 'element' else 'liabilities'}[{same.index(ident)}]"

    def cost(self, ident: str) -> float:
        choice = self.chosen[ident]
        return _unit_cost(_entry(ident), choice["options"]) * choice["times"]

    def _padding(self) -> dict[str, int]:
        """A damaging Super spends half its Elements, Liabilities included, on the offence four (000 L5234):
        top up with Increased Damage (up to 8), then Breakthrough (up to 4), then Increased Accuracy (3 each)."""
        if self.type != "super":
            return {}
        liabilities = -sum(self.cost(i) for i in self.chosen if _entry(i).kind == "liability")
        need = (2 * self.level + math.floor(liabilities)) // 2
        need -= sum(self.cost(i) for i in self.chosen if i in OFFENCE_FOUR)
        padding = {}
        for ident, cap, unit in (("increased_damage", 8, 1), ("breakthrough", 4, 1), ("increased_accuracy", 3, 3)):
            if need <= 0 or ident in self.chosen:
                continue
            padding[ident] = min(cap, math.ceil(need / unit))
            need -= padding[ident] * unit
        return padding

    def drop(self, ident: str) -> Build:
        return Build(self.type, self.level, {i: c for i, c in self.chosen.items() if i != ident}, self.fighter,
                     self.campaign)

    def add(self, ident: str, options: dict[str, Any] | None = None) -> Build:
        chosen = dict(self.chosen)
        chosen[ident] = {"times": 1, "options": {**_options(_entry(ident)), **(options or {})}}
        return Build(self.type, self.level, chosen, self.fighter, self.campaign)

    def with_options(self, ident: str, options: dict[str, Any]) -> Build:
        chosen = dict(self.chosen)
        chosen[ident] = {**chosen[ident], "options": {**chosen[ident]["options"], **options}}
        return Build(self.type, self.level, chosen, self.fighter, self.campaign)

    def price(self) -> MovePrice:
        return price(**self.request())


def build(*roots: str, move_type: str | None = None) -> Build:
    """A legal move with the roots, their requirements, and what ``NEEDS`` says they need."""
    needs = [NEEDS[r] for r in roots if r in NEEDS]
    idents = _closure([*roots, *(s for n in needs for s in n.supply)], needs[0] if needs else None)
    if move_type is None:
        move_type = "super" if any("special" not in _entry(i).move_types for i in idents) else "special"
    fighter = dict(FIGHTER)
    campaign: dict[str, Any] = {}
    for ident in idents:
        entry = _entry(ident)
        if entry.campaign_option:
            campaign[entry.campaign_option] = True
        campaign.update(dict.fromkeys(entry.requires.campaign, True))
    for n in needs:
        fighter.update(n.fighter)
        campaign.update(n.campaign)
    chosen = {i: {"times": 1, "options": _options(_entry(i))} for i in idents}
    level = SUPER_LEVEL if move_type == "super" else SPECIAL_LEVEL
    return Build(move_type, level, chosen, fighter, campaign)


def _violations_at(result: MovePrice, path: str) -> set[str]:
    return {f.code for f in result.violations if f.path == path or f.path.startswith(path + ".")}


# ---- Legal builds ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("entry_id", list(CAT.entries))
def test_legal_build(entry_id: str) -> None:
    b = build(entry_id)
    r = b.price()
    assert r.legal, [(v.code, v.path, v.message) for v in r.violations]
    resolved = {e.id: e for e in r.entries}
    assert entry_id in resolved
    assert resolved[entry_id].cost == pytest.approx(b.cost(entry_id))
    assert resolved[entry_id].times == b.chosen[entry_id]["times"]


# ---- Breaking builds ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    entry: str
    name: str
    build: Build
    code: str
    exact: bool = True  # the expected code is the only violation
    other: str | None = None  # the excluded entry (the pair is reported on whichever of the two comes first)


def _keyword_break(b: Build, entry: Entry, keywords: tuple[str, ...]) -> Build | None:
    """Take away the keyword(s): drop the entry that supplied it, change an option, or add a remover."""
    needs = NEEDS.get(entry.id)
    for supplier, code in (needs.supply.items() if needs else ()):
        if code == "REQUIRED_KEYWORD_MISSING":
            return b.drop(supplier)
    for kw in keywords:
        if kw in OPTION_REMOVERS and OPTION_REMOVERS[kw][0] in b.chosen:
            owner, options = OPTION_REMOVERS[kw]
            return b.with_options(owner, options)
    removers = [r for kw in keywords for r in REMOVERS.get(kw, ())]
    for remover, options in removers:
        if remover not in b.chosen and remover != entry.id:
            return b.add(remover, options)
    return None


def _cases(entry: Entry) -> Iterable[Case]:
    legal = build(entry.id)
    for need in entry.requires.entries:
        name = "parent" if need == entry.parent else f"requires:{need}"
        yield Case(entry.id, name, legal.drop(need), "PREREQUISITE_MISSING")
    for group in entry.requires.any_entries:
        present = [m for m in group if m in legal.chosen]
        b = legal
        for member in present:
            b = b.drop(member)
        yield Case(entry.id, f"any_of:{'|'.join(present)}", b, "PREREQUISITE_MISSING")
    needs = NEEDS.get(entry.id)
    for supplier, code in (needs.supply.items() if needs else ()):
        yield Case(entry.id, f"supplied_by:{supplier}", legal.drop(supplier), code)
    for other in entry.excludes:
        merged = build(entry.id, other)
        yield Case(entry.id, f"excludes:{other}", merged, "INCOMPATIBLE_ENTRIES", exact=False, other=other)
    for kw in entry.excludes_keywords:
        supplier, options = KEYWORD_SUPPLIERS[kw]
        b = legal.with_options(supplier, options) if supplier in legal.chosen else legal.add(supplier, options)
        yield Case(entry.id, f"excludes_keyword:{kw}", b, "INCOMPATIBLE_ENTRIES", exact=False)
    limit = entry.super_instances if legal.type == "super" else entry.instances
    if limit is not None:
        times = limit + 1
        b = Build(legal.type, legal.level, dict(legal.chosen), legal.fighter, legal.campaign)
        b.chosen[entry.id] = {**b.chosen[entry.id], "times": times}
        need = b.cost(entry.id)
        if legal.type == "special":
            b.level = max(b.level, math.ceil(need / 2), math.ceil(sum(max(b.cost(i), 0) for i in b.chosen)) - 1)
        yield Case(entry.id, f"instances:{times}", b, "INSTANCE_LIMIT_EXCEEDED")
    if "special" not in entry.move_types:
        b = Build("special", SPECIAL_LEVEL, legal.chosen, legal.fighter, legal.campaign)
        yield Case(entry.id, "super_only", b, "SUPER_ONLY_ENTRY")
    for kw in entry.requires.keywords:
        b = _keyword_break(legal, entry, (kw,))
        assert b is not None, f"no way to take {kw} away from {entry.id}: extend REMOVERS"
        yield Case(entry.id, f"keyword:{kw}", b, "REQUIRED_KEYWORD_MISSING")
    for group in entry.requires.any_keywords:
        b = _keyword_break(legal, entry, group)
        assert b is not None, f"no way to take {group} away from {entry.id}: extend REMOVERS"
        yield Case(entry.id, f"any_keyword:{'|'.join(group)}", b, "REQUIRED_KEYWORD_MISSING")
    for trait in entry.requires.fighter:
        if trait in TRAIT_BREAKS:
            b = Build(legal.type, legal.level, legal.chosen, {**legal.fighter, **TRAIT_BREAKS[trait]}, legal.campaign)
            yield Case(entry.id, f"fighter:{trait}", b, "CHARACTER_REQUIREMENT_UNMET")
    for option in {entry.campaign_option, *entry.requires.campaign} - {None}:
        b = Build(legal.type, legal.level, legal.chosen, legal.fighter, {**legal.campaign, option: False})
        yield Case(entry.id, f"campaign:{option}", b, "CAMPAIGN_OPTION_REQUIRED")
    for name, change, code in CONSTRAINT_BREAKS.get(entry.id, []):
        b = Build(legal.type, legal.level, legal.chosen, {**legal.fighter, **change.get("fighter", {})},
                  {**legal.campaign, **change.get("campaign", {})})
        for ident, options in change.get("add", []):
            b = b.add(ident, options)
        for ident, options in change.get("options", {}).items():
            b = b.with_options(ident, options)
        yield Case(entry.id, f"constraint:{name}", b, code)


CASES = [case for entry in CAT.entries.values() for case in _cases(entry)]

# Breaking builds the code gets wrong (the book is right): (entry id, case name) → what goes wrong.
CODE_BUGS: dict[tuple[str, str], str] = {}


def _param(case: Case) -> Any:
    marks = []
    reason = CODE_BUGS.get((case.entry, case.name))
    if reason:
        marks.append(pytest.mark.xfail(strict=True, reason=reason))
    return pytest.param(case, id=f"{case.entry}-{case.name}", marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_broken_requirement(case: Case) -> None:
    r = case.build.price()
    found = [(v.code, v.path) for v in r.violations]
    path = case.build.path(case.entry)
    paths = [path] + ([case.build.path(case.other)] if case.other else [])
    assert any(case.code in _violations_at(r, p) for p in paths), found
    if case.exact:
        assert codes(r) == {case.code}, found


@pytest.mark.parametrize("trait", sorted(UNDECIDABLE_TRAITS))
def test_undecidable_traits_are_flagged(trait: str) -> None:
    """Dash and Wall Spring come from the campaign or a Technique (000 L2175, L3701): without the campaign option
    the move is not refused, but the requirement is reported as unchecked."""
    owners = [e.id for e in CAT.entries.values() if trait in e.requires.fighter]
    assert owners
    for ident in owners:
        legal = build(ident)
        b = Build(legal.type, legal.level, legal.chosen, legal.fighter, {**legal.campaign, **UNDECIDABLE_TRAITS[trait]})
        r = b.price()
        flagged = {u.id for u in r.unsupported} | {f.path for f in r.info if f.code == "CHECKED_WITH_FIGHTER"}
        assert ident in flagged or b.path(ident) in flagged, (r.unsupported, r.info)
        assert r.legal, r.violations
