"""Rule group 4.B: the Basic Quality array, the Speed split and the Beast Form."""

from __future__ import annotations

from .sheet import Sheet

LEGAL_ARRAYS = ((0, 1, 1), (-1, 0, 2))  # sorted Basic Quality arrays (000 L500)
SPEED_SPLITS = {0: {(0, 0)}, 1: {(1, 0), (0, 1)}, 2: {(2, 0), (1, 1), (0, 2)}, -1: {(-1, 0), (0, -1)}}  # L512


# ── 4.B Basic Qualities ─────────────────────────────────────────────────────────────────────────────


def check_basic_qualities(s: Sheet) -> None:
    bq, found = s.f.basic_qualities, s.found
    values = (bq.strength, bq.speed, bq.stamina)
    for name, v in zip(("strength", "speed", "stamina"), values, strict=True):
        if not -1 <= v <= 2:
            found.add(
                "BASIC_QUALITY_RANGE", f"fighter.basic_qualities.{name}", f"{name.title()} {v} is outside −1 to 2."
            )
    if tuple(sorted(values)) not in LEGAL_ARRAYS:
        found.add(
            "BASIC_QUALITY_ARRAY_INVALID",
            "fighter.basic_qualities",
            f"Strength {bq.strength}, Speed {bq.speed}, Stamina {bq.stamina} is neither two 1s and a 0 nor "
            "a 2, a 0 and a −1.",
        )
    split = s.f.speed_allocation
    if split is None:
        if bq.speed != 0:
            found.add(
                "SPEED_ALLOCATION_MISSING",
                "fighter.speed_allocation",
                f"Speed {bq.speed} must be assigned to Initiative and/or Control.",
            )
    elif bq.speed in SPEED_SPLITS and (split.initiative, split.control) not in SPEED_SPLITS[bq.speed]:
        found.add(
            "SPEED_ALLOCATION_INVALID",
            "fighter.speed_allocation",
            f"Speed {bq.speed} cannot become Initiative {split.initiative} / Control {split.control}.",
        )
    _check_basic_qualities_unchanged(s)
    _check_beast_form(s)


def _check_basic_qualities_unchanged(s: Sheet) -> None:
    f = s.f
    snaps = [h for h in f.skill_history or () if h.basic_qualities is not None or h.speed_allocation is not None]
    if f.power_level > 1 and not snaps:
        s.found.skip("BASIC_QUALITY_CHANGED", "skill_history with basic_qualities")
        return
    for h in snaps:
        if (h.basic_qualities is not None and h.basic_qualities != f.basic_qualities) or (
            h.speed_allocation is not None
            and f.speed_allocation is not None
            and h.speed_allocation != f.speed_allocation
        ):
            s.found.add(
                "BASIC_QUALITY_CHANGED",
                "fighter.basic_qualities",
                f"Basic Qualities or the Speed split differ from the PL {h.pl} snapshot; they never change.",
            )
            break


def _check_beast_form(s: Sheet) -> None:
    boosts, found = s.f.beast_form_boosts, s.found
    if not s.camp.transformations_enabled:
        if boosts is not None:
            found.add(
                "BEAST_FORM_WITHOUT_CAMPAIGN",
                "fighter.beast_form_boosts",
                "Beast Form exists only in a campaign with transformations.",
            )
        return
    if boosts is None or len(boosts) != 2 or len(set(boosts)) != 2:
        found.add(
            "BEAST_FORM_INVALID",
            "fighter.beast_form_boosts",
            "The Beast Form raises exactly two different Basic Qualities by 1.",
        )
        return
    for i, name in enumerate(boosts):
        if getattr(s.f.basic_qualities, name.value) >= 2:
            found.add(
                "BEAST_FORM_BOOST_WASTED",
                f"fighter.beast_form_boosts[{i}]",
                f"{name.value.title()} is already 2; the Beast Form cannot raise it further.",
            )
