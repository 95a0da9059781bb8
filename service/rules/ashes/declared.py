"""ashes's coverage declarations (``data/coverage/declarations.yaml``): every ``unsupported`` id its code
can report is checked against them (``DECLARED.check``), and ``coverage()`` answers ``GET /v1/ashes/coverage``."""

from __future__ import annotations

from pathlib import Path

from ..core.coverage import Coverage, load
from .identity import RULESET, VERSION

DECLARED = load(
    RULESET,
    "004",
    __package__ or "service.rules.ashes",
    Path(__file__).parent,
)


def coverage() -> Coverage:
    return DECLARED.document(VERSION)
