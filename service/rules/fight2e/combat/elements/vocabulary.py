"""Vocabularies the elements name that are spelt like catalogue entries but are not entries: the ongoing-effect ids
(``OngoingEffectId``, its values read as a plain class's attributes: Python 3.11 reads an Enum class's attribute
through its metaclass, several times slower, and the Time Roll and a profile's rebuild ask about a fighter's effects
every turn), the log's keys and the design options' names. A die's or a decision's point is
``protocol.names.Point``."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from ..contract import model_types as _types

if TYPE_CHECKING:
    from ..contract.model_types import OngoingEffectId as Ongoing
else:

    class Ongoing:
        """``OngoingEffectId``'s values, as attributes of a plain class: plain strings, as the effects carry them, so
        a comparison or a look-up of an effect's id takes the interpreter's fast path for two strings."""

    for _member in _types.OngoingEffectId:
        setattr(Ongoing, _member.name, _member.value)


class LogKeys(StrEnum):
    """Keys of a log step's ``inputs`` and ``change`` (the fighter's state and figures it reports) that are spelt
    like a catalogue entry: the log's vocabulary, not the entry."""

    super_energy = "super_energy"  # FighterState.super_energy
    negative_positioning = "negative_positioning"
    invisibility = "invisibility"
    prop = "prop"
    sidestep_setup = "sidestep_setup"
    opening_move = "opening_move"
    multi_part_throw = "multi_part_throw"
    healing = "healing"
    taunt = "taunt"
    fake = "fake"
    temporary_technique = "temporary_technique"


class OptionNames(StrEnum):
    """Names of design options (a catalogue entry's ``options``) spelt like a catalogue entry."""

    prop = "prop"  # the object a Prop is, and the Prop a Recover Prop Command Move picks up


# What the elements name: each vocabulary's values as a plain class's attributes (plain strings, so the log's
# dictionaries, the dice and decision keys stay exact strings and an Enum class's slow attribute read is avoided).
if TYPE_CHECKING:
    LogKey = LogKeys
    OptionName = OptionNames
else:

    def _plain(vocabulary: type[StrEnum]) -> type:
        return type(vocabulary.__name__[:-1], (), {m.name: m.value for m in vocabulary})

    LogKey = _plain(LogKeys)
    OptionName = _plain(OptionNames)
