"""What a Dramatic fight settles when it ends: the Glory each fighter earned, and the Action Points and once-a-fight
uses that lapse with it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FightRecord:
    fighter: str
    glory_by_turn: tuple[int, ...]  # what each turn's answer awarded him
    action_points: int  # banked at the end, every kind together
    special_moves_used: tuple[str, ...]


@dataclass(frozen=True)
class Settlement:
    fighter: str
    glory: int
    action_points_lapsed: int
    uses_cleared: tuple[str, ...]


def settle(records: list[FightRecord]) -> list[Settlement]:
    """The fight's Glory is the sum of its turns' awards (option Glory such as a Final Blow's 3 or a Climactic
    Super Move's 10 is already in them, 000 L7170–L7193). Our reading: banked Action Points belong to the fight
    (000 L7082 keeps them from turn to turn, not from fight to fight) and lapse with it, as do the once-a-combat
    Special Move uses (000 L7209)."""
    return [
        Settlement(r.fighter, sum(r.glory_by_turn), r.action_points, tuple(sorted(r.special_moves_used)))
        for r in records
    ]
