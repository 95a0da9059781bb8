"""Rule group 4.E: Combat Bonuses and the options that open at PL 5."""

from __future__ import annotations

from ..catalogue.character_catalog import normalise
from .fighter_models import ExchangeTarget
from .sheet import Sheet
from .skills import _snapshot_at

# ── 4.E Combat Bonuses and the PL 5+ options ────────────────────────────────────────────────────────


def check_combat_bonuses(s: Sheet) -> None:
    f, found, row = s.f, s.found, s.row
    b = f.combat_bonuses
    cats = ("accuracy", "control", "damage", "defense")
    regular = {c: getattr(b, c).regular for c in cats}
    purchased = {c: getattr(b, c).purchased for c in cats}
    for c in cats:
        if regular[c] < 0 or purchased[c] < 0:
            found.add("COMBAT_BONUS_INVALID_VALUE", f"fighter.combat_bonuses.{c}", f"A {c} bonus cannot be negative.")
    total = sum(max(v, 0) for v in regular.values())
    if total != row.combat_bonuses:
        found.add(
            "COMBAT_BONUS_TOTAL_MISMATCH",
            "fighter.combat_bonuses",
            f"Chosen bonuses add up to {total}; Power Level {s.pl} gives {row.combat_bonuses}.",
        )
    for c in cats:
        if regular[c] > row.combat_bonus_max_single:
            found.add(
                "COMBAT_BONUS_SINGLE_MAX",
                f"fighter.combat_bonuses.{c}.regular",
                f"{c.title()} +{regular[c]}: no single bonus may exceed +{row.combat_bonus_max_single} at PL {s.pl}.",
            )
    for c in ("accuracy", "defense"):
        if purchased[c] > 0:
            found.add(
                "BONUS_PURCHASE_WRONG_CATEGORY",
                f"fighter.combat_bonuses.{c}.purchased",
                f"Only Control and Damage Bonuses can be bought, not {c.title()}.",
            )
    bought = purchased["control"] + purchased["damage"]
    if bought > 0 and f.power_level < 5:
        found.add(
            "BONUS_PURCHASE_BEFORE_PL5",
            "fighter.combat_bonuses",
            "Combat Bonuses are bought with Combat Skill Points only from PL 5.",
        )
    for c in ("control", "damage"):
        if purchased[c] > 0 and regular[c] < 2:
            found.add(
                "BONUS_PURCHASE_NOT_MAXED",
                f"fighter.combat_bonuses.{c}.purchased",
                f"{c.title()} is bought up only after its regular bonus is maxed (+{regular[c]} here).",
            )
    for i, p in enumerate(f.combat_bonus_purchases or ()):
        path = f"fighter.combat_bonus_purchases[{i}]"
        if p.category in ("accuracy", "defense"):
            found.add(
                "BONUS_PURCHASE_WRONG_CATEGORY",
                f"{path}.category",
                f"Only Control and Damage Bonuses can be bought, not {p.category.value.title()}.",
            )
        if p.pl < 5:
            found.add("BONUS_PURCHASE_BEFORE_PL5", f"{path}.pl", f"A bonus bought at PL {p.pl}; the option opens at 5.")
        elif p.category in ("control", "damage"):
            _check_purchase_was_maxed(s, p.pl, p.category.value, path)
    if f.combat_bonus_purchases is None and bought > 0 and f.power_level > 5:
        found.skip("BONUS_PURCHASE_NOT_MAXED", "combat_bonus_purchases with skill_history")
    # Combat Skill Points received from PL 5 on (ruling A-18), per advancement (rule 82) and in total (rule 87).
    late = [
        (
            k,
            s.csp_grant(k)
            + sum(1 for x in f.quality_exchanges if x.acquired_at_pl == k and x.converted_to is ExchangeTarget.combat),
        )
        for k in range(5, s.budget_pl + 1)
    ]
    if bought > sum(points // 3 for _, points in late):
        found.add(
            "BONUS_PURCHASE_LIMIT",
            "fighter.combat_bonuses",
            f"{bought} bought bonuses, but the advancements from PL 5 pay for {sum(p // 3 for _, p in late)}.",
        )
    dr_total = 0
    for i, d in enumerate(f.defensive_response_bonuses):
        path = f"fighter.defensive_response_bonuses[{i}]"
        resp = s.cat.defensive_responses.get(normalise(d.response).removesuffix("_response"))
        dr_total += max(d.bonus, 0)
        if resp is None or not resp.eligible:
            found.add(
                "DR_BONUS_INELIGIBLE",
                f"{path}.response",
                f"'{d.response}' cannot take a bonus: every Defensive Response but Counter and Interrupt can.",
            )
        if not 0 <= d.bonus <= 2:
            found.add("DR_BONUS_MAX", f"{path}.bonus", f"A Defensive Response bonus is +1 or +2, not {d.bonus:+d}.")
        if d.bonus > 0 and f.power_level < 5:
            found.add("DR_BONUS_BEFORE_PL5", path, "Defensive Response bonuses are bought only from PL 5.")
    if f.csp_converted_to_narrative and f.power_level < 5:
        found.add(
            "CSP_CONVERSION_BEFORE_PL5",
            "fighter.csp_converted_to_narrative",
            "Combat Skill Points turn into Narrative Skill Points only from PL 5.",
        )
    cost = 2 * dr_total + 3 * bought + f.csp_converted_to_narrative
    if cost > sum(p for _, p in late) and f.power_level >= 5:
        found.add(
            "PL5_OPTIONS_OVERFUNDED",
            "fighter.combat_bonuses",
            f"The PL 5+ options cost {cost} Combat Skill Points; PL 5 onward gave {sum(p for _, p in late)}.",
        )


def _check_purchase_was_maxed(s: Sheet, k: int, category: str, path: str) -> None:
    before = _snapshot_at(s, k - 1)
    if before is None or before.combat_bonuses is None:
        s.found.skip("BONUS_PURCHASE_NOT_MAXED", f"skill_history snapshot of PL {k - 1} with combat_bonuses")
        return
    regular = getattr(before.combat_bonuses, category).regular
    top = s.chart(k - 1).combat_bonus_max_single
    if regular < top:
        s.found.add(
            "BONUS_PURCHASE_NOT_MAXED",
            path,
            f"At PL {k - 1} {category.title()} was +{regular}, below its maximum +{top}.",
        )
