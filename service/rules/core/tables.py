"""The one way a ruleset reads the text's tables: YAML files shipped in its ``data/`` folder, read by this module
alone (``tests/unit/test_package_shape.py`` checks that no other module imports ``yaml``) and validated into the
ruleset's records. A file that cannot be read, is not YAML, or does not fit its model fails with a
``TableError`` naming the file: a broken build of the service, never a caller's error."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, TypeAdapter, ValidationError

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


class TableError(ValueError):
    """A shipped data file that does not load."""


def _parse(path: Path, raw: bytes | str, error: type[Exception]) -> Any:
    try:
        return yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        raise error(f"{path.name}: not valid YAML: {exc}") from exc


def read_yaml(path: Path) -> Any:
    """The file's YAML document as plain data (``None`` for an empty file)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise TableError(f"{path}: cannot be read: {exc}") from exc
    return _parse(path, raw, TableError)


def read_table(path: Path, model: type[M]) -> M:
    """The file validated as ``model`` (an empty file as an empty mapping)."""
    return _validated(path, read_yaml(path) or {}, model.model_validate)


def read_rows(path: Path, shape: TypeAdapter[T]) -> T:
    """The file validated as ``shape``, for a table that is not one model (a list of records, a mapping)."""
    return _validated(path, read_yaml(path), shape.validate_python)


def _validated(path: Path, doc: Any, validate: Any) -> Any:
    try:
        return validate(doc)
    except ValidationError as exc:
        raise TableError(f"{path.name}: {exc}") from exc


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
        doc = _parse(path, raw, error) or {}
        if not isinstance(doc, dict) or set(doc) - set(sections):
            raise error(f"{path.name}: top level must be a mapping of {sorted(sections)}")
        for key, items in doc.items():
            if not isinstance(items, list):
                raise error(f"{path.name}: {key} must be a list")
            found[key].extend((path.name, item) for item in items)
    return found, digest.hexdigest()[:16]


def read_digested(paths: list[Path]) -> tuple[dict[str, Any], str]:
    """Each file's YAML document by file name, and a digest of the files (as ``read_sections``)."""
    docs: dict[str, Any] = {}
    digest = hashlib.sha256()
    for path in paths:
        raw = path.read_bytes()
        digest.update(path.name.encode() + b"\0" + raw)
        docs[path.name] = _parse(path, raw, TableError)
    return docs, digest.hexdigest()[:16]
