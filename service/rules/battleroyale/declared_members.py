"""The registry battleroyale's coverage reads (named in ``data/coverage/declarations.yaml``): the sample Moves,
each applied in the fight, with its text line."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.coverage import Member
from .tables.records import moves


def applied_moves() -> Iterator[Member]:
    return (Member(f"move.{m.id}", m.name, m.ref.line) for m in moves().moves)
