"""Rule group 4.D: Skill names, caps and history, and the Combat and Narrative Skill Point budgets."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from ..catalogue.character_catalog import normalise
from ..catalogue.character_schema import SkillCap, SkillKind
from ..catalogue.records import ComboPart, ComboRole
from .codes import Severity
from .fighter_models import Budget, CombatSkills, ExchangeTarget
from .sheet import NPC_ROLES, MoveState, Sheet

DET = ("defense", "evasion", "tactics")


# ── 4.D Skills ──────────────────────────────────────────────────────────────────────────────────────


def check_skill_names_and_caps(s: Sheet) -> None:
    f, found, cat, camp = s.f, s.found, s.cat, s.camp
    cap = min(3 * s.pl, 10)
    cs = f.combat_skills
    for name in ("defense", "evasion", "tactics", "combo", "ki", "attack_string"):
        v = getattr(cs, name)
        if v < 0:
            found.add("SKILL_LEVEL_INVALID", f"fighter.combat_skills.{name}", f"{name.title()} {v} is negative.")
    if cs.ki > cap:
        found.add("SKILL_CAP_EXCEEDED", "fighter.combat_skills.ki", f"Ki {cs.ki} is above the cap of {cap}.")
    if (cs.attack_string or f.attack_string_from_move_points) and not camp.attack_strings_enabled:
        found.add(
            "ATTACK_STRING_WITHOUT_CAMPAIGN",
            "fighter.combat_skills.attack_string",
            "Attack String exists only in an Attack String campaign.",
        )
    elif camp.attack_string_cap is not None:
        if cs.attack_string > camp.attack_string_cap:
            found.add(
                "ATTACK_STRING_CAP",
                "fighter.combat_skills.attack_string",
                f"Attack String {cs.attack_string} is above the Director's cap of {camp.attack_string_cap}.",
            )
    elif cs.attack_string > cap:
        found.add(
            "SKILL_CAP_EXCEEDED",
            "fighter.combat_skills.attack_string",
            f"Attack String {cs.attack_string} is above the cap of {cap}.",
        )
    if cs.combo == 1 and not any(_easy(s, m) for m in s.moves):
        found.add(
            "COMBO_ONE_INEFFECTIVE",
            "fighter.combat_skills.combo",
            "Combo 1 allows no Combos without an Easy to Combo move; 2 is the first useful level.",
        )
    if cs.combo > 27:
        found.add(
            "COMBO_ABOVE_PRACTICAL_LIMIT",
            "fighter.combat_skills.combo",
            f"Combo {cs.combo}: no Control roll can reach more than 27 hits.",
        )
    for i, sk in enumerate(f.narrative_skills):
        path = f"fighter.narrative_skills[{i}]"
        key = normalise(sk.id)
        skill = cat.skill(sk.id)
        if key in ("fame", "wealth"):
            found.add(
                "FAME_WEALTH_BOUGHT",
                f"{path}.id",
                f"{key.title()} is not a Skill; it rises by 3 with each take of the {key.title()} Quality.",
            )
            continue
        if skill is None or skill.kind is not SkillKind.narrative:
            found.add(
                "SKILL_UNKNOWN",
                f"{path}.id",
                f"'{sk.id}' is not a Narrative Skill" + (" (it is a Combat Skill)." if skill is not None else "."),
            )
            continue
        if sk.level < 0:
            found.add("SKILL_LEVEL_INVALID", f"{path}.level", f"{skill.name} {sk.level} is negative.")
        if skill.cap is SkillCap.general and sk.level > cap:
            found.add(
                "SKILL_CAP_EXCEEDED",
                f"{path}.level",
                f"{skill.name} {sk.level} is above the Power Level {s.pl} cap of {cap}.",
            )
        if skill.subject and not sk.subject:
            found.add("SKILL_SUBJECT_MISSING", f"{path}.subject", f"{skill.name} needs its {skill.subject} named.")
        if skill.requires_quality and sk.level > 0 and skill.requires_quality not in s.held:
            found.add("SPECIAL_SKILL_QUALITY_MISSING", path, f"The {skill.name} Skill needs the {skill.name} Quality.")
        if skill.id == "power" and sk.level > 0 and sk.subject:
            powers = {normalise(q.take.params.subject or "") for q in s.qualities if q.trait and q.trait.id == "power"}
            if normalise(sk.subject) not in powers:
                found.add("POWER_SKILL_UNMATCHED", f"{path}.subject", f"No Power Quality defines '{sk.subject}'.")
        if skill.id == "specialization" and sk.subject:
            base = cat.skill(sk.subject.split(":", 1)[0])
            if base is None:
                found.add(
                    "SKILL_SUBJECT_MISSING", f"{path}.subject", "Write a Specialization as '<base Skill>: <focus>'."
                )
            elif _level(s, base.id) <= 0:
                found.add(
                    "SPECIALIZATION_BASE_MISSING",
                    f"{path}.subject",
                    f"A Specialization of {base.name}, which the Fighter does not have.",
                )
        if skill.secondaries and sk.level > 0:
            need = math.ceil(sk.level / 2)
            short = [cat.skills[x].name for x in skill.secondaries if _level(s, x) < need]
            if short:
                found.add(
                    "SECONDARY_SKILLS_INSUFFICIENT",
                    path,
                    f"{skill.name} {sk.level} needs each secondary Skill at {need} or more; short: {', '.join(short)}.",
                )


def _level(s: Sheet, skill_id: str) -> int:
    skill = s.cat.skills[skill_id]
    if skill.kind is SkillKind.combat:
        return getattr(s.f.combat_skills, skill_id)
    return s.narrative.get(skill_id, 0)


def check_det(s: Sheet) -> None:
    cs, found = s.f.combat_skills, s.found
    det = {n: getattr(cs, n) for n in DET}
    cap = s.row.det
    if s.f.power_level == 1:
        fours = [n for n, v in det.items() if v == 4]
        over = [n for n, v in det.items() if v > 4]
        others_used = len(fours) == 1 and any(v > 0 for n, v in det.items() if n != fours[0])
        if over or len(fours) > 1 or others_used:
            found.add(
                "DET_PL1_FOUR_RULE",
                "fighter.combat_skills",
                "At PL 1 one DET Skill may be 4 only if the other two are 0, and none may exceed 4.",
            )
        return
    early = 2 <= s.f.power_level <= 4
    first = _snapshot_at(s, 1)
    for n, v in det.items():
        if early and v == 4 and cap == 3:
            if first is None or first.combat_skills is None:
                found.skip("DET_FOUR_NOT_GRANDFATHERED", "skill_history snapshot of PL 1")
                found.add(
                    "DET_FOUR_NOT_GRANDFATHERED",
                    f"fighter.combat_skills.{n}",
                    f"{n.title()} 4 at PL 2–4 is legal only if it was 4 at PL 1; no PL 1 snapshot to check.",
                    severity="warning",
                )
            elif getattr(first.combat_skills, n) != 4:
                found.add(
                    "DET_FOUR_NOT_GRANDFATHERED",
                    f"fighter.combat_skills.{n}",
                    f"{n.title()} 4 at PL 2–4 needs it to have been 4 at PL 1.",
                )
        elif v > cap:
            found.add(
                "DET_CAP_EXCEEDED",
                f"fighter.combat_skills.{n}",
                f"{n.title()} {v} is above the DET cap of {cap} at Power Level {s.pl}.",
            )


def _snapshot_at(s: Sheet, pl: int):  # -> SkillSnapshot | Fighter-like | None
    at = [h for h in s.f.skill_history or () if h.pl == pl]
    if at:
        return min(at, key=repr)  # a repeated level (itself a PL_SKIPPED finding) resolves the same either way
    if s.f.power_level == pl:
        return s.f
    return None


def check_skill_history(s: Sheet) -> None:
    """Ki only at PL 1, no decreases, no category swaps (history)."""
    f, found = s.f, s.found
    first = _snapshot_at(s, 1)
    if f.combat_skills.ki > 0:
        if first is None or first.combat_skills is None:
            found.skip("KI_ACQUIRED_AFTER_PL1", "skill_history snapshot of PL 1")
        elif first.combat_skills.ki <= 0:
            found.add(
                "KI_ACQUIRED_AFTER_PL1",
                "fighter.combat_skills.ki",
                "Ki was 0 at PL 1; it can be learned only at character creation.",
            )
    if f.power_level <= 1:
        return
    snaps = sorted((h for h in f.skill_history or () if h.pl < f.power_level), key=lambda h: (h.pl, repr(h)))
    if not snaps:
        found.skip("SKILL_DECREASED", "skill_history")
        found.skip("SKILL_POINT_CATEGORY_SWAP", "skill_history")
        if f.power_level >= 3:
            found.skip("COMBAT_BONUS_REALLOCATED", "skill_history with combat_bonuses")
        return
    chain = [*snaps, f]
    reported = False
    for before, after in zip(snaps, chain[1:], strict=True):
        lower = _decreases(before, after)
        if lower and not reported:
            found.add(
                "SKILL_DECREASED",
                "fighter.skill_history",
                f"Lower after PL {before.pl}: {', '.join(lower)}; bought levels are permanent.",
            )
            reported = True
    _check_category_swap(s, chain)
    _check_bonus_history(s, chain)


def _skill_map(sheet) -> dict[str, int]:  # sheet: SkillSnapshot | Fighter
    out: dict[str, int] = {}
    if sheet.combat_skills is not None:
        out.update({n: getattr(sheet.combat_skills, n) for n in (*DET, "combo", "ki", "attack_string")})
    for sk in sheet.narrative_skills or ():
        key = f"{normalise(sk.id)}:{normalise(sk.subject or '')}"
        out[key] = max(out.get(key, 0), sk.level)
    return out


def _decreases(before, after) -> list[str]:
    a, b = _skill_map(before), _skill_map(after)
    out = []
    for k, v in a.items():
        narrative = ":" in k
        comparable = after.narrative_skills is not None if narrative else after.combat_skills is not None
        if comparable and b.get(k, 0) < v:
            out.append(k.rstrip(":"))
    return sorted(out)


def _combat_points(cs: CombatSkills | None) -> int | None:
    if cs is None:
        return None
    return sum(max(0, getattr(cs, n)) for n in (*DET, "combo", "ki", "attack_string"))


def _narrative_points(skills) -> int | None:
    if skills is None:
        return None
    return sum(max(0, sk.level) for sk in skills if normalise(sk.id) not in ("fame", "wealth"))


def _check_category_swap(s: Sheet, chain: list) -> None:
    """A level whose Combat Skills grew by more than its Combat points could pay while its Narrative Skills grew
    by less than its Narrative points: points crossed over (rule 69). Ledger conversions are allowed for."""
    ledger = {e.pl: e for e in s.f.move_point_ledger or ()}
    for before, after in itertools.pairwise(chain):
        k = after.pl if hasattr(after, "pl") else s.f.power_level
        c0, c1 = _combat_points(before.combat_skills), _combat_points(after.combat_skills)
        n0, n1 = _narrative_points(before.narrative_skills), _narrative_points(after.narrative_skills)
        if c0 is None or c1 is None or n0 is None or n1 is None:
            continue
        entry = ledger.get(k)
        combat_room = s.csp_grant(k) + sum(
            1 for x in s.f.quality_exchanges if x.acquired_at_pl == k and x.converted_to is ExchangeTarget.combat
        )
        combat_room += (entry.to_combo // 3 + entry.to_attack_string // 2) if entry else 0
        narrative_room = (
            s.nsp_grant(k)
            + (entry.to_narrative if entry else 0)
            + 3
            * sum(
                1 for x in s.f.quality_exchanges if x.acquired_at_pl == k and x.converted_to is ExchangeTarget.narrative
            )
        )
        if entry is None and k > 1:
            combat_room += 3 * s.f.combo_from_move_points  # unknown timing: allow every MP-bought level
        if c1 - c0 > combat_room and n1 - n0 < narrative_room:
            s.found.add(
                "SKILL_POINT_CATEGORY_SWAP",
                "fighter.skill_history",
                f"At PL {k} Combat Skills rose by {c1 - c0} (room {combat_room}) while Narrative Skills rose "
                f"by {n1 - n0} (room {narrative_room}).",
            )
            return


def _check_bonus_history(s: Sheet, chain: list) -> None:
    with_bonuses = [h for h in chain if h.combat_bonuses is not None]
    if len(with_bonuses) < 2:
        if s.f.power_level >= 3:
            s.found.skip("COMBAT_BONUS_REALLOCATED", "skill_history with combat_bonuses")
        return
    for before, after in itertools.pairwise(with_bonuses):
        lower = [
            c
            for c in ("accuracy", "control", "damage", "defense")
            if getattr(after.combat_bonuses, c).regular < getattr(before.combat_bonuses, c).regular
        ]
        if lower:
            s.found.add(
                "COMBAT_BONUS_REALLOCATED",
                "fighter.combat_bonuses",
                f"Regular bonus lowered after PL {before.pl}: {', '.join(lower)}; choices are kept for good.",
            )
            return


# ── Skill Point budgets (4.D 65–68, 4.J 133–136) ────────────────────────────────────────────────────


def check_skill_budgets(s: Sheet) -> None:
    f, camp, found = s.f, s.camp, s.found
    k = s.budget_pl
    scheme = s.cat.schemes[f.skill_point_scheme.value]
    qx = Counter(x.converted_to for x in f.quality_exchanges)
    cs = f.combat_skills
    combo_cost = 2 if camp.attack_strings_enabled else 1  # 000 L5175
    bought_combo = max(cs.combo, 0) - f.combo_from_move_points
    bought_string = max(cs.attack_string, 0) - f.attack_string_from_move_points
    bonuses = f.combat_bonuses
    purchased = sum(max(getattr(bonuses, c).purchased, 0) for c in ("accuracy", "control", "damage", "defense"))
    dr = sum(max(b.bonus, 0) for b in f.defensive_response_bonuses)
    csp_spent = (
        sum(max(getattr(cs, n), 0) for n in (*DET, "ki"))
        + combo_cost * bought_combo
        + bought_string
        + 2 * dr
        + 3 * purchased
        + f.csp_converted_to_narrative
    )
    csp_available = scheme.csp_first + scheme.csp_per_advancement * (k - 1) + qx[ExchangeTarget.combat]
    nsp_spent = sum(max(sk.level, 0) for sk in f.narrative_skills if normalise(sk.id) not in ("fame", "wealth"))
    nsp_available = (
        scheme.nsp_first
        + scheme.nsp_per_advancement * (k - 1)
        + 3 * qx[ExchangeTarget.narrative]
        + f.move_points_to_narrative
        + 3 * f.csp_converted_to_narrative
    )
    s.csp = Budget(available=csp_available, spent=csp_spent)
    s.nsp = Budget(available=nsp_available, spent=nsp_spent)
    if bought_combo < 0 or bought_string < 0:
        found.add(
            "MOVE_POINTS_BUDGET",
            "fighter.combo_from_move_points",
            "More Combo or Attack String levels bought with Move Points than the Skill has.",
        )
    extended = s.pl >= 9
    special = "BOSS_BUDGETS_AS_PL8" if extended else "SKILL_SCHEME_BUDGET" if scheme.id != "standard" else None
    npc = f.role in NPC_ROLES and not f.npc_for_dramatic_combat
    if npc:
        found.add(
            "NPC_NARRATIVE_SKILLS_SIMPLIFIED",
            "fighter.narrative_skills",
            "For an NPC the Director may assign Narrative Skills directly; mismatches are only warnings.",
        )
    for label, b, over, under, path in (
        ("Combat", s.csp, "COMBAT_SKILL_POINTS_OVERSPENT", "COMBAT_SKILL_POINTS_UNSPENT", "fighter.combat_skills"),
        (
            "Narrative",
            s.nsp,
            "NARRATIVE_SKILL_POINTS_OVERSPENT",
            "NARRATIVE_SKILL_POINTS_UNSPENT",
            "fighter.narrative_skills",
        ),
    ):
        soft: Severity | None = "warning" if (npc and label == "Narrative") else None
        if b.spent > b.available:
            found.add(
                special or over,
                path,
                f"{b.spent} {label} Skill Points spent of {b.available} available ({scheme.name} scheme, PL {k}).",
                severity=soft,
            )
        elif b.spent < b.available:
            lenient = camp.allow_unspent_skill_points
            code = under if (lenient or not special) else special
            found.add(
                code,
                path,
                f"{b.available - b.spent} of {b.available} {label} Skill Points unspent.",
                severity="warning" if lenient else soft,
            )
    if scheme.id != "standard" and camp.dramatic_combat_enabled:
        found.add(
            "HERO_SCHEME_WITH_DRAMATIC_COMBAT",
            "fighter.skill_point_scheme",
            "The hero and support schemes do not mix well with Dramatic Combat.",
        )


def _easy(s: Sheet, m: MoveState) -> bool:
    """The move is not counted against the Combo Skill (an Easy to Combo entry, 000 L3256–L3262)."""
    return any(
        isinstance(r, ComboRole) and ComboPart.easy in r.parts
        for c in (*m.move.elements, *m.move.liabilities)
        for r in s.mcat.records.get(c.id, ())
    )
