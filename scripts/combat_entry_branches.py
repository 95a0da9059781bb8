"""The share of the combat core's entry-keyed branches that the test suite runs.

    python scripts/combat_entry_branches.py [build/coverage/combat.json] [--min PERCENT] [--list]

An entry-keyed branch is a branch point (``if``/``elif``, ``while``, a ``case`` of ``match``) of
``service/rules/fight2e/combat`` whose condition names a catalogue entry: a string literal that is an Element or
Liability id (``m.has("throw.hurl")``, ``eid in {"buff", "flight"}``), or a module-level constant whose value holds
one. The coverage.py JSON report that ``make test`` writes (branch coverage of ``combat/``) says which of each
point's outcomes ran; this script counts them:

- outcomes: every way out of an entry-keyed branch point (taken / not taken), and how many of them ran;
- points: entry-keyed branch points with every outcome run, and the ones never reached at all.

A condition also names entries through the combat core's entry tables: a module constant whose value holds an id
(an ``EntryTable`` among them), an enumeration defined beside such a constant whose members are its rows
(``ComboPart.pursuit``), and a small function or property (at most four statements) that reads any of these
(``m.part(...)``, ``m.moving.airborne``, ``has_trait(m, ...)``), across the modules of ``combat/``.

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
    from service.rules.fight2e.catalogue.catalog import catalog

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


def _module_constants(tree: ast.Module, ids: frozenset[str], keyed: dict[str, set[str]]) -> dict[str, set[str]]:
    """The module's constants that hold an entry id, or name a constant that does."""
    found: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        named = _strings(value) & ids
        for name in _names(value):
            named |= found.get(name, set()) | keyed.get(name, set())
        for t in targets:
            if isinstance(t, ast.Name) and named:
                found[t.id] = set(named)
    return found


def _body(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    return body


def _referenced(node: ast.AST) -> set[str]:
    return _names(node) | {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


TABLE_TYPES = ("EntryTable", "FlagTable")


def _tables(tree: ast.Module, ids: frozenset[str], consts: dict[str, set[str]]) -> dict[str, set[str]]:
    """The module's entry tables (a constant built by ``EntryTable``/``FlagTable``) and the entries they hold."""
    found: dict[str, set[str]] = {}
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        target = (node.targets[0] if isinstance(node, ast.Assign) else node.target) if value is not None else None
        func = value.func if isinstance(value, ast.Call) else None
        if isinstance(target, ast.Name) and isinstance(func, ast.Name) and func.id in TABLE_TYPES:
            named = _strings(value) & ids
            for name in _names(value):
                named |= consts.get(name, set())
            found[target.id] = named
    return found


def table_names(sources: dict[str, str], ids: frozenset[str]) -> dict[str, set[str]]:
    """Names that stand for entries across the modules: the entry tables, the enumerations defined beside them whose
    members are their rows, and the small functions and properties (at most four statements) reading either. A
    name defined in more than one module is left out (it would not say which)."""
    trees = [ast.parse(src) for src in sources.values()]
    keyed: dict[str, set[str]] = {}
    defined: dict[str, int] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                defined[node.name] = defined.get(node.name, 0) + 1
        consts = _module_constants(tree, ids, {})
        enums = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
        for name, named in _tables(tree, ids, consts).items():
            defined[name] = defined.get(name, 0) + 1
            keyed.setdefault(name, set()).update(named)
            node = next(n for n in tree.body if isinstance(n, ast.Assign | ast.AnnAssign) and name in _names(n))
            for attr in ast.walk(node):
                if isinstance(attr, ast.Attribute) and isinstance(attr.value, ast.Name) and attr.value.id in enums:
                    keyed.setdefault(attr.value.id, set()).update(named)
    small = [
        fn
        for tree in trees
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and len(_body(fn)) <= 4
    ]
    changed = True
    while changed:
        changed = False
        for fn in small:
            body = ast.Module(_body(fn), [])
            names = _referenced(body) | _condition_names(body)
            # a name defined in more than one module says nothing of which entries it reads (left out below too)
            named = set().union(*(keyed.get(n, set()) for n in names if defined.get(n, 0) <= 1))
            if named and not named <= keyed.get(fn.name, set()):
                keyed.setdefault(fn.name, set()).update(named)
                changed = True
    calls = {fn.name for fn in small if not any(_is_property(d) for d in fn.decorator_list)}
    return {
        (f"{name}()" if name in calls else name): named
        for name, named in keyed.items()
        if named and defined.get(name, 0) <= 1
    }


def _is_property(decorator: ast.expr) -> bool:
    return isinstance(decorator, ast.Name) and decorator.id in ("property", "cached_property")


def _condition_names(cond: ast.AST) -> set[str]:
    """What a condition names: its names and attributes, and the functions it calls as ``name()``."""
    out = _referenced(cond)
    for call in ast.walk(cond):
        if isinstance(call, ast.Call):
            func = call.func
            out.add(
                f"{func.id}()"
                if isinstance(func, ast.Name)
                else f"{func.attr}()"
                if isinstance(func, ast.Attribute)
                else ""
            )
    return out


def entry_keyed_points(
    source: str, path: str, ids: frozenset[str], keyed: dict[str, set[str]] | None = None
) -> list[Point]:
    """The branch points of one module whose condition names an entry id (directly, through a module constant, or
    through a name of ``keyed``, see ``table_names``)."""
    tree = ast.parse(source)
    constants: dict[str, set[str]] = {k: set(v) for k, v in (keyed or {}).items()}
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
            for name in _names(cond) | (_condition_names(cond) if keyed else set()):
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
    modules = sorted((root / COMBAT).rglob("*.py"))
    keyed = table_names({m.as_posix(): m.read_text(encoding="utf-8") for m in modules}, ids)
    for module in modules:
        rel = module.relative_to(root).as_posix()
        data = files.get(rel) or files.get(str(module))
        executed = {tuple(a) for a in (data or {}).get("executed_branches", [])}
        missing = {tuple(a) for a in (data or {}).get("missing_branches", [])}
        for point in entry_keyed_points(module.read_text(encoding="utf-8"), rel, ids, keyed):
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
