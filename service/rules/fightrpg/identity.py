"""Who this ruleset is: its id, title, derived version (part of every cache key) and its text's heading map."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import SourceText
from ..core.versioning import derived_version

RULESET = "fightrpg"
TITLE = "Fight RPG"
VERSION = derived_version(Path(__file__).resolve().parent)

# "002 L45" references are answered with the heading they fall under (headings only, no text).
register_book("002", BookIndex(Path(__file__).resolve().parent / "data" / "book" / "sections.yaml"))

# The text names itself (002 L3) and states no edition, publisher or year.
TEXT = SourceText(title="Fight RPG", ref="002 L3")
