"""The contract of Impact's fighter operations: a fighter (ordered purchase ledger and/or sheet) in, findings and
derived figures out; a list of purchases in, their prices and side effects out."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.findings import Finding, Unsupported
from ..base import JsonModel
from ..pack import Id, ImpactPack, PackName
from ..tables.vocabulary import ImpactArea, ImpactRank, ImpactRatio, ImpactSide, ImpactStat

MAX_LEVEL = 40
Level = Annotated[int, Field(ge=0, le=MAX_LEVEL)]
MAX_PURCHASES = 400
MAX_QUOTES = 40


class Model(JsonModel):
    pass


class Answer(JsonModel):
    """Answers are built by the core from its own values: no JSON forms to convert."""


class ImpactSidePair(Model):
    left: Level = 1
    right: Level = 1


class ImpactRatios(Model):
    """The Power:Speed Ratio chosen for each side (001 L136), kept for the fighter's whole career."""  # digest A8

    left: ImpactRatio | None = None
    right: ImpactRatio | None = None


_NAMES = {  # which of side, maneuver and area a purchase of each statistic names
    ImpactStat.power: (True, False, False),
    ImpactStat.speed: (True, False, False),
    ImpactStat.maneuver: (False, True, False),
    ImpactStat.toughness: (False, False, True),
    ImpactStat.difficulty: (False, False, True),
    ImpactStat.tactics: (False, False, False),
    ImpactStat.defense: (False, False, False),
    ImpactStat.stamina: (False, False, False),
}


class ImpactPurchase(Model):
    """One purchase step: one level of one value, in ledger order (001 L112-114)."""

    stat: ImpactStat
    side: ImpactSide | None = Field(None, description="Power and Speed: the side raised.")
    maneuver: Id | None = Field(None, description="Maneuver: its id in the data pack.")
    area: ImpactArea | None = Field(None, description="Toughness and Difficulty: the area raised.")
    to_level: Annotated[int, Field(ge=0, le=2000)] | None = Field(
        None, description="The level this step reaches (Stamina: the new total), checked to be one step up."
    )

    def problem(self) -> str | None:
        """What the entry lacks (or has too much of) to name one value, or None."""
        if self.stat != ImpactStat.stamina and (self.to_level or 0) > MAX_LEVEL:
            return f"levels stop at {MAX_LEVEL}"
        names = _NAMES[self.stat]
        if (self.side is not None, self.maneuver is not None, self.area is not None) == names:
            return None
        wants = dict(zip(("side", "maneuver", "area"), names, strict=True))
        for name, needed in wants.items():
            if needed and getattr(self, name) is None:
                return f"a {self.stat} purchase names its {name}"
            if not needed and getattr(self, name) is not None:
                return f"a {self.stat} purchase has no {name}"
        return None


class ImpactAreaLevels(Model):
    """A level per body area; an area left out is at the pack's value."""

    head: Level | None = None
    left_arm: Level | None = None
    right_arm: Level | None = None
    chest: Level | None = None
    abdomen: Level | None = None
    left_leg: Level | None = None
    right_leg: Level | None = None

    def given(self) -> dict[ImpactArea, int]:
        return {ImpactArea(k): v for k, v in self.model_dump().items() if v is not None}


class ImpactDefenseTactics(Model):
    """The defensive tactics as a record sheet prints them (001 L154-156); a tactic left out is not held (0)."""

    cover_up: Level = 0
    duck_and_weave: Level = 0
    parry: Level = 0
    slip: Level = 0


class ImpactSheet(Model):
    """A fighter's final values; anything left out is at its starting value."""

    power: ImpactSidePair = ImpactSidePair()
    speed: ImpactSidePair = ImpactSidePair()
    tactics: Level = 1
    defense: Level = 1
    stamina: Annotated[int, Field(ge=0, le=2000)] = 50
    maneuvers: Annotated[dict[Id, Level], Field(max_length=200)] = {}
    toughness: ImpactAreaLevels = ImpactAreaLevels()
    difficulty: ImpactAreaLevels = ImpactAreaLevels()
    defense_tactics: ImpactDefenseTactics | None = Field(
        None, description="The tactics' levels as the sheet prints them, checked against its Defense (001 L156)."
    )


class ImpactFighter(Model):
    name: Annotated[str, Field(max_length=60)] = ""
    rank: ImpactRank = ImpactRank.white_belt
    pp_budget: Annotated[int, Field(ge=0, le=1_000_000)] | None = Field(
        None, description="Overrides the rank's PP (the table gives averages, 001 L118); reported as a warning."
    )
    ratios: ImpactRatios = ImpactRatios()
    purchases: Annotated[list[ImpactPurchase], Field(max_length=MAX_PURCHASES)] | None = Field(
        None, description="The ordered purchase ledger (the AIR and the ratio depend on order)."
    )
    sheet: ImpactSheet | None = Field(
        None, description="The final values: checked against the ledger, or replayed in a canonical order."
    )


class ImpactPackChoice(Model):
    pack: PackName = Field(PackName("default"), description="A shipped data pack by name.")
    custom_pack: ImpactPack | None = Field(None, description="An inline data pack; used instead of `pack` when given.")


class ImpactFighterRequest(ImpactPackChoice):
    fighter: ImpactFighter


class ImpactPriceRequest(ImpactPackChoice):
    fighter: ImpactFighter = Field(ImpactFighter(), description="The fighter before the purchases.")
    purchases: Annotated[list[ImpactPurchase], Field(min_length=1, max_length=MAX_QUOTES)]


# ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────


class ImpactLevelChange(Answer):
    stat: ImpactStat
    side: ImpactSide | None = None
    maneuver: str | None = None
    area: ImpactArea | None = None
    from_level: int
    to_level: int
    paid: bool = Field(description="False for a free rise: the automatic increase or the paired limb.")


class ImpactStepOutcome(Answer):
    path: str
    cost: int
    changes: list[ImpactLevelChange]


class ImpactTacticLevel(Answer):
    id: str
    name: str
    level: int
    applies: list[str]


class ImpactManeuverLevel(Answer):
    id: str
    name: str
    category: str
    level: int
    base_level: int


class ImpactAreaFigures(Answer):
    area: ImpactArea
    difficulty: int
    toughness: int
    ko_value: int


class ImpactDerived(Answer):
    rank: ImpactRank
    pp_budget: int
    pp_spent: int
    pp_left: int
    power: ImpactSidePair
    speed: ImpactSidePair
    average_speed: int = Field(description="Half the two sides' Speed, rounded down (001 L208).")
    tactics: int
    defense: int
    defense_tactics: list[ImpactTacticLevel]
    stamina_max: int
    maneuvers: list[ImpactManeuverLevel]
    areas: list[ImpactAreaFigures]


class ImpactFighterValidation(Answer):
    ruleset: str
    ruleset_version: str
    valid: bool
    violations: list[Finding]
    warnings: list[Finding]
    info: list[Finding]
    unsupported: list[Unsupported]
    derived: ImpactDerived | None = Field(description="Null when the request's own pack cannot be used.")
    steps: list[ImpactStepOutcome] = Field(
        description="Each purchase replayed: ledger entries, else the canonical replay."
    )


class ImpactQuote(Answer):
    path: str
    legal: bool
    cost: int
    changes: list[ImpactLevelChange]
    violations: list[Finding]


class ImpactPriceAnswer(Answer):
    ruleset: str
    ruleset_version: str
    legal: bool = Field(description="Every purchase is allowed and the PP cover them.")
    fighter_valid: bool = Field(description="The fighter before the purchases breaks no rule.")
    total_cost: int
    pp_left_before: int
    pp_left_after: int
    quotes: list[ImpactQuote]
    violations: list[Finding]
    warnings: list[Finding]
    unsupported: list[Unsupported]
    derived: ImpactDerived | None = Field(description="The fighter after the purchases; null for an unusable pack.")
