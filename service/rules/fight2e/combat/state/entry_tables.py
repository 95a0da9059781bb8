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
V = TypeVar("V")


class _ByIdentity(Generic[V]):
    """What a table found for a move's entries, remembered per mapping object (a move's mapping is never changed
    once built; the memo holds it, so its id is not reused while remembered), bounded in bytes: an entry weighs a
    fixed estimate per item of its mapping and of its value, and past the budget the memo starts again."""

    def __init__(self) -> None:
        self._data: dict[int, tuple[Mapping[str, int], V]] = {}
        self.bytes = 0

    def get(self, entries: Mapping[str, int]) -> tuple[Mapping[str, int], V] | None:
        hit = self._data.get(id(entries))
        return hit if hit is not None and hit[0] is entries else None

    def put(self, entries: Mapping[str, int], value: V, items: int) -> None:
        weight = _ENTRY_BYTES + _ITEM_BYTES * (len(entries) + items)
        if self.bytes + weight > _MEMO_BYTES:
            self._data.clear()
            self.bytes = 0
        self._data[id(entries)] = (entries, value)
        self.bytes += weight

    def __len__(self) -> int:
        return len(self._data)


class EntryTable(Mapping[str, T], Generic[T]):
    """What each entry of a family grants at one named place of the turn (``point``)."""

    def __init__(self, point: str, table: Mapping[str, T], written: bool = True) -> None:
        if not table:
            raise ValueError(f"entry table {point!r} is empty")
        self.point = point
        self._table = dict(table)
        self.ids = frozenset(self._table)
        self._found: _ByIdentity[list[tuple[str, T]]] = _ByIdentity()
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
        hit = self._found.get(entries)
        if hit is not None:
            return hit[1]
        rows = [(e, v) for e, v in self._table.items() if entries.get(e, 0)]
        self._found.put(entries, rows, len(rows))
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
        self._grants: _ByIdentity[frozenset[G]] = _ByIdentity()

    def grants(self, entries: Mapping[str, int]) -> frozenset[G]:
        hit = self._grants.get(entries)
        if hit is not None:
            return hit[1]
        out: frozenset[G] = frozenset().union(*(flags for entry, flags in self._table.items() if entries.get(entry, 0)))
        self._grants.put(entries, out, len(out))
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
# Each table's memo of moves' entries (``_ByIdentity``) holds at most this many bytes, estimated per entry: a
# flood of distinct sheets cannot grow a worker past it (the tables are a few dozen).
_MEMO_BYTES = 256 * 1024
_ENTRY_BYTES = 400  # the memo's own tuple and slot, the value's container
_ITEM_BYTES = 120  # one item of a move's entry mapping (key, count, slot) or of the value (a row, a flag)


def tabled_entries() -> frozenset[str]:
    """Every catalogue entry id some table applies."""
    return frozenset(e for t in _TABLES for e in t)


def count() -> int:
    return len(_TABLES)


def tables() -> tuple[EntryTable[Any], ...]:
    return tuple(_TABLES)
