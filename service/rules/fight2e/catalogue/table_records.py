"""Records that give an entry's row in one of the turn's tables: a figure or a kind the turn reads at one named place
(``combat/state/entry_tables.py`` ``of_records`` builds each table from them). A new entry of the same sort is its
data alone.

Pure data: no framework, no combat state.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from ...core.models import Record as _Record


class Reload(StrEnum):
    """How a Limited Use pool is refilled, when not by the Reload Command Move."""

    never = "never"  # the move's own pool, never refilled (No Reload, 000 L4632–L4636)
    by_move = "by_move"  # only a Reload Special Move refills it (Special Move Reload, 000 L4638–L4642)


class ReloadRule(_Record):
    """The entry sets how its move's Limited Use pool is refilled."""

    kind: Literal["reload_rule"]
    reload: Reload
    ref: str


class Kickable(_Record):
    """A Bomb of the move may be kicked by a Basic Move: each ``damage_per_band`` of the kick's damage (rounded up)
    moves it one band."""

    kind: Literal["kickable"]
    damage_per_band: Annotated[int, Field(ge=1, le=10)]
    ref: str


class TagCounter(_Record):
    """A waiting partner may launch the move as a Tag Counter, paying ``super_energy``."""

    kind: Literal["tag_counter"]
    super_energy: Annotated[int, Field(ge=0, le=100)]
    ref: str


class StrikesThrough(_Record):
    """The move still strikes after its own failed Defensive Response of ``response`` (a ``ResponseKind`` value)."""

    kind: Literal["strikes_through"]
    response: Literal["priority"]
    ref: str


class Heal(StrEnum):
    """What a draining move heals its user at H.1."""

    taken = "taken"  # the Life Bar the hit took, all or half (000 L3232–L3244)
    own_roll = "own_roll"  # the move's own die, all or half, hit or miss (000 L3248–L3254)


class DrainHeal(_Record):
    """The entry sets what its move heals its user; a modifier's row replaces its base entry's (read last)."""

    kind: Literal["drain_heal"]
    heal: Heal
    ref: str


class IllusionShift(_Record):
    """A Defensive Illusion's shift may cover ``fewest`` to ``most`` Ranges; the widest row the move has wins."""

    kind: Literal["illusion_shift"]
    fewest: Annotated[int, Field(ge=0, le=4)]
    most: Annotated[int, Field(ge=0, le=4)]
    ref: str


TABLE_KINDS = (ReloadRule, Kickable, TagCounter, StrikesThrough, DrainHeal, IllusionShift)
