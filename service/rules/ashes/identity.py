"""Who this ruleset is: its id, title, derived version (part of every cache key) and its text's heading map."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import SourceText
from ..core.versioning import derived_version

RULESET = "ashes"
TITLE = "World of Ashes and Ghosts (combat chapter)"
SOURCE = "004"
HERE = Path(__file__).resolve().parent
VERSION = derived_version(HERE)

# References ("004 L61") are answered with the heading of the chapter they fall under (headings only, no text).
register_book(SOURCE, BookIndex(HERE / "data" / "book" / "sections.yaml"))

# The combat chapter (004 L4) of a game set in the World of Ashes and Ghosts (004 L7): the text gives no other
# title, and no edition, publisher or year.
TEXT = SourceText(title="World of Ashes and Ghosts", ref="004 L4, L7")
