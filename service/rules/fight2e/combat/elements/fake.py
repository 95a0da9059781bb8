"""Fake (000 L3338–L3350): a Utility move that starts like a real one and stops short. It only works when an
opponent has a lower Initiative; then the user's Tactics Defense Totals are raised for the rest of the turn."""

from __future__ import annotations

from ..contract.models import DefenseOption
from ..registry import elements
from ..registry.elements import DefenseMoment
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import entry_of
from .vocabulary import LogKey

ENTRY = entry_of(MoveTrait.fake)


def bonus(m: MoveProfile) -> int:
    """+2 for 2 Elements, +1 more for every 2 Elements beyond (000 L3350)."""
    try:
        spent = int(str(m.options.get(ENTRY, {}).get("elements") or 2))
    except ValueError:
        spent = 2
    return 2 + max(spent - 2, 0) // 2


def use(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    if not m.has(ENTRY):
        return
    fooled = [o.id for o in ctx.opponents(f) if o.init < f.init]
    if not fooled:
        ctx.note("C.5", f.id, f"{m.name} fools nobody: no opponent has a lower Initiative than {f.id}.", "000 L3350")
        return
    n = bonus(m)
    f.fake_bonus = max(f.fake_bonus, n)  # ruling: a second Fake in the turn does not add to the first (000 L3350)
    ctx.note(
        "C.5",
        f.id,
        f"{m.name} draws out {', '.join(fooled)}: +{f.fake_bonus} to {f.id}'s Tactics Defense "
        "Totals for the rest of the turn.",
        "000 L3350",
        {"move": m.id},
        {"fake_bonus": f.fake_bonus},
    )


@elements.DEFENSE_TOTAL(80, entries=(ENTRY,))
def defense_total(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    """The Fake's bonus on the user's Tactics Defense Totals for the rest of the turn (000 L3350)."""
    return {LogKey.fake: m.defender.fake_bonus} if m.option is DefenseOption.tactics and m.defender.fake_bonus else {}
