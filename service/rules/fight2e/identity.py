"""Who this ruleset is: its id, title and derived version (part of every cache key), and its book's index."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.versioning import derived_version

RULESET = "fight2e"
TITLE = "Fight! 2nd Edition"
# Derived from the package version and a digest of this ruleset's code and data: part of every cache key.
VERSION = derived_version(Path(__file__).resolve().parent)

# Book references ("000 L4131") are answered with the chapter and section they fall in (headings only, no text).
register_book("000", BookIndex(Path(__file__).resolve().parent / "data" / "book" / "sections.yaml"))
