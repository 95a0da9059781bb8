"""Hand-built Battle Royale characters for the tests (the text's pre-generated characters are held back)."""

from __future__ import annotations

import copy
from typing import Any

from service.rules.battleroyale.operations import examples


def carrie() -> dict[str, Any]:
    """Carrie Schatz as the creation walk-through builds her (003 L198–L301)."""
    return copy.deepcopy(examples("validate_character")["carrie-schatz"]["character"])


def codes(answer: Any) -> list[str]:
    return sorted(f.code for f in answer.violations)


def warning_codes(answer: Any) -> list[str]:
    return sorted(f.code for f in answer.warnings)
