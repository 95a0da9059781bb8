"""A character's ranked traits (core Strengths, Strengths, Styles) as one list: rank at creation, rank now after
Damage Ranks, Zeroed Out or not (003 L464-L476, L511-L516)."""

from __future__ import annotations

from dataclasses import dataclass

from ..tables.model_types import RANKS, RoyaleRank, RoyaleStrengthBought, RoyaleStyleBought, index_of
from ..tables.records import creation, rank_row
from .models import RoyaleCharacter, RoyaleCoreStrength, RoyaleStrength, RoyaleStyle

CORE_IDS = ("motivation", "past", "focus")


@dataclass(frozen=True)
class Trait:
    id: str
    kind: str  # core, strength, style
    path: str
    source: RoyaleCoreStrength | RoyaleStrength | RoyaleStyle
    bought: str  # core, or a StrengthBought / StyleBought value

    @property
    def index(self) -> int:
        return index_of(self.source.rank)

    @property
    def damage(self) -> int:
        return self.source.failure_ranks + self.source.wound_ranks

    @property
    def current_index(self) -> int:
        """Below 0 when Zeroed Out: each Damage Rank takes a rank off (003 L469-L472)."""
        return self.index - self.damage

    @property
    def zeroed_out(self) -> bool:
        return self.current_index < 0

    @property
    def ranks_to_zero_out(self) -> int:
        return max(0, self.current_index + 1)

    @property
    def in_play(self) -> bool:
        return self.bought in (RoyaleStrengthBought.training, RoyaleStyleBought.training)

    @property
    def creation_index(self) -> int | None:
        """Its rank at the end of creation (its rank less the raises bought since); None when bought in play."""
        if self.in_play:
            return None
        return self.index - self.source.training_raises  # type: ignore[union-attr]

    @property
    def lowest_at_creation(self) -> int:
        """The rank its purchase gives (core Good, Strength or Style Rank Good, Bonus Points or split Average)."""
        allot = creation().allotments
        if self.bought in ("core", RoyaleStrengthBought.strength_rank, RoyaleStyleBought.style_rank):
            return index_of(allot.new_trait_rank if self.bought != "core" else allot.core_rank)
        if self.bought == RoyaleStrengthBought.bonus_points:
            return index_of(allot.bonus_strength_rank)
        if self.bought == RoyaleStyleBought.split_average:
            return index_of(allot.split_style_rank)
        return index_of(allot.new_trait_rank)

    def rank_at(self, index: int) -> RoyaleRank | None:
        return RANKS[index] if 0 <= index < len(RANKS) else None


def strength_bought(strength: RoyaleStrength) -> RoyaleStrengthBought:
    """What paid for the Strength; left out, a creation Strength at Average was bought with Bonus Points (the one
    purchase that gives Average, 003 L286-L290), any other with a Strength Rank (003 L217-L218)."""
    if strength.bought_with is not None:
        return strength.bought_with
    at_creation = index_of(strength.rank) - strength.training_raises
    if at_creation == index_of(creation().allotments.bonus_strength_rank):
        return RoyaleStrengthBought.bonus_points
    return RoyaleStrengthBought.strength_rank


def traits_of(character: RoyaleCharacter) -> list[Trait]:
    """The sheet's ranked traits; a missing core Strength is left out (its finding is the validator's)."""
    out = [
        Trait(cid, "core", f"character.core.{cid}", core, "core")
        for cid in CORE_IDS
        if (core := getattr(character.core, cid)) is not None
    ]
    out += [
        Trait(s.id, "strength", f"character.strengths[{i}]", s, strength_bought(s))
        for i, s in enumerate(character.strengths)
    ]
    out += [Trait(s.id, "style", f"character.styles[{i}]", s, s.bought_with) for i, s in enumerate(character.styles)]
    return out


def find_trait(traits: list[Trait], ref: str, styles_only: bool = False) -> Trait | None:
    """A trait named by its id, else by its name (any case, spaces trimmed): a sheet names traits as it prints them."""
    pool = [t for t in traits if t.kind == "style"] if styles_only else traits
    exact = next((t for t in pool if t.id == ref), None)
    if exact is not None:
        return exact
    wanted = ref.strip().casefold()
    return next((t for t in pool if t.id.casefold() == wanted or t.source.name.strip().casefold() == wanted), None)


def mod_of(index: int) -> int:
    return rank_row(index).mod
