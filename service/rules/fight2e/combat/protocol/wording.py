"""Neutral pronouns in the words the turn shows (log steps, pending decisions): a fighter sheet names no pronoun,
so a fighter is "they" (issue 12). The rules write their sentences once; this turns their pronouns neutral,
with the verb that follows agreeing."""

from __future__ import annotations

import re

from ....memo import memo

_OBJECT = {"his": "their", "him": "them", "himself": "themself", "His": "Their", "Him": "Them"}
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_WORD = re.compile(r"\b(?:he|He|his|His|him|Him|himself)\b")
_PRONOUN = re.compile(r"\b(?:(he|He) ([a-z]+)|(his|him|himself|His|Him))\b")


def _plural(verb: str) -> str:
    """The verb after "they" for the verb after "he" (``lands`` → ``land``; ``can``, ``moved`` unchanged)."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us")):
        return verb[:-1]
    return verb


def _swap(m: re.Match[str]) -> str:
    if m.group(1):
        return ("They " if m.group(1) == "He" else "they ") + _plural(m.group(2))
    return _OBJECT[m.group(3)]


@memo(maxsize=1024)  # asked every turn with the same names; keyed on all of them
def names_to_keep(names: tuple[str, ...]) -> tuple[str, ...]:
    """Of the names a turn may show (moves, fighters), those the pass must leave as they are because they hold one
    of its words ("Fist of His Fury"), longest first."""
    return tuple(sorted({n for n in names if _WORD.search(n)}, key=len, reverse=True))


def neutral(text: str, keep: tuple[str, ...] = ()) -> str:
    """``text`` with "he/his/him/himself" made neutral, except inside the names in ``keep`` (``names_to_keep``)."""
    if keep and any(name in text for name in keep):
        parts = re.split("(" + "|".join(map(re.escape, keep)) + ")", text)
        return "".join(part if i % 2 else _neutral(part) for i, part in enumerate(parts))
    return _neutral(text)


def _neutral(text: str) -> str:
    if (  # a quick look before the regex: most sentences hold no pronoun, and ``in`` is far cheaper than a search
        " he " in text
        or " his" in text
        or " him" in text
        or "(his" in text
        or "He " in text
        or "His " in text
        or text.startswith(("he ", "his "))
    ):
        return _PRONOUN.sub(_swap, text)
    return text
