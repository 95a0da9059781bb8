"""Attack Strings (Chapter 4, Attack Strings): a campaign option where chained Basic Moves stand in for Special Moves.

An Attack String of n Basic Moves is one special Basic Move: it needs Control and takes the Accuracy penalty of a
Combo of n Basic Moves, and does Basic Move damage plus n. With the optional rule, Elements from a fixed list may
be added at its end; each counts as extra moves for Control and for the Attack String Skill, never for Accuracy
or damage.
"""

from __future__ import annotations

from pydantic import Field

from ...core.references import ref_of
from ..catalogue.catalog import Catalog, catalog
from ..catalogue.keywords import apply, category, ordered
from ..catalogue.schema import KeywordCategory
from ..catalogue.sheet_records import EndsAttackString
from ..identity import RULESET, VERSION
from .codes import CODES
from .models import Campaign, DamageBasis, Finding, Id, Model, OptionalInt, StrictInt

MIN_LENGTH_FOR_ELEMENTS = 3  # 000 L5198


class AttackStringRequest(Model):
    length: StrictInt = Field(ge=1, le=40, description="Basic Moves strung together.")
    skill: OptionalInt(0, 40) = Field(None, description="The Fighter's Attack String Skill.")  # type: ignore[valid-type]
    elements: list[Id] = Field(
        default_factory=list, max_length=12, description="Elements added at the end of the string (optional rule)."
    )
    director_cap: OptionalInt(1, 40) = Field(  # type: ignore[valid-type]
        None, description="The Director's limit on the Skill."
    )
    campaign: Campaign = Field(default_factory=Campaign)


class AttackStringDamage(Model):
    die: str
    flat_bonus: int
    based_on: DamageBasis = DamageBasis.strength


class AttackStringPrice(Model):
    ruleset: str
    ruleset_version: str
    legal: bool
    violations: list[Finding]
    warnings: list[Finding]
    info: list[Finding]
    length: int
    counted_length: int = Field(description="Moves counted for Control and the Skill limit (added Elements included).")
    control: int
    accuracy: int
    accuracy_vs: dict[str, int]
    damage: AttackStringDamage
    glory: int
    keywords: list[str]
    combo_keywords: list[str]


def _finding(code: str, path: str, message: str, ref: str) -> Finding:
    return Finding(code=code, severity=CODES[code].severity, path=path, message=message, ref=ref_of(ref))


def price_attack_string(request: AttackStringRequest, cat: Catalog | None = None) -> AttackStringPrice:
    cat = cat or catalog()
    violations: list[Finding] = []
    info: list[Finding] = []
    n = request.length
    if not request.campaign.attack_strings:
        violations.append(
            _finding(
                "ATTACK_STRINGS_DISABLED",
                "campaign.attack_strings",
                "Attack Strings exist only in campaigns that use them.",
                "000 L5173",
            )
        )
    counted = n
    added = []
    if request.elements and n < MIN_LENGTH_FOR_ELEMENTS:
        violations.append(
            _finding(
                "ATTACK_STRING_TOO_SHORT",
                "length",
                "Elements go only on an Attack String of at least three moves.",
                "000 L5198",
            )
        )
    for i, ident in enumerate(request.elements):
        path = f"elements[{i}]"
        entry = cat.entries.get(ident)
        if entry is None:
            violations.append(_finding("UNKNOWN_ENTRY", path, f"'{ident}' is not an Element.", "000 L2455"))
            continue
        if ident in request.elements[:i]:
            violations.append(
                _finding(
                    "ATTACK_STRING_MODIFIER_NOT_ALLOWED", path, f"{entry.name} may be added once only.", "000 L5183"
                )
            )
            continue
        if entry.parent or entry.kind != "element":
            violations.append(
                _finding(
                    "ATTACK_STRING_MODIFIER_NOT_ALLOWED",
                    path,
                    f"{entry.name}: only base Elements may be added, no modifiers or Liabilities.",
                    "000 L5183",
                )
            )
            continue
        if not any(isinstance(r, EndsAttackString) for r in cat.records.get(ident, ())):
            violations.append(
                _finding(
                    "ATTACK_STRING_ELEMENT_NOT_ALLOWED",
                    path,
                    f"{entry.name} is not one of the Elements an Attack String may take.",
                    "000 L5185–L5196",
                )
            )
            continue
        required = sum(cat.entries[r].cost for r in entry.requires.entries)
        counted += int(entry.cost + required) + 1  # its cost, its required Elements' cost, plus one (000 L5198)
        added.append(entry)
    if request.skill is None:
        info.append(
            _finding(
                "CHECKED_WITH_FIGHTER",
                "skill",
                "Give the Attack String Skill to check the string's length against it.",
                "000 L5175",
            )
        )
    elif counted > request.skill:
        violations.append(
            _finding(
                "ATTACK_STRING_EXCEEDS_SKILL",
                "length",
                f"The string counts as {counted} moves; the Attack String Skill is {request.skill}.",
                "000 L5175, L5198",
            )
        )
    if request.director_cap is not None and counted > request.director_cap:
        violations.append(
            _finding(
                "ATTACK_STRING_EXCEEDS_SKILL",
                "director_cap",
                f"The string counts as {counted} moves; the Director's limit is {request.director_cap}.",
                "000 L5175",
            )
        )
    basic = cat.fixed_moves["basic_move"]
    keywords, _ = apply(basic.keywords, [e.keywords for e in added])
    accuracy = -(n // 3)  # a Combo's −1 per full three moves, on the string's own length (000 L5804, L5177)
    vs = {"defense": accuracy, "evasion": accuracy, "tactics": accuracy}
    for e in added:
        numbers = cat.numbers.get(e.id)
        if numbers:
            vs = {
                "defense": vs["defense"] + numbers.accuracy + numbers.vs_defense,
                "evasion": vs["evasion"] + numbers.accuracy + numbers.vs_evasion,
                "tactics": vs["tactics"] + numbers.accuracy + numbers.vs_tactics,
            }
    combo = set(basic.combo) | {k for k in keywords if category(k) is KeywordCategory.combo}
    return AttackStringPrice(
        ruleset=RULESET,
        ruleset_version=VERSION,
        legal=not violations,
        violations=violations,
        warnings=[],
        info=info,
        length=n,
        counted_length=counted,
        control=counted,
        accuracy=accuracy,
        accuracy_vs=vs,
        damage=AttackStringDamage(die=basic.damage or "1d4", flat_bonus=n),  # Basic damage plus n (000 L5177)
        glory=1,  # whatever its length (000 L5204)
        keywords=[k for k in ordered(keywords) if category(k) is not KeywordCategory.combo],
        combo_keywords=ordered(combo),
    )
