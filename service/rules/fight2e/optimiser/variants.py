"""The search space: every Element and Liability as the optimiser may take it, read from the catalogue.

An entry with design choices becomes one *variant* per combination of its enumerable choices. Each variant is
priced alone by the pricing core, on the request's move type, campaign and Fighter: what that answer says of the
entry by itself (its cost per instance, its Accuracy, whether it may be taken at all here) is what the solver
model uses.

Design choices the search cannot enumerate are taken from the request's ``choices`` when it names them; otherwise
free text gets a placeholder (the pricing core only records it; the player names the move, pool or Prop when the
move joins a sheet), and an entries choice tied to the Elements the entry requires (Technique Buff's associated
Elements) is filled with those on the move. A choice naming catalogue entries is drawn from what its ``picks``
allow: an Element on this move (Perfect Hit's target: one variant per Element the search composes, tied to it in
the model, its value a share of that Element's cost), or an Element for another move or a schedule (Element
Additions, Extra Elements: one Element per distinct cost, as only the cost prices). Random Effect gets two
single-Element combinations within its allocation. Each choice the player may change at no cost is listed with
the move (``assumed``); an entry with a choice the search cannot make is listed under ``unsupported``.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, cast

from ...dice import die
from ...memo import Table
from ..catalogue.catalog import Catalog, catalog
from ..catalogue.schema import Entry, EntryOption, KeywordChanges, Picks, keyword_base, qualifies
from ..moves.models import Campaign, EntryChoice, EntryRef, FighterContext, MoveRequest, RandomCombination
from ..moves.price import offense_elements, price_data

MAX_TIMES = 20  # the request models' bound on one entry's instances
PROBE_LEVEL = 12  # a level high enough that a lone entry never meets the budget or the cost cap
MAX_VARIANTS = 16  # design-choice combinations built per entry
INT_VALUES = 3  # values of a whole-number design choice tried, from its minimum up
COMBINATIONS = 2  # Random Effect: combinations built, one Element each (the fewest that make a random pick)
# The free text a move carries when the request names none (the pricing core reads no free text; 000 L2301 has the
# player fix it with the move's design).
PLACEHOLDER = "named by the player"

# Findings about an entry on its own, whatever else the move holds: a variant priced alone with one of these is
# never legal here, so it is left out of the search.
INTRINSIC = frozenset(
    {
        "UNKNOWN_ENTRY",
        "SUPER_ONLY_ENTRY",
        "CAMPAIGN_OPTION_REQUIRED",
        "ENTRY_DENIED_BY_CAMPAIGN",
        "CHARACTER_REQUIREMENT_UNMET",
        "DESIGN_CHOICE_MISSING",
        "DESIGN_CHOICE_INVALID",
        "ELEMENT_ALREADY_GRANTED",
    }
)
# Violations of the move type and campaign themselves, which no choice of entries mends.
MOVE_WIDE = frozenset({"SUPERS_DISABLED", "SUPER_POWER_LEVEL_TOO_LOW", "TIER_INVALID"})
_NON_DAMAGING = frozenset({"utility", "no_damage"})


@dataclass(frozen=True)
class Variant:
    """One way to take an entry: its fixed design choices and what the pricing core says of it alone."""

    entry: Entry
    options: tuple[tuple[str, Any], ...]
    halves: int  # cost per instance in half Element slots (negative for a Liability), alone on the move
    max_times: int
    accuracy: int  # Accuracy against every defence, per instance
    damage_steps: int  # damage die steps per instance (the Increased Damage table aside)
    ki_based: bool
    damage_table: bool  # its instances count on the Increased Damage table (two per die size, 000 L3520–L3540)
    adds: frozenset[str]  # keywords it may put on the move (added or replaced in)
    takes_off: frozenset[str]  # keywords it removes or replaces, by their base name
    offense: bool  # counts towards a damaging Super's offense spend (000 L5234)
    non_damaging: bool  # makes the move Utility or No Damage on its own (then no offense spend applies)
    # The move with this variant alone: its keywords (with the Combo ones), whether it has damage, its Range.
    alone_keywords: frozenset[str]
    alone_damage: bool
    alone_reach: int | None
    alone_warned: bool  # priced alone, it draws a warning (an entry left to the Director's approval…)
    # Entries choices filled from the move itself: (option, the catalogue entries it may name).
    fills: tuple[tuple[str, frozenset[str]], ...] = ()
    combinations: tuple[tuple[str, ...], ...] = ()  # Random Effect's combinations, as entry ids
    names: str | None = None  # the entry its design names on this move (Perfect Hit's target)
    # Its cost is this share of the named entry's cost on the move (Perfect Hit: −½, 000 L4751); None: ``halves``
    # (for a named entry taken once, ``halves`` holds the share already, rounded away from nothing).
    share: Fraction | None = None
    voids_damage: bool = False  # the named entry's damage counts only when its roll succeeds (000 L4753)
    refused_with: frozenset[str] = frozenset()  # the designs (``design``) of variants it is illegal with

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def design(self) -> str:
        """The entry and its fixed design choices, as one key."""
        return json.dumps([self.entry.id, self.options])

    def choice(self, times: int, on_move: frozenset[str] = frozenset()) -> EntryChoice:
        options = dict(self.options)
        for name, allowed in self.fills:
            options[name] = sorted(allowed & on_move)
        return EntryChoice(id=self.entry.id, times=times, options=options, combinations=_combos(self.combinations))


def _combos(combinations: tuple[tuple[str, ...], ...]) -> list[RandomCombination] | None:
    if not combinations:
        return None
    return [RandomCombination(entries=[EntryRef(id=i) for i in combo]) for combo in combinations]


@dataclass(frozen=True)
class Space:
    variants: tuple[Variant, ...]
    not_built: tuple[tuple[str, str], ...]  # (entry id, why) for entries outside the search
    base_accuracy: int
    template: tuple[str, ...]  # the keywords of the move with no entry (Chapter 4, Keywords)
    # Violations of the move with no entry at a high level: rules no choice of entries can mend (Supers off…).
    move_wide: tuple[tuple[str, str], ...]
    base_step: int  # its damage die's ladder step, before Strength or Ki


def _option_values(
    opt: EntryOption, entry: Entry, named: dict[str, Any], on_move: frozenset[str] | None = None
) -> list[Any] | None:
    """The values tried for one design choice; ``None`` among them leaves it unset (its default, or nothing);
    None: it cannot be built. ``on_move``: the entries the search composes (None: any of the catalogue)."""
    if opt.name in named:
        return [named[opt.name]]
    # Optional picks (a Power Enhancer's paired Liabilities, 000 L3846) are left to the player: unset below.
    if opt.type in ("entry", "entries") and opt.picks is not None and opt.required and opt.default is None:
        ids = _picked(opt.picks, on_move)
        if opt.type == "entries":
            ids = ids[:1]  # a schedule prices nothing: its cheapest Element, which fits any level (000 L3866)
        return [i if opt.type == "entry" else [i] for i in ids] or None
    if opt.type == "choice":  # every choice, the default one too
        unset: list[Any] = [] if opt.required or opt.default is not None else [None]
        return unset + [c.value for c in opt.choices]
    if not opt.required or opt.default is not None:
        return [None]
    if opt.type == "choices":  # one value at a time (a Lowered Basic Quality lowers one quality)
        return [[c.value] for c in opt.choices]
    if opt.type == "int":
        low = opt.minimum or 0
        high = low + INT_VALUES - 1 if opt.maximum is None else min(opt.maximum, low + INT_VALUES - 1)
        return list(range(low, high + 1))
    if opt.type == "text":
        return [PLACEHOLDER]
    if opt.type == "entries" and _fill_from(entry):
        return [[]]  # filled with the move's own entries when the move is built (``Variant.choice``)
    return None


def plain(entry: Entry) -> bool:
    """An Element a design may name for another move or a schedule as it is: a fixed cost above nothing, no choice
    left open, no base entry, nothing asked of the Fighter or the campaign, available on a Special Move."""
    need = entry.requires
    return (
        entry.kind == "element"
        and entry.parent is None
        and entry.cost > 0
        and entry.cost_rule is None
        and not entry.takes_combinations
        and not entry.director_approval
        and entry.campaign_option is None
        and "special" in entry.move_types
        and not (need.entries or need.any_entries or need.fighter or need.campaign)
        and not any(o.required and o.default is None for o in entry.options)
    )


def _by_cost(entries: Iterable[Entry]) -> list[str]:
    """The first Element (in catalogue order) of each distinct cost, cheapest first: a named Element of these
    designs prices by its cost alone."""
    first: dict[float, str] = {}
    for e in entries:
        first.setdefault(e.cost, e.id)
    return [first[c] for c in sorted(first)]


def _picked(picks: Picks, on_move: frozenset[str] | None) -> list[str]:
    """The entries a picked choice is tried with."""
    cat = catalog()
    if picks.on_move:
        floor = picks.more_than if picks.more_than is not None else 0
        return [
            e.id
            for e in cat.entries.values()
            if qualifies(picks, e) and e.cost > floor and (on_move is None or e.id in on_move)
        ]
    return _by_cost(e for e in cat.entries.values() if plain(e) and qualifies(picks, e))


def combination_pool() -> list[Entry]:
    """Elements a Random Effect combination may hold on any move: plain ones that change no keyword and need none
    (each combination must fit with the move's other entries, 000 L3944)."""
    return [e for e in catalog().entries.values() if plain(e) and _quiet(e)]


def _quiet(e: Entry) -> bool:
    """No choice, no exclusion, no rule of its own, no keyword changed or needed."""
    k, need = e.keywords, e.requires
    touches = k.add or k.remove or k.replace or k.entry_combo or need.keywords or need.any_keywords
    return not (e.options or e.excludes or e.excludes_keywords or e.effects.rule or touches)


def _combinations(allocation: float) -> tuple[tuple[str, ...], ...]:
    """Single-Element combinations within the allocation, the cheapest first."""
    fits = sorted((e for e in combination_pool() if e.cost <= allocation), key=lambda e: e.cost)
    if len(fits) < COMBINATIONS:
        return ()
    return tuple((e.id,) for e in fits[:COMBINATIONS])


def _fill_from(entry: Entry) -> frozenset[str]:
    """The entries an entries choice may name when the entry requires one of them on the move (Technique Buff:
    the Elements on the Buff that take its duration, 000 L3073–L3075)."""
    return frozenset(i for group in entry.requires.any_entries for i in group)


def fills_of(entry: Entry, named: dict[str, Any]) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple(
        (o.name, _fill_from(entry))
        for o in entry.options
        if o.type == "entries" and o.required and o.default is None and o.name not in named and _fill_from(entry)
    )


def _option_sets(
    entry: Entry, named: dict[str, Any] | None = None, on_move: frozenset[str] | None = None
) -> list[tuple[tuple[str, Any], ...]] | None:
    """Every combination of the entry's design choices the search tries (the request's named ones fixed); None: it
    is not built without a choice the request names."""
    if entry.takes_combinations and not _combinations(MAX_TIMES):
        return None
    per_option = []
    for opt in entry.options:
        values = _option_values(opt, entry, named or {}, on_move)
        if values is None:
            return None
        per_option.append([(opt.name, v) for v in values])
    # At least every value of one choice (each Element a Perfect Hit may guard), else MAX_VARIANTS combinations.
    combos = itertools.islice(itertools.product(*per_option), max([MAX_VARIANTS, *map(len, per_option)]))
    return [tuple((n, v) for n, v in combo if v is not None) for combo in combos]


def _slots_of(entry: Entry, options: tuple[tuple[str, Any], ...]) -> float:
    """The Element slots a design pays for (a Random Effect's allocation, 000 L3946)."""
    chosen = dict(options)
    paid = [o.cost_per_unit * chosen[o.name] for o in entry.options if o.cost_per_unit and o.name in chosen]
    return entry.cost + sum(paid)


def _picks_on_move(entry: Entry) -> bool:
    return any(o.picks is not None and o.picks.on_move for o in entry.options)


def _changes(entry: Entry, options: tuple[tuple[str, Any], ...]) -> list[KeywordChanges]:
    chosen = dict(options)
    out = [entry.keywords]
    for opt in entry.options:
        for c in opt.choices:
            if c.keywords is not None and chosen.get(opt.name, opt.default) == c.value:
                out.append(c.keywords)
    return out


def _adds(changes: list[KeywordChanges]) -> frozenset[str]:
    """The keywords a variant may put on the move: added or replaced in."""
    adds: set[str] = set()
    for c in changes:
        adds.update(c.add, c.replace.values())
        # Of an entry's own Combo keywords only Mixup becomes the move's (000 L5019, as moves.py prices it).
        adds.update(k for k in c.entry_combo if k == "mixup")
    return frozenset(adds)


def _with(base: MoveRequest, choices: list[EntryChoice], cat: Catalog) -> MoveRequest:
    listed: dict[str, list[EntryChoice]] = {"elements": [], "liabilities": []}
    for c in choices:
        listed["elements" if cat.entries[c.id].kind == "element" else "liabilities"].append(c)
    return base.model_copy(update=listed)


def _probe(
    entry: Entry,
    options: tuple[tuple[str, Any], ...],
    base: MoveRequest,
    cat: Catalog,
    combinations: tuple[tuple[str, ...], ...] = (),
) -> dict[str, Any] | None:
    """The entry priced alone; None when it can never be legal on this move type, campaign and Fighter."""
    choice = EntryChoice(id=entry.id, options=dict(options), combinations=_combos(combinations))
    answer = priced(_with(base, [choice], cat), cat)
    # A base entry its modifiers may complete (a Buff whose only benefit is a Technique Buff, 000 L3075) is not
    # refused alone for a missing design choice: the pricing core judges it with the others.
    intrinsic = INTRINSIC - {"DESIGN_CHOICE_MISSING"} if cat.children.get(entry.id) else INTRINSIC
    if answer["unsupported"] or any(v["code"] in intrinsic for v in answer["violations"]):
        return None
    return answer


def _variant(
    entry: Entry,
    options: tuple[tuple[str, Any], ...],
    answer: dict[str, Any],
    req: MoveRequest,
    base_acc: int,
    fills: tuple[tuple[str, frozenset[str]], ...],
) -> Variant:
    resolved = answer["entries"][0]
    halves = round(resolved["cost"] * 2)
    limit = entry.super_instances if req.type == "super" else entry.instances
    effects = entry.effects
    changes = _changes(entry, options)
    adds = _adds(changes)
    alone = frozenset((*answer["keywords"], *answer["combo_keywords"]))
    return Variant(
        entry=entry,
        options=options,
        halves=halves,
        max_times=limit or MAX_TIMES,
        accuracy=answer["accuracy"] - base_acc,
        damage_steps=effects.damage_steps,
        ki_based=effects.damage_source == "ki",
        damage_table=effects.rule == "increased_damage_table",
        adds=adds,
        takes_off=frozenset(keyword_base(k) for c in changes for k in (*c.remove, *c.replace)),
        offense=entry.id in offense_elements(catalog()),
        non_damaging=bool(alone & _NON_DAMAGING),
        alone_keywords=alone,
        alone_damage=answer["damage"] is not None,
        alone_reach=answer["range"]["max"] if answer["range"] else None,
        alone_warned=bool(answer["warnings"]),
        fills=fills,
    )


def priced(request: MoveRequest, cat: Catalog | None = None) -> dict[str, Any]:
    """The pricing core's answer as JSON-ready data."""
    return cast(dict[str, Any], price_data(request, cat))


_SPACES: Table[str, Space] = Table(
    "fight2e.optimiser.spaces", max_bytes=8 * 2**20, weight=1, overhead=2**19
)  # ~330 KB each


Named = dict[str, dict[str, Any]]  # the request's design choices by entry id, then option


def space(move_type: str, campaign: Campaign, fighter: FighterContext | None, named: Named | None = None) -> Space:
    """The search space for one move type, campaign, Fighter and the design choices the request names (memoised on
    all four and the catalogue)."""
    cat = catalog()
    named = named or {}
    key = "\x1f".join(
        (
            cat.digest,
            move_type,
            campaign.model_dump_json(),
            fighter.model_dump_json() if fighter else "",
            json.dumps(named, sort_keys=True),
        )
    )
    found = _SPACES.get(key)
    if found is None:
        found = _build(move_type, campaign, fighter, cat, named)
        _SPACES.put(key, found)
    return found


def _build(move_type: str, campaign: Campaign, fighter: FighterContext | None, cat: Catalog, named: Named) -> Space:
    base = MoveRequest(type=move_type, level=PROBE_LEVEL, campaign=campaign, fighter=fighter)  # type: ignore[arg-type]
    empty = priced(base, cat)
    base_acc = int(empty["accuracy"])
    template = (*empty["keywords"], *empty["combo_keywords"])
    base_step = die(empty["damage"]["die"]).step
    variants: list[Variant] = []
    not_built: list[tuple[str, str]] = []
    # Entries naming an Element on this move come last, drawn from the Elements the search composes.
    ordered = sorted(cat.entries.values(), key=_picks_on_move)
    for entry in ordered:
        mine = named.get(entry.id, {})
        on_move = frozenset(v.id for v in variants) if _picks_on_move(entry) else None
        option_sets = _option_sets(entry, mine, on_move)
        if option_sets is None:
            if on_move is None or _option_sets(entry, mine) is None:
                not_built.append((entry.id, _why_not_built(entry)))
            continue  # else no Element it may name is legal on this move: it cannot be taken here
        fills = fills_of(entry, mine)
        for options in option_sets:
            combos = _combinations(_slots_of(entry, options)) if entry.takes_combinations else ()
            answer = _probe(entry, options, base, cat, combos)
            if answer is None:
                continue
            built = _tied(
                replace(_variant(entry, options, answer, base, base_acc, fills), combinations=combos),
                variants,
                base,
                cat,
            )
            if built is not None:
                variants.append(built)
    move_wide = tuple((v["code"], v["message"]) for v in empty["violations"] if v["code"] in MOVE_WIDE)
    return Space(tuple(variants), tuple(not_built), base_acc, template, move_wide, base_step)


def _tied(v: Variant, built: list[Variant], base: MoveRequest, cat: Catalog) -> Variant | None:
    """A variant whose design the search picked, priced with what it is tied to: the Element it names on this move
    (its share of that Element's cost, whether it voids that Element's damage), and each variant of the entries it
    requires (those it is illegal with). None: it is never legal with what it names."""
    picked = [o for o in v.entry.options if o.picks is not None and o.name in dict(v.options)]
    if not picked:
        return v
    for opt in picked:
        if opt.picks is None or not opt.picks.on_move:
            continue
        named = str(dict(v.options)[opt.name])  # the search's pick or the player's
        target = next((t for t in built if t.id == named), None)
        if target is None:
            return None  # an Element the search does not compose here: never on the move
        answer = priced(_with(base, [target.choice(1), v.choice(1)], cat), cat)
        costs = {e["id"]: e["cost"] for e in answer["entries"]}
        if any(_at(f["path"], v.id, answer) for f in answer["violations"]) or not costs.get(named):
            return None
        share = Fraction(costs[v.id] / costs[named]).limit_denominator(8)
        # The pricing core reports the damage with the guarded Element apart when it differs (000 L4753).
        v = replace(v, names=named, voids_damage=answer.get("damage_with_perfect_hit") is not None)
        if target.max_times == 1:  # a fixed worth: half slots, rounded away from nothing (the model's relaxation)
            worth = share * target.halves
            v = replace(v, halves=math.floor(worth) if worth < 0 else math.ceil(worth))
        else:
            v = replace(v, share=share, halves=0)
    refused, judged = set(), {}
    for parent in (t for t in built if t.id in v.entry.requires.entries):
        # Parents that differ only in numbers or free text are judged once, by their enumerated choices.
        kinds = {o.name: o.type for o in parent.entry.options}
        key = (parent.id, tuple((n, x) for n, x in parent.options if kinds.get(n) == "choice"))
        if key not in judged:
            answer = priced(_with(base, [parent.choice(1), v.choice(1)], cat), cat)
            judged[key] = any(_at(f["path"], v.id, answer) for f in answer["violations"])
        if judged[key]:
            refused.add(parent.design)
    return replace(v, refused_with=frozenset(refused))


def _at(path: str, ident: str, answer: dict[str, Any]) -> bool:
    """Whether a finding's path is that of the entry ``ident`` in a priced answer."""
    return any(e["id"] == ident and (path == e["path"] or path.startswith(e["path"] + ".")) for e in answer["entries"])


def _why_not_built(entry: Entry) -> str:
    if entry.takes_combinations:
        return "no combinations of Elements fit its allocation on this move"
    missing = [o.name for o in entry.options if o.required and o.default is None and o.type in ("entry", "entries")]
    return f"name its {', '.join(missing)} in the request's choices to have it built"
