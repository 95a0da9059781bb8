"""fight2e's section of ``docs/validation-codes.md``, from the code registries (``make contracts``)."""

from __future__ import annotations

from ..codes import markdown_table
from .combat.contract.codes import CODES as COMBAT_CODES
from .fighters.codes import render_markdown as fighter_table
from .moves import constraints as moves_constraints  # noqa: F401  (registers the entry-specific codes)
from .moves.codes import CODES
from .thugs.codes import THUG_CODES


def render() -> str:
    return "\n".join(
        [
            "# fight2e validation codes",
            "",
            "Generated from the code registries by `make contracts`; a test keeps this file in step. Codes are",
            "stable: a code is never renamed or reused. `error` makes a build illegal (or a turn invalid); `warning`",
            "and `info` come alongside a legal answer. Every finding carries its `severity`, a `path` into the",
            "request and a `ref`: the book's chapter and section (the `book` column), with the line of our text copy",
            "in brackets.",
            "",
            "## Moves (`POST /v1/fight2e/moves/price`, `service/rules/fight2e/moves/codes.py`)",
            "",
            markdown_table(list(CODES.values())),
            "## Fighters (`POST /v1/fight2e/fighters/validate`, `service/rules/fight2e/fighters/codes.py`)",
            "",
            'Each move on a sheet also carries the move codes above under `moves[i]`. "(history)" marks rules that',
            "need the sheet's history (`acquired_at_pl`, `skill_history`, `move_point_ledger`).",
            "",
            fighter_table(),
            "## Thugs (`POST /v1/fight2e/thugs/validate` and `thugs/validate-group`, `fight2e/thugs/codes.py`)",
            "",
            markdown_table(list(THUG_CODES.values())),
            "## Combat (`POST /v1/fight2e/combat/resolve-turn`, `service/rules/fight2e/data/combat/codes.yaml`)",
            "",
            markdown_table(list(COMBAT_CODES.values())),
        ]
    )
