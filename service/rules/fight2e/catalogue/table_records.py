"""Records that give an entry's row in one of the turn's tables: a figure or a kind the turn reads at one named place
(``combat/state/entry_tables.py`` ``of_records`` builds each table from them). A new entry of the same sort is its
data alone.

Pure data: no framework, no combat state.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...core.models import Record as _Record
from .sheet_records import EntryId


class Reload(StrEnum):
    """How a Limited Use pool is refilled, when not by the Reload Command Move."""

    never = "never"  # the move's own pool, never refilled (No Reload, 000 L4632–L4636)
    by_move = "by_move"  # only a Reload Special Move refills it (Special Move Reload, 000 L4638–L4642)


class ReloadRule(_Record):
    """The entry sets how its move's Limited Use pool is refilled."""

    kind: Literal["reload_rule"]
    reload: Reload
    ref: str


class Kickable(_Record):
    """A Bomb of the move may be kicked by a Basic Move: each ``damage_per_band`` of the kick's damage (rounded up)
    moves it one band."""

    kind: Literal["kickable"]
    damage_per_band: Annotated[int, Field(ge=1, le=10)]
    ref: str


class TagCounter(_Record):
    """A waiting partner may launch the move as a Tag Counter, paying ``super_energy``."""

    kind: Literal["tag_counter"]
    super_energy: Annotated[int, Field(ge=0, le=100)]
    ref: str


class StrikesThrough(_Record):
    """The move still strikes after its own failed Defensive Response of ``response`` (a ``ResponseKind`` value)."""

    kind: Literal["strikes_through"]
    response: Literal["priority"]
    ref: str


class Heal(StrEnum):
    """What a draining move heals its user at H.1."""

    taken = "taken"  # the Life Bar the hit took, all or half (000 L3232–L3244)
    own_roll = "own_roll"  # the move's own die, all or half, hit or miss (000 L3248–L3254)


class DrainHeal(_Record):
    """The entry sets what its move heals its user; a modifier's row replaces its base entry's (read last)."""

    kind: Literal["drain_heal"]
    heal: Heal
    ref: str


class IllusionShift(_Record):
    """A Defensive Illusion's shift may cover ``fewest`` to ``most`` Ranges; the widest row the move has wins."""

    kind: Literal["illusion_shift"]
    fewest: Annotated[int, Field(ge=0, le=4)]
    most: Annotated[int, Field(ge=0, le=4)]
    ref: str


class FollowUp(_Record):
    """The move only follows an opening move carrying ``opener`` (named by the follow-up's design option of that
    name): straight after it in a Combo, or while the window it opened lasts."""

    kind: Literal["follow_up"]
    opener: EntryId
    ref: str


class MadeHazard(_Record):
    """What Create Environmental Hazard or one of its modifiers changes about the Hazard the move makes; a move's
    rows are taken together (``hazard``: the last row naming one wins, a modifier coming after what it modifies)."""

    kind: Literal["made_hazard"]
    makes: bool = False  # the move makes a Hazard
    hazard: Literal["wall", "pit", "damaging"] | None = None  # the Hazard it makes, whatever the option says
    damaging: bool = False  # it hurts as its maker's Ki Special Move
    count: Annotated[int, Field(ge=0, le=20)] = 0  # its Time Count, the largest row's
    at_once: Annotated[int, Field(ge=1, le=4)] = 1  # how many of the maker's Hazards may be in play, the largest
    reflects: bool = False  # a made Wall turns Ranged Special Moves back
    ref: str

    @model_validator(mode="after")
    def _changes_something(self) -> MadeHazard:
        if not (self.makes or self.hazard or self.damaging or self.count or self.at_once > 1 or self.reflects):
            raise ValueError("a made_hazard record changes nothing about the Hazard")
        return self


class Preparation(StrEnum):
    """What a charge move needs just before it, besides 2 spare Control or 3 Control of moves before it."""

    away = "away"  # 1 Range or more away just before, standing at Range 4, or the last attack blocked (Charge Back)
    guard = "guard"  # the last attack on him stopped in one of the listed ways
    step = "step"  # a 1-Range step toward the target on the ground, for 1 FS (or standing at Range 0)


class ChargeNeeds(_Record):
    """The entry makes its move a charge move: what must come before it (``guards``: for ``guard``, how the last
    attack on the user must have been stopped); ``need`` is what a refusal says is missing."""

    kind: Literal["charge"]
    preparation: Preparation
    need: str = Field(min_length=1)
    guards: tuple[Literal["defense", "crouch", "evasion", "aerial_block"], ...] = ()
    ref: str

    @model_validator(mode="after")
    def _guards_for_a_guard(self) -> ChargeNeeds:
        if (self.preparation is Preparation.guard) != bool(self.guards):
            raise ValueError("a charge record lists the guards exactly when its preparation is a guard")
        return self


class ArmedInstances(_Record):
    """How many armed instances of the entry's Triggered Interrupt move may wait at once (``most``; none: no limit);
    the largest the move has wins."""

    kind: Literal["armed_instances"]
    most: Annotated[int, Field(ge=1, le=10)] | None
    ref: str


# ── flags: what a move's entries grant at one place of the turn (the union of its entries' rows) ─────────────


class Powerless(StrEnum):
    """How an entry meets a primed Powerless Set Up move."""

    primes = "primes"  # once primed, his other Special and Super Moves are locked (000 L4137–L4141)
    exempt = "exempt"  # usable while one is primed, or (as designed) only then (000 L4143–L4147)


class PowerlessRule(_Record):
    """The entry's part in the Powerless lock."""

    kind: Literal["powerless"]
    role: Powerless
    ref: str


class BuffLimit(StrEnum):
    """What a Buff modifier does to the buffed fighter while it lasts, or when it ends."""

    movement_only = "movement_only"  # only movement, and End Buff moves with Early Ending (000 L3027–L3033)
    rooted = "rooted"  # no movement at all (000 L3035–L3039)
    drains_life = "drains_life"  # Power Level of Life Bar before H.1 each buffed turn (000 L3011–L3015)
    stuns_after = "stuns_after"  # Stunned from the next turn once the Buff ends (000 L3057–L3063)
    shares_duration = "shares_duration"  # its Flight or Temporary Technique lasts as long (000 L3071–L3075)


class BuffLimitRule(_Record):
    """What the Buff modifier limits or adds."""

    kind: Literal["buff_limit"]
    limit: BuffLimit
    ref: str


class HazardUse(StrEnum):
    """How a move's entry uses the Environmental Hazards."""

    needs = "needs"  # only against a target at the named Hazard (000 L4787–L4791)
    banks = "banks"  # +1 Accuracy off a Wall, +2 off a Corner (000 L4067–L4073)
    carries = "carries"  # 1 FS carries both 1 band toward a Hazard (000 L4349–L4357)
    shifts = "shifts"  # after the Knock Back, a Maneuver Check shifts someone into a Hazard (000 L3794–L3810)


class UsesHazard(_Record):
    """How the entry's move uses the Environmental Hazards."""

    kind: Literal["hazard_use"]
    use: HazardUse
    ref: str


class Special(StrEnum):
    """What a successful Interrupt with the move does beyond striking."""

    absorbs = "absorbs"  # holds a Ranged Special Move for one later use (000 L2761–L2775)
    absorbs_any = "absorbs_any"  # any attack, not only a Ranged one (000 L2777–L2781)
    transforms = "transforms"  # the absorbed damage becomes Super Energy or FS instead (000 L2789–L2793)
    reflects = "reflects"  # the Ranged Special Move flies back (000 L4087–L4097)
    shifts = "shifts"  # a free 2-Range move either way (Defensive Illusion, 000 L3482–L3492)
    glides = "glides"  # +n Tactics, then a glide next turn (Offensive Illusion, 000 L3500–L3506)


class InterruptSpecial(_Record):
    """What the entry's successful Interrupt does beyond striking."""

    kind: Literal["interrupt_special"]
    specials: tuple[Special, ...] = Field(min_length=1)
    ref: str


class Draw(StrEnum):
    """How a Draw Closer move's Knock Back brings the two fighters together."""

    pull = "pull"  # the target comes in, not past Range 0 (000 L4001–L4009)
    move = "move"  # the attacker goes in instead (Move Closer, 000 L4019–L4027)
    optional = "optional"  # each use picks drawing in or ordinary Knock Back (Optional Draw In, 000 L4011–L4017)


class DrawsCloser(_Record):
    """How the entry's Knock Back draws the fighters together."""

    kind: Literal["draw_closer"]
    draws: tuple[Draw, ...] = Field(min_length=1)
    ref: str


class GloryRule(StrEnum):
    """How a move's entry changes the Glory its use earns."""

    earns_none = "earns_none"  # never its own Glory (Cheap, 000 L4529–L4533)
    reuse_costs = "reuse_costs"  # each later use in the round costs 1d4 Glory (Cheap, 000 L4533–L4535)
    taunts = "taunts"  # the Basic Taunt's 1d4 Glory besides its own (Taunt, 000 L4273–L4281)


class GloryRules(_Record):
    """How the entry changes the Glory its move's use earns."""

    kind: Literal["glory"]
    rules: tuple[GloryRule, ...] = Field(min_length=1)
    ref: str


class SuperEnergyRule(StrEnum):
    """How a move's entry changes the Super Energy its use earns or spends."""

    earns_none = "earns_none"  # the move earns no Super Energy (No Super Energy, 000 L4723–L4727)
    spends = "spends"  # a Special Move that spends Super Energy, yet no Super (000 L4864–L4868)


class SuperEnergyRules(_Record):
    """How the entry changes its move's Super Energy."""

    kind: Literal["super_energy_rule"]
    rule: SuperEnergyRule
    ref: str


class Banking(StrEnum):
    """How a Power Enhancer modifier changes the banked uses."""

    adds_element = "adds_element"  # a step adds the named Element instead of a die size (000 L3842–L3850)
    may_hold = "may_hold"  # the owner may keep the bank when a named move is used (Delayed Onset, 000 L3834–L3840)


class BanksPower(_Record):
    """How the Power Enhancer modifier changes the banked uses."""

    kind: Literal["banking"]
    way: Banking
    ref: str


class PowerUp(StrEnum):
    """What a Power Up entry lets extra Control (or Life Bar) buy before the roll."""

    powers_up = "powers_up"  # extra damage, in its Control or Life Bar version (000 L3852–L3866)
    buys_elements = "buys_elements"  # the design's listed Elements, in order (Extra Elements, 000 L3870–L3876)
    raises_cap = "raises_cap"  # extra Control up to 2× or 3× the Level (Enhanced Power Up, 000 L3878–L3886)


class CapLevel(_Record):
    """A value of the cap's design option and the multiple of the move's Level it allows."""

    value: str
    times: Annotated[int, Field(ge=1, le=10)]


class ControlCap(_Record):
    """How far the extra Control for Elements may go: the entry's design option ``option`` and, for each of its
    values, the multiple of the move's Level (Enhanced Power Up's 2× or 3×, 000 L3880–L3886)."""

    option: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    levels: tuple[CapLevel, ...] = Field(min_length=1)

    def times(self, chosen: object) -> int:
        """The multiple for the value chosen at design; the lowest one when none (or an unknown one) was."""
        # ruling: no value chosen reads as the 1-Element value, the lowest multiple (000 L3880–L3886)
        return next((c.times for c in self.levels if c.value == chosen), min(c.times for c in self.levels))


class PowersUp(_Record):
    """What the Power Up entry lets extra Control buy; ``cap`` is given exactly when it raises the cap."""

    kind: Literal["power_up"]
    buys: tuple[PowerUp, ...] = Field(min_length=1)
    cap: ControlCap | None = None
    ref: str

    @model_validator(mode="after")
    def _cap_with_raise(self) -> PowersUp:
        if (PowerUp.raises_cap in self.buys) != (self.cap is not None):
            raise ValueError("a power_up record gives a cap exactly when it buys raises_cap")
        return self


# read as flag tables by the combat's elements, never in a Dramatic turn's records (they have their own steps there)
FLAG_KINDS = (
    PowerlessRule,
    BuffLimitRule,
    UsesHazard,
    InterruptSpecial,
    DrawsCloser,
    GloryRules,
    SuperEnergyRules,
    BanksPower,
    PowersUp,
)
TABLE_KINDS = (
    ReloadRule,
    Kickable,
    TagCounter,
    StrikesThrough,
    DrainHeal,
    IllusionShift,
    FollowUp,
    MadeHazard,
    ChargeNeeds,
    ArmedInstances,
    *FLAG_KINDS,
)
