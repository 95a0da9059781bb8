"""What a Buff changes in its user's profile while it lasts: raised or lowered Basic Qualities, Defense and
Evasion points, Ki-based damage, and the parts of a Buff the resolver does not apply (000 L2953–L3075)."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from ....catalogue.character_catalog import normalise
from ....catalogue.schema import chosen
from ....moves import buff_design
from ...registry import features
from ...registry.reprice import with_entries
from ...state.combatant import Combatant
from ...state.profile import MoveProfile, MoveTrait, Profile
from ...state.turn import Turn
from ..design import design as designed
from ..vocabulary import Ongoing
from . import buff_modifiers as mods

_QUALITIES = ("strength", "speed", "stamina")


def duration(m: MoveProfile) -> int | None:
    """A 10-count, a 5-count with Decreased Duration, the rest of the fight with Increased Duration (None)."""
    if m.trait(MoveTrait.increased_duration):
        return None  # 000 L3003–L3009
    return 5 if m.trait(MoveTrait.decreased_duration) else 10  # 000 L2961, L2985


def _int(m: MoveProfile, name: str) -> int:
    value = designed(m, MoveTrait.buff).get(name)
    try:
        return max(int(str(value)), 0) if value not in (None, "") else 0
    except ValueError:
        return 0


def _text(m: MoveProfile, name: str) -> str:
    return str(designed(m, MoveTrait.buff).get(name) or "").lower()


def buffed(prof: Profile, base: Profile, m: MoveProfile, uses: int = 1) -> Profile:
    """``prof`` with the Buff of ``m`` applied (``uses`` times for a Repeatable Buff, 000 L3047–L3055)."""
    for _ in range(max(uses, 1)):
        prof = _buffed_once(prof, base, m)
    if m.trait(MoveTrait.removed_ki) and prof.ki:
        prof = replace(prof, ki=0)  # no Ki Skill while it lasts (000 L3041–L3045)
    return prof


def _buffed_once(prof: Profile, base: Profile, m: MoveProfile) -> Profile:
    """One use of the Buff of ``m``; raises are capped at 3 against the sheet's own Qualities (000 L2973–L2975),
    Lowered Basic Quality floored at −2 (000 L3023)."""
    changes: dict[str, object] = {}
    named = chosen(designed(m, MoveTrait.buff).get("raised_qualities"))
    raised = [q for q in _QUALITIES if q in named]
    steps = _int(m, "quality_raises")
    if raised and steps:
        per = max(1, steps // len(raised))  # ruling: the raises are shared evenly (as the moves core checks them)
        if "strength" in raised:
            changes["strength"] = min(prof.strength + per, max(3, base.strength))
        if "stamina" in raised:
            changes["stamina"] = min(prof.stamina + per, max(3, base.stamina))
        if "speed" in raised:
            room = max(3 - prof.speed, 0)
            add = min(per, room)
            changes["speed"] = prof.speed + add
            # A Speed raise goes where the design says (speed_to), Initiative by default.
            if _text(m, "speed_to") == "control":
                changes["speed_ctrl"] = prof.speed_ctrl + add
            else:
                changes["speed_init"] = prof.speed_init + add
    trade = min(_int(m, "defense_trade"), prof.defense)
    if trade:
        ev, ta = _split(trade, _text(m, "defense_trade_split"), _int(m, "defense_trade_evasion"))
        changes["defense"] = prof.defense - trade  # 000 L2977–L2981
        changes["evasion"] = prof.evasion + ev
        changes["tactics"] = prof.tactics + ta
    if m.trait(MoveTrait.defense_liability):
        changes["defense"] = cast(int, changes.get("defense", prof.defense)) - 4  # may go below 0 (000 L2987–L2991)
    ki = min(_int(m, "ki_damage_steps"), 3)
    if ki:
        changes["moves"] = {
            i: (
                replace(mv, damage_step=_ki_step(mv, base.moves.get(i), ki))
                if mv.ki_based and mv.damage_step is not None
                else mv
            )
            for i, mv in prof.moves.items()
        }
    changes.update(mods.lower(prof, base, m))
    return replace(prof, **changes) if changes else prof  # type: ignore[arg-type]


def _ki_step(mv: MoveProfile, sheet: MoveProfile | None, ki: int) -> int:
    """Ki damage up ``ki`` steps, never more than 3 above the sheet's (000 L2969; a Repeatable Buff too, L3049)."""
    assert mv.damage_step is not None
    top = (sheet.damage_step if sheet is not None and sheet.damage_step is not None else mv.damage_step) + 3
    return min(mv.damage_step + ki, max(top, mv.damage_step))


def _split(points: int, split: str, to_evasion: int) -> tuple[int, int]:
    """(Evasion, Tactics) shares of a Defense trade: all to the one the design names, the number it gives to
    Evasion (``by_number``), else half each with the odd point to Evasion (ruling)."""
    ev = {"evasion": points, "tactics": 0, "by_number": min(to_evasion, points)}.get(split, points - points // 2)
    return ev, points - ev


# Ruling: a Lowered Basic Quality naming no quality is a design the pricing refuses (its `qualities` choice is
# missing, 000 L3017–L3021): the sheet is reported not valid (SHEET_NOT_VALID) and the turn plays the figures it
# gives, where nothing is lowered.


def _changes(m: MoveProfile) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """The Buff of ``m``'s changes to other moves: the moves it names, the Elements it adds, its swaps."""
    design = designed(m, MoveTrait.buff)
    return (
        buff_design.targets(design.get("target_moves")),
        buff_design.added(design.get("added_entries")),
        buff_design.swaps(design.get("element_swaps")) or [],
    )


@features.BUFF_CHANGED
def changed(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> list[MoveProfile]:
    """The moves of one use as the Buffs in effect change them: each move a Buff names (by name or id, of a style
    it may affect, 000 L5056) priced again with its added Elements and its swaps while the Buff lasts (000 L2963–
    L2965). Ruling: a swap whose old Element the move lacks puts nothing on it; a swap is not stacked by a
    Repeatable Buff (000 L3051 bars one that changes moves)."""
    base = f.base_prof or f.prof
    buffs = [base.moves.get(e.move) for e in f.ongoing if e.id == Ongoing.buff and e.move]
    out = list(moves)
    for b in (x for x in buffs if x is not None):
        names, adds, swaps = _changes(b)
        if not names or not (adds or swaps):
            continue
        for i, mv in enumerate(out):
            if mv.id == b.id or not ({normalise(mv.id), normalise(mv.name)} & set(names)) or not b.shares_style(mv):
                continue
            pairs = [(old, new) for old, new in swaps if mv.has(old)]
            out[i] = with_entries(ctx, f, mv, add=(*adds, *(n for _, n in pairs)), remove=[o for o, _ in pairs])
            ctx.note(
                "D.1",
                f.id,
                f"{b.name} changes {mv.name} while it lasts: "
                + ", ".join([*(f"+{a}" for a in adds), *(f"{o} → {n}" for o, n in pairs)])
                + ".",
                "000 L2963–L2965",
                {"buff_move": b.id, "move": mv.id},
            )
    return out
