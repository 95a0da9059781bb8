"""Validating a Thug and a Thug group: every broken build rule at once, with the figures computed regardless.

Each check appends findings with a stable code (``codes.py``) and a path into the request; the answer is legal
when no finding is an error.
"""

from __future__ import annotations

import math

from ...core.findings import Finding, Severity, Unsupported, path_of
from ...core.references import ref_of
from ...memo import memo
from ..catalogue.character_catalog import character_catalog
from ..identity import RULESET, VERSION
from .catalogue import ThugTrait, thug_catalogue
from .codes import THUG_CODES
from .models import (
    Attribute,
    PointItem,
    ThugBuild,
    ThugFigures,
    ThugGroupRequest,
    ThugGroupValidation,
    ThugOptions,
    ThugPoints,
    ThugRequest,
    ThugValidation,
)
from .points import (
    accuracy_points,
    damage_points,
    effective_attributes,
    glory_divisor,
    initiative_points,
    saga_steps,
    skill_levels,
    trait_points,
)


class Findings:
    """The findings of one request, by severity."""

    def __init__(self) -> None:
        self.found: list[Finding] = []

    def add(self, code: str, path: str, message: str, severity: Severity | None = None) -> None:
        spec = THUG_CODES[code]
        self.found.append(
            Finding(
                code=code,
                severity=severity or Severity(spec.severity),
                path=path,
                message=message,
                ref=ref_of(spec.ref),
            )
        )

    def of(self, severity: Severity) -> list[Finding]:
        return [f for f in self.found if f.severity is severity]


@memo(maxsize=4096)
def _item(attribute: Attribute, trait: str | None, value: str, points: float, ref: str | None) -> PointItem:
    """One priced line (frozen, so shared between answers); keyed on everything it holds."""
    return PointItem.model_construct(attribute=attribute, id=trait, value=value, points=points, ref=ref_of(ref))


def _attribute_items(build: ThugBuild, at: str, out: Findings) -> list[PointItem]:
    tables = thug_catalogue().points
    init, acc, dmg = initiative_points(build.initiative), accuracy_points(build.accuracy), damage_points(build.damage)
    if init is None:
        out.add("INITIATIVE_DIE_INVALID", path_of(at, "initiative"), f"Initiative {build.initiative} is not sold.")
    if acc is None:
        out.add("ACCURACY_OUT_OF_RANGE", path_of(at, "accuracy"), f"Accuracy {build.accuracy:+d} is not sold.")
    if dmg is None:
        out.add("DAMAGE_DIE_INVALID", path_of(at, "damage"), f"Damage {build.damage} is not sold.")
    per = tables.defense.per_point, tables.life_save.per_point, tables.threat_level.per_point
    return [
        _item("initiative", None, build.initiative, float(init or 0), tables.initiative.ref),
        _item("accuracy", None, f"{build.accuracy:+d}", float(acc or 0), tables.accuracy.ref),
        _item("damage", None, build.damage, float(dmg or 0), tables.damage.ref),
        _item("defense", None, str(build.defense), float(per[0] * build.defense), tables.defense.ref),
        _item("life_save", None, str(build.life_save), float(per[1] * build.life_save), tables.life_save.ref),
        _item(
            "threat_level", None, str(build.threat_level), float(per[2] * build.threat_level), tables.threat_level.ref
        ),
    ]


def _check_bounds(build: ThugBuild, options: ThugOptions, at: str, out: Findings) -> None:
    tables = thug_catalogue().points
    if build.defense > (tables.defense.maximum or build.defense):
        # Ruling A1: the cap is an error unless the request lets a Director's Thug past it.
        severity = Severity.warning if options.allow_defense_over_5 else None
        out.add("DEFENSE_ABOVE_MAX", path_of(at, "defense"), f"Defense {build.defense} is above the cap.", severity)
    if build.defense < tables.defense.minimum:
        out.add("DEFENSE_NEGATIVE", path_of(at, "defense"), f"Defense {build.defense} is below 0.")
    if build.life_save > (tables.life_save.maximum or build.life_save):
        out.add("LIFE_SAVE_ABOVE_MAX", path_of(at, "life_save"), f"Life Save {build.life_save} is above the cap.")
    if build.life_save < tables.life_save.minimum:
        out.add("LIFE_SAVE_NEGATIVE", path_of(at, "life_save"), f"Life Save {build.life_save} is below 0.")
    elif build.life_save == tables.life_save.minimum:
        out.add("LIFE_SAVE_ZERO", path_of(at, "life_save"), "With Life Save 0 no Thug survives a hit.")
    if build.threat_level < tables.threat_level.minimum:
        out.add("THREAT_LEVEL_INVALID", path_of(at, "threat_level"), f"Threat Level {build.threat_level} is below 0.")


def _quality_item(
    build: ThugBuild, index: int, options: ThugOptions, at: str, held: set[str], out: Findings
) -> PointItem:
    take = build.qualities[index]
    where = path_of(at, "qualities", index)
    traits = thug_catalogue().traits
    record: ThugTrait | None = traits.get(take.id)
    if record is not None and record.kind == "weakness":
        record = None  # a Weakness listed as a Quality is off the Quality lists
    if record is None:
        _off_list_quality(take.id, where, out)
    elif record.variable_cost and (take.cost is None or take.cost < record.cost):
        out.add(
            "ELEMENT_COST_REQUIRED",
            path_of(where, "cost"),
            f"{record.name} needs the count of Elements bought ({record.cost:g} or more).",
        )
    for needed in record.requires if record else ():
        if needed not in held:
            code = "SUBELEMENT_REQUIRES_PARENT" if record and record.kind == "sub_element" else "GUN_REQUIRES_RANGED"
            out.add(code, where, f"{record.name if record else take.id} needs {traits[needed].name} as well.")
    points = trait_points(take, record or _element_off_list(take.id), options)
    line = record.ref.line if record and record.ref else thug_catalogue().points.quality.ref
    return _item("qualities", take.id, take.id, points, line)


def _element_off_list(trait_id: str) -> ThugTrait | None:
    """An Element off the Thug list, priced at its count of Elements (000 L6626)."""
    from ..catalogue.catalog import catalog

    entry = catalog().entries.get(trait_id)
    if entry is None or entry.kind != "element":
        return None
    return ThugTrait(
        id=entry.id,
        name=entry.name,
        kind="element",
        cost=entry.cost,
        variable_cost=entry.list_cost.endswith("or more"),
        requires=(),
        lone=False,
        summary=entry.summary,
        ref=entry.ref,
    )


def _off_list_quality(trait_id: str, where: str, out: Findings) -> None:
    known = trait_id in character_catalog().qualities or _element_off_list(trait_id) is not None
    what = "is not on the Thug list" if known else "is on no list of the book"
    if trait_id in character_catalog().weaknesses:
        what = "is a Weakness (list it under weaknesses to price it −1)"
    out.add("QUALITY_NOT_ON_THUG_LIST", where, f"{trait_id} {what}; it needs the Director's approval.")


def _weakness_item(build: ThugBuild, index: int, at: str, out: Findings) -> PointItem:
    weakness_id = build.weaknesses[index]
    record = thug_catalogue().traits.get(weakness_id)
    where = path_of(at, "weaknesses", index)
    if record is None or record.kind != "weakness":
        known = weakness_id in character_catalog().weaknesses
        what = "is not on the Thug list" if known else "is on no list of the book"
        out.add("WEAKNESS_NOT_ON_THUG_LIST", where, f"{weakness_id} {what}; it needs the Director's approval.")
    per_take = thug_catalogue().points.weakness
    line = record.ref.line if record and record.kind == "weakness" and record.ref else per_take.ref
    return _item("weaknesses", weakness_id, weakness_id, float(per_take.per_take), line)


def _check_trait_set(build: ThugBuild, at: str, out: Findings) -> None:
    ids = [(path_of(at, "qualities", i), t.id) for i, t in enumerate(build.qualities)]
    ids += [(path_of(at, "weaknesses", i), w) for i, w in enumerate(build.weaknesses)]
    seen: dict[str, str] = {}
    conflicts = character_catalog().conflicts
    for where, trait_id in ids:
        if trait_id in seen:
            out.add("DUPLICATE_TRAIT", where, f"{trait_id} is already listed at {seen[trait_id]}.")
            continue
        clash = next((other for other in seen if frozenset((trait_id, other)) in conflicts), None)
        if clash is not None:
            out.add("CONTRADICTORY_TRAITS", where, f"{trait_id} cannot be held together with {clash}.")
        seen[trait_id] = where


def _check_total(build: ThugBuild, total: float, rounded: int, at: str, out: Findings) -> None:
    tables = thug_catalogue().points
    if total != rounded:
        out.add("THUG_POINTS_FRACTIONAL", at, f"{total:g} Thug Points count as {rounded}.")
    if rounded > tables.max_points.value:
        out.add("THUG_POINTS_EXCEED_MAX", at, f"{rounded} Thug Points is over {tables.max_points.value}.")
    if build.declared_points is not None and build.declared_points != total:
        out.add(
            "THUG_POINTS_MISMATCH",
            path_of(at, "declared_points"),
            f"Declared {build.declared_points:g}, computed {total:g}; the computed price is used.",
        )
    bands = tables.threat_guidelines.bands
    fits = [
        b
        for b in bands
        if (b.low is None or rounded >= b.low)
        and (b.high is None or rounded <= b.high)
        and b.min_threat <= build.threat_level <= (b.max_threat if b.max_threat is not None else build.threat_level)
    ]
    if build.threat_level >= tables.threat_level.minimum and not fits:
        out.add(
            "THREAT_LEVEL_OUTSIDE_GUIDELINE",
            path_of(at, "threat_level"),
            f"Threat Level {build.threat_level} is unusual for a {rounded}-point Thug.",
        )


def _check_skills(build: ThugBuild, figures: ThugFigures, at: str, out: Findings) -> None:
    levels = figures.skill_levels
    expected = levels.skilled_count or 0
    if len(build.skills) != expected:
        out.add(
            "SKILLED_SKILL_COUNT",
            path_of(at, "skills"),
            f"{len(build.skills)} skills listed; the build gives {expected}.",
        )
    for i, skill in enumerate(build.skills):
        if levels.skilled_level is not None and skill.level != levels.skilled_level:
            out.add(
                "SKILLED_SKILL_LEVEL",
                path_of(at, "skills", i, "level"),
                f"{skill.id} at {skill.level}; Skilled gives {levels.skilled_level}.",
            )


def thug_figures(build: ThugBuild, options: ThugOptions, at: str, out: Findings) -> ThugFigures:
    """Price a build and check every rule on it, appending to ``out``."""
    items = _attribute_items(build, at, out)
    _check_bounds(build, options, at, out)
    held = {t.id for t in build.qualities}
    items += [_quality_item(build, i, options, at, held, out) for i in range(len(build.qualities))]
    items += [_weakness_item(build, i, at, out) for i in range(len(build.weaknesses))]
    _check_trait_set(build, at, out)
    total = float(sum(item.points for item in items))
    rounded = math.ceil(total)  # ruling A4: a half point counts as a whole one for the cap and Glory
    _check_total(build, total, rounded, at, out)
    figures = ThugFigures.model_construct(
        points=ThugPoints.model_construct(
            items=items,
            total=total,
            rounded=rounded,
            declared=build.declared_points,
            maximum=thug_catalogue().points.max_points.value,
        ),
        glory_divisor=glory_divisor(rounded),
        effective=effective_attributes(build, options),
        skill_levels=skill_levels(build, rounded),
    )
    _check_skills(build, figures, at, out)
    return figures


def _check_options(options: ThugOptions, out: Findings) -> None:
    if saga_steps(options.saga_scale) is None:
        out.add("SAGA_SCALE_INVALID", path_of("options", "saga_scale"), f"No Saga Scale {options.saga_scale}.")


UNSUPPORTED: list[Unsupported] = []  # every build rule of the text is checked


def validate_thug(request: ThugRequest) -> ThugValidation:
    out = Findings()
    _check_options(request.options, out)
    figures = thug_figures(request.thug, request.options, "thug", out)
    return ThugValidation.model_construct(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not out.of(Severity.error),
        violations=out.of(Severity.error),
        warnings=out.of(Severity.warning),
        info=out.of(Severity.info),
        unsupported=UNSUPPORTED,
        **dict(figures),
    )


def _same_build(a: ThugBuild, b: ThugBuild) -> bool:
    """Members share a build when every bought attribute and trait is the same (names and notes aside)."""

    def key(build: ThugBuild) -> tuple[object, ...]:
        return (
            build.initiative,
            build.accuracy,
            build.damage,
            build.defense,
            build.life_save,
            build.threat_level,
            sorted((t.id, t.cost or 0.0) for t in build.qualities),
            sorted(build.weaknesses),
        )

    return key(a) == key(b)


def validate_thug_group(request: ThugGroupRequest) -> ThugGroupValidation:
    out = Findings()
    _check_options(request.options, out)
    entries = request.group.members
    figures = [
        thug_figures(m.thug, request.options, path_of("group", "members", i, "thug"), out)
        for i, m in enumerate(entries)
    ]
    size = sum(m.count for m in entries)
    if not 1 <= size <= 10:
        out.add("GROUP_SIZE_OUT_OF_RANGE", path_of("group", "members"), f"A group of {size}.")
    for i, m in enumerate(entries[1:], start=1):
        if not _same_build(m.thug, entries[0].thug):
            out.add(
                "GROUP_MIXED_BUILDS",
                path_of("group", "members", i, "thug"),
                "This build differs from the first member's; split them into groups of their own.",
            )
    traits = thug_catalogue().traits
    for i, m in enumerate(entries):
        for j, take in enumerate(m.thug.qualities):
            record = traits.get(take.id)
            if record is not None and record.lone and size > 1:
                out.add(
                    "VILLAIN_QUALITY_GROUP_SIZE",
                    path_of("group", "members", i, "thug", "qualities", j),
                    f"{record.name} on a group of {size}.",
                )
    return ThugGroupValidation.model_construct(
        ruleset=RULESET,
        ruleset_version=VERSION,
        valid=not out.of(Severity.error),
        violations=out.of(Severity.error),
        warnings=out.of(Severity.warning),
        info=out.of(Severity.info),
        unsupported=UNSUPPORTED,
        size=size,
        glory_divisor=glory_divisor(min(f.points.rounded for f in figures)),  # the lowest-value build (000 L6547)
        members=figures,
    )
