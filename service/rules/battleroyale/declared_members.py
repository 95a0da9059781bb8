"""The registries battleroyale's coverage reads (named in ``data/coverage/declarations.yaml``): the sample Moves
whose further effect on a fight is not applied, and those applied, each with its text line."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.coverage import Member
from .clash import NOT_APPLIED
from .tables import moves


def moves_not_applied() -> Iterator[Member]:
    return (Member(m.id, m.name, m.ref.line) for m in moves().moves if m.id in NOT_APPLIED)


def applied_moves() -> Iterator[Member]:
    return (Member(f"move.{m.id}", m.name, m.ref.line) for m in moves().moves if m.id not in NOT_APPLIED)
