"""Rule group 4.A: Power Level, Glory and role, and one history entry per level."""

from __future__ import annotations

from collections import Counter

from .glory import pl_from_glory
from .sheet import BOSS_ROLES, Sheet

# ── 4.A Power Level, Glory, role ────────────────────────────────────────────────────────────────────


def check_power_level_and_glory(s: Sheet) -> None:
    f, found, camp = s.f, s.found, s.camp
    pl = f.power_level
    if not 1 <= pl <= 10 or (pl >= 9 and not camp.boss_extended_power_levels):
        found.add(
            "PL_OUT_OF_RANGE",
            "fighter.power_level",
            f"Power Level {pl} is outside 1–8"
            + ("" if pl < 9 or pl > 10 else "; 9–10 need the campaign's Boss extension")
            + ".",
        )
    if pl in (9, 10) and f.role not in BOSS_ROLES:
        found.add("PL_EXTENDED_NOT_BOSS", "fighter.role", f"Only Bosses reach Power Level {pl}; this is a {f.role}.")
    if f.glory is None:
        found.add("GLORY_NOT_INTEGER", "fighter.glory", "Glory is missing; a new Fighter has 0.")
    if pl >= 9:
        found.add("GLORY_IGNORED_FOR_BOSS_PL", "fighter.glory", "Power Levels 9–10 have no Glory range.")
    elif s.glory_mode and f.glory is not None and 1 <= pl <= 8:
        reached = pl_from_glory(f.glory)
        if pl == 1 and f.glory != 0:
            found.add(
                "CREATION_GLORY_NOT_ZERO", "fighter.glory", f"A newly made Fighter starts with 0 Glory, not {f.glory}."
            )
        if reached > pl:
            found.add(
                "ADVANCEMENT_PENDING",
                "fighter.glory",
                f"{f.glory} Glory reaches Power Level {reached}; the advancement is due.",
            )
        elif reached < pl:
            found.add(
                "PL_ABOVE_GLORY",
                "fighter.glory",
                f"{f.glory} Glory only supports Power Level {reached}; effects keyed to Power Level use "
                f"{reached} until Glory recovers.",
            )
    _check_levels_recorded(s)


def _check_levels_recorded(s: Sheet) -> None:
    f = s.f
    if f.power_level <= 1:
        return
    top = min(f.power_level, 10)
    if f.skill_history is None and f.move_point_ledger is None:
        s.found.skip("PL_SKIPPED", "skill_history or move_point_ledger")
        return
    if f.move_point_ledger is not None:
        pls = Counter(e.pl for e in f.move_point_ledger)
        missing = [k for k in range(1, top + 1) if k not in pls]
        if missing or any(n > 1 for n in pls.values()):
            s.found.add(
                "PL_SKIPPED",
                "fighter.move_point_ledger",
                "The Move Point ledger needs one entry for each Power Level 1–"
                f"{top}" + (f"; missing {', '.join(map(str, missing))}" if missing else "; some appear twice") + ".",
            )
    if f.skill_history is not None:
        pls = Counter(h.pl for h in f.skill_history)
        missing = [k for k in range(1, top) if k not in pls]
        if missing or any(n > 1 for n in pls.values()):
            s.found.add(
                "PL_SKIPPED",
                "fighter.skill_history",
                f"The skill history needs one snapshot for each Power Level 1–{top - 1}"
                + (f"; missing {', '.join(map(str, missing))}" if missing else "; some appear twice")
                + ".",
            )
