"""Reading a ruleset's YAML data files: each a mapping of named lists of records."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import yaml


def read_sections(
    paths: list[Path], sections: tuple[str, ...], error: type[Exception] = ValueError
) -> tuple[dict[str, list[tuple[str, Any]]], str]:
    """Every record of every file, grouped by section and tagged with its file name, and a digest of the files
    (part of ETags and cache keys). A file that is not such a mapping raises ``error``."""
    found: dict[str, list[tuple[str, Any]]] = {key: [] for key in sections}
    digest = hashlib.sha256()
    for path in paths:
        raw = path.read_bytes()
        digest.update(path.name.encode() + b"\0" + raw)
        try:
            doc = yaml.safe_load(raw) or {}
        except yaml.YAMLError as exc:
            raise error(f"{path.name}: not valid YAML: {exc}") from exc
        if not isinstance(doc, dict) or set(doc) - set(sections):
            raise error(f"{path.name}: top level must be a mapping of {sorted(sections)}")
        for key, items in doc.items():
            if not isinstance(items, list):
                raise error(f"{path.name}: {key} must be a list")
            found[key].extend((path.name, item) for item in items)
    return found, digest.hexdigest()[:16]
