"""Battle Royale, martial arts for PDQ (source ``003`` in ``shared/seeds``)."""

from __future__ import annotations

from ..core.ruleset import Ruleset
from .identity import RULESET, SOURCE, TEXT, TITLE, VERSION

__all__ = ["RULESET", "TITLE", "VERSION", "ruleset"]


def ruleset() -> Ruleset:
    """The battleroyale record the adapters are generated from."""
    from .catalogue import DOCUMENTS, LOOKUPS
    from .codes import render
    from .declared import coverage
    from .operations import OPERATIONS  # imported on first use, not at start-up of unrelated code

    return Ruleset(
        id=RULESET,
        title=TITLE,
        text=TEXT,
        source=SOURCE,
        version=VERSION,
        operations=OPERATIONS,
        catalogue=DOCUMENTS,
        lookups=LOOKUPS,
        validation_codes=render,
        coverage=coverage,
        type_prefixes=("Royale",),
    )
