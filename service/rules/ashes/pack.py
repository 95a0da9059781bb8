"""The data pack: the figures the combat chapter leaves to its missing core rulebook (die size, a Set's total,
Mechanical Penalty size, the bidding cap) beside the tables it does print (weapons, armor, Chakra figures).

Every record says where it comes from: lines of the text (``004 Lnn``), a ruling, or both. A request names a
shipped pack (``pack``) or carries its own (``custom_pack``); both are part of the request and so of its cache key.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from ..core.packs import Source, load_packs, pack_names
from .base import Model, one_of
from .identity import HERE

PackId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_]*$")]
Label = Annotated[str, Field(min_length=1, max_length=80)]


class Figure(Model):
    """One number and where it comes from."""

    value: int = Field(ge=0, le=100)
    source: Source


class Count(Model):
    """A number that must be at least 1, and where it comes from."""

    value: int = Field(ge=1, le=100)
    source: Source


class DieSize(Model):
    value: int = Field(ge=2, le=20)
    source: Source


class Advantage(StrEnum):
    """What a weapon's advantage does to the action it enhances."""

    offense_rank = "offense_rank"  # the attack Set counts one rank higher
    defense_rank = "defense_rank"  # the defence Set counts one rank higher
    grab_rank = "grab_rank"  # a grab's Set counts one rank higher
    initiative_die = "initiative_die"  # a die added to the Initiative bid
    damage_die = "damage_die"  # a die added to the damage of every successful attack
    ranged = "ranged"  # attacks reach another zone
    subtle = "subtle"  # the foe defends with Senses only; damage capped
    unarmed = "unarmed"  # more than one Rank 1 attack in a turn
    improvised = "improvised"  # a stand-in with another weapon's advantage, at a surcharge


class Weapon(Model):
    id: PackId
    name: Label
    examples: list[Label] = Field(default_factory=list, max_length=8)
    advantage: Annotated[Advantage, one_of(Advantage)]
    cost: int = Field(ge=0, le=50, description="Prana for each use after the free one of the round.")
    far_cost: int | None = Field(None, ge=0, le=50, description="Ranged: Prana for a use against any visible target.")
    every_use_free: bool = Field(False, description="The advantage applies to every attack at no cost.")
    damage_cap: int | None = Field(None, ge=0, le=100, description="Most damage one attack of this weapon deals.")
    defence_skill: PackId | None = Field(None, description="The only skill a foe may defend with.")
    rank1_attacks: int | None = Field(None, ge=1, le=10, description="Rank 1 attacks allowed in one turn.")
    creates_bonus_actions: bool = False
    source: Source


class ArmorRow(Model):
    rating: int = Field(ge=1, le=20)
    names: list[Label] = Field(min_length=1, max_length=8)
    source: Source


class PackSkill(Model):
    id: PackId
    name: Label
    awakens: bool = Field(False, description="The skill a Chakra is awakened with (the first skill so marked).")
    source: Source


class RankZero(Model):
    """An action that needs no dice (one a turn)."""

    id: PackId
    name: Label
    skill: PackId | None = None
    moves: bool = Field(False, description="The combatant changes place (a held combatant may not).")
    hides: bool = Field(False, description="The combatant takes cover and is hidden.")
    source: Source


class Limit(StrEnum):
    """What a Dramatic Penalty may forbid for the round (the chapter: it limits what the actions can do, 004 L24)."""

    attack = "attack"
    grab = "grab"
    awaken = "awaken"
    skill = "skill"
    escape = "escape"
    bonus = "bonus"  # every Bonus Action
    rank_zero = "rank_zero"  # the rank-0 action
    move = "move"  # moving to another Battlefield
    hide = "hide"
    advantage = "advantage"  # the weapon's advantage


class DramaticPenalty(Model):
    """A Dramatic Penalty as a rule the round can hold the combatant to; its content is the core rulebook's."""

    id: PackId
    name: Label
    forbids: list[Annotated[Limit, one_of(Limit)]] = Field(default_factory=list, max_length=12)
    source: Source


class Pack(Model):
    """The values a round needs; the default pack marks each as read in the text or ruled. Ids are unique in the
    shipped packs (tests/unit/ashes); in a request's own pack a repeated id is read as its last entry."""

    ruleset: Literal["ashes"] = Field("ashes", description="The ruleset the pack is for (served with the catalogue).")
    name: Label
    die_sides: DieSize
    rank_weight: Count = Field(description="A Set's total is rank × this + facing.")
    health_box: Count
    aura_min_degree: Figure
    bonus_action_min_rank: Count
    awaken_min_rank: Count
    pool_per_recovery: Figure
    improvised_effort_dice: Figure
    improvised_prana: Figure
    mechanical_penalty_per_rank: Figure
    unarmed_extra_for_prana: bool = Field(
        False, description="Whether Prana at the weapon's cost buys a Rank 1 attack beyond the weapon's count."
    )
    unarmed_extra_source: Source
    weapons: list[Weapon] = Field(min_length=1, max_length=30)
    armor: list[ArmorRow] = Field(default_factory=list, max_length=10)
    skills: list[PackSkill] = Field(min_length=1, max_length=30)
    rank_zero: list[RankZero] = Field(min_length=1, max_length=20)
    dramatic_penalties: list[DramaticPenalty] = Field(
        min_length=1, max_length=30, description="The first is the one taken when a decision names none."
    )

    @cached_property
    def weapon_by_id(self) -> dict[str, Weapon]:
        return {w.id: w for w in self.weapons}

    @cached_property
    def armor_by_rating(self) -> dict[int, ArmorRow]:
        return {a.rating: a for a in self.armor}

    @cached_property
    def awaken_skill(self) -> str | None:
        """The skill an awakening Set is offered with (004 L72); None if the pack marks none (ruling A35)."""
        return next((s.id for s in self.skills if s.awakens), None)

    @cached_property
    def bare_hands(self) -> Weapon | None:
        """The weapon a combatant carrying none fights with: the first of the ``unarmed`` advantage (004 L97, A34)."""
        return next((w for w in self.weapons if w.advantage is Advantage.unarmed), None)

    def weapon_of(self, weapon_type: str | None) -> Weapon | None:
        """The pack's weapon of this type; bare hands when none is carried."""
        return self.bare_hands if weapon_type is None else self.weapon_by_id.get(weapon_type)

    @cached_property
    def skill_ids(self) -> frozenset[str]:
        return frozenset(s.id for s in self.skills)

    @cached_property
    def penalty_by_id(self) -> dict[str, DramaticPenalty]:
        return {p.id: p for p in self.dramatic_penalties}

    @cached_property
    def rank_zero_by_id(self) -> dict[str, RankZero]:
        return {r.id: r for r in self.rank_zero}

    def total(self, rank: int, facing: int) -> int:
        """A Set's total: rank and facing written side by side (rank 2, facing 6 → 26)."""
        return rank * self.rank_weight.value + facing


PACKS = load_packs(HERE / "data", Pack)
if TYPE_CHECKING:  # an enum built from the shipped packs' names, which mypy cannot see
    PackName = StrEnum
else:
    PackName = pack_names("AshesPackName", PACKS)
