"""The character catalogue: it loads, and its lists and chart are the book's (000 L704–L714, L997–L1063,
L1699–L1736), read straight from the book's text rather than from our data."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.rules.fight2e.catalogue.character_catalog import (
    CharacterCatalogError,
    character_catalog,
    load_character_catalog,
    normalise,
)
from service.rules.fight2e.catalogue.character_schema import SkillKind, TraitKind


def _cells(lines: list[str], first: int, last: int) -> set[str]:
    """Names in the book's two-column tables between two 1-based line numbers."""
    out = set()
    for line in lines[first - 1 : last]:
        if "\t" in line:
            out.update(c.strip() for c in line.split("\t") if c.strip())
    return out


def test_counts_match_the_digest() -> None:
    cat = character_catalog()
    assert len(cat.qualities) == 38
    assert len(cat.weaknesses) == 33
    assert len(cat.quirks) == 30
    assert sum(s.kind is SkillKind.narrative for s in cat.skills.values()) == 43
    assert {s.id for s in cat.skills.values() if s.kind is SkillKind.combat} == {
        "defense",
        "evasion",
        "tactics",
        "combo",
        "ki",
        "attack_string",
    }
    assert len(cat.defensive_responses) == 12
    assert {d.id for d in cat.defensive_responses.values() if not d.eligible} == {"counter", "interrupt"}


def test_quality_weakness_quirk_names_are_the_books(book_lines: list[str]) -> None:
    cat = character_catalog()
    assert _cells(book_lines, 999, 1017) == {q.name for q in cat.qualities.values()}
    assert _cells(book_lines, 1025, 1041) == {w.name for w in cat.weaknesses.values()}
    assert _cells(book_lines, 1049, 1063) == {q.name for q in cat.quirks.values()}


def test_skill_names_are_the_books(book_lines: list[str]) -> None:
    cat = character_catalog()
    start = next(i for i, line in enumerate(book_lines, 1) if i > 1690 and line.strip() == "Narrative Skills")
    narrative = _cells(book_lines, start, 1733)
    assert narrative == {s.name for s in cat.skills.values() if s.kind is SkillKind.narrative}
    assert {"Defense", "Combo", "Evasion", "Ki", "Tactics"} == _cells(book_lines, 1700, start - 1)


def test_power_level_chart_is_the_books(book_lines: list[str]) -> None:
    cat = character_catalog()
    rows = [line.split("\t") for line in book_lines[703:714] if line[:1].isdigit()]
    assert len(rows) == 8
    for pl, glory, supers, bonuses, det, full, life, spirit in rows:
        row = cat.power_levels[int(pl)]
        lo = glory.split("–")[0].rstrip("+")
        assert (row.glory_min or 0) == int(lo)
        total, _, single = bonuses.partition("/")
        assert (row.super_moves, row.combat_bonuses, row.det, row.full_defense, row.life_bar, row.fighting_spirit) == (
            int(supers),
            int(total),
            int(det),
            int(full.lstrip("+")),
            int(life),
            int(spirit),
        )
        if single:
            assert row.combat_bonus_max_single == int(single)
    # ruling A-16: single-category maximum 1 at PL 2 and 2 at PL 3 (000 L756)
    assert [cat.power_levels[k].combat_bonus_max_single for k in range(1, 11)] == [0, 1, 2, 2, 2, 2, 3, 3, 4, 5]
    assert [cat.power_levels[k].life_bar for k in (9, 10)] == [110, 120]


def test_schemes_are_the_books() -> None:
    s = character_catalog().schemes
    assert (
        s["standard"].csp_first,
        s["standard"].csp_per_advancement,
        s["standard"].nsp_first,
        s["standard"].nsp_per_advancement,
    ) == (5, 3, 15, 10)
    assert (s["hero"].csp_first, s["hero"].csp_per_advancement, s["hero"].nsp_first, s["hero"].nsp_per_advancement) == (
        10,
        5,
        5,
        5,
    )
    assert (
        s["support"].csp_first,
        s["support"].csp_per_advancement,
        s["support"].nsp_first,
        s["support"].nsp_per_advancement,
    ) == (2, 1, 25, 15)


def test_creation_only_and_conflicts() -> None:
    cat = character_catalog()
    creation_only = {t.name for t in (*cat.qualities.values(), *cat.weaknesses.values()) if t.creation_only}
    assert creation_only == {
        "Tall",
        "Short",
        "Runner",
        "Multiple Styles",
        "Mobility",
        "Mobile Grappler",
        "Light",
        "Jumper",
        "Borrow Identity",
        "Big",
    }  # 000 L914–L925
    pairs = {tuple(sorted(p)) for p in cat.conflicts}
    assert ("oblivious", "alertness") not in pairs and ("alertness", "oblivious") in pairs
    assert len(pairs) == 12  # digest §2.9
    assert cat.quality("Style Change").id == "multiple_styles"  # ruling A-7
    assert cat.skill("Gadgetry").id == "ki"
    assert cat.quirk("Cooking").id == "cooking" and cat.skill("Cooking").id == "cooking"  # separate namespaces


def test_every_trait_has_a_kind_and_a_one_line_summary() -> None:
    cat = character_catalog()
    for t in (*cat.qualities.values(), *cat.weaknesses.values()):
        assert t.kind in (TraitKind.quality, TraitKind.weakness)
        assert t.summary and "\n" not in t.summary
        assert normalise(t.name) == t.id


def test_a_malformed_file_fails_loading(tmp_path: Path) -> None:
    (tmp_path / "x.yaml").write_text("traits:\n  - {id: Bad Id, name: x, kind: quality, summary: s, ref: nope}\n")
    with pytest.raises(CharacterCatalogError):
        load_character_catalog(tmp_path)


def test_unknown_references_fail_loading(tmp_path: Path) -> None:
    (tmp_path / "x.yaml").write_text(
        'traits:\n  - {id: a, name: A, kind: quality, requires: [b], summary: s, ref: "000 L1000"}\n'
    )
    with pytest.raises(CharacterCatalogError, match="unknown trait"):
        load_character_catalog(tmp_path)
