"""The one loader of the rulesets' data files: what it returns, and a failure that names the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from service.rules.core.models import Record
from service.rules.core.tables import TableError, read_rows, read_table, read_yaml


class _Row(Record):
    id: str
    cost: int


def test_a_table_is_read_into_its_model(tmp_path: Path) -> None:
    path = tmp_path / "row.yaml"
    path.write_text("id: jab\ncost: 3\n", encoding="utf-8")
    assert read_table(path, _Row) == _Row(id="jab", cost=3)
    assert read_rows(path, TypeAdapter(dict[str, str | int])) == {"id": "jab", "cost": 3}


def test_bad_yaml_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("id: [jab\n", encoding="utf-8")
    with pytest.raises(TableError, match=r"^broken\.yaml: not valid YAML"):
        read_yaml(path)


def test_a_row_that_does_not_fit_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "row.yaml"
    path.write_text("id: jab\ncost: 3\nextra: 1\n", encoding="utf-8")
    with pytest.raises(TableError, match=r"(?s)^row\.yaml: .*extra"):
        read_table(path, _Row)


def test_a_missing_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(TableError, match=r"missing\.yaml: cannot be read"):
        read_yaml(tmp_path / "missing.yaml")
