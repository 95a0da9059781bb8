"""The contract of Impact's turn: the fight as it stands and each fighter's declaration in; the fight after the
turn, the rolls, a log and typed events out (or the dice and decisions still needed, in step mode)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ...core.protocol.models import StepAnswer, StepEvent, StepRequest
from ..base import JsonModel
from ..fighter.models import ImpactAreaLevels, ImpactFighter, ImpactPackChoice
from ..pack import Id
from ..tables.vocabulary import ImpactArea, ImpactGroundRule, ImpactLean, ImpactRange, ImpactSide

DecisionValue = Annotated[str, Field(min_length=1, max_length=60)]  # one of the decision's choices' values
MAX_COUNT, MAX_MOD, MAX_DAMAGE = 100, 30, 1000
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Mod = Annotated[int, Field(ge=-MAX_MOD, le=MAX_MOD)]
MAX_FIGHTERS = 6
MAX_TURN = 100_000


class Model(JsonModel):
    pass


class ImpactSpFamily(StrEnum):
    """Which kind of maneuver the fighter's Setup Points were earned for (001 L204)."""

    strike = "strike"
    grapple = "grapple"


class ImpactOut(StrEnum):
    knocked_out = "knocked_out"
    dead = "dead"


class ImpactNextMods(Model):
    """Bonuses and penalties waiting for the fighter's next maneuver (misc maneuvers and variations, 001 L693-711)."""

    speed: Mod = 0
    test: Mod = 0
    damage: Mod = 0


class ImpactLastManeuver(Model):
    """The fighter's previous maneuver, for a Riposte (001 L709)."""

    maneuver: Annotated[str, Field(max_length=40)]
    parried_side: ImpactSide | None = Field(None, description="The side of the attack parried, when it was a Parry.")
    parried_kick: bool = Field(False, description="The attack parried was a kick.")


class ImpactAreaDamage(Model):
    """Damage marked on each area; an area left out has none."""

    head: Annotated[int, Field(ge=0, le=MAX_DAMAGE)] = 0
    left_arm: Annotated[int, Field(ge=0, le=MAX_DAMAGE)] = 0
    right_arm: Annotated[int, Field(ge=0, le=MAX_DAMAGE)] = 0
    chest: Annotated[int, Field(ge=0, le=MAX_DAMAGE)] = 0
    abdomen: Annotated[int, Field(ge=0, le=MAX_DAMAGE)] = 0
    left_leg: Annotated[int, Field(ge=0, le=MAX_DAMAGE)] = 0
    right_leg: Annotated[int, Field(ge=0, le=MAX_DAMAGE)] = 0

    def given(self) -> dict[ImpactArea, int]:
        return {ImpactArea(k): v for k, v in self.model_dump().items() if v}


class ImpactFighterState(Model):
    """A fighter's place in the fight; anything left out is as at the start of a fight (001 L308)."""

    stamina: Annotated[int, Field(ge=0, le=2000)] | None = Field(None, description="Null: the sheet's maximum.")
    sp: Count = Field(0, description="Setup Points held (001 L198-204).")
    sp_family: ImpactSpFamily = ImpactSpFamily.strike
    damage: ImpactAreaDamage = Field(ImpactAreaDamage(), description="Damage marked on each area.")
    toughness: ImpactAreaLevels = Field(ImpactAreaLevels(), description="Lowered Toughness; null: the sheet's.")
    knocked_out_areas: Annotated[list[ImpactArea], Field(max_length=7)] = []
    knocked_down: bool = Field(False, description="A knock-down whose -3 speed waits for the next maneuver.")
    next: ImpactNextMods = ImpactNextMods()
    bridge_bonus: Count = Field(0, description="Last turn's defensive tactic's Bridge bonus (001 L222).")
    last: ImpactLastManeuver | None = None
    out: ImpactOut | None = None
    knocked_out_by: Annotated[str, Field(max_length=40)] | None = None


class ImpactCombatant(Model):
    id: Id
    fighter: ImpactFighter
    state: ImpactFighterState = ImpactFighterState()


class ImpactPairRange(Model):
    a: Id
    b: Id
    range: ImpactRange


class ImpactHoldState(Model):
    """A sustained grappling maneuver in effect (001 L248-251, L282-294)."""

    maneuver: Id
    holder: Id
    victim: Id
    area: ImpactArea
    turns: Annotated[int, Field(ge=1, le=MAX_TURN)] = 1


class ImpactCampaign(Model):
    """The Director's calls the text leaves open, kept with the fight."""

    ground_maneuvers: ImpactGroundRule = Field(
        ImpactGroundRule.penalty_only,
        description="What a knocked-down fighter may do from the ground (001 L300); default: every maneuver.",
    )


class ImpactFight(Model):
    turn: Annotated[int, Field(ge=1, le=MAX_TURN)] = 1
    phase: Annotated[int, Field(ge=1, le=5)] = Field(
        5, description="The text's learning phase (001 L318-683): 5 plays every rule, 1 the bare basics."
    )
    fighters: Annotated[list[ImpactCombatant], Field(min_length=2, max_length=MAX_FIGHTERS)]
    ranges: Annotated[list[ImpactPairRange], Field(max_length=15)] = Field(
        [], description="The range of each pair; a pair left out is at punching range."
    )
    holds: Annotated[list[ImpactHoldState], Field(max_length=20)] = []
    campaign: ImpactCampaign = ImpactCampaign()

    def problems(self) -> list[tuple[str, str]]:
        """(path, message) of what no schema states: unique ids, and ranges and holds between the fight's fighters."""
        out = []
        ids = [c.id for c in self.fighters]
        out += [(f"fight.fighters[{i}].id", "fighter ids are unique") for i, x in enumerate(ids) if x in ids[:i]]
        known = set(ids)
        for i, r in enumerate(self.ranges):
            if r.a not in known or r.b not in known or r.a == r.b:
                out.append((f"fight.ranges[{i}]", "a range is between two fighters of the fight"))
        for i, h in enumerate(self.holds):
            if h.holder not in known or h.victim not in known or h.holder == h.victim:
                out.append((f"fight.holds[{i}]", "a hold is between two fighters of the fight"))
        return out


class ImpactAction(StrEnum):
    """What a fighter does besides a maneuver of the pack (001 L212-230, L685-703)."""

    maneuver = "maneuver"
    bridge = "bridge"
    defense = "defense"
    draw = "draw"
    beat = "beat"
    bind = "bind"
    feint = "feint"
    lead = "lead"
    stop_hit = "stop_hit"


class ImpactVariation(StrEnum):
    lunge = "lunge"
    riposte = "riposte"
    spinning_jumping = "spinning_jumping"
    stop_kick = "stop_kick"


class ImpactBridgeDirection(StrEnum):
    bridge_in = "in"
    bridge_out = "out"


class ImpactDeclaration(Model):
    """One fighter's maneuver for the turn (001 L234, L242, L591-597)."""

    fighter: Id
    action: ImpactAction = ImpactAction.maneuver
    maneuver: Id | None = Field(None, description="The pack's maneuver (also the one a Feint or Lead is built on).")
    target: Id | None = Field(None, description="The opponent; may be left out when there is only one.")
    side: ImpactSide | None = None
    area: ImpactArea | None = Field(None, description="The area aimed at; grapples use their own (001 L242).")
    lean: ImpactLean = ImpactLean.none
    variations: Annotated[list[ImpactVariation], Field(max_length=4)] = []
    tactic: Annotated[str, Field(max_length=40)] | None = Field(None, description="Defense: the tactic used.")
    direction: ImpactBridgeDirection | None = Field(None, description="Bridge: in or out.")


class ImpactTurnRequest(StepRequest[DecisionValue], ImpactPackChoice):
    """The fight as it stands and each fighter's declaration, with the step fields of the core turn protocol."""

    fight: ImpactFight
    declarations: Annotated[list[ImpactDeclaration], Field(min_length=1, max_length=MAX_FIGHTERS)]


# ── Answer ───────────────────────────────────────────────────────────────────────────────────────────────────


class ImpactEventKind(StrEnum):
    speed = "speed"
    forfeited = "forfeited"
    hit = "hit"
    miss = "miss"
    damage = "damage"
    toughness_lowered = "toughness_lowered"
    area_knocked_out = "area_knocked_out"
    knocked_down = "knocked_down"
    special = "special"
    hold = "hold"
    hold_broken = "hold_broken"
    range_changed = "range_changed"
    defended = "defended"
    stamina = "stamina"
    setup_points = "setup_points"
    knocked_out = "knocked_out"
    died = "died"
    contest = "contest"
    resistance = "resistance"
    damage_halved = "damage_halved"
    bout_over = "bout_over"


class ImpactEvent(StepEvent[ImpactEventKind]):
    """What happened, with every figure the log line prints by name (``figures``). ``value``: a Speed Test's total
    (``speed``), the hit test's margin, test total less Difficulty total (``hit``/``miss``), the Resistance total
    (``resistance``), the damage after halving (``damage_halved``), the area's damage after the blow (``damage``,
    ``amount`` the damage marked), the new Toughness, the special-effect roll, the turns a hold has lasted, the
    Setup Points and Stamina after a change (``amount`` the change) and a contest's margin or bonus (``contest``)."""

    area: ImpactArea | None = None


class ImpactOrder(Model):
    fighter: str
    total: int | None = Field(description="The Speed Test total; null when no test is made.")
    rerolls: list[int] = Field(
        [], description="A tie's whole Speed Tests rolled again, in order; the last decides (001 L377)."
    )


class ImpactAward(Model):
    fighter: str
    knock_outs: int
    knock_out_pp: int = Field(description="5 PP per opponent knocked out (001 L721).")
    unfilled_boxes: int
    health_pp: int = Field(description="Unfilled health boxes divided by 4, rounded down (001 L722).")
    total: int


class ImpactTurnAnswer(StepAnswer):
    """The core envelope (status, findings, dice and decisions needed, rolls, over/winner/out) and Impact's turn:
    the acting order, the log with its typed events, the fight after the turn and the Purchase Point awards."""

    order: list[ImpactOrder]
    log: list[str]
    events: list[ImpactEvent]
    fight: ImpactFight = Field(description="The fight after the turn (as sent while a decision is pending or refused).")
    awards: list[ImpactAward] = Field(description="With `over`: the Purchase Points each fighter earned (001 L721).")
