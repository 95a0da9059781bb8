"""World of Ashes and Ghosts, combat chapter (source ``004`` in ``shared/seeds``): Sets of Effort dice, Initiative
bids, the buy-down of damage with Aura and Health, weapon advantages and Chakra awakening."""

from __future__ import annotations

from ..core.ruleset import Ruleset
from .identity import RULESET, SOURCE, TEXT, TITLE, VERSION

__all__ = ["RULESET", "TITLE", "VERSION", "ruleset"]


def ruleset() -> Ruleset:
    """The ashes record the adapters are generated from."""
    from .codes import render
    from .declared import coverage
    from .operations import DOCUMENTS, LOOKUPS, OPERATIONS

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
    )
