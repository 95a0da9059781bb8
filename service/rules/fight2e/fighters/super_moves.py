"""Rule group 4.G: Super Moves, including three-tier Supers."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict

from ..catalogue.character_catalog import normalise
from .fighter_models import FighterMove, SuperMoveSystem
from .sheet import THREE_TIER_TECHNIQUE, MoveState, Sheet

# ── 4.G Super Moves ─────────────────────────────────────────────────────────────────────────────────


def check_super_moves(s: Sheet) -> None:
    f, found, camp = s.f, s.found, s.camp
    supers = [m for m in s.moves if m.is_super]
    units = {m.move.tier_group or m.move.purchase or f"#{m.index}" for m in supers}  # one per three-tier/purchase
    s.supers_owned = len(units)
    if camp.super_moves_enabled and f.power_level >= 3:
        if not supers:
            found.add("SUPER_MOVE_REQUIRED_AT_PL3", "fighter.moves", "From PL 3 a Fighter owns a Super Move.")
        else:
            dated = [s.acq(m.move.acquired_at_pl) for m in supers]
            if None in dated:
                found.skip("SUPER_MOVE_REQUIRED_AT_PL3", "acquired_at_pl on Super Moves")
            elif 3 not in dated:
                found.add("SUPER_MOVE_REQUIRED_AT_PL3", "fighter.moves", "The PL 3 advancement must buy a Super Move.")
    limit = s.row.super_moves if camp.super_moves_enabled else 0
    if s.supers_owned > limit and camp.super_moves_enabled:
        found.add(
            "SUPER_MOVE_COUNT_EXCEEDED",
            "fighter.moves",
            f"{s.supers_owned} Super Moves; Power Level {s.pl} allows {limit}.",
        )
    _check_three_tier(s, supers)


def _check_three_tier(s: Sheet, supers: list[MoveState]) -> None:
    found = s.found
    technique = any(
        q.trait and q.trait.id == "technique" and normalise(q.take.params.subject or "") == THREE_TIER_TECHNIQUE
        for q in s.qualities
    )
    tiered = [m for m in s.moves if m.move.tier > 1 or m.move.tier_group]
    if not tiered:
        return
    if not s.three_tier:
        for m in tiered:
            found.add(
                "THREE_TIER_INVALID", f"{m.path}.tier", f"{m.label}: tiers exist only with three-tier Super Moves."
            )
        return
    if technique and s.camp.super_move_system is not SuperMoveSystem.three_tier:
        for q in s.qualities:
            if q.trait and q.trait.id == "technique" and not q.take.director_approved:
                found.add("DIRECTOR_APPROVAL_REQUIRED", q.path, "A three-tier Super Technique needs the Director.")
    groups: dict[str, list[MoveState]] = defaultdict(list)
    for m in tiered:
        if not m.is_super:
            found.add("THREE_TIER_INVALID", f"{m.path}.kind", f"{m.label}: only Super Moves have tiers.")
        elif not m.move.tier_group:
            found.add(
                "THREE_TIER_INVALID",
                f"{m.path}.tier_group",
                f"{m.label}: a tier above 1 names its Super Move's tier_group.",
            )
        else:
            groups[m.move.tier_group].append(m)
    for m in supers:
        if m.move.tier_group and m not in groups[m.move.tier_group]:
            groups[m.move.tier_group].append(m)
    for name, members in sorted(groups.items()):
        members.sort(key=lambda m: (m.move.tier, m.move.level, repr(m.move)))
        tiers = [m.move.tier for m in members]
        levels = [m.move.level for m in members]
        problems = []
        if tiers != list(range(1, len(members) + 1)):
            problems.append("tiers must run 1, 2, 3 without gaps or repeats")
        if any(b != a + 1 for a, b in itertools.pairwise(levels)):
            problems.append("each tier is one level above the one before")
        for low, high in itertools.pairwise(members):
            if not _superset(low.move, high.move):
                problems.append(f"tier {high.move.tier} drops something tier {low.move.tier} has")
        if problems:
            found.add("THREE_TIER_INVALID", members[0].path, f"Three-tier Super '{name}': " + "; ".join(problems) + ".")


def _superset(low: FighterMove, high: FighterMove) -> bool:
    have = Counter({normalise(c.id): c.times for c in (*high.elements, *high.liabilities)})
    return all(have[normalise(c.id)] >= c.times for c in (*low.elements, *low.liabilities))
