"""Request and answer models of Fighter validation (the book's Chapters 1–3 and Appendix B).

A request carries a Fighter as written on the sheet and the campaign's switches; the answer lists every broken
rule at once with the derived values and every move priced by the moves core.

Every number is bounded and every list has a maximum length, so no request can make the core loop or allocate
without limit. Bounds are deliberately wider than the book's ranges where a rule reports the breach itself
(a Basic Quality of 3, a negative Skill, Power Level 0): such values come back as violations, not as 4xx.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ..moves.models import EntryChoice, Finding, Model, MovePrice, Unsupported

Name = Annotated[str, Field(min_length=1, max_length=80)]
Text = Annotated[str, Field(max_length=500)]
Small = Annotated[int, Field(ge=0, le=200)]
Level = Annotated[int, Field(ge=1, le=10)]


# ── Enumerations ────────────────────────────────────────────────────────────────────────────────────


class Role(StrEnum):
    pc = "pc"
    npc = "npc"
    boss = "boss"
    sub_boss = "sub_boss"
    secret_boss = "secret_boss"


class SkillPointScheme(StrEnum):
    standard = "standard"
    hero = "hero"
    support = "support"


class SuperMoveSystem(StrEnum):
    single_tier = "single_tier"
    three_tier = "three_tier"


class AdvancementMode(StrEnum):
    glory = "glory"
    milestone = "milestone"


class BasicQualityName(StrEnum):
    strength = "strength"
    speed = "speed"
    stamina = "stamina"


class ExchangeTarget(StrEnum):
    narrative = "narrative"  # +3 Narrative Skill Points
    fighting_spirit = "fighting_spirit"  # +2 Fighting Spirit
    combat = "combat"  # +1 Combat Skill Point


class EvenLevelChoiceKind(StrEnum):
    gain_quality = "gain_quality"
    lose_weakness = "lose_weakness"
    none = "none"


class BonusCategory(StrEnum):
    accuracy = "accuracy"
    control = "control"
    damage = "damage"
    defense = "defense"


class FighterMoveKind(StrEnum):
    special = "special"
    super = "super"
    command = "command"


class FreeSource(StrEnum):
    basic_throw = "basic_throw"
    realize_potential = "realize_potential"
    granted_command = "granted_command"


class BloodType(StrEnum):
    a = "A"
    b = "B"
    o = "O"
    ab = "AB"


class DefenseSkill(StrEnum):
    evasion = "evasion"
    tactics = "tactics"


# ── Campaign ────────────────────────────────────────────────────────────────────────────────────────


class SequelCampaign(Model):
    """A sequel: Fighters remade at PL 1 from a predecessor (Chapter 6, Pacing a Campaign)."""

    predecessor_fighter_id: Name | None = None
    required_move_share: float = Field(0.5, ge=0, le=1, description="Share of old moves to re-acquire by PL 8.")
    predecessor_basic_qualities: BasicQualities | None = None
    predecessor_moves: list[Name] = Field(default_factory=list, max_length=100, description="Old move names.")


class FighterCampaign(Model):
    """Campaign switches; the defaults are the core book's rules."""

    super_moves_enabled: bool = Field(True, description="Super Moves exist (Chapter 1, Power Level).")
    super_move_system: SuperMoveSystem = SuperMoveSystem.single_tier
    story_points_enabled: bool = True
    story_point_cap: int | None = Field(None, ge=0, le=1000)
    advancement_mode: AdvancementMode = AdvancementMode.glory
    dramatic_combat_enabled: bool = True
    boss_extended_power_levels: bool = Field(False, description="PL 9–10 for Bosses (Chapter 6, Pacing a Campaign).")
    attack_strings_enabled: bool = False
    attack_string_cap: int | None = Field(None, ge=0, le=100)
    free_basic_throws: int = Field(0, ge=0, le=5, description="Free L2 Throw moves at PL 1 (Chapter 4, Definitions).")
    multiple_styles_shared_moves: bool = Field(False, description="A new move may go to only some styles.")
    style_options_enabled: bool = Field(False, description="Style Flaws and the other style options.")
    transformations_enabled: bool = False
    metagame_traits_allowed: bool = True
    distracting_and_fan_service_allowed: bool = True
    extra_creation_only_traits: list[Name] = Field(default_factory=list, max_length=80)
    max_weaknesses: int | None = Field(None, ge=0, le=100)
    custom_quirks_allowed: bool = False
    allow_unspent_skill_points: bool = False
    pl1_leftover_mp_any_use: bool | None = Field(
        None, description="PL 1 leftover MP to FS/Combo: null warns, true allows, false forbids."
    )
    ignore_nonphysical_quality_combat_effects: bool = False
    approved_techniques: list[Name] = Field(default_factory=list, max_length=80)
    campaign_optional_techniques: list[Name] = Field(default_factory=list, max_length=80)
    sequel_campaign: SequelCampaign | None = None
    serious_tone: bool = False
    # Switches of the moves core (passed through to every move's pricing).
    super_stun: bool = False
    throws_blockable: bool = False
    charge_moves_must_be_l3: bool = False
    wall_springs: bool = False
    sidestep: bool = False
    tag_team: bool = False
    breakfall: bool = False
    tech_roll: bool = False
    dash: bool = False
    denied_entries: list[Name] = Field(
        default_factory=list, max_length=300, description="Elements and Liabilities the Director disallows."
    )


# ── Fighter parts ───────────────────────────────────────────────────────────────────────────────────


class BasicQualities(Model):
    strength: int = Field(ge=-3, le=3)
    speed: int = Field(ge=-3, le=3)
    stamina: int = Field(ge=-3, le=3)


class SpeedAllocation(Model):
    """How Speed modifies the Initiative and Control dice (Chapter 1, Designing a Character)."""

    initiative: int = Field(0, ge=-3, le=3)
    control: int = Field(0, ge=-3, le=3)


class Concept(Model):
    appearance: Text | None = None
    martial_arts_style: Text | None = None
    training_background: Text | None = None
    reason_for_fighting: Text | None = None


class BackgroundAnswer(Model):
    question: Name
    answer: Text


class Background(Model):
    blood_type: BloodType | None = None
    supporting_characters: list[Text] = Field(default_factory=list, max_length=20)
    personality_aspects: list[Text] = Field(default_factory=list, max_length=20)
    important_past_events: list[Text] = Field(default_factory=list, max_length=20)
    obstacles_to_fighting: list[Text] = Field(default_factory=list, max_length=20)
    answers: list[BackgroundAnswer] = Field(default_factory=list, max_length=20)


class TraitParams(Model):
    """Choices a take names: its Skills (Friend, Pet, Sensei: first gets the larger bonus), a single Skill
    (Influence, Powerful Item), a subject (power, item, locale, rule, hunter, feared object…), a descriptor, a
    Distracting benefit or a Gun Expert category."""

    skills: list[Name] = Field(default_factory=list, max_length=4)
    skill: Name | None = None
    subject: Text | None = None
    descriptor: Text | None = None
    benefit: Name | None = None
    category: Name | None = None


class QualityTake(Model):
    id: Name = Field(description="Quality id or name, e.g. `multiple_styles` or `Multiple Styles`.")
    acquired_at_pl: Level | None = Field(None, description="1, or the even PL where it was gained.")
    slot_cost: int = Field(1, ge=1, le=5, description="Quality slots used (a powerful Technique may cost more).")
    params: TraitParams = Field(default_factory=TraitParams)
    director_approved: bool = False


class WeaknessTake(Model):
    id: Name
    acquired_at_pl: Level | None = None
    lost_at_pl: Level | None = Field(None, description="The even PL where it was lost, if it was.")
    grants_quality: bool = Field(True, description="False for a story Weakness the Director imposed later.")
    params: TraitParams = Field(default_factory=TraitParams)
    director_approved: bool = False


class QuirkTake(Model):
    id: Name
    custom: bool = Field(False, description="A Quirk invented with the Director's consent.")
    subject: Text | None = Field(None, description="The beloved, rival, revenge target or secret.")


class QualityExchange(Model):
    """A Quality slot turned into points (Chapter 1, Designing a Character)."""

    converted_to: ExchangeTarget
    acquired_at_pl: Level | None = None


class EvenLevelChoice(Model):
    pl: int = Field(ge=1, le=20)
    choice: EvenLevelChoiceKind
    director_approved: bool = False


class CombatSkills(Model):
    defense: int = Field(0, ge=-10, le=100)
    evasion: int = Field(0, ge=-10, le=100)
    tactics: int = Field(0, ge=-10, le=100)
    combo: int = Field(0, ge=-10, le=100)
    ki: int = Field(0, ge=-10, le=100)
    attack_string: int = Field(0, ge=-10, le=100, description="Only in an Attack String campaign.")


class NarrativeSkill(Model):
    id: Name = Field(description="Skill id or name, e.g. `knowledge`.")
    subject: Text | None = Field(None, description="Area, profession, base Skill and focus, power or purpose.")
    level: int = Field(ge=-10, le=100)


class CombatBonus(Model):
    regular: int = Field(0, ge=-10, le=20, description="Chosen from the Power Level Chart.")
    purchased: int = Field(0, ge=-10, le=20, description="Bought with 3 Combat Skill Points at PL 5+.")


class CombatBonuses(Model):
    accuracy: CombatBonus = Field(default_factory=CombatBonus)
    control: CombatBonus = Field(default_factory=CombatBonus)
    damage: CombatBonus = Field(default_factory=CombatBonus)
    defense: CombatBonus = Field(default_factory=CombatBonus)


class BonusPurchase(Model):
    pl: int = Field(ge=1, le=20, description="The PL whose advancement paid for it.")
    category: BonusCategory


class DefensiveResponseBonus(Model):
    response: Name = Field(description="Defensive Response id, e.g. `anti_air`, `throw`.")
    bonus: int = Field(ge=-5, le=10)


class MovePointLedgerEntry(Model):
    """What one Power Level did with its Move Points (Chapter 1, Designing a Character; Chapter 1, Power Level)."""

    pl: int = Field(ge=1, le=20)
    received: Small = 10
    spent_on_moves: Small = 0
    to_narrative: Small = 0
    to_fighting_spirit: Small = 0
    to_combo: Small = Field(0, description="Move Points (3 per Combo level).")
    to_attack_string: Small = Field(0, description="Move Points (2 per Attack String level).")
    banked_in: Small = 0
    banked_out: Small = 0


class SkillSnapshot(Model):
    """The sheet as it stood at the end of one Power Level."""

    pl: int = Field(ge=1, le=20)
    combat_skills: CombatSkills | None = None
    narrative_skills: list[NarrativeSkill] | None = Field(None, max_length=100)
    combat_bonuses: CombatBonuses | None = None
    basic_qualities: BasicQualities | None = None
    speed_allocation: SpeedAllocation | None = None
    life_bar: int | None = Field(None, ge=0, le=2000)
    fighting_spirit: int | None = Field(None, ge=0, le=2000)


class Style(Model):
    """One style of a Multiple Styles Fighter and its options (Chapter 4, Creating Special Moves)."""

    name: Name
    is_base: bool = False
    harder_command_move: int = Field(0, ge=0, le=5, description="Levels added to entering this style.")
    forced_style_change: bool = False
    limited_movement: bool = False
    no_defense: bool = False
    no_movement: bool = False
    modified_defense: int = Field(0, ge=0, le=5, description="Qualities spent on Modified Defense (1 or 2).")
    modified_defense_skill: DefenseSkill | None = None


class MoveAsBought(Model):
    """A Special or Super Move's definition when it was bought (000 L2301): its Level and its entries."""

    level: int = Field(0, ge=0, le=30)
    elements: list[EntryChoice] = Field(default_factory=list, max_length=64)
    liabilities: list[EntryChoice] = Field(default_factory=list, max_length=64)


class FighterMove(Model):
    """A move on the sheet: a Special or Super Move built from Elements, or a book Command Move."""

    id: Name | None = None
    name: Text | None = None
    kind: FighterMoveKind = FighterMoveKind.special
    command: Name | None = Field(None, description="Command Moves: the fixed move id, e.g. `identity_change`.")
    level: int = Field(0, ge=0, le=30)
    elements: list[EntryChoice] = Field(default_factory=list, max_length=64)
    liabilities: list[EntryChoice] = Field(default_factory=list, max_length=64)
    free_source: FreeSource | None = None
    tier: int = Field(1, ge=1, le=3, description="Tier of a three-tier Super Move.")
    tier_group: Name | None = Field(None, description="Tiers of one three-tier Super share this tag.")
    acquired_at_pl: Level | None = None
    cost_paid: int | None = Field(None, ge=0, le=100, description="Move Points written on the sheet.")
    style: Name | None = Field(None, description="The style the move belongs to (Multiple Styles).")
    cross_style: bool = Field(False, description="The same move in every style.")
    purchase: Name | None = Field(None, description="Moves bought together for several styles share this tag.")
    identity_of: Text | None = Field(None, description="Identity Change: the Fighter copied.")
    realize_potential_target: Text | None = None
    realize_potential_check: int | None = Field(None, ge=0, le=100)
    director_approved: bool = False
    as_bought: MoveAsBought | None = Field(
        None,
        description="The move as it was bought (000 L2301): when given, a move whose Level or entries differ is "
        "reported MOVE_MODIFIED; when absent, the move is taken to be as it was bought.",
    )


class Fighter(Model):
    """A Fighter as written on the character sheet."""

    id: Name | None = None
    name: Text | None = None
    role: Role = Role.pc
    power_level: int = Field(1, ge=0, le=20)
    glory: int | None = Field(None, ge=-100_000, le=10_000_000)
    skill_point_scheme: SkillPointScheme = SkillPointScheme.standard
    concept: Concept = Field(default_factory=Concept)
    background: Background = Field(default_factory=Background)
    basic_qualities: BasicQualities
    speed_allocation: SpeedAllocation | None = None
    beast_form_boosts: list[BasicQualityName] | None = Field(None, max_length=5)
    qualities: list[QualityTake] = Field(default_factory=list, max_length=100)
    quality_exchanges: list[QualityExchange] = Field(default_factory=list, max_length=30)
    weaknesses: list[WeaknessTake] = Field(default_factory=list, max_length=100)
    quirks: list[QuirkTake] = Field(default_factory=list, max_length=100)
    even_level_choices: list[EvenLevelChoice] | None = Field(None, max_length=12)
    combat_skills: CombatSkills = Field(default_factory=CombatSkills)
    combo_from_move_points: Small = Field(0, description="Combo levels bought with Move Points (3 MP each).")
    attack_string_from_move_points: Small = Field(0, description="Attack String levels bought with MP (2 each).")
    narrative_skills: list[NarrativeSkill] = Field(default_factory=list, max_length=100)
    combat_bonuses: CombatBonuses = Field(default_factory=CombatBonuses)
    combat_bonus_purchases: list[BonusPurchase] | None = Field(None, max_length=30)
    defensive_response_bonuses: list[DefensiveResponseBonus] = Field(default_factory=list, max_length=20)
    csp_converted_to_narrative: Small = Field(0, description="Combat Skill Points turned into 3 NSP each (PL 5+).")
    move_points_to_narrative: Small = Field(0, description="Move Points turned into Narrative Skill Points.")
    move_points_to_fighting_spirit: Small = Field(0, description="Move Points turned into Fighting Spirit.")
    move_points_banked: Small = Field(0, description="Move Points saved for the next Power Level.")
    move_point_ledger: list[MovePointLedgerEntry] | None = Field(None, max_length=20)
    fighting_spirit: int | None = Field(None, ge=0, le=2000, description="As written on the sheet.")
    life_bar: int | None = Field(None, ge=0, le=2000, description="As written on the sheet.")
    fs_from_half_liabilities: int = Field(0, ge=0, le=50)
    fs_from_style_flaw: int = Field(0, ge=0, le=5)
    secret_boss_extra: int = Field(0, ge=0, le=10, description="Extra Life Bar and FS of a Secret Boss (5 or 10).")
    styles: list[Style] = Field(default_factory=list, max_length=10)
    moves: list[FighterMove] = Field(default_factory=list, max_length=100)
    move_list_closed_at_pl: int | None = Field(None, ge=0, le=20)
    story_points: int = Field(0, ge=-100, le=1000)
    skill_history: list[SkillSnapshot] | None = Field(None, max_length=20)
    npc_for_dramatic_combat: bool = Field(False, description="An NPC meant for Dramatic Combat scenes.")


class FighterRequest(Model):
    fighter: Fighter
    campaign: FighterCampaign = Field(default_factory=FighterCampaign)


# ── Answer ──────────────────────────────────────────────────────────────────────────────────────────


class Budget(Model):
    available: int
    spent: int


class Budgets(Model):
    combat_skill_points: Budget
    narrative_skill_points: Budget
    move_points: Budget


class BonusValues(Model):
    accuracy: int
    control: int
    damage: int
    defense: int


class SkillCheckBonus(Model):
    applies_to: str = Field(description="A Skill id or a kind of check (interaction, perception…).")
    bonus: int
    source: str


class Derived(Model):
    power_level_from_glory: int | None
    effective_power_level: int
    glory_to_next_pl: int | None
    life_bar: int
    fighting_spirit: int
    full_defense_bonus: int
    stun_threshold: int
    det_cap: int
    skill_cap: int
    super_moves_min: int
    super_moves_max: int
    super_moves_owned: int
    super_energy_max: int
    combat_bonus_total: int
    combat_bonus_max_single: int
    combat_bonus_effective: BonusValues
    fs_spend_limit_per_application: int
    defense_total_fs_surcharge: int = Field(description="Extra FS per use of FS on the Defense Total (Tall: 1).")
    style_change_fs_cost: int | None = Field(description="FS to use Style Change (Multiple Styles only).")
    max_control: int
    initiative_die: str
    control_die: str
    basic_move_damage_die: str
    special_move_damage_die: str
    super_move_damage_die: str
    incoming_damage_die_shift: int
    fame_skill: int
    wealth_skill: int
    quality_slots: int
    qualities_held: int
    quality_exchanges: int
    weakness_equivalents: int
    style_flaws: int
    free_style_flaws: int
    budgets: Budgets
    skill_check_bonuses: list[SkillCheckBonus]


class FighterMovePrice(MovePrice):
    """One move of the sheet: the moves core's own price for Special and Super Moves, field for field, plus
    what the Fighter is charged for it. A Command Move carries its fixed stat block (reported as type special)."""

    index: int
    kind: FighterMoveKind
    command: str | None = None
    charged_move_points: int = Field(
        description="Move Points this entry adds to the Fighter's budget (a purchase "
        "for several styles is charged once; lower tiers and free moves cost 0)."
    )


class FighterValidation(Model):
    ruleset: str
    ruleset_version: str
    valid: bool
    violations: list[Finding]
    warnings: list[Finding]
    info: list[Finding]
    unsupported: list[Unsupported]
    derived: Derived
    moves: list[FighterMovePrice]


SequelCampaign.model_rebuild()
