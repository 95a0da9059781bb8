"""Extra Elements and Enhanced Power Up: on the Control version of Power Up, extra Control may buy the Elements the
design lists (in order, each for its Element cost in Control, at least 1; a Liability listed after an Element goes
with it and lowers that cost) instead of extra damage; Enhanced Power Up raises the extra Control to 2× (3×) the
Level for those Elements, extra damage staying at most the Level (000 L3870–L3886). The move is priced again with
the Elements bought, for this use only."""

from __future__ import annotations

import math

from ....catalogue.catalog import catalog
from ....catalogue.schema import chosen
from ....catalogue.table_records import ControlCap, PowersUp, PowerUp
from ...contract.models import DecisionValue
from ...registry.reprice import with_entries
from ...state.combatant import Combatant
from ...state.entry_tables import EntryTable, FlagTable, flags_of_records, read
from ...state.profile import MoveProfile
from ...state.turn import Turn
from ..design import design_of

POWER_UPS: FlagTable[PowerUp] = flags_of_records("power_up_buys", PowersUp, lambda r: frozenset(r.buys))
# Enhanced Power Up's cap: the design option and the multiple of the Level for each of its values (000 L3880–L3886)
CAPS: EntryTable[ControlCap] = EntryTable(
    "power_up_cap", {e: r.cap for e, rs in read(PowersUp).items() for r in rs if r.cap is not None}, written=False
)


def powered(m: MoveProfile, way: PowerUp) -> bool:
    return way in POWER_UPS.grants(m.entries)


def cap(m: MoveProfile) -> int:
    """Extra Control the move may take: its Level, or the multiple of it its cap record gives for the design's
    value (Enhanced Power Up)."""
    rows = CAPS.found(m.entries)
    if not rows:
        return m.level
    entry, control_cap = rows[0]
    return m.level * control_cap.times(m.options.get(entry, {}).get(control_cap.option))


def slots(m: MoveProfile) -> list[tuple[list[str], int]]:
    """The schedule as purchases: an Element with the Liabilities listed after it, and its price in Control."""
    entries = catalog().entries
    out: list[tuple[list[str], float]] = []
    waiting: list[str] = []  # Liabilities listed before any Element go with the first one
    for ident in chosen(design_of(m, POWER_UPS, lambda buys: PowerUp.buys_elements in buys).get("schedule")):
        entry = entries.get(ident)
        if entry is None:
            continue
        if entry.cost < 0:
            if out:
                ids, price = out[-1]
                out[-1] = ([*ids, ident], price + entry.cost)
            else:
                waiting.append(ident)
            continue
        price = entry.cost + sum(entries[w].cost for w in waiting)
        out.append(([*waiting, ident], price))
        waiting = []
    return [(ids, max(math.ceil(price), 1)) for ids, price in out]  # at least 1 Control each (000 L3876)


def buy(ctx: Turn, f: Combatant, moves: list[MoveProfile], i: int, m: MoveProfile, n: int) -> int:
    """Spend ``n`` extra Control: the Elements bought first (a decision, by default as many as it pays for in
    order — ruling: the design's order is kept, the rest goes to damage), the rest as damage (at most the Level).
    Returns the Control left for damage."""
    if not powered(m, PowerUp.buys_elements) or n <= 0:
        return n
    table = slots(m)
    affordable = 0
    spent = 0
    for _, price in table:
        if spent + price > n:
            break
        spent += price
        affordable += 1
    key, d = ctx.decide(
        f.id,
        "power_up_elements",
        "D.1",
        f"{f.id}: how many of {m.name}'s Extra Elements ("
        + ", ".join("+".join(ids) + f" {price} Control" for ids, price in table)
        + f") to buy, in order, with {n} extra Control?",
        DecisionValue(amount=affordable),
    )
    k = d.amount or 0
    price = sum(p for _, p in table[:k]) if 0 <= k <= len(table) else n + 1
    if price > n or n - price > m.level:
        ctx.fail(
            "POWER_UP_INVALID",
            f"decisions.{key}.amount",
            f"{key}: {k} Element(s) cost {price} Control of the {n}; the rest (damage) may be at most {m.level}.",
            key=key,
        )
    if not k:
        return n
    added = [ident for ids, _ in table[:k] for ident in ids]
    moves[i] = with_entries(ctx, f, m, add=added)  # its Level stays: the extra Control paid (000 L3874)
    ctx.note(
        "D.1",
        f.id,
        f"{m.name} is powered up with " + ", ".join(added) + f" for {price} Control.",
        "000 L3870–L3886",
        {"control": price},
        {"elements": added},
    )
    return n - price
