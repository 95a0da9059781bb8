"""Movement after the move in the turns with Thugs: After Mobile and Passing (000 L2387–L2389), as the main turn's
G.1 asks it (``turn.g_moving.post_move``, 000 L5442; 000 L6646: Chapter 5 leaves it as it is). After Mobile allows
no movement before the move, then 0–2 Ranges (0–3 for a Utility move, never ending at Range 0); Passing 1 before
and 1 after. In a turn with Thugs a Fighter's movement is toward or away from one group (000 L6662–L6670): the one
the move was used on, or another named in the decision ``post_move``."""

from __future__ import annotations

from collections.abc import Sequence

from ..contract.models import DecisionValue, Direction
from ..elements import styles
from ..elements.buffs import buff_modifiers
from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn
from ..turn.f_evasion_results import movement_fs
from . import lasting, move_elements
from .group import Group, shift

AFTER = {"after_mobile": 2, "passing": 1}  # the Ranges after an Offensive move (000 L2387–L2389)
BEFORE = {"after_mobile": 0, "passing": 1}  # and before it


def check_before(ctx: Turn, first: MoveProfile, n: int, key: str) -> None:
    """After Mobile allows no movement before the move, Passing 1 Range (000 L2387–L2389)."""
    most = BEFORE.get(first.movement)
    if most is not None and n > most:
        why = f"{key}: {first.name} ({first.movement.replace('_', ' ')}) allows {most} Range(s) before it."
        ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", f"{key}.movement", why, key=key)


def after(
    ctx: Turn, f: Combatant, g: Group | None, moves: Sequence[MoveProfile], groups: Sequence[Group], utility: bool
) -> None:
    """G.1: the movement After Mobile or Passing allows after the last move, toward or away from ``g`` or the group
    the decision names (000 L2387–L2389, L5442)."""
    last = moves[-1] if moves else None
    if last is None or last.movement not in AFTER or f.defeated:
        return
    if buff_modifiers.rooted(f) or lasting.move_locked(f) or styles.no_movement(f, last) or styles.limited(f, last):
        ctx.note("G.1", f.id, f"{f.id} cannot move after {last.name}.", "000 L3037, L4247, L5098–L5104")
        return
    hi = 3 if utility and last.movement == "after_mobile" else AFTER[last.movement]
    key, d = ctx.decide(
        f.id,
        "post_move",
        "G.1",
        f"{f.id} may move up to {hi} Range(s) toward or away from a group after {last.name}.",
        DecisionValue(movement=0),
    )
    n = d.movement or 0
    path = f"decisions.{key}"
    if n > hi:
        ctx.fail("MOVEMENT_NOT_ALLOWED_BY_KEYWORD", path, f"{key}: at most {hi} Ranges after {last.name}.", key=key)
    if not n:
        return
    live = [x for x in groups if x.members and f.id in x.ranges]
    there = next((x for x in live if x.id == d.target), None) if d.target else g
    if there is None or there not in live:
        ctx.fail("TARGET_UNAVAILABLE", f"{path}.target", f"{key}: name the group to move by.", key=key)
    toward = d.direction is not Direction.away
    if ("away" in last.keywords and toward) or ("closer" in last.keywords and not toward):
        way = "away" if "away" in last.keywords else "closer"
        ctx.fail("MOVEMENT_DIRECTION_INVALID", path, f"{key}: {last.name} moves only {way}.", key=key)  # 000 L4597
    if n == 3 and toward and there.ranges[f.id] <= 3:  # never 3 Ranges to Range 0 (000 L2387)
        ctx.fail("MOBILE_ENDS_AT_RANGE_0", path, f"{key}: 3 Ranges after the move cannot end at Range 0.", key=key)
    fs = movement_fs(f, 1 if n >= 2 else 0)  # ruling A15, as the main turn's G.1
    if fs > f.pl or fs > f.fs:
        ctx.fail("FS_MOVEMENT_COST_UNPAID", path, f"{key}: the movement costs {fs} FS.", key=key)
    f.fs -= fs
    shift(ctx, f, there, n, Direction.toward if toward else Direction.away, f" after {last.name}")
    move_elements.moved(f)  # a dropped Prop is no longer at his feet (000 L4761)
