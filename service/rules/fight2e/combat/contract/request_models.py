"""The turn request: campaign options, the fight as it stands, each fighter's sheet and state, and the players'
decisions (see ``models``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ....core.protocol.models import StepRequest
from ...fighters.fighter_models import Fighter
from ...moves.models import Model  # frozen, extra="forbid", and JSON enum values taken under strict validation
from ...thugs.models import ThugBuild
from .combat_options import CombatOptions
from .decision_models import DecisionValue, GridSquare
from .model_types import (
    MAX_FIGHTERS,
    AccuracySource,
    ClimacticForm,
    DieShiftSource,
    DieTarget,
    Direction,
    FighterId,
    Figure,
    HazardKind,
    MoveId,
    OngoingEffectId,
    PositioningMode,
    Short,
    Steps,
    YellSkill,
)

# ── Request: fight state ──────────────────────────────────────────────────────────────────────────


class Positioning(Model):
    mode: PositioningMode = PositioningMode.range
    range: int | None = Field(3, ge=0, le=5, description="Mode `range`: the Range between the two fighters.")
    bands: dict[FighterId, Annotated[int, Field(ge=1, le=6)]] = Field(
        default_factory=dict, max_length=MAX_FIGHTERS, description="Mode `band`: each fighter's band."
    )
    squares: dict[FighterId, GridSquare] = Field(
        default_factory=dict,
        max_length=MAX_FIGHTERS,
        description="Mode `grid`: each fighter's square on the 5×5 Battle Grid (000 L5672–L5676).",
    )
    off_grid: list[FighterId] = Field(
        default_factory=list,
        max_length=MAX_FIGHTERS,
        description="Mode `grid`: fighters who moved off the grid from Range 4 of every opponent, out of the "
        "combat (000 L5678); they have no square.",
    )


class PreviousTurn(Model):
    initiative_leader: FighterId | None = Field(None, description="Single highest Initiative last turn, if any.")
    leader_hit: bool = Field(False, description="Whether that fighter hit an opponent last turn.")


class Hazard(Model):
    """An Environmental Hazard (000 L6067–L6229), one of the kinds the text gives rules for."""

    id: FighterId = Field(description="Stable id (letters, digits, _ and -).")
    kind: HazardKind = Field(description="Which Environmental Hazard it is.")
    band: int | None = Field(None, ge=1, le=6, description="Band Map: the band it is in (at most one per band).")
    squares: list[GridSquare] = Field(
        default_factory=list,
        max_length=25,
        description="Battle Grid: the square, or set of squares, it is in (at most one Hazard a square, 000 L6075).",
    )
    owner: FighterId | None = Field(None, description="Made by this fighter's Create Environmental Hazard move.")
    move: MoveId | None = Field(None, description="The move that made it.")
    time_left: int | None = Field(None, ge=0, le=999, description="A made Hazard: Time Count still to run.")
    since: int | None = Field(None, ge=1, le=999, description="A made Hazard: the turn it was made.")


class ThugGroupEffect(Model):
    """Something a Thug group's Element Quality left in play (000 L6626): a Bomb ticking, a Gradual Effect's later
    installments, a Suppression or a made Wall on a Fighter."""

    id: Literal["bomb", "gradual_effect", "suppression", "create_environmental_hazard"]
    target: FighterId | None = Field(None, description="The Fighter it acts on (a Bomb: none, or each one caught).")
    caught: list[FighterId] = Field(default_factory=list, max_length=MAX_FIGHTERS, description="A Bomb's blast.")
    amount: int | None = Field(None, ge=0, le=999, description="A Gradual Effect's installment.")
    time_left: int | None = Field(None, ge=0, le=999, description="Time Count still to run.")
    since: int = Field(ge=1, le=999, description="The turn it began.")
    band: int | None = Field(None, ge=1, le=6, description="A Bomb's band on a Band Map.")


class ThugGroupState(Model):
    """A Thug group as one combatant (000 L6652–L6670): one build shared by every member, how many are left, and
    its Range to each Fighter, kept pair by pair with no map."""

    id: FighterId = Field(description="Its id in keys (`T1.gang.init`); no Fighter may have it.")
    thug: ThugBuild = Field(description="The build every member shares, as `thugs/validate` takes it.")
    members: int = Field(ge=0, le=10, description="Thugs still standing; 0: the group is defeated.")
    ranges: dict[FighterId, Annotated[int, Field(ge=0, le=5)]] = Field(
        default_factory=dict,
        max_length=MAX_FIGHTERS,
        description="Its Range to each active Fighter (000 L6662–L6670).",
    )
    next_turn_events: list[Short] = Field(
        default_factory=list,
        max_length=8,
        description="Thug Events drawn last turn that act for this whole turn, by the chart's ids (000 L6738).",
    )
    action_points: int = Field(
        0,
        ge=0,
        le=99,
        description="Dramatic Combat with Thugs: the group's banked Action Points (000 L7076).",
    )
    attacked: bool = Field(
        False,
        description="Dramatic Combat with Thugs: the group has made its first attack of the fight, so a hit for top "
        "damage now earns it a point (000 L7112).",
    )
    led_and_hit: bool = Field(
        False,
        description="It alone had the highest Initiative last turn and hit a Fighter: +1 on its Initiative roll "
        "this turn, as for a Fighter (000 L6562, L5509–L5511).",
    )
    initiative_steps: int = Field(
        0,
        ge=0,
        le=2,
        description="Die sizes on its Initiative roll this turn: a Critical Hit it landed last turn and kept "
        "(000 L3208).",
    )
    idle: bool = Field(
        False,
        description="Dramatic Combat with Thugs: Mind-Manipulating Magic holds the group this turn: it does nothing "
        "and defends at half its Defense, as if Stunned (000 L7285).",
    )
    dictated_by: FighterId | None = Field(
        None, description="Dramatic Combat with Thugs: this Fighter says what the group does this turn (000 L7285)."
    )
    teamed: bool = Field(
        False,
        description="Dramatic Combat with Thugs: the group teamed up with another last turn, so it gets no Action "
        "Point and makes no Team-Up this turn (000 L7219).",
    )
    spiritual: bool = Field(
        False,
        description="Dramatic Combat with Thugs: a purely spiritual or incorporeal creature (000 L7313–L7315): a "
        "Fighter unfit to fight spirits has −2 Accuracy on it and its Life Saves +2; Call Forth Wisdom and "
        "Spirituality serve against it (000 L7317–L7323).",
    )
    effects: list[ThugGroupEffect] = Field(
        default_factory=list, max_length=20, description="What its Element Qualities left in play (000 L6626)."
    )
    band: int | None = Field(
        None,
        ge=1,
        le=6,
        description="Its band on a Band Map (000 L5652, L6664); its Ranges then follow from the bands.",
    )
    square: GridSquare | None = Field(
        None,
        description="Its square on a Battle Grid, which it occupies as a Fighter does (000 L5676); its Ranges then "
        "follow from the squares.",
    )
    side: FighterId | None = Field(
        None,
        description="Its side, as `fight.sides` names them: it fights the Fighters of the other sides and they it. "
        "None: it fights every Fighter.",
    )


class FightState(Model):
    round: int = Field(1, ge=1, le=50)
    turn: int = Field(1, ge=1, le=999)
    time_count: int = Field(99, ge=-100, le=999)
    positioning: Positioning = Field(default_factory=Positioning)
    sides: dict[FighterId, FighterId] = Field(
        default_factory=dict,
        max_length=MAX_FIGHTERS,
        description="Fighter → side; a fighter missing here is his own side.",
    )
    previous_turn: PreviousTurn | None = None
    first_hit_awarded: bool | None = Field(
        None,
        description="The first-hit Fighting Spirit refund was given (000 L5489). Left out: taken as given once "
        "any fighter's Life Bar is below his sheet's maximum or the fight is past its first round, which is right for "
        "a fight in progress; the answer always states it.",
    )
    hazards: list[Hazard] = Field(default_factory=list, max_length=12)
    thugs: list[ThugGroupState] = Field(
        default_factory=list, max_length=20, description="`thug_thrashing` turns: the Thug groups in the fight."
    )


# ── Request: fighter state ───────────────────────────────────────────────────────────────────────


class DieShift(Model):
    """A die one size larger or smaller, waiting for a fighter's next Initiative or Control roll."""

    target: DieTarget
    steps: Steps
    source: DieShiftSource | None = Field(
        None,
        description="What laid it. Left out: a shift that nothing removes early (a hit removes those of "
        "`critical_hit`, `fast_recovery`, `harry`, `slow_recovery`; a new one of the same move entry may replace it).",
    )


class PendingAccuracy(Model):
    amount: int = Field(ge=-10, le=20)
    vs: FighterId | None = Field(None, description="Only against this fighter or Thug group (Evasion bonus).")
    source: AccuracySource | None = Field(
        None, description="What left it. `evasion`: lost if he is hit before he attacks. Left out: kept until used."
    )


class Stunned(Model):
    actions_to_recover: int = Field(
        2,
        ge=1,
        le=2,
        description="Actions he still spends recovering: 2 just Stunned (the default), 1 after the first "
        "(000 L5972–L5990).",
    )


class OngoingEffect(Model):
    """An effect of a move still running (Buff, Flight, Wind Up …), or a condition the fight left on the fighter."""

    id: OngoingEffectId = Field(description="The entry (or condition) whose effect is running, e.g. `buff`, `flight`.")
    move: MoveId | None = None
    time_left: int | None = Field(None, ge=0, le=999, description="Time Count still to run; none: no limit.")
    since: int | None = Field(
        None,
        ge=-100,
        le=999,
        description="Wind Up: the Time Count when it was held; "
        "Set Up, Slow Startup, Flight, Buff and Temporary Technique: the turn it was used; "
        "`absorbed_attack`, `offensive_illusion`, `invisibility`, `triggered_interrupt`: the "
        "turn it was absorbed, earned, used or armed; `opening_move`, `multi_part_throw`: the "
        "turn its window opened; `gradual_effect`: the turn of its first installment; "
        "`gradual_effect.delayed_onset`: the turn it was primed.",
    )
    target: FighterId | None = Field(
        None,
        description="Slow Startup: the target declared when it began; "
        "`absorbed_attack`: the owner of the absorbed `move` (used as "
        "`absorbed:<move>`); `offensive_illusion`: the fighter it was used against; "
        "`multi_part_throw`: the victim; `gradual_effect` (and its `.delayed_onset`): "
        "who takes the installments.",
    )
    charges: int | None = Field(
        None,
        ge=0,
        le=99,
        description="Limited Use: charges left in the pool named by "
        "`move` (a pool absent from the list is full); Super Jump: the Ranges declared; "
        "Repeatable Buff: its stacked uses; `buff_gauge`: the Buff Gauge (0–10); Bomb: "
        "its Power Up damage bonus; `offensive_illusion`: the Ranges of its glide; "
        "`triggered_interrupt`: the instances armed; `power_enhancer`: the uses banked by "
        "the enhancer `move`; `gradual_effect` (and its `.delayed_onset`): one installment; "
        "`sustained_hold`: 1 when its first part earned the move's Glory.",
    )
    direction: Direction | None = Field(None, description="Super Jump: toward or away from `target`.")
    band: int | None = Field(None, ge=1, le=6, description="Bomb on a Band Map: its band.")
    square: GridSquare | None = Field(None, description="Battle Grid: an Ally's or a Bomb's square.")
    moved: bool = Field(False, description="Dropped Prop: its owner has moved since it fell.")
    entry: Short | None = Field(None, description="Copied move: the Element it lost (Copies Moves).")
    hazard: FighterId | None = Field(None, description="Against a Wall or in a Pit: the Hazard's id.")


class DramaticState(Model):
    """What a fighter carries from turn to turn in Dramatic Combat (000 L7066–L7325). Left out: a fighter at the
    start of a Dramatic fight."""

    action_points: int = Field(0, ge=0, le=99, description="Banked Action Points any option may use (000 L7082).")
    recovery_points: int = Field(
        0, ge=0, le=99, description="Points from an untouched Full Defense: recovery options only (000 L7227)."
    )
    healing_points: int = Field(
        0, ge=0, le=99, description="Points from Reaffirm Purpose or Realize Potential: healing only (000 L7257)."
    )
    no_point_next_turn: bool = Field(
        False, description="No point at the next Initiative: a Special Move that defeated no one (000 L7213)."
    )
    special_moves_used: list[MoveId] = Field(
        default_factory=list, max_length=120, description="Special and Super Moves used this fight (000 L7213)."
    )
    attacked: bool = Field(False, description="He has made his first attack of the fight (000 L7112).")
    may_show_off: bool = Field(
        False, description="He hit last turn and nobody else hit him: he may show off (000 L7102)."
    )
    initiative_steps: int = Field(0, ge=-3, le=3, description="Die sizes on his next Initiative (000 L7189).")
    accuracy_next_turn: int = Field(0, ge=-10, le=20, description="Athletics' bonus for this turn (000 L7150).")
    sense_ki: int | None = Field(
        None, ge=-10, le=60, description="His last Sense Ki total: the cap of his Draw Ki checks (000 L7249, L7297)."
    )
    fs_above_start: int = Field(
        0,
        ge=0,
        le=200,
        description="Fighting Spirit Draw Ki (or Meditation) took him past his starting total: his FS is "
        "`fighting_spirit` plus this (000 L7249).",
    )
    final_blow_taken: bool = Field(False, description="He has been the target of a Final Blow this fight (000 L7185).")
    presence_used: bool = Field(False, description="He has used Presence this fight (000 L7291).")
    climactic_used: bool = Field(False, description="He has used his Climactic Super Move this fight (000 L7156).")
    stand_off: FighterId | None = Field(
        None,
        description="The opponent he stands off against this turn, as both agreed at the last one's end (000 L7273).",
    )
    stand_off_also: list[FighterId] = Field(
        default_factory=list,
        max_length=8,
        description="The others in the same Stand Off besides `stand_off`, when more than two agreed to it "
        "(000 L7273).",
    )
    face_off: FighterId | None = Field(
        None,
        description="The opponent of the Ki Face Off he is locked in, settled at this turn's Initiative (000 L7237).",
    )
    face_off_bonus: int = Field(
        0, ge=0, le=40, description="The Ki Face Off's opening margin, added to his Initiative this turn (000 L7235)."
    )
    spirit_combat: bool = Field(False, description="He fights on the spirit plane of a Spirit Combat (000 L7301).")
    idle: bool = Field(
        False, description="Mind-Manipulating Magic: he does nothing this turn and defends as if Stunned (000 L7285)."
    )
    dictated_by: FighterId | None = Field(
        None, description="Mind-Manipulating Magic: this fighter says what he does this turn (000 L7285)."
    )
    yelled: YellSkill | None = Field(
        None, description="His Ki Yelling last turn went unbroken: this skill counts double this turn (000 L7281)."
    )
    stance: dict[FighterId, Annotated[int, Field(ge=0, le=20)]] = Field(
        default_factory=dict,
        max_length=8,
        description="Stance Evaluation: Accuracy and damage on his next attack on each opponent (000 L7309).",
    )
    reaffirm_ready: bool = Field(
        False, description="Last turn he was hurt and hurt no one: Reaffirm Purpose is open (000 L7257)."
    )
    returning_turns: int = Field(
        0,
        ge=0,
        le=20,
        description="Knocked out of the fight: whole turns he still spends coming back (000 L7195; one, plus one per "
        "Range beyond 5).",
    )
    friendship_boost: bool = Field(
        False,
        description="A close comrade came (back) into the fight last turn, at the Director's word: twice the "
        "Healing Life Bar limit this turn (000 L7251).",
    )
    realize_ready: bool = Field(
        False,
        description="Last turn he recovered from Stun, was hit for top damage or hit with an attack die of 1: "
        "Realize Potential is open (000 L7259–L7269).",
    )
    team_up_last_turn: bool = Field(
        False, description="He attacked in a Team-Up last turn: no Team-Up this turn (000 L7221)."
    )
    mind_controlled: bool = Field(
        False,
        description="He is under mind control, as the story has it: opponents may pull their punches to free him "
        "(000 L7205–L7207).",
    )
    freeing_tally: int = Field(
        0, ge=0, le=999, description="The damage rolled by punches pulled to free him from mind control (000 L7207)."
    )
    pulled_by: list[FighterId] = Field(
        default_factory=list,
        max_length=8,
        description="The opponents pulling their punches to free him: +1 Accuracy and Defense Total against them "
        "(000 L7207).",
    )
    climactic_form: ClimacticForm | None = Field(
        None,
        description="The form of his Climactic Super Move, Close or Ranged; from Power Level 5 he has both, as he "
        "has when it is left out (000 L7158).",
    )
    signature_moves: list[MoveId] = Field(
        default_factory=list,
        max_length=40,
        description="His Special and Super Moves whose shouted call-tag the Director rules a signature: +3 Accuracy "
        "in place of +2 (000 L7211).",
    )
    story_opportunity: bool = Field(
        False,
        description="The Director accepts a story opportunity the player named: Realize Potential without its usual "
        "conditions this turn (000 L7269).",
    )
    check_bonus: int = Field(
        0,
        ge=-10,
        le=10,
        description="The Director's bonus on his Reaffirm Purpose check when the moment suits his purpose "
        "(000 L7257), or the bonuses to interaction checks that apply to his Presence check (000 L7291), this turn.",
    )
    mind_resist_bonus: int = Field(
        0,
        ge=-10,
        le=10,
        description="His Qualities of intellect or willpower on his roll against Mind-Manipulating Magic, as the "
        "Director rules (000 L7283).",
    )
    spiritual: bool = Field(
        False,
        description="He is himself a purely spiritual or incorporeal creature (000 L7313–L7315): a Fighter unfit "
        "to fight spirits has −2 Accuracy on him; Call Forth Wisdom and Spirituality serve against him "
        "(000 L7317–L7323).",
    )
    mind_immune: bool = Field(
        False,
        description="Freed from mind control by pulled punches: immune to Mind-Manipulating Magic this fight "
        "(000 L7207).",
    )
    lost_skills: list[Annotated[str, Field(min_length=1, max_length=60, pattern=r"^[a-z_]+$")]] = Field(
        default_factory=list,
        max_length=20,
        description="Narrative Skills a Debilitating Injury took from him for the rest of the fight (000 L7175).",
    )


class FighterState(Model):
    """A fighter's combat state. The minimal state of a fighter in a fight in progress is his Life Bar and Fighting
    Spirit (plus `super_energy`, `knocked_down`, `stunned` when they apply); every other field has the value right
    for "nothing unusual" and is only needed to continue exactly from an answer of this service, which always
    returns the full state. Example: `{"life_bar": 38, "fighting_spirit": 21, "super_energy": 4}`."""

    model_config = {
        **Model.model_config,
        "json_schema_extra": {
            "examples": [
                {"life_bar": 38, "fighting_spirit": 21, Figure.super_energy: 4},
                {"life_bar": 12, "fighting_spirit": 5, "knocked_down": True},
            ]
        },
    }

    life_bar: int = Field(ge=0, le=5000)
    fighting_spirit: int = Field(ge=0, le=5000)
    fs_start: int | None = Field(None, ge=0, le=5000, description="FS at the start of the fight (refund cap).")
    super_energy: int = Field(0, ge=0, le=100)
    defeated: bool = False
    knocked_down: bool = False
    stunned: Stunned | None = None
    times_stunned_this_round: int = Field(0, ge=0, le=50)
    next_turn_dice: list[DieShift] = Field(default_factory=list, max_length=16)
    no_fs_on_init_ctrl: bool = Field(False, description="Full Offense last turn (000 L5739).")
    full_offense_streak: int = Field(0, ge=0, le=50)
    await_opening: int = Field(0, ge=0, le=50, description="Successful Await Opening turns not yet cashed in.")
    pending_accuracy: list[PendingAccuracy] = Field(default_factory=list, max_length=8)
    moves_scored_this_round: list[MoveId] = Field(
        default_factory=list,
        max_length=120,
        description="Special and Super Moves that already earned their first-hit Glory this round. "
        "Left out: none yet, right at the start of a round; later it only matters for the Glory tally.",
    )
    utility_moves_used: list[MoveId] = Field(default_factory=list, max_length=120)
    glory_this_round: int = Field(0, ge=-1000, le=10_000)
    combo_streak: int = Field(
        0,
        ge=0,
        le=200,
        description="Successive turns ending with a hitting Combo without being hit (Glory, 000 L5753, L800). "
        "Left out: 0, no streak under way.",
    )
    taunt_used: bool = False
    story_points: int | None = Field(
        None, ge=0, le=1000, description="Story Points he has left in the fight; none: the sheet's (000 L1579)."
    )
    beast_form: bool = Field(
        False,
        description="Transformations option: he is in Beast Form, as the request says "
        "(000 L5305–L5325): two Basic Qualities raised, Increased Knockback, 1 Life Bar back each "
        "turn.",
    )
    beast_energy: int = Field(
        0,
        ge=-20,
        le=20,
        description="Transformations option: Beast Energy, 0–20 in human "
        "form; in Beast Form it drains and may fall below 0 (000 L5311–L5317).",
    )
    long_combo_used: bool = Field(
        False,
        description="He attacked with a Combo of three or more attacking moves "
        "this round: no Glory for a defeat by single hits and 2-hit Combos (000 L847).",
    )
    cheap_moves_used: list[MoveId] = Field(
        default_factory=list,
        max_length=120,
        description="Cheap moves already used this round: each later use "
        "costs 1d4 Glory (000 L4531–L4535). Cleared with moves_scored_this_round at a new round.",
    )
    ongoing_effects: list[OngoingEffect] = Field(default_factory=list, max_length=16)
    tag_waiting: bool = Field(
        False,
        description="Tag Team option: he waits on the sidelines for his side's "
        "fighter to switch him in (000 L6279); no band or Range, takes no part in the turn.",
    )
    dramatic: DramaticState | None = Field(None, description="Dramatic Combat only: his Action Points and the rest.")


class CombatFighter(Model):
    id: FighterId
    sheet: Fighter
    state: FighterState


class TurnRequest(StepRequest[DecisionValue]):
    """One turn of the fight as it stands, with the core's step fields (decisions, if_asked, rolls, seed, lenient,
    ask_every_decision): the decisions by the key each entry of `decisions_needed` gives, e.g.
    `{"T1.rei.action": {"action": "attack", "moves": ["demon_hunter_kick"]}, "T1.battle.defense": {"defense":
    "evasion", "fs": 2}}`, and the players' own dice by the key `dice_needed` gives, e.g. `{"T1.rei.init": 5}`."""

    options: CombatOptions = Field(default_factory=CombatOptions)
    fight: FightState = Field(default_factory=FightState)
    fighters: list[CombatFighter] = Field(min_length=1, max_length=MAX_FIGHTERS)
