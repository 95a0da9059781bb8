"""Neutral pronouns in what the turn shows (issue 12): a sheet names no pronoun, so a fighter is "they"."""

from __future__ import annotations

import re

from service.rules.fight2e.combat.benchmark import request
from service.rules.fight2e.combat.resolver import resolve_turn
from service.rules.fight2e.combat.wording import neutral

GENDERED = re.compile(r"\b(he|she|his|her|him|himself|herself)\b", re.IGNORECASE)


def test_pronouns_become_they_and_the_verb_agrees() -> None:
    assert neutral("b holds his Initiative.") == "b holds their Initiative."
    assert neutral("he stays down; his action is spent.") == "they stay down; their action is spent."
    assert (
        neutral("He carries b with him; he has won, he is done.")
        == "They carry b with them; they have won, they are done."
    )
    assert neutral("he can move himself") == "they can move themself"
    assert neutral("the hedge hides the theme") == "the hedge hides the theme"  # words that only contain them


def test_a_whole_turn_shows_no_gendered_pronoun() -> None:
    res = resolve_turn(request())
    texts = [s.text for s in res.log] + [w.message for w in res.warnings]
    assert texts and not [t for t in texts if GENDERED.search(t)]
