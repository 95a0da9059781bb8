"""One findings envelope for every operation of every ruleset.

A finding is a rule the request breaks (``error``), something the Director may allow (``warning``) or a note
(``info``); each finding says its ``severity`` and also sits in the answer's list of that severity
(``violations``, ``warnings``, ``info``). A rule a ruleset cannot decide yet is ``Unsupported``: reported to the
caller, never skipped in silence.

``path`` points into the request, in one notation for every operation (and for malformed-input problems):

- fields by name, joined with dots: ``fighter.sheet.power_level``;
- list items by index in brackets: ``moves[2].elements[0].id``;
- map entries by key, as a JSON string in brackets: ``decisions["T1.aya.defense"].target``,
  ``fight.sides["aya"]``, ``rolls["T1.aya.defense"]`` (keys may hold dots, so they are never dotted);
- the empty string is the request as a whole.

``key`` is the decision or roll key a combat finding is about, verbatim, so a client can answer it without parsing
``path``; it is null in every other operation. ``ref`` names the book's chapter and section a player can look up in
any copy of the book (see ``references.py``), with our text copy's line as a secondary field.
"""

from __future__ import annotations

import json
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from .references import Ref


class Severity(StrEnum):
    error = "error"
    warning = "warning"
    info = "info"


class Finding(BaseModel):
    """A rule the request breaks, something the Director must allow, or a note."""

    model_config = ConfigDict(frozen=True)

    code: str = Field(description="Stable code of the rule, listed in the ruleset's validation codes.")
    severity: Severity = Field(
        description="`error` breaks the rules; `warning` needs the Director's approval or attention; `info` is a note."
    )
    path: str = Field(
        description="Where in the request: fields joined with dots, list indices in brackets, map "
        'keys as JSON strings in brackets (`decisions["T1.aya.defense"].target`); empty for the '
        "whole request."
    )
    key: str | None = Field(None, description="The decision or roll key concerned (combat only), when there is one.")
    message: str
    ref: Ref | None = Field(None, description="Where the rule stands in the book; null for a check the service adds.")


class Unsupported(BaseModel):
    """A rule the ruleset cannot apply yet, reported instead of being skipped."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="The rule, entry or option the ruleset cannot apply yet.")
    path: str = Field(description="Where in the request it was met, in the notation of findings.")
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


def map_key(key: str) -> str:
    """A map entry's path segment: ``map_key("T1.aya.defense")`` → ``["T1.aya.defense"]``."""
    return f"[{json.dumps(key, ensure_ascii=False)}]"
