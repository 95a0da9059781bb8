"""Fight! 2nd Edition (source ``000`` in ``shared/seeds``)."""

from __future__ import annotations

from ...version import __version__
from ..registry import RulesetInfo

RULESET = "fight2e"
# The package's version (bump it on any change to rules code or data that changes an answer): it is part of every
# cache key, next to the catalogue digests.
VERSION = __version__

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
