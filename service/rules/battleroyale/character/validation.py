"""Validate a character: every broken creation or advancement rule at once, with the derived figures."""

from __future__ import annotations

from ...core.findings import Finding, Severity
from ...core.packs import chosen
from ..codes import finding
from ..identity import RULESET, VERSION
from ..pack import PACKS, RoyalePack, RoyaleSupernaturalAccess
from ..tables.model_types import RANKS, RoyaleForm, index_of
from ..tables.records import creation, sample_move
from .ledger import Costs, ledger_of
from .models import (
    RoyaleCharacter,
    RoyaleCharacterRequest,
    RoyaleCharacterValidation,
    RoyaleDerived,
    RoyaleHalfLedger,
    RoyaleLedger,
    RoyaleStrength,
    RoyaleTrainingLedger,
    RoyaleTraitState,
)
from .spirit import session_allotment
from .traits import CORE_IDS, Trait, find_trait, mod_of, traits_of


def _trait_findings(trait: Trait) -> list[Finding]:
    out: list[Finding] = []
    top = index_of(creation().allotments.highest_trait_rank)
    if trait.index > top:
        out.append(finding("RANK_ABOVE_MASTER", f"{trait.path}.rank", f"{trait.id} is above Master."))
    start = trait.index if trait.in_play else trait.creation_index
    if start is not None and start < trait.lowest_at_creation:
        code = "CORE_STRENGTHS_INVALID" if trait.kind == "core" else "RANK_BELOW_PURCHASE"
        lowest = RANKS[trait.lowest_at_creation].value
        out.append(finding(code, f"{trait.path}.rank", f"{trait.id} starts below {lowest}, the rank it is bought at."))
    if trait.damage > trait.index + 1:
        out.append(
            finding("DAMAGE_BEYOND_ZERO", trait.path, f"{trait.id} takes at most {trait.index + 1} Damage Ranks.")
        )
    return out


def form_of(name: str) -> RoyaleForm | None:
    """One of the six Forms by name, in any case (003 L1002)."""
    return RoyaleForm._value2member_map_.get(name.strip().casefold())  # type: ignore[return-value]


def _style_findings(character: RoyaleCharacter) -> list[Finding]:
    out: list[Finding] = []
    for i, style in enumerate(character.styles):
        path = f"character.styles[{i}]"
        if not (style.forms or style.custom_forms):  # 003 L230, L988: every Style has a Form
            out.append(finding("STYLE_INCOMPLETE", f"{path}.forms", f"{style.id} needs a Form."))
        if not style.theme.strip():  # ruling: no price and no creation step (003 L988-L1023), so a warning only
            out.append(finding("STYLE_THEME_MISSING", f"{path}.theme", f"{style.id} names no Theme."))
        for j, name in enumerate(style.forms):
            if form_of(name) is None:  # 003 L1002-L1004: a group may make up its own Forms
                out.append(
                    finding("FORM_CUSTOM", f"{path}.forms[{j}]", f"{name!r} is not one of the six: taken as custom.")
                )
    return out


def _technique_findings(character: RoyaleCharacter, traits: list[Trait]) -> list[Finding]:
    out: list[Finding] = []
    for i, technique in enumerate(character.techniques):
        if technique.chained_to is None:
            continue
        path = f"character.techniques[{i}].chained_to"
        chained = find_trait(traits, technique.chained_to)
        if chained is None:
            out.append(finding("TECHNIQUE_CHAIN_INVALID", path, f"No Strength or Style {technique.chained_to!r}."))
        elif chained.id != technique.chained_to:
            out.append(finding("TRAIT_NAMED", path, f"{technique.chained_to!r} is taken as {chained.id}."))
    return out


def _structure_findings(character: RoyaleCharacter, traits: list[Trait], pack: RoyalePack) -> list[Finding]:
    out: list[Finding] = []
    for cid in CORE_IDS:
        if getattr(character.core, cid) is None:  # 003 L201-L215: every character has all three
            out.append(finding("CORE_STRENGTH_MISSING", f"character.core.{cid}", f"No {cid.capitalize()} Strength."))
    seen: set[str] = set()
    for trait in traits:
        if trait.id in seen:
            out.append(finding("DUPLICATE_ID", f"{trait.path}.id", f"The id {trait.id} is used twice."))
        seen.add(trait.id)
        inferred = isinstance(trait.source, RoyaleStrength) and trait.source.bought_with is None
        if inferred and trait.bought == "bonus_points":  # 003 L286-L290: the one purchase that gives Average
            out.append(
                finding("PURCHASE_INFERRED", f"{trait.path}.bought_with", f"{trait.id}: bought with 2 Bonus Points.")
            )
    out += _style_findings(character)
    if not any(f.bought_with == "creation" for f in character.flaws) and not character.flaw_changes:
        # a Flaw removed in play was there at creation: only a sheet that never had one breaks the rule
        out.append(finding("FLAW_MISSING", "character.flaws", "Every character has at least one Flaw."))
    out += _technique_findings(character, traits)
    out += _signature_findings(character, traits, pack)
    return out


def _signature_style(traits: list[Trait], move_style: str | None, path: str) -> tuple[Trait | None, list[Finding]]:
    """The Style a Signature Move belongs to: named by id or name, or the only Style when the sheet prints none."""
    if move_style is not None:
        style = find_trait(traits, move_style, styles_only=True)
        if style is None:
            return None, [finding("SIGNATURE_MOVE_INVALID", f"{path}.style", f"No Style {move_style!r}.")]
        named = [] if style.id == move_style else [finding("TRAIT_NAMED", f"{path}.style", f"Taken as {style.id}.")]
        return style, named
    styles = [t for t in traits if t.kind == "style"]
    if len(styles) == 1:
        return styles[0], [finding("SIGNATURE_STYLE_INFERRED", f"{path}.style", f"The only Style, {styles[0].id}.")]
    return None, [finding("SIGNATURE_MOVE_INVALID", f"{path}.style", "Name the Style it belongs to.")]


def _mystic(style: Trait) -> bool:
    return any(form_of(f) == RoyaleForm.mystic for f in getattr(style.source, "forms", []))


def _signature_findings(character: RoyaleCharacter, traits: list[Trait], pack: RoyalePack) -> list[Finding]:
    out: list[Finding] = []
    ids = {t.id for t in traits}
    needed = creation().signature_move_uses_before_training
    for i, move in enumerate(character.signature_moves):
        path = f"character.signature_moves[{i}]"
        if move.id in ids:
            out.append(finding("DUPLICATE_ID", f"{path}.id", f"The id {move.id} is used twice."))
        ids.add(move.id)
        style, found = _signature_style(traits, move.style, path)
        out += found
        if move.move is not None and sample_move(move.move) is None:
            out.append(finding("SIGNATURE_MOVE_INVALID", f"{path}.move", f"No sample Move {move.move}."))
        if move.bought_with == "training" and move.times_used < needed:
            out.append(
                finding(
                    "SIGNATURE_MOVE_NOT_EARNED",
                    f"{path}.times_used",
                    f"Used {move.times_used} times; {needed} uses come before buying it with Training Points.",
                )
            )
        mystic_only = pack.supernatural_access.value == RoyaleSupernaturalAccess.mystic_only
        if move.supernatural and mystic_only and style is not None and not _mystic(style):
            out.append(finding("SUPERNATURAL_NOT_ALLOWED", f"{path}.supernatural", f"{style.id} has no Mystic Form."))
    return out


def _exchanged(character: RoyaleCharacter, costs: Costs, out: list[Finding]) -> int:
    """The Style Ranks traded for Strength Ranks (003 L242-L243): as the sheet says, else none unless the counts
    balance only with an exchange (k Style Ranks fewer, 2k Strength Ranks more), which is then assumed."""
    if character.style_ranks_exchanged is not None:
        return character.style_ranks_exchanged
    allot = creation().allotments
    style_ranks = (costs.style_halves + 1) // 2
    for k in range(1, allot.style_ranks + 1):
        more = allot.strength_ranks + allot.strength_ranks_per_exchanged_style_rank * k
        if costs.strength_ranks == more and style_ranks == allot.style_ranks - k:
            out.append(
                finding(
                    "EXCHANGE_INFERRED",
                    "character.style_ranks_exchanged",
                    f"{k} Style Rank{'s' if k > 1 else ''} taken as exchanged for {more - allot.strength_ranks} "
                    "Strength Ranks: only so do the counts balance.",
                )
            )
            return k
    return 0


def _allotment_findings(
    character: RoyaleCharacter, costs: Costs
) -> tuple[list[Finding], RoyaleLedger, RoyaleHalfLedger, RoyaleLedger]:
    allot = creation().allotments
    out: list[Finding] = []
    exchanged = _exchanged(character, costs, out)
    if exchanged > allot.style_ranks:
        out.append(
            finding("EXCHANGE_INVALID", "character.style_ranks_exchanged", f"Only {allot.style_ranks} Style Ranks.")
        )
        exchanged = allot.style_ranks
    strength = RoyaleLedger(
        allowed=allot.strength_ranks + allot.strength_ranks_per_exchanged_style_rank * exchanged,
        used=costs.strength_ranks,
    )
    style = RoyaleHalfLedger(allowed_halves=2 * (allot.style_ranks - exchanged), used_halves=costs.style_halves)
    bonus = RoyaleLedger(allowed=allot.bonus_points, used=costs.bonus_points())
    if strength.used > strength.allowed:
        out.append(finding("STRENGTH_RANKS_OVERSPENT", "character", f"{strength.used} of {strength.allowed} used."))
    elif strength.used < strength.allowed:
        out.append(finding("STRENGTH_RANKS_UNSPENT", "character", f"{strength.allowed - strength.used} left."))
    used_ranks = (style.used_halves + 1) // 2  # a lone split half still takes a whole rank (digest C11)
    if used_ranks * 2 > style.allowed_halves:
        out.append(
            finding("STYLE_RANKS_OVERSPENT", "character.styles", f"{used_ranks} of {style.allowed_halves // 2} used.")
        )
    elif used_ranks * 2 < style.allowed_halves:
        out.append(
            finding("STYLE_RANKS_UNSPENT", "character.styles", f"{style.allowed_halves // 2 - used_ranks} left.")
        )
    if bonus.used > bonus.allowed:
        out.append(finding("BONUS_POINTS_OVERSPENT", "character", f"{bonus.used} of {bonus.allowed} spent."))
    elif bonus.used < bonus.allowed:
        # digest C12: left-over Bonus Points are lost, which is worth a warning only
        out.append(finding("BONUS_POINTS_UNSPENT", "character", f"{bonus.allowed - bonus.used} left."))
    return out, strength, style, bonus


def _training_findings(
    character: RoyaleCharacter, costs: Costs, allotment: int
) -> tuple[list[Finding], RoyaleTrainingLedger]:
    out: list[Finding] = []
    spent = costs.training_points()
    earned = character.training_points_earned
    ledger = RoyaleTrainingLedger(earned=earned, spent=spent, balance=earned - spent)
    if spent > earned:
        out.append(finding("TP_OVERSPENT", "character.training_points_earned", f"{spent} spent, {earned} earned."))
    elif character.training_points is not None and character.training_points != ledger.balance:
        out.append(
            finding(
                "TP_BALANCE_MISMATCH",
                "character.training_points",
                f"{character.training_points} unspent, but {earned} earned less {spent} spent is {ledger.balance}.",
            )
        )
    if earned == 0 and not costs.training and character.spirit_dice not in (None, allotment):
        out.append(
            finding(
                "START_POOLS_INVALID",
                "character.spirit_dice",
                f"A new character starts with the session's {allotment} Spirit Dice.",
            )
        )
    return out, ledger


def _trait_state(trait: Trait) -> RoyaleTraitState:
    start = trait.creation_index
    return RoyaleTraitState(
        id=trait.id,
        kind=trait.kind,
        name=trait.source.name,
        rank=trait.source.rank,
        mod=mod_of(trait.index),
        creation_rank=trait.rank_at(start) if start is not None else None,
        current_rank=trait.rank_at(trait.current_index),
        current_mod=None if trait.zeroed_out else mod_of(trait.current_index),
        zeroed_out=trait.zeroed_out,
        ranks_to_zero_out=trait.ranks_to_zero_out,
    )


def validate(character: RoyaleCharacter, pack: RoyalePack) -> RoyaleCharacterValidation:
    traits = traits_of(character)
    costs = ledger_of(character, traits)
    allotment = session_allotment(character)
    found = [f for t in traits for f in _trait_findings(t)]
    found += _structure_findings(character, traits, pack)
    allot, strength, style, bonus = _allotment_findings(character, costs)
    training, tp = _training_findings(character, costs, allotment)
    found += allot + training
    states = [_trait_state(t) for t in traits]
    derived = RoyaleDerived(
        traits=states,
        strength_ranks=strength,
        style_ranks=style,
        bonus_points=bonus,
        training_points=tp,
        session_spirit_dice=allotment,
        damage_capacity=sum(t.ranks_to_zero_out for t in traits),
        absolute_zero=all(t.zeroed_out for t in traits),
    )
    violations = [f for f in found if f.severity == Severity.error]
    return RoyaleCharacterValidation(
        info=[f for f in found if f.severity == Severity.info],
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not violations,
        derived=derived,
        violations=violations,
        warnings=[f for f in found if f.severity == Severity.warning],
    )


def validate_character(request: RoyaleCharacterRequest) -> RoyaleCharacterValidation:
    return validate(request.character, chosen(request.pack, request.custom_pack, PACKS))


__all__ = ["CORE_IDS", "validate_character"]
