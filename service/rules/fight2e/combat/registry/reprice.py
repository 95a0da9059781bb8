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
from ...fighters.fighter_models import FighterMove, FighterMoveKind
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
) -> MoveProfile:
    """``m`` with each entry of ``add`` taken once more (an id listed twice, twice; an ``EntryRef`` with its times
    and design choices) and those of ``remove`` (and their modifiers) left out, priced again by the moves core.

    Rulings (RULINGS.md, issue 36): the move keeps its Level (000 L3846, L3876, L4299, L2963: the added Elements
    are paid by the move that adds them; L3950: a Random Effect move's Level counts its allocation; L4753: a
    Perfect Hit failure only sets its Element aside), and a combination the moves core finds illegal is still
    played with the figures it prices (its design error is reported by Fighter validation, 000 L3948). An id the
    catalogue does not know adds nothing (the design naming it is not valid). A move not written on the fighter's
    sheet (a copy, an absorbed attack, an ally's move) is priced as a move of his with the entries it holds."""
    cat = catalog()
    refs = tuple(EntryRef(id=a) if isinstance(a, str) else a for a in add)
    refs = tuple(r for r in refs if r.id in cat.entries)
    gone = tuple(r for r in remove if r in cat.entries)
    if not refs and not gone:
        return m
    sheet = ctx.req.fighters[f.index].sheet
    match = re.fullmatch(r"moves\[(\d+)\]", m.path)
    if match is not None and int(match.group(1)) < len(sheet.moves):
        idx = int(match.group(1))
        before = (f.base_prof or f.prof).moves.get(m.id)
        mv = sheet.moves[idx]
        ident = m.id
    else:
        idx = len(sheet.moves)
        ident = "__reprice__"
        mv = _probe(m, ident)
        before = profile(sheet.model_copy(update={"moves": [*sheet.moves, mv]}), ctx.opts).moves.get(ident)
    new_move = _changed(mv, refs, gone)
    new_sheet = sheet.model_copy(update={"moves": [*sheet.moves[:idx], new_move, *sheet.moves[idx + 1 :]]})
    priced = profile(new_sheet, ctx.opts).moves.get(ident)
    if priced is None:  # every move on a sheet is priced: kept only as a guard
        return m
    step = priced.damage_step
    if step is not None and before is not None and before.damage_step is not None and m.damage_step is not None:
        step += m.damage_step - before.damage_step  # a Buff's Ki steps, a copy's Strength stay
    flat = priced.flat_bonus + (m.flat_bonus - before.flat_bonus if before is not None else 0)
    return replace(
        priced,
        id=m.id,
        name=m.name,
        kind=m.kind,
        level=m.level,
        path=m.path,
        damage_step=step,
        flat_bonus=flat,
        style=m.style,
        cross_style=m.cross_style,
    )


def _probe(m: MoveProfile, ident: str) -> FighterMove:
    """The move ``m`` written as a sheet move from the entries and design choices its profile holds."""
    cat = catalog()
    chosen = [EntryChoice(id=e, times=n, options=dict(m.options.get(e, {}))) for e, n in m.entries.items()]
    kind = FighterMoveKind.super if m.kind == "super" else FighterMoveKind.special
    return FighterMove(
        id=ident,
        name=m.name,
        kind=kind,
        level=m.level,
        elements=[c for c in chosen if c.id in cat.entries and str(cat.entries[c.id].kind) != "liability"],
        liabilities=[c for c in chosen if c.id in cat.entries and str(cat.entries[c.id].kind) == "liability"],
    )


def _changed(mv: FighterMove, refs: tuple[EntryRef, ...], remove: tuple[str, ...]) -> FighterMove:
    cat = catalog()

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
    return mv.model_copy(update={"elements": elements, "liabilities": liabilities})
