"""A Conflict round (003 L441-L459, L712-L787): requests and answers."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.models import JsonModel
from ...core.packs import DEFAULT_PACK
from ..bout.models import RoyaleClashResult
from ..pack import PackName, RoyalePack
from ..resolution.models import (
    BoostIn,
    RoyaleAnswer,
    RoyaleBoost,
    RoyaleFighter,
    RoyaleGangPool,
    RoyaleRollDeclaration,
    RoyaleStepRequest,
    StrategyIn,
)
from ..tables.model_types import JSON_INT, DamageTypeIn, Id, RoyaleDamageType, json_member


class _In(JsonModel):
    pass


class RoyaleConflictAction(_In):
    """A fighter's action this round: an attack on one target (or none: a simple action)."""

    fighter: Id
    target: Id | None = None
    attack: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)
    damage_type: DamageTypeIn = RoyaleDamageType.wound
    strategy: StrategyIn | None = Field(None, description="Flipping Out or Playing it Cagey (003 L770-L778).")
    environmental: bool = Field(False, description="The attack uses the surroundings: +2 (003 L780-L787).")
    form_bonus: BoostIn = RoyaleBoost.die
    minion_relevant: bool = Field(
        True,
        description="Against a lone Minion: its Strength bears on the task (its rank's TN); false: TN 7 "
        "(003 L730-L731, the GM's call).",
    )
    first_failure: bool = Field(
        True, description="Against a lone Minion: the first failure at this Challenge earns a Training Point."
    )
    targets: Annotated[list[Id], Field(max_length=11)] = Field(
        [],
        description="A Blitz's further targets, in order (one may repeat): a Basic Blitz attacks each in turn, up to "
        "its MOD in all; a Supernatural Blitz is one roll each of them defends against (003 L1379-L1385).",
    )
    death_blow: bool = Field(False, description="Slay the Mostly Dead target with this action (003 L818-L825).")
    break_free: bool = Field(False, description="Spend the action on the Challenge of a Binding (003 L767-L768).")
    resist: RoyaleRollDeclaration = Field(
        default_factory=lambda: RoyaleRollDeclaration(style=False),
        description="What the fighter adds to the Challenges it faces on its turn: a Cyclic Attack's Risky Challenge "
        "and breaking a Binding.",
    )
    harmonize: Id | None = Field(None, description="The Style harmonized this turn (once a turn, 003 L235-L238).")
    harmonize_at_end: bool = Field(False, description="Harmonize at the end of the turn instead of its start.")


class RoyaleConflictReaction(_In):
    """How a defender meets one attacker's action."""

    fighter: Id
    against: Id
    attack: Annotated[int, Field(ge=1, le=12), JSON_INT] = Field(
        1, description="Which of the attacker's Blitz attacks it meets (the first otherwise)."
    )
    roll: RoyaleRollDeclaration = Field(default_factory=RoyaleRollDeclaration)
    environmental: bool = False
    form_bonus: BoostIn = RoyaleBoost.die


class RoyaleConflictRequest(RoyaleStepRequest):
    round: Annotated[int, Field(ge=1, le=999), JSON_INT] = 1
    bowl: Annotated[int, Field(ge=0, le=500), JSON_INT] = Field(0, description="Spirit Dice in the Bowl.")
    fighters: Annotated[list[RoyaleFighter], Field(min_length=2, max_length=12)]
    actions: Annotated[list[RoyaleConflictAction], Field(max_length=12)] = []
    reactions: Annotated[list[RoyaleConflictReaction], Field(max_length=40)] = []
    waits: Annotated[list[Id], Field(max_length=12)] = Field(
        [], description="Fighters who let the others act first, acting last in this order (003 L446-L447)."
    )
    pack: Annotated[PackName, json_member(PackName)] = PackName(DEFAULT_PACK)  # type: ignore[valid-type]
    custom_pack: RoyalePack | None = None


class RoyaleConflictResult(RoyaleAnswer):
    round: int
    order: list[str] = Field([], description="The acting order (003 L444-L447).")
    clashes: list[RoyaleClashResult] = []
    spirit_dice_to_bowl: int = 0
    bowl: int = Field(0, description="The Bowl after the round: spent Spirit Dice go in (003 L543, L626).")
    gang_pools: dict[str, RoyaleGangPool] = Field(
        {}, description="Each Minion Gang's bonus dice this round and how many the round used (003 L736-L738)."
    )
    fighters: list[RoyaleFighter]
