"""Prices: a Move's Spirit Dice cost (003 L1246-L1344, L1037, L1183, L1426-L1427) and the Bonus Point and
Training Point tables (003 L264-L295, L666-L706)."""

from __future__ import annotations

from ...core.findings import Finding, Severity
from ...core.packs import chosen
from ...core.references import ref_of
from ..character.traits import find_trait, traits_of
from ..codes import finding
from ..identity import RULESET, VERSION
from ..pack import PACKS, RoyaleSupernaturalAccess
from ..tables.model_types import RANKS, RoyaleForm, RoyaleMoveKind, RoyalePurchaseKind, RoyalePurchaseStep, index_of
from ..tables.records import RoyaleSampleMove, creation, forms, moves, rank_row, sample_move
from .models import (
    RoyaleCostStep,
    RoyaleMoveFigure,
    RoyaleMovePrice,
    RoyaleMoveRequest,
    RoyalePurchasePrice,
    RoyalePurchasePriceLine,
    RoyalePurchaseRequest,
    RoyaleRankInfo,
)


def basic_cost(shift: int) -> int:
    """Spirit Dice of a Basic Move ``shift`` ranks from the Style (003 L1258-L1312)."""
    costs = moves().costs
    top = max(costs.basic_by_shift)
    if shift <= top:
        return costs.basic_by_shift[shift]
    return costs.basic_by_shift[top] + costs.basic_per_further_upshift * (shift - top)


def favored(request: RoyaleMoveRequest) -> bool:
    """Declared by the GM, or a Supernatural Move of a Form that favors every one (Mystic, 003 L1183)."""
    if request.favored:
        return True
    return request.kind == RoyaleMoveKind.supernatural and any(forms()[f].favors_supernatural for f in request.forms)


def _figures(move: RoyaleSampleMove | None, index: int) -> list[RoyaleMoveFigure]:
    if move is None:
        return []
    row = rank_row(index)
    out = []
    for fig in move.figures:
        value = fig.factor * (row.mod if fig.base == "mod" else row.tn)
        out.append(RoyaleMoveFigure(id=fig.id, value=value if fig.floor is None else max(fig.floor, value)))
    return out


def _move_findings(request: RoyaleMoveRequest, move: RoyaleSampleMove | None, index: int) -> list[Finding]:
    out: list[Finding] = []
    costs = moves().costs
    style_now = index_of(request.style_rank) - request.style_damage
    if style_now < 0:
        out.append(finding("STYLE_ZEROED_OUT", "style_damage", "The Style is Zeroed Out."))  # digest C10
    if request.shifts < costs.lowest_shift or not 0 <= index < len(RANKS):
        out.append(finding("MOVE_RANK_INVALID", "shifts", "The Move Rank falls off the table."))
    if request.wound_ranks and not (move and move.wound_surcharge):
        out.append(finding("WOUND_SURCHARGE_NOT_APPLICABLE", "wound_ranks", "Only a Mystic Attack pays for Wounds."))
    if move and move.supernatural_only and request.kind != RoyaleMoveKind.supernatural:
        out.append(finding("MOVE_RANK_INVALID", "kind", f"{move.name} exists only as a Supernatural Move."))
    pack = chosen(request.pack, request.custom_pack, PACKS)
    if (
        request.kind == RoyaleMoveKind.supernatural
        and pack.supernatural_access.value == RoyaleSupernaturalAccess.mystic_only
        and RoyaleForm.mystic not in request.forms
    ):
        out.append(finding("SUPERNATURAL_NOT_ALLOWED", "kind", "The pack keeps Supernatural Moves to Mystic Forms."))
    return out


def price_move(request: RoyaleMoveRequest) -> RoyaleMovePrice:
    costs = moves().costs
    move = sample_move(request.move.value) if request.move is not None else None
    # digest C10: the Move Rank counts from the Style's rank after its Damage Ranks
    index = index_of(request.style_rank) - request.style_damage + request.shifts
    found = _move_findings(request, move, index)
    shift = max(request.shifts, costs.lowest_shift)
    cost = basic_cost(shift)
    steps = [RoyaleCostStep(rule=f"basic move, shift {shift:+d}", spirit_dice=cost, ref=ref_of("003 L1246–L1312"))]
    if request.kind == RoyaleMoveKind.supernatural:
        cost = max(costs.supernatural_minimum, costs.supernatural_factor * cost)
        steps.append(
            RoyaleCostStep(rule="supernatural: doubled, at least 1", spirit_dice=cost, ref=ref_of("003 L1322–L1324"))
        )
    if favored(request):  # digest C9: the Supernatural minimum first, then the Favored discount, then Signature
        cost = max(0, cost - costs.favored_discount)
        steps.append(RoyaleCostStep(rule="favored move", spirit_dice=cost, ref=ref_of("003 L1036–L1037")))
    if request.signature:
        cost += costs.signature_surcharge
        steps.append(RoyaleCostStep(rule="signature move", spirit_dice=cost, ref=ref_of("003 L1339–L1341")))
    if request.wound_ranks and move and move.wound_surcharge:
        cost += costs.wound_surcharge
        steps.append(
            RoyaleCostStep(rule="wound ranks instead of failure", spirit_dice=cost, ref=ref_of("003 L1425–L1427"))
        )
    on_table = 0 <= index < len(RANKS)
    row = rank_row(index) if on_table else None
    if request.spirit_dice is not None and request.spirit_dice < cost:
        found.append(finding("MOVE_NOT_AFFORDABLE", "spirit_dice", f"{request.spirit_dice} held, {cost} needed."))
    violations = [f for f in found if f.severity == Severity.error]
    return RoyaleMovePrice(
        ruleset=RULESET,
        ruleset_version=VERSION,
        legal=not violations,
        move_rank=RoyaleRankInfo(rank=row.id, name=row.name, mod=row.mod, tn=row.tn) if row else None,
        spirit_dice=cost,
        dice=2 + (costs.signature_extra_dice if request.signature else 0),
        steps=steps,
        figures=_figures(move, index) if on_table else [],
        affordable=None if request.spirit_dice is None else request.spirit_dice >= cost,
        violations=violations,
        warnings=[f for f in found if f.severity == Severity.warning],
    )


# purchase → raises a Style (True) or a Strength (False), read from the purchases' typed fields
RAISES = {p.id: p.buys is RoyalePurchaseKind.style for p in creation().purchases if p.step is RoyalePurchaseStep.raise_}


def _raise_findings(request: RoyalePurchaseRequest) -> list[Finding]:
    """Each raise names one of the character's traits of the right kind, and none goes past Master (003 L675-L676,
    L681-L682), counting every raise of the same trait in the request."""
    if request.character is None:
        return []
    traits = traits_of(request.character)
    top = index_of(creation().allotments.highest_trait_rank)
    raised: dict[str, int] = {}
    out: list[Finding] = []
    for i, line in enumerate(request.purchases):
        style = RAISES.get(line.purchase.value)
        if style is None:
            continue
        trait = find_trait(traits, line.trait, styles_only=style) if line.trait is not None else None
        if trait is None or (trait.kind == "style") != style:
            kind = "Style" if style else "Strength"
            out.append(finding("TRAIT_UNKNOWN", f"purchases[{i}].trait", f"Name one of the character's {kind}s."))
            continue
        raised[trait.id] = raised.get(trait.id, 0) + line.count
        if trait.index + raised[trait.id] > top:
            out.append(finding("RANK_ABOVE_MASTER", f"purchases[{i}].count", f"{trait.id} would pass Master."))
    return out


def price_purchases(request: RoyalePurchaseRequest) -> RoyalePurchasePrice:
    table = creation()
    lines = []
    for line in request.purchases:
        row = table.price(line.purchase.value)
        lines.append(
            RoyalePurchasePriceLine(
                purchase=row.id,
                name=row.name,
                count=line.count,
                bonus_points=None if row.bonus_points is None else row.bonus_points * line.count,
                training_points=None if row.training_points is None else row.training_points * line.count,
                ref=row.ref,
            )
        )
    bonus = [ln.bonus_points for ln in lines]
    training = [ln.training_points for ln in lines]
    total = None if None in training else sum(t or 0 for t in training)
    on_hand = request.training_points
    if on_hand is None and request.character is not None:
        on_hand = request.character.training_points
    found = _raise_findings(request)
    affordable = None if on_hand is None or total is None else total <= on_hand
    if affordable is False:  # 003 L666-L668: Training Points are spent, so only those held
        found.append(finding("TP_NOT_AFFORDABLE", "training_points", f"{total} needed, {on_hand} on hand."))
    violations = [f for f in found if f.severity == Severity.error]
    return RoyalePurchasePrice(
        ruleset=RULESET,
        ruleset_version=VERSION,
        lines=lines,
        bonus_points=None if None in bonus else sum(b or 0 for b in bonus),
        training_points=total,
        training_points_on_hand=on_hand,
        affordable=affordable,
        legal=not violations,
        violations=violations,
        warnings=[f for f in found if f.severity == Severity.warning],
    )
