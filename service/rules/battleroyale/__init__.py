"""Battle Royale, martial arts for PDQ (source ``003`` in ``shared/seeds``)."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import Ruleset
from ..core.versioning import derived_version

RULESET = "battleroyale"
TITLE = "Battle Royale (PDQ)"
VERSION = derived_version(Path(__file__).resolve().parent)  # package version + digest of this package

# "003 L…" references are answered with the part and section they fall in (headings only, no text).
register_book("003", BookIndex(Path(__file__).resolve().parent / "data" / "book" / "sections.yaml"))


def ruleset() -> Ruleset:
    from .catalogue import DOCUMENTS, LOOKUPS
    from .codes import render
    from .declared import coverage
    from .operations import OPERATIONS  # imported on first use, not at start-up of unrelated code

    return Ruleset(
        id=RULESET,
        title=TITLE,
        source="003",
        version=VERSION,
        operations=OPERATIONS,
        catalogue=DOCUMENTS,
        lookups=LOOKUPS,
        validation_codes=render,
        coverage=coverage,
    )
