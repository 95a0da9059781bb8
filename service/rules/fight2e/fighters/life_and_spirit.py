"""Rule groups 4.H and 4.I: Life Bar, Fighting Spirit and Story Points."""

from __future__ import annotations

from .fighter_models import ExchangeTarget, Role
from .sheet import Sheet

# ── 4.H Life Bar and Fighting Spirit ────────────────────────────────────────────────────────────────


def check_life_and_spirit(s: Sheet) -> None:
    f, found = s.f, s.found
    extra = f.secret_boss_extra
    if extra and not (f.role is Role.secret_boss and f.power_level == 10 and extra in (5, 10)):
        found.add(
            "SECRET_BOSS_BONUS_INVALID",
            "fighter.secret_boss_extra",
            "Only a Secret Boss beyond a PL 10 Boss adds 5 or 10 to Life Bar and Fighting Spirit.",
        )
    qx_fs = sum(1 for x in f.quality_exchanges if x.converted_to is ExchangeTarget.fighting_spirit)
    s.life_bar = s.row.life_bar + extra
    s.fighting_spirit = (
        s.row.fighting_spirit
        + f.move_points_to_fighting_spirit
        + 2 * qx_fs
        + f.fs_from_style_flaw
        + f.fs_from_half_liabilities
        + extra
    )
    if f.life_bar is not None and f.life_bar != s.life_bar:
        found.add(
            "LIFE_BAR_MISMATCH", "fighter.life_bar", f"Life Bar {f.life_bar}; Power Level {s.pl} gives {s.life_bar}."
        )
    if f.fighting_spirit is not None and f.fighting_spirit != s.fighting_spirit:
        found.add(
            "FIGHTING_SPIRIT_MISMATCH",
            "fighter.fighting_spirit",
            f"Fighting Spirit {f.fighting_spirit}; expected {s.fighting_spirit} (chart {s.row.fighting_spirit} "
            f"+ {f.move_points_to_fighting_spirit} from Move Points + {2 * qx_fs} from exchanged Qualities + "
            f"{f.fs_from_style_flaw} from a Style Flaw + {f.fs_from_half_liabilities} from ½ Liabilities"
            + (f" + {extra} Secret Boss" if extra else "")
            + ").",
        )
    _check_chart_snapshots(s)


def _check_chart_snapshots(s: Sheet) -> None:
    f, found = s.f, s.found
    snaps = [h for h in f.skill_history or () if h.pl < f.power_level]
    if f.power_level > 1 and not snaps:
        found.skip("CHART_VALUES_NOT_UPDATED", "skill_history with life_bar / fighting_spirit")
    ledger = sorted(f.move_point_ledger or (), key=lambda e: e.pl)
    for h in snaps:
        row = s.chart(h.pl)
        wrong = []
        if h.life_bar is not None and h.life_bar != row.life_bar:
            wrong.append(f"Life Bar {h.life_bar} (chart {row.life_bar})")
        if h.fighting_spirit is not None and h.fighting_spirit < row.fighting_spirit:
            wrong.append(f"Fighting Spirit {h.fighting_spirit} (chart base {row.fighting_spirit})")
        if h.combat_bonuses is not None:
            total = sum(getattr(h.combat_bonuses, c).regular for c in ("accuracy", "control", "damage", "defense"))
            if total != row.combat_bonuses:
                wrong.append(f"{total} Combat Bonuses (chart {row.combat_bonuses})")
        if wrong:
            found.add(
                "CHART_VALUES_NOT_UPDATED",
                "fighter.skill_history",
                f"At PL {h.pl}: " + ", ".join(wrong) + ".",
                key=repr(h),
            )
        if h.fighting_spirit is not None and f.move_point_ledger is not None:
            bought = sum(e.to_fighting_spirit for e in ledger if e.pl <= h.pl)
            if h.fighting_spirit - row.fighting_spirit < bought:
                found.add(
                    "MP_TO_FS_NOT_CARRIED",
                    "fighter.skill_history",
                    f"At PL {h.pl} FS {h.fighting_spirit} leaves out the {bought} FS bought with Move Points.",
                    key=repr(h),
                )


# ── 4.I Story Points ────────────────────────────────────────────────────────────────────────────────


def check_story_points(s: Sheet) -> None:
    f, found, camp = s.f, s.found, s.camp
    if f.story_points < 0:
        found.add("STORY_POINTS_INVALID", "fighter.story_points", "Story Points cannot be negative.")
    elif f.story_points and not camp.story_points_enabled:
        found.add("STORY_POINTS_DISABLED", "fighter.story_points", "This campaign does not use Story Points.")
    if camp.story_point_cap is not None and f.story_points > camp.story_point_cap:
        found.add(
            "STORY_POINTS_OVER_CAP",
            "fighter.story_points",
            f"{f.story_points} Story Points; the Director caps them at {camp.story_point_cap}.",
        )
