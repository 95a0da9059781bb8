"""The shared data-pack helpers: a shipped pack loads and validates, a request's own pack wins over a named one,
and every value says where it comes from."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from service.rules.core.packs import PackError, Source, chosen, load_packs, pack_catalogue, pack_names


class Row(BaseModel):
    id: str
    value: int
    source: Source


class Pack(BaseModel):
    rows: list[Row]


def _write(folder: Path, name: str, text: str) -> None:
    (folder / "packs").mkdir(exist_ok=True)
    (folder / "packs" / f"{name}.yaml").write_text(text)


ROW = "rows: [{id: a, value: %d, source: {ref: '002 L45'}}]\n"


def test_a_source_names_lines_or_a_ruling() -> None:
    assert Source(ref="002 L45–L47").ref == "002 L45–L47"
    assert Source(ruling="the text gives no figure").ruling
    with pytest.raises(ValidationError):
        Source()
    with pytest.raises(ValidationError):
        Source(ref="page 45")


def test_shipped_packs_load_by_name_and_need_a_default(tmp_path: Path) -> None:
    _write(tmp_path, "default", ROW % 1)
    _write(tmp_path, "house-rules", ROW % 2)
    packs = load_packs(tmp_path, Pack)
    assert sorted(packs) == ["default", "house-rules"]
    names = pack_names("Names", packs)
    assert names("house-rules") == "house-rules"
    with pytest.raises(ValueError):
        names("nope")
    assert chosen(names("house-rules"), None, packs).rows[0].value == 2
    own = Pack(rows=[Row(id="a", value=9, source=Source(ruling="the table's own"))])
    assert chosen(names("default"), own, packs) is own
    document, lookup = pack_catalogue(Pack, packs)
    assert document.build(None).rows[0].value == 1
    assert lookup.find("nope") is None


def test_a_broken_or_missing_pack_fails_loudly(tmp_path: Path) -> None:
    _write(tmp_path, "other", ROW % 1)
    with pytest.raises(PackError, match="default"):
        load_packs(tmp_path, Pack)
    _write(tmp_path, "default", "rows: [{id: a, value: 1}]\n")  # no source
    with pytest.raises(PackError, match=r"default\.yaml"):
        load_packs(tmp_path, Pack)
