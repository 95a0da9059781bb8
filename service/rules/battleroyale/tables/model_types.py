"""The enumerations and bounded types the request and answer models share."""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import Annotated, Any

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError


class RoyaleRank(StrEnum):
    """One step of the rank ladder; the ranks above Master are only Difficulty or Move Ranks."""

    poor = "poor"
    average = "average"
    good = "good"
    expert = "expert"
    master = "master"
    impressive = "impressive"
    intimidating = "intimidating"
    impossible = "impossible"
    inconceivable = "inconceivable"


RANKS: tuple[RoyaleRank, ...] = tuple(RoyaleRank)


_INDEX = {rank: i for i, rank in enumerate(RANKS)}


def index_of(rank: RoyaleRank) -> int:
    return _INDEX[rank]


class RoyaleForm(StrEnum):
    flame = "flame"
    mountain = "mountain"
    ocean = "ocean"
    steel = "steel"
    wind = "wind"
    mystic = "mystic"


class RoyaleFigureKind(StrEnum):
    """What a sample Move's figure does where a step applies it (data/moves.yaml ``figures``): a Move's effect is
    the figures it carries, so a Move with a figure of these kinds needs no code of its own."""

    task_bonus = "task_bonus"  # added to a task roll
    escape_tn = "escape_tn"  # a hit binds the defender until a Challenge at this TN is met (no Damage Ranks)
    offensive_actions = "offensive_actions"  # the Move is a Blitz: up to this many Strikes or targets
    risky_challenge_tn = "risky_challenge_tn"  # a hit leaves a Risky Challenge at this TN …
    turns = "turns"  # … for this many of the defender's actions
    spirit_dice_gained_at_most = "spirit_dice_gained_at_most"  # Spirit Dice the attacker gains from the damage
    damage_reduction = "damage_reduction"  # Damage Ranks the defence takes off
    extra_damage = "extra_damage"  # Damage Ranks a hit adds
    strengths_sacrificed = "strengths_sacrificed"  # Strengths named to sacrifice, 1d6 damage each


class RoyalePurchaseKind(StrEnum):
    """What a purchase of data/creation.yaml buys: the sheet fact the ledger charges it for."""

    technique = "technique"
    flaw = "flaw"  # a Flaw beyond the free one
    flaw_change = "flaw_change"  # altering or removing a Flaw
    strength = "strength"
    style = "style"
    signature_move = "signature_move"


class RoyalePurchaseStep(StrEnum):
    """How a Strength or Style purchase gets the trait (its rank on the sheet says which applies)."""

    new = "new"  # a trait new to the sheet since play began, at Good
    raise_ = "raise"  # one rank up
    average = "average"  # a creation Strength at Average, bought with Bonus Points


class RoyaleChain(StrEnum):
    """What a Technique purchase is chained to (its price depends on it, 003 L278-L282)."""

    unchained = "unchained"
    trait = "trait"  # a Strength or Style
    focus = "focus"  # the Focus Strength


class RoyaleStrengthBought(StrEnum):
    """What paid for a (non-core) Strength."""

    strength_rank = "strength_rank"  # one of the three creation Strength Ranks: starts at Good
    bonus_points = "bonus_points"  # 2 Bonus Points: starts at Average
    training = "training"  # 8 Training Points: starts at Good


class RoyaleStyleBought(StrEnum):
    style_rank = "style_rank"  # one creation Style Rank: starts at Good
    split_average = "split_average"  # half of a creation Style Rank split into two Average Styles
    training = "training"  # 12 Training Points: starts at Good


class RoyaleBought(StrEnum):
    """What paid for a Flaw, Technique or Signature Move."""

    creation = "creation"  # Bonus Points (or the free first Flaw)
    training = "training"


class RoyaleTechniqueKind(StrEnum):
    situational = "situational"
    maneuver = "maneuver"
    foe = "foe"
    tool = "tool"


class RoyaleMoveKind(StrEnum):
    basic = "basic"
    supernatural = "supernatural"


class RoyaleDamageType(StrEnum):
    failure = "failure"
    wound = "wound"


def json_int(value: Any) -> Any:
    """JSON may write 3 as 3.0 (the same number); requests are validated strictly, so it becomes 3 first."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


# After the bounds in an Annotated type (``Annotated[int, Field(ge=0), JSON_INT]``), so the schema keeps them.
JSON_INT = BeforeValidator(json_int)

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$", description="Stable snake_case id.")]
Name = Annotated[str, Field(min_length=1, max_length=80)]
Ranks = Annotated[int, Field(ge=0, le=20, description="Damage Ranks on the trait."), JSON_INT]
Count = Annotated[int, Field(ge=0, le=99), JSON_INT]


def json_member(kind: type[Enum]) -> BeforeValidator:
    """Requests are validated strictly, where an enum field takes only members: a JSON string that is one of the
    enum's values becomes that member first (anything else is left for the field to refuse)."""
    members = kind._value2member_map_
    allowed = ", ".join(f"'{v}'" for v in members)

    def convert(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        if value not in members:  # a clear refusal naming what the field takes (not "an instance of …")
            raise PydanticCustomError("enum", "Input should be one of {expected}", {"expected": allowed})
        return members[value]

    return BeforeValidator(convert)


RankIn = Annotated[RoyaleRank, json_member(RoyaleRank)]
FormIn = Annotated[RoyaleForm, json_member(RoyaleForm)]
StrengthBoughtIn = Annotated[RoyaleStrengthBought, json_member(RoyaleStrengthBought)]
StyleBoughtIn = Annotated[RoyaleStyleBought, json_member(RoyaleStyleBought)]
BoughtIn = Annotated[RoyaleBought, json_member(RoyaleBought)]
TechniqueKindIn = Annotated[RoyaleTechniqueKind, json_member(RoyaleTechniqueKind)]
MoveKindIn = Annotated[RoyaleMoveKind, json_member(RoyaleMoveKind)]
DamageTypeIn = Annotated[RoyaleDamageType, json_member(RoyaleDamageType)]
