"""A Move Sub-Set, Multi-Part Move or Multi-Part Throw sequence must grow at every Power Level until complete
(000 L3755, L3780; the digest's V-56). History rule: it reads each move's ``acquired_at_pl``.

A sequence starts at its root Opening Move (or Opening Throw): a move carrying it that follows no other move. Its
members are the moves naming it, and, for a Multi-Part chain, the moves naming those in turn (000 L4666: every
link but the last carries the Opening Move for the next). Its full length is the root's ``sequence_length``. At
each Power Level after the root's, an incomplete sequence needs a new member; with several incomplete, one may go
without (000 L3755), never the same one two Power Levels running."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..catalogue.catalog import catalog
from ..catalogue.character_catalog import normalise
from .sheet import MoveState, Sheet

CODE = "INCOMPLETE_SEQUENCE_STALLED"


def _tables() -> tuple[dict[str, str], dict[str, str]]:
    """From the catalogue: the entries that open a sequence (they carry this rule) with the option giving its full
    length, and the Gated entries that join one with the option naming the move before them."""
    cat = catalog()
    openers = {
        e.id: next(o.name for o in e.options if o.type == "int")
        for e in cat.entries.values()
        if any(c.code == CODE for c in e.constraints)
    }
    followers = {
        e.id: next(o.name for o in e.options if o.type == "text")
        for e in cat.entries.values()
        if "gated" in e.keywords.add and any(o.type == "text" for o in e.options)
    }
    return openers, followers


@dataclass
class _Sequence:
    root: MoveState
    length: int
    start: int
    members: list[int] = field(default_factory=list)  # the Power Level each member was acquired at

    def held_before(self, pl: int) -> int:
        return sum(1 for m in self.members if m < pl)


def _option(m: MoveState, table: dict[str, str]) -> object | None:
    for c in (*m.move.elements, *m.move.liabilities):
        if c.id in table:
            return c.options.get(table[c.id])
    return None


def _opens(m: MoveState, openers: dict[str, str]) -> bool:
    return any(c.id in openers for c in (*m.move.elements, *m.move.liabilities))


def _names(m: MoveState) -> set[str]:
    return {normalise(x) for x in (m.move.name, m.move.id) if x}


def _sequences(s: Sheet) -> list[_Sequence] | None:
    """The sequences with their members' Power Levels; None when a move of one lacks its history."""
    openers, followers = _tables()
    previous = {m.index: normalise(str(v)) for m in s.moves if isinstance(v := _option(m, followers), str) and v}
    out = []
    for root in (m for m in s.moves if _opens(m, openers) and m.index not in previous):
        length = _option(root, openers)
        start = s.acq(root.move.acquired_at_pl)
        if not isinstance(length, int) or isinstance(length, bool):
            continue
        if start is None:
            return None
        seq = _Sequence(root, length, start)
        linked, frontier = {root.index}, _names(root)
        while frontier:
            joined = [m for m in s.moves if m.index not in linked and previous.get(m.index) in frontier]
            frontier = set()
            for m in joined:
                at = s.acq(m.move.acquired_at_pl)
                if at is None:
                    return None
                linked.add(m.index)
                seq.members.append(at)
                frontier |= _names(m)
        out.append(seq)
    return out


def check_sequence_growth(s: Sheet) -> None:
    sequences = _sequences(s)
    if sequences is None:
        s.found.skip(CODE, "acquired_at_pl on the moves of a sequence")
        return
    skipped_last: set[int] = set()
    for pl in range(2, s.f.power_level + 1):
        open_ = [q for q in sequences if q.start < pl and q.held_before(pl) < q.length]
        idle = [q for q in open_ if pl not in q.members]
        allowed = 1 if len(open_) > 1 else 0  # one may wait when several are incomplete (000 L3755)
        for n, q in enumerate(idle):
            again = q.root.index in skipped_last
            if n >= allowed or again:
                s.found.add(
                    CODE,
                    q.root.path,
                    f"{q.root.label}: its sequence ({q.held_before(pl)} of {q.length}) gains no move at PL {pl}"
                    + (" for the second Power Level running." if again else "."),
                    key=str(pl),
                )
        skipped_last = {q.root.index for q in idle}
