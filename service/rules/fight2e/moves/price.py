"""Price and validate Special and Super Moves (the book's Chapter 4, 000 L2263–L2305, L4976–L5305).

``price_move`` is pure: the same request always gives the same answer, it never raises on a well-formed
request, and it reports every broken rule at once together with the best-effort figures.
"""

from __future__ import annotations

import math

import msgspec

from ...dice import D6, D8, die_name
from ...memo import memo
from ..catalogue.catalog import Catalog, catalog
from ..catalogue.keywords import DAMAGE, MOVEMENT, RANGE, apply_plans, category, has, ordered, plans
from ..catalogue.records import MoveTrait
from ..catalogue.schema import Entry, KeywordCategory, OptionChoice, chosen
from ..catalogue.sheet_records import (
    CancelsKeyword,
    FinishesRange,
    KeepsNature,
    LendsKiSkill,
    PayloadShell,
    SeveralTargets,
    SpendsOn,
    SuperEnergySpend,
    SuperOffense,
)
from ..identity import RULESET, VERSION
from . import constraints as moves_constraints  # noqa: F401  (registers the entry-specific cost rules and checks)
from .models import (
    BUILT,
    EntryChoice,
    MovePrice,
    MoveRequest,
    TechniqueOption,
)
from .pricing import CHECKS, COST_RULES, Findings, Move, Taken, carrying, option_on, template, times_with, with_trait

RANGES = {"standard_range": (0, 2), "throw_range": (0, 0), "reach_range": (0, 3), "long_range": (0, 4)}  # L2365
# Ki Skill → damage steps for Ki-based damage (000 L3978–L3981).
KI_SHIFT = {1: -1, 2: -1, 3: -1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 1, 9: 1, 10: 2}


# --------------------------------------------------------------------------------------------------------------
# Steps


def offense_elements(cat: Catalog) -> frozenset[str]:
    """The Elements a damaging Super spends half its Elements on (``super_offense`` records, 000 L2295)."""
    return carrying(cat, SuperOffense)


def _shells(move: Move) -> set[str]:
    """The payload shells (a Bomb, ``payload_shell`` records) on the move."""
    return move.ids & carrying(move.cat, PayloadShell)


_MAX_PATHS = 256  # request paths of the first entries of each list, built once
_PATHS = {name: tuple(f"{name}[{i}]" for i in range(_MAX_PATHS)) for name in ("elements", "liabilities")}


def _collect(move: Move) -> None:
    """Look up every entry; unknown, misplaced, duplicated, denied and Super-only entries are violations."""
    req, cat, found = move.request, move.cat, move.found
    denied = req.campaign.denied
    lookup = cat.lookup
    ids, taken_list, by_id, numbered = move.ids, move.taken, move.by_id, move.numbered
    move_type = req.type
    for list_name, kind, choices in (
        ("elements", "element", req.elements),
        ("liabilities", "liability", req.liabilities),
    ):
        paths, fit = _PATHS[list_name], (kind, move_type)
        for i, choice in enumerate(choices):
            path = paths[i] if i < _MAX_PATHS else f"{list_name}[{i}]"
            ident = choice.id
            known = lookup.get(ident)
            if known is None:
                found.add("UNKNOWN_ENTRY", f"{path}.id", f"'{ident}' is not an Element or Liability.")
                continue
            entry, fixed, n, conditions, by_keyword, fits, checked = known
            if entry.kind != kind:
                found.add(
                    "ENTRY_IN_WRONG_LIST",
                    path,
                    f"{entry.name} is a{'n Element' if entry.kind == 'element' else ' Liability'}; "
                    f"list it under {'elements' if entry.kind == 'element' else 'liabilities'}.",
                )
            if ident in ids and not _another_instance(move, entry, choice):
                found.add("DUPLICATE_ENTRY", path, f"{entry.name} is listed twice; list it once with times.")
                continue
            if denied and ident in denied:
                found.add("ENTRY_DENIED_BY_CAMPAIGN", path, f"The Director has disallowed {entry.name}.")
            if fit not in fits:
                if move_type not in entry.move_types:
                    found.add(
                        "SUPER_ONLY_ENTRY", path, f"{entry.name} may only be taken on a Super Move.", entry.ref.line
                    )
                if entry.campaign_option and not option_on(move, entry.campaign_option):
                    found.add(
                        "CAMPAIGN_OPTION_REQUIRED",
                        path,
                        f"{entry.name} needs the campaign option '{entry.campaign_option}'.",
                        entry.ref.line,
                    )
            if choice.combinations is not None and not entry.takes_combinations:
                found.add(
                    "DESIGN_CHOICE_INVALID",
                    f"{path}.combinations",
                    f"{entry.name} is not built from combinations; only Random Effect is.",
                )
            ids.add(ident)
            if fixed is not None and not choice.options:  # the common case: nothing to choose
                taken = Taken(entry, choice, path, choice.times, *fixed)
            else:
                taken = Taken(entry, choice, path, choice.times)
                _options(move, taken)
            if "mixup" in taken.combo:
                move.mixup = True
            taken_list.append(taken)
            by_id.setdefault(ident, taken)
            if n is not None:
                numbered.append((taken, n))
            if conditions:
                move.conditioned.append((taken, conditions, by_keyword))
            if checked:
                move.checked.append(taken)
    if move.is_super:
        if "knocks_down" in move.ids:
            t = next(t for t in move.taken if t.entry.id == "knocks_down")
            found.add("ELEMENT_ALREADY_GRANTED", t.path, "A Super Move has Knocks Down for free; do not buy it.")
        move.ids.add("knocks_down")  # the free Element counts as the Element for requirements (000 L5234)
    # Parents before their modifiers; otherwise as written (elements, then liabilities). Entries that strip
    # Knockback act last, so a later entry cannot give it back (digest part 1 §5 step 5.3).
    if not move.ids.isdisjoint(move.cat.placed_late):
        move.taken.sort(key=lambda t: (t.entry.id in move.cat.acts_last, t.entry.id.count(".")))
        move.checked = [t for t in move.taken if move.cat.lookup[t.entry.id].checked]


def _another_instance(move: Move, entry: Entry, choice: EntryChoice) -> bool:
    """Whether a second entry of this id is a separate one: it names a value of the entry's ``once_per`` choice that
    no earlier entry of the id named (digest rulings A-20, A-21 revised)."""
    if entry.once_per is None:
        return False
    value = choice.options.get(entry.once_per)
    if value is None or isinstance(value, list):
        return False
    return all(t.choice.options.get(entry.once_per) != value for t in move.taken if t.entry.id == entry.id)


def _options(move: Move, t: Taken) -> None:
    """Check the design choices and work out the cost per instance and the keyword changes."""
    entry, given, found = t.entry, t.choice.options, move.found
    per_instance = entry.cost
    changes = [entry.keywords]
    known = {o.name for o in entry.options}
    for name in given:
        if name not in known:
            found.add(
                "DESIGN_CHOICE_INVALID",
                f"{t.path}.options.{name}",
                f"{entry.name} has no design choice '{name}'"
                + (f"; it has {', '.join(sorted(known))}." if known else "."),
                entry.ref.line,
            )
    for opt in entry.options:
        path = f"{t.path}.options.{opt.name}"
        value = given.get(opt.name, opt.default)
        if value is None:
            if opt.required:
                found.add("DESIGN_CHOICE_MISSING", path, f"{entry.name} needs its '{opt.name}' chosen.", entry.ref.line)
            continue
        if opt.type == "choice":
            picked: OptionChoice | None = next((c for c in opt.choices if c.value == value), None)
            if picked is None:
                found.add(
                    "DESIGN_CHOICE_INVALID",
                    path,
                    f"'{value}' is not a choice of {entry.name}; choose one of "
                    f"{', '.join(c.value for c in opt.choices)}.",
                    entry.ref.line,
                )
                continue
            if picked.cost is not None:
                per_instance = picked.cost
            if picked.keywords is not None:
                changes.append(picked.keywords)
        elif opt.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                found.add("DESIGN_CHOICE_INVALID", path, f"'{opt.name}' of {entry.name} is a whole number.")
                continue
            if (opt.minimum is not None and value < opt.minimum) or (opt.maximum is not None and value > opt.maximum):
                found.add(
                    "DESIGN_CHOICE_INVALID",
                    path,
                    f"'{opt.name}' of {entry.name} must be from {opt.minimum} to {opt.maximum}.",
                    entry.ref.line,
                )
                continue
            if opt.cost_per_unit:
                per_instance += value * opt.cost_per_unit
        elif opt.type in ("entry", "entries"):
            ids = [value] if isinstance(value, str) else value if isinstance(value, list) else None
            if ids is None or (opt.type == "entry" and not isinstance(value, str)):
                found.add("DESIGN_CHOICE_INVALID", path, f"'{opt.name}' of {entry.name} names catalogue entries.")
                continue
            for ident in ids:
                if ident not in move.cat.entries:
                    found.add("DESIGN_CHOICE_INVALID", path, f"'{ident}' is not an Element or Liability.")
        elif opt.type == "choices":
            allowed = {c.value for c in opt.choices}
            values = chosen(value)  # an empty one names nothing, like no value at all
            if not isinstance(value, str | list) or any(v not in allowed for v in values):
                found.add(
                    "DESIGN_CHOICE_INVALID",
                    path,
                    f"'{opt.name}' of {entry.name} lists one or more of {', '.join(c.value for c in opt.choices)}.",
                    entry.ref.line,
                )
        elif opt.type == "text" and not isinstance(value, str):
            found.add("DESIGN_CHOICE_INVALID", path, f"'{opt.name}' of {entry.name} is text.")
    t.per_instance = per_instance
    t.changes = tuple(changes)
    t.plans = plans(t.changes)
    t.combo = _ordered_combo(tuple(k for c in changes for k in c.entry_combo))


@memo(maxsize=1024)
def _split_keywords(all_keywords: frozenset[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The move's keywords and its Combo keywords, each in the book's order."""
    keywords: list[str] = []
    combo: list[str] = []
    for k in ordered(all_keywords):
        (combo if category(k) is KeywordCategory.combo else keywords).append(k)
    return tuple(keywords), tuple(combo)


@memo(maxsize=256)
def _ordered_combo(keywords: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(ordered(set(keywords))) if keywords else ()


def _cost_rules(move: Move) -> None:
    """Costs that depend on other entries or on keywords, once every option and keyword is known."""
    for t in move.checked:
        rule = t.entry.cost_rule
        if rule is None:
            continue
        fn = COST_RULES.get(rule)
        if fn is None:
            move.found.unsupported_rule(
                t.entry.id, t.path, f"cost rule '{rule}' is not implemented; priced at its base cost {t.entry.cost:g}"
            )
            continue
        t.per_instance = fn(move, t)


def _keywords(move: Move) -> None:
    base = template(move)
    taken, ids = move.taken, move.ids
    move.keywords, duplicated = apply_plans(base, [p for t in taken for p in t.plans])
    for ident in ids & carrying(move.cat, CancelsKeyword):  # Bounce lets the move sit mid-Combo (000 L2939, A13)
        for r in move.cat.records.get(ident, ()):
            if isinstance(r, CancelsKeyword) and not any(
                r.keyword in c.add for t in taken if t.entry.id not in r.added_by for c in t.changes
            ):
                move.keywords.discard(r.keyword)
    for kw in dict.fromkeys(duplicated) if duplicated else ():
        adders = [t for t in taken if any(kw in c.add for c in t.changes)]
        move.found.add(
            "MODIFIER_KEYWORD_DUPLICATED",
            adders[-1].path if adders else "elements",
            f"Only one entry on a move may add the {kw} keyword.",
        )
    # Requirements are checked against the move built without the entry itself (000 L2745; digest ruling A29).
    # A Bomb's payload is an Offensive attack carried by the Utility shell (000 L2853; digest ruling A17).
    shells = _shells(move)
    # Ruling: Specific Range narrows the finished move's Range, so other entries' Range requirements are checked
    # without it (``finishes_range``; Ranged may take Specific Range 0, 000 L4852).
    finishing_entries, keeping = carrying(move.cat, FinishesRange), carrying(move.cat, KeepsNature)
    special = bool(shells) or not ids.isdisjoint(finishing_entries) or not ids.isdisjoint(keeping)
    if special:
        payload_skip = shells
        finishing = ids & finishing_entries
        # Entries a Technique Buff ties to the Buff keep their own nature inside it (``keeps_nature``, 000 L3075).
        kept = _kept(move, ids & keeping)
    cache: dict[frozenset[str], set[str]] = {}
    for t, conditions, by_keyword in move.conditioned:
        if not by_keyword:
            _requirements(move, t, conditions, move.keywords)  # no keyword requirement: the set does not matter
            continue
        ident = t.entry.id
        others = payload_skip | (finishing - {ident}) | kept.get(ident, set()) if special else ()
        if others or t.plans:
            skip = frozenset({ident, *others})
            if skip not in cache:
                cache[skip] = apply_plans(base, [p for o in taken if o.entry.id not in skip for p in o.plans])[0]
            without = cache[skip]
        else:
            without = move.keywords
        _requirements(move, t, conditions, without)


def _kept(move: Move, keeping: set[str]) -> dict[str, set[str]]:
    """Each entry a ``keeps_nature`` entry's option names → the base entry whose keywords it is checked without."""
    out: dict[str, set[str]] = {}
    for ident in sorted(keeping):
        base = move.cat.entries[ident].parent
        for r in move.cat.records.get(ident, ()):
            if isinstance(r, KeepsNature) and base:
                for named in _option_list(move, ident, r.option):
                    out.setdefault(named, set()).add(base)
    return out


def _option_list(move: Move, entry_id: str, option: str) -> list[str]:
    for t in move.taken:
        if t.entry.id == entry_id:
            value = t.choice.options.get(option)
            return value if isinstance(value, list) else [value] if isinstance(value, str) else []
    return []


def _requirements(move: Move, t: Taken, conditions: tuple[tuple[str, tuple], ...], without: set[str]) -> None:
    """The entry's conditions (catalogue order): ``without`` is the move's keywords built without the entry."""
    entry, found, ids = t.entry, move.found, move.ids
    for kind, what in conditions:
        if kind == "keywords":
            for kw in what:
                if not has(without, kw):
                    found.add(
                        "REQUIRED_KEYWORD_MISSING",
                        t.path,
                        f"{entry.name} needs the {_kw_name(move, kw)} keyword, which the move does not have.",
                        entry.ref.line,
                    )
        elif kind == "excludes":
            for other in what:
                if other in ids and not _reported_pair(move, entry.id, other):  # a pair is reported once
                    found.add(
                        "INCOMPATIBLE_ENTRIES",
                        t.path,
                        f"{entry.name} cannot be on the same move as {move.cat.entries[other].name}.",
                        entry.ref.line,
                    )
        elif kind == "entries":
            for need in what:
                if need not in ids:
                    found.add(
                        "PREREQUISITE_MISSING",
                        t.path,
                        f"{entry.name} needs {move.cat.entries[need].name} on the same move.",
                        entry.ref.line,
                    )
        elif kind == "any_entries":
            for group in what:
                if not any(need in ids for need in group):
                    names = " or ".join(move.cat.entries[n].name for n in group)
                    found.add(
                        "PREREQUISITE_MISSING", t.path, f"{entry.name} needs {names} on the same move.", entry.ref.line
                    )
        elif kind == "any_keywords":
            for group in what:
                if not any(has(without, kw) for kw in group):
                    names = " or ".join(_kw_name(move, kw) for kw in group)
                    found.add(
                        "REQUIRED_KEYWORD_MISSING", t.path, f"{entry.name} needs the {names} keyword.", entry.ref.line
                    )
        elif kind == "excludes_keywords":
            for kw in what:
                if has(move.keywords, kw):
                    found.add(
                        "INCOMPATIBLE_ENTRIES",
                        t.path,
                        f"{entry.name} cannot be on a move with the {_kw_name(move, kw)} keyword.",
                        entry.ref.line,
                    )
        elif kind == "campaign":
            for camp in what:
                if not option_on(move, camp):
                    found.add(
                        "CAMPAIGN_OPTION_REQUIRED",
                        t.path,
                        f"{entry.name} needs the campaign option '{camp}'"
                        + (
                            " or the Fighter's Technique for it (fighter.techniques)."
                            if camp in TechniqueOption._value2member_map_
                            else "."
                        ),
                        entry.ref.line,
                    )
        else:  # fighter
            for trait in what:
                _fighter_requirement(move, t, trait)


def _reported_pair(move: Move, a: str, b: str) -> bool:
    key = (a, b) if a < b else (b, a)
    if key in move.reported_pairs:
        return True
    move.reported_pairs.add(key)
    return False


def _fighter_requirement(move: Move, t: Taken, trait: str) -> None:
    fighter, found, entry = move.request.fighter, move.found, t.entry
    if trait == "ki_skill":
        if move.is_super and not move.ids.isdisjoint(carrying(move.cat, LendsKiSkill)):
            return  # Ki Access lends a Super Move the Ki Skill (000 L4954)
        ki = fighter.ki if fighter else None
        if ki is None:
            found.add("CHECKED_WITH_FIGHTER", t.path, f"{entry.name} needs the Ki Skill; give fighter.ki to check.")
        elif ki < 1:
            found.add("CHARACTER_REQUIREMENT_UNMET", t.path, f"{entry.name} needs the Ki Skill.", entry.ref.line)
    elif trait == "style_change":
        if fighter is None:
            found.add("CHECKED_WITH_FIGHTER", t.path, f"{entry.name} needs the Style Change Quality.")
        elif not fighter.style_change:
            found.add(
                "CHARACTER_REQUIREMENT_UNMET", t.path, f"{entry.name} needs the Style Change Quality.", entry.ref.line
            )
    elif trait.startswith("power_level_"):
        need = int(trait.rsplit("_", 1)[1])
        if fighter is None or fighter.power_level is None:
            found.add("CHECKED_WITH_FIGHTER", t.path, f"{entry.name} needs Power Level {need}.")
        elif fighter.power_level < need:
            found.add("CHARACTER_REQUIREMENT_UNMET", t.path, f"{entry.name} needs Power Level {need}.", entry.ref.line)
    elif trait in TECHNIQUE_TRAITS:
        option, what = TECHNIQUE_TRAITS[trait]
        if not option_on(move, option):  # the campaign rule grants it, or the Fighter's Technique does
            found.add(
                "CHECKED_WITH_FIGHTER",
                t.path,
                f"{entry.name} needs {what} from the campaign or a Technique "
                "(fighter.techniques); the Fighter's sheet decides.",
            )
    else:
        found.unsupported_rule(entry.id, t.path, f"fighter requirement '{trait}' is not checked yet")


# Abilities a campaign option gives everyone or a Technique Quality gives one Fighter (000 L1343, L2175, L2237).
TECHNIQUE_TRAITS = {"can_wall_spring": ("wall_springs", "Wall Springs"), "can_dash": ("dash", "the Dash")}


def _kw_name(move: Move, kw: str) -> str:
    base, _, qual = kw.partition(":")
    spec = move.cat.keywords.get(base)
    name = spec.name if spec else base.replace("_", " ").title()
    return f"{name} ({qual.replace('_', ' ').title()})" if qual else name


def _well_formed(move: Move) -> None:
    kw, found = move.keywords, move.found
    movement = len(kw & MOVEMENT)
    if movement != 1:
        found.add(
            "MOVEMENT_KEYWORD_NOT_UNIQUE",
            "elements",
            f"A move has exactly one Movement keyword; this one has {movement}.",
        )
    if "offensive" in kw:
        ranges = len(kw & RANGE)
        if ranges != 1:
            found.add(
                "OFFENSIVE_RANGE_KEYWORD_NOT_UNIQUE",
                "elements",
                f"An Offensive move has exactly one Range keyword; this one has {ranges}.",
            )
        if kw.isdisjoint(DAMAGE):
            found.add("OFFENSIVE_DAMAGE_KEYWORD_MISSING", "elements", "An Offensive move needs a Damage keyword.")
    if has(kw, "passive") and not has(kw, "defensive_response"):
        found.add(
            "PASSIVE_WITHOUT_DEFENSIVE_RESPONSE",
            "elements",
            "The Passive keyword needs a Defensive Response on the move.",
        )
    if "utility" in kw and not _shells(move):  # a Bomb's payload may hit (digest ruling A17, 000 L2853)
        for t in move.taken:
            if any(k in c.add for c in t.changes for k in ("on_hit", "on_miss")):
                found.add(
                    "UTILITY_WITH_HIT_OR_MISS_EFFECT",
                    t.path,
                    f"{t.entry.name} acts on a hit or a miss, which a Utility move never makes.",
                    t.entry.ref.line,
                )
    if ("away" in kw or "closer" in kw) and not move.ids.isdisjoint(carrying(move.cat, SeveralTargets)):
        found.add(
            "MODIFIER_KEYWORD_TARGETING",
            "elements",
            "Away and Closer need a single target; Area Effect and Explosive hit several.",
        )
    if "starter" in kw and "ender" in kw:
        found.add("STARTER_AND_ENDER", "elements", "A Starter that is also an Ender can only be a one-move Combo.")


def _budget(move: Move) -> tuple[int, int, int, int, int]:
    """Element slots, whole Liability slots, slots used, unused slots and Move Points."""
    req, found = move.request, move.found
    level = req.level
    slots = 2 * level if move.is_super else level + 1  # 000 L5234, L2287
    if req.fighter and req.fighter.borrow_identities:
        slots -= 1  # 000 L5144; applied to Supers too (Supers are Special Moves, 000 L2058; digest ruling A27)
    elements = liabilities = 0.0
    cap = 2 * level
    is_super = move.is_super
    for t in move.taken:
        times = t.times
        cost = t.per_instance * times + t.flat
        if cost > 0:
            elements += cost
            if cost > cap and t.entry.kind == "element":
                found.add(
                    "ELEMENT_COST_CAP_EXCEEDED",
                    t.path,
                    f"{t.entry.name} costs {cost:g} Elements; on an L{level} move no Element may cost over {cap}.",
                )
        else:
            liabilities -= cost
        if times == 1:
            continue  # every entry may be taken once
        limit = t.entry.super_instances if is_super else t.entry.instances
        if limit is not None and times > limit:
            found.add(
                "INSTANCE_LIMIT_EXCEEDED",
                f"{t.path}.times",
                f"{t.entry.name} may be taken at most {limit} time{'s' if limit > 1 else ''}.",
                t.entry.ref.line,
            )
    used = math.ceil(elements - liabilities)  # halves pair up; a lone ½ Element costs 1 (000 L2287–L2289)
    if used > slots:
        found.add(
            "ELEMENT_BUDGET_EXCEEDED",
            "elements",
            f"The move spends {used} Element slots after Liabilities but has only {slots}.",
        )
    if elements % 1 and not liabilities % 1:
        found.add("HALF_ELEMENT_ROUNDED_UP", "elements", "A lone ½ Element is charged as a whole Element.")
    if liabilities % 1 and not elements % 1:
        found.add(
            "UNPAIRED_HALF_LIABILITY",
            "liabilities",
            "A lone ½ Liability earns no slot on this move; two such moves can trade theirs for 1 Fighting Spirit.",
        )
    unused = max(slots - used, 0)
    mp = _move_points(move, unused)
    # Liabilities lowering the price below what the Elements alone would give (digest ruling A1).
    if liabilities and mp < _move_points(move, max(slots - math.ceil(elements), 0)):
        found.add(
            "LIABILITY_SURPLUS_DISCOUNT",
            "liabilities",
            "Liabilities beyond what the Elements need are lowering the Move Point cost.",
        )
    return slots, math.floor(liabilities), used, unused, mp


def _move_points(move: Move, unused: int) -> int:
    req = move.request
    if move.is_super:
        base, discount = req.level, unused // 2  # two unused per Move Point (000 L5236)
    else:
        level = req.level + (1 if req.campaign.attack_strings else 0)  # 000 L5206
        base, discount = (3 if level == 2 else level), unused  # L2 costs 3 (000 L2269); 000 L2293
    return max(1, base - discount)


def _super_rules(move: Move, slots: int, liability_slots: int) -> None:
    req, found = move.request, move.found
    if not move.is_super:
        return
    if not req.campaign.supers:
        found.add("SUPERS_DISABLED", "type", "This campaign does not use Super Moves.")
    if req.level < 5:
        found.add("SUPER_LEVEL_BELOW_MINIMUM", "level", f"A Super Move is L5 or higher, not L{req.level}.")
    if req.fighter and req.fighter.power_level is not None and req.fighter.power_level < 3:
        found.add("SUPER_POWER_LEVEL_TOO_LOW", "fighter.power_level", "Super Moves are bought from Power Level 3.")
    if "utility" in move.keywords or "no_damage" in move.keywords:
        return
    available = slots + liability_slots
    offense = sum(move.cost_of(i) for i in offense_elements(move.cat))
    if offense < available // 2:
        found.add(
            "SUPER_OFFENSE_SPEND_TOO_LOW",
            "elements",
            f"{offense:g} of {available} Elements go to Breakthrough, Increased Accuracy, Increased Damage or "
            f"Invincibility; a damaging Super needs at least {available // 2}.",
        )


# Named effects that change a figure of the price answer; all are computed here. Every other named effect acts
# during combat only, and the combat resolver reports those it does not apply (combat/coverage.py).
_DAMAGE_RULES = {"increased_damage_table", "multi_hit_table", "ki_damage_shift"}
PRICED_RULES = _DAMAGE_RULES | {"super_energy_cost"}


def _super_energy_cost(move: Move) -> int | None:
    """10 for a Super (10 per tier of a three-tier Super, 000 L5281, L5289); 5 with Decreased Super Energy Cost
    (000 L4916–L4920); 20/30/40 with Increased Super Energy Cost (000 L4966–L4968); a Special Move with the Super
    Energy Liability spends 10 (000 L4864–L4868)."""
    on = SpendsOn.super if move.is_super else SpendsOn.special
    spends: list[int] = []
    for ident in move.ids & carrying(move.cat, SuperEnergySpend):
        for r in move.cat.records[ident]:
            if isinstance(r, SuperEnergySpend) and r.move_type is on:
                chosen = move.by_id[ident].choice.options.get(r.option) if r.option else None
                spends.append(int(chosen) if isinstance(chosen, str) and chosen.isdigit() else r.spends)
    if spends:
        return max(spends)  # two on one Super break a rule (000 L4920); the larger, as the Liability comes first
    return 10 * move.request.tier if move.is_super else None


def _guarded(move: Move) -> frozenset[str]:
    """The Elements a Perfect Hit guards: they act only when its roll succeeds (000 L4751–L4753)."""
    out = set()
    for t in move.taken:
        if t.entry.cost_rule == "half_target_cost":
            target = t.choice.options.get("target")
            if isinstance(target, str) and target in move.ids:
                out.add(target)
    return frozenset(out)


def _figures(move: Move) -> tuple[int, dict[str, int], int, dict[str, object] | None, dict[str, object] | None]:
    """Accuracy, Accuracy against each defence, Glory, the ordinary damage and the damage with every Perfect Hit
    succeeding: one pass over the entries that change a figure."""
    base = d = e = ta = glory = 0
    steps = [0, 0]  # damage steps: ordinary, and those of Elements a Perfect Hit guards
    stun = [0, 0]
    ki_based = False
    blockable_throw = move.request.campaign.throws_blockable
    throws = with_trait(move.cat, MoveTrait.throw) if blockable_throw else frozenset()
    guarded = _guarded(move)
    for t, n in move.numbered:
        times = t.times
        if not (blockable_throw and t.entry.id in throws):  # a blockable Throw has no Accuracy bonus (000 L4335)
            base += n.accuracy * times
            d += n.vs_defense * times
            e += n.vs_evasion * times
            ta += n.vs_tactics * times
        glory += n.glory * times
        g = 1 if guarded and t.entry.id in guarded else 0
        steps[g] += n.damage_steps * times
        stun[g] += n.stun_bonus * times
        ki_based = ki_based or n.ki_based
    glory += move.request.level  # digest ruling A28
    fighter = move.request.fighter
    if fighter and fighter.styles > 1 and not fighter.cross_style:
        glory = math.ceil(glory / (fighter.receiving_styles or fighter.styles))  # 000 L5062
    accuracy_vs = {"defense": base + d, "evasion": base + e, "tactics": base + ta}
    kw = move.keywords
    bomb = bool(_shells(move))
    if "no_damage" in kw or ("utility" in kw and not bomb):
        return base, accuracy_vs, glory, None, None
    # A Bomb's explosion is the move's damage: Ki-based, never Strength (000 L2855).
    ki_based = ki_based or bomb
    inc, multi = times_with(move, MoveTrait.increased_damage), times_with(move, MoveTrait.multi_hit)
    damage = _damage(
        move,
        steps[0],
        stun[0],
        0 if not guarded.isdisjoint(with_trait(move.cat, MoveTrait.increased_damage)) else inc,
        0 if not guarded.isdisjoint(with_trait(move.cat, MoveTrait.multi_hit)) else multi,
        ki_based,
        report=True,
    )
    if not guarded:
        return base, accuracy_vs, glory, damage, None
    full = _damage(move, steps[0] + steps[1], stun[0] + stun[1], inc, multi, ki_based, report=False)
    return base, accuracy_vs, glory, damage, (full if full != damage else None)


def _damage(
    move: Move, steps: int, stun_bonus: int, inc: int, multi: int, ki_based: bool, report: bool
) -> dict[str, object]:
    """The damage figures from the Increased Damage and Multi Hit instances and the other die steps counted."""
    fighter = move.request.fighter
    # One die size per two Increased Damage (000 L3520–L3540); odd counts re-roll 1s (ruling A4).
    step = (D8 if move.is_super else D6) + inc // 2 + steps
    with_strength = None
    if ki_based:
        if fighter and fighter.ki:
            step += KI_SHIFT[fighter.ki]
        elif report:
            move.found.add(
                "CHECKED_WITH_FIGHTER",
                "fighter.ki",
                "Ki-based damage shifts with the Ki Skill; give fighter.ki to see the final die.",
            )
    elif fighter and fighter.strength is not None:
        with_strength = die_name(max(step, 0) + fighter.strength)
    return {
        "die": die_name(step),
        "die_with_strength": with_strength,
        "flat_bonus": multi // 2,  # 000 L3703–L3734
        "minimum_roll": 1 + multi % 2 + inc % 2,
        "stun_bonus": stun_bonus,
        "based_on": "ki" if ki_based else "strength",
    }


def _range(kw: set[str]) -> dict[str, int] | None:
    for name, (lo, hi) in RANGES.items():
        if name in kw:
            return {"min": lo, "max": hi}
    return None


def _extra_move_points(move: Move, mp: int) -> int:
    """Multiple Styles surcharge (000 L5025–L5043), after the 1-MP floor (digest ruling A26); free Throws."""
    req, fighter, found = move.request, move.request.fighter, move.found
    if fighter and fighter.styles > 1:
        if fighter.cross_style:
            mp += fighter.styles - 1
        else:
            mp += min(fighter.receiving_styles or fighter.styles, fighter.styles) - 1
    if req.free_throw:
        problems = []
        if move.is_super or req.level != 2:
            problems.append("it must be an L2 Special Move")
        if move.ids.isdisjoint(with_trait(move.cat, MoveTrait.throw)):
            problems.append("it must have the Throw Element")
        if req.campaign.free_basic_throws < 1:
            problems.append("the campaign grants no free Throws")
        if fighter and fighter.power_level not in (None, 1):
            problems.append("free Throws are granted at Power Level 1")
        if problems:
            found.add("FREE_THROW_INVALID", "free_throw", "Not a valid free Basic Throw: " + "; ".join(problems) + ".")
        else:
            mp = 0
    return mp


def _constraints(move: Move) -> None:
    for t in move.checked:
        entry = t.entry
        warned = False
        for c in entry.constraints:
            fn = CHECKS.get((entry.id, c.code)) or CHECKS.get(c.code)
            if fn is not None:
                fn(move, t)
            elif c.code == "DIRECTOR_APPROVAL_REQUIRED":
                if not warned:
                    move.found.add("DIRECTOR_APPROVAL_REQUIRED", t.path, f"{entry.name}: {c.summary}", entry.ref.line)
                    warned = True
            else:
                move.found.unsupported_rule(entry.id, t.path, f"{c.code}: {c.summary}")
        if entry.director_approval and not warned:
            move.found.add(
                "DIRECTOR_APPROVAL_REQUIRED",
                t.path,
                f"{entry.name} is taken only with the Director's approval.",
                entry.ref.line,
            )


def price_move(request: MoveRequest, cat: Catalog | None = None) -> MovePrice:
    """Price and validate one move: the typed answer."""
    return MovePrice.model_validate(price_data(request, cat), context=BUILT)


_ENCODE = msgspec.json.Encoder().encode


def price_json(request: MoveRequest, cat: Catalog | None = None) -> bytes:
    """The answer as the JSON the API sends (the same fields as ``MovePrice``)."""
    return _ENCODE(price_data(request, cat))


_MIXUP = frozenset({"mixup"})


def price_data(request: MoveRequest, cat: Catalog | None = None) -> dict[str, object]:
    """Price and validate one move, as plain JSON-ready data shaped like ``MovePrice``."""
    cat = cat or catalog()
    found = Findings()
    move = Move(request, cat, found, price_data)
    if request.type == "special" and request.level < 2:
        found.add(
            "LEVEL_BELOW_MINIMUM", "level", f"A Special Move is L2 or higher; an L{request.level} move is a Basic Move."
        )
    if request.tier > 1 and not (move.is_super and request.campaign.three_tier_supers):
        found.add("TIER_INVALID", "tier", "Tiers exist only for Super Moves in a three-tier campaign.")
    _collect(move)
    _keywords(move)
    _cost_rules(move)
    _well_formed(move)
    slots, liability_slots, used, unused, mp = _budget(move)
    _super_rules(move, slots, liability_slots)
    _constraints(move)
    if mp == 1 and unused and not request.free_throw:
        found.add("MP_FLOOR_APPLIED", "elements", "The unused-slot discount stops at the 1 Move Point minimum.")
    # Mixup qualifies the whole Combo, so the book's stat blocks show it in the move's Combo line (000 L5019);
    # Initial and Final stay with their entry. No Combo removes them all (000 L2451).
    all_keywords = frozenset(move.keywords)
    if move.mixup and "no_combo" not in all_keywords:
        all_keywords |= _MIXUP
    keywords, combo = _split_keywords(all_keywords)
    # These steps may still add findings, so they run before ``legal`` is read.
    move_points = _extra_move_points(move, mp)
    accuracy, accuracy_vs, glory, damage, perfect_damage = _figures(move)
    return {
        "ruleset": RULESET,
        "ruleset_version": VERSION,
        "name": request.name,
        "type": request.type,
        "level": request.level,
        "legal": not found.violations,
        "violations": found.violations,
        "warnings": found.warnings,
        "info": found.info,
        "unsupported": found.unsupported,
        "element_slots": slots,
        "liability_slots": liability_slots,
        "elements_spent": used,
        "unused_slots": unused,
        "move_points": move_points,
        "control": request.level,  # Control needed = Level (000 L2267–L2269)
        "glory": glory,
        "accuracy": accuracy,
        "accuracy_vs": accuracy_vs,
        "damage": damage,
        "damage_with_perfect_hit": perfect_damage,
        "keywords": keywords,
        "combo_keywords": combo,
        "range": _range(move.keywords),
        "super_energy_cost": _super_energy_cost(move),
        "entries": [
            {
                "id": t.entry.id,
                "name": t.entry.name,
                "kind": t.entry.kind,
                "times": t.times,
                "cost": float(t.per_instance * t.times + t.flat),
                "combo": t.combo,
                "path": t.path,
            }
            for t in move.taken
        ],
    }
