"""ashes' RULINGS.md and examples (the shape every ruleset shares is checked in tests/unit/test_package_shape.py)."""

from __future__ import annotations

from pathlib import Path

import service.rules.ashes.identity as identity

HERE = Path(identity.__file__).parent


def test_identity_rulings_and_examples() -> None:
    from service.rules.ashes.operations import OPERATIONS

    assert (HERE / "identity.py").exists() and identity.RULESET == "ashes"
    rulings = (HERE / "RULINGS.md").read_text(encoding="utf-8")
    assert "## Rulings" in rulings and "## Reported `unsupported`\n\nNone." in rulings
    assert all(op.examples for op in OPERATIONS)
