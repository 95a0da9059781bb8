"""The record every ruleset uses for its stable validation codes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .core.references import ref_text

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class Code:
    code: str
    severity: Severity
    meaning: str
    ref: str | None = None


def markdown_table(codes: list[Code]) -> str:
    lines = ["| code | severity | meaning | book |", "|---|---|---|---|"]
    for c in sorted(codes, key=lambda c: c.code):
        lines.append(f"| `{c.code}` | {c.severity} | {c.meaning} | {ref_text(c.ref)} |")
    return "\n".join(lines) + "\n"
