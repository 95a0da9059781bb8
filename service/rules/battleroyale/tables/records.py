"""The text's tables, read once from ``data/*.yaml`` into typed records (a file that does not validate fails at
start-up, never on a request)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from ...core.models import Record
from ...core.references import BookRef
from ...core.tables import read_table, read_yaml
from .model_types import (
    RANKS,
    RoyaleChain,
    RoyaleFigureKind,
    RoyaleForm,
    RoyalePurchaseKind,
    RoyalePurchaseStep,
    RoyaleRank,
)

DATA = Path(__file__).resolve().parents[1] / "data"


class _Record(Record):
    pass


class RoyaleRankRow(_Record):
    id: RoyaleRank
    name: str
    mod: int
    tn: int
    ref: BookRef
    mod_reason: str | None = Field(None, description="Why the MOD is what it is.")


class RoyaleAllotments(_Record):
    core_rank: RoyaleRank
    highest_trait_rank: RoyaleRank
    strength_ranks: int
    style_ranks: int
    strength_ranks_per_exchanged_style_rank: int
    bonus_points: int
    free_flaws: int
    new_trait_rank: RoyaleRank
    bonus_strength_rank: RoyaleRank
    split_style_rank: RoyaleRank


class RoyalePurchaseRow(_Record):
    id: str
    name: str
    buys: RoyalePurchaseKind
    step: RoyalePurchaseStep | None = Field(None, description="A Strength or Style: how the trait is got.")
    chained: RoyaleChain | None = Field(None, description="A Technique: what it is chained to.")
    bonus_points: int | None
    training_points: int | None
    ref: BookRef


class RoyaleSessionDice(_Record):
    showing_up: int
    per_style: int
    per_master_style: int
    extras: dict[str, int]


class RoyaleCreation(_Record):
    allotments: RoyaleAllotments
    purchases: tuple[RoyalePurchaseRow, ...]
    signature_move_uses_before_training: int
    session_spirit_dice: RoyaleSessionDice

    @model_validator(mode="after")
    def _one_row_a_fact(self) -> RoyaleCreation:
        facts = [(p.buys, p.step, p.chained) for p in self.purchases]
        if len(set(facts)) != len(facts):
            raise ValueError("two purchases buy the same thing")
        return self

    def price(self, purchase: str) -> RoyalePurchaseRow:
        return next(p for p in self.purchases if p.id == purchase)

    def purchase_for(
        self, buys: RoyalePurchaseKind, step: RoyalePurchaseStep | None = None, chained: RoyaleChain | None = None
    ) -> str:
        """The purchase that buys this sheet fact (one row each, checked at load)."""
        return next(p.id for p in self.purchases if (p.buys, p.step, p.chained) == (buys, step, chained))


class RoyaleMoveCosts(_Record):
    basic_by_shift: dict[int, int]
    basic_per_further_upshift: int
    lowest_shift: int
    supernatural_factor: int
    supernatural_minimum: int
    favored_discount: int
    signature_surcharge: int
    wound_surcharge: int
    signature_extra_dice: int


class RoyaleFigure(_Record):
    """A number a sample Move derives from its Move Rank: ``max(floor, factor × base)``; its kind says what a step
    does with it."""

    id: RoyaleFigureKind
    base: Literal["mod", "tn"]
    factor: int
    floor: int | None = None
    ruling: str | None = Field(None, title="Reason")


class RoyaleSampleMove(_Record):
    id: str
    name: str
    ref: BookRef
    supernatural_only: bool = False
    wound_surcharge: bool = False
    use: str = "any"  # "attack": an offensive action's Move; "defense": a reaction's; "any": any roll
    figures: tuple[RoyaleFigure, ...]


class RoyaleMoves(_Record):
    costs: RoyaleMoveCosts
    moves: tuple[RoyaleSampleMove, ...]


class RoyaleBoutFormRule(_Record):
    when: Literal["attack_over_defense", "defense_over_attack", "defense_two_or_more", "opponent_attack_over_defense"]
    effect: Literal["bonus", "penalty"]
    rolls: Literal["offense", "defense", "all"]


class RoyaleFormRow(_Record):
    id: RoyaleForm
    name: str
    ref: BookRef
    forbids: tuple[str, ...]
    opposed: RoyaleForm | None
    strategy_bonus: str | None = None
    opponent_strategy_bonus: str | None = None
    favors_supernatural: bool = False
    no_spirit_dice_penalty: bool = False
    bout: tuple[RoyaleBoutFormRule, ...]


def _read(name: str) -> Any:
    return read_yaml(DATA / name)


@cache
def ranks() -> tuple[RoyaleRankRow, ...]:
    rows = tuple(RoyaleRankRow.model_validate(r) for r in _read("ranks.yaml")["ranks"])
    if tuple(r.id for r in rows) != RANKS:
        raise ValueError("ranks.yaml must list the ladder in order")
    return rows


@cache
def creation() -> RoyaleCreation:
    return read_table(DATA / "creation.yaml", RoyaleCreation)


@cache
def moves() -> RoyaleMoves:
    return read_table(DATA / "moves.yaml", RoyaleMoves)


@cache
def forms() -> dict[RoyaleForm, RoyaleFormRow]:
    rows = [RoyaleFormRow.model_validate(r) for r in _read("forms.yaml")["forms"]]
    return {r.id: r for r in rows}


def rank_row(index: int) -> RoyaleRankRow:
    return ranks()[index]


def sample_move(move_id: str) -> RoyaleSampleMove | None:
    return next((m for m in moves().moves if m.id == move_id), None)
