"""Rule group 4.L (with the 4.J NPC advice): advisory findings and sequel continuity."""

from __future__ import annotations

from ..catalogue.character_catalog import normalise
from .fighter_models import ExchangeTarget
from .sheet import BOSS_ROLES, NPC_ROLES, MoveState, Sheet

# ── 4.J NPCs; 4.L advisory and continuity ───────────────────────────────────────────────────────────


def check_advisories(s: Sheet) -> None:
    f, found = s.f, s.found
    c = f.concept
    empty = [
        n
        for n in ("appearance", "martial_arts_style", "training_background", "reason_for_fighting")
        if not getattr(c, n)
    ]
    if empty:
        found.add("CONCEPT_INCOMPLETE", "fighter.concept", f"Concept not yet described: {', '.join(empty)}.")
    bg = f.background
    long = [
        n for n in ("supporting_characters", "personality_aspects", "important_past_events") if len(getattr(bg, n)) > 3
    ]
    if long or len(bg.obstacles_to_fighting) > 1:
        found.add(
            "BACKGROUND_LIST_LENGTH",
            "fighter.background",
            "The background asks for one to three of each list and a single obstacle to fighting.",
        )
    cs = f.combat_skills
    if f.power_level == 1 and max(cs.defense, cs.evasion, cs.tactics) <= 1:
        found.add(
            "DET_LEVEL_ONE_INEFFECTIVE",
            "fighter.combat_skills",
            "Defences at level 1 almost never stop an attack; consider 2–4 in one of them.",
        )
    if cs.ki > 0 and not any(_uses_ki(s, m) for m in s.moves):
        found.add(
            "KI_WITHOUT_KI_MOVES",
            "fighter.combat_skills.ki",
            "No move uses Ki; it is legal and keeps the door open for later Ranged moves.",
        )
    if f.role in NPC_ROLES:
        weak = sum(1 for w in s.weaknesses if getattr(w.take, "lost_at_pl", None) is None)
        traded = sum(1 for x in f.quality_exchanges if x.converted_to is not ExchangeTarget.narrative)
        if weak >= 3 and traded >= 2:
            found.add(
                "NPC_FAIRNESS",
                "fighter.weaknesses",
                "Many Weaknesses traded for combat power: mirror the players' choices instead.",
            )
    if f.power_level > 1 and not _has_history(s):
        found.add(
            "BUILT_AT_HIGHER_PL",
            "fighter",
            f"A PL {f.power_level} Fighter with no history: rules about "
            "earlier levels were skipped (see HISTORY_UNAVAILABLE).",
        )
    _check_sequel(s)
    if f.role not in BOSS_ROLES:
        late = [e.pl for e in f.move_point_ledger or () if e.pl > 8] + [h.pl for h in f.skill_history or () if h.pl > 8]
        late += [p.pl for p in f.combat_bonus_purchases or () if p.pl > 8]
        if late or f.power_level > 8:
            found.add("PL8_NO_FURTHER_GAINS", "fighter", "A Fighter who is not a Boss gains nothing beyond PL 8.")


def _uses_ki(s: Sheet, m: MoveState) -> bool:
    for c in m.move.elements:
        entry = s.mcat.entries.get(c.id)
        if entry and ("ki_skill" in entry.requires.fighter or entry.effects.damage_source == "ki"):
            return True
    return False


def _has_history(s: Sheet) -> bool:
    f = s.f
    return bool(
        f.skill_history
        or f.move_point_ledger
        or f.even_level_choices
        or any(q.acquired_at_pl for q in f.qualities)
        or any(w.acquired_at_pl for w in f.weaknesses)
        or any(m.acquired_at_pl for m in f.moves)
    )


def _check_sequel(s: Sheet) -> None:
    seq, f = s.camp.sequel_campaign, s.f
    if seq is None:
        return
    if seq.predecessor_basic_qualities is not None and seq.predecessor_basic_qualities != f.basic_qualities:
        s.found.add(
            "SEQUEL_REMAKE_MISMATCH",
            "fighter.basic_qualities",
            "A sequel Fighter keeps the Basic Qualities of the original.",
        )
    if f.power_level >= 8 and seq.predecessor_moves:
        names = {normalise(m.move.name or "") for m in s.moves}
        kept = sum(1 for n in seq.predecessor_moves if normalise(n) in names)
        if kept < seq.required_move_share * len(seq.predecessor_moves):
            s.found.add(
                "SEQUEL_REMAKE_MISMATCH",
                "fighter.moves",
                f"{kept} of {len(seq.predecessor_moves)} old moves re-acquired; the Director asks for "
                f"{seq.required_move_share:.0%}.",
            )
