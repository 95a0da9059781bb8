"""Random Effect: each use rolls which of the move's preset combinations of Elements and Liabilities it has this
time (000 L3938–L3968). The combinations are read as pricing reads them (``fight2e.random_effect``)."""

from __future__ import annotations

from ....dice import Die
from ...moves.models import EntryRef
from ...moves.random_effect import combinations_of
from ..protocol.names import Point
from ..registry.elements import LANDING
from ..registry.reprice import sheet_entry, with_entries
from ..state.action import Attack
from ..state.combatant import Combatant
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .design import entry_of
from .effects import report_unsupported

ENTRY = entry_of(MoveTrait.random_effect)
_DICE = ((2, 1), (4, 2), (6, 3), (8, 4), (10, 5), (12, 6))  # (sides, die-ladder index)


def combinations(ctx: Turn, f: Combatant, m: MoveProfile) -> list[list[EntryRef]]:
    """The move's combinations, from the sheet's own entry (at most ten, 000 L3944)."""
    choice = sheet_entry(ctx, f, m, ENTRY)
    if choice is None:
        return []
    return [list(c.entries) for c in combinations_of(choice) if c.entries][:10]


def pick(ctx: Turn, fid: str, m: MoveProfile, n: int) -> int:
    """1..n, each equally likely: the smallest die with n faces or more, re-rolled above n (000 L3956)."""
    if n == 1:
        return 1
    _, index = next(x for x in _DICE if x[0] >= n)
    for _ in range(40):
        r = ctx.roll(fid, Point.random_effect, Die(index), f"Random Effect of {m.name} ({n} combinations)", "D.2")
        if r <= n:
            return r
    return 1


def usable(m: MoveProfile, i: int, last: int, combo: bool, distance: int, in_range) -> str:
    """Why the rolled version cannot be used here, or ""."""
    if m.offensive and not in_range(m, distance):
        return f"it cannot reach Range {distance}"
    ck = m.combo_keywords
    if combo and "no_combo" in ck:
        return "it has No Combo"
    if combo and "starter" in ck and i != 0:
        return "it is a Starter in the middle of the Combo"
    if combo and "ender" in ck and i != last:
        return "it is an Ender before the end of the Combo"
    return ""


def roll(ctx: Turn, atk: Attack, distance: int, in_range) -> bool:
    """After D.2: each Random Effect move becomes its rolled combination. An unusable one makes a lone attack miss;
    in a Combo only the moves before it count if the Combo hits (``atk.random_cut``). Returns False for a miss."""
    a = atk.attacker
    if ENTRY not in a.prof.entry_ids:
        return True

    last = len(atk.moves) - 1
    for i, m in enumerate(list(atk.moves)):
        combos = combinations(ctx, a, m) if m.has(ENTRY) else []
        if not combos:
            continue
        k = pick(ctx, a.id, m, len(combos))
        v = with_entries(ctx, a, m, add=combos[k - 1], remove=(ENTRY,))
        report_unsupported(ctx, a, v)
        atk.moves = [*atk.moves[:i], v, *atk.moves[i + 1 :]]
        why = usable(v, i, last, atk.is_combo, distance, in_range)
        listed = ", ".join(r.id if r.times == 1 else f"{r.id} ×{r.times}" for r in combos[k - 1])
        ctx.note(
            "D.2",
            a.id,
            f"Random Effect: combination {k} of {len(combos)} for {m.name} ({listed})"
            + (f" — unusable: {why}." if why else "."),
            "000 L3956–L3960",
            {"roll": k, "combinations": len(combos)},
            {"usable": not why},
        )
        if why:
            if i == 0:
                return False  # a lone attack, or a Combo with nothing before it, misses (000 L3958)
            atk.random_cut = i if atk.random_cut is None else min(atk.random_cut, i)
            return True
    return True


@LANDING(10, entries=(ENTRY,))
def cut(ctx: Turn, atk: Attack) -> None:
    """On a hit: the Combo stops before the unusable Random Effect move (000 L3960)."""
    if atk.random_cut is not None and atk.random_cut < len(atk.moves):
        atk.moves = atk.moves[: atk.random_cut]
        ctx.note(
            "E",
            atk.attacker.id,
            "Random Effect: the Combo counts only the moves before the unusable combination.",
            "000 L3960",
        )
