"""Ruleset versions derived from what decides the answers, never typed by hand.

A ruleset's version is the package version plus a digest of its rules: the source and data files of its own
package and the shared rules code (the modules directly under ``service/rules/`` and the ``core`` package). Any
change of rules code or data therefore changes the ``ruleset_version`` callers see and every cache key built from
it, so a fix is never hidden behind an answer cached under the old rules.
"""

from __future__ import annotations

import hashlib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[1]
_SUFFIXES = frozenset({".py", ".yaml", ".yml", ".json"})


def package_version() -> str:
    """The installed distribution's version (one version for the package, the API and every ruleset)."""
    try:
        return version("fight-rules")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0.0.0"


def _rule_files(package_dir: Path, shared_dir: Path) -> list[tuple[str, Path]]:
    """(label, path) of every file that decides the answers: the shared modules, then the package's files."""
    shared = [p for p in shared_dir.iterdir() if p.is_file() and p.suffix == ".py"]
    shared += [p for p in (shared_dir / "core").rglob("*.py") if p.is_file()]
    own = sorted(p for p in package_dir.rglob("*") if p.is_file() and p.suffix in _SUFFIXES)
    return [(f"shared/{p.relative_to(shared_dir).as_posix()}", p) for p in sorted(shared)] + [
        (p.relative_to(package_dir).as_posix(), p) for p in own
    ]


def rules_digest(package_dir: Path, shared_dir: Path = RULES_DIR) -> str:
    """Digest of the ruleset package's source and data files and of the shared rules modules."""
    digest = hashlib.blake2b(digest_size=6)
    for label, path in _rule_files(package_dir.resolve(), shared_dir):
        digest.update(label.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def derived_version(package_dir: Path) -> str:
    """``<package version>+<rules digest>``, e.g. ``0.1.0+3fa2b1c9d0e4``."""
    return f"{package_version()}+{rules_digest(package_dir)}"
