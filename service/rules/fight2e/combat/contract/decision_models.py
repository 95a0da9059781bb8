"""A player's decision as a turn request carries it, and the defaults of the decision points every turn meets
(see ``models``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from ...moves.models import Model  # frozen, extra="forbid", and JSON enum values taken under strict validation
from .model_types import (
    MAX_DECISION_MOVES,
    ActionType,
    AllyCheck,
    AthleticsUse,
    Choice,
    DefenseOption,
    Direction,
    DramaticBoost,
    DramaticOption,
    EvadeTechnique,
    FighterId,
    MindEffect,
    MoveId,
    ReactionKind,
    RecoveryUse,
    ResponseKind,
    SecondarySkill,
    Short,
    ThugComboMode,
    ThugWeapon,
    YellSkill,
)

# ── Request: decisions ───────────────────────────────────────────────────────────────────────────


class GridSquare(Model):
    """A square of the 5×5 Battle Grid (000 L5672): column and row, each counted 1–5 from a corner."""

    col: int = Field(ge=1, le=5, description="Column 1–5.")
    row: int = Field(ge=1, le=5, description="Row 1–5.")


class DecisionValue(Model):
    """One decision. Which fields matter depends on the decision point: the key's last part, e.g. `defense` in
    `T1.aya.defense`."""

    choice: Choice | None = None
    action: ActionType | None = None
    moves: list[MoveId] | None = Field(None, max_length=MAX_DECISION_MOVES, description="A move, or a Combo in order.")
    target: FighterId | None = None
    movement: int | None = Field(None, ge=0, le=4, description="Ranges moved before the action.")
    direction: Direction | None = None
    square: GridSquare | None = Field(
        None,
        description="Battle Grid: the square his movement ends on, `movement` squares away (straight or diagonal) "
        "and `movement` Ranges nearer to or farther from his target (000 L5680–L5682); with action `move` and "
        "`movement` 1, a square beside him at the same Range is the lateral step, +1 to his Defense Totals (000 "
        "L5684). Left out: straight (or diagonally) toward or away from the target.",
    )
    full_offense: bool | None = None
    cross_up: bool | None = None
    dash: bool | None = Field(None, description="The Dash option with a Basic attack (000 L2175–L2179).")
    wall_spring: bool | None = Field(
        None,
        description="Wall Springs option: 1 Range back to the stage border, "
        "then `movement` 3 forward into a Basic attack (000 L2237–L2239).",
    )
    fs: int | None = Field(None, ge=0, le=20, description="Fighting Spirit spent at this point.")
    init: int | None = Field(None, ge=0, le=30, description="Steps or FS put on Initiative.")
    ctrl: int | None = Field(None, ge=0, le=30, description="Steps or FS put on Control.")
    defense: DefenseOption | None = None
    full_defense: bool | None = None
    stunt_sequence: dict[FighterId, Annotated[int, Field(ge=1, le=10)]] | None = Field(
        None,
        max_length=20,
        description="Thug Thrashing: this action is a Stunt Sequence for 1 Story Point; the Thugs it takes out of "
        "each group, by the group's id (000 L6792).",
    )
    full_agility: bool | None = Field(
        None, description="Thug Thrashing: this action (or, not yet acted, the first) goes to Full Agility (000 L6704)."
    )
    response: ResponseKind | None = None
    technique: EvadeTechnique | None = Field(
        None, description="Double Jump, Back Dash, Air Dash, Hover or Wall Spring with the Defense Total (options)."
    )
    reaction: ReactionKind | None = None
    amount: int | None = Field(None, ge=-20, le=20, description="Signed Fighting Spirit on the Time Roll.")
    entry: Short | None = Field(None, description="Copies Moves: the Element the copied move loses.")
    hazard: FighterId | None = Field(None, description="An Environmental Hazard's id (interaction by Maneuver Check).")
    option: DramaticOption | None = Field(
        None, description="Dramatic Combat: the Action Point option taken at this point (000 L7138–L7325)."
    )
    boost: DramaticBoost | None = Field(None, description="Dramatic Combat: a Basic Move's bought bonus (000 L7110).")
    also: list[DramaticOption] | None = Field(
        None,
        max_length=4,
        description="Dramatic Combat: further options riding on the same attack as `option` (Basic Move Boost, Final "
        "Blow, Debilitating Injury, Surprise Attack, Pushing It), each paid (000 L7110–L7217, L7293).",
    )
    push: DramaticBoost | None = Field(
        None,
        description="Dramatic Combat: what Pushing It adds +4 to on an attack, the attack roll or the damage "
        "(000 L7293); `boost` serves when Pushing It is the only option.",
    )
    athletics: AthleticsUse | None = Field(None, description="Dramatic Combat: how Athletics is used (000 L7150).")
    points: int | None = Field(
        None,
        ge=0,
        le=40,
        description="Dramatic Combat: Action Points spent at this point (Healing Life Bar), or damage given up "
        "(Knocking an Opponent out of Combat).",
    )
    mind: MindEffect | None = Field(
        None, description="Dramatic Combat: what a successful Mind-Manipulating Magic does (000 L7285)."
    )
    power_for: Annotated[str, Field(min_length=1, max_length=60, pattern=r"^[a-z_]+$")] | None = Field(
        None,
        description="Dramatic Combat: the skill his Power stands in for this turn, where the Director allows it "
        "(000 L7289), e.g. `athletics`.",
    )
    narrative_skill: Annotated[str, Field(min_length=1, max_length=60, pattern=r"^[a-z_]+$")] | None = Field(
        None,
        description="Dramatic Combat: the Narrative Skill a Debilitating Injury takes from its target for the rest "
        "of the fight, e.g. `athletics`; left out, it takes his Action Points (000 L7172–L7175).",
    )
    raise_skill: SecondarySkill | None = Field(
        None,
        description="Dramatic Combat: the skill a Gadgeteering, Magic or Psychic check is to raise this turn "
        "(000 L7277).",
    )
    skill: YellSkill | None = Field(
        None, description="Dramatic Combat: the skill a Ki Yelling is to double next turn (000 L7281)."
    )
    recovery: RecoveryUse | None = Field(
        None,
        description="Dramatic Combat: what Reaffirm Purpose or Realize Potential gives, Fighting Spirit or "
        "healing-only Action Points (000 L7257, L7271).",
    )
    weapon: ThugWeapon | None = Field(
        None,
        description="Thug Thrashing: the attack's Basic Moves are made with a melee weapon or a gun, the Director "
        "permitting (000 L6796–L6800, L6848).",
    )
    combo_mode: ThugComboMode | None = Field(
        None, description="Thug Thrashing: a Combo's points lower the save or make more Thugs save (000 L6574)."
    )
    agility: bool | None = Field(
        None,
        description="Thug Thrashing: Agility (or Acrobatics at half) in place of Evasion against a group "
        "(000 L6700, L6708).",
    )
    ally_check: AllyCheck | None = Field(
        None,
        description="With `choice: check`: the Check is made by his "
        "summoned Ally, or aimed at the target's Ally (Band Map, 000 L4199).",
    )

    @model_serializer(mode="wrap")
    def _compact(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Only the fields that say something: an unset field is left out rather than sent as null."""
        return {k: v for k, v in handler(self).items() if v is not None}


# The defaults of the decision points every turn meets, built once: the model is frozen, so they are shared.
NO_FS = DecisionValue(fs=0)
NO_AMOUNT = DecisionValue(amount=0)
NO_INIT_CTRL = DecisionValue(init=0, ctrl=0)
ACT = DecisionValue(choice=Choice.act)
