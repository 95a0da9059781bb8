"""Loads the fight2e catalogue from ``data/*.yaml`` once, validates it and indexes it.

A malformed data file raises :class:`CatalogError` at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from ...core.tables import read_sections
from .keywords import Plan, ordered, plans
from .records import (
    RECORDS,
    Family,
    Figure,
    Modifier,
    Point,
    Priced,
    Record,
    control_caps,
    lasting_problems,
    option_meanings,
    option_names,
    option_refs,
)
from .schema import KEYWORDS, Entry, FixedMove, Keyword, KeywordChanges, keyword_base
from .sheet_records import ActsLast, ForbidsChoice, SetsOption, group_problems, named_values

DATA_DIR = Path(__file__).parent.parent / "data"


class CatalogError(ValueError):
    """The data files do not form a valid catalogue."""


class Numbers(NamedTuple):
    """An entry's effects on the move's figures, per instance, flattened for the pricing loop."""

    accuracy: int
    vs_defense: int
    vs_evasion: int
    vs_tactics: int
    damage_steps: int
    stun_bonus: int
    glory: int
    ki_based: bool


class Lookup(NamedTuple):
    """An entry with what pricing reads of it on every move."""

    entry: Entry
    # Without design choices: cost per instance, keyword changes, own Combo keywords and the plans of the changes
    # that touch the move's keywords, fixed once.
    plain: tuple[float, tuple[KeywordChanges, ...], tuple[str, ...], tuple[Plan, ...]] | None
    numbers: Numbers | None
    # Its requirements and exclusions that say anything, as (kind, what) in the order they are checked; empty for
    # an entry with none.
    conditions: tuple[tuple[str, tuple], ...]
    # Whether a requirement names keywords (checked on the move built without the entry).
    by_keyword: bool
    # (list, move type) pairs it may be taken in without a finding: its own kind's list, its move types, and
    # none at all when it needs a campaign option.
    fits: frozenset[tuple[str, str]]
    # Whether it has a cost rule, constraints checked in code or needs the Director's approval.
    checked: bool


CONDITION_KINDS = (
    "entries",
    "any_entries",
    "keywords",
    "any_keywords",
    "excludes",
    "excludes_keywords",
    "campaign",
    "fighter",
)


def _conditions(e: Entry) -> tuple[tuple[str, tuple], ...]:
    found = []
    for kind in CONDITION_KINDS:
        what = getattr(e, kind) if kind.startswith("excludes") else getattr(e.requires, kind)
        if what:
            found.append((kind, tuple(what)))
    return tuple(found)


def _checked(e: Entry) -> bool:
    return bool(e.cost_rule or e.constraints or e.director_approval)


def _fits(e: Entry) -> frozenset[tuple[str, str]]:
    return frozenset() if e.campaign_option else frozenset((e.kind, t) for t in e.move_types)


@dataclass(frozen=True)
class Catalog:
    entries: dict[str, Entry]
    keywords: dict[str, Keyword]
    fixed_moves: dict[str, FixedMove]
    digest: str  # hash of the data files: part of ETags and cache keys
    children: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The effects of the entries that have any, flattened (the rest change no figure).
    numbers: dict[str, Numbers] = field(default_factory=dict)
    # Modifiers and the entries that act last: when one is on a move, its entries are put in order.
    placed_late: frozenset[str] = frozenset()
    # The entries whose keyword changes come after every other's (an ``acts_last`` record).
    acts_last: frozenset[str] = frozenset()
    # Every entry as pricing looks it up: the entry, its figures, and (without design choices) what it is taken as.
    lookup: dict[str, Lookup] = field(default_factory=dict)
    # Each entry's combat records (``rules:`` in the data files), for the entries that have any.
    records: dict[str, tuple[Record, ...]] = field(default_factory=dict)

    def elements(self) -> list[Entry]:
        return [e for e in self.entries.values() if e.kind == "element"]

    def liabilities(self) -> list[Entry]:
        return [e for e in self.entries.values() if e.kind == "liability"]


def _validate_refs(entries: dict[str, Entry]) -> list[str]:
    problems = []
    for e in entries.values():
        names = list(e.requires.entries) + [i for g in e.requires.any_entries for i in g] + list(e.excludes)
        if e.parent:
            names.append(e.parent)
            if e.parent not in e.requires.entries:
                problems.append(f"{e.id}: a modifier must require its base {e.parent}")
            if not e.id.startswith(e.parent + "."):
                problems.append(f"{e.id}: a modifier's id must be namespaced by its base {e.parent}")
        for name in names:
            if name not in entries:
                problems.append(f"{e.id}: refers to unknown entry {name!r}")
        for opt in e.options:
            for ch in opt.choices:
                if ch.keywords:
                    for kw in ch.keywords.add + ch.keywords.remove:
                        if keyword_base(kw) not in KEYWORDS:
                            problems.append(f"{e.id}: unknown keyword {kw!r}")
    return problems


def _plain(e: Entry) -> tuple[float, tuple[KeywordChanges, ...], tuple[str, ...], tuple[Plan, ...]]:
    return e.cost, (e.keywords,), tuple(ordered(set(e.keywords.entry_combo))), plans((e.keywords,))


def _split_rules(item: object) -> tuple[object, object]:
    """An entry's data without its ``rules:`` list, and the list (served entries do not carry it)."""
    if isinstance(item, dict) and "rules" in item:
        rest = {k: v for k, v in item.items() if k != "rules"}
        return rest, item["rules"]
    return item, None


def _option_problems(e: Entry, records: tuple[Record, ...]) -> list[str]:
    """Records read only the entry's own design options, and name only their values."""
    options = {o.name: {c.value for c in o.choices} for o in e.options}
    problems = [
        f"{e.id}: a record reads design option {name!r}, which the entry does not have"
        for name in sorted(option_names(records) - set(options))
    ]
    for ref in option_refs(records, choices_only=True):
        values = options.get(ref.option)
        if values and ref.default not in values:
            problems.append(f"{e.id}: {ref.default!r} is not a value of option {ref.option!r}")
    for name, named in named_values(records):
        strays = sorted(set(named) - options.get(name, set()))
        if strays:
            problems.append(f"{e.id}: a record names values option {name!r} lacks: {', '.join(strays)}")
    for cap in control_caps(records):
        strays = sorted({c.value for c in cap.levels} - options.get(cap.option, set()))
        if strays:
            problems.append(f"{e.id}: its cap names values option {cap.option!r} lacks: {', '.join(strays)}")
    for name, meaning in option_meanings(records).items():
        unread = sorted(options.get(name, set()) - meaning)
        if unread:
            problems.append(f"{e.id}: option {name!r} has choices a record cannot read: {', '.join(unread)}")
    return problems


def _accuracy_problems(e: Entry, records: tuple[Record, ...]) -> list[str]:
    """An entry's Accuracy records add up, whatever their conditions, to the figures pricing prints for the move
    against Defense, Evasion and Tactics (``effects``); records with a label of their own are extra."""
    acc = [r for r in records if isinstance(r, Modifier) and r.point is Point.accuracy and r.label is None]
    printed = e.effects
    problems = []
    for option in ("defense", "evasion", "tactics"):
        want = printed.accuracy + getattr(printed.accuracy_vs, option)
        got = sum(r.amount for r in acc if r.counts_vs(option))
        if got != want:
            problems.append(f"{e.id}: Accuracy records give {got:+d} against {option}, pricing prints {want:+d}")
    return problems


def _shows(e: Entry, figure: Figure) -> bool:
    """Whether the entry's data gives pricing something for that figure."""
    x = e.effects
    if figure is Figure.keywords:
        k = e.keywords
        return bool(k.add or k.remove or k.replace or any(c.keywords for o in e.options for c in o.choices))
    if figure is Figure.damage:
        return bool(x.damage_steps or x.damage_source or x.rule or e.cost_rule)
    if figure is Figure.stun:
        return bool(x.stun_bonus)
    if figure is Figure.glory:
        return bool(x.glory)
    return x.rule == "super_energy_cost"


def _priced_problems(e: Entry, records: tuple[Record, ...]) -> list[str]:
    """A ``priced`` record names only figures the entry's data gives pricing."""
    return [
        f"{e.id}: its 'priced' record names {f.value}, but the entry gives pricing nothing for it"
        for r in records
        if isinstance(r, Priced)
        for f in r.figures
        if not _shows(e, f)
    ]


def _check_records(e: Entry, records: tuple[Record, ...]) -> list[str]:
    return (
        _option_problems(e, records)
        + _accuracy_problems(e, records)
        + [f"{e.id}: {p}" for p in lasting_problems(records)]
        + _priced_problems(e, records)
    )


def load_catalog(data_dir: Path = DATA_DIR, check_refs: bool = True) -> Catalog:
    sections, digest = read_sections(
        sorted(data_dir.glob("*.yaml")), ("entries", "keywords", "fixed_moves"), CatalogError
    )
    problems: list[str] = []

    def build(model, key):
        out = {}
        for fname, item in sections[key]:
            try:
                obj = model.model_validate(item)
            except ValidationError as exc:
                ident = item.get("id") if isinstance(item, dict) else item
                problems.append(f"{fname}: {key} {ident!r}: {exc}")
                continue
            if obj.id in out:
                problems.append(f"{fname}: duplicate id {obj.id!r}")
            out[obj.id] = obj
        return out

    rules: dict[str, tuple[Record, ...]] = {}
    plain = []
    for fname, item in sections["entries"]:
        rest, raw = _split_rules(item)
        plain.append((fname, rest))
        if raw is None:
            continue
        ident = rest.get("id") if isinstance(rest, dict) else rest
        try:
            rules[str(ident)] = RECORDS.validate_python(raw)
        except ValidationError as exc:
            problems.append(f"{fname}: entries {ident!r}: rules: {exc}")
    sections = {**sections, "entries": plain}
    entries = build(Entry, "entries")
    for e in entries.values():
        problems += _check_records(e, rules.get(e.id, ()))
    problems += group_problems(
        {i: r for i, r in rules.items() if i in entries},
        {e.id: {c.code for c in e.constraints} for e in entries.values()},
    )
    problems += _settled_options(entries, rules)
    keywords = build(Keyword, "keywords")
    fixed = build(FixedMove, "fixed_moves")
    problems += [f"fixed move {m.id!r}: no entry {e!r}" for m in fixed.values() for e in m.elements if e not in entries]
    if check_refs:
        problems += _validate_refs(entries)
    if problems:
        raise CatalogError("invalid catalogue:\n" + "\n".join(problems))
    children: dict[str, list[str]] = {}
    for e in entries.values():
        if e.parent:
            children.setdefault(e.parent, []).append(e.id)
    headless = [i for i, found in rules.items() if any(isinstance(r, Family) for r in found) and i not in children]
    if headless:
        raise CatalogError(
            "invalid catalogue:\n" + "\n".join(f"{i}: a 'family' record needs versions" for i in headless)
        )
    numbers = {}
    for e in entries.values():
        x = e.effects
        n = Numbers(
            x.accuracy,
            x.accuracy_vs.defense,
            x.accuracy_vs.evasion,
            x.accuracy_vs.tactics,
            x.damage_steps,
            x.stun_bonus,
            x.glory,
            x.damage_source == "ki",
        )
        if any(n):
            numbers[e.id] = n
    last = frozenset(i for i, found in rules.items() if any(isinstance(r, ActsLast) for r in found))
    late = frozenset(e.id for e in entries.values() if e.parent) | last
    lookup = {
        e.id: Lookup(
            e,
            None if e.options else _plain(e),
            numbers.get(e.id),
            _conditions(e),
            bool(e.requires.keywords or e.requires.any_keywords),
            _fits(e),
            _checked(e),
        )
        for e in entries.values()
    }
    return Catalog(
        entries,
        keywords,
        fixed,
        digest,
        {k: tuple(v) for k, v in children.items()},
        numbers,
        late,
        last,
        lookup,
        {k: v for k, v in rules.items() if k in entries},
    )


@cache
def catalog() -> Catalog:
    """The catalogue shipped with the service, loaded once."""
    return load_catalog()


def _settled_options(entries: dict[str, Entry], rules: dict[str, tuple[Record, ...]]) -> list[str]:
    """A ``sets_option`` record must name an option of its entry's base entry (and one of its choices), a
    ``forbids_choice`` record one of the entry it names."""
    problems = []
    for ident, found in rules.items():
        for r in found:
            if not isinstance(r, SetsOption | ForbidsChoice):
                continue
            entry = entries.get(ident)
            if isinstance(r, ForbidsChoice):
                base = entries.get(r.entry)
            else:
                base = entries.get(entry.parent or "") if entry is not None else None
            option = next((o for o in base.options if o.name == r.option), None) if base is not None else None
            if option is None:
                problems.append(f"{ident}: {r.kind!r} names no option {r.option!r} of its entry")
            elif r.value is not None and option.choices and r.value not in {c.value for c in option.choices}:
                problems.append(f"{ident}: {r.kind!r} gives {r.option!r} {r.value!r}, not one of its choices")
    return problems
