"""The ruleset's package shape (issue 30): `identity.py`, `RULINGS.md`, examples for every operation, and no module
importing the package's own face (`service.rules.ashes`), not even inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import service.rules.ashes.identity as identity

HERE = Path(identity.__file__).parent


def _imports_face(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            face = (node.level == 1 and not node.module) or (node.module == "service.rules.ashes" and not node.level)
            parent = node.level == 2 and node.module == "ashes"
            if face or parent:
                lines.append(node.lineno)
        elif isinstance(node, ast.Import) and any(a.name == "service.rules.ashes" for a in node.names):
            lines.append(node.lineno)
    return lines


def test_no_module_imports_the_packages_face() -> None:
    found = {p.name: _imports_face(ast.parse(p.read_text(encoding="utf-8"))) for p in HERE.glob("*.py")}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_identity_rulings_and_examples() -> None:
    from service.rules.ashes.operations import OPERATIONS

    assert (HERE / "identity.py").exists() and identity.RULESET == "ashes"
    rulings = (HERE / "RULINGS.md").read_text(encoding="utf-8")
    assert "## Rulings" in rulings and "## Reported `unsupported`\n\nNone." in rulings
    assert all(op.examples for op in OPERATIONS)
