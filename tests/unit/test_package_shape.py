"""One package shape for every ruleset (issue 30): an `identity` module naming it, a `RULINGS.md`, the worked
requests in `data/examples/` with one published for every operation, no module of the package importing the
package's own face (not even inside a function: the registry imports the face, and the face imports the modules),
a few loose modules at the root and the rest in folders named after the text, every model on the core base, and
YAML read by the core loader alone."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

from service.rules.core.ruleset import rulesets

RULESETS = sorted(r.id for r in rulesets())

# At the root: the face, identity, operations, codes, the coverage declarations, the pack, the model base, and a
# document or two; the rules themselves live in folders named after the text (docs/adding-a-ruleset.md).
ROOT_MODULES_AT_MOST = 10


def _imported(root: Path, package: str, path: Path) -> list[str]:
    """Every module a file imports, relative imports resolved against the package the file is in."""
    parts = path.relative_to(root).parts[:-1]  # the folders below the ruleset's own
    here = [*package.split("."), *parts]  # the file's package (an __init__.py is its own package's face)
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            out.append(".".join([*base, *([node.module] if node.module else [])]))
    return out


def test_every_ruleset_is_checked() -> None:
    assert RULESETS == ["ashes", "battleroyale", "fight2e", "fightrpg", "impact"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_module_imports_its_own_face(ruleset: str) -> None:
    package = f"service.rules.{ruleset}"
    root = Path(importlib.import_module(package).__file__ or "").resolve().parent
    offenders = [str(p.relative_to(root)) for p in root.rglob("*.py") if p != root / "__init__.py"]
    offenders = [p for p in offenders if package in _imported(root, package, root / p)]
    assert offenders == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_identity_rulings_and_examples(ruleset: str) -> None:
    face = importlib.import_module(f"service.rules.{ruleset}")
    identity = importlib.import_module(f"service.rules.{ruleset}.identity")
    assert (ruleset, ruleset, identity.VERSION) == (identity.RULESET, face.RULESET, face.VERSION)
    root = Path(identity.__file__).parent
    assert (root / "RULINGS.md").is_file()
    assert sorted((root / "data" / "examples").glob("*.json")) != []
    found = next(r for r in rulesets() if r.id == ruleset)
    assert [op.name for op in found.operations if not op.examples] == []


def _model_classes(package: str) -> list[type]:
    """Every pydantic model defined in ``package`` (every module imported first)."""
    from pydantic import BaseModel

    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, f"{package}."):
        importlib.import_module(info.name)

    def below(cls: type) -> list[type]:
        return [c for sub in cls.__subclasses__() for c in (sub, *below(sub))]

    return [c for c in below(BaseModel) if c.__module__ == package or c.__module__.startswith(f"{package}.")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_model_derives_from_the_core_base(ruleset: str) -> None:
    from service.rules.core.models import RulesModel

    models = _model_classes(f"service.rules.{ruleset}")
    assert len(models) > 10
    assert sorted(f"{c.__module__}.{c.__qualname__}" for c in models if not issubclass(c, RulesModel)) == []


def test_yaml_is_read_by_the_core_loader_alone() -> None:
    """Every data file is read through ``core.tables`` (one loader, one error naming the file)."""
    service = Path(importlib.import_module("service").__file__ or "").resolve().parent
    readers = sorted(
        str(p.relative_to(service))
        for p in service.rglob("*.py")
        if "static" not in p.parts
        and any(m == "yaml" or m.startswith("yaml.") for m in _imported(service, "service", p))
    )
    assert readers == ["rules/core/tables.py"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_few_loose_modules_at_the_root(ruleset: str) -> None:
    root = Path(importlib.import_module(f"service.rules.{ruleset}").__file__ or "").resolve().parent
    loose = sorted(p.name for p in root.glob("*.py"))
    assert {"__init__.py", "identity.py", "operations.py"} <= set(loose)
    assert len(loose) <= ROOT_MODULES_AT_MOST, loose
    folders = [p for p in root.iterdir() if (p / "__init__.py").is_file()]
    assert len(folders) >= 3  # the rules live in folders named after the text
