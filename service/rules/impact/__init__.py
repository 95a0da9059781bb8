"""Impact (source ``001`` in ``shared/seeds``): a d6 fighting system of Power, Speed and Tactics per side,
maneuvers, Setup Points, Stamina, bridging and grappling."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import Ruleset
from ..core.versioning import derived_version

RULESET = "impact"
TITLE = "Impact"
VERSION = derived_version(Path(__file__).resolve().parent)

register_book("001", BookIndex(Path(__file__).resolve().parent / "data" / "book" / "sections.yaml"))


def ruleset() -> Ruleset:
    from .codes import render
    from .declared import coverage
    from .operations import DOCUMENTS, LOOKUPS, OPERATIONS

    return Ruleset(
        id=RULESET,
        title=TITLE,
        source="001",
        version=VERSION,
        operations=OPERATIONS,
        catalogue=DOCUMENTS,
        lookups=LOOKUPS,
        validation_codes=render,
        coverage=coverage,
    )
