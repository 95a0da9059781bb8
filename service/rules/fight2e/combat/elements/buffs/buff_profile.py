"""What a Buff changes in its user's profile while it lasts: raised or lowered Basic Qualities, Defense and
Evasion points, Ki-based damage, and the parts of a Buff the resolver does not apply (000 L2953–L3075)."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from ....catalogue.schema import chosen
from ...state.combatant import Combatant
from ...state.profile import MoveProfile, MoveTrait, Profile
from ...state.turn import Turn
from . import buff_modifiers as mods

_QUALITIES = ("strength", "speed", "stamina")


def duration(m: MoveProfile) -> int | None:
    """A 10-count, a 5-count with Decreased Duration, the rest of the fight with Increased Duration (None)."""
    if m.trait(MoveTrait.increased_duration):
        return None  # 000 L3003–L3009
    return 5 if m.trait(MoveTrait.decreased_duration) else 10  # 000 L2961, L2985


def _int(m: MoveProfile, name: str) -> int:
    value = m.options.get("buff", {}).get(name)
    try:
        return max(int(str(value)), 0) if value not in (None, "") else 0
    except ValueError:
        return 0


def _text(m: MoveProfile, name: str) -> str:
    return str(m.options.get("buff", {}).get(name) or "").lower()


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
    named = chosen(m.options.get("buff", {}).get("raised_qualities"))
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


def unsupported_parts(ctx: Turn, f: Combatant, m: MoveProfile) -> None:
    # Ruling: a Lowered Basic Quality naming no quality is a design the pricing refuses (its `qualities` choice is
    # missing, 000 L3017–L3021): the sheet is reported not valid (SHEET_NOT_VALID) and the turn plays the figures
    # it gives, where nothing is lowered.
    if _int(m, "added_elements") or _text(m, "element_swaps"):
        ctx.unsupported_rule(
            "buff.added_elements",
            f"fighters[{f.index}].sheet.{m.path}",
            f"{m.name}: Elements a Buff adds to or swaps on other moves are not applied",
        )
