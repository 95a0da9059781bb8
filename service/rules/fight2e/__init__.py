"""Fight! 2nd Edition (source ``000`` in ``shared/seeds``)."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import Ruleset
from ..core.versioning import derived_version

RULESET = "fight2e"
TITLE = "Fight! 2nd Edition"
# Derived from the package version and a digest of this ruleset's code and data: part of every cache key.
VERSION = derived_version(Path(__file__).resolve().parent)

# Book references ("000 L4131") are answered with the chapter and section they fall in (headings only, no text).
register_book("000", BookIndex(Path(__file__).resolve().parent / "data" / "book" / "sections.yaml"))


def ruleset() -> Ruleset:
    """The fight2e record the adapters are generated from (imported on first use)."""
    from .codes_doc import render
    from .documents import DOCUMENTS, LOOKUPS
    from .operations import OPERATIONS

    return Ruleset(
        id=RULESET,
        title=TITLE,
        source="000",
        version=VERSION,
        operations=OPERATIONS,
        catalogue=DOCUMENTS,
        lookups=LOOKUPS,
        validation_codes=render,
    )
