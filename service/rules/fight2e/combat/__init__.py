"""The fight2e combat turn resolver (the book's Chapter 5, 000 L5346–L6493; Appendices D–E, 000 L10131–L10435).

Entry point: :func:`resolve_turn`. Rules digest: ``shared/rules/fight2e-combat.md``.
"""

from __future__ import annotations

from .contract.models import TurnRequest, TurnResult
from .resolver import resolve_turn

__all__ = ["TurnRequest", "TurnResult", "resolve_turn"]
