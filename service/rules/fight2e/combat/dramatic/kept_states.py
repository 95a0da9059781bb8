"""The states a move keeps on its user over turns, in a Fighters' Dramatic turn (000 L7080: the main system's
procedure), through the same shared pieces as the turns with Thugs (``thug_thrashing.move_elements``): started when
the move is used (``start``), checked when he names his action (``check_action``), changing the move he uses
(``enhanced``), run down at the turn's end (``end_of_turn``) and by the Time Roll (``ongoing.tick``).

Kept: Free Movement (out of every attack's reach, and he only moves, 000 L3372–L3382), Invisibility and Maintain
Effect (his opponents' Initiative dice smaller from the next turn until he is hit, 000 L3589–L3605; no Control to
shrink, 000 L7084), Vulnerability's Increased Duration (one die size more on the damage he takes, 000 L4896–L4900),
Temporary Technique (``ongoing.start``, 000 L4329–L4333), a Power Enhancer's bank and a Taunt's Element Addition for
his later move (000 L3820–L3850, L4291–L4301), Infinite Supers, Super Move Enhancer and Extended Duration
(000 L4922–L4934, L4233–L4237), a Buff's Gauge, Life Bar Drain, Movement Only, No Movement, Stun and Technique Buff
(000 L2975–L3075), End Style (000 L3286–L3290) and Fake (ruling: no Tactics defence in a Dramatic turn,
000 L5716, L7124)."""

from __future__ import annotations

from ...catalogue.catalog import catalog
from ...catalogue.records import AgainstThugs, Traits
from ...catalogue.sheet_records import SHEET_KINDS
from ..contract.models import DecisionValue
from ..elements import (
    enhancer,
    fake,
    free_movement,
    invisibility,
    styles,
    summon,
    super_only,
    taunts,
    vulnerability,
)
from ..elements.buffs import buff_modifiers
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from ..thug_thrashing import move_elements as thug_moves

# the roles of entries acted on here and named nowhere else: End Style's return to the Base Style
_TRAITS = frozenset({MoveTrait.end_style})


def _applied(entry: str) -> bool:
    found = [r for r in catalog().records.get(entry, ()) if not isinstance(r, SHEET_KINDS)]
    traits = [r for r in found if isinstance(r, Traits)]
    return bool(traits) and all(
        isinstance(r, AgainstThugs) or (isinstance(r, Traits) and _TRAITS.issuperset(r.traits)) for r in found
    )


# the entries only this module acts on (End Style), left out of ``move_elements.unapplied``
APPLIED = frozenset(e for e in catalog().records if _applied(e))


def start(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    """The states the used move starts on him, hit or miss, as in the main turn and the turns with Thugs."""
    if f.defeated:
        return
    free_movement.start(ctx, f, m)  # out of everyone's reach for its count (000 L3380)
    if m.has(fake.ENTRY):
        # ruling: a Dramatic defence is Defense or Evasion, never Tactics, so a Fake has no Total to raise
        # (000 L3350, L5716, L7124)
        ctx.note(
            "C.5", f.id, f"{m.name}: a Fake raises Tactics, no Dramatic defence: nothing.", "000 L3350, L5716, L7124"
        )
    super_only.on_use(ctx, f, m)  # Infinite Supers, Super Move Enhancer, Extended Duration (000 L4922–L4934)
    enhancer.bank(ctx, f, m)  # a Power Enhancer's use banked for its move (000 L3826)
    invisibility.start(ctx, f, m)  # from next turn (000 L3591)
    vulnerability.start(ctx, f, m)  # Increased Duration's 5-count from next turn (000 L4898)
    styles.end_style(ctx, f, m)  # back to the Base Style (000 L3288–L3290)


def check_action(ctx: Turn, f: Combatant, key: str, v: DecisionValue) -> None:
    """A Buff's limits on what he does (Movement Only, No Movement, Removed Ki, 000 L3027–L3045) and Free Movement's
    (only movement, 000 L3380), as the main turn checks them."""
    thug_moves.check_action(ctx, f, key, v)


def enhanced(ctx: Turn, f: Combatant, m: MoveProfile) -> MoveProfile:
    """The move with a banked Power Enhancer's dice or Element and a Taunt's Element Addition on it
    (000 L3820–L3850, L4291–L4301)."""
    moves = enhancer.apply(ctx, f, [m]) if f.ongoing else [m]
    return taunts.lend(ctx, f, moves)[0]


def unreachable(f: Combatant) -> bool:
    """Free Movement: no attack reaches him while it lasts (000 L3380)."""
    return free_movement.immune(f)


def hindrance(ctx: Turn, f: Combatant, foes: list[Combatant]) -> int:
    """The Initiative die sizes ``f`` loses this turn to the invisible opponents he fights (000 L3591); ruling: every
    opponent engages, the main turn's default, and the design's Control die sizes have no Control to shrink
    (000 L3591, L7084)."""
    steps = 0
    for o in foes:
        found = invisibility.hindrance(ctx, o)
        if found and found[0]:
            steps += found[0]
            ctx.note(
                "A.1",
                f.id,
                f"{f.id} fights the invisible {o.id}: Initiative −{found[0]} die size(s); no Control to shrink.",
                "000 L3591, L7084",
                {"initiative_steps": found[0]},
            )
    return steps


def hit(ctx: Turn, t: Combatant) -> None:
    """A hit on him ends his Invisibility (000 L3591, L3597) and his Ally's stay (000 L4209)."""
    invisibility.hit(ctx, t)
    summon.struck(ctx, t)


def lingering(t: Combatant) -> bool:
    """Vulnerability's Increased Duration running on him: one die size more damage (000 L4896–L4900)."""
    return bool(t.vulnerable_lingering)


def end_of_turn(ctx: Turn) -> None:
    """Before the Time Roll, his Buffs' end-of-turn effects: Life Bar Drain takes his Power Level (000 L3011–L3015);
    a Buff Gauge fills as his Super Energy would (000 L2977)."""
    buff_modifiers.drain(ctx)
    buff_modifiers.fill_gauges(ctx)
