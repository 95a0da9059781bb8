"""The combat codes table is data (data/combat/codes.yaml), read and checked once."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from service.rules.fight2e.combat.contract.codes import CODES, load_codes


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "codes.yaml"
    path.write_text("codes:\n" + body, encoding="utf-8")
    return path


def test_the_shipped_table_loads_with_every_code_the_resolver_names() -> None:
    assert CODES["INTERNAL_STATE"].severity == "error"
    assert CODES["ROLL_NOT_USED"].severity == "warning" and CODES["ROLL_NOT_USED"].ref == "000 L6331"


@pytest.mark.parametrize(
    "body",
    [
        "  - {code: X, severity: fatal, meaning: m}\n",  # no such severity
        "  - {code: lower_case, severity: error, meaning: m}\n",
        "  - {code: X, severity: error, meaning: m, colour: red}\n",
        "  - {code: X, severity: error}\n",
    ],
)
def test_a_malformed_row_fails_the_load(tmp_path: Path, body: str) -> None:
    with pytest.raises(ValidationError):
        load_codes(_write(tmp_path, body))


def test_a_code_given_twice_fails_the_load(tmp_path: Path) -> None:
    row = "  - {code: X, severity: error, meaning: m}\n"
    with pytest.raises(ValueError, match="twice"):
        load_codes(_write(tmp_path, row + row))
