"""Impact (source ``001`` in ``shared/seeds``): a d6 fighting system of Power, Speed and Tactics per side,
maneuvers, Setup Points, Stamina, bridging and grappling."""

from __future__ import annotations

from ..core.ruleset import Ruleset
from .identity import RULESET, TEXT, TITLE, VERSION

__all__ = ["RULESET", "TITLE", "VERSION", "ruleset"]


def ruleset() -> Ruleset:
    """The impact record the adapters are generated from."""
    from .codes import render
    from .declared import coverage
    from .operations import DOCUMENTS, LOOKUPS, OPERATIONS

    return Ruleset(
        id=RULESET,
        title=TITLE,
        text=TEXT,
        source="001",
        version=VERSION,
        operations=OPERATIONS,
        catalogue=DOCUMENTS,
        lookups=LOOKUPS,
        validation_codes=render,
        coverage=coverage,
    )
