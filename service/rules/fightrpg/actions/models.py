"""An action as a request names it, and the price of one (the contract of the pricing operation)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.findings import Finding, Unsupported
from ..base import AsInt, EntryId, FighterId, Model
from ..sheet.models import RpgPackRequest
from ..sheet.positions import RpgDirection
from ..tokens.counts import RpgTokenCounts
from ..tokens.menu import RpgActionKind, RpgEffect, RpgUse

MAX_ACTIONS = 20
Few = Annotated[int, Field(ge=0, le=10), AsInt]


class RpgAction(Model):
    kind: RpgActionKind
    damage: Few | None = Field(None, description="`attack`: Damage tokens spent.")
    knockdown: Few | None = Field(None, description="`attack`: Knockdown tokens; `grab`: 1 for the knock-back grab.")
    grapple: Few | None = Field(None, description="Tokens of this type in the bundle, when stated (002 L16-L80).")
    move: Few | None = Field(None, description="Tokens of this type in the bundle, when stated.")
    block: Few | None = Field(None, description="Tokens of this type in the bundle, when stated.")
    complex_action: Few | None = Field(None, description="Tokens of this type in the bundle, when stated.")
    technique: EntryId | None = Field(None, description="`technique`: its id in the data pack.")
    direction: RpgDirection | None = Field(None, description="`move` in map combat: the 5-foot step's direction.")
    target: FighterId | None = Field(None, description="In a round: the fighter it is aimed at.")


class RpgPriceRequest(RpgPackRequest):
    actions: list[RpgAction] = Field(min_length=1, max_length=MAX_ACTIONS)
    tokens: RpgTokenCounts = Field(default_factory=RpgTokenCounts, description="The tokens the fighter holds now.")
    power_points: Annotated[int, Field(ge=0, le=999), AsInt] = 0
    map: bool = Field(False, description="Map combat (002 L33, L58).")


class RpgActionQuote(Model):
    action: RpgAction
    legal: bool = Field(description="No error among its findings: a menu bundle the fighter can pay for now.")
    use: RpgUse | None = Field(description="On the fighter's own turn, or as a response; none for `pass`.")
    rows: list[EntryId] = Field(description="The menu rows the bundle is made of.")
    tokens: RpgTokenCounts = Field(description="The token bundle it spends.")
    power_points: int = Field(description="Power Points it spends.")
    affordable: bool = Field(description="Whether the tokens and Power Points held pay for it.")
    power_points_yield: int = Field(
        description="All the Power Points it gives the spender: at once (Complex Action, 002 L80) and when its tokens"
        " land or are blocked (002 L25, L37, L49, L72)."
    )
    blockable: bool
    effect: RpgEffect
    findings: list[Finding] = Field(max_length=20)


class RpgPriceAnswer(Model):
    ruleset: str
    ruleset_version: str
    legal: bool
    violations: list[Finding] = Field(max_length=200, description="Problems of the request's own data pack.")
    quotes: list[RpgActionQuote] = Field(max_length=MAX_ACTIONS)
    unsupported: list[Unsupported] = Field(max_length=20)
