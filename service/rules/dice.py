"""The die-size ladder shared by the fighting-game rulesets.

Ladder (000 L5455–L5469): 1 → 1d2 → 1d4 → 1d6 → 1d8 → 1d10 → 1d12 → 1d12+2 → 1d12+4 → … (each step above
1d12 adds 2). The flat "1" is the floor: no roll is made.
"""

from __future__ import annotations

from dataclasses import dataclass

_BELOW_D12 = ("1", "1d2", "1d4", "1d6", "1d8", "1d10", "1d12")
D12 = 6  # ladder index of 1d12
D4, D6, D8 = 2, 3, 4
MAX_STEP = 200  # far beyond anything the rules produce; keeps absurd inputs bounded


@dataclass(frozen=True)
class Die:
    """A rung of the ladder: ``sides`` (0 for the flat 1) and a flat ``bonus`` above 1d12."""

    step: int

    @property
    def sides(self) -> int:
        return (0, 2, 4, 6, 8, 10, 12)[min(self.step, D12)]

    @property
    def bonus(self) -> int:
        return 2 * max(self.step - D12, 0)

    def shifted(self, steps: int) -> Die:
        return Die(max(0, min(self.step + steps, MAX_STEP)))

    def __str__(self) -> str:
        if self.step <= D12:
            return _BELOW_D12[self.step]
        return f"1d12+{self.bonus}"


def die_name(step: int) -> str:
    """The written die of a ladder step (clamped to the ladder), without building a ``Die``."""
    step = max(0, min(step, MAX_STEP))
    return _BELOW_D12[step] if step <= D12 else f"1d12+{2 * (step - D12)}"


def die(text: str) -> Die:
    """Parse ``"1d8"`` or ``"1d12+4"`` into its ladder rung."""
    if text in _BELOW_D12:
        return Die(_BELOW_D12.index(text))
    if text.startswith("1d12+"):
        bonus = int(text[5:])
        if bonus > 0 and bonus % 2 == 0:
            return Die(D12 + bonus // 2)
    raise ValueError(f"not a die on the ladder: {text!r}")
