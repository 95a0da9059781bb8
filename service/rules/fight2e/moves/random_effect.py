"""Random Effect combinations (000 L3938–L3968), read the same way by pricing and by combat.

A combination is written in the entry's ``combinations`` field: a list of combinations, each a list of entry
references with ``times`` and design choices (a Perfect Hit names its ``target``). The older short form, the
text option ``combinations`` (``;`` between combinations, ``,`` between ids, one id per instance), is still read.
"""

from __future__ import annotations

from typing import Any

from ..catalogue.catalog import catalog
from .models import EntryChoice, EntryRef, RandomCombination

TEXT_OPTION = "combinations"


_COMBINING: dict[str, frozenset[str]] = {}


def _combining() -> frozenset[str]:
    """The entries whose choice lists combinations (``takes_combinations``: Random Effect), once per catalogue."""
    cat = catalog()
    found = _COMBINING.get(cat.digest)
    if found is None:
        found = _COMBINING[cat.digest] = frozenset(e.id for e in cat.entries.values() if e.takes_combinations)
    return found


def combinations_of(choice: EntryChoice) -> list[RandomCombination]:
    """The entry's combinations: the structured field when given, else the text option, else none."""
    if choice.combinations is not None:
        return choice.combinations
    text = choice.options.get(TEXT_OPTION)
    if not isinstance(text, str):
        return []
    out = []
    for part in text.split(";"):
        counts: dict[str, int] = {}
        for ident in (p.strip() for p in part.split(",")):
            if ident:
                counts[ident] = counts.get(ident, 0) + 1
        if counts:
            entries = [EntryRef.model_construct(id=i, times=n, options={}, condition=None) for i, n in counts.items()]
            out.append(RandomCombination.model_construct(name=None, entries=entries))
    return out


def has_text_form(choice: EntryChoice) -> bool:
    return TEXT_OPTION in choice.options


# Work bound: each combination is priced as a move with the move's other entries, its other Random Effects
# included (000 L3944–L3948), so one move's pricings multiply: ∏ (1 + combinations) over its Random Effects.
_WORK_CAP = 10**9  # far above any bound a caller is allowed; keeps the product a small integer


def _combination_count(choice: Any) -> int:
    combos = _field(choice, "combinations")
    if isinstance(combos, list):
        return min(len(combos), 10)  # pricing reads the first ten (000 L3944)
    text = _field(_field(choice, "options"), TEXT_OPTION)
    return min(text.count(";") + 1, 10) if isinstance(text, str) else 0


def _field(item: Any, name: str) -> Any:
    """A field of a request model, a JSON object or a raw GraphQL input (read by attribute)."""
    if isinstance(item, dict):
        return item.get(name)
    fields = getattr(item, "__dict__", None)  # a model's fields: read without a failed attribute lookup
    if fields is not None:
        return fields.get(name)
    return getattr(item, name, None)


# Where moves sit in the requests: a move (``elements``), a batch (``moves``), a Fighter (``fighter.moves``), a turn
# (``fighters[].sheet.moves``), a simulation (``sides[].fighter.moves``). Only these fields are followed: walking
# every field of a request cost more than pricing a move.
_TOWARDS_MOVES = ("moves", "fighter", "fighters", "sheet", "sides")


def pricing_work(request: Any) -> int:
    """Pricings beyond one per move that the Random Effects of every move in ``request`` take (0 without any):
    read from the request before anything is priced, so a request over the bound is refused up front."""
    extra, stack = 0, [request]
    combining = _combining()
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
            continue
        elements = _field(item, "elements")
        if isinstance(elements, list):
            work = 1
            for choice in elements:
                if _field(choice, "id") in combining:
                    work = min(work * (1 + _combination_count(choice)), _WORK_CAP)
            extra = min(extra + work - 1, _WORK_CAP)
        for name in _TOWARDS_MOVES:
            child = _field(item, name)
            if child is not None and not isinstance(child, str | int | float | bool):
                stack.append(child)
    return extra
