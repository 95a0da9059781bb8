"""What a character's traits cost: creation allotments (Strength Ranks, Style Ranks in halves, Bonus Points) and
the Training Points spent since, recomputed from the sheet (digest §4 ledger; the text states them as
purchases, 003 L217-L301, L666-L706)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tables.model_types import (
    RoyaleBought,
    RoyaleChain,
    RoyalePurchaseKind,
    RoyalePurchaseStep,
    RoyaleStrengthBought,
    RoyaleStyleBought,
    index_of,
)
from ..tables.records import creation
from .models import RoyaleCharacter, RoyaleTechnique
from .traits import Trait, find_trait


@dataclass(frozen=True)
class Charge:
    purchase: str  # a purchase id of data/creation.yaml
    path: str
    count: int = 1


@dataclass
class Costs:
    strength_ranks: int = 0
    style_halves: int = 0
    bonus: list[Charge] = field(default_factory=list)
    training: list[Charge] = field(default_factory=list)

    def bonus_points(self) -> int:
        table = creation()
        return sum((table.price(c.purchase).bonus_points or 0) * c.count for c in self.bonus)

    def training_points(self) -> int:
        table = creation()
        return sum((table.price(c.purchase).training_points or 0) * c.count for c in self.training)


def technique_purchase(technique: RoyaleTechnique, traits: list[Trait]) -> str:
    chained = find_trait(traits, technique.chained_to) if technique.chained_to is not None else None
    if technique.chained_to is None:
        chain = RoyaleChain.unchained
    else:  # 003 L279-L280, L699-L700: chaining to the Focus Strength is the cheaper rate
        chain = RoyaleChain.focus if chained is not None and chained.id == "focus" else RoyaleChain.trait
    return creation().purchase_for(RoyalePurchaseKind.technique, chained=chain)


def _trait_purchase(style: bool, step: RoyalePurchaseStep) -> str:
    return creation().purchase_for(RoyalePurchaseKind.style if style else RoyalePurchaseKind.strength, step)


def _trait_charges(ledger: Costs, trait: Trait) -> None:
    good = index_of(creation().allotments.new_trait_rank)
    style = trait.kind == "style"
    if trait.in_play:
        ledger.training.append(Charge(_trait_purchase(style, RoyalePurchaseStep.new), trait.path))
        raises = max(0, trait.index - good)
    else:
        start = trait.creation_index or 0
        if trait.bought == "core":
            ledger.strength_ranks += max(0, start - good)
        elif trait.bought == RoyaleStrengthBought.strength_rank:
            ledger.strength_ranks += max(0, start - good + 1)
        elif trait.bought == RoyaleStrengthBought.bonus_points:
            ledger.bonus.append(Charge(_trait_purchase(False, RoyalePurchaseStep.average), trait.path))
            ledger.strength_ranks += max(0, start - index_of(creation().allotments.bonus_strength_rank))
        elif trait.bought == RoyaleStyleBought.style_rank:
            ledger.style_halves += 2 * max(0, start - good + 1)
        else:  # a split half (digest C11): half a rank, and a whole rank per raise above Average
            ledger.style_halves += 1 + 2 * max(0, start - index_of(creation().allotments.split_style_rank))
        raises = trait.source.training_raises  # type: ignore[union-attr]
    if raises:
        ledger.training.append(Charge(_trait_purchase(style, RoyalePurchaseStep.raise_), trait.path, raises))


def ledger_of(character: RoyaleCharacter, traits: list[Trait]) -> Costs:
    ledger = Costs()
    for trait in traits:
        _trait_charges(ledger, trait)
    free = creation().allotments.free_flaws
    extra_flaw = creation().purchase_for(RoyalePurchaseKind.flaw)
    for i, flaw in enumerate(character.flaws):
        if flaw.bought_with == RoyaleBought.training:
            ledger.training.append(Charge(extra_flaw, f"character.flaws[{i}]"))
        elif free:
            free -= 1
        else:
            ledger.bonus.append(Charge(extra_flaw, f"character.flaws[{i}]"))
    if character.flaw_changes:
        ledger.training.append(
            Charge(
                creation().purchase_for(RoyalePurchaseKind.flaw_change),
                "character.flaw_changes",
                character.flaw_changes,
            )
        )
    for i, technique in enumerate(character.techniques):
        charges = ledger.training if technique.bought_with == RoyaleBought.training else ledger.bonus
        charges.append(Charge(technique_purchase(technique, traits), f"character.techniques[{i}]"))
    signature = creation().purchase_for(RoyalePurchaseKind.signature_move)
    for i, move in enumerate(character.signature_moves):
        charges = ledger.training if move.bought_with == RoyaleBought.training else ledger.bonus
        charges.append(Charge(signature, f"character.signature_moves[{i}]"))
    return ledger
