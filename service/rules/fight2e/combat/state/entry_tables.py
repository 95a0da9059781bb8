"""Typed tables from a catalogue entry id to what the entry grants, each read by the one step that applies it.

Where a family of entries is applied in one place (the Response kinds moves grant, the movement grants, the Charge
conditions, the made Hazards …), that place reads a table: the key is the entry id, the value a typed description
of its effect. The step looks entries up in the table and never branches on an id string. A table is read from the
entries' typed records in the catalogue data (``of_records``: the Response kinds, the movement grants, the Combo
parts …); the rest are still written here, and the registry knows every entry such a table applies
(``tabled_entries``), so coverage is read from it.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, Mapping
from enum import StrEnum
from typing import Any, Generic, TypeVar

from ...catalogue.catalog import catalog

T = TypeVar("T")
R = TypeVar("R")


class EntryTable(Mapping[str, T], Generic[T]):
    """What each entry of a family grants at one named place of the turn (``point``)."""

    def __init__(self, point: str, table: Mapping[str, T], written: bool = True) -> None:
        if not table:
            raise ValueError(f"entry table {point!r} is empty")
        self.point = point
        self._table = dict(table)
        self.ids = frozenset(self._table)
        self._found: dict[int, tuple[Mapping[str, int], list[tuple[str, T]]]] = {}
        if written:  # a table read from records is the records' (coverage reads them there)
            _TABLES.append(self)

    def __getitem__(self, entry: str) -> T:
        return self._table[entry]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def __contains__(self, entry: object) -> bool:
        return entry in self._table

    def items(self) -> ItemsView[str, T]:
        return self._table.items()

    def found(self, entries: Mapping[str, int]) -> list[tuple[str, T]]:
        """The table's rows for the entries a move has (``entries``: id → instances), in the table's order. Kept per
        set of entries (a move's are fixed), so a hot step pays a dictionary look-up."""
        hit = self._found.get(id(entries))
        if hit is not None and hit[0] is entries:
            return hit[1]
        rows = [(e, v) for e, v in self._table.items() if entries.get(e, 0)]
        if len(self._found) < _MEMO_SIZE:
            self._found[id(entries)] = (entries, rows)
        return rows

    def first(self, entries: Mapping[str, int]) -> T | None:
        """The first row (in the table's order) for an entry the move has, or None."""
        rows = self.found(entries)
        return rows[0][1] if rows else None

    def any_of(self, ids: frozenset[str]) -> bool:
        """A quick gate: whether any of ``ids`` (a fighter's entries, say) has a row."""
        return not self.ids.isdisjoint(ids)


G = TypeVar("G", bound=StrEnum)


class FlagTable(EntryTable[frozenset[G]]):
    """An entry table whose rows are sets of flags: what a move grants is the union of its entries' rows."""

    def __init__(self, point: str, table: Mapping[str, frozenset[G]], written: bool = True) -> None:
        super().__init__(point, table, written)
        self._grants: dict[int, tuple[Mapping[str, int], frozenset[G]]] = {}

    def grants(self, entries: Mapping[str, int]) -> frozenset[G]:
        hit = self._grants.get(id(entries))
        if hit is not None and hit[0] is entries:
            return hit[1]
        out: frozenset[G] = frozenset().union(*(flags for entry, flags in self._table.items() if entries.get(entry, 0)))
        if len(self._grants) < _MEMO_SIZE:
            self._grants[id(entries)] = (entries, out)
        return out


def read(kind: type[R]) -> dict[str, tuple[R, ...]]:
    """Every entry's records of one kind (``rules:`` in the catalogue data), in the catalogue's order."""
    out: dict[str, tuple[R, ...]] = {}
    for entry, records in catalog().records.items():
        found = tuple(r for r in records if isinstance(r, kind))
        if found:
            out[entry] = found
    return out


def of_records(point: str, kind: type[R], row: Callable[[tuple[R, ...]], T]) -> EntryTable[T]:
    """The table of what each entry's records of ``kind`` grant (``row`` of its records), in the catalogue's order."""
    return EntryTable(point, {e: row(found) for e, found in read(kind).items()}, written=False)


def flags_of_records(point: str, kind: type[R], row: Callable[[R], frozenset[G]]) -> FlagTable[G]:
    """The flag table of what each entry's records of ``kind`` grant (the union of ``row`` of its records)."""
    table = {e: frozenset().union(*(row(r) for r in found)) for e, found in read(kind).items()}
    return FlagTable(point, table, written=False)


_TABLES: list[EntryTable[Any]] = []
# Moves' entry mappings remembered per table, by identity (a move's mapping is never changed once built; the memo
# holds it, so its id is not reused while remembered); bounded against what many requests' sheets can grow.
_MEMO_SIZE = 4096


def tabled_entries() -> frozenset[str]:
    """Every catalogue entry id some table applies."""
    return frozenset(e for t in _TABLES for e in t)


def count() -> int:
    return len(_TABLES)


def tables() -> tuple[EntryTable[Any], ...]:
    return tuple(_TABLES)
