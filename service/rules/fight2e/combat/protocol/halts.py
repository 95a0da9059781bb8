"""How the resolution of a turn stops early: a rule is broken (``Invalid``), the look-ahead has gathered the dice
and decisions still missing (``Stop``) or one side is left (``RoundOver``). The entry point catches them all
(``Halt``)."""

from __future__ import annotations


class Halt(Exception):
    """Stop resolving this turn."""


class Invalid(Halt):
    """A violation was recorded; the request cannot be resolved."""


class Stop(Halt):
    """Stop looking ahead: the dice and decisions gathered so far are what the answer asks for."""


class RoundOver(Halt):
    """Only one side is left standing (ruling A21: stop resolving actions)."""
