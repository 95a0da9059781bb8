"""Sets: Effort dice showing one face, named by their keys. Rank is how many, Facing the face (004 L10, L50)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from operator import itemgetter
from typing import NamedTuple


class _Set(NamedTuple):  # built by the dozen each turn: a tuple is the cheapest to make
    keys: tuple[str, ...]
    rank: int
    facing: int


class DiceSet(_Set):
    """A Set; read as a ``best`` score reads a candidate (``state.Scored``): its dice, and no weapon's advantage."""

    __slots__ = ()
    dice = property(itemgetter(0))  # ``keys``, read without a Python call
    advantage = False


# ``DiceSet(keys, rank, facing)`` without its Python call: the tuple made as the named tuple's own ``__new__`` makes it
_made: Callable[[tuple[tuple[str, ...], int, int]], DiceSet] = partial(tuple.__new__, DiceSet)


def read_set(keys: Sequence[str], free: Mapping[str, int]) -> DiceSet | str:
    """The Set the keys make from the fighter's unspent dice, or why they make none."""
    if not keys:
        return "A Set needs at least one die."
    if len(set(keys)) != len(keys):
        return "A die is named twice."
    unknown = [k for k in keys if k not in free]
    if unknown:
        return f"{unknown[0]} is not one of the fighter's unspent Effort dice."
    faces = {free[k] for k in keys}
    if len(faces) != 1:
        return "A Set's dice all show the same face."
    return DiceSet(tuple(keys), len(keys), faces.pop())


def read_bid(keys: Sequence[str], free: Mapping[str, int]) -> tuple[str, ...] | str:
    """A bid: any of the fighter's rolled dice, each once (digest D4: its value is the sum of their faces)."""
    if len(set(keys)) != len(keys):
        return "A die is named twice."
    unknown = [k for k in keys if k not in free]
    return f"{unknown[0]} is not one of the fighter's rolled Effort dice." if unknown else tuple(keys)


def groups(free: Mapping[str, int]) -> list[DiceSet]:
    """Every face's dice as one Set, highest total first: the Sets a decision offers (smaller ones may be sent)."""
    by_face: dict[int, list[str]] = defaultdict(list)
    for key, face in free.items():
        by_face[face].append(key)
    found = [_made((tuple(keys), len(keys), face)) for face, keys in by_face.items()]
    return sorted(found, key=_RANK_FACING, reverse=True)


def singles(free: Mapping[str, int]) -> list[DiceSet]:
    """One die of each face, highest first (the Rank 1 Sets a decision offers)."""
    return singles_of(groups(free))


def singles_of(found: list[DiceSet]) -> list[DiceSet]:
    """``singles`` of the dice whose ``groups`` are ``found``."""
    return [_made((s.keys[:1], 1, s.facing)) for s in sorted(found, key=_FACING, reverse=True)]


_RANK_FACING, _FACING = itemgetter(1, 2), itemgetter(2)  # a DiceSet's (rank, facing), its facing


class Grouped:
    """The Sets of some unspent dice as the offers list them, each list worked out when first read (shared: read,
    never changed): ``groups``; ``singles``; ``ranked``, both with a Set listed once, highest ``total`` first (the
    order of an action's or a defence's offers)."""

    __slots__ = ("_ranked", "_singles", "groups", "total")

    def __init__(self, free: Mapping[str, int], total: Callable[[int, int], int]) -> None:
        self.groups, self.total = groups(free), total
        self._singles: list[DiceSet] | None = None
        self._ranked: list[DiceSet] | None = None

    @property
    def singles(self) -> list[DiceSet]:
        if self._singles is None:
            self._singles = singles_of(self.groups)
        return self._singles

    @property
    def ranked(self) -> list[DiceSet]:
        if self._ranked is None:
            # the groups, then a die of each group of two or more (a group of one is its own single, listed once
            # where the group is): equal totals keep that order, and singles never tie each other
            groups = self.groups
            sets = [*groups, *[_made((s.keys[:1], 1, s.facing)) for s in groups if s.rank > 1]]
            total = self.total
            self._ranked = sorted(sets, key=lambda s: total(s.rank, s.facing), reverse=True)
        return self._ranked
