"""The turn protocol's contract, one for every ruleset: the step fields a resolve request takes, the decision and die
an answer asks for, the status vocabulary and the answer's envelope.

A client's loop needs no per-ruleset code: send the request; while ``status`` is ``decision_required``, roll every
die ``dice_needed`` names into ``rolls[key]``, answer every entry of ``decisions_needed`` with the ``value`` of one of
its ``choices`` (in ``decisions[key]``, or ``if_asked[key]`` when it is ``provisional``), and send the same request
again. Sending every die and decision at once gives the same answer as the loop.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Generic, TypeVar

from pydantic import ConfigDict, Field, JsonValue

from ..dice import Roll, RollSource
from ..findings import Finding, Unsupported
from ..models import FrozenModel
from .keys import KEY_GRAMMAR, KEY_PATTERN

Key = Annotated[str, Field(min_length=1, max_length=120, pattern=KEY_PATTERN)]
Who = Annotated[str, Field(min_length=1, max_length=40)]
Face = Annotated[int, Field(ge=-100, le=1000)]  # out-of-range faces are a ROLL_INVALID finding, not a 400
Seed = Annotated[int, Field(ge=0, le=2**53, description="Any whole number a browser can hold exactly.")]
Label = Annotated[str, Field(max_length=600)]
Name = Annotated[str, Field(max_length=120)]
MAX_KEYS = 400
MAX_CHOICES = 400

V = TypeVar("V")  # a ruleset's decision value
K = TypeVar("K")  # a ruleset's event kinds


class StepModel(FrozenModel):
    """Frozen, no unknown field; an answer's fields are all listed as present in the published schema."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_serialization_defaults_required=True)


class StepStatus(StrEnum):
    """Where the request's step stands, the same words for every ruleset."""

    decision_required = "decision_required"  # a decision or die is missing: see decisions_needed and dice_needed
    resolved = "resolved"  # the step (turn, round, bout) is resolved and the fight goes on
    over = "over"  # the step is resolved and the fight (fight2e: the round) is over: see winner and out
    invalid = "invalid"  # a rule is broken: see violations; nothing was resolved


class StepRequest(StepModel, Generic[V]):
    """The six step fields every resolve request takes. ``V`` is the ruleset's decision value."""

    decisions: dict[Key, V] = Field(
        default_factory=dict,
        max_length=MAX_KEYS,
        description="The answers, by the key each entry of `decisions_needed` gives. " + KEY_GRAMMAR,
    )
    if_asked: dict[Key, V] = Field(
        default_factory=dict,
        max_length=MAX_KEYS,
        description="Answers for decisions that may or may not come up (the `provisional` ones, asked ahead of dice): "
        "used when the step asks for the key, ignored without a finding when it does not.",
    )
    rolls: dict[Key, Face] = Field(
        default_factory=dict,
        max_length=MAX_KEYS,
        description="The players' own dice, by the key `dice_needed` gives. " + KEY_GRAMMAR,
    )
    seed: Seed | None = Field(None, description="Roll every die not in `rolls` from this seed (same seed, same dice).")
    lenient: bool = Field(
        False,
        description="Keys that fit nothing are warnings (DECISION_NOT_USED, ROLL_NOT_USED) instead of violations "
        "(DECISION_KEY_UNKNOWN, ROLL_KEY_UNKNOWN); the step is then resolved as if they were absent.",
    )
    ask_every_decision: bool = Field(
        False, description="Ask every decision, also those with a `default`, instead of taking the default."
    )


class ChoiceOption(StepModel):
    """One legal answer, ready to send back as the decision's value."""

    value: JsonValue = Field(description="Send this as `decisions[key]` (or `if_asked[key]`).")
    text: Label
    costs: dict[Name, int] = Field(
        default_factory=dict,
        max_length=10,
        description="What taking it spends or needs, by resource (fight2e: `fs` Fighting Spirit, `control`).",
    )
    can_hit: bool | None = Field(
        None, description="An attack: whether it reaches its target from where the fighters stand; null otherwise."
    )


class DecisionNeeded(StepModel):
    """A decision the request must carry. ``choices`` lists every legal answer; ``default``, when present, is one of
    their values and what the step takes when the key is left out (unless ``ask_every_decision``)."""

    key: Key = Field(description="Where the answer goes: `decisions[key]`. " + KEY_GRAMMAR)
    fighter: Who = Field(description="Who decides.")
    point: Name = Field(description="The decision point: the key's `{point}` part, e.g. `defense`.")
    step: Name = Field(description="Where in the text's sequence the decision is taken.")
    text: Label
    choices: list[ChoiceOption] = Field(min_length=1, max_length=MAX_CHOICES)
    default: JsonValue | None = None
    provisional: bool = Field(
        False,
        description="Asked ahead of dice still to be rolled, as the step would go with stand-in results: once the "
        "real dice are in it may not be asked after all. Send its answer in `if_asked`.",
    )


class DieNeeded(StepModel):
    """A die the request must supply under `rolls[key]` (the players' own dice)."""

    key: Key = Field(description="Where the result goes: `rolls[key]`. " + KEY_GRAMMAR)
    fighter: Who = Field(description="Who rolls it (`fight` for a die of the fight as a whole).")
    die: Annotated[str, Field(pattern=r"^\d*d\d+$", max_length=12)] = Field(examples=["1d6", "1d12"])
    purpose: Label
    step: Name = Field(description="Where in the text's sequence the die is rolled.")
    provisional: bool = Field(
        False, description="Named ahead of earlier dice or decisions: the real results may not need it after all."
    )


class RollRecord(StepModel):
    """A die the step rolled, and where its face came from."""

    key: Key
    die: Name
    result: int = Field(ge=1, le=1000)
    purpose: Label
    source: RollSource

    @classmethod
    def of(cls, roll: Roll) -> RollRecord:
        """The record of a die the keyed dice rolled."""
        return cls.model_construct(
            key=roll.key, die=f"1d{roll.sides}", result=roll.face, purpose=roll.purpose, source=roll.source
        )


class StepEvent(StepModel, Generic[K]):
    """Something that happened, in order, with every figure it involves by name; ``step`` is the log entry that
    reports it. ``amount`` is the signed change and ``value`` the figure after it, where the kind has them."""

    step: int = Field(ge=0, le=10_000, description="The log entry it belongs to (0: before the first).")
    kind: K
    fighter: Who | None = Field(None, description="Who it happened to (the attacker for a hit or a miss).")
    other: Who | None = None
    amount: int | None = Field(None, ge=-10_000, le=10_000)
    value: int | None = Field(None, ge=-10_000, le=10_000)
    figures: dict[Name, int] = Field(
        default_factory=dict,
        max_length=200,  # a pool's every face: battleroyale rolls up to 50 dice at once
        description="Every number behind it, by name (a test's total, the defence, the margin, damage, a bid).",
    )


class StepAnswer(StepModel):
    """The envelope every resolve answer shares; each ruleset adds its state, ``log`` and ``events``."""

    ruleset: Name
    ruleset_version: Name
    status: StepStatus
    violations: list[Finding] = Field(max_length=400)
    warnings: list[Finding] = Field(max_length=400)
    unsupported: list[Unsupported] = Field(max_length=400)
    decisions_needed: list[DecisionNeeded] = Field(
        max_length=200,
        description="With `decision_required`: every decision the step can ask from here, in the order it meets "
        "them; those past a die still to roll are `provisional`.",
    )
    dice_needed: list[DieNeeded] = Field(
        max_length=400,
        description="With `decision_required` and no seed: every die still needed, so a table rolls them at once. A "
        "die of a branch the real results do not take is reported as ROLL_NOT_USED (a warning).",
    )
    rolls: list[RollRecord] = Field(max_length=2000)
    over: bool = Field(description="Whether the fight (fight2e: the round) is over.")
    winner: Who | None = Field(description="The winning side or fighter once it is over; null on a draw or before.")
    out: list[Who] = Field(max_length=100, description="Who is out of the fight, in the order they went out.")
