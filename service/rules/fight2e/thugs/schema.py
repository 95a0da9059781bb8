"""Typed schema of the Thug data (``data/thugs/*.yaml``): the Thug Point tables and the Thug trait lists."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field, field_validator, model_validator

from ..catalogue.schema import REF_PATTERN, Frozen

TraitId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$", max_length=60)]


def _check_ref(v: str) -> str:
    if not REF_PATTERN.match(v):
        raise ValueError(f"ref must look like '000 L6509–L6543', got {v!r}")
    return v


class ThugLasting(StrEnum):
    """What a Thug group's hit leaves in play (a Bomb: the group's action places it)."""

    bomb = "bomb"  # 000 L2849
    gradual_effect = "gradual_effect"
    suppression = "suppression"
    create_environmental_hazard = "create_environmental_hazard"


class Sourced(Frozen):
    ref: str

    _v_ref = field_validator("ref")(_check_ref)


class DieChain(Sourced):
    steps: tuple[str, ...] = Field(min_length=2)
    beyond_top: int = Field(gt=0)  # the flat bonus each step past the last die adds


class DiePrices(Sourced):
    prices: dict[str, int]
    per_step_beyond: int | None = None  # a price for steps past the chain's last die (None: none can be bought)


class AccuracyPrices(Sourced):
    prices: dict[int, int]


class PerPoint(Sourced):
    per_point: int
    minimum: int
    maximum: int | None = None


class PerTake(Sourced):
    per_take: int


class Limit(Sourced):
    value: int


class DivisorRow(Frozen):
    up_to: int
    divisor: int = Field(gt=0)


class GloryDivisors(Sourced):
    rows: tuple[DivisorRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ascending(self) -> GloryDivisors:
        ends = [row.up_to for row in self.rows]
        if ends != sorted(set(ends)):
            raise ValueError("glory divisor rows must rise strictly")
        return self


class ThreatBand(Frozen):
    low: int | None
    high: int | None
    min_threat: int = Field(ge=0)
    max_threat: int | None


class ThreatGuidelines(Sourced):
    bands: tuple[ThreatBand, ...] = Field(min_length=1)


class SagaScale(Sourced):
    steps: dict[int, int]


class ThugPointTables(Frozen):
    """``10-thug-points.yaml``."""

    die_chain: DieChain
    initiative: DiePrices
    accuracy: AccuracyPrices
    damage: DiePrices
    defense: PerPoint
    life_save: PerPoint
    threat_level: PerPoint
    quality: PerTake
    weakness: PerTake
    max_points: Limit
    glory_divisors: GloryDivisors
    threat_guidelines: ThreatGuidelines
    saga_scale: SagaScale


class StandardLists(Frozen):
    ref_qualities: str
    ref_weaknesses: str
    qualities: tuple[TraitId, ...]
    weaknesses: tuple[TraitId, ...]

    _v_refs = field_validator("ref_qualities", "ref_weaknesses")(_check_ref)


class ElementList(Sourced):
    ids: tuple[TraitId, ...]
    sub_elements: tuple[TraitId, ...] = ()
    blockable_throw_costs: dict[TraitId, float] = {}


class UniqueQuality(Sourced):
    id: TraitId
    name: str
    cost: int = Field(gt=0)
    lone: bool = False  # meant for a group of one
    requires: tuple[TraitId, ...] = ()
    damage_steps: int = 0  # die sizes the Quality adds to the group's Damage
    grants_skills: bool = False  # the group gets Narrative Skills by its Thug Points
    dramatic_action_points: int = Field(0, ge=0)  # Action Points each Dramatic turn (Dramatic Villain)
    causes_hit_stun: bool = False  # its hits cause Hit Stun as a Fighter's do (Hit Stun)
    summary: str


class ThugAttack(Sourced):
    reach: int = Field(ge=0)
    reach_by_trait: dict[TraitId, int | None]
    no_penalty_at_range_two: tuple[TraitId, ...]
    move_with_attack: int = Field(ge=0)
    move_without_attack: int = Field(ge=0)
    full_move_with_attack: tuple[TraitId, ...]
    # Traits whose hit a Fighter may try to dodge with an Agility check afterwards (000 L6704–L6706).
    agility_dodge: tuple[TraitId, ...] = ()


class Exploit(Frozen):
    difficulty: int = Field(ge=1)
    initiative_steps: int
    skills: tuple[str, ...]


class Juggle(Frozen):
    difficulty: int = Field(ge=1)
    damage: int = Field(ge=1)


class TraitInCombat(Frozen):
    """What one Thug trait does in a turn, as modifiers of the group's attack (``acts: attack``), of its hit on a
    Fighter (``on_hit``), of whom it strikes (``targets``), or nothing in a turn (``outside_combat``: it acts in the
    story, through skill checks at the group's Defense, 000 L6582; or it acts only in another sub-system)."""

    acts: str = Field(pattern=r"^(attack|on_hit|on_miss|targets|outside_combat|elsewhere)$")
    knock_back: int = Field(0, ge=0, description="Ranges a hit pushes the Fighter back (000 L6682).")
    knocks_down: bool = Field(False, description="A hit Knocks the Fighter Down (000 L6682).")
    hit_stun: bool = Field(False, description="A hit gives the Fighter Hit Stun (000 L6638).")
    stun_extra: int = Field(0, ge=0, description="Added to a hit's damage against the Stun Threshold only.")
    accuracy_vs: dict[str, int] = Field(
        default_factory=dict, description="Accuracy by the defence met: `defense` or `evasion` (Agility included)."
    )
    on_miss_vs_defense: int = Field(0, ge=0, description="Life Bar lost on a miss the Defense Skill stopped.")
    forces_evasion_move: bool = Field(False, description="A Fighter who evades it must move 2 Ranges.")
    entangles: bool = Field(False, description="Entangle's lost action and next-turn Initiative die.")
    harries: bool = Field(False, description="Harry's next-turn die on Initiative or Control.")
    juggle: Juggle | None = Field(None, description="Bounce: a Tactics check for extra damage.")
    advances: bool = Field(False, description="The group may follow a Knock Back (Knockback Advance).")
    no_stun: bool = Field(False, description="Its damage does not count against the Stun Threshold (Throw).")
    restores_stun: bool = Field(False, description="Undoes ``no_stun`` (Does Stun).")
    throw_accuracy: int = Field(0, description="Accuracy while the campaign keeps Throws unblockable.")
    priority: bool = Field(False, description="Acts first on a tie of Initiative.")
    exploit: Exploit | None = Field(None, description="A first-turn check a Fighter may buy with a Story Point.")
    invulnerable_on_tie: bool = Field(
        False, description="A hit from a Fighter tied with it in Initiative does nothing."
    )
    holds: bool = Field(False, description="Sustained Hold: Hit Stun, none of the other on-hit effects, no action.")
    critical_initiative_steps: int = Field(0, ge=0, description="Critical Hit: next Initiative's die sizes.")
    area: bool = Field(False, description="One attack on every Fighter in its reach, whatever the Thugs left.")
    damage_steps_vs_fighters: int = Field(0, description="Die sizes of damage against a Fighter (Explosive: −1).")
    farthest: int | None = Field(None, ge=0, description="The farthest Range the attack reaches, at most.")
    farthest_with: dict[TraitId, int | None] = Field(
        default_factory=dict, description="``farthest`` with one of these traits instead (None: no cap)."
    )
    spares: tuple[str, ...] = Field((), description="Fighter conditions the group will not strike.")
    no_damage: bool = Field(False, description="The Element's No Damage keyword: a hit deals no damage.")
    lasting: ThugLasting | None = Field(
        None,
        description="What a hit (a Bomb: the group's action) leaves in play (`thug_thrashing/lasting.py`).",
    )
    why: str
    ref: str


class ThugTraitLists(Frozen):
    """``20-thug-traits.yaml``."""

    standard: StandardLists
    elements: ElementList
    unique: tuple[UniqueQuality, ...]
    attack: ThugAttack
    in_combat: dict[TraitId, TraitInCombat] = Field(default_factory=dict)


class EventChart(Sourced):
    die: str
    no_event_on_even: bool
    reroll_from: int
    rerolls: int = Field(gt=0)


class ThugEvent(Sourced):
    """One row of the Thug Event chart, as the changes it makes to the rolling group."""

    id: TraitId
    name: str
    roll: int
    timing: str = Field(pattern=r"^(next_turn|immediate)$")
    members: int = 0  # members leaving (Rout), without Glory unless `glory`
    glory: bool = True
    initiative_steps: int = 0
    accuracy: int = 0
    defense_multiplier: int = 1
    life_save_multiplier: int = 1
    damage_steps: int = 0
    blocks_thug_thrashing_within: int | None = None  # Range from the group inside which opponents lose their TT
    drains_fighting_spirit_within: int | None = None  # Range inside which Fighters lose FS to a damage roll
    free_attack_defense_divisor: int | None = None  # a free attack now, the defenders' skills divided by this


class TurnFigures(Sourced):
    time_die: str
    super_energy_per_turn: int


class ThugEventData(Frozen):
    """``30-thug-events.yaml``."""

    chart: EventChart
    events: tuple[ThugEvent, ...]
    turn: TurnFigures
