"""Who this ruleset is: its id, title, derived version (part of every cache key) and its text's heading map."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import SourceText
from ..core.versioning import derived_version

RULESET = "battleroyale"
TITLE = "Battle Royale (PDQ)"
SOURCE = "003"
HERE = Path(__file__).resolve().parent
VERSION = derived_version(HERE)  # package version + digest of this package

# "003 L…" references are answered with the part and section they fall in (headings only, no text).
register_book(SOURCE, BookIndex(HERE / "data" / "book" / "sections.yaml"))

# A playtest packet of Battle Royale, a game for the PDQ system (003 L2–L3); no publisher or year is stated.
TEXT = SourceText(title="Battle Royale", edition="playtest packet", ref="003 L2–L3")
