"""Typed combat records of catalogue entries (rule elements).

An entry whose combat effect is a number under a condition says so in its data file under ``rules:``, as a list of
records of the kinds below. The list is validated when the catalogue loads (a malformed record fails the load),
collected per move by the combat profile, and applied at named points by one generic function per point
(``combat/registry/points.py``); what an entry grants its move itself (``PROFILE_KINDS``: a Response kind, a
movement grant, a Combo part, the roles the turn asks about by name …) is read into tables when the move's profile is
built. Entries whose effect is procedural are handled in code by registered handlers instead.

Pure data: no framework, no combat state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, model_validator

from ...core.models import Record as _Record
from .sheet_records import (
    ActsLast,
    AddsElements,
    CancelsKeyword,
    ChargePool,
    ChoiceNeedsKeyword,
    CostWith,
    EndsAttackString,
    FinishesRange,
    ForbidsChoice,
    ForbidsOnMove,
    KeepsNature,
    LendsKiSkill,
    NamesMoves,
    NeedsMove,
    NeedsOneOf,
    OneOnMove,
    OnEverySuper,
    OpensFrom,
    OptionalRule,
    PayloadAllows,
    PayloadForbids,
    PayloadShell,
    PowerUpTarget,
    SetsOption,
    SeveralTargets,
    StyleBound,
    SuperEnergySpend,
    SuperOffense,
    WaivedBy,
    sheet_options,
)
from .table_records import (
    ArmedInstances,
    BanksPower,
    BuffLimitRule,
    ChargeNeeds,
    ControlCap,
    DrainHeal,
    DrawsCloser,
    FollowUp,
    GloryRules,
    IllusionShift,
    InterruptSpecial,
    Kickable,
    MadeHazard,
    PowerlessRule,
    PowersUp,
    ReloadRule,
    StrikesThrough,
    SuperEnergyRules,
    TagCounter,
    UsesHazard,
)


class _Frozen(_Record):
    pass


class DefenceOption(StrEnum):
    """What an attack's Accuracy is compared against: the defender's option, or a Jinking response."""

    defense = "defense"
    evasion = "evasion"
    tactics = "tactics"
    defense_evasion = "defense_evasion"  # a crouching block (Defense or Evasion, 000 L5838)
    jinking = "jinking"  # Tactics-based (000 L5878)


DEFENCE_OPTIONS = tuple(DefenceOption)


class Place(StrEnum):
    """Where in the attack's moves the entry's move must stand for the record to count."""

    any = "any"
    last = "last"  # the last move of the attack (a single move is its own last)


class Trigger(StrEnum):
    """The moment a record acts."""

    on_hit = "on_hit"
    on_miss = "on_miss"
    always = "always"  # on every use, hit or miss (the book's Always keyword)


class DieRoll(StrEnum):
    """The roll a die shift changes next turn; ``either`` leaves the pick to its owner."""

    initiative = "initiative"
    control = "control"
    either = "either"


class OptionRef(_Frozen):
    """A value the move's builder chose at design for this entry (an entry option), with the value when none was
    given."""

    option: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    default: str


class DistanceBand(_Frozen):
    """Ranges at which a record counts: ``long`` for a Long Range (or any other) move, ``reach`` for a Reach Range
    one."""

    long: tuple[int, int]
    reach: tuple[int, int]

    @model_validator(mode="after")
    def _ordered(self) -> DistanceBand:
        for lo, hi in (self.long, self.reach):
            if not 0 <= lo <= hi:
                raise ValueError(f"a band runs from a low Range to a higher one, got {lo}–{hi}")
        return self


class When(_Frozen):
    """Conditions under which a record counts; every one given must hold."""

    place: Place = Place.any
    in_combo: bool = False  # only when the attack is a Combo (two moves or more)
    # A campaign switch of the combat options that must be on (e.g. ``throws_unblockable``).
    campaign: Literal["throws_unblockable"] | None = None
    distance: DistanceBand | None = None
    # Only when the move's damage was rolled (not a fixed figure) and the roll was even.
    even_damage_roll: bool = False
    # Only while the effect the entry started (an ongoing effect of the same id) lasts on its owner.
    lasting: bool = False


class Point(StrEnum):
    """The figure a modifier changes, each read at its own moment of the turn."""

    accuracy = "accuracy"  # the attack's Accuracy (D.6); unlabelled ones are part of the move's own figure
    defense_total = "defense_total"  # the owner's Defense Total (D.4), while the entry's effect lasts on him
    damage_step = "damage_step"  # the move's damage die, in sizes (E.1)
    super_energy = "super_energy"  # Super Energy the user gains when the move hits (E.5, counted at H)
    blocked_damage = "blocked_damage"  # Life Bar the defender loses when the attack misses against the option (F.1)
    primed_damage = "primed_damage"  # damage a readied move adds when it is unleashed (D.1)


class Modifier(_Frozen):
    """A number added to a figure of the turn, against the listed defence options (all when none are listed)."""

    kind: Literal["modifier"]
    point: Point
    amount: int
    vs: tuple[DefenceOption, ...] = ()
    per_instance: bool = True
    when: When = When()
    # The name it carries in the figures of the log, when it is not folded into the move's own.
    label: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")] | None = None

    @model_validator(mode="after")
    def _conditions(self) -> Modifier:
        w = self.when
        if self.point is Point.accuracy and self.label is None and (w != When(campaign=w.campaign)):
            raise ValueError(
                "an unlabelled Accuracy modifier is part of the move's own figure: a campaign condition only"
            )
        if self.point is Point.accuracy and self.label is not None and (w.campaign or w.even_damage_roll or w.lasting):
            raise ValueError("a labelled Accuracy modifier may only depend on the Range and the move's place")
        if self.point is Point.defense_total and (self.label is None or w != When(lasting=True)):
            raise ValueError("a Defense Total modifier has a label and counts while the entry's effect lasts")
        if self.point in (Point.damage_step, Point.super_energy, Point.primed_damage) and (
            w != When() or self.vs or self.label
        ):
            raise ValueError(f"a {self.point.value} modifier takes no condition, defence option or label")
        if self.point is Point.blocked_damage and (w != When() or not self.vs or self.label):
            raise ValueError("a blocked_damage modifier names the defence options it goes through, nothing more")
        return self

    def counts_vs(self, option: str) -> bool:
        return not self.vs or option in self.vs


class Knockback(_Frozen):
    """How many Ranges a hit knocks the defender back (000 L5948–L5956)."""

    kind: Literal["knockback"]
    ranges: Annotated[int, Field(ge=1, le=4)]
    # True: applies even when no move of the attack has the Knockback keyword, and before every other record.
    without_keyword: bool = False
    when: When = When()
    # How the log names the push when this record sets it (e.g. "Hurled"), with its reference; none: Knock Back.
    log: str | None = None
    ref: str = ""

    @model_validator(mode="after")
    def _conditions(self) -> Knockback:
        if self.when.lasting or self.when.distance or self.when.campaign or self.when.even_damage_roll:
            raise ValueError("a Knockback record depends only on the move's place and on the attack being a Combo")
        return self


class DieShiftNextTurn(_Frozen):
    """A die-size change to next turn's Initiative or Control (Step A.2), for the user or his target."""

    kind: Literal["die_shift_next_turn"]
    steps: Annotated[int, Field(ge=-3, le=3)]
    who: Literal["user", "target"] = "user"
    trigger: Trigger | OptionRef = Trigger.on_hit  # (``on`` would read as a boolean in YAML)
    roll: DieRoll | OptionRef = DieRoll.either
    # ``keep``: one already waiting from the same entry stands; ``replace``: the latest one replaces it.
    stacking: Literal["keep", "replace"] = "keep"
    lost_when_hit: bool = True  # a hit on its owner before next turn removes it
    when: When = When()
    # What the log says when it is gained at each moment ({roll}: the damage roll, {target}: its owner's id); a
    # moment without a note is silent.
    notes: dict[Trigger, str] = Field(default_factory=dict)
    ref: str = ""

    @model_validator(mode="after")
    def _refs(self) -> DieShiftNextTurn:
        if isinstance(self.roll, OptionRef) and self.roll.default not in tuple(DieRoll):
            raise ValueError(f"the roll's default must be one of {[d.value for d in DieRoll]}")
        if isinstance(self.trigger, OptionRef) and self.trigger.default not in tuple(Trigger):
            raise ValueError(f"the trigger's default must be one of {[t.value for t in Trigger]}")
        if self.when.lasting or self.when.distance or self.when.campaign:
            raise ValueError("a die shift depends only on the move's place, a Combo and an even damage roll")
        return self


class Denies(_Frozen):
    """Knock Down options the defender may not take against the attack when it knocks him down (E.4)."""

    kind: Literal["denies"]
    options: tuple[Literal["breakfall", "tech_roll"], ...] = Field(min_length=1)


class Misfire(_Frozen):
    """Before its results the move may fail outright: one roll of a die for the whole attack (D.1); at or below
    ``fails_at_most`` nothing of the attack (a whole Combo) has any effect."""

    kind: Literal["misfire"]
    sides: Literal[4, 6, 8, 10, 12, 20]
    fails_at_most: Annotated[int, Field(ge=1)]
    purpose: str  # how the roll is named in the answer
    note: str  # what the log says when it fails ({roll}: the roll)
    ref: str

    @model_validator(mode="after")
    def _fits(self) -> Misfire:
        if self.fails_at_most >= self.sides:
            raise ValueError("a misfire must leave the move some chance")
        return self


class Figure(StrEnum):
    """A figure of the priced move (the moves core's answer) that carries an entry's whole combat effect."""

    keywords = "keywords"  # the keywords it adds, removes or replaces (range, movement, damage kind, Combo place)
    damage = "damage"  # the damage die, its minimum roll and flat bonus
    stun = "stun"  # the Stun bonus
    glory = "glory"  # the Glory of a scoring hit
    super_energy_cost = "super_energy_cost"  # a Super Move's Super Energy cost


class Priced(_Frozen):
    """The entry's combat effect is all in the priced move's figures, which the turn reads from the profile."""

    kind: Literal["priced"]
    figures: tuple[Figure, ...] = Field(min_length=1)


class Family(_Frozen):
    """A family header with no combat effect of its own: a move takes it with one of its versions (the entries
    whose parent it is), and the versions carry the effect."""

    kind: Literal["family"]


class Lasting(_Frozen):
    """An effect the move starts on its user that lasts a Time Count (an ongoing effect with the entry's id); a new
    use starts it again from the full count, never stacked. Its end is the Time Roll's business."""

    kind: Literal["lasting"]
    count: Annotated[int, Field(ge=1, le=99)]
    note: str  # what the log says when it starts ({fighter}: its owner's id, {count}: the count)
    ref: str


class MoveFilter(_Frozen):
    """Moves that stay usable under a lock: Special Moves (Supers too) with at least one of the entries."""

    special: bool = True
    any_entries: tuple[str, ...] = ()


class UseLock(_Frozen):
    """While the entry's effect lasts on its owner, the Offensive moves of his attacks must pass ``allows``."""

    kind: Literal["use_lock"]
    allows: MoveFilter
    code: Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9_]*$")]  # the violation a locked move is reported with
    message: str  # ({fighter}: the owner's id, {move}: the locked move's name)
    ref: str


# ── what a move's entry grants the move itself, read into its combat profile when it is built ────────────────────


class Response(StrEnum):
    """A Defensive Response kind (the values of the combat contract's ``ResponseKind``, 000 L5866–L5902)."""

    anti_air = "anti_air"
    counter = "counter"
    evade_ranged = "evade_ranged"
    interrupt = "interrupt"
    mid_air_teleport = "mid_air_teleport"
    priority = "priority"
    ranged = "ranged"
    reversal = "reversal"
    sidestep_counter = "sidestep_counter"
    throw = "throw"


class GrantsResponse(_Frozen):
    """The move answers with this Defensive Response even when its keywords do not say so."""

    kind: Literal["response"]
    response: Response
    ref: str


class ProjectileLimit(_Frozen):
    """How a projectile's Liability limits the answers to it, and its own use as a Ranged Response."""

    kind: Literal["projectile_limit"]
    ranged_response_stops_it: bool = True  # the defender's Ranged Response may answer it
    reflected: bool = True  # Reflection may turn it back
    own_ranged_response: bool = True  # it answers as a Ranged Response (else only if an option buys it)
    ref: str


class Movement(_Frozen):
    """What the entry changes about moving with the move, jumping with it or reaching a jumper; a move's grants are
    the union of its entries' (the Accuracy against a Super Jump their sum)."""

    kind: Literal["movement"]
    no_fs: bool = False  # its Mobile movement costs no FS
    pass_through: bool = False  # 2 free Ranges, only to Range 0 or past the opponent
    airborne: bool = False  # the move is a jump (Jumper, Cross-Up, Anti-Air, aerial defences)
    power_dash: bool = False  # may follow the 1 FS Dash, one die size more damage
    wall_spring: bool = False  # a Special Move that may spring off the Wall
    forward_first: bool = False  # at least 1 Range forward before attacking
    full_screen: bool = False  # +1 Defense Total for the defender after a full 3-Range approach
    no_full_screen_bonus: bool = False  # the defender gets no such bonus
    reaches_super_jump: bool = False  # a Special Move that may strike a Super-Jumping fighter
    super_jump_accuracy: Annotated[int, Field(ge=0, le=4)] = 0  # Accuracy against him
    follows_knockback: bool = False  # may follow its Knock Back by as many Ranges
    ref: str


class ComboPart(StrEnum):
    """How a move's entry changes its place in a Combo and the Knock Downs around it."""

    pursuit = "pursuit"  # strikes a downed foe, follows a Knock Down (000 L3910–L3928)
    skips_knock_down = "skips_knock_down"  # the Knock Down right before it does not happen (000 L4163–L4173)
    pursuit_bounce = "pursuit_bounce"  # no Ender; a DL 8 Tactics check lets the Combo go on (000 L3930–L3936)
    delayed_knock_down = "delayed_knock_down"  # its Knock Down waits for the end of the Combo (000 L2939, L3611)
    juggle = "juggle"  # a Juggle attack, for Walls and Light fighters (000 L6185, L1457)
    bounce = "bounce"  # a DL 8 Tactics check in a Combo: +1 damage, or the later moves miss (000 L2933–L2941)
    final_knock_down = "final_knock_down"  # it knocks down only when closing the Combo (000 L3645–L3651)
    easy = "easy"  # not counted against the Combo Skill (000 L3256–L3262)
    opener = "opener"  # a Utility Combo Opener (000 L4433–L4441)


class ComboRole(_Frozen):
    """The parts the entry gives its move in a Combo."""

    kind: Literal["combo_part"]
    parts: tuple[ComboPart, ...] = Field(min_length=1)
    ref: str


class Heals(StrEnum):
    """Whom a Healing move heals."""

    heals = "heals"  # the move's die at H.1, the user by default (000 L3436–L3444)
    others = "others"  # or a fighter at Range 0–2 named with the action (000 L3446–L3450)
    not_self = "not_self"  # never the user (000 L3452–L3454)


class Healing(_Frozen):
    """The move heals, and whom."""

    kind: Literal["heals"]
    who: tuple[Heals, ...] = Field(min_length=1)
    # the design option whose value ``full`` heals the whole die rolled, any other value half of it
    share: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")] | None = None
    ref: str


class Use(StrEnum):
    """The ways of using a move besides answering as a Defensive Response."""

    attack = "attack"  # an ordinary attack with the action
    reaction = "reaction"  # a Reaction Attack


class AnswerOnly(_Frozen):
    """The move only answers as a Defensive Response: the uses the entry takes away."""

    kind: Literal["answer_only"]
    withholds: tuple[Use, ...] = Field(min_length=1)
    ref: str


class Invincible(_Frozen):
    """Invincibility: how far the user's Initiative may trail the attacker's, per instance."""

    kind: Literal["invincible"]
    margin: Annotated[int, Field(ge=1, le=10)]
    ref: str


class MoveTrait(StrEnum):
    """A role an entry gives its move that the turn's steps ask about by name, never by the entry's id."""

    partial_hit = "partial_hit"  # a Super's near miss by its instances is a partial hit (Breakthrough)
    pierces = "pierces"  # ignores Temporary Invulnerability, a Special one only unless a Super (Breaker)
    cancels = "cancels"  # a hit at Range 1 may turn into a Throw after a Tactics check (Cancel Throw)
    invulnerable = "invulnerable"  # no effect from attacks while it is under way (Temporary Invulnerability)
    vulnerable = "vulnerable"  # damage taken while it is under way is one die size higher (Vulnerability)
    priority = "priority"  # goes ahead of a tied or held action (Priority)
    hits_low = "hits_low"  # a crouching block gives nothing against it; an Evasion must move away (Hits Low)
    crouching = "crouching"  # used from a crouch: Hits Low and a downed target (Crouching)
    prone_only = "prone_only"  # used only from the ground, or after a Self-Prone move (Only When Prone)
    self_prone = "self_prone"  # leaves its user on the ground (Self-Prone)
    slow_startup = "slow_startup"  # started one turn, lands the next (Slow Startup)
    set_up = "set_up"  # readied with one action, used with a later one (Set Up)
    wind_up = "wind_up"  # held to hit harder (Wind Up)
    super_counter = "super_counter"  # a Super that answers as a Counter (Super Counter)
    projectile = "projectile"  # a projectile (Ranged)
    reduced_blast = "reduced_blast"  # an area attack one die size lower against each defender (Reduced Damage)
    triggered = "triggered"  # an Interrupt that waits for its trigger (Triggered Interrupt)
    interrupt = "interrupt"  # strikes into an opponent's attack (Interrupt)
    counter = "counter"  # only answers an attack, never opens one (Counter)
    launcher = "launcher"  # a Launcher: a Tactics check in a Combo, Increased Knockback closing it (Launcher)
    sustained_hold = "sustained_hold"  # a Throw that holds its target over turns (Sustained Hold)
    opening_throw = "opening_throw"  # opens a Multi-Part Throw that later throws link on to (Opening Throw)
    prop = "prop"  # a Prop its user carries, and may lose (Prop)
    prop_recovery = "prop_recovery"  # picks a lost Prop back up (Prop Recovery)
    limited_use = "limited_use"  # used from a pool of charges (Limited Use)
    more_charges = "more_charges"  # more charges in its pool (More Charges)
    extended_reload = "extended_reload"  # its pool reloads further (Extended Reload)
    reload = "reload"  # reloads a Limited Use pool (Reload)
    super_reload = "super_reload"  # a Super that reloads a Limited Use pool (Super Reload)
    bomb = "bomb"  # places a Bomb (Bomb)
    controlled_detonation = "controlled_detonation"  # its Bomb goes off when its user says (Controlled Detonation)
    short_timer = "short_timer"  # its Bomb has a short fuse (Short Timer)
    bomb_self_invulnerability = "bomb_self_invulnerability"  # its Bomb does not harm its user (Self Invulnerability)
    bomb_no_range = "bomb_no_range"  # its Bomb is placed where its user stands (No Range)
    assault_bomb = "assault_bomb"  # its Bomb shoots (Assault Bomb)
    no_detonation = "no_detonation"  # its Bomb never goes off by itself (No Detonation)
    multiple_bombs = "multiple_bombs"  # several of its Bombs may lie at once (Multiple Bombs)
    buff = "buff"  # starts a Buff on its user (Buff)
    early_ending = "early_ending"  # its Buff may be ended early (Early Ending)
    repeatable_buff = "repeatable_buff"  # its Buff may be stacked by using it again (Repeatable)
    super_energy_duration = "super_energy_duration"  # its Buff lasts while Super Energy is paid (Super Energy Duration)
    lowered_basic_quality = "lowered_basic_quality"  # its Buff lowers a Basic Quality (Lowered Basic Quality)
    removed_ki = "removed_ki"  # its Buff takes the Ki away (Removed Ki)
    increased_duration = "increased_duration"  # its Buff lasts longer (Increased Duration)
    decreased_duration = "decreased_duration"  # its Buff lasts less (Decreased Duration)
    defense_liability = "defense_liability"  # its Buff lowers the Defense (Defense Liability)
    buff_gauge = "buff_gauge"  # its Buff runs on a gauge (Buff Gauge)
    end_buff = "end_buff"  # ends its user's Buff (End Buff)
    end_style = "end_style"  # ends a Style's Command (End Style)
    movement_exception = "movement_exception"  # ends a Style and may move (Movement Exception)
    multi_hit = "multi_hit"  # hits several times (Multi-Hit)
    ki_access = "ki_access"  # a Super that needs the Ki to be used (Ki Access)
    increased_damage = "increased_damage"  # one more damage step per instance (Increased Damage)
    decreased_damage = "decreased_damage"  # one damage step less per instance (Decreased Damage)
    increased_accuracy = "increased_accuracy"  # one more Accuracy per instance (Increased Accuracy)
    decreased_accuracy = "decreased_accuracy"  # one Accuracy less per instance (Decreased Accuracy)
    copies_moves = "copies_moves"  # copies an opponent's move (Copies Moves)
    suppression = "suppression"  # suppresses its target's moves (Suppression)
    summon = "summon"  # calls a summoned ally (Summon)
    opening_move = "opening_move"  # opens a sequence of moves (Opening Move)
    non_finisher = "non_finisher"  # never takes the last Life Bar (Non-Finisher)
    limited_damage = "limited_damage"  # takes no Life Bar (Limited Damage)
    hurl = "hurl"  # a Throw that hurls its target (Hurl)
    throw = "throw"  # a Throw (Throw)
    temporary_technique = "temporary_technique"  # lends a technique for a while (Temporary Technique)
    modifies_super_energy = "modifies_super_energy"  # a Taunt that changes Super Energy (Modify Super Energy)
    self_stun = "self_stun"  # stuns its own user (Self Stun)
    self_damage = "self_damage"  # harms its own user (Self Damage)
    power_enhancer = "power_enhancer"  # powers up another move (Power Enhancer)
    negative_positioning = "negative_positioning"  # leaves its user badly placed (Negative Positioning)
    free_movement = "free_movement"  # a free movement (Free Movement)
    entangle = "entangle"  # entangles its target (Entangle)
    cross_up = "cross_up"  # crosses over its target (Cross-Up)
    behind_opponent = "behind_opponent"  # ends behind its target (Behind Opponent)
    sidestep_counter = "sidestep_counter"  # a Sidestep that counters (Sidestep Counter)
    no_movement = "no_movement"  # the move allows no movement (No Movement)
    fake = "fake"  # a feint that raises its user's Tactics Defense for the turn (Fake)
    perfect_hit = "perfect_hit"  # a blocked hit may still land fully on a roll (Perfect Hit)
    random_effect = "random_effect"  # a roll picks which of its designed combinations it has (Random Effect)
    limited_move = "limited_move"  # its use is limited in a way its design describes (Limited Move)
    invincible_interrupt = "invincible_interrupt"  # an Interrupt that cannot be interrupted (Invincible Interrupt)
    sidestep_setup = "sidestep_setup"  # a Sidestep opens a chance for it (Sidestep Setup)
    vulnerability_lasts = "vulnerability_lasts"  # its Vulnerability lasts a Time Count (Increased Duration)
    infinite_supers = "infinite_supers"  # Supers cost no Super Energy for a while (Infinite Supers)
    super_move_enhancer = "super_move_enhancer"  # powers up a named Super for a while (Super Move Enhancer)
    limited_choice = "limited_choice"  # only one Super is chosen for the fight (Limited Choice)
    lends_element = "lends_element"  # a Taunt that lends an Element to the next move (Element Addition)
    gradual_effect = "gradual_effect"  # its damage or healing comes in installments (Gradual Effect)
    delayed_onset = "delayed_onset"  # its installments wait for a trigger (Gradual Effect's Delayed Onset)
    invisibility = "invisibility"  # hides its user (Invisibility)
    maintains_invisibility = "maintains_invisibility"  # the hiding lasts until he is hit (Maintain Effect)


class Traits(_Frozen):
    """The roles the entry gives its move."""

    kind: Literal["trait"]
    traits: tuple[MoveTrait, ...] = Field(min_length=1)
    ref: str


class State(StrEnum):
    """A fighter's state under which every one of his attacks counts as having an entry."""

    beast_form = "beast_form"  # 000 L5319


class Granted(_Frozen):
    """Every attack of a fighter in ``state`` has the entry's other records, as if its last move had the entry:
    read wherever those records are (Beast Form's Increased Knockback, 000 L5319)."""

    kind: Literal["granted"]
    state: State
    ref: str


class OneRange(_Frozen):
    """The move connects at one Range only, the one its builder names in the entry's design ``option``."""

    kind: Literal["one_range"]
    option: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    ref: str


class Area(_Frozen):
    """The move attacks everyone else within ``radius`` of its user, or of its target when it is Ranged and
    ``around_ranged_target``; of a move's areas the widest counts."""

    kind: Literal["area"]
    radius: Annotated[int, Field(ge=0, le=4)]
    around_ranged_target: bool = False
    ref: str


class OnlyWhile(_Frozen):
    """The move may be used only while an ongoing effect (``effect``, an ongoing effect's id) is on its user."""

    kind: Literal["only_while"]
    effect: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_.]*$")]
    code: Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9_]*$")]  # the violation it is reported with
    message: str  # ({move}: the move's name)
    ref: str


class AccuracyForDamage(_Frozen):
    """Each Range cut from the move's reach trades ``accuracy`` for ``damage``."""

    kind: Literal["accuracy_for_damage"]
    accuracy: Annotated[int, Field(le=0)]
    damage: Annotated[int, Field(ge=1)]
    ref: str


class ExtendsDuration(_Frozen):
    """A Super's timed effects last ``count`` longer for each lot of ``cost`` Super Energy paid on use."""

    kind: Literal["extends_duration"]
    cost: Annotated[int, Field(ge=1)]
    count: Annotated[int, Field(ge=1)]
    ref: str


class OnlyIn(_Frozen):
    """The move may be used only while its user is in ``state``."""

    kind: Literal["only_in"]
    state: State
    ref: str


class ThugAct(StrEnum):
    """How an entry of a Fighter's move acts when the move attacks a Thug group (000 L6710–L6718): a hit forces a
    Life Save, and a group has no Hit Stun, Knock Down, Life Bar, Control, Fighting Spirit or Super Energy."""

    figures = "figures"  # through the figures the attack already reads (Accuracy, the die, Range, keywords)
    group_rule = "group_rule"  # by a rule the book gives for groups, or on the attacker: read from its other records
    target_only = "target_only"  # an effect on the target beyond its Life Save: none on a group (ruling, 000 L6568)
    response = "response"  # acts when the move defends; an attack on a group meets none (000 L6654, L6684)
    director = "director"  # through Hazards, the Director's call with Thugs (000 L6672): none in a Thug turn
    # on its user alone through a state a turn with Thugs keeps as the main turn does (000 L6646): started when the
    # move is used, checked when he names his moves, run down by the Time Roll (a Buff folded into his profile,
    # Flight, a readied Set Up or Wind Up, a banked Power Enhancer)
    kept = "kept"


class AgainstThugs(_Frozen):
    """How the entry acts when its move attacks a Thug group, or is used in a turn with Thugs; every entry a
    Special Move can carry has one (tests/unit/fight2e/thug_thrashing/test_against_thugs_data.py)."""

    kind: Literal["against_thugs"]
    acts: ThugAct
    # Only while the move has one of these keywords (a version of the entry a Thug turn cannot play otherwise).
    with_keywords: tuple[Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")], ...] = ()
    ref: str


# Records read through tables when the move's profile is built or by the one step that applies them (never
# collected at the turn's points).
PROFILE_KINDS = (
    GrantsResponse,
    ProjectileLimit,
    Movement,
    ComboRole,
    Healing,
    AnswerOnly,
    Invincible,
    Traits,
    Granted,
    OneRange,
    Area,
    OnlyWhile,
    AccuracyForDamage,
    ExtendsDuration,
    OnlyIn,
    AgainstThugs,
)


Record = Annotated[
    Modifier
    | Knockback
    | DieShiftNextTurn
    | Denies
    | Misfire
    | Lasting
    | UseLock
    | Priced
    | Family
    | GrantsResponse
    | ProjectileLimit
    | Movement
    | ComboRole
    | Healing
    | AnswerOnly
    | Invincible
    | Traits
    | Granted
    | OneRange
    | Area
    | OnlyWhile
    | AccuracyForDamage
    | ExtendsDuration
    | OnlyIn
    | AgainstThugs
    | NeedsMove
    | NamesMoves
    | OpensFrom
    | ChargePool
    | OnEverySuper
    | StyleBound
    | EndsAttackString
    | ActsLast
    | ReloadRule
    | Kickable
    | TagCounter
    | StrikesThrough
    | DrainHeal
    | IllusionShift
    | FollowUp
    | MadeHazard
    | ChargeNeeds
    | ArmedInstances
    | PowerlessRule
    | BuffLimitRule
    | UsesHazard
    | InterruptSpecial
    | DrawsCloser
    | GloryRules
    | SuperEnergyRules
    | BanksPower
    | PowersUp
    | OneOnMove
    | NeedsOneOf
    | OptionalRule
    | SuperOffense
    | PayloadShell
    | SuperEnergySpend
    | LendsKiSkill
    | CostWith
    | AddsElements
    | PowerUpTarget
    | SeveralTargets
    | ForbidsOnMove
    | SetsOption
    | WaivedBy
    | ChoiceNeedsKeyword
    | PayloadForbids
    | PayloadAllows
    | FinishesRange
    | KeepsNature
    | CancelsKeyword
    | ForbidsChoice,
    Field(discriminator="kind"),
]
RECORDS: TypeAdapter[tuple[Record, ...]] = TypeAdapter(tuple[Record, ...])


@dataclass(frozen=True)
class MoveRecord:
    """One record of one entry of a move, with the entry's instances on that move."""

    entry: str
    times: int
    record: Record


def option_refs(records: tuple[Record, ...], choices_only: bool = False) -> list[OptionRef]:
    """Every design option the records read; ``choices_only``: those whose default must be one of the option's
    choices (a roll's default may be ``either``, which no builder picks)."""
    found: list[OptionRef] = []
    for r in records:
        values = [getattr(r, "trigger", None)]
        if not choices_only:
            values.append(getattr(r, "roll", None))
        found += [v for v in values if isinstance(v, OptionRef)]
    return found


def option_names(records: tuple[Record, ...]) -> set[str]:
    """The design options the records read (the sheet's records name theirs plainly, a Power Up cap its own)."""
    caps = {c.option for c in control_caps(records)}
    return {ref.option for ref in option_refs(records)} | sheet_options(records) | caps


def control_caps(records: tuple[Record, ...]) -> list[ControlCap]:
    """The Power Up caps the records give (each reads one design option of the entry)."""
    return [r.cap for r in records if isinstance(r, PowersUp) and r.cap is not None]


def lasting_problems(records: tuple[Record, ...]) -> list[str]:
    """Records that act while the entry's effect lasts need a record that starts it."""
    starts = any(isinstance(r, Lasting) for r in records)
    needs = any(isinstance(r, UseLock) or (isinstance(r, Modifier) and r.when.lasting) for r in records)
    return (
        ["a record acts while the entry's effect lasts, but no 'lasting' record starts it"]
        if needs and not starts
        else []
    )


def option_meanings(records: tuple[Record, ...]) -> dict[str, set[str]]:
    """For each design option a die shift reads, the values it can understand: a trigger's moments, a roll's; and
    for a Power Up cap's option, the values it gives a multiple for."""
    out: dict[str, set[str]] = {}
    for cap in control_caps(records):
        out.setdefault(cap.option, set()).update(c.value for c in cap.levels)
    for r in records:
        if not isinstance(r, DieShiftNextTurn):
            continue
        if isinstance(r.trigger, OptionRef):
            out.setdefault(r.trigger.option, set()).update(t.value for t in Trigger)
        if isinstance(r.roll, OptionRef):
            out.setdefault(r.roll.option, set()).update(d.value for d in DieRoll)
    return out
