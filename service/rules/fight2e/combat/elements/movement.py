"""Movement Elements of Special Moves: Pass Through (000 L3782–L3792) and Power Dash (000 L3812–L3818)."""

from __future__ import annotations

from dataclasses import replace

from ..state.combatant import Combatant
from ..state.profile import MoveProfile
from ..state.turn import Turn


def pass_through(ctx: Turn, first: MoveProfile, n: int, toward: bool, start: int, end: int, key: str) -> bool:
    """Whether the movement before ``first`` is Pass Through's free 2 Ranges. They must end at exactly Range 0 or
    carry the user past the opponent to Range 1 or 2 on his far side (000 L3790–L3792)."""
    if not first.moving.pass_through or n != 2:
        return False
    # ruling: a 2-Range movement with this move is only ever the Pass Through one (its Mobile keyword comes from
    # the Element), so any other 2-Range movement is refused (000 L3790)
    if not (toward and start <= 2 and end == 2 - start):
        ctx.fail(
            "PASS_THROUGH_INVALID",
            f"decisions.{key}.movement",
            f"{key}: {first.name} moves 2 Ranges only to "
            f"end at Range 0 or past the opponent (from Range 2, 1 or 0 toward him), not from Range {start} to "
            f"{end}.",
            key=key,
        )
    return True


def can_power_dash(first: MoveProfile, n: int) -> bool:
    """A Special Move with Power Dash may follow the 1 FS Dash (1 Range forward from Range 1 or 2); the 2 FS Dash
    stays with Basic Moves (000 L2179, L3818)."""
    # ruling: the Dash's own +1 Accuracy comes with it, as for a Basic Move (000 L2179)
    return first.moving.power_dash and n == 1


def power_dash(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> None:
    """The move right after the 1 FS Dash rolls one die size more damage (000 L3818); ``moves`` is changed in
    place."""
    first = moves[0]
    if not first.moving.power_dash or first.damage_step is None:
        return
    moves[0] = replace(first, damage_step=first.damage_step + 1)
    ctx.note(
        "C",
        f.id,
        f"Power Dash: {first.name} follows the Dash with one die size more damage.",
        "000 L3812–L3818",
        {"move": first.id},
    )
