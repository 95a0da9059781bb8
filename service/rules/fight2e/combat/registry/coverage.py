"""Which catalogue entries the turn resolver applies in combat — the one place to read it from.

An entry is applied when it has typed combat records in the catalogue data (``rules:``, read by ``records``) or a
registered rule element applies it: an ``elements.Element`` naming it, a hook at a named point of the attack or
the turn declaring it, or an entry table (``entry_tables``) with a row for it. ``IMPLEMENTED`` is derived from
that registry, never written by hand; every other entry on a move used in a turn is reported in the answer as
``unsupported`` with its path. The catalogue's ``combat`` field says the same (``combat_status``).

``OPTIONS_NOT_IMPLEMENTED`` names campaign options that are accepted but not resolved yet: turning one on is
reported as ``unsupported`` in every answer (none are left).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableMapping

from ...catalogue.catalog import catalog
from ...catalogue.records import AgainstThugs, Record
from . import elements
from .elements import handled_entries


def _main_turn_records() -> dict[str, tuple[Record, ...]]:
    """Each entry's records that act in the main turn (how it meets a Thug group is the Thug turns' business)."""
    out = {e: tuple(r for r in found if not isinstance(r, AgainstThugs)) for e, found in catalog().records.items()}
    return {e: found for e, found in out.items() if found}


def applied_entries() -> frozenset[str]:
    """The entries the resolver applies by registry: those with combat records in the catalogue data and those a
    registered rule element handles (``elements.handled_entries``)."""
    return frozenset(_main_turn_records()) | handled_entries()


def _applying() -> dict[str, str]:
    """Entry id → where it is applied (record kinds, element classes, named points, entry tables)."""
    places = elements.applying()
    out: dict[str, str] = {}
    for ident, found in _main_turn_records().items():
        out[ident] = ", ".join(sorted({f"record:{r.kind}" for r in found} | places.get(ident, frozenset())))
    for ident, where in places.items():
        out.setdefault(ident, ", ".join(sorted(where)))
    return dict(sorted(out.items()))


class _Implemented(MutableMapping[str, str]):
    """``applied_entries()`` as a mapping from entry id to where it is applied, read from the registry when first
    asked after a registration (the turn's modules register as they are imported). An entry taken out (a test
    doing so) stays out until put back."""

    def __init__(self) -> None:
        self._key: object = None
        self._table: dict[str, str] = {}
        self._out: set[str] = set()
        self._extra: dict[str, str] = {}

    def _read(self) -> dict[str, str]:
        key = (elements.generation(), id(catalog()))
        if key != self._key:
            self._key, self._table = key, _applying()
        return self._table

    def __getitem__(self, ident: str) -> str:
        if ident in self._out:
            raise KeyError(ident)
        return self._extra.get(ident) or self._read()[ident]

    def __setitem__(self, ident: str, where: str) -> None:
        self._out.discard(ident)
        if ident not in self._read():
            self._extra[ident] = where

    def __delitem__(self, ident: str) -> None:
        if ident not in self:
            raise KeyError(ident)
        self._extra.pop(ident, None)
        self._out.add(ident)

    def __contains__(self, ident: object) -> bool:
        return ident not in self._out and (ident in self._extra or ident in self._read())

    def __iter__(self) -> Iterator[str]:
        return iter([i for i in [*self._read(), *self._extra] if i not in self._out])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def missing(self, entries: Iterable[str]) -> list[str]:
        """Those of ``entries`` not applied, in their order (one registry look for a whole move)."""
        table = self._read()
        return [e for e in entries if e in self._out or (e not in table and e not in self._extra)]


IMPLEMENTED = _Implemented()

# Entries applied in part (not in IMPLEMENTED, so still ``unsupported`` in the catalogue): what is NOT applied is
# the message reported whenever such a move is used.
PARTLY_IMPLEMENTED: dict[str, str] = {}

OPTIONS_NOT_IMPLEMENTED: dict[str, str] = {
    # Done: dash, sidestep (with Hazards: a free Maneuver Check, hazards.py),
    # breakfall, tech_roll, aerial_blocks, voluntary_stay_down;
    # back_dash, double_jumps, air_dash and hover (with the Defense Total, and Air Dash / Hover movement);
    # wall_springs (the stage border as the Wall: Range 4, or band 1 or 6); super_jump (carried in ongoing_effects).
}

RULES_NOT_IMPLEMENTED: dict[str, str] = {
    "thug_thrashing": "Thug Thrashing inside a Dramatic turn (000 L7074): Thug groups, Life Saves, Thug Events and "
    "the extra actions are resolved in `thug_thrashing` turns only",
    "dramatic": "Dramatic Combat together with Thug Thrashing (000 L7074–L7076): Thug groups in a Dramatic turn "
    "are not on the turn spine yet (Dramatic Combat alone is resolved)",
}


def combat_status(entry_id: str) -> str:
    """What the catalogue's ``combat`` field should say for an entry."""
    return "implemented" if entry_id in IMPLEMENTED else "unsupported"


def counts() -> tuple[int, int]:
    """(implemented, unsupported) over the whole catalogue."""
    ids = catalog().entries
    done = sum(1 for i in ids if i in IMPLEMENTED)
    return done, len(ids) - done
