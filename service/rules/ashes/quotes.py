"""Quotes of what the chapter prices: weapon-advantage uses, the improvised surcharge, a buy-down, an awakening."""

from __future__ import annotations

from pydantic import Field

from ..core.findings import Finding, Unsupported, path_of
from .buy_down import buy_down, default_aura, split_fits
from .chakra import awakened, recovered
from .codes import finding
from .combatant import Chakra, WeaponCarried
from .declared import DECLARED
from .identity import RULESET, VERSION
from .model_types import MAX_HEALTH_BOXES, HealthLeft, Model, PackChoice, Short
from .pack import Advantage
from .sheet import weapon_findings
from .weapons import advantage_prana, unarmed_extra_allowed

# ── Weapon uses ─────────────────────────────────────────────────────────────────────────────────────


class WeaponUse(Model):
    far: bool = Field(False, description="Ranged: against any visible target rather than the adjacent zone.")


class WeaponUseRequest(PackChoice):
    weapon: WeaponCarried = Field(description="`unarmed` for bare hands.")
    uses: list[WeaponUse] = Field(
        min_length=1, max_length=20, description="The round's uses of the advantage, in order."
    )


class Surcharge(Model):
    """An improvised weapon's price for each use: one Effort die of any facing, or Prana."""

    effort_dice: int = Field(ge=0, le=10)
    prana: int = Field(ge=0, le=100)


class UseQuote(Model):
    use: int = Field(ge=1, le=20)
    free: bool
    prana: int = Field(ge=0, le=100, description="Prana for the advantage itself.")
    surcharge: Surcharge | None = Field(None, description="Improvised: paid on top, in dice or in Prana.")


class WeaponUseQuote(Model):
    ruleset: Short
    ruleset_version: Short
    valid: bool
    violations: list[Finding] = Field(max_length=40)
    unsupported: list[Unsupported] = Field(max_length=10)
    advantage: Short | None = Field(description="The weapon whose advantage is used (the mimicked one if improvised).")
    uses: list[UseQuote] = Field(max_length=20)
    prana: int = Field(ge=0, le=10_000, description="Prana for the advantage over all uses.")
    surcharges: int = Field(ge=0, le=20, description="Uses that also pay the improvised surcharge.")


def quote_weapon_uses(request: WeaponUseRequest) -> WeaponUseQuote:
    pack = request.data()
    violations = list(weapon_findings(request.weapon, pack, "weapon"))
    carried = pack.weapon_by_id.get(request.weapon.type)
    weapon = pack.weapon_by_id.get(request.weapon.mimics or "") if carried and request.weapon.mimics else carried
    quotes: list[UseQuote] = []
    if not violations and weapon is not None and carried is not None:
        improvised = carried.advantage is Advantage.improvised
        surcharge = Surcharge(effort_dice=pack.improvised_effort_dice.value, prana=pack.improvised_prana.value)
        for n, use in enumerate(request.uses, start=1):
            if weapon.advantage is Advantage.unarmed and not unarmed_extra_allowed(weapon, n, pack):
                violations.append(
                    finding("UNARMED_LIMIT", path_of("uses", n - 1), "No more extra Rank 1 attacks this turn.")
                )
                continue
            prana = advantage_prana(weapon, n, use.far)
            # 004 L98: every use of an improvised weapon pays the surcharge, the first included (digest D10)
            quotes.append(
                UseQuote(
                    use=n, free=prana == 0 and not improvised, prana=prana, surcharge=surcharge if improvised else None
                )
            )
    unsupported = []
    if request.weapon.legendary:
        unsupported.append(
            DECLARED.unsupported(
                "legendary_weapon",
                "weapon.legendary",
                "A legendary weapon's own powers are not in the text.",
            )
        )
    return WeaponUseQuote(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not violations,
        violations=violations,
        unsupported=unsupported,
        advantage=weapon.id if weapon else None,
        uses=quotes,
        prana=sum(q.prana for q in quotes),
        surcharges=sum(1 for q in quotes if q.surcharge),
    )


# ── Buy-down ────────────────────────────────────────────────────────────────────────────────────────


class Split(Model):
    aura: int = Field(ge=0, le=1000)
    health: int = Field(ge=0, le=1000)


class BuyDownRequest(PackChoice):
    damage: int = Field(ge=0, le=1000, description="Damage left after the defence and armor.")
    aura: int = Field(ge=0, le=500)
    health_boxes: list[HealthLeft] = Field(max_length=MAX_HEALTH_BOXES, description="Health left per box.")
    split: Split | None = Field(None, description="The defender's own split; Aura first when left out.")
    refuse: bool = Field(False, description="The defender will not pay: Vanquished.")


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
