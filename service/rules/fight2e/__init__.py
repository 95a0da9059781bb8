"""Fight! 2nd Edition (source ``000`` in ``shared/seeds``)."""

from __future__ import annotations

from ..registry import RulesetInfo

RULESET = "fight2e"
# Bump on any change to rules code or data that changes an answer: it is part of every cache key.
VERSION = "0.1.1"

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
