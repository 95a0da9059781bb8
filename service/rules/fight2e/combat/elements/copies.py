"""Copies Moves (000 L3111–L3119): the damage of the hit becomes Move Points to borrow one of the target's Special
Moves (its Level in MP), one of its Elements left out; the MP left over hurt as usual.

The borrowed move is an ``ongoing_effects`` entry ``copied_move`` of the copier: ``move`` the original's id,
``target`` its owner, ``entry`` the Element it lost (none when it had none), ``time_left`` and ``since`` (a 5-count
from the turn of the hit, one full turn at least). In his move list it is ``copy:<move id>``: priced from the owner's
sheet without that Element, with the owner's Strength, Accuracy and Damage bonuses rather than his own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ...catalogue.catalog import catalog
from ...moves.models import EntryChoice
from ..contract.model_types import OngoingEffectId
from ..contract.models import ChoiceOption, DecisionValue, OngoingEffect
from ..registry.elements import Element, carried, register
from ..registry.sheet import profile
from ..state.action import Attack, DamageRoll
from ..state.combatant import Combatant, Effect
from ..state.profile import AccuracyPart, MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import entry_of

_COPIES = entry_of(MoveTrait.copies_moves)  # the Accuracy part the copied move gains is Copies Moves'

PREFIX = "copy:"
COUNT = 5


def _elements(ctx: Turn, owner: Combatant, m: MoveProfile) -> list[str]:
    match = re.fullmatch(r"moves\[(\d+)\]", m.path)
    if match is None:
        return []
    mv = ctx.req.fighters[owner.index].sheet.moves[int(match.group(1))]
    return [c.id for c in mv.elements]


def borrowed(ctx: Turn, f: Combatant, owner: Combatant, orig: MoveProfile, lost: str | None) -> MoveProfile | None:
    """The owner's move priced again without one instance of ``lost``, with the owner's figures (000 L3117–L3119)."""
    match = re.fullmatch(r"moves\[(\d+)\]", orig.path)
    if match is None:
        return None
    sheet = ctx.req.fighters[owner.index].sheet
    idx = int(match.group(1))
    mv = sheet.moves[idx]
    elements: list[EntryChoice] = []
    for c in mv.elements:
        if c.id == lost and c.times > 1:
            elements.append(c.model_copy(update={"times": c.times - 1}))
        elif c.id != lost:
            elements.append(c)
    if lost is not None and not any(c.id == lost for c in elements):
        elements = [c for c in elements if not c.id.startswith(f"{lost}.")]  # its modifiers go with it
    new_sheet = sheet.model_copy(
        update={"moves": [*sheet.moves[:idx], mv.model_copy(update={"elements": elements}), *sheet.moves[idx + 1 :]]}
    )
    priced = profile(new_sheet, ctx.opts).moves.get(orig.id)
    if priced is None:
        return None
    mine, theirs = f.base_prof or f.prof, owner.base_prof or owner.prof
    step = priced.damage_step
    if step is not None and not priced.ki_based:
        step += theirs.strength - mine.strength  # his own Strength is added when it strikes
    acc = theirs.acc_bonus - mine.acc_bonus
    parts = priced.accuracy_parts + ((AccuracyPart.uniform(_COPIES, acc),) if acc else ())
    ident = PREFIX + orig.id
    return replace(
        priced,
        id=ident,
        name=f"{orig.name} (copied)",
        damage_step=step,
        accuracy_parts=parts,
        flat_bonus=priced.flat_bonus + theirs.dmg_bonus - mine.dmg_bonus,
        path=f"copy:{orig.id}",
        style=None,
        cross_style=False,
    )  # ruling: not bound to any of the copier's styles


def _add(f: Combatant, m: MoveProfile) -> None:
    f.prof = replace(f.prof, moves={**f.prof.moves, m.id: m})
    if f.base_prof is not None:
        f.base_prof = replace(f.base_prof, moves={**f.base_prof.moves, m.id: m})


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    """Kept as it is until every fighter is in (``link``): it names the move's owner."""
    f.ongoing.append(eff)


def link(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    owner = ctx.fighters.get(eff.target or "")
    orig = owner.move(eff.move or "") if owner is not None else None
    if owner is None or orig is None or owner is f or eff.since is None:
        ctx.fail(
            "STATE_INCONSISTENT_STATUS",
            path,
            f"{f.id}: a copied move needs its owner (`target`), the "
            "owner's move (`move`) and the turn it was copied (`since`).",
        )
        return
    copy = borrowed(ctx, f, owner, orig, eff.entry)
    if copy is None:
        ctx.fail("STATE_INCONSISTENT_STATUS", path, f"{f.id}: '{eff.move}' cannot be copied.")
        return
    _add(f, copy)


def check_combo(ctx: Turn, f: Combatant, moves: list[MoveProfile], path: str, key: str) -> None:
    """A copied move never shares a Combo with a Copies Moves move (000 L3113)."""
    if (
        len(moves) > 1
        and any(m.trait(MoveTrait.copies_moves) for m in moves)
        and any(m.id.startswith(PREFIX) for m in moves)
    ):
        ctx.fail(
            "COPIED_MOVE_COMBO", path, f"{key}: a copied move cannot be in a Combo with a Copies Moves move.", key=key
        )


def _copy_choices(ctx: Turn, a: Combatant, d: Combatant, moves: list[MoveProfile]) -> list[ChoiceOption]:
    """The legal answers: pass, or each affordable move with each Element it may lose (none when it has none)."""
    out = [ChoiceOption.model_construct(value=DecisionValue(moves=[]), fs=0, control=0, text="pass", can_hit=None)]
    for m in moves:
        for lost in dict.fromkeys(_elements(ctx, d, m)) or [None]:
            if borrowed(ctx, a, d, m, lost) is not None:
                text = f"copy {m.name} ({m.level} MP)" + (f", losing {lost}" if lost else "")
                value = DecisionValue(moves=[m.id], entry=lost)
                out.append(ChoiceOption.model_construct(value=value, fs=0, control=0, text=text, can_hit=None))
    return out


def convert(ctx: Turn, atk: Attack, dmg: DamageRoll) -> None:
    """E.1: the damage rolled is Move Points; the copier picks a Special Move of the target within them and the
    Element it loses; what is left hurts as usual (000 L3115–L3119)."""
    if not any(m.trait(MoveTrait.copies_moves) for m in atk.moves):
        return
    part = next((p for p in dmg.parts if p.move.trait(MoveTrait.copies_moves)), None)
    mp = dmg.total if len(atk.moves) == 1 or part is None else part.value
    # ruling: in a Combo only the Copies Moves move's own share of the damage becomes Move Points

    def left(spent: int) -> int:
        dmg.total = max(dmg.total - spent, 0)
        dmg.stun = max(dmg.stun - spent, 0)  # ruling: Stun counts only the damage that still hurts
        return dmg.total

    copy_from(ctx, atk.attacker, atk.defender, mp, left)


def copy_from(ctx: Turn, a: Combatant, d: Combatant, mp: int, left: Callable[[int], int]) -> None:
    """``mp`` Move Points from the hit: ``a`` may copy one of ``d``'s Special Moves within them, naming the Element it
    loses; ``left`` takes the Move Points spent off the hit's damage and returns what is left (000 L3115–L3119)."""
    # ruling: a Special Move costs its Level in Move Points (000 L5025) and a Super Move is a Special Move too (L5214)
    choices = [
        m
        for m in (d.base_prof or d.prof).moves.values()
        if m.kind in ("special", "super") and m.path.startswith("moves[") and m.level <= mp
    ]
    if not choices:
        ctx.note("E.1", a.id, f"Copies Moves: {mp} Move Points buy none of {d.id}'s Special Moves.", "000 L3115")
        return
    key, dv = ctx.decide(
        a.id,
        "copy_move",
        "E.1",
        f"{a.id} has {mp} Move Points from the hit: copy one of {d.id}'s "
        "Special Moves (`moves`, its Level in MP) and name the Element it loses (`entry`), or pass.",
        None,
        lambda: _copy_choices(ctx, a, d, choices),
    )
    if not dv.moves:
        return
    orig = next((m for m in choices if m.id == dv.moves[0]), None)
    own = _elements(ctx, d, orig) if orig is not None else []
    if orig is None or len(dv.moves) != 1 or (own and dv.entry not in own) or (not own and dv.entry):
        ctx.fail(
            "DECISION_INVALID",
            f"decisions.{key}",
            f"{key}: one of "
            + ", ".join(m.id for m in choices)
            + " with `entry` one of its Elements, or no `moves` to pass.",
            key=key,
        )
    assert orig is not None
    lost = dv.entry if own else None
    copy = borrowed(ctx, a, d, orig, lost)
    if copy is None or lost not in (None, *catalog().entries):
        ctx.fail("DECISION_INVALID", f"decisions.{key}", f"{key}: {orig.name} cannot be copied.", key=key)
    assert copy is not None
    a.ongoing = [
        e for e in a.ongoing if not (e.id == OngoingEffectId.copied_move and e.move == orig.id and e.target == d.id)
    ]
    a.ongoing.append(Effect(OngoingEffectId.copied_move, orig.id, COUNT, ctx.turn, d.id, entry=lost))
    _add(a, copy)
    dmg = left(orig.level)
    ctx.note(
        "E.1",
        a.id,
        f"Copies Moves: {a.id} spends {orig.level} of {mp} Move Points to copy {orig.name}"
        + (f" without {lost}" if lost else "")
        + f" as {copy.id} for a {COUNT}-count; {dmg} damage is "
        "left.",
        "000 L3115–L3119",
        {"mp": mp, "level": orig.level},
        {"copied": copy.id, "damage": dmg},
    )


@register
class CopiedMove(Element):
    """A move he copied, for as long as the copy lasts (000 L3101–L3119)."""

    effects = frozenset({"copied_move"})
    entries = frozenset({"copies_moves"})

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore(ctx, f, path, carried(raw))

    def link(self, ctx: Turn, f: Combatant, path: str, e: Effect) -> None:
        link(ctx, f, path, e)
