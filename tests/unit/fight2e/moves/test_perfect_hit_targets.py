"""Which Elements Perfect Hit may guard (000 L4751; digest ruling A-20): On-Hit Elements and those that change what
a hit does, never a ½ one."""

from __future__ import annotations

import pytest

from service.rules.fight2e.catalogue.catalog import catalog
from service.rules.fight2e.moves.models import MoveRequest
from service.rules.fight2e.moves.price import price_move


def _codes(target: str, level: int = 5) -> list[str]:
    move = MoveRequest.model_validate(
        {
            "level": level,
            "elements": [{"id": target}],
            "liabilities": [{"id": "perfect_hit", "options": {"target": target}}],
        }
    )
    return [v.code for v in price_move(move).violations]


@pytest.mark.parametrize("target", ["increased_damage", "knocks_down", "increased_stun", "critical_hit", "entangle"])
def test_an_element_acting_on_a_hit_may_be_guarded(target: str) -> None:
    """Increased Damage, Knocks Down, Increased Stun change what a hit does; Critical Hit and Entangle are On-Hit."""
    assert "PERFECT_HIT_INVALID" not in _codes(target)


@pytest.mark.parametrize("target", ["increased_accuracy", "aerial", "hits_low"])
def test_an_element_acting_before_the_hit_may_not(target: str) -> None:
    """Increased Accuracy, Aerial and Hits Low change whether a move hits, not what a hit does (ruling A-20)."""
    assert "PERFECT_HIT_INVALID" in _codes(target)


def test_every_picked_entry_is_an_element_of_the_catalogue() -> None:
    """The entries a design choice's ``picks`` list are Elements the catalogue has (a misspelt id would silently
    narrow what qualifies)."""
    cat = catalog()
    listed = [(e.id, i) for e in cat.entries.values() for o in e.options if o.picks for i in o.picks.entries]
    assert listed, "Perfect Hit lists the Elements that change what a hit does"
    assert [(e, i) for e, i in listed if i not in cat.entries or cat.entries[i].kind != "element"] == []
