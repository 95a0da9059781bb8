"""Print ``docs/validation-codes.md`` from the code registry (``make contracts``)."""

from __future__ import annotations

from . import moves_constraints  # noqa: F401  (registers the entry-specific codes)
from .codes import CODES


def render() -> str:
    lines = [
        "# fight2e validation codes",
        "",
        "Generated from `service/rules/fight2e/codes.py` by `make contracts`; a test keeps this file in step.",
        "Codes are stable: a code is never renamed or reused. `error` makes a build illegal; `warning` and `info`",
        "are returned alongside a legal build.",
        "",
        "| code | severity | meaning | book |",
        "|---|---|---|---|",
    ]
    for c in sorted(CODES.values(), key=lambda c: c.code):
        lines.append(f"| `{c.code}` | {c.severity} | {c.meaning} | {c.ref or ''} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
