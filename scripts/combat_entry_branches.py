"""The share of the combat core's entry-keyed branches that the test suite runs.

    python scripts/combat_entry_branches.py [build/coverage/combat.json] [--min PERCENT] [--list]

An entry-keyed branch is a branch point (``if``/``elif``, ``while``, a ``case`` of ``match``) of
``service/rules/fight2e/combat`` whose condition names a catalogue entry: a string literal that is an Element or
Liability id (``m.has("throw.hurl")``, ``eid in {"buff", "flight"}``), or a module-level constant whose value holds
one. The coverage.py JSON report that ``make test`` writes (branch coverage of ``combat/``) says which of each
point's outcomes ran; this script counts them:

- outcomes: every way out of an entry-keyed branch point (taken / not taken), and how many of them ran;
- points: entry-keyed branch points with every outcome run, and the ones never reached at all.

With ``--min`` it exits 1 when the outcome share is below that percentage; ``--list`` prints each point that still
has an outcome not run. The catalogue ids are read from the shipped data through the catalogue loader.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMBAT = Path("service/rules/fight2e/combat")
DEFAULT_REPORT = Path("build/coverage/combat.json")


def entry_ids() -> frozenset[str]:
    sys.path.insert(0, str(ROOT))
    from service.rules.fight2e.catalog import catalog

    cat = catalog()
    return frozenset(e.id for e in (*cat.elements(), *cat.liabilities()))


def _strings(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


@dataclass(frozen=True)
class Point:
    """One entry-keyed branch point: where it is and the entries its condition names."""

    path: str
    line: int
    entries: tuple[str, ...]


def entry_keyed_points(source: str, path: str, ids: frozenset[str]) -> list[Point]:
    """The branch points of one module whose condition names an entry id (directly or through a module constant)."""
    tree = ast.parse(source)
    constants: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        named = _strings(value) & ids
        for t in targets:
            if isinstance(t, ast.Name) and named:
                constants[t.id] = named
    points: list[Point] = []
    for node in ast.walk(tree):
        conditions: list[tuple[int, ast.AST]] = []
        if isinstance(node, ast.If | ast.While):
            conditions.append((node.lineno, node.test))
        elif isinstance(node, ast.Match):
            conditions += [(case.pattern.lineno, case.pattern) for case in node.cases]
        for line, cond in conditions:
            named = _strings(cond) & ids
            for name in _names(cond):
                named |= constants.get(name, set())
            if named:
                points.append(Point(path, line, tuple(sorted(named))))
    return sorted(points, key=lambda p: p.line)


@dataclass
class Tally:
    outcomes: int = 0
    outcomes_run: int = 0
    points: int = 0
    points_full: int = 0
    points_unreached: int = 0


def tally(report: dict, ids: frozenset[str], root: Path = ROOT) -> tuple[Tally, list[tuple[Point, int, int]]]:
    """Count the outcomes of every entry-keyed point from a coverage.py JSON report (with branch data)."""
    files = {str(Path(name).as_posix()): data for name, data in report["files"].items()}
    total = Tally()
    partial: list[tuple[Point, int, int]] = []
    for module in sorted((root / COMBAT).rglob("*.py")):
        rel = module.relative_to(root).as_posix()
        data = files.get(rel) or files.get(str(module))
        executed = {tuple(a) for a in (data or {}).get("executed_branches", [])}
        missing = {tuple(a) for a in (data or {}).get("missing_branches", [])}
        for point in entry_keyed_points(module.read_text(encoding="utf-8"), rel, ids):
            ran = sum(1 for a in executed if a[0] == point.line)
            left = sum(1 for a in missing if a[0] == point.line)
            if data is None or ran + left == 0:
                ran, left = 0, 2  # a module or line the report does not know: counted as two outcomes not run
            total.points += 1
            total.outcomes += ran + left
            total.outcomes_run += ran
            total.points_full += left == 0
            total.points_unreached += ran == 0
            if left:
                partial.append((point, ran, ran + left))
    return total, partial


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", nargs="?", type=Path, default=DEFAULT_REPORT)
    parser.add_argument("--min", type=float, default=None, help="fail below this share of outcomes run (percent)")
    parser.add_argument("--list", action="store_true", help="list the points with an outcome not run")
    args = parser.parse_args(argv)
    if not args.report.exists():
        print(f"no coverage report at {args.report}: run `make test` (or pytest with --cov-report=json:…)")
        return 2
    t, partial = tally(json.loads(args.report.read_text(encoding="utf-8")), entry_ids())
    share = 100.0 * t.outcomes_run / t.outcomes if t.outcomes else 100.0
    print(
        f"combat entry-keyed branches: {t.outcomes_run}/{t.outcomes} outcomes run ({share:.1f}%); "
        f"{t.points_full}/{t.points} branch points fully run, {t.points_unreached} never reached"
    )
    if args.list:
        for point, ran, of in partial:
            print(f"  {point.path}:{point.line} ({ran}/{of}) {', '.join(point.entries)}")
    if args.min is not None and share < args.min:
        print(f"below the required {args.min:.1f}%")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
