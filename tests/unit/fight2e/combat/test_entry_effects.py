"""Every catalogue entry the combat resolver implements is shown doing what the book says.

The checks live in the modules of ``tests/unit/fight2e/combat/effects`` (registered with ``effect_of``); this file
imports them all and runs, for each entry whose catalogue ``combat`` status is ``implemented`` and for each of the
book's fixed Basic and Command Moves, the checks registered under its id. An id with no check fails, unless it is still
listed in ``PENDING`` (or ``PENDING_FIXED``).
"""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

from service.rules.fight2e.catalogue.catalog import catalog

from . import effects as combat_effects
from .effects.registry import CHECKS

for _module in pkgutil.iter_modules(combat_effects.__path__):
    importlib.import_module(f"{combat_effects.__name__}.{_module.name}")

IMPLEMENTED_IDS = sorted(e.id for e in catalog().entries.values() if e.combat == "implemented")
# The Basic and Command Moves the book defines (data/02-fixed-moves.yaml) carry no combat status: each is checked too.
FIXED_MOVE_IDS = sorted(catalog().fixed_moves)

# Entries whose checks are still to be written. This list only shrinks: remove an id once its checks exist.
PENDING: frozenset[str] = frozenset()
# Fixed moves without checks: the resolver does not offer Identity Change (Borrow Identities, 000 L5146–L5159).
PENDING_FIXED: frozenset[str] = frozenset({"identity_change"})


@pytest.mark.parametrize("entry_id", IMPLEMENTED_IDS + FIXED_MOVE_IDS)
def test_entry_combat_effect(entry_id: str) -> None:
    checks = CHECKS.get(entry_id, [])
    if not checks:
        if entry_id in PENDING | PENDING_FIXED:
            pytest.skip(f"{entry_id}: checks pending")
        pytest.fail(f"{entry_id} is implemented in combat but has no registered effect check")
    for check in checks:
        try:
            check.fn()
        except AssertionError as exc:
            exc.add_note(f"check {check.fn.__module__}.{check.fn.__name__} of {entry_id} ({check.ref})")
            raise


def test_checks_name_implemented_entries() -> None:
    # A check registered under a misspelt or unimplemented id would never run.
    assert sorted(set(CHECKS) - set(IMPLEMENTED_IDS) - set(FIXED_MOVE_IDS)) == []


def test_pending_names_implemented_entries() -> None:
    assert sorted(PENDING - set(IMPLEMENTED_IDS)) == []
    assert sorted(PENDING_FIXED - set(FIXED_MOVE_IDS)) == []


def test_pending_lists_only_entries_without_checks() -> None:
    # An id stays in PENDING only while it has no check; once checked it must leave the list.
    assert sorted((PENDING | PENDING_FIXED) & set(CHECKS)) == []


def test_every_check_cites_book_lines() -> None:
    # e.g. "000 L3120" or "000 L3528–L3540, L4557": where the check's expected figures come from
    cited = re.compile(r"\d{3} L\d+(?:[–\-, ]+(?:\d{3} )?L\d+)*")
    bad = [f"{c.entry}: {c.ref}" for checks in CHECKS.values() for c in checks if not cited.fullmatch(c.ref)]
    assert bad == []
