"""Every code the turn resolver can report: stable, with severity, meaning and book reference. The table is data
(``data/combat/codes.yaml``), read and checked once when this module is imported."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, TypeAdapter

from ....codes import Code, Severity
from ....core.models import Record
from ....core.tables import read_sections

CODES_FILE = Path(__file__).resolve().parents[2] / "data" / "combat" / "codes.yaml"


class _Row(Record):
    code: str = Field(pattern=r"^[A-Z][A-Z0-9_]*$")
    severity: Severity
    meaning: str = Field(min_length=1)
    ref: str | None = None


def load_codes(path: Path = CODES_FILE) -> dict[str, Code]:
    """The codes of ``path`` by name, in the file's order; a malformed row or a code given twice fails the load."""
    sections, _ = read_sections([path], ("codes",))
    rows = TypeAdapter(list[_Row]).validate_python([item for _, item in sections["codes"]])
    out = {r.code: Code(r.code, r.severity, r.meaning, r.ref) for r in rows}
    if len(out) != len(rows):
        raise ValueError(f"{path.name}: a code is listed twice")
    return out


CODES: dict[str, Code] = load_codes()
