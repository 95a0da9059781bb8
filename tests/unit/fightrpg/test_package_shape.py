"""The package shape of issue #30: an `identity` module, and no module of the package imports the package's own
face (`service.rules.fightrpg`), not even inside a function (the registry imports the face; the face imports them)."""

from __future__ import annotations

import ast
from pathlib import Path

import service.rules.fightrpg as face
from service.rules.fightrpg import identity

ROOT = Path(face.__file__).resolve().parent
PACKAGE = "service.rules.fightrpg"


def _imported(path: Path) -> list[str]:
    """Every module a file imports, relative imports resolved against its own package."""
    here = PACKAGE + "." + ".".join(path.relative_to(ROOT).with_suffix("").parts)
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here.split(".")[: -node.level] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            out.append(module)
    return out


def test_no_module_imports_its_own_face() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for p in ROOT.rglob("*.py")
        if p.name != "__init__.py" or p.parent != ROOT
        if PACKAGE in _imported(p)
    ]
    assert offenders == []


def test_identity() -> None:
    assert (identity.RULESET, face.RULESET, face.VERSION) == ("fightrpg", "fightrpg", identity.VERSION)
    assert (ROOT / "RULINGS.md").is_file()


def test_examples_are_the_builders() -> None:
    # the published request examples are the tests' Dragon and Tiger (002 L88)
    from service.rules.fightrpg.examples import dragon, round_examples, tiger, validate_examples

    assert round_examples()["dragon-vs-tiger"]["fighters"] == [dragon(), tiger()]
    assert validate_examples()["spirit-injury"]["fighter"] == dragon(damage=9, injuries={"spirit": 1})
