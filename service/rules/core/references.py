"""Book references users can look up: a line of our text copy named by the book's chapter and section.

A ruleset ships a map of the first line of each chapter and section of its text (headings and line numbers only,
never the text). Answers cite ``"000 L4131"``-style lines internally; callers get the chapter and section a
player finds in any copy of the book, with the line kept as a secondary field.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

_LINE = re.compile(r"\bL(\d+)")


@dataclass(frozen=True)
class Citation:
    chapter: str
    section: str | None
    line: str  # the reference as written in the code, e.g. "000 L4745–L4753"

    @property
    def title(self) -> str:
        """``"5 Combat › Resolving an Attack"``: what a reader looks for in the book."""
        return f"{self.chapter} › {self.section}" if self.section else self.chapter


@dataclass(frozen=True)
class BookIndex:
    path: Path

    @cached_property
    def _rows(self) -> tuple[tuple[int, ...], tuple[tuple[str, str | None], ...]]:
        rows = yaml.safe_load(self.path.read_text(encoding="utf-8"))["sections"]
        rows.sort(key=lambda row: row["line"])
        return tuple(row["line"] for row in rows), tuple((row["chapter"], row["section"]) for row in rows)

    def cite(self, ref: str) -> Citation | None:
        """The chapter and section of the first line a reference names; None when it names no line of the book."""
        match = _LINE.search(ref)
        if match is None:
            return None
        starts, headings = self._rows
        index = bisect.bisect_right(starts, int(match.group(1))) - 1
        if index < 0:
            return None
        chapter, section = headings[index]
        return Citation(chapter, section, ref)
