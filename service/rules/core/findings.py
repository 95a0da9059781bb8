"""One findings envelope for every operation of every ruleset.

A finding is a rule the request breaks (``error``), something the Director may allow (``warning``) or a note
(``info``). ``path`` points into the request in one notation everywhere: ``moves[2].elements[0].id`` (dotted
field names, list indices in brackets). ``ref`` cites the rule text (``"001 L118"``). A rule a ruleset cannot decide
yet is ``Unsupported``: reported to the caller, never skipped in silence.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Severity(StrEnum):
    error = "error"
    warning = "warning"
    info = "info"


class Finding(BaseModel):
    model_config = ConfigDict(frozen=True)

    code: str = Field(description="Stable code of the rule, listed in the ruleset's validation codes.")
    severity: Severity
    path: str = Field(description="Where in the request: dotted field names, list indices in brackets.")
    message: str
    ref: str | None = Field(None, description="The rule text's line, e.g. `001 L118`.")


class Unsupported(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str = Field(description="The rule or option the ruleset cannot apply yet.")
    path: str
    reason: str


def path_of(*parts: str | int) -> str:
    """``path_of("moves", 2, "elements", 0, "id")`` → ``moves[2].elements[0].id``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out
