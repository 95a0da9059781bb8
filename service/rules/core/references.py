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
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from .tables import read_yaml

_LINE = re.compile(r"\bL(\d+)")
_SOURCE = re.compile(r"^(\d{3}) ")


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
        rows = read_yaml(self.path)["sections"]
        rows.sort(key=lambda row: row["line"])
        return tuple(row["line"] for row in rows), tuple((row["chapter"], row["section"]) for row in rows)

    def headings(self) -> list[tuple[int, str, str | None]]:
        """(first line, chapter, section) of every heading, in the book's order."""
        starts, headings = self._rows
        return [(line, chapter, section) for line, (chapter, section) in zip(starts, headings, strict=True)]

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


class Ref(BaseModel):
    """A place in the book: its chapter and section, as printed in the book's table of contents."""

    model_config = ConfigDict(frozen=True)

    chapter: str = Field(description="The chapter, as numbered in the book, e.g. `5 Combat`.")
    section: str | None = Field(description="The section heading in that chapter; null before its first section.")
    line: str = Field(description="Secondary: the line numbers in the service's own text copy (e.g. `000 L5708`).")

    @property
    def title(self) -> str:
        """``"5 Combat › Resolving an Attack"``: what a reader looks for in the book."""
        return f"{self.chapter} › {self.section}" if self.section else self.chapter


def ref_text(ref: str | None) -> str:
    """A reference for documents: ``"5 Combat › Resolving an Attack (000 L5708)"``; the raw line when uncited."""
    cited = ref_of(ref)
    return f"{cited.title} ({cited.line})" if cited else (ref or "")


_BOOKS: dict[str, BookIndex] = {}
_REFS: dict[str, Ref | None] = {}
_DATA: dict[str, dict[str, str | None] | None] = {}


def register_book(source: str, index: BookIndex) -> None:
    """Make a ruleset's heading map the one that cites references to its text (``"000"`` for ``000 L…``)."""
    _BOOKS[source] = index


def book(source: str) -> BookIndex | None:
    """The heading map registered for a source (``"000"``), if any."""
    return _BOOKS.get(source)


def ref_of(ref: str | None) -> Ref | None:
    """The ``Ref`` a ``"000 L4131"``-style reference names (cached); None when it names no line of a known book."""
    if ref is None:
        return None
    try:
        return _REFS[ref]
    except KeyError:
        pass
    source = _SOURCE.match(ref)
    index = _BOOKS.get(source.group(1)) if source else None
    citation = index.cite(ref) if index else None
    out = Ref(chapter=citation.chapter, section=citation.section, line=ref) if citation else None
    _REFS[ref] = out
    return out


def ref_data(ref: str | None) -> dict[str, str | None] | None:
    """``ref_of`` as plain JSON-ready data, for answers built without models (cached; never mutate it)."""
    if ref is None:
        return None
    try:
        return _DATA[ref]
    except KeyError:
        pass
    cited = ref_of(ref)
    out = cited.model_dump() if cited else None
    _DATA[ref] = out
    return out


def _book_ref(value: object) -> object:
    if isinstance(value, str):
        cited = ref_of(value)
        if cited is None:
            raise ValueError(f"{value!r} names no line of a known book")
        return cited
    return value


# A catalogue record's reference: written ``"000 L4131"`` in the data, held and answered as a ``Ref`` (chapter,
# section and that line). A reference that names no line of the book fails loading.
BookRef = Annotated[Ref, BeforeValidator(_book_ref)]
