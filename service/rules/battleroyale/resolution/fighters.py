"""A fighter during a resolution: current trait ranks after Damage Ranks, Spirit Dice, Training Points and the
scene's flags, changed in place and returned as the fighter's new state."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tables.model_types import RoyaleRank, index_of
from ..tables.records import rank_row
from .models import MAX_SPIRIT_DICE, MAX_TRAINING_POINTS, RoyaleFighter, RoyaleFighterTrait


def current_index(trait: RoyaleFighterTrait) -> int:
    """Each Damage Rank takes a rank off; below Poor it is Zeroed Out (003 L468-L475, L511-L513)."""
    return index_of(trait.rank) - trait.failure_ranks - trait.wound_ranks


def zeroed(trait: RoyaleFighterTrait) -> bool:
    return current_index(trait) < 0


def current_mod(trait: RoyaleFighterTrait) -> int:
    return rank_row(current_index(trait)).mod


@dataclass
class Fighter:
    state: RoyaleFighter
    path: str
    spent: int = 0  # Spirit Dice spent in this resolution (they go to the Bowl)
    techniques_used: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        # a working copy, changed in place: the request's own state stays as it came (it is answered back when
        # the resolution stops to ask for something)
        self.state = self.state.model_copy(update={"traits": [t.model_copy() for t in self.state.traits]})

    @property
    def id(self) -> str:
        return self.state.id

    @property
    def gang(self) -> bool:
        return self.state.minions >= 2

    def trait(self, trait_id: str) -> RoyaleFighterTrait | None:
        return next((t for t in self.state.traits if t.id == trait_id), None)

    def style(self) -> RoyaleFighterTrait | None:
        if self.state.harmonized is None:
            return None
        found = self.trait(self.state.harmonized)
        return found if found is not None and found.style else None

    def standing(self) -> list[RoyaleFighterTrait]:
        return [t for t in self.state.traits if not zeroed(t)]

    @property
    def absolute_zero(self) -> bool:
        """Every Strength Zeroed Out (003 L476, L515-L518); a Gang with no Minions left is out too."""
        if self.gang or self.state.minions == 1:
            return False
        return not self.standing()

    def best_rank(self) -> int:
        """The highest current rank among the traits (initiative ties, 003 L444-L445)."""
        return max((current_index(t) for t in self.standing()), default=-1)

    def spend(self, dice: int) -> bool:
        if dice > self.state.spirit_dice:
            return False
        self.state.spirit_dice -= dice
        self.spent += dice
        return True

    def gain(self, dice: int) -> None:
        self.state.spirit_dice = min(MAX_SPIRIT_DICE, self.state.spirit_dice + dice)

    def award(self, points: int) -> None:
        self.state.training_points = min(MAX_TRAINING_POINTS, self.state.training_points + points)


def good_index() -> int:
    return index_of(RoyaleRank.good)


def out_of_fight(fighter: Fighter, gang: bool) -> bool:
    """Out of the fight: slain, Mostly Dead, at Absolute Zero (003 L476, L515-L518, L813-L825), or a Gang (or lone
    Minion) with no Minion left (003 L739-L741)."""
    s = fighter.state
    return s.dead or s.mostly_dead or fighter.absolute_zero or (gang and s.minions == 0)


def end_fields(start: list[RoyaleFighter], sides: list[Fighter], went_out: list[str], done: bool) -> dict[str, object]:
    """The envelope's end of the fight: who is out (those out already, then in the order they went out), whether at
    most one fighter is left standing (``over``) and that one (``winner``). Before the step is resolved, only those
    out already."""
    gangs = {f.id: f.minions >= 1 for f in start}
    already = [f.id for f in start if out_of_fight(Fighter(f, ""), gangs[f.id])]
    if not done:
        return {"over": False, "winner": None, "out": already}
    now = [f.id for f in sides if out_of_fight(f, gangs.get(f.id, False))]
    out = list(dict.fromkeys(already + [f for f in went_out if f in now] + now))
    standing = [f.id for f in sides if f.id not in out]
    over = len(standing) < 2 and len(sides) >= 2
    return {"over": over, "winner": standing[0] if over and standing else None, "out": out}
