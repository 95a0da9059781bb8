"""The turn's answer: the fight after the turn, its log and events, and the first decision or die still needed
(see ``models``)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from ....core.dice import RollSource  # the one keyed dice source's record of where a face came from
from ....core.findings import Finding, Unsupported
from ...moves.models import Model  # frozen, extra="forbid", and JSON enum values taken under strict validation
from .decision_models import DecisionValue
from .model_types import (
    KEY_GRAMMAR,
    MAX_CHOICES,
    MAX_FIGHTERS,
    FighterId,
    Key,
    LogMap,
    Short,
    Status,
    Text,
)
from .request_models import (
    CombatFighter,
    FightState,
)

# ── Answer ───────────────────────────────────────────────────────────────────────────────────────


class ChoiceOption(Model):
    """One legal answer, ready to send back as the decision's value."""

    value: DecisionValue
    fs: int = Field(0, ge=0, le=100, description="Fighting Spirit this choice costs.")
    control: int = Field(0, ge=0, le=100, description="Control this choice needs.")
    text: Text
    can_hit: bool | None = Field(
        None,
        description="An attack: whether its move reaches a target at the current "
        "Range or band distance (before any movement); none for other choices.",
    )


class PendingDecision(Model):
    """A decision the request must carry (or, with `point: roll`, a die it must supply). Every decision lists its
    legal answers in `choices`, each a complete value to send back under `key`; `default`, when present, is one of
    them and is what the turn uses when the key is left out (unless `ask_every_decision`)."""

    key: Key = Field(
        description="Where the answer goes: `decisions[key]` (or `rolls[key]` for a die). " + KEY_GRAMMAR,
        examples=["T1.rei.action", "T1.battle.defense", "T1.battle.defense:reaction", "T1.rei.interrupt:end"],
    )
    fighter: FighterId
    point: Short
    step: Short = Field(description="Flow-chart label where the decision is taken.")
    text: Text
    die: Short | None = Field(None, description="For a roll the request must supply: the die to roll.")
    default: DecisionValue | None = None
    choices: list[ChoiceOption] = Field(default_factory=list, max_length=MAX_CHOICES)
    provisional: bool = Field(
        False,
        description="Asked ahead of dice listed in `dice_needed`, as the turn would "
        "go with stand-in results: once the real dice are in, the turn may not ask it after "
        "all. Send its answer in `if_asked`, where an answer the turn does not need is no "
        "error.",
    )


class DieNeeded(Model):
    """A die the request must supply under `rolls[key]` (the players' own dice)."""

    key: Key = Field(
        description="Where the result goes: `rolls[key]`. " + KEY_GRAMMAR,
        examples=["T1.rei.init", "T1.battle.damage", "T1.battle.damage#2", "T1.battle.damage@kaito", "T1.fight.time"],
    )
    fighter: Short = Field(description="Who rolls it (`fight` for the Time Roll).")
    die: Short = Field(examples=["1d6", "1d12"])
    purpose: Text
    step: Short


class RollRecord(Model):
    key: Key
    die: Short
    result: int = Field(ge=1, le=1000)
    purpose: Text
    source: RollSource


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
    round_over = "round_over"  # fighter: the winning side, none on a draw
    action_points = "action_points"  # Dramatic Combat: amount: signed change of his bank, value: banked after


class Event(Model):
    """Something that happened, in the order it happened; `step` is the log step reporting it."""

    step: int = Field(ge=0, le=10_000, description="The `log[].step` it belongs to (0: before the first step).")
    kind: EventKind
    fighter: FighterId | None = Field(None, description="Who it happened to (the attacker for hit and miss).")
    other: FighterId | None = None
    amount: int | None = Field(None, ge=-10_000, le=10_000)
    value: int | None = Field(None, ge=-10_000, le=10_000)


class TurnResult(Model):
    ruleset: Short
    ruleset_version: Short
    status: Status
    violations: list[Finding] = Field(max_length=400)
    warnings: list[Finding] = Field(max_length=400)
    unsupported: list[Unsupported] = Field(max_length=400)
    pending_decision: PendingDecision | None
    fight: FightState
    fighters: list[CombatFighter] = Field(max_length=MAX_FIGHTERS)
    rolls: list[RollRecord] = Field(max_length=1000)
    glory: list[GloryAward] = Field(max_length=200)
    log: list[LogStep] = Field(max_length=2000)
    winner: FighterId | None = Field(
        None,
        description="Winning side when the round is over (None on a draw); against Thugs, a group's id when every "
        "Fighter is down.",
    )
    events: list[Event] = Field(
        default_factory=list,
        max_length=2000,
        description="Typed events in order, each tied to its log step; the log's text is for chat.",
    )
    dice_needed: list[DieNeeded] = Field(
        default_factory=list,
        max_length=200,
        description="With `decision_required` and no seed: every die still "
        "needed up to the next decision the turn can ask (the whole rest of the turn when none), so a table rolls "
        "them at once. A die of a branch the real results do not take is reported as ROLL_NOT_USED (a warning).",
    )
    decisions_needed: list[PendingDecision] = Field(
        default_factory=list,
        max_length=50,
        description="With `decision_required`: every decision that can be "
        "asked now, in the order the turn takes them; `pending_decision` is the first die or decision.",
    )
