"""fightrpg's coverage declarations (``data/coverage/declarations.yaml``): every ``unsupported`` id its code
can report is checked against them (``DECLARED.check``), and ``coverage()`` answers ``GET /v1/fightrpg/coverage``."""

from __future__ import annotations

from pathlib import Path

from ..core.coverage import Coverage, load
from .identity import RULESET, VERSION

DECLARED = load(
    RULESET,
    "002",
    __package__ or "service.rules.fightrpg",
    Path(__file__).parent,
)


def coverage() -> Coverage:
    return DECLARED.document(VERSION)
