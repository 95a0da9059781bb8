"""A move priced again by the moves core with entries added or taken away for one use: the Taunt's Element
Addition (000 L4291–L4301), a Limited Move that narrows Elements (000 L4587–L4591), Perfect Hit (000 L4745–L4753),
Random Effect (000 L3938–L3968), Power Up's Extra Elements (000 L3870–L3886) and the Power Enhancer's Element
Addition (000 L3842–L3850). Every figure the change touches (keywords, Accuracy, damage die) follows; what the turn
already changed on the move (a Buff's damage steps, its Level) is kept."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from ...catalogue.catalog import catalog
from ...moves.models import EntryChoice, EntryRef
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from .sheet import profile


def sheet_entry(ctx: Turn, f: Combatant, m: MoveProfile, ident: str) -> EntryChoice | None:
    """The entry ``ident`` as the sheet writes it on the move ``m`` (None for a move not of the sheet)."""
    match = re.fullmatch(r"moves\[(\d+)\]", m.path)
    if match is None:
        return None
    mv = ctx.req.fighters[f.index].sheet.moves[int(match.group(1))]
    return next((c for c in (*mv.elements, *mv.liabilities) if c.id == ident), None)


def with_entries(
    ctx: Turn, f: Combatant, m: MoveProfile, add: Iterable[str | EntryRef] = (), remove: Iterable[str] = ()
) -> MoveProfile | None:
    """``m`` with each entry of ``add`` taken once more (an id listed twice, twice; an ``EntryRef`` with its times
    and design choices) and those of ``remove`` (and their modifiers) left out; None when the move is not one of
    the sheet's own or an id is unknown."""
    refs = tuple(EntryRef(id=a) if isinstance(a, str) else a for a in add)
    remove = tuple(remove)
    cat = catalog()
    match = re.fullmatch(r"moves\[(\d+)\]", m.path)
    if match is None or any(i not in cat.entries for i in (*(r.id for r in refs), *remove)):
        return None
    sheet = ctx.req.fighters[f.index].sheet
    idx = int(match.group(1))
    mv = sheet.moves[idx]

    def keep(c: EntryChoice) -> bool:
        return not any(c.id == r or c.id.startswith(f"{r}.") for r in remove)

    def plus(entries: list[EntryChoice], ref: EntryRef) -> list[EntryChoice]:
        per = cat.entries[ref.id].once_per  # a Perfect Hit on another Element is another entry
        same = [c for c in entries if c.id == ref.id and (per is None or c.options.get(per) == ref.options.get(per))]
        if same:
            return [c.model_copy(update={"times": c.times + ref.times}) if c is same[0] else c for c in entries]
        return [*entries, EntryChoice(id=ref.id, times=ref.times, options=ref.options, condition=ref.condition)]

    elements = [c for c in mv.elements if keep(c)]
    liabilities = [c for c in mv.liabilities if keep(c)]
    for ref in refs:
        if str(cat.entries[ref.id].kind) == "liability":
            liabilities = plus(liabilities, ref)
        else:
            elements = plus(elements, ref)
    new_move = mv.model_copy(update={"elements": elements, "liabilities": liabilities})
    new_sheet = sheet.model_copy(update={"moves": [*sheet.moves[:idx], new_move, *sheet.moves[idx + 1 :]]})
    priced = profile(new_sheet, ctx.opts).moves.get(m.id)
    if priced is None:
        return None
    base = (f.base_prof or f.prof).moves.get(m.id)
    step = priced.damage_step
    if step is not None and base is not None and base.damage_step is not None and m.damage_step is not None:
        step += m.damage_step - base.damage_step  # a Buff's Ki steps stay
    return replace(priced, level=m.level, path=m.path, damage_step=step)
