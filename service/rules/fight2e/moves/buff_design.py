"""A Buff's changes to other moves as its design writes them (000 L2963–L2965): the moves it names, the Elements it
adds to each, and its swaps. Read alike by pricing (what they cost, what is forbidden) and by combat (the moves
priced again while the Buff lasts)."""

from __future__ import annotations

import re

from ..catalogue.character_catalog import normalise
from ..catalogue.schema import chosen


def targets(text: object) -> list[str]:
    """The moves named by ``target_moves`` (names or ids, comma or semicolon separated), normalised."""
    return [normalise(t) for t in re.split(r"[,;]", str(text or "")) if t.strip()]


def swaps(text: object) -> list[tuple[str, str]] | None:
    """``element_swaps`` as (taken off, put on) pairs, separated by commas or semicolons, each written
    ``old > new`` (or ``old -> new``) or ``new for old``; None when a part is neither."""
    out: list[tuple[str, str]] = []
    for part in re.split(r"[,;]", str(text or "")):
        words = part.strip().lower()
        if not words:
            continue
        arrow = re.fullmatch(r"([a-z0-9_.]+)\s*-?>\s*([a-z0-9_.]+)", words)
        instead = re.fullmatch(r"([a-z0-9_.]+)\s+for\s+([a-z0-9_.]+)", words)
        if arrow is not None:
            out.append((arrow.group(1), arrow.group(2)))
        elif instead is not None:
            out.append((instead.group(2), instead.group(1)))
        else:
            return None
    return out


def added(value: object) -> list[str]:
    """The Elements ``added_entries`` puts on each named move."""
    return chosen(value)
