"""Neutral pronouns in what the turn shows (issue 12): a sheet names no pronoun, so a fighter is "they"."""

from __future__ import annotations

import re

from service.rules.fight2e.combat.benchmark import request
from service.rules.fight2e.combat.protocol.wording import names_to_keep, neutral
from service.rules.fight2e.combat.resolver import resolve_turn

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


def test_names_keep_their_own_words() -> None:
    keep = names_to_keep(("Fist of His Fury", "Palm", "Him and Me", "a"))
    assert keep == ("Fist of His Fury", "Him and Me")
    assert neutral("a lands his Fist of His Fury.", keep) == "a lands their Fist of His Fury."
    assert neutral("He answers with Him and Me.", keep) == "They answer with Him and Me."


def test_a_move_named_with_a_pronoun_is_shown_as_named() -> None:
    req = request()
    first, *rest = req.fighters[0].sheet.moves
    sheet = req.fighters[0].sheet.model_copy(
        update={"moves": [first.model_copy(update={"name": "Fist of His Fury"}), *rest]}
    )
    fighters = [req.fighters[0].model_copy(update={"sheet": sheet}), *req.fighters[1:]]
    res = resolve_turn(req.model_copy(update={"fighters": fighters}))
    texts = " ".join(s.text for s in res.log)
    assert "Fist of His Fury" in texts and "Fist of Their Fury" not in texts
