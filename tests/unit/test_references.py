"""Book references by chapter and section: the map points at the book's own headings."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.rules.core.references import BookIndex

SECTIONS = Path(__file__).resolve().parents[2] / "service" / "rules" / "fight2e" / "data" / "book" / "sections.yaml"
INDEX = BookIndex(SECTIONS)


@pytest.mark.parametrize(
    ("ref", "chapter", "section"),
    [
        # Set Up's Accuracy bonus sits in the Elements and Liabilities catalogue (heading at 000 L2739).
        ("000 L4131", "4 Basic Moves, Special Moves, and Super Moves", "Elements and Liabilities"),
        # The +1 for spare Control is part of resolving an attack (heading at 000 L5692).
        ("000 L5708", "5 Combat", "Resolving an Attack"),
        # The Battle Grid's last paragraph (the one in between, 000 L5690) is still in the Battle Maps section.
        ("000 L5690", "5 Combat", "Using Battle Maps in Combat"),
        # A range cites its first line: Perfect Hit is an Element.
        ("000 L4745–L4753", "4 Basic Moves, Special Moves, and Super Moves", "Elements and Liabilities"),
        # A Fighter's Power Level rules (heading at 000 L639).
        ("000 L643", "1 Character Generation", "Power Level"),
        # The first line of a section belongs to it, not to the one before (Keywords begin at 000 L2335).
        ("000 L2335", "4 Basic Moves, Special Moves, and Super Moves", "Keywords"),
        ("000 L2334", "4 Basic Moves, Special Moves, and Super Moves", "Special Moves"),
        # The combat summary appendix has no sections.
        ("000 L10223", "Appendix E: Combat Summary", None),
    ],
)
def test_cite_names_chapter_and_section(ref: str, chapter: str, section: str | None) -> None:
    citation = INDEX.cite(ref)
    assert citation is not None
    assert (citation.chapter, citation.section, citation.line) == (chapter, section, ref)


def test_front_matter_and_non_line_refs_have_no_citation() -> None:
    assert INDEX.cite("000 L12") is None  # the credits come before the first chapter
    assert INDEX.cite("campaign option") is None


def test_title_joins_chapter_and_section() -> None:
    assert INDEX.cite("000 L5708").title == "5 Combat › Resolving an Attack"  # type: ignore[union-attr]


def test_every_heading_stands_at_its_line_in_the_book(book_lines: list[str]) -> None:
    """Each mapped section's heading is the text of its line (blanked appendices excepted)."""
    starts, headings = INDEX._rows
    for line, (_chapter, section) in zip(starts, headings, strict=True):
        if section is not None:
            assert book_lines[line - 1].strip().lower() == section.lower(), (line, section)
