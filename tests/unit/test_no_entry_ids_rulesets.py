"""The other rulesets' code names no entry of their data either (issue 39, last bullet): a weapon advantage, a Move's
effect, a bundle or an advancement is a typed field of its record, read by a generic step; a wire word that happens
to equal an id is an enumeration member, so the code names the protocol, not the entry.

The offence is fight2e's (tests/unit/fight2e/test_no_entry_ids.py): a string literal equal to an id, outside
docstrings, enumeration members, ``Literal[...]`` types, handlers' declarations and ``__all__`` (names of the module's
own functions), or a ``.has("…")`` call. A
ruleset's ids are read from what its own loaders built: every ``id`` of its catalogue documents (the data packs, the
tables it serves), plus the tables a ruleset reads but does not serve.

``ALLOWED`` lists today's offenders, ``ruleset/file`` → count, and may only shrink, exactly as fight2e's.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.unit.fight2e.test_no_entry_ids import offences

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "service" / "rules"
RULESETS = ("impact", "fightrpg", "battleroyale", "ashes")

ALLOWED: dict[str, int] = {}


def _impact_rules() -> Any:
    from service.rules.impact.tables.rules import rules

    return rules()


# Tables a ruleset loads and reads but serves in no catalogue document.
UNSERVED: dict[str, tuple[Callable[[], Any], ...]] = {"impact": (_impact_rules,)}


def _walk(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "id" and isinstance(v, str):
                yield v
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


@cache
def ids_of(ruleset: str) -> frozenset[str]:
    record = importlib.import_module(f"service.rules.{ruleset}").ruleset()
    built = [d.build(None) for d in record.catalogue] + [load() for load in UNSERVED.get(ruleset, ())]
    return frozenset(i for b in built for i in _walk(b.model_dump(mode="json")))


def _exported(tree: ast.Module, ids: frozenset[str]) -> int:
    """Strings of ``__all__`` equal to an id: a function of the module that shares an entry's name."""
    return sum(
        isinstance(n, ast.Constant) and n.value in ids
        for stmt in tree.body
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets)
        for n in ast.walk(stmt.value)
    )


def count(source: str, ids: frozenset[str]) -> int:
    return offences(source, ids) - _exported(ast.parse(source), ids)


def found() -> dict[str, int]:
    out: dict[str, int] = {}
    for ruleset in RULESETS:
        ids = ids_of(ruleset)
        root = RULES / ruleset
        for path in sorted(root.rglob("*.py")):
            n = count(path.read_text(encoding="utf-8"), ids)
            if n:
                out[f"{ruleset}/{path.relative_to(root).as_posix()}"] = n
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_ids_are_read(ruleset: str) -> None:
    """Each ruleset's loaders give ids that its data names (a guard against an empty set passing everything)."""
    known = {"impact": "feint", "fightrpg": "grapple_cancel", "battleroyale": "mighty_blow", "ashes": "heavy"}
    assert known[ruleset] in ids_of(ruleset)


def test_an_export_list_is_not_an_offence() -> None:
    source = '__all__ = ["draw", "other"]\nX = "draw"\n'
    assert count(source, frozenset({"draw"})) == 1


def test_no_rules_module_names_more_entries_than_allowed() -> None:
    now = found()
    grown = {f: (n, ALLOWED.get(f, 0)) for f, n in now.items() if n > ALLOWED.get(f, 0)}
    assert not grown, f"modules name data entries (now, allowed): {grown}; make them typed data or enum members"


def test_the_allowlist_is_exact() -> None:
    now = found()
    shrunk = {f: (now.get(f, 0), n) for f, n in ALLOWED.items() if now.get(f, 0) < n}
    assert not shrunk, f"fewer offences than allowed (now, allowed): {shrunk}; lower ALLOWED to match"
