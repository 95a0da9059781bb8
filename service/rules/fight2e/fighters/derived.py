"""Values derived from a checked sheet (digest §1.6, §3), skill-check bonuses included."""

from __future__ import annotations

from collections import Counter, defaultdict

from ...dice import D4, D6, D8, Die
from ..catalogue.character_catalog import normalise
from .fighter_models import BonusValues, Budgets, Derived, SkillCheckBonus
from .glory import GLORY_THRESHOLDS, pl_from_glory
from .sheet import Sheet

# ── Derived values (digest §1.6, §3) ────────────────────────────────────────────────────────────────


def derive(s: Sheet) -> Derived:
    f, camp, row = s.f, s.camp, s.row
    glory_pl = pl_from_glory(f.glory) if f.glory is not None else None
    effective = s.pl
    if s.glory_mode and glory_pl is not None and s.pl <= 8:
        effective = min(s.pl, glory_pl)
    to_next = None
    if s.glory_mode and f.glory is not None and s.pl < 8:
        threshold = dict(GLORY_THRESHOLDS)[s.pl + 1]
        to_next = max(threshold - f.glory, 0)
    bq = f.basic_qualities
    split = f.speed_allocation
    strength = min(max(bq.strength, -3), 3)
    b = f.combat_bonuses
    effective_bonus = BonusValues(
        **{
            c: max(getattr(b, c).regular, 0) + max(getattr(b, c).purchased, 0)
            for c in ("accuracy", "control", "damage", "defense")
        }
    )
    return Derived(
        power_level_from_glory=glory_pl,
        effective_power_level=effective,
        glory_to_next_pl=to_next,
        life_bar=s.life_bar,
        fighting_spirit=s.fighting_spirit,
        full_defense_bonus=row.full_defense,
        stun_threshold=s.pl + 4 + (1 if "big" in s.held else 0),  # 000 L5974, L1078
        det_cap=row.det,
        skill_cap=min(3 * s.pl, 10),
        super_moves_min=1 if camp.super_moves_enabled and s.pl >= 3 else 0,
        super_moves_max=row.super_moves if camp.super_moves_enabled else 0,
        super_moves_owned=s.supers_owned,
        super_energy_max=30 if s.three_tier else 10,
        combat_bonus_total=row.combat_bonuses,
        combat_bonus_max_single=row.combat_bonus_max_single,
        combat_bonus_effective=effective_bonus,
        fs_spend_limit_per_application=effective,
        defense_total_fs_surcharge=1 if "tall" in s.held else 0,  # 000 L1341, L1355
        style_change_fs_cost=2 if "multiple_styles" in s.held else None,  # 000 L5047–L5053
        max_control=12 + min(effective, s.fighting_spirit) + effective_bonus.control,  # 000 L5700–L5702
        initiative_die=str(Die(D6).shifted(split.initiative if split else 0)),
        control_die=str(Die(D6).shifted(split.control if split else 0)),
        basic_move_damage_die=str(Die(D4).shifted(strength)),
        special_move_damage_die=str(Die(D6).shifted(strength)),
        super_move_damage_die=str(Die(D8).shifted(strength)),
        incoming_damage_die_shift=-bq.stamina,
        fame_skill=3 * s.takes["fame"],
        wealth_skill=3 * s.takes["wealth"],
        quality_slots=s.quality_slots,
        qualities_held=s.qualities_held,
        quality_exchanges=len(f.quality_exchanges),
        weakness_equivalents=s.weakness_equivalents,
        style_flaws=s.style_flaws,
        free_style_flaws=s.free_style_flaws,
        budgets=Budgets(combat_skill_points=s.csp, narrative_skill_points=s.nsp, move_points=s.mp),
        skill_check_bonuses=skill_check_bonuses(s),
    )


_FLAT_BONUSES: dict[str, tuple[tuple[str, int], ...]] = {  # digest §3.12
    "alertness": (("perception checks", 2),),
    "charming": (("interaction", 1),),
    "intimidating": (("frighten or coerce", 2),),
    "tall": (("intimidate", 1),),
    "reputation": (("interaction where the reputation helps", 1),),
    "gun_expert": (("firearms checks", 3),),
    "weapon_expert": (("melee weapon checks", 3),),
    "dull_personality": (("interaction", -1),),
    "fearsome_appearance": (("interaction", -1), ("lost_in_the_crowd", -4), ("frighten", 1)),
    "oblivious": (("perception checks", -1),),
    "fixation": (("checks unrelated to the fixation", -1),),
    "annoying_voice": (("interaction", -1),),
    "interesting_appearance": (("interaction once its condition is met", 1),),
}


def skill_check_bonuses(s: Sheet) -> list[SkillCheckBonus]:
    out: list[SkillCheckBonus] = []
    held, takes = s.held, s.takes
    per_skill: Counter[str] = Counter()
    sources: dict[str, set[str]] = defaultdict(set)
    for q in s.qualities:
        t = q.trait
        if t is None:
            continue
        p = q.take.params
        if t.id in ("friend", "sensei", "pet") and len(p.skills) >= 2:
            first, second = (2, 1) if t.id != "pet" else (1, 1)
            for sk, bonus in zip(p.skills[:2], (first, second), strict=True):
                per_skill[normalise(sk)] += bonus
                sources[normalise(sk)].add(t.name)
        elif t.id == "powerful_item" and p.skill:
            key = normalise(p.skill)
            base = 1 if key in ("magic", "psychic", "gadgeteering", "power") else 2
            per_skill[key] += base if not any(normalise(x) == key for x in sources.get(f"item:{key}", ())) else 1
            sources[f"item:{key}"].add(key)
            sources[key].add(t.name)
    for key, bonus in sorted(per_skill.items()):
        out.append(SkillCheckBonus(applies_to=key, bonus=bonus, source=", ".join(sorted(sources[key]))))
    if takes["attractive"]:
        n = takes["attractive"]
        out.append(
            SkillCheckBonus(applies_to="interaction with admirers", bonus=n + (1 if n >= 4 else 0), source="Attractive")
        )
    if takes["distracting"]:
        out.append(
            SkillCheckBonus(
                applies_to="interaction with admirers", bonus=min(takes["distracting"], 2), source="Distracting"
            )
        )
    if "genius" in held or "intelligent" in held:
        out.append(
            SkillCheckBonus(
                applies_to="intellect checks",
                bonus=4 if "genius" in held else 2,
                source="Genius" if "genius" in held else "Intelligent",
            )
        )
    if "thick" in held or "unintelligent" in held:
        out.append(
            SkillCheckBonus(
                applies_to="intellect checks",
                bonus=-3 if "thick" in held else -2,
                source="Thick" if "thick" in held else "Unintelligent",
            )
        )
    if "ugly" in held or "unattractive" in held:
        out.append(
            SkillCheckBonus(
                applies_to="interaction with admirers",
                bonus=-3 if "ugly" in held else -1,
                source="Ugly" if "ugly" in held else "Unattractive",
            )
        )
    if "ugly" in held:
        out.append(SkillCheckBonus(applies_to="frighten", bonus=1, source="Ugly"))
    if "bad_reputation" in held and takes["fame"]:
        out.append(SkillCheckBonus(applies_to="fame", bonus=-3, source="Bad Reputation"))
    for ident, items in _FLAT_BONUSES.items():
        if ident in held:
            name = s.cat.trait(ident).name  # type: ignore[union-attr]
            out.extend(SkillCheckBonus(applies_to=a, bonus=b, source=name) for a, b in items)
    return out
