"""Toy Dice: an invented two-rule ruleset that exercises the seam (operations, catalogue, lookup, codes)."""

from __future__ import annotations

from pathlib import Path

from service.rules.core.ruleset import Ruleset
from service.rules.core.versioning import derived_version

RULESET = "toydice"
TITLE = "Toy Dice"
VERSION = derived_version(Path(__file__).resolve().parent)


def ruleset() -> Ruleset:
    from .rules import DOCUMENTS, LOOKUPS, OPERATIONS, codes

    return Ruleset(
        id=RULESET,
        title=TITLE,
        source="toy",
        version=VERSION,
        operations=OPERATIONS,
        catalogue=DOCUMENTS,
        lookups=LOOKUPS,
        validation_codes=codes,
    )
