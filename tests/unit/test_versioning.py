"""The ruleset version follows the rules: any change of a ruleset's code or data changes it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from service.rules import fight2e
from service.rules.core.versioning import RULES_DIR, package_version, rules_digest


def _copy(tmp_path: Path) -> tuple[Path, Path]:
    shared = tmp_path / "rules"
    shutil.copytree(RULES_DIR, shared, ignore=shutil.ignore_patterns("__pycache__", "fight2e"))
    package = shared / "fight2e"
    shutil.copytree(RULES_DIR / "fight2e", package, ignore=shutil.ignore_patterns("__pycache__"))
    return package, shared


def test_published_version_is_package_version_plus_rules_digest() -> None:
    assert re.fullmatch(rf"{re.escape(package_version())}\+[0-9a-f]{{12}}", fight2e.VERSION)
    assert fight2e.VERSION.endswith(rules_digest(RULES_DIR / "fight2e"))


def test_digest_changes_with_code_data_and_shared_modules(tmp_path: Path) -> None:
    package, shared = _copy(tmp_path)
    before = rules_digest(package, shared)
    assert rules_digest(package, shared) == before  # stable for the same files

    combat = package / "combat" / "elements" / "damage.py"
    combat.write_text(combat.read_text() + "\n# a fix\n")
    after_code = rules_digest(package, shared)
    assert after_code != before

    data = next((package / "data").glob("*.yaml"))
    data.write_text(data.read_text() + "\n")
    after_data = rules_digest(package, shared)
    assert after_data != after_code

    (shared / "dice.py").write_text((shared / "dice.py").read_text() + "\n# shared\n")
    after_shared = rules_digest(package, shared)
    assert after_shared != after_data

    core = shared / "core" / "versioning.py"
    core.write_text(core.read_text() + "\n# core\n")
    assert rules_digest(package, shared) != after_shared


def test_compiled_files_do_not_change_the_digest(tmp_path: Path) -> None:
    package, shared = _copy(tmp_path)
    before = rules_digest(package, shared)
    (package / "__pycache__").mkdir(exist_ok=True)
    (package / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    assert rules_digest(package, shared) == before
