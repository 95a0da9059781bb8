"""fight2e's coverage declarations (``data/coverage/declarations.yaml``): every ``unsupported`` id its code
can report is checked against them (``DECLARED.check``), and ``coverage()`` answers ``GET /v1/fight2e/coverage``."""

from __future__ import annotations

from pathlib import Path

from ..core.coverage import Coverage, load
from .identity import RULESET, VERSION

DECLARED = load(
    RULESET,
    "000",
    __package__ or "service.rules.fight2e",
    Path(__file__).parent,
)


def coverage() -> Coverage:
    return DECLARED.document(VERSION)
