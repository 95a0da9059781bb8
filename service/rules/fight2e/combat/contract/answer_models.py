"""The turn's answer: the core's step envelope (status, findings, decisions and dice still needed, rolls, the end of
the round) with the fight after the turn, its log, Glory and events (see ``models``)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from ....core.protocol.models import StepAnswer, StepEvent
from ...moves.models import Model  # frozen, extra="forbid", and JSON enum values taken under strict validation
from .decision_models import DecisionValue
from .model_types import (
    MAX_FIGHTERS,
    FighterId,
    Key,
    LogMap,
    Short,
    Text,
)
from .request_models import (
    CombatFighter,
    FightState,
)

# ── The rules' own offers (the answer lists them as the core's ChoiceOption and DecisionNeeded) ───


class ChoiceOption(Model):
    """One legal answer as the rules list it, with its value typed; the answer shows it as the core's
    ``ChoiceOption`` (``protocol.choices.offered``)."""

    value: DecisionValue
    fs: int = Field(0, ge=0, le=100, description="Fighting Spirit this choice costs.")
    control: int = Field(0, ge=0, le=100, description="Control this choice needs.")
    text: Text
    can_hit: bool | None = None


class Asked(Model):
    """A decision the turn asks, as the rules build it (the decider of in-process callers reads it typed); the
    answer shows it as the core's ``DecisionNeeded``."""

    key: Key
    fighter: FighterId
    point: Short
    step: Short
    text: Text
    default: DecisionValue | None = None
    choices: list[ChoiceOption] = Field(default_factory=list)
    provisional: bool = False


class GloryAward(Model):
    fighter: FighterId
    points: int = Field(ge=-100, le=1000)
    reason: Text
    ref: Short


class LogStep(Model):
    step: int = Field(ge=1, le=10_000)
    label: Short
    actor: FighterId | None
    inputs: LogMap
    ref: Short
    change: LogMap
    text: Text


class EventKind(StrEnum):
    hit = "hit"  # fighter: the attacker whose Accuracy beat the Defense Total
    miss = "miss"  # fighter: the attacker who missed
    damage = "damage"  # amount: Life Bar change (negative), value: Life Bar after
    healed = "healed"  # amount: Life Bar regained, value: Life Bar after
    knocked_down = "knocked_down"
    stood_up = "stood_up"
    stunned = "stunned"
    stun_recovered = "stun_recovered"
    hit_stun = "hit_stun"
    defeated = "defeated"
    super_energy = "super_energy"  # amount: gained, value: after
    fighting_spirit = "fighting_spirit"  # amount: signed change (spent < 0), value: after
    glory = "glory"  # amount: points (see `glory` for the reason)
    moved = "moved"  # Band Map: amount: bands moved (signed), value: band after
    range_changed = "range_changed"  # two fighters: amount: signed change, value: Range after
    moved_on_grid = "moved_on_grid"  # Battle Grid: amount: squares moved, figures: col and row after, from_col/row
    left_grid = "left_grid"  # Battle Grid: moved off the grid, out of the combat (000 L5678); figures: from_col/row
    round_over = "round_over"  # fighter: the winning side, none on a draw
    action_points = "action_points"  # Dramatic Combat: amount: signed change of his bank, value: banked after


class Event(StepEvent[EventKind]):
    """Something that happened, in the order it happened; `step` is the log step reporting it. `figures` names the
    numbers behind it: a hit or miss carries `accuracy` and `defense_total`, and `roll` and `total` when a die was
    rolled (000 L5724–L5741); damage the `damage` dealt and the `stun_damage` (000 L5906–L5924)."""


class TurnResult(StepAnswer):
    """One turn: the core's envelope (``over`` and ``winner`` are the round's: a fight2e request resolves one turn
    of a round, 000 L5380) with the fight after the turn."""

    fight: FightState
    fighters: list[CombatFighter] = Field(max_length=MAX_FIGHTERS)
    glory: list[GloryAward] = Field(max_length=200)
    log: list[LogStep] = Field(max_length=2000)
    events: list[Event] = Field(
        max_length=2000,
        description="Typed events in order, each tied to its log step; the log's text is for chat.",
    )
