"""The fight2e catalogue as a whole: it loads, it matches the book's master lists, and bad data is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.rules.fight2e.catalogue.catalog import DATA_DIR, CatalogError, catalog, load_catalog
from service.rules.fight2e.catalogue.schema import KEYWORDS

CHAPTER_4 = (2024, 5346)  # 000 L2024–L5346
MASTER_LISTS = (2457, 2737)  # 000 L2457–L2737: Elements, Liabilities, and the Super-only additions
# "- Absorbs Attacks (1)", " - ▶ Absorb All Attacks (2)", "▶ Ends in Mid-Air (1)", "Breakthrough (1)"
ITEM = re.compile(r"^\s*(?:-\s*)?(?:▶\s*)?(?P<name>[^()]+?)\s*\((?P<cost>[^()]+)\)\s*$")
COSTLESS_HEADERS = {"Illusionary Doubles"}  # a family header without a price (000 L2529)
CAMPAIGN_ONLY = {"only_in_beast_form": 5321}  # listed only with the Transformations campaign option (000 L5321)


def master_list(book_lines: list[str]) -> list[tuple[str, str | None]]:
    """(name, list price) of every item of the master lists; None for a header without a price."""
    items: list[tuple[str, str | None]] = []
    for line in book_lines[MASTER_LISTS[0] - 1 : MASTER_LISTS[1]]:
        if m := ITEM.match(line):
            items.append((m["name"], m["cost"]))
        elif line.strip(" -▶") in COSTLESS_HEADERS:
            items.append((line.strip(" -▶"), None))
    return items


def _price_text(text: str) -> str:
    return text.replace("−", "-").replace("–", "-").replace("1/2", "½").replace(" ", "")


def _lines(ref: str) -> list[int]:
    return [int(n) for n in re.findall(r"L?(\d+)", ref.removeprefix("000 "))]


def test_catalogue_loads() -> None:
    cat = catalog()
    assert cat.entries and cat.keywords and cat.fixed_moves
    again = load_catalog()
    assert again.digest == cat.digest
    assert set(again.entries) == set(cat.entries)
    assert cat.elements() and cat.liabilities()
    assert len(cat.elements()) + len(cat.liabilities()) == len(cat.entries)


def test_master_list_count(book_lines: list[str]) -> None:
    """209 priced items plus the price-less Illusionary Doubles header, and the campaign-only Only in Beast Form."""
    items = master_list(book_lines)
    assert len([i for i in items if i[1] is not None]) == 209
    assert len(items) == 210
    assert len(catalog().entries) == len(items) + len(CAMPAIGN_ONLY)


def test_master_list_names_and_prices(book_lines: list[str]) -> None:
    """Each master-list item is the display name of an entry with the same list price; each entry is listed once."""
    by_name: dict[str, list[str]] = {}
    for e in catalog().entries.values():
        by_name.setdefault(e.name, []).append(e.id)
    unmatched = list(catalog().entries)
    for name, cost in master_list(book_lines):
        candidates = [i for i in by_name.get(name, []) if i in unmatched]
        assert candidates, f"master-list item {name!r} is not the name of an entry"
        if cost is not None:
            candidates = [i for i in candidates if _price_text(catalog().entries[i].list_cost) == _price_text(cost)]
            assert candidates, f"{name} ({cost}): no entry with that list price"
        unmatched.remove(candidates[0])
    assert unmatched == list(CAMPAIGN_ONLY)
    for ident, line in CAMPAIGN_ONLY.items():
        entry = catalog().entries[ident]
        assert _lines(entry.ref.line) == [line]
        assert f"{entry.name} (" in book_lines[line - 1]


def test_refs_lie_in_chapter_4() -> None:
    for e in catalog().entries.values():
        lines = _lines(e.ref.line)
        assert lines and all(CHAPTER_4[0] <= n <= CHAPTER_4[1] for n in lines), (e.id, e.ref.line)


def test_refs_start_at_the_entry_heading(book_lines: list[str]) -> None:
    """The first line of an entry's ref is its heading, e.g. "► NO BREAKFALL (½)" for No Breakfall."""
    aliases = {"evade_ranged": "Evasive Ranged"}  # the heading's spelling (000 L3310; digest part 1 ruling A10)

    def norm(text: str) -> str:
        return re.sub(r"[^A-Z0-9]", "", text.upper())

    for e in catalog().entries.values():
        heading = book_lines[_lines(e.ref.line)[0] - 1]
        assert norm(aliases.get(e.id, e.name)) in norm(heading), (e.id, e.ref.line, heading)


def test_modifier_ids_are_namespaced_by_their_parent() -> None:
    cat = catalog()
    for e in cat.entries.values():
        if e.parent:
            assert e.parent in cat.entries, e.id
            assert e.id.startswith(e.parent + "."), e.id
            assert e.parent in e.requires.entries, e.id
            assert e.id in cat.children[e.parent]
        if "." in e.id:
            assert e.id.rsplit(".", 1)[0] in cat.entries, e.id  # a dotted id names an entry of its family


def test_keywords_equal_the_schema() -> None:
    cat = catalog()
    assert list(cat.keywords) == list(KEYWORDS)
    assert {k: v.category for k, v in cat.keywords.items()} == KEYWORDS
    for kw in cat.keywords.values():
        assert all(CHAPTER_4[0] <= n <= CHAPTER_4[1] for n in _lines(kw.ref.line)), kw.id


def test_basic_move_is_a_fixed_move() -> None:
    basic = catalog().fixed_moves["basic_move"]
    assert (basic.kind, basic.level, basic.control, basic.accuracy, basic.damage) == ("basic", 1, 1, 0, "1d4")
    assert {"offensive", "normal", "stun", "knockback", "standard_range"} <= set(basic.keywords)
    assert "basic" in basic.combo
    assert basic.ref.line.startswith("000 L2074")


GOOD_ENTRY = """
  - id: sample
    name: Sample
    kind: element
    cost: 1
    list_cost: "1"
    summary: A sample.
    ref: "000 L3000"
"""

BAD_DATA = {
    "not YAML": "entries: [unclosed\n",
    "top level is a list": "- id: sample\n",
    "unknown section": "moves: []\n",
    "section is not a list": "entries: {id: sample}\n",
    "missing field": "entries:\n  - {id: sample, name: Sample, kind: element, cost: 1, list_cost: '1', summary: x}\n",
    "unknown field": "entries:" + GOOD_ENTRY + "    colour: red\n",
    "bad kind": "entries:" + GOOD_ENTRY.replace("kind: element", "kind: trait"),
    "bad id": "entries:" + GOOD_ENTRY.replace("id: sample", "id: Sample Entry"),
    "bad ref": "entries:" + GOOD_ENTRY.replace('"000 L3000"', '"page 123"'),
    "unknown keyword": "entries:" + GOOD_ENTRY + "    keywords: {add: [sparkly]}\n",
    "unknown required entry": "entries:" + GOOD_ENTRY + "    requires: {entries: [nothing_here]}\n",
    "duplicate id": "entries:" + GOOD_ENTRY + GOOD_ENTRY,
    "modifier without its base": "entries:"
    + GOOD_ENTRY
    + GOOD_ENTRY.replace("id: sample", "id: sample.child")
    + "    parent: sample\n",
    "fixed move carrying an unknown Element": "entries:"
    + GOOD_ENTRY
    + "fixed_moves:\n  - {id: sweep, name: Sweep, kind: basic, level: 2, control: 2, accuracy: 0, damage: 1d4,"
    + " keywords: [normal], elements: [sample, nothing_here], summary: x, ref: '000 L2107'}\n",
    "modifier not namespaced": "entries:"
    + GOOD_ENTRY
    + GOOD_ENTRY.replace("id: sample", "id: other")
    + "    parent: sample\n    requires: {entries: [sample]}\n",
}


def test_good_sample_loads(tmp_path: Path) -> None:
    (tmp_path / "10-sample.yaml").write_text("entries:" + GOOD_ENTRY, encoding="utf-8")
    assert list(load_catalog(tmp_path).entries) == ["sample"]


@pytest.mark.parametrize("text", list(BAD_DATA.values()), ids=list(BAD_DATA))
def test_malformed_data_is_refused(tmp_path: Path, text: str) -> None:
    (tmp_path / "10-sample.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError):
        load_catalog(tmp_path)


def test_a_bad_record_beside_the_real_data_is_refused(tmp_path: Path) -> None:
    """The shipped files plus one broken record: the whole catalogue is refused, naming the record."""
    for path in DATA_DIR.glob("*.yaml"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "99-bad.yaml").write_text("entries:" + GOOD_ENTRY.replace("cost: 1", "cost: lots"), encoding="utf-8")
    with pytest.raises(CatalogError, match="sample"):
        load_catalog(tmp_path)
