"""Every data file of a ruleset ships in the wheel: each YAML or JSON file under service/rules/ matches a
package-data pattern of its package in pyproject.toml (a file left out only fails once installed)."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]


def test_every_rules_data_file_is_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    missing = []
    for path in sorted((ROOT / "service" / "rules").rglob("*")):
        if path.suffix not in (".yaml", ".json") or "__pycache__" in path.parts:
            continue
        shipped = False
        for package, globs in patterns.items():
            base = ROOT.joinpath(*package.split("."))
            if base in path.parents and any(_globbed(path.relative_to(base).as_posix(), g) for g in globs):
                shipped = True
        if not shipped:
            missing.append(str(path.relative_to(ROOT)))
    assert missing == []


def _globbed(relative: str, pattern: str) -> bool:
    """Whether setuptools' glob ``pattern`` (from the package's folder, ``*`` within one folder) takes the file."""
    parts, wanted = PurePosixPath(relative).parts, PurePosixPath(pattern).parts
    return len(parts) == len(wanted) and all(fnmatchcase(p, w) for p, w in zip(parts, wanted, strict=True))
