"""Fight! 2nd Edition (source ``000`` in ``shared/seeds``)."""

from __future__ import annotations

from pathlib import Path

from ..core.versioning import derived_version
from ..registry import RulesetInfo

RULESET = "fight2e"
# Derived from the package version and a digest of this ruleset's code and data: part of every cache key.
VERSION = derived_version(Path(__file__).resolve().parent)

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
