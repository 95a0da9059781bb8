"""The ongoing-effect ids (``OngoingEffectId``) as the elements name them: the enumeration's members themselves,
read as a plain class's attributes (Python 3.11 reads an Enum class's attribute through its metaclass, several times
slower, and the Time Roll and a profile's rebuild ask about a fighter's effects every turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..contract import model_types as _types

if TYPE_CHECKING:
    from ..contract.model_types import OngoingEffectId as Ongoing
else:

    class Ongoing:
        """``OngoingEffectId``'s members, as attributes of a plain class."""

    for _member in _types.OngoingEffectId:
        setattr(Ongoing, _member.name, _member)

__all__ = ["Ongoing"]
