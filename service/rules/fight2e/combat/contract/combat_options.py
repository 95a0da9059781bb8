"""The campaign options of a turn request: the book's defaults, the switches for the readings the service takes
where the book leaves a choice open, and the options of Dramatic Combat and Thug Thrashing (see ``models``)."""

from __future__ import annotations

from pydantic import Field

from ...moves.models import Model  # frozen, extra="forbid", and JSON enum values taken under strict validation
from .model_types import (
    Subsystem,
)

# ── Request: options ───────────────────────────────────────────────────────────────────────────────


class DramaticOptions(Model):
    """Dramatic Combat's campaign switches (000 L7070, L7082, L7112)."""

    action_points_per_turn: int = Field(1, ge=1, le=2, description="2 for an epic fight (000 L7082).")
    full_life_bar: bool = Field(False, description="An epic fight keeps the whole Life Bar (000 L7082).")
    first_attack_knockout: bool = Field(
        False,
        description="The Director knocks out at once a target of a first attack that hits for top damage of at "
        "least his Power Level (000 L7112; ruling C6).",
    )
    team_ups: bool = Field(
        True, description="Attacks may be combined in a Team-Up; false: the Director rules they may not (000 L7221)."
    )


class ThugThrashingOptions(Model):
    """Thug Thrashing's campaign switches (000 L6746, L6804) and the readings the service takes."""

    events: bool = Field(True, description="Each group rolls on the Thug Event chart at the end of a turn (000 L6746).")
    more_realistic: bool = Field(
        False, description="A Fighter counts half his Thug Thrashing level for extra actions (000 L6804)."
    )
    combined_defense_fee: bool = Field(
        True,
        description="Defense and Evasion (or Agility) together cost 1 Fighting Spirit as in the main rules "
        "(000 L5838); false follows the book's Example of Thug Thrashing, which charges nothing for it "
        "(000 L7012, L7054).",
    )
    saga_scale: int = Field(
        1,
        ge=1,
        le=1000,
        description="Saga Scale: each Thug stands for 1 (none), 10, 100 or 1000 people; every group's attributes "
        "go up one step per step of the scale, a Fighter's Thug Thrashing is halved per step, and a Special Move "
        "stops his Thug Thrashing for the turn but multiplies its Glory (000 L6806–L6822).",
    )


class CombatOptions(Model):
    """Campaign options with the book's defaults, and switches for the readings the service takes where the book
    leaves a choice open."""

    subsystem: Subsystem = Field(
        Subsystem.main,
        description="The combat system: the Main Combat System, Thug Thrashing (000 L6493), Dramatic Combat "
        "(000 L7066) or both together (000 L7074): `dramatic_thug_thrashing` plays the groups in `fight.thugs` "
        "against Fighters who follow the Dramatic rules.",
    )
    time_limit: bool = Field(True, description="Timed rounds (000 L5362–L5368).")
    time_start: int = Field(99, ge=1, le=999, description="Time Count at the start of a round (000 L6055).")
    throws_unblockable: bool = Field(True, description="The Throw Element's +1 Accuracy (000 L4345).")
    throws_do_stun: bool = Field(False, description="All Throws count toward Stun (000 L4365).")
    super_energy_max: int = Field(10, ge=1, le=60, description="10, or 30 with three-tier Supers (000 L5331–L5333).")
    super_tiers: bool = Field(False, description="Three-tier Super Moves (000 L5289–L5295).")
    super_moves_do_stun: bool = Field(False, description="Super Moves count toward Stun (000 L5232).")
    simplified_hit_stun: bool = Field(False, description="Hit Stun simply costs the action (000 L5932–L5934).")
    simplified_simultaneous_initiative: bool = Field(False, description="000 L5563–L5569.")
    aerial_blocks: bool = Field(False, description="000 L5840.")
    voluntary_stay_down: bool = Field(False, description="000 L5964.")
    pursuit_attacks: bool = Field(False, description="The Basic Pursuit Attack for everyone (000 L2147–L2163).")
    hit_downed_attacks: bool = Field(False, description="Any move may hit a Knocked Down foe at −4 (000 L2165).")
    sweeps: bool = Field(False, description="The Sweep Basic Move (000 L2107–L2123).")
    taunts: bool = Field(False, description="The Taunt (000 L2127–L2141).")
    transformations: bool = Field(
        False,
        description="Transformations campaign option: Beast Energy and Beast Form for every fighter (000 L5305–L5325).",
    )
    dash: bool = False
    back_dash: bool = False
    breakfall: bool = False
    tech_roll: bool = False
    air_dash: bool = False
    sidestep: bool = False
    super_jump: bool = False
    hover: bool = False
    wall_springs: bool = False
    double_jumps: bool = False
    tag_team: bool = Field(
        False,
        description="Tag Team combat: one fighter of a side fights, his partners wait "
        "(`tag_waiting`) for a switch (000 L6277–L6295).",
    )
    super_energy_basic_attacks_count: bool = Field(
        True,
        description="Our reading: a Basic Move attack on its own earns its 1 Super Energy; false reproduces the "
        "book's Example of Combat.",
    )
    leader_bonus: bool = Field(
        True, description="Our reading: last turn's Initiative leader who hit gets +1 Initiative."
    )
    additional_glory_awards: bool = Field(
        True,
        description="The Additional Glory Awards chart's combat entries "
        "(000 L826–L857); the Example of Combat leaves them out.",
    )
    glory_level_ratio: bool = Field(True, description="Higher-PL fighter's Glory × low PL / high PL (000 L806–L808).")
    dramatic: DramaticOptions = Field(default_factory=DramaticOptions, description="Used with `dramatic`.")
    thug_thrashing: ThugThrashingOptions = Field(
        default_factory=ThugThrashingOptions, description="Used with `thug_thrashing`."
    )
    ask_every_decision: bool = Field(
        False,
        description="The same as the request's `ask_every_decision` (kept for older requests): a decision with a "
        "book default is asked for instead of defaulted.",
    )
