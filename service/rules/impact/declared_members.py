"""The registry impact's coverage reads (named in ``data/coverage/declarations.yaml``): the default pack's
maneuvers (applied by the turn), each with its text line."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.coverage import Member
from .pack import PACKS


def _line(ref: object) -> str | None:
    return str(ref).split(",")[0] if ref else None


def applied_maneuvers() -> Iterator[Member]:
    """The maneuvers of the shipped default pack: the turn resolves each."""
    for m in PACKS["default"].maneuvers:
        ref = m.source.ref or next(iter(m.from_text.values()), None)
        yield Member(m.id, m.name, _line(ref))
