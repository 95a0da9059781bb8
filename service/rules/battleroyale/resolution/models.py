"""What every resolution shares: the fighter's state, one roll's declaration, and the step-mode answer fields
(``status``, ``dice_needed``, ``decisions_needed``, ``log``, ``events``) of the shared turn protocol."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field, model_validator

from ...core.models import JsonModel, RulesModel
from ...core.protocol.models import StepAnswer, StepEvent, StepRequest
from ..character.models import RoyaleCharacter
from ..pricing.models import SampleMoveId
from ..tables.model_types import (
    JSON_INT,
    DamageTypeIn,
    FormIn,
    Id,
    MoveKindIn,
    Name,
    RankIn,
    Ranks,
    RoyaleDamageType,
    RoyaleForm,
    RoyaleMoveKind,
    RoyaleRank,
    json_member,
)

MAX_SPIRIT_DICE = 999  # bounds of a fighter's tallies; an answer never goes past them
MAX_TRAINING_POINTS = 99_999
DecisionValue = Annotated[str, Field(min_length=1, max_length=80)]


class _In(JsonModel):
    pass


class RoyaleBoost(StrEnum):
    """A bonus taken as one more die (keep the best) or as +1 (003 L274-L276, L633-L634, L1033-L1034)."""

    die = "die"
    flat = "flat"


BoostIn = Annotated[RoyaleBoost, json_member(RoyaleBoost)]


class RoyaleStrategy(StrEnum):
    flipping_out = "flipping_out"
    playing_cagey = "playing_cagey"


StrategyIn = Annotated[RoyaleStrategy, json_member(RoyaleStrategy)]


class RoyaleFighterTrait(_In):
    """A Strength or Style as it stands in the scene."""

    id: Id
    name: Name
    rank: RankIn
    style: bool = False
    forms: Annotated[list[FormIn], Field(max_length=4)] = []
    failure_ranks: Ranks = 0
    wound_ranks: Ranks = 0


class RoyaleCyclicEffect(_In):
    """A Cyclic Attack's lasting harm: a Risky Challenge at the start of each of the fighter's actions, for as many
    turns as the Move's MOD (003 L1387-L1391)."""

    source: Id = Field(description="Who inflicted it.")
    tn: Annotated[int, Field(ge=2, le=40), JSON_INT]
    turns_left: Annotated[int, Field(ge=1, le=20), JSON_INT]
    damage_type: DamageTypeIn = RoyaleDamageType.wound


class RoyaleBinding(_In):
    """A Binding: a Challenge the fighter must overcome, at the Move Rank's TN, before it lifts (003 L1369-L1375).
    What it limits is the GM's description; the fighter may spend its action trying to break it (L767-L768)."""

    source: Id
    tn: Annotated[int, Field(ge=2, le=40), JSON_INT]


class RoyaleFighter(_In):
    """A fighter's state between rounds; the answer returns it updated. The traits may come from a character
    sheet (``sheet``, the shape characters/validate takes), so a validated sheet can be played."""

    id: Id
    name: Name | None = Field(None, description="Left out: the sheet's name, else the id.")
    pc: bool = Field(True, description="A player character (wins ties against NPCs, 003 L445, L455).")
    spirit_dice: Annotated[int, Field(ge=0, le=MAX_SPIRIT_DICE), JSON_INT] = 0
    traits: Annotated[list[RoyaleFighterTrait], Field(max_length=30)] = Field(
        [], description="Its Strengths and Styles now; with `sheet`, these win over the sheet's by id."
    )
    sheet: RoyaleCharacter | None = Field(
        None,
        description="A character sheet as characters/validate takes it: its core Strengths (ids `motivation`, "
        "`past`, `focus`), Strengths and Styles, with their Damage Ranks, become `traits` (the six Forms only: a "
        "custom Form has no rule to apply). The answer gives the fighter back with `traits`.",
    )
    harmonized: Id | None = Field(None, description="The Style harmonized now (003 L235-L241).")
    minions: Annotated[int, Field(ge=0, le=50), JSON_INT] = Field(
        0, description="2 or more: a Minion Gang of that many, its one Strength the first trait (003 L732-L741)."
    )
    strategy: StrategyIn | None = Field(None, description="A Combat Strategy still running from the last action.")
    mostly_dead: bool = Field(False, description="Hit Absolute Zero in a fight with Wound Ranks (003 L813-L815).")
    damaged_this_scene: bool = False
    zeroed_this_scene: bool = False
    training_points: Annotated[int, Field(ge=0, le=MAX_TRAINING_POINTS), JSON_INT] = Field(
        0, description="Earned so far (a tally)."
    )
    dead: bool = Field(False, description="Slain by a Death Blow while Mostly Dead (003 L818-L825).")
    cyclic: Annotated[list[RoyaleCyclicEffect], Field(max_length=10)] = []
    bindings: Annotated[list[RoyaleBinding], Field(max_length=10)] = []

    @model_validator(mode="after")
    def _from_sheet(self) -> RoyaleFighter:
        """The sheet's traits, then the given ``traits`` over them by id (their state now) and after them; a
        fighter with no trait at all has no Strength left: Absolute Zero (003 L515-L516)."""
        if self.sheet is not None:
            given = {t.id: t for t in self.traits}
            built = [given.pop(t.id, t) for t in sheet_traits(self.sheet)]
            self.traits = built + list(given.values())
            self.name = self.name or self.sheet.name
            self.sheet = None
        self.name = self.name or self.id
        return self


def sheet_traits(sheet: RoyaleCharacter) -> list[RoyaleFighterTrait]:
    """A sheet's ranked traits as a fighter's: core Strengths, Strengths, then Styles (003 L1467-L1497)."""
    out = []
    for cid in ("motivation", "past", "focus"):
        core = getattr(sheet.core, cid)
        if core is not None:
            out.append(_trait(cid, core.name, core.rank, core.failure_ranks, core.wound_ranks))
    out += [_trait(s.id, s.name, s.rank, s.failure_ranks, s.wound_ranks) for s in sheet.strengths]
    for style in sheet.styles:
        known = [RoyaleForm(f.strip().casefold()) for f in style.forms if f.strip().casefold() in set(RoyaleForm)]
        trait = _trait(style.id, style.name, style.rank, style.failure_ranks, style.wound_ranks)
        out.append(trait.model_copy(update={"style": True, "forms": known}))
    return out


def _trait(tid: str, name: str, rank: RoyaleRank, failure: int, wound: int) -> RoyaleFighterTrait:
    return RoyaleFighterTrait(id=tid, name=name, rank=rank, failure_ranks=failure, wound_ranks=wound)


class RoyaleTechniqueUse(_In):
    name: Name
    boost: BoostIn = RoyaleBoost.die


class RoyaleMoveUse(_In):
    """A Move activated on this roll: its rank replaces the Style's (003 L1237-L1241)."""

    shifts: Annotated[int, Field(ge=-6, le=10), JSON_INT] = 0
    kind: MoveKindIn = RoyaleMoveKind.basic
    signature: bool = False
    favored: bool = False
    move: Annotated[SampleMoveId, json_member(SampleMoveId)] | None = None  # type: ignore[valid-type]
    wound_ranks: bool = False
    sacrifice: Annotated[list[Id], Field(max_length=10)] = Field(
        [],
        description="A Sacrificial Gambit's Strengths, as many as the Move's MOD (Average counts as 1): 1d6 more "
        "damage each on a hit, and all Zero Out after the attack (003 L1432-L1437).",
    )


class RoyaleRollDeclaration(_In):
    """What a fighter adds to one roll; relevance is the GM's call, declared here and logged."""  # digest C1

    traits: Annotated[list[Id], Field(max_length=8)] = Field([], description="Relevant Strengths (their MODs add).")
    style: bool = Field(True, description="Use the harmonized Style's MOD (a Move's replaces it).")
    flaw: bool = Field(False, description="Rolled against a Flaw: Poor [-2] (003 L256-L257).")
    techniques: Annotated[list[RoyaleTechniqueUse], Field(max_length=8)] = []
    impressive: Annotated[list[BoostIn], Field(max_length=10)] = Field(
        [], description="Spirit Dice spent to Be Impressive, each a die or +1 (003 L632-L634)."
    )
    bonus_dice: Annotated[int, Field(ge=0, le=10), JSON_INT] = Field(
        0, description="Other bonus dice the GM grants (Form Strength, team help …)."
    )
    bonus_flat: Annotated[int, Field(ge=-20, le=20), JSON_INT] = Field(
        0, description="Other flat bonuses and penalties the GM rules (environment +2, Form weakness −2 …)."
    )
    gang_dice: Annotated[int, Field(ge=0, le=49), JSON_INT] = Field(
        0, description="A Minion Gang's pool dice used here."
    )
    gang_flat: Annotated[int, Field(ge=0, le=49), JSON_INT] = Field(
        0, description="A Minion Gang's pool dice taken as +1."
    )
    move: RoyaleMoveUse | None = None


class RoyaleRollResult(RulesModel):
    """One roll: dice kept from those rolled, plus the flat part."""

    fighter: str
    purpose: str
    faces: list[int]
    kept: list[int]
    flat: int
    total: int


class RoyaleGangPool(RulesModel):
    """A Minion Gang's bonus dice this round: one per Minion beyond the first (003 L736-L738)."""

    pool: int
    used: int


class RoyaleDamagePolicy(StrEnum):
    """Who places Damage Ranks: the player, rank by rank (``ask``), or a named policy."""

    ask = "ask"
    lowest_first = "lowest_first"  # Strengths before Styles, lowest current rank first, harmonized Style last


class RoyaleEventKind(StrEnum):
    """What an event reports; its figures are named in ``figures`` (docs in the ruleset's README)."""

    initiative = "initiative"  # who acts first (figures: spirit_dice)
    initiative_roll = "initiative_roll"  # a tie rolled off, 1d6 each (value: the last face)
    bout_split = "split"  # a Bout split (figures: attack_dice, defense_dice)
    strike_order = "strike_order"  # who strikes first in a Bout
    roll = "roll"  # one roll (amount: the total; figures: dice, keep, flat, total, face_1 …)
    harmonize = "harmonize"
    switch_out = "switch_out"
    spirit_dice = "spirit_dice"  # Spirit Dice gained or paid (amount, signed)
    bound = "bound"
    unbound = "unbound"
    cyclic = "cyclic"
    hit = "hit"  # an attack that deals damage (amount: Damage Ranks; figures: attack, defense, margin, damage)
    miss = "miss"
    move = "move"  # a Move's effect on the damage (value: the damage after it)
    damage = "damage"  # Damage Ranks put on a trait (amount; figures: the trait's ranks after)
    damage_lost = "damage_lost"  # Damage Ranks no trait can take
    zeroed_out = "zeroed_out"  # amount: the Training Points it earns
    minions_out = "minions_out"  # amount: Minions lost; value: left
    training_point = "training_point"
    absolute_zero = "absolute_zero"
    out = "out"  # a fighter who can take no part in the round (already out)
    pass_ = "pass"
    death_blow = "death_blow"
    challenge = "challenge"  # a Challenge's Target Number (figures: tn)
    success = "success"
    failure = "failure"
    tie = "tie"
    bowl_empty = "bowl_empty"
    restored = "restored"
    recovered = "recovered"


class RoyaleEvent(StepEvent[RoyaleEventKind]):
    """Something that happened in the resolution, with every figure it involves."""

    trait: Id | None = Field(None, description="The trait or Style it concerns (damage, Zero Out, harmonizing).")


class RoyaleStepRequest(StepRequest[DecisionValue]):
    """The six step fields every resolve request takes, and where the Damage Ranks go when left unsaid."""

    damage_policy: Annotated[RoyaleDamagePolicy, json_member(RoyaleDamagePolicy)] = Field(
        RoyaleDamagePolicy.ask,
        description="`ask`: each Damage Rank is a decision without a default (its choices list the `lowest_first` "
        "pick first); `lowest_first`: each Damage Rank's default is that policy's pick (asked only with "
        "`ask_every_decision`).",
    )


class RoyaleAnswer(StepAnswer):
    """The answer envelope of every Battle Royale resolution, with its rolls, log and events."""

    results: list[RoyaleRollResult] = Field(max_length=2000, description="Every roll: dice kept and the total.")
    log: list[str] = Field(max_length=4000)
    events: list[RoyaleEvent] = Field(max_length=4000)
