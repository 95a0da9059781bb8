"""Fight! 2nd Edition (source ``000`` in ``shared/seeds``)."""

from __future__ import annotations

from pathlib import Path

from ..core.references import BookIndex, register_book
from ..core.ruleset import Ruleset
from ..core.versioning import derived_version
from ..registry import RulesetInfo

RULESET = "fight2e"
# Derived from the package version and a digest of this ruleset's code and data: part of every cache key.
VERSION = derived_version(Path(__file__).resolve().parent)

# Book references ("000 L4131") are answered with the chapter and section they fall in (headings only, no text).
register_book("000", BookIndex(Path(__file__).resolve().parent / "data" / "book" / "sections.yaml"))

INFO = RulesetInfo(
    id=RULESET,
    name="Fight! 2nd Edition",
    version=VERSION,
    source="000",
    operations=(
        "GET /v1/fight2e/catalog",
        "POST /v1/fight2e/moves/price",
        "POST /v1/fight2e/moves/price-batch",
        "POST /v1/fight2e/fighters/validate",
        "POST /v1/fight2e/combat/resolve-turn",
        "GET /v1/fight2e/catalog/qualities",
    ),
)


def ruleset() -> Ruleset:
    """The fight2e record the adapters are generated from (operations imported on first use)."""
    from .operations import OPERATIONS

    return Ruleset(id=RULESET, title=INFO.name, source=INFO.source, version=VERSION, operations=OPERATIONS)
