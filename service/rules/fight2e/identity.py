"""Who this ruleset is: its id, title and derived version (part of every cache key), and its book's index."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import SourceText
from ..core.versioning import derived_version

RULESET = "fight2e"
TITLE = "Fight! 2nd Edition"
# Derived from the package version and a digest of this ruleset's code and data: part of every cache key.
VERSION = derived_version(Path(__file__).resolve().parent)

# Book references ("000 L4131") are answered with the chapter and section they fall in (headings only, no text).
register_book("000", BookIndex(Path(__file__).resolve().parent / "data" / "book" / "sections.yaml"))

# The title page and the copyright notice (000 L2–L3, L15, L21, L56).
TEXT = SourceText(
    title="Fight!",
    edition="2nd Edition",
    publisher="Divine Madness Press",
    year=2019,
    ref="000 L2–L3, L15, L21, L56",
)
