"""Appendix D (000 L10131–L10167): the damage of every Multi Hit / Increased Damage mix, read from the book and
compared with what pricing reports (die after Strength, flat bonus, minimum roll)."""

from __future__ import annotations

import pytest

from tests.conftest import price

# Which (Multi Hit, Increased Damage) instances each column of the chart stands for.
COLUMNS = {
    "MH 1 OR ID 1": [(1, 0), (0, 1)],
    "MH 1 AND ID 1": [(1, 1)],
    "MH 2": [(2, 0)],
    "MH 3 (MH 2 AND ID 1)": [(3, 0), (2, 1)],
    "MH 3 AND ID 1": [(3, 1)],
    "MH 4": [(4, 0)],
    "MH 5 (MH 4 AND ID 1)": [(5, 0), (4, 1)],
    "MH 5 AND ID 1": [(5, 1)],
    "MH 6": [(6, 0)],
    "MH 6 AND ID 1": [(6, 1)],
}


def chart(book_lines: list[str]) -> dict[int, dict[str, str]]:
    start = next(i for i, line in enumerate(book_lines) if line.startswith("DIE SIZE INCREASES"))
    header = book_lines[start].split("\t")[1:]
    rows: dict[int, dict[str, str]] = {}
    for line in book_lines[start + 1 : start + 17]:
        cells = line.split("\t")
        rows[int(cells[0].split(" ")[0])] = dict(zip(header, cells[1:], strict=True))
    return rows


def written(damage: dict) -> str:
    """Pricing's figures written the way the chart writes them: die, +bonus, [minimum]."""
    text = damage["die_with_strength"] + (f"+{damage['flat_bonus']}" if damage["flat_bonus"] else "")
    if text.count("+") == 2:  # 1d12+2 with a bonus of 1 reads 1d12+3
        die, a, b = text.split("+")
        text = f"{die}+{int(a) + int(b)}"
    return text + (f" [{damage['minimum_roll']}]" if damage["minimum_roll"] > 1 else "")


@pytest.mark.parametrize("strength", [-1, 0, 1, 2, 3])
def test_appendix_d_rows_reached_by_strength(book_lines: list[str], strength: int) -> None:
    """Rows −1 to 3 of the chart: a Special Move's 1d6 shifted by the attacker's Strength."""
    row = chart(book_lines)[strength]
    for column, mixes in COLUMNS.items():
        for multi, increased in mixes:
            elements = [{"id": "multi_hit", "times": multi}] if multi else []
            elements += [{"id": "increased_damage", "times": increased}] if increased else []
            r = price(level=6, elements=elements, fighter={"strength": strength})
            assert r.damage is not None
            assert written(r.damage.model_dump()) == row[column], (column, multi, increased)
