"""The working state of one move's pricing (``Move``, its ``Taken`` entries, its ``Findings``) and the registries
the catalogue's ``cost_rule:`` and ``constraints:`` names dispatch to (filled by ``moves_constraints``)."""

from __future__ import annotations

from collections.abc import Callable

from ...core.references import ref_data
from ..catalogue.catalog import Catalog, Numbers
from ..catalogue.keywords import SPECIAL_TEMPLATE, SUPER_TEMPLATE, SUPER_TEMPLATE_WITH_STUN, Plan
from ..catalogue.records import MoveTrait, Traits
from ..catalogue.schema import Entry, KeywordChanges
from ..catalogue.sheet_records import entries_with
from ..declared import DECLARED
from .codes import CODES
from .models import EntryChoice, MoveRequest

Pricer = Callable[[MoveRequest, Catalog | None], dict[str, object]]


class Taken:
    """An entry as it stands on this move."""

    __slots__ = ("changes", "choice", "combo", "entry", "flat", "path", "per_instance", "plans", "times")

    def __init__(
        self,
        entry: Entry,
        choice: EntryChoice,
        path: str,
        times: int,
        per_instance: float = 0.0,
        changes: tuple[KeywordChanges, ...] = (),
        combo: tuple[str, ...] = (),
        plans: tuple[Plan, ...] = (),
    ) -> None:
        self.entry = entry
        self.choice = choice
        self.path = path
        self.times = times
        self.per_instance = per_instance
        self.flat = 0.0  # a surcharge paid once, whatever the instances
        self.changes = changes  # the entry's keyword changes, then those of its chosen options
        self.combo = combo  # this entry's own Combo keywords (Initial, Final, Mixup)
        self.plans = plans  # those of its changes that touch the move's keywords, read for the keyword engine

    @property
    def cost(self) -> float:
        return self.per_instance * self.times + self.flat


class Findings:
    """Findings as plain data, shaped like the answer's ``Finding`` and ``Unsupported`` models."""

    __slots__ = ("info", "unsupported", "violations", "warnings")

    def __init__(self) -> None:
        self.violations: list[dict[str, object]] = []
        self.warnings: list[dict[str, object]] = []
        self.info: list[dict[str, object]] = []
        self.unsupported: list[dict[str, str]] = []

    def add(self, code: str, path: str, message: str, ref: str | None = None) -> None:
        spec = CODES[code]
        severity = spec.severity
        finding: dict[str, object] = {
            "code": code,
            "severity": severity,
            "path": path,
            "key": None,
            "message": message,
            "ref": ref_data(ref or spec.ref),
        }
        (self.violations if severity == "error" else self.warnings if severity == "warning" else self.info).append(
            finding
        )

    def unsupported_rule(self, entry_id: str, path: str, reason: str) -> None:
        DECLARED.check(entry_id, path)  # every id reported is declared in data/coverage/declarations.yaml
        self.unsupported.append({"id": entry_id, "path": path, "reason": reason})


class Move:
    """The working state of one pricing."""

    __slots__ = (
        "by_id",
        "cat",
        "checked",
        "conditioned",
        "found",
        "ids",
        "is_super",
        "keywords",
        "mixup",
        "noted",
        "numbered",
        "price",
        "reported_pairs",
        "request",
        "taken",
    )

    def __init__(self, request: MoveRequest, cat: Catalog, found: Findings, price: Pricer) -> None:
        self.request = request
        self.price = price  # the whole pricing, for an entry that prices a combination of its own (000 L3944)
        self.cat = cat
        self.found = found
        self.is_super = request.type == "super"
        self.taken: list[Taken] = []
        self.by_id: dict[str, Taken] = {}
        self.ids: set[str] = set()
        self.keywords: set[str] = set()
        self.reported_pairs: set[tuple[str, str]] = set()
        self.noted: set[str] = set()  # entries already given a ROSTER_RULE note
        # The entries that change a figure, with their effects (filled as the entries are collected).
        self.numbered: list[tuple[Taken, Numbers]] = []
        # The entries with requirements or exclusions: (entry, its conditions, whether any names keywords).
        self.conditioned: list[tuple[Taken, tuple[tuple[str, tuple], ...], bool]] = []
        self.checked: list[Taken] = []  # the entries with a cost rule or constraints, in the order they act
        self.mixup = False  # whether an entry's own Combo keywords include Mixup

    def has(self, entry_id: str) -> bool:
        return entry_id in self.ids

    def times(self, entry_id: str) -> int:
        t = self.by_id.get(entry_id)
        return t.times if t else 0

    def cost_of(self, entry_id: str) -> float:
        t = self.by_id.get(entry_id)
        return t.cost if t else 0.0


_CARRYING: dict[tuple[str, type], frozenset[str]] = {}


def carrying(cat: Catalog, kind: type) -> frozenset[str]:
    """The entries of ``cat`` carrying a record of ``kind`` (sheet_records.py), worked out once per catalogue."""
    key = (cat.digest, kind)
    found = _CARRYING.get(key)
    if found is None:
        found = _CARRYING[key] = entries_with(dict(cat.records), kind)
    return found


_WITH_TRAIT: dict[tuple[str, MoveTrait], frozenset[str]] = {}


def with_trait(cat: Catalog, role: MoveTrait) -> frozenset[str]:
    """The entries of ``cat`` whose ``trait`` record gives a move ``role``, worked out once per catalogue."""
    key = (cat.digest, role)
    found = _WITH_TRAIT.get(key)
    if found is None:
        found = _WITH_TRAIT[key] = frozenset(
            e for e, records in cat.records.items() if any(isinstance(r, Traits) and role in r.traits for r in records)
        )
    return found


def times_with(move: Move, role: MoveTrait) -> int:
    """Instances on the move of the entries giving it ``role`` (Increased Damage's, Multi Hit's …)."""
    return sum(move.times(e) for e in with_trait(move.cat, role))


CostRule = Callable[[Move, Taken], float]
COST_RULES: dict[str, CostRule] = {}
Check = Callable[[Move, Taken], None]
# Entry constraints checked in code, keyed by (entry id, code) or by code alone for a generic check.
CHECKS: dict[tuple[str, str] | str, Check] = {}


def cost_rule(name: str) -> Callable[[CostRule], CostRule]:
    def register(fn: CostRule) -> CostRule:
        COST_RULES[name] = fn
        return fn

    return register


def check(code: str, entries: tuple[str, ...] = ()) -> Callable[[Check], Check]:
    """Register the check of constraint ``code`` for each of the ``entries`` that declare it in the catalogue, or for
    every entry declaring ``code`` when none is named."""

    def register(fn: Check) -> Check:
        for entry in entries:
            CHECKS[(entry, code)] = fn
        if not entries:
            CHECKS[code] = fn
        return fn

    return register


def option_on(move: Move, option: str) -> bool:
    """A campaign option as this move's owner has it: from the campaign, or from his own Technique Quality
    (000 L1343, L2042)."""
    if getattr(move.request.campaign, option, False):
        return True
    fighter = move.request.fighter
    return fighter is not None and option in fighter.techniques


def template(move: Move) -> tuple[str, ...]:
    if not move.is_super:
        return SPECIAL_TEMPLATE
    return SUPER_TEMPLATE_WITH_STUN if move.request.campaign.super_stun else SUPER_TEMPLATE
