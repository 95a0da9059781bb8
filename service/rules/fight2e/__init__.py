"""Fight! 2nd Edition (source ``000`` in ``shared/seeds``)."""

from __future__ import annotations

from ..core.ruleset import Ruleset
from .codes_doc import render
from .declared import coverage
from .documents import DOCUMENTS, LOOKUPS
from .identity import RULESET, TEXT, TITLE, VERSION
from .operations import OPERATIONS

__all__ = ["RULESET", "TITLE", "VERSION", "ruleset"]


def ruleset() -> Ruleset:
    """The fight2e record the adapters are generated from."""
    return Ruleset(
        id=RULESET,
        title=TITLE,
        text=TEXT,
        source="000",
        version=VERSION,
        operations=OPERATIONS,
        catalogue=DOCUMENTS,
        lookups=LOOKUPS,
        validation_codes=render,
        coverage=coverage,
    )
