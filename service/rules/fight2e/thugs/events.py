"""The Thug Event chart (Chapter 5, Thug Events): each group's end-of-turn roll and what it changes.

The chart is data (``data/thugs/30-thug-events.yaml``); this module reads a total and folds the events a group has
drawn into the changes it carries into the next turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import thug_catalogue
from .schema import ThugEvent


def event_total(die: int, members: int, threat_level: int) -> int:
    """1d4 + the Thugs left at the end of the turn + the Threat Level (000 L6740)."""
    return die + members + threat_level


@dataclass(frozen=True)
class Drawn:
    total: int
    event: ThugEvent | None  # None: no event (an even total)
    rerolls: int  # further rolls the total calls for (Overrun)


def read_chart(total: int) -> Drawn:
    """Even: no event, whatever the size (000 L6742; ruling B14). Odd from 21 up: roll twice more (000 L6780)."""
    chart = thug_catalogue().events
    if chart.chart.no_event_on_even and total % 2 == 0:
        return Drawn(total, None, 0)
    if total >= chart.chart.reroll_from:
        return Drawn(total, None, chart.chart.rerolls)
    return Drawn(total, thug_catalogue().events_by_roll.get(total), 0)


@dataclass(frozen=True)
class NextTurn:
    """What a group's drawn events change for the whole of the next turn (000 L6738)."""

    initiative_steps: int = 0
    accuracy: int = 0
    defense_multiplier: int = 1
    life_save_multiplier: int = 1
    damage_steps: int = 0
    members_leaving: int = 0  # Rout: gone at the start of the turn, for no Glory
    blocks_thug_thrashing_within: int | None = None


def next_turn(events: list[ThugEvent]) -> NextTurn:
    """Fold the next-turn events a group drew (Overrun can draw one twice; each counts)."""
    out = NextTurn()
    for e in events:
        if e.timing != "next_turn":
            continue
        out = NextTurn(
            initiative_steps=out.initiative_steps + e.initiative_steps,
            accuracy=out.accuracy + e.accuracy,
            defense_multiplier=out.defense_multiplier * e.defense_multiplier,
            life_save_multiplier=out.life_save_multiplier * e.life_save_multiplier,
            damage_steps=out.damage_steps + e.damage_steps,
            members_leaving=out.members_leaving - e.members,
            blocks_thug_thrashing_within=e.blocks_thug_thrashing_within or out.blocks_thug_thrashing_within,
        )
    return out


def fighting_spirit_drain(fighting_spirit: int, damage_roll: int) -> tuple[int, bool]:
    """Exhausting Combat on one Fighter in reach: FS down by the group's damage roll; one with no FS left takes a
    free attack instead (000 L6773; ruling B17: judged before the loss, the roll without Stamina)."""
    if fighting_spirit <= 0:
        return 0, True
    return max(0, fighting_spirit - damage_roll), False
