"""D.1–D.3: whether a move reaches its target and the Accuracy of the attack: range, projectile speed and every
modifier of the roll (000 L2365, L5613, L5708, L5834)."""

from __future__ import annotations

from ...catalogue.records import OneRange
from ..protocol.names import AttackContext, Part
from ..registry import elements
from ..registry.features import COMBO_ACCURACY
from ..state.action import Attack
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import MoveProfile
from ..state.turn import Turn

# Entries that make a move connect at one Range only, and the option that names it (000 L4850–L4862).
ONE_RANGE: EntryTable[str] = of_records("one_range", OneRange, lambda found: found[0].option)


def range_ok(m: MoveProfile, distance: int) -> bool:
    for entry, option in ONE_RANGE.found(m.entries):
        want = m.options.get(entry, {}).get(option)
        if want is not None:
            return str(want) == str(distance)  # 000 L4858: it connects at its one Range, whatever its keywords
    if m.range is None:
        return not m.offensive
    return m.range[0] <= distance <= m.range[1]


_BOMBS = (AttackContext.bomb, AttackContext.bomb_shot)  # read once (an Enum's attribute is slow on Python 3.11)
_CROSS_UP = Part.cross_up


def range_modifier(m: MoveProfile, distance: int, cross_up: bool) -> tuple[str, int] | None:
    """Range 0 +1 (Cross-Up +2 instead), Range 2 −1 without Reach or Long Range, Reach at 3 −2 (000 L5613,
    L5634, L4083)."""
    if distance == 0:
        return (_CROSS_UP, 2) if cross_up else ("range_0", 1)
    long_reach = m.kw("reach_range") or m.kw("long_range")
    if distance == 2 and not long_reach:
        return ("range_2", -1)
    if distance == 3 and m.kw("reach_range"):
        return ("reach_at_3", -2)
    return None


def accuracy(ctx: Turn, atk: Attack, option: str) -> dict[str, int]:
    a = atk.attacker
    if atk.is_combo:
        _, parts = COMBO_ACCURACY.fn(atk.moves, option)
    else:
        parts = {"move": atk.moves[0].accuracy_vs(option)}
    if a.prof.acc_bonus:
        parts["accuracy_bonus"] = a.prof.acc_bonus
    if atk.context in _BOMBS:  # the Bomb's own attack: no Range, Control or pending bonus (000 L2853)
        parts.update(atk.extra_acc)
        if atk.context == AttackContext.bomb_shot and option in ("evasion", "defense_evasion"):
            parts[Part.hard_to_evade] = 1  # the Assault Bomb's shot is Hard to Evade (000 L2865)
        return {k: v for k, v in parts.items() if v}
    for hook in elements.ACCURACY.hooks:
        parts.update(hook(ctx, atk, option))
    parts.update(atk.extra_acc)
    return {k: v for k, v in parts.items() if v}


@elements.ACCURACY(10)
def _range(ctx: Turn, atk: Attack, option: str) -> dict[str, int]:
    mod = range_modifier(atk.first, ctx.distance(atk.attacker, atk.defender), atk.cross_up)
    return dict([mod]) if mod else {}


@elements.ACCURACY(30)
def _extra_control(ctx: Turn, atk: Attack, option: str) -> dict[str, int]:
    return {"extra_control": 1} if atk.attacker.control > atk.cost else {}  # 000 L5708


@elements.ACCURACY(40)
def _pending(ctx: Turn, atk: Attack, option: str) -> dict[str, int]:
    a, d = atk.attacker, atk.defender
    pend = 0
    keep: list[tuple[int, str | None, str]] = []
    for amount, vs, source in a.pending_acc:
        if vs is None or vs == d.id:
            pend += amount
        elif source != "evasion":
            keep.append((amount, vs, source))
    # The Evasion bonus is used on this attack, or lost if it targets someone else (000 L5834–L5836).
    a.pending_acc = keep
    return {"pending": pend} if pend else {}
