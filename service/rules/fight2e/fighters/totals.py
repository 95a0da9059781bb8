"""Rule 141 (4.K): one verdict over everything a Power Level grants (000 L655–L714).

Advancing in Power Level adds Combat and Narrative Skill Points, Move Points, a Quality or a lost Weakness on even
levels, Life Bar, Fighting Spirit, Combat Bonuses and Super Moves (000 L655–L662, L706–L714); each is checked under
its own code (an error each). When any of them disagrees, the sheet's totals as a whole disagree with its Power
Level: reported once as information, with the three point budgets' figures (spent of available)."""

from __future__ import annotations

from .sheet import Sheet

# The per-grant rules the total is made of (the digest's rules 20, 65–68, 75, 88, 122, 127, 128).
PARTS = frozenset(
    {
        "QUALITY_SLOTS_EXCEEDED",
        "COMBAT_SKILL_POINTS_OVERSPENT",
        "COMBAT_SKILL_POINTS_UNSPENT",
        "NARRATIVE_SKILL_POINTS_OVERSPENT",
        "NARRATIVE_SKILL_POINTS_UNSPENT",
        "COMBAT_BONUS_TOTAL_MISMATCH",
        "MOVE_POINTS_BUDGET",
        "SUPER_MOVE_COUNT_EXCEEDED",
        "LIFE_BAR_MISMATCH",
        "FIGHTING_SPIRIT_MISMATCH",
    }
)


def check_accumulated_totals(s: Sheet) -> None:
    broken = sorted({v.code for v in s.found.violations if v.code in PARTS})
    if not broken:
        return
    figures = ", ".join(
        f"{name} {b.spent} of {b.available}"
        for name, b in (("Combat Skill Points", s.csp), ("Narrative Skill Points", s.nsp), ("Move Points", s.mp))
    )
    s.found.add(
        "ACCUMULATED_TOTALS",
        "fighter",
        f"The totals disagree with what PL {s.f.power_level} grants ({', '.join(broken)}); {figures}.",
    )
