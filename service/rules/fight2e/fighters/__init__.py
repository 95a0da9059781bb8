"""Validate a Fighter and derive his numbers (the book's Chapters 1–3 and Appendix B; rules digest §3–§4).

``validate_fighter`` is pure: no I/O, the same request always gives the same answer, it never raises on a
model-valid request, and it reports every broken rule at once together with best-effort derived values.
Every move on the sheet is priced by the moves core (``price_move``) with a fighter context taken from the sheet,
so each move's price equals what the moves endpoint answers for that move and that context.

The rules run in groups named after the digest's sections (4.A … 4.L). Rules that need the Fighter's history
(``acquired_at_pl``, ``skill_history``, ``move_point_ledger``, ``even_level_choices``) run when it is given;
otherwise an info ``HISTORY_UNAVAILABLE`` names each skipped rule. For a PL 1 Fighter the sheet is its own
history: everything on it was acquired at PL 1.
"""

from __future__ import annotations

from ..catalogue.catalog import Catalog, catalog
from ..catalogue.character_catalog import CharacterCatalog, character_catalog, normalise
from ..declared import DECLARED
from ..identity import RULESET, VERSION
from .advisories import check_advisories
from .basic_qualities import check_basic_qualities
from .codes import UNSUPPORTED, UNSUPPORTED_PATHS
from .combat_bonuses import check_combat_bonuses
from .derived import derive
from .fighter_models import FighterRequest, FighterValidation, SuperMoveSystem
from .glory import (
    action_sequence_glory,
    cannot_fail,
    combo_glory,
    fame_gamble,
    first_hit_glory,
    move_glory,
    pl_from_glory,
    realize_potential_level,
    skill_check,
    stance_evaluation_questions,
    standard_action_sequence,
    theme_music_recoveries,
    unequal_power_level_glory,
)
from .life_and_spirit import check_life_and_spirit, check_story_points
from .move_pricing import _move_answer, map_move_findings, price_moves
from .moves import (
    check_duplicates_and_identity,
    check_free_moves,
    check_move_list,
    check_move_points,
    check_move_references,
    check_unmodified,
)
from .power_level import check_power_level_and_glory
from .sequence_growth import check_sequence_growth
from .sheet import THREE_TIER_TECHNIQUE, _new_sheet
from .skills import check_det, check_skill_budgets, check_skill_history, check_skill_names_and_caps
from .styles import check_styles
from .super_moves import check_super_moves
from .totals import check_accumulated_totals
from .traits import (
    check_director_and_campaign_traits,
    check_even_levels,
    check_quality_exchanges,
    check_quality_slots,
    check_trait_combinations,
    check_trait_params,
    check_trait_repeats,
    check_trait_timing,
    resolve_traits,
)

__all__ = [
    "action_sequence_glory",
    "cannot_fail",
    "combo_glory",
    "fame_gamble",
    "first_hit_glory",
    "move_glory",
    "pl_from_glory",
    "realize_potential_level",
    "skill_check",
    "stance_evaluation_questions",
    "standard_action_sequence",
    "theme_music_recoveries",
    "unequal_power_level_glory",
    "validate_fighter",
]


# ── Entry point ─────────────────────────────────────────────────────────────────────────────────────


def validate_fighter(
    request: FighterRequest, cat: CharacterCatalog | None = None, mcat: Catalog | None = None
) -> FighterValidation:
    """Validate one Fighter: every broken rule at once, the derived values and every move's price."""
    s = _new_sheet(request, cat or character_catalog(), mcat or catalog())
    resolve_traits(s)
    s.three_tier = request.campaign.super_move_system is SuperMoveSystem.three_tier or any(
        q.trait is not None
        and q.trait.id == "technique"
        and normalise(q.take.params.subject or "") == THREE_TIER_TECHNIQUE
        for q in s.qualities
    )
    # 4.A, 4.B
    check_power_level_and_glory(s)
    check_basic_qualities(s)
    # moves are priced first: several trait and skill rules look at them
    price_moves(s)
    map_move_findings(s)
    # 4.C
    check_quality_slots(s)
    check_quality_exchanges(s)
    check_trait_repeats(s)
    check_trait_combinations(s)
    check_trait_params(s)
    check_trait_timing(s)
    check_even_levels(s)
    check_director_and_campaign_traits(s)
    # 4.D, 4.J budgets
    check_skill_names_and_caps(s)
    check_det(s)
    check_skill_history(s)
    check_skill_budgets(s)
    # 4.E
    check_combat_bonuses(s)
    # 4.F, 4.G
    check_move_points(s)
    check_move_list(s)
    check_duplicates_and_identity(s)
    check_unmodified(s)
    check_move_references(s)
    check_sequence_growth(s)
    check_free_moves(s)
    check_styles(s)
    check_super_moves(s)
    # 4.H, 4.I, 4.L
    check_life_and_spirit(s)
    check_story_points(s)
    check_advisories(s)
    check_accumulated_totals(s)  # 4.K: after every grant is checked
    found = s.found
    for code, missing in sorted(found.skipped.items()):
        found.add(
            "HISTORY_UNAVAILABLE",
            "fighter",
            f"{code} was skipped (or only partly checked): it needs {missing}.",
            key=code,
        )
    return FighterValidation(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not found.violations,
        violations=found.violations,
        warnings=found.warnings,
        info=found.info,
        unsupported=[DECLARED.unsupported(c, UNSUPPORTED_PATHS[c], r) for c, r in sorted(UNSUPPORTED.items())],
        derived=derive(s),
        moves=[_move_answer(m) for m in s.moves],
    )
