"""Records an entry carries for the Fighter sheet (Chapter 4's rules between a Fighter's moves and his Styles, and
the Elements an Attack String may end with, and the order pricing applies an entry in).

A move's entry may need another move on the sheet (a Prop to pick up, a pool to reload, a Throw to cancel into),
name moves of the sheet in a design option (what a Power Enhancer feeds, which Buff an End Buff ends), continue a
sequence from a named opening move, draw on a named charge pool, bind every Super Move of the Fighter, or lose its
worth in a Style that does not move or defend. The Fighter check (``fighters/moves.py``, ``fighters/styles.py``)
reads these records, never the entries' ids: a new entry of one of these sorts is its data alone.

Pure data: no framework, no combat state.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from ...core.models import Record as _Record

EntryId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_.]*$")]
OptionName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
Code = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9_]*$")]


class NeedsMove(_Record):
    """The Fighter needs another move carrying every one of ``entries``; without one, a finding ``code``."""

    kind: Literal["needs_move"]
    entries: tuple[EntryId, ...] = Field(min_length=1)
    what: str  # how a finding names the move needed ("a move with the Prop Liability")
    code: Code = "CROSS_MOVE_REFERENCE_MISSING"
    ref: str


class TargetMust(StrEnum):
    """What a move named by an entry's design option must be, beyond being another move of the sheet."""

    super = "super"  # a Super Move
    same_style = "same_style"  # of the same Style as the naming move, unless either is Cross-Style


class NamesMoves(_Record):
    """The entry's design ``option`` names other moves of the sheet (comma-separated); each must be there and fit
    ``must`` and ``with_entries`` (a misfit is a finding ``code``). ``unnamed``: when none is named, another move of
    the sheet must fit."""

    kind: Literal["names_moves"]
    option: OptionName
    must: TargetMust | None = None
    with_entries: tuple[EntryId, ...] = ()  # a named move carries every one of these
    what: str = "another move on the sheet"  # how a finding names a move that fits
    code: Code = "CROSS_MOVE_REFERENCE_MISSING"
    unnamed: bool = False
    ref: str


class OpensFrom(_Record):
    """The move goes on from the opening move its design ``option`` names, which must be on the sheet."""

    kind: Literal["opens_from"]
    option: OptionName
    ref: str


class ChargePool(_Record):
    """The move draws on the charge pool its design option ``pool`` names; every move of one pool reloads the way
    its option ``reload`` says, the same for all."""

    kind: Literal["charge_pool"]
    pool: OptionName
    reload: OptionName
    ref: str


class OnEverySuper(_Record):
    """Once one Super Move of the Fighter has the entry, each of his Super Moves must; else a finding ``code``."""

    kind: Literal["on_every_super"]
    code: Code
    ref: str


class StyleRole(StrEnum):
    """What a Style that does not move or does not defend takes from an entry of its moves (000 L5100, L5126,
    L5136–L5138)."""

    movement = "movement"  # moves its user or limits how he moves: worth nothing in a Limited or No Movement Style
    defense = "defense"  # limits how its user defends: worth nothing in a No Defense Style
    movement_exception = "movement_exception"  # the move keeps its movement entries in such a Style


class StyleBound(_Record):
    """The entry's worth depends on the Style of its move (read with its parent's: Mobile's modifiers move too)."""

    kind: Literal["style_bound"]
    role: StyleRole
    ref: str


class EndsAttackString(_Record):
    """The entry is one of the base Elements an Attack String may end with (its optional rule, 000 L5185–L5196)."""

    kind: Literal["ends_attack_string"]
    ref: str


class ActsLast(_Record):
    """Pricing applies the entry's keyword changes after every other entry's (digest part 1 §5 step 5.3): it strips
    the finished move's Knockback or narrows its Range."""

    kind: Literal["acts_last"]
    ref: str


SHEET_KINDS = (NeedsMove, NamesMoves, OpensFrom, ChargePool, OnEverySuper, StyleBound, EndsAttackString, ActsLast)


def sheet_options(records: tuple[object, ...]) -> set[str]:
    """The design options the sheet's records read."""
    out: set[str] = set()
    for r in records:
        if isinstance(r, NamesMoves | OpensFrom):
            out.add(r.option)
        elif isinstance(r, ChargePool):
            out |= {r.pool, r.reload}
    return out
