"""Quotes of what the chapter prices: weapon-advantage uses, the improvised surcharge, a buy-down, an awakening."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from pydantic import Field

from ...core.findings import Finding, Unsupported, path_of
from ..base import one_of
from ..codes import finding
from ..combatant.model_types import MAX_HEALTH_BOXES, HealthLeft, ItemId, Model, PackChoice, Short
from ..combatant.models import Chakra, Imbalance, WeaponCarried
from ..combatant.sheet import weapon_findings
from ..identity import RULESET, VERSION
from ..pack import Advantage
from .buy_down import buy_down, default_aura, split_fits
from .chakra import awakened, recovered
from .weapons import advantage_prana, unarmed_extra_allowed

# ── Weapon uses ─────────────────────────────────────────────────────────────────────────────────────


class SurchargePayment(StrEnum):
    effort_die = "effort_die"  # one unspent Effort die of any face
    prana = "prana"


class WeaponUse(Model):
    far: bool = Field(False, description="Ranged: against any visible target rather than the adjacent zone.")
    pay_with: Annotated[SurchargePayment, one_of(SurchargePayment)] | None = Field(
        None,
        description="Improvised: how this use's surcharge is paid; left out, an Effort die while `effort_dice` has "
        "one left, else Prana.",
    )


class WeaponUseRequest(PackChoice):
    weapon: WeaponCarried = Field(description="`unarmed` for bare hands.")
    uses: list[WeaponUse] = Field(
        min_length=1, max_length=20, description="The uses to price, in order, after `uses_made`."
    )
    uses_made: int = Field(0, ge=0, le=50, description="Uses of the advantage already made this round (turn, Unarmed).")
    prana: int | None = Field(
        None, ge=0, le=10_000, description="Prana the wielder can spend; left out, affordability is not judged."
    )
    effort_dice: int | None = Field(
        None, ge=0, le=30, description="Improvised: unspent Effort dice that may pay surcharges."
    )


class Surcharge(Model):
    """An improvised weapon's price for one use, paid one way: one Effort die of any facing, or Prana (004 L98)."""

    paid_with: SurchargePayment
    effort_dice: int = Field(ge=0, le=10)
    prana: int = Field(ge=0, le=100)


class UseQuote(Model):
    use: int = Field(ge=1, le=100, description="The use's number in the round (after `uses_made`).")
    free: bool
    prana: int = Field(ge=0, le=100, description="Prana for the advantage itself.")
    surcharge: Surcharge | None = Field(None, description="Improvised: paid on top, in a die or in Prana.")
    affordable: bool | None = Field(description="Whether what is left pays it; null when `prana` was not given.")
    prana_left: int | None = Field(ge=0, le=10_000, description="Prana left after this use (when `prana` was given).")
    effort_dice_left: int | None = Field(ge=0, le=30)


class WeaponUseQuote(Model):
    ruleset: Short
    ruleset_version: Short
    valid: bool
    violations: list[Finding] = Field(max_length=40)
    info: list[Finding] = Field(max_length=10)
    unsupported: list[Unsupported] = Field(max_length=10)
    advantage: Short | None = Field(description="The weapon whose advantage is used (the mimicked one if improvised).")
    uses: list[UseQuote] = Field(max_length=20)
    prana: int = Field(ge=0, le=10_000, description="Prana over all uses: advantages and surcharges.")
    surcharges: int = Field(ge=0, le=20, description="Uses that also pay the improvised surcharge.")
    affordable: bool | None = Field(description="Every use can be paid; null when `prana` was not given.")
    prana_left: int | None = Field(ge=0, le=10_000)
    effort_dice_left: int | None = Field(ge=0, le=30)


@dataclass
class _Purse:
    prana: int | None
    dice: int | None


def _surcharge(request: WeaponUseRequest, use: WeaponUse, purse: _Purse, at: str) -> Surcharge | Finding:
    """004 L98: 1 Effort die (any facing) or 3 Prana; an Effort die by default while one is left (ruling)."""
    pack = request.data()
    way = use.pay_with or (
        SurchargePayment.effort_die if purse.dice is not None and purse.dice > 0 else SurchargePayment.prana
    )
    if way is SurchargePayment.effort_die:
        if purse.dice is not None and purse.dice < pack.improvised_effort_dice.value:
            return finding("DICE_INVALID", at, "No unspent Effort die is left to pay the surcharge.")
        if purse.dice is not None:
            purse.dice -= pack.improvised_effort_dice.value
        return Surcharge(paid_with=way, effort_dice=pack.improvised_effort_dice.value, prana=0)
    return Surcharge(paid_with=way, effort_dice=0, prana=pack.improvised_prana.value)


def quote_weapon_uses(request: WeaponUseRequest) -> WeaponUseQuote:
    pack = request.data()
    violations = list(weapon_findings(request.weapon, pack, "weapon"))
    carried = pack.weapon_by_id.get(request.weapon.type)
    weapon = pack.weapon_by_id.get(request.weapon.mimics or "") if carried and request.weapon.mimics else carried
    quotes: list[UseQuote] = []
    purse = _Purse(request.prana, request.effort_dice)
    if not violations and weapon is not None and carried is not None:
        # 004 L98–L99: a stand-in pays on every use; an object improvised with the Power skill pays nothing more
        improvised = carried.advantage is Advantage.improvised and not request.weapon.power
        for i, use in enumerate(request.uses):
            n = request.uses_made + i + 1
            at = path_of("uses", i)
            if weapon.advantage is Advantage.unarmed and not unarmed_extra_allowed(weapon, n, pack):
                violations.append(finding("UNARMED_LIMIT", at, "No more extra Rank 1 attacks this turn."))
                continue
            prana = advantage_prana(weapon, n, use.far)
            surcharge = _surcharge(request, use, purse, at) if improvised else None
            if isinstance(surcharge, Finding):
                violations.append(surcharge)
                continue
            cost = prana + (surcharge.prana if surcharge else 0)
            affordable = None if purse.prana is None else cost <= purse.prana
            if affordable is False:  # 004 L88: an extra use is paid at the listed Cost, or it is not made
                violations.append(
                    finding("PRANA_INSUFFICIENT", at, f"Use {n} costs {cost} Prana; {purse.prana} is left.")
                )
            elif purse.prana is not None:
                purse.prana -= cost
            free = cost == 0 and surcharge is None
            quotes.append(
                UseQuote(
                    use=n,
                    free=free,
                    prana=prana,
                    surcharge=surcharge,
                    affordable=affordable,
                    prana_left=purse.prana,
                    effort_dice_left=purse.dice,
                )
            )
    info = []
    if request.weapon.legendary:
        info.append(
            finding(
                "NEEDS_CORE_RULEBOOK",
                "weapon.legendary",
                "Legendary weapon: its own powers are in its description (004 L100–L103); priced as its type.",
            )
        )
    return WeaponUseQuote(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not violations,
        violations=violations,
        info=info,
        unsupported=[],
        advantage=weapon.id if weapon else None,
        uses=quotes,
        prana=sum(q.prana + (q.surcharge.prana if q.surcharge else 0) for q in quotes),
        surcharges=sum(1 for q in quotes if q.surcharge),
        affordable=None if request.prana is None else all(q.affordable for q in quotes) and not violations,
        prana_left=purse.prana,
        effort_dice_left=purse.dice,
    )


# ── Buy-down ────────────────────────────────────────────────────────────────────────────────────────


class Split(Model):
    aura: int = Field(ge=0, le=1000)
    health: int = Field(ge=0, le=1000)


class InjuryChoice(StrEnum):
    new = "new"
    raise_imbalance = "raise"


class Injury(Model):
    """The attacker's choice of the Imbalance an injury makes (004 L68–L69)."""

    choice: Annotated[InjuryChoice, one_of(InjuryChoice)]
    imbalance: ItemId | None = Field(None, description="`new`: its name; `raise`: the defender's Imbalance raised.")


class BuyDownRequest(PackChoice):
    damage: int = Field(ge=0, le=1000, description="Damage left after the defence and armor.")
    aura: int = Field(ge=0, le=500)
    health_boxes: list[HealthLeft] = Field(max_length=MAX_HEALTH_BOXES, description="Health left per box.")
    split: Split | None = Field(None, description="The defender's own split; Aura first when left out.")
    refuse: bool = Field(False, description="The defender will not pay: Vanquished.")
    imbalances: list[Imbalance] = Field(default_factory=list, max_length=20, description="The defender's Imbalances.")
    injury: Injury | None = Field(
        None,
        description="The attacker's choice for the Health Boxes emptied: a new Physical Imbalance (named) or one of "
        "the defender's raised; left out, the first Physical Imbalance is raised, else a new one.",
    )


class BuyDownQuote(Model):
    ruleset: Short
    ruleset_version: Short
    valid: bool
    violations: list[Finding] = Field(max_length=40)
    paid: bool = Field(description="The damage was bought down to 0.")
    aura_spent: int = Field(ge=0, le=1000)
    health_spent: int = Field(ge=0, le=1000)
    aura_after: int = Field(ge=0, le=1000)
    health_boxes_after: list[HealthLeft] = Field(max_length=MAX_HEALTH_BOXES)
    imbalance_ranks: int = Field(
        ge=0, le=MAX_HEALTH_BOXES, description="Health Boxes emptied: Physical Imbalance ranks gained."
    )
    vanquished: bool
    imbalances_after: list[Imbalance] = Field(max_length=40, description="The defender's Imbalances after it.")


def _injured(request: BuyDownRequest, ranks: int) -> tuple[list[Imbalance], list[Finding]]:
    """The Imbalances after ``ranks`` injuries: one new Physical Imbalance of that rank, or one raised by it (the
    attacker's choice, 004 L68–L69; ruling: all the ranks of one buy-down go to one Imbalance)."""
    have = list(request.imbalances)
    physical = [i for i in have if i.kind == "physical"]
    injury = request.injury or (
        Injury(choice=InjuryChoice.raise_imbalance, imbalance=physical[0].id)
        if physical
        else Injury(choice=InjuryChoice.new)
    )
    if injury.choice is InjuryChoice.raise_imbalance and injury.imbalance not in {i.id for i in physical}:
        known = ", ".join(i.id for i in physical) or "none"
        return have, [finding("INJURY_INVALID", "injury.imbalance", f"Raise a Physical Imbalance of theirs: {known}.")]
    if injury.choice is InjuryChoice.new and injury.imbalance in {i.id for i in have}:
        return have, [finding("INJURY_INVALID", "injury.imbalance", "A new Imbalance takes a name not in use.")]
    if ranks == 0:
        return have, []
    if injury.choice is InjuryChoice.new:
        return [*have, Imbalance(id=injury.imbalance or "injury", kind="physical", rank=min(10, ranks))], []
    return [i.model_copy(update={"rank": min(10, i.rank + ranks)}) if i.id == injury.imbalance else i for i in have], []


def quote_buy_down(request: BuyDownRequest) -> BuyDownQuote:
    pack = request.data()
    box = pack.health_box.value
    violations = [
        finding("HEALTH_BOX_INVALID", path_of("health_boxes", i), f"A Health Box holds at most {box}.")
        for i, left in enumerate(request.health_boxes)
        if left > box
    ]
    boxes = tuple(request.health_boxes)
    aura_part = None
    if request.split is not None and not request.refuse:
        s = request.split
        if split_fits(request.damage, request.aura, boxes, s.aura, s.health):
            aura_part = s.aura
        else:
            violations.append(
                finding(
                    "BUY_DOWN_INVALID",
                    "split",
                    "The split must pay the whole damage from Aura and Health the defender holds.",
                )
            )
            aura_part = default_aura(request.damage, request.aura)
    result = buy_down(request.damage, request.aura, boxes, aura_part, request.refuse)
    after, problems = _injured(request, result.boxes_emptied)
    violations += problems
    return BuyDownQuote(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not violations,
        violations=violations,
        paid=result.paid,
        aura_spent=result.aura_spent,
        health_spent=result.health_spent,
        aura_after=request.aura - result.aura_spent,
        health_boxes_after=list(result.boxes_after),
        imbalance_ranks=result.boxes_emptied,
        vanquished=result.vanquished,
        imbalances_after=after,
    )


# ── Awakening ───────────────────────────────────────────────────────────────────────────────────────


class AwakeningRequest(PackChoice):
    rank: int = Field(ge=1, le=30, description="The Spirit action Set's rank.")
    facing: int = Field(ge=1, le=20, description="The Set's facing.")


class AwakeningQuote(Model):
    ruleset: Short
    ruleset_version: Short
    valid: bool
    violations: list[Finding] = Field(max_length=10)
    total: int = Field(ge=0, le=10_000, description="The Set's total (rank and facing side by side).")
    recovery: int = Field(ge=0, le=30)
    pool: int = Field(ge=0, le=3000)
    first_prana: int = Field(ge=0, le=3000, description="Prana after the awakening round's Recovery step.")
    next_prana: int = Field(ge=0, le=3000, description="Prana after the following round's Recovery step.")


def quote_awakening(request: AwakeningRequest) -> AwakeningQuote:
    pack = request.data()
    violations = []
    if request.rank < pack.awaken_min_rank.value:
        violations.append(
            finding(
                "AWAKEN_RANK_TOO_LOW", "rank", f"Awakening needs a Set of rank {pack.awaken_min_rank.value} or more."
            )
        )
    if request.facing > pack.die_sides.value:
        violations.append(finding("DICE_INVALID", "facing", f"A d{pack.die_sides.value} has no face {request.facing}."))
    chakra = awakened(Chakra(id="quote"), request.rank, pack)
    first = recovered(chakra, request.facing)
    second = recovered(first, None)
    return AwakeningQuote(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not violations,
        violations=violations,
        total=pack.total(request.rank, request.facing),
        recovery=chakra.recovery,
        pool=chakra.pool,
        first_prana=first.prana,
        next_prana=second.prana,
    )
