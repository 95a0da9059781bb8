"""Rules code names no catalogue entry (issue 39): an entry's combat effect is its ``rules:`` records in the data, or a
registered handler that declares the entries it serves, never a branch on an id string.

An offence is, in a module of ``service/rules/fight2e``:

- a ``.has("…")`` call with a string (a move or profile asked for an entry by name);
- any other string literal that is an Element or Liability id (a comparison, a membership test, a table keyed by
  ids, a module constant holding one), unless it is also a keyword id (keywords are another vocabulary).

Not offences: docstrings, the members of an enumeration (wire vocabulary), ``Literal[...]`` types, and a registered
handler's declaration of what it serves (an ``entries``/``effects`` class attribute, an ``entries=`` argument).

``ALLOWED`` lists today's offenders, file → count. It may only shrink: a file with more offences than listed fails,
and so does one with fewer (lower its count, or drop it at zero), so the list stays exact.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from service.rules.fight2e.catalogue.catalog import catalog

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "service" / "rules" / "fight2e"
DECLARATIONS = frozenset({"entries", "effects"})

ALLOWED: dict[str, int] = {}


@cache
def _ids() -> frozenset[str]:
    cat = catalog()
    entries = {e.id for e in (*cat.elements(), *cat.liabilities())}
    return frozenset(entries - set(cat.keywords))


def _skipped(tree: ast.Module) -> set[int]:
    """ids of the string nodes that are not offences: docstrings, enumeration members, ``Literal`` arguments and
    handlers' declarations."""
    out: set[int] = set()

    def strings(node: ast.AST) -> None:
        out.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str))

    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                strings(body[0])
        if isinstance(node, ast.ClassDef):
            is_enum = any(isinstance(b, ast.Name) and b.id.endswith("Enum") for b in node.bases)
            for stmt in node.body:
                if isinstance(stmt, ast.Assign | ast.AnnAssign):
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                    names = {t.id for t in targets if isinstance(t, ast.Name)}
                    if is_enum or names & DECLARATIONS:
                        strings(stmt)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Literal":
            strings(node.slice)
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg in DECLARATIONS:
                    strings(kw.value)
    return out


def offences(source: str, ids: frozenset[str]) -> int:
    """How many times the module names an entry (see the module's docstring)."""
    tree = ast.parse(source)
    skipped = _skipped(tree)
    asked: set[int] = set()
    count = 0
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "has"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            asked.add(id(node.args[0]))
            count += 1
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value in ids
            and id(node) not in skipped | asked
        ):
            count += 1
    return count


def found() -> dict[str, int]:
    ids = _ids()
    out: dict[str, int] = {}
    for path in sorted(RULES.rglob("*.py")):
        n = offences(path.read_text(encoding="utf-8"), ids)
        if n:
            out[path.relative_to(RULES).as_posix()] = n
    return out


def test_the_counter_sees_each_form() -> None:
    ids = frozenset({"throw", "throw.hurl", "buff"})
    source = '''
"""Docstring naming throw."""
from enum import StrEnum
from typing import Literal
TABLE = {"throw.hurl": 2}  # 1: a table keyed by an id
class Kind(StrEnum):
    throw = "throw"  # wire vocabulary
class Handler:
    entries = frozenset({"buff"})  # a handler's declaration
def f(m, e, k: Literal["buff"]):
    if m.has("anything"):  # 2: asked by name
        pass
    if e.id == "buff" or e.id in ("throw", "other"):  # 3, 4
        pass
    hook(entries=("throw",))  # a declaration
'''
    assert offences(source, ids) == 4


def test_no_rules_module_names_more_entries_than_allowed() -> None:
    now = found()
    grown = {f: (n, ALLOWED.get(f, 0)) for f, n in now.items() if n > ALLOWED.get(f, 0)}
    assert not grown, f"modules name catalogue entries (now, allowed): {grown}; make them records or handlers"


def test_the_allowlist_is_exact() -> None:
    now = found()
    shrunk = {f: (now.get(f, 0), n) for f, n in ALLOWED.items() if now.get(f, 0) < n}
    assert not shrunk, f"fewer offences than allowed (now, allowed): {shrunk}; lower ALLOWED to match"
