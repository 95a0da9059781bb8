"""Fight RPG (source ``002`` in ``shared/seeds``): a token economy fed by a rolled Flexible Pool."""

from __future__ import annotations

from ..core.ruleset import Ruleset
from .identity import RULESET, TEXT, TITLE, VERSION

__all__ = ["RULESET", "TITLE", "VERSION", "ruleset"]


def ruleset() -> Ruleset:
    """The fightrpg record the adapters are generated from."""
    from .catalogue import DOCUMENTS, LOOKUPS
    from .codes import render
    from .declared import coverage
    from .operations import OPERATIONS

    return Ruleset(
        id=RULESET,
        title=TITLE,
        text=TEXT,
        source="002",
        version=VERSION,
        operations=OPERATIONS,
        catalogue=DOCUMENTS,
        lookups=LOOKUPS,
        validation_codes=render,
        coverage=coverage,
        type_prefixes=("Rpg",),
    )
