"""D.1–D.3: whether a move reaches its target and the Accuracy of the attack: range, projectile speed and every
modifier of the roll (000 L2365, L5613, L5708, L5834)."""

from __future__ import annotations

from . import (
    hazard_effects,
    records,
)
from .attack_records import Attack
from .combo import combo_accuracy
from .move_profile import MoveProfile
from .state import Ctx


def range_ok(m: MoveProfile, distance: int) -> bool:
    if m.has("specific_range"):
        want = m.options.get("specific_range", {}).get("range")
        if want is not None:
            return str(want) == str(distance)  # 000 L4858: it connects at its one Range, whatever its keywords
    if m.range is None:
        return not m.offensive
    return m.range[0] <= distance <= m.range[1]


def range_modifier(m: MoveProfile, distance: int, cross_up: bool) -> tuple[str, int] | None:
    """Range 0 +1 (Cross-Up +2 instead), Range 2 −1 without Reach or Long Range, Reach at 3 −2 (000 L5613,
    L5634, L4083)."""
    if distance == 0:
        return ("cross_up", 2) if cross_up else ("range_0", 1)
    long_reach = m.kw("reach_range") or m.kw("long_range")
    if distance == 2 and not long_reach:
        return ("range_2", -1)
    if distance == 3 and m.kw("reach_range"):
        return ("reach_at_3", -2)
    return None


def accuracy(ctx: Ctx, atk: Attack, option: str) -> dict[str, int]:
    a, d = atk.attacker, atk.defender
    if atk.is_combo:
        _, parts = combo_accuracy(atk.moves, option)
    else:
        parts = {"move": atk.moves[0].accuracy_vs(option)}
    if a.prof.acc_bonus:
        parts["accuracy_bonus"] = a.prof.acc_bonus
    if atk.context in ("bomb", "bomb_shot"):  # the Bomb's own attack: no Range, Control or pending bonus (000 L2853)
        parts.update(atk.extra_acc)
        if atk.context == "bomb_shot" and option in ("evasion", "defense_evasion"):
            parts["hard_to_evade"] = 1  # the Assault Bomb's shot is Hard to Evade (000 L2865)
        return {k: v for k, v in parts.items() if v}
    mod = range_modifier(atk.first, ctx.distance(a, d), atk.cross_up)
    if mod:
        parts[mod[0]] = mod[1]
    parts.update(records.labelled_accuracy(atk.first, ctx.distance(a, d), option))  # Very Fast / Slow (000 L4051)
    if a.control > atk.cost:
        parts["extra_control"] = 1  # 000 L5708
    pend = 0
    keep: list[tuple[int, str | None, str]] = []
    for amount, vs, source in a.pending_acc:
        if vs is None or vs == d.id:
            pend += amount
        elif source != "evasion":
            keep.append((amount, vs, source))
    # The Evasion bonus is used on this attack, or lost if it targets someone else (000 L5834–L5836).
    a.pending_acc = keep
    if pend:
        parts["pending"] = pend
    parts.update(hazard_effects.accuracy(ctx, a, d))
    parts.update(atk.extra_acc)
    return {k: v for k, v in parts.items() if v}
