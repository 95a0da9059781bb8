"""Who this ruleset is: its id, title, derived version (part of every cache key) and its text's heading map."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import SourceText
from ..core.versioning import derived_version

RULESET = "impact"
TITLE = "Impact"
VERSION = derived_version(Path(__file__).resolve().parent)

# "001 L300" references are answered with the heading they fall under (headings only, no text).
register_book("001", BookIndex(Path(__file__).resolve().parent / "data" / "book" / "sections.yaml"))

# The text names itself (001 L316) and states no edition, publisher or year.
TEXT = SourceText(title="Impact", ref="001 L316")
