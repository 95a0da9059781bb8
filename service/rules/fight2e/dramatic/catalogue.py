"""The Dramatic Combat tables (``data/options.yaml``) as typed records, read and checked once.

Each Action Point option is one ``ApOption``: its price, when in the turn it is taken, the skill it rolls and the
figures it works with. The rules modules read these figures; no code branches on an option's id.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path

from pydantic import ConfigDict, Field

from ...core.models import Record
from ...core.tables import read_table
from ...dice import Die, die

DATA = Path(__file__).resolve().parent / "data" / "options.yaml"


class _Record(Record):
    pass


class Group(StrEnum):
    initiative = "initiative"
    movement = "movement"
    attack = "attack"
    defense = "defense"
    recovery = "recovery"
    special = "special"
    spiritual = "spiritual"


class When(StrEnum):
    """Where in the turn the option is taken."""

    before_initiative = "before_initiative"
    initiative = "initiative"
    movement = "movement"
    attack_slot = "attack_slot"  # in place of the attack (movement still allowed, 000 L7140)
    with_attack = "with_attack"  # added to an attack being made
    before_damage = "before_damage"
    after_hit = "after_hit"
    hit_stun = "hit_stun"
    defense = "defense"
    end_of_turn = "end_of_turn"
    free = "free"  # not the fighter's action


class CostRule(StrEnum):
    flat = "flat"  # `ap` points
    reuse_by_level = "reuse_by_level"  # `ap` the first time, 2 × level after (000 L7213, ruling C10)
    squared_heal = "squared_heal"  # n points for n² Life Bar (000 L7255)
    free_on_tie = "free_on_tie"  # nothing when a tied Initiative starts it (000 L7100)
    opposed_only = "opposed_only"  # nothing unless someone opposes (000 L7152)


class Gain(StrEnum):
    extra_range = "extra_range"
    accuracy_next_turn = "accuracy_next_turn"
    action_point = "action_point"
    heal_only_ap = "heal_only_ap"
    accuracy_and_damage_next_attack = "accuracy_and_damage_next_attack"


class PointsGain(_Record):
    every: int = Field(ge=1, le=10, description="Each full this many points of the check total …")
    gain: Gain = Field(description="… give one of this.")
    stand_off_every: int | None = Field(None, ge=1, le=10, description="The divisor during a Stand Off.")


class OncePer(StrEnum):
    combat = "combat"
    target = "target"


class ApOption(_Record):
    id: str
    name: str
    group: Group
    when: When
    ap: int = Field(ge=0, le=5)
    cost: CostRule = CostRule.flat
    skill: str | None = None
    gains: tuple[PointsGain, ...] = ()
    accuracy: int | None = None
    die_steps: int | None = None
    defense_total: int | None = None
    glory: int | None = None
    glory_on_failure: int | None = None
    once_per: OncePer | None = None
    dl: int | None = None
    fs: int | None = None
    fs_cap_per_pl: int | None = None
    fs_above_start: bool = False
    super_energy: int | None = None
    ap_on_hit: int | None = None
    recovery_ap: int | None = None
    skill_penalty: int | None = None
    min_damage: int | None = None
    sacrifice: int | None = None
    bonus: int | None = None
    self_damage: str | None = None
    max_range: int | None = None
    summary: str
    ref: str


class InitiativeRow(_Record):
    speed: int
    die: str
    ref: str


class DlRow(_Record):
    percent: int = Field(ge=0, le=100)
    dl: int
    ref: str


class KiRow(_Record):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    low: int = Field(alias="from")
    high: int = Field(alias="to")
    steps: int
    ref: str


class SpiritFighting(_Record):
    qualities: tuple[str, ...]
    skills: dict[str, int]
    accuracy: int
    life_save: int


class Tables(_Record):
    initiative: tuple[InitiativeRow, ...]
    climactic_dl: tuple[DlRow, ...]
    options: tuple[ApOption, ...]
    ki_damage: tuple[KiRow, ...]
    spirit_fighting: SpiritFighting
    spirit_combat_entry: dict[str, int]
    secondary_skills: dict[str, tuple[str, ...]]

    def option(self, ident: str) -> ApOption:
        for o in self.options:
            if o.id == ident:
                return o
        raise KeyError(ident)

    def initiative_die(self, speed: int) -> Die:
        rows = sorted(self.initiative, key=lambda r: r.speed)
        # Our reading: a Speed beyond the table's ends uses its nearest row (the text lists -1 to 2 only).
        row = min(rows, key=lambda r: abs(r.speed - speed))
        return die(row.die)

    def ranged_damage_steps(self, skill: int) -> int:
        """Steps from 1d6 of a Ranged Special Move's damage for this skill level."""
        for row in self.ki_damage:
            if row.low <= skill <= row.high:
                return row.steps
        return self.ki_damage[0].steps  # below the table (a negative level): the lowest row


@cache
def tables() -> Tables:
    """The checked tables (a file that does not fit the schema fails at import time of the first caller)."""
    return read_table(DATA, Tables)


def option_ids() -> tuple[str, ...]:
    return tuple(o.id for o in tables().options)
