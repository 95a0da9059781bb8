"""Glory arithmetic: the Power Level a Glory total reaches, and pure helpers for the calculators."""

from __future__ import annotations

import math
from collections.abc import Iterable

GLORY_THRESHOLDS = ((8, 501), (7, 351), (6, 251), (5, 176), (4, 101), (3, 51), (2, 26))  # 000 L706–L714


# ── Glory and skill-check formulas (digest §3.11, §2.12; pure helpers for the calculators) ─────────────


def pl_from_glory(glory: int) -> int:
    """Power Level a Glory total reaches (000 L706–L714); negative totals stay at PL 1 (ruling A-20)."""
    for pl, threshold in GLORY_THRESHOLDS:
        if glory >= threshold:
            return pl
    return 1


def move_glory(
    level: int,
    increased_glory: int = 0,
    poorly_drawn: bool = False,
    styles: int = 1,
    cross_style: bool = False,
    borrowed: bool = False,
) -> int:
    """Glory for the first hit with a move in a fight (000 L786, L1469, L3548, L5060–L5062, L5153)."""
    if borrowed:
        return 1
    glory = max(level + 2 * increased_glory - (1 if poorly_drawn else 0), 0)
    if styles > 1 and not cross_style:
        glory = math.ceil(glory / styles)  # modifiers first, then divided by the non-empty styles
    return glory


def first_hit_glory(hits: Iterable[tuple[str, int, bool]]) -> int:
    """Glory of a fight's move uses ``(move, level, hit)``: a move pays on its first hit only; misses pay
    nothing and do not use it up (000 L786)."""
    paid: set[str] = set()
    total = 0
    for name, level, hit in hits:
        if hit and name not in paid:
            paid.add(name)
            total += level
    return total


def combo_glory(
    hits: int, first_use_glory: Iterable[int] = (), poorly_drawn: bool = False, consecutive_turn: int = 1
) -> int:
    """A Combo that hits: half its moves rounded up, plus first-use move Glory inside it, plus k − 1 on the
    k-th uninterrupted Combo turn (000 L790–L800; Poorly Drawn −1, ruling A-39)."""
    base = max(math.ceil(hits / 2) - (1 if poorly_drawn else 0), 0)
    return base + sum(first_use_glory) + max(consecutive_turn - 1, 0)


def unequal_power_level_glory(glory: int, own_pl: int, other_pl: int) -> int:
    """One-on-one against a lower-PL Fighter: Glory × lower / higher, rounded half up (000 L806; ruling A-21)."""
    if own_pl <= other_pl:
        return glory
    return math.floor(glory * other_pl / own_pl + 0.5)


def action_sequence_glory(action_goal: int, difficulty: int) -> int:
    """Standard Action Sequence: Goal × DL ÷ 10, rounded off normally (000 L2010–L2012)."""
    return math.floor(action_goal * difficulty / 10 + 0.5)


def standard_action_sequence(
    action_goal: int, difficulty: int, checks: Iterable[tuple[int, bool]]
) -> tuple[bool | None, int]:
    """Resolve ``(total, skill on the list)`` checks against one DL (+4 off the list): won after Goal successes,
    lost after half the Goal in failures (000 L1972). Returns (won, rolls used); won is None if undecided."""
    successes = failures = rolls = 0
    for total, on_list in checks:
        rolls += 1
        if total >= difficulty + (0 if on_list else 4):
            successes += 1
        else:
            failures += 1
        if successes >= action_goal:
            return True, rolls
        if failures >= action_goal / 2:
            return False, rolls
    return None, rolls


def fame_gamble(award: int, achieved: bool) -> int:
    """A pre-declared Glory award: doubled when achieved, −3 otherwise (000 L1172–L1174; one per Fame take,
    ruling A-41)."""
    return 2 * award if achieved else -3


def skill_check(
    level: int,
    roll: int,
    difficulty: int,
    bonus: int = 0,
    optional_results: bool = False,
    second_roll: int | None = None,
) -> str:
    """1d10 + Skill (+ bonus) against a DL (000 L1641–L1644); with the optional rule an exact hit is a mixed
    success, and a confirming 10 or 1 makes a critical or a fumble (000 L1673–L1681)."""
    total = roll + level + bonus
    if optional_results:
        if total == difficulty:
            return "mixed"
        if roll == 10 and second_roll == 10 and total > difficulty:
            return "critical"
        if roll == 1 and second_roll == 1 and total < difficulty:
            return "fumble"
    return "success" if total >= difficulty else "failure"


def cannot_fail(level: int, difficulty: int, bonus: int = 0) -> bool:
    """Even a roll of 1 succeeds (000 L1659)."""
    return 1 + level + bonus >= difficulty


def stance_evaluation_questions(result: int) -> int:
    """One yes/no question about the opponent's Elements per full 4 points (000 L1904–L1906)."""
    return max(result, 0) // 4


def realize_potential_level(result: int) -> int:
    """Level of the free Special Move a Realize Potential check can yield (000 L1888)."""
    return math.ceil(max(result, 0) / 3)


def theme_music_recoveries(time_count: int, start: int = 99) -> int:
    """FS regained by Theme Music once the count has fallen to ``time_count`` (000 L1347–L1357)."""
    return max(start - time_count, 0) // 10
