"""The die-size chain Thug attributes climb (Chapter 5, Damage): a die as text and as its step on the chain."""

from __future__ import annotations

import re

from .catalogue import thug_catalogue

_DIE = re.compile(r"^1d(\d+)(?:\+(\d+))?$")


def die_step(text: str) -> int | None:
    """``"1d6"`` → its step on the chain (``"1"`` is step 0); ``"1d12+4"`` two steps past 1d12; None off the chain."""
    chain = thug_catalogue().points.die_chain
    if text in chain.steps:
        return chain.steps.index(text)
    top = chain.steps[-1]
    match = _DIE.match(text)
    if match is None or match.group(2) is None or f"1d{match.group(1)}" != top:
        return None
    bonus = int(match.group(2))
    if bonus == 0 or bonus % chain.beyond_top:
        return None
    return len(chain.steps) - 1 + bonus // chain.beyond_top


def die_text(step: int) -> str:
    """The die at a step of the chain; below the chain's start it stays at the lowest value."""
    chain = thug_catalogue().points.die_chain
    last = len(chain.steps) - 1
    if step <= last:
        return chain.steps[max(step, 0)]
    return f"{chain.steps[-1]}+{(step - last) * chain.beyond_top}"
