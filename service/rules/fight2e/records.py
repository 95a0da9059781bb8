"""Typed combat records of catalogue entries (rule elements).

An entry whose combat effect is a number under a condition says so in its data file under ``rules:``, as a list of
records of the kinds below. The list is validated when the catalogue loads (a malformed record fails the load),
collected per move by the combat profile, and applied at named points by one generic function per point
(``combat/records.py``). Entries whose effect is procedural are handled in code by registered handlers instead.

Pure data: no framework, no combat state.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DefenceOption(StrEnum):
    """What an attack's Accuracy is compared against: the defender's option, or a Jinking response."""

    defense = "defense"
    evasion = "evasion"
    tactics = "tactics"
    defense_evasion = "defense_evasion"  # a crouching block (Defense or Evasion, 000 L5838)
    jinking = "jinking"  # Tactics-based (000 L5878)


DEFENCE_OPTIONS = tuple(DefenceOption)


class Place(StrEnum):
    """Where in the attack's moves the entry's move must stand for the record to count."""

    any = "any"
    last = "last"  # the last move of the attack (a single move is its own last)


class Trigger(StrEnum):
    """The moment a record acts."""

    on_hit = "on_hit"
    on_miss = "on_miss"
    on_use = "on_use"


class DieRoll(StrEnum):
    """The roll a die shift changes next turn; ``either`` leaves the pick to its owner."""

    initiative = "initiative"
    control = "control"
    either = "either"


class OptionRef(_Frozen):
    """A value the move's builder chose at design for this entry (an entry option), with the value when none was
    given."""

    option: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    default: str


class DistanceBand(_Frozen):
    """Ranges at which a record counts: ``long`` for a Long Range (or any other) move, ``reach`` for a Reach Range
    one."""

    long: tuple[int, int]
    reach: tuple[int, int]

    @model_validator(mode="after")
    def _ordered(self) -> DistanceBand:
        for lo, hi in (self.long, self.reach):
            if not 0 <= lo <= hi:
                raise ValueError(f"a band runs from a low Range to a higher one, got {lo}–{hi}")
        return self


class When(_Frozen):
    """Conditions under which a record counts; every one given must hold."""

    place: Place = Place.any
    in_combo: bool = False  # only when the attack is a Combo (two moves or more)
    # A campaign switch of the combat options that must be on (e.g. ``throws_unblockable``).
    campaign: Literal["throws_unblockable"] | None = None
    distance: DistanceBand | None = None
    # Only when the move's damage was rolled (not a fixed figure) and the roll was even.
    even_damage_roll: bool = False


class AccuracyModifier(_Frozen):
    """A change to the move's Accuracy against the listed defence options (all when none are listed)."""

    kind: Literal["accuracy"]
    amount: int
    vs: tuple[DefenceOption, ...] = ()
    per_instance: bool = True
    when: When = When()
    # The name the modifier carries in the attack roll's figures, when it is not folded into the move's own.
    label: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")] | None = None

    @model_validator(mode="after")
    def _conditions(self) -> AccuracyModifier:
        w = self.when
        if self.label is None and (w.place is not Place.any or w.distance or w.even_damage_roll):
            raise ValueError(
                "an unlabelled Accuracy record is part of the move's own figure: a campaign condition only"
            )
        if self.label is not None and (w.campaign or w.even_damage_roll):
            raise ValueError("a labelled Accuracy record may only depend on the Range and the move's place")
        return self

    def counts_vs(self, option: str) -> bool:
        return not self.vs or option in self.vs


class Knockback(_Frozen):
    """How many Ranges a hit knocks the defender back (000 L5948–L5956)."""

    kind: Literal["knockback"]
    ranges: Annotated[int, Field(ge=1, le=4)]
    # True: applies even when no move of the attack has the Knockback keyword, and before every other record.
    without_keyword: bool = False
    when: When = When()


class DieShiftNextTurn(_Frozen):
    """A die-size change to next turn's Initiative or Control (Step A.2), for the user or his target."""

    kind: Literal["die_shift_next_turn"]
    steps: Annotated[int, Field(ge=-3, le=3)]
    who: Literal["user", "target"] = "user"
    trigger: Trigger | OptionRef = Trigger.on_hit  # (``on`` would read as a boolean in YAML)
    roll: DieRoll | OptionRef = DieRoll.either
    # ``keep``: one already waiting from the same entry stands; ``replace``: the latest one replaces it.
    stacking: Literal["keep", "replace"] = "keep"
    lost_when_hit: bool = True  # a hit on its owner before next turn removes it
    when: When = When()
    # What the log says when it is gained at each moment ({roll}: the damage roll, {target}: its owner's id); a
    # moment without a note is silent.
    notes: dict[Trigger, str] = Field(default_factory=dict)
    ref: str = ""

    @model_validator(mode="after")
    def _refs(self) -> DieShiftNextTurn:
        if isinstance(self.roll, OptionRef) and self.roll.default not in tuple(DieRoll):
            raise ValueError(f"the roll's default must be one of {[d.value for d in DieRoll]}")
        if isinstance(self.trigger, OptionRef) and self.trigger.default not in tuple(Trigger):
            raise ValueError(f"the trigger's default must be one of {[t.value for t in Trigger]}")
        return self


Record = Annotated[AccuracyModifier | Knockback | DieShiftNextTurn, Field(discriminator="kind")]
RECORDS: TypeAdapter[tuple[Record, ...]] = TypeAdapter(tuple[Record, ...])


def option_refs(records: tuple[Record, ...], choices_only: bool = False) -> list[OptionRef]:
    """Every design option the records read; ``choices_only``: those whose default must be one of the option's
    choices (a roll's default may be ``either``, which no builder picks)."""
    found: list[OptionRef] = []
    for r in records:
        values = [getattr(r, "trigger", None)]
        if not choices_only:
            values.append(getattr(r, "roll", None))
        found += [v for v in values if isinstance(v, OptionRef)]
    return found


def option_names(records: tuple[Record, ...]) -> set[str]:
    """The design options the records read."""
    return {ref.option for ref in option_refs(records)}
