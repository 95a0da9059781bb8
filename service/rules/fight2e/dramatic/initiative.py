"""Initiative in Dramatic Combat: the die comes from Speed, the Control Bonus is added, and no Control is rolled
(000 L7084–L7096)."""

from __future__ import annotations

from ...dice import D12, Die
from .catalogue import tables


def initiative_die(speed: int, steps: int = 0, fs: int = 0) -> Die:
    """The die for ``speed`` moved by ``steps`` (show-off, a Flourish invitation, Full Defense, Knock Down …) and by
    the Fighting Spirit put on it; ruling C2: FS still buys sizes, up to 1d12 (000 L5505)."""
    base = tables().initiative_die(speed).shifted(steps)
    if fs <= 0:
        return base
    return Die(max(base.step, min(base.step + fs, D12)))


def initiative_total(face: int, control_bonus: int, face_off_bonus: int = 0) -> int:
    """The Initiative: the face plus the Control Bonus (000 L7096) and a Ki Face Off's margin (000 L7235)."""
    return face + control_bonus + face_off_bonus


def flourish_on_tie(init_a: int, init_b: int, range_at_start: int) -> bool:
    """Opponents tied on Initiative within Range 0–2 at the start of the turn trade a free Flourish instead of their
    turns (000 L7100); elsewhere a tie is simultaneous as usual."""
    return init_a == init_b and 0 <= range_at_start <= 2
