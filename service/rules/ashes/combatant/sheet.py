"""Sheet rules: what a combatant's record must hold before it can fight (004 L62–L110)."""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import Field

from ...core.findings import Finding, Severity, Unsupported, path_of
from ..codes import finding
from ..identity import RULESET, VERSION
from ..pack import Advantage, Pack, Weapon
from .model_types import Model, PackChoice, Short
from .models import ChakraState, Combatant, TechniqueKeyword, WeaponCarried, WeaponField

NOT_IMITATED = (Advantage.improvised, Advantage.unarmed)


class CombatantRequest(PackChoice):
    combatant: Combatant


class CombatantFigures(Model):
    health: int = Field(ge=0, le=10_000)
    health_max: int = Field(ge=0, le=10_000, description="Boxes × a box's Health.")
    armor: int = Field(ge=0, le=10)
    advantage: Short | None = Field(description="The weapon whose advantage applies (the mimicked one if improvised).")
    prana: int = Field(ge=0, le=10_000)


class CombatantValidation(Model):
    ruleset: Short
    ruleset_version: Short
    valid: bool
    violations: list[Finding] = Field(max_length=200)
    warnings: list[Finding] = Field(max_length=200)
    info: list[Finding] = Field(max_length=50, description="Notes: what an item's own description would add.")
    unsupported: list[Unsupported] = Field(max_length=50)
    figures: CombatantFigures


def advantage_weapon(combatant: Combatant, pack: Pack) -> Weapon | None:
    """The weapon whose advantage applies: the type carried, or for an improvised weapon the one it stands in for."""
    weapon = pack.weapon_of(combatant.weapon_type)
    if weapon is not None and combatant.weapon and combatant.weapon.mimics:
        return pack.weapon_by_id.get(combatant.weapon.mimics)
    return weapon


def _duplicates(prefix: str, kind: str, ids: list[str]) -> Iterator[Finding]:
    seen: set[str] = set()
    for i, item in enumerate(ids):
        if item in seen:
            yield finding("DUPLICATE_ID", path_of(prefix, kind, i, "id"), f"{kind}: '{item}' is listed twice.")
        seen.add(item)


def weapon_findings(carried: WeaponCarried | None, pack: Pack, at: str) -> Iterator[Finding]:
    """A weapon the pack lists; an improvised one names the type it imitates (004 L98)."""
    if carried is None:
        return
    weapon = pack.weapon_by_id.get(carried.type)
    known = ", ".join(pack.weapon_by_id)
    if weapon is None:
        yield finding(
            "WEAPON_UNKNOWN", path_of(at, WeaponField.type), f"The pack lists no weapon '{carried.type}': {known}."
        )
        return
    improvised = weapon.advantage is Advantage.improvised
    mimic = pack.weapon_by_id.get(carried.mimics or "")
    if improvised and (mimic is None or mimic.advantage in NOT_IMITATED):
        # 004 L98: a stand-in for a weapon (a parasol for a spear); bare hands and stand-ins are no weapon to imitate
        imitable = ", ".join(w.id for w in pack.weapons if w.advantage not in NOT_IMITATED)
        yield finding(
            "WEAPON_INVALID",
            path_of(at, WeaponField.mimics),
            f"An improvised weapon names the weapon type it imitates: {imitable}.",
        )
    elif not improvised and carried.mimics is not None:
        yield finding(
            "WEAPON_INVALID", path_of(at, WeaponField.mimics), "Only an improvised weapon imitates another type."
        )
    if carried.power and not improvised:
        yield finding(
            "WEAPON_INVALID", path_of(at, WeaponField.power), "Only an improvised weapon is improvised with Power."
        )


def _chakras(c: Combatant, pack: Pack, prefix: str) -> Iterator[Finding]:
    per = pack.pool_per_recovery.value
    for i, chakra in enumerate(c.chakras):
        at = path_of(prefix, "chakras", i)
        if chakra.state is ChakraState.slumbering:
            if chakra.prana or chakra.recovery or chakra.pool:
                yield finding("CHAKRA_INVALID", at, "A slumbering Chakra has no Recovery, Pool or Prana yet.")
            continue
        if chakra.recovery < pack.awaken_min_rank.value or chakra.pool != per * chakra.recovery:
            yield finding(
                "CHAKRA_INVALID",
                at,
                f"An awakened Chakra's Recovery is the awakening Set's rank (at least {pack.awaken_min_rank.value}) "
                f"and its Pool {per} × Recovery.",
            )
        if chakra.prana > chakra.pool:
            yield finding("CHAKRA_INVALID", path_of(at, "prana"), "Prana above the Chakra's Pool.")


def sheet_findings(c: Combatant, pack: Pack, prefix: str = "combatant") -> list[Finding]:
    """Every sheet rule the combatant breaks (errors and warnings), in the order of the sheet's fields."""
    out: list[Finding] = []
    if c.aura > 0 and c.degree < pack.aura_min_degree.value:
        out.append(
            finding(
                "AURA_WITHOUT_DEGREE",
                path_of(prefix, "aura"),
                f"Aura needs Degree {pack.aura_min_degree.value} or higher.",
            )
        )
    box = pack.health_box.value
    out += [
        finding("HEALTH_BOX_INVALID", path_of(prefix, "health_boxes", i), f"A Health Box holds at most {box}.")
        for i, left in enumerate(c.health_boxes)
        if left > box
    ]
    if c.armor and c.armor.rating and not c.armor.legendary and c.armor.rating not in pack.armor_by_rating:
        out.append(
            finding("ARMOR_INVALID", path_of(prefix, "armor", "rating"), "That rating is not on the armor chart.")
        )
    out += weapon_findings(c.weapon, pack, path_of(prefix, "weapon"))
    keywords = {k.value for k in TechniqueKeyword}
    for i, technique in enumerate(c.techniques):
        for j, word in enumerate(technique.keywords):
            if word not in keywords:
                out.append(
                    finding(
                        "TECHNIQUE_KEYWORD_UNKNOWN",
                        path_of(prefix, "techniques", i, "keywords", j),
                        f"'{word}' is no Technique keyword: offensive, defensive or versatile.",
                    )
                )
        if not technique.keywords:
            out.append(
                finding(
                    "TECHNIQUE_KEYWORD_MISSING",
                    path_of(prefix, "techniques", i, "keywords"),
                    "No keyword: it bolsters neither attack nor defence.",
                )
            )
    out += _duplicates(prefix, "techniques", [t.id for t in c.techniques])
    out += _duplicates(prefix, "chakras", [t.id for t in c.chakras])
    out += _duplicates(prefix, "imbalances", [t.id for t in c.imbalances])
    out += _chakras(c, pack, prefix)
    return out


def sheet_notes(c: Combatant, prefix: str = "combatant") -> list[Finding]:
    """Names read as the pack's ids, and what the core rulebook or an item's own description would add to the sheet
    (notes, not rules broken)."""
    out = [
        finding("NAME_READ", f"{prefix}.{path}", f"'{sent}' is read as the pack's '{as_id}'.")
        for path, sent, as_id in c.renamed
    ]
    if c.weapon and c.weapon.legendary:
        out.append(
            finding(
                "NEEDS_CORE_RULEBOOK",
                path_of(prefix, "weapon", "legendary"),
                "Legendary weapon: its own powers are in its description (004 L100–L103); it fights as its type.",
            )
        )
    if c.armor and c.armor.legendary:
        out.append(
            finding(
                "NEEDS_CORE_RULEBOOK",
                path_of(prefix, "armor", "legendary"),
                "Legendary armor: its one-of-a-kind powers are in its description (004 L110); its rating applies.",
            )
        )
    return out


def validate_combatant(request: CombatantRequest) -> CombatantValidation:
    pack = request.data()
    c = request.combatant
    found = sheet_findings(c, pack)
    advantage = advantage_weapon(c, pack)
    errors = [f for f in found if f.severity is Severity.error]
    return CombatantValidation(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not errors,
        violations=errors,
        warnings=[f for f in found if f.severity is Severity.warning],
        info=sheet_notes(c),
        unsupported=[],
        figures=CombatantFigures(
            health=c.health,
            health_max=len(c.health_boxes) * pack.health_box.value,
            armor=c.armor.rating if c.armor else 0,
            advantage=advantage.id if advantage else None,
            prana=c.prana,
        ),
    )
