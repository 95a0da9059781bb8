"""Map combat (002 L33, L35, L58, L112-L114): where each fighter stands, on a grid of 5-foot squares.

Rulings: positions are in feet on the grid's two axes (`x` east, `y` north), each a multiple of 5; a step in any of
the eight directions moves one square, a diagonal one counting 5 feet; a push moves the target in a straight line
the pushing fighter chooses, by default straight away from him."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ..base import AsInt, Model

SQUARE = 5  # feet (002 L33, L58)
MAX_FEET = 5000
Feet = Annotated[int, Field(ge=-MAX_FEET, le=MAX_FEET, multiple_of=SQUARE), AsInt]


class RpgDirection(StrEnum):
    n = "n"
    ne = "ne"
    e = "e"
    se = "se"
    s = "s"
    sw = "sw"
    w = "w"
    nw = "nw"


STEP: dict[RpgDirection, tuple[int, int]] = {
    RpgDirection.n: (0, 1),
    RpgDirection.ne: (1, 1),
    RpgDirection.e: (1, 0),
    RpgDirection.se: (1, -1),
    RpgDirection.s: (0, -1),
    RpgDirection.sw: (-1, -1),
    RpgDirection.w: (-1, 0),
    RpgDirection.nw: (-1, 1),
}
TOWARD = {v: k for k, v in STEP.items()}


class RpgPosition(Model):
    """A fighter's square on the map, in feet (multiples of 5)."""

    x: Feet = 0
    y: Feet = 0


def moved(p: RpgPosition, direction: RpgDirection, feet: int) -> RpgPosition:
    """``p`` moved ``feet`` (a multiple of 5) in ``direction``, one square per 5 feet, clamped to the map's edge."""
    dx, dy = STEP[direction]
    squares = feet // SQUARE
    x = max(-MAX_FEET, min(MAX_FEET, p.x + dx * squares * SQUARE))
    y = max(-MAX_FEET, min(MAX_FEET, p.y + dy * squares * SQUARE))
    return RpgPosition.model_construct(x=x, y=y)  # multiples of 5 within the bounds


def away(frm: RpgPosition | None, to: RpgPosition | None) -> RpgDirection:
    """The direction straight away from ``frm`` through ``to`` (to the nearest of the eight); north when either is
    unknown or they share a square (a ruling)."""
    if frm is None or to is None or (frm.x, frm.y) == (to.x, to.y):
        return RpgDirection.n
    dx, dy = to.x - frm.x, to.y - frm.y
    sx = (dx > 0) - (dx < 0) if 2 * abs(dx) >= abs(dy) else 0
    sy = (dy > 0) - (dy < 0) if 2 * abs(dy) >= abs(dx) else 0
    return TOWARD[(sx, sy)]
