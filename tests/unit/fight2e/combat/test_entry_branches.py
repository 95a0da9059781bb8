"""scripts/combat_entry_branches.py: which branch points of the combat core are entry-keyed, and how their
outcomes are counted from a coverage.py JSON report."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
_spec = importlib.util.spec_from_file_location("combat_entry_branches", ROOT / "scripts" / "combat_entry_branches.py")
assert _spec is not None and _spec.loader is not None
branches = importlib.util.module_from_spec(_spec)
sys.modules["combat_entry_branches"] = branches
_spec.loader.exec_module(branches)

IDS = frozenset({"throw", "throw.hurl", "buff", "ranged"})
SOURCE = """\
HURLS = ("throw.hurl",)
OTHER = "not an entry"


def f(m, eid, kind):
    if m.has("throw"):  # line 6: a literal id
        pass
    elif any(m.has(x) for x in HURLS):  # line 8: through a module constant
        pass
    if kind == OTHER:  # line 10: no entry named
        pass
    while eid in {"buff", "flight"}:  # line 12: one of the two is an entry
        break
    match eid:
        case "ranged":  # line 15: a case naming an entry
            pass
        case _:
            pass
"""


def test_points_are_the_branches_whose_condition_names_an_entry() -> None:
    points = branches.entry_keyed_points(SOURCE, "x.py", IDS)
    assert [(p.line, p.entries) for p in points] == [
        (6, ("throw",)),
        (8, ("throw.hurl",)),
        (12, ("buff",)),
        (15, ("ranged",)),
    ]


def test_outcomes_are_counted_from_the_report(tmp_path: Path) -> None:
    module = tmp_path / branches.COMBAT / "x.py"
    module.parent.mkdir(parents=True)
    module.write_text(SOURCE)
    rel = f"{branches.COMBAT.as_posix()}/x.py"
    # Line 6 both ways, line 8 one way of two, line 12 never reached, line 15 one of two; line 10 is not counted.
    report = {
        "files": {
            rel: {
                "executed_branches": [[6, 7], [6, 8], [8, 9], [10, 11], [15, 16]],
                "missing_branches": [[8, 10], [12, 13], [12, 14], [15, 17]],
            }
        }
    }
    t, partial = branches.tally(report, IDS, root=tmp_path)
    assert (t.outcomes_run, t.outcomes) == (4, 8)  # 2 + 1 + 0 + 1 run of 2 + 2 + 2 + 2
    assert (t.points, t.points_full, t.points_unreached) == (4, 1, 1)
    assert [(p.line, ran, of) for p, ran, of in partial] == [(8, 1, 2), (12, 0, 2), (15, 1, 2)]


def test_a_module_missing_from_the_report_counts_as_not_run(tmp_path: Path) -> None:
    module = tmp_path / branches.COMBAT / "x.py"
    module.parent.mkdir(parents=True)
    module.write_text(SOURCE)
    t, _ = branches.tally({"files": {}}, IDS, root=tmp_path)
    assert (t.outcomes_run, t.outcomes, t.points_unreached) == (0, 8, 4)


TABLES = """\
class Part(StrEnum):
    hurls = "hurls"


PARTS = FlagTable("part", {"throw.hurl": frozenset({Part.hurls})})


def hurls(m):
    return Part.hurls in PARTS.grants(m.entries)


def big(m):
    a = 1
    b = 2
    c = 3
    d = 4
    return PARTS.grants(m.entries)
"""
USES = """\
def g(m, kind):
    if m.hurls_too or hurls(m):  # line 2: a small helper reading the table
        pass
    if kind is Part.hurls:  # line 4: a row of the table
        pass
    if big(m):  # line 6: not a small helper
        pass
    if kind == "other":  # line 8: nothing
        pass
"""


def test_conditions_through_entry_tables_are_entry_keyed() -> None:
    keyed = branches.table_names({"t.py": TABLES, "u.py": USES}, IDS)
    assert keyed["PARTS"] == keyed["Part"] == keyed["hurls()"] == {"throw.hurl"}  # a helper counts when called
    assert "big()" not in keyed and "big" not in keyed  # five statements: not a small helper
    points = branches.entry_keyed_points(USES, "u.py", IDS, keyed)
    assert [(p.line, p.entries) for p in points] == [(2, ("throw.hurl",)), (4, ("throw.hurl",))]
