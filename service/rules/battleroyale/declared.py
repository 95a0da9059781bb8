"""battleroyale's coverage declarations (``data/coverage/declarations.yaml``): every ``unsupported`` id its
code can report is checked against them (``DECLARED.check``), and ``coverage()`` answers
``GET /v1/battleroyale/coverage``."""

from __future__ import annotations

from pathlib import Path

from ..core.coverage import Coverage, load

DECLARED = load(
    "battleroyale",
    "003",
    __package__ or "service.rules.battleroyale",
    Path(__file__).parent,
)


def coverage() -> Coverage:
    from . import VERSION  # the package's face, read when asked (as the answers read it)

    return DECLARED.document(VERSION)
