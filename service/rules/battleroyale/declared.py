"""battleroyale's coverage declarations (``data/coverage/declarations.yaml``): every ``unsupported`` id its
code can report is checked against them (``DECLARED.check``), and ``coverage()`` answers
``GET /v1/battleroyale/coverage``."""

from __future__ import annotations

from pathlib import Path

from ..core.coverage import Coverage, load
from .identity import VERSION

DECLARED = load(
    "battleroyale",
    "003",
    __package__ or "service.rules.battleroyale",
    Path(__file__).parent,
)


def coverage() -> Coverage:
    return DECLARED.document(VERSION)
