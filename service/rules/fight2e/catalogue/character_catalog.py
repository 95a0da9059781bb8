"""Loads the fight2e character catalogue from ``data/character/*.yaml`` once, validates it and indexes it.

The moves catalogue globs ``data/*.yaml`` only, so these files live in their own folder. A malformed file
raises :class:`CharacterCatalogError` at start-up (and in a test).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ...core.tables import read_sections
from ...memo import memo
from .character_schema import (
    DefensiveResponse,
    PowerLevelRow,
    Quirk,
    Skill,
    SkillKind,
    SkillPointScheme,
    Trait,
    TraitKind,
)

DATA_DIR = Path(__file__).parent.parent / "data" / "character"
SECTIONS: dict[str, type[BaseModel]] = {
    "power_levels": PowerLevelRow,
    "skill_point_schemes": SkillPointScheme,
    "defensive_responses": DefensiveResponse,
    "traits": Trait,
    "quirks": Quirk,
    "skills": Skill,
}
_NON_WORD = re.compile(r"[^a-z0-9]+")


class CharacterCatalogError(ValueError):
    """The data files do not form a valid character catalogue."""


@memo(maxsize=8192)
def normalise(name: str) -> str:
    """``"Short-Tempered"`` / ``"short tempered"`` / ``"short_tempered"`` → ``"short_tempered"``."""
    return _NON_WORD.sub("_", name.strip().lower()).strip("_")


@dataclass(frozen=True)
class CharacterCatalog:
    power_levels: dict[int, PowerLevelRow]
    schemes: dict[str, SkillPointScheme]
    defensive_responses: dict[str, DefensiveResponse]
    qualities: dict[str, Trait]
    weaknesses: dict[str, Trait]
    quirks: dict[str, Quirk]
    skills: dict[str, Skill]
    digest: str
    # Precomputed indexes (names, aliases and ids, normalised → id), and the symmetric exclusion pairs.
    quality_index: dict[str, str] = field(default_factory=dict)
    weakness_index: dict[str, str] = field(default_factory=dict)
    quirk_index: dict[str, str] = field(default_factory=dict)
    skill_index: dict[str, str] = field(default_factory=dict)
    conflicts: frozenset[frozenset[str]] = frozenset()

    def quality(self, name: str) -> Trait | None:
        ident = self.quality_index.get(normalise(name))
        return self.qualities[ident] if ident else None

    def weakness(self, name: str) -> Trait | None:
        ident = self.weakness_index.get(normalise(name))
        return self.weaknesses[ident] if ident else None

    def quirk(self, name: str) -> Quirk | None:
        ident = self.quirk_index.get(normalise(name))
        return self.quirks[ident] if ident else None

    def skill(self, name: str) -> Skill | None:
        ident = self.skill_index.get(normalise(name))
        return self.skills[ident] if ident else None

    def trait(self, ident: str) -> Trait | None:
        return self.qualities.get(ident) or self.weaknesses.get(ident)

    @property
    def narrative_skills(self) -> list[Skill]:
        return [s for s in self.skills.values() if s.kind is SkillKind.narrative]


def _index(records: dict[str, Any], problems: list[str], label: str) -> dict[str, str]:
    index: dict[str, str] = {}
    for rec in records.values():
        keys = {rec.id, normalise(rec.name), *getattr(rec, "aliases", ())}
        for key in keys:
            if index.get(key, rec.id) != rec.id:
                problems.append(f"{label}: {key!r} names both {index[key]!r} and {rec.id!r}")
            index[key] = rec.id
    return index


def _cross_check(cat_traits: dict[str, Trait], skills: dict[str, Skill], problems: list[str]) -> None:
    for t in cat_traits.values():
        for other in (*t.requires, *t.excludes):
            if other not in cat_traits:
                problems.append(f"{t.id}: refers to unknown trait {other!r}")
        for name in (t.gates_skill,) if t.gates_skill else ():
            if name not in skills:
                problems.append(f"{t.id}: gates unknown skill {name!r}")
        if t.param in ("skills", "skill"):
            for s in t.param_choices:
                if s not in skills:
                    problems.append(f"{t.id}: unknown skill choice {s!r}")
    for sk in skills.values():
        for other in sk.secondaries:
            if other not in skills:
                problems.append(f"{sk.id}: unknown secondary skill {other!r}")
        if sk.requires_quality and sk.requires_quality not in cat_traits:
            problems.append(f"{sk.id}: unknown quality {sk.requires_quality!r}")


def load_character_catalog(data_dir: Path = DATA_DIR) -> CharacterCatalog:
    sections, digest = read_sections(sorted(data_dir.glob("*.yaml")), tuple(SECTIONS), CharacterCatalogError)
    problems: list[str] = []
    built: dict[str, dict[Any, Any]] = {}
    for key, model in SECTIONS.items():
        out: dict[Any, Any] = {}
        for fname, item in sections[key]:
            try:
                obj = model.model_validate(item)
            except ValidationError as exc:
                ident = item.get("id", item.get("power_level")) if isinstance(item, dict) else item
                problems.append(f"{fname}: {key} {ident!r}: {exc}")
                continue
            ident = obj.power_level if isinstance(obj, PowerLevelRow) else obj.id  # type: ignore[attr-defined]
            if ident in out:
                problems.append(f"{fname}: duplicate {key} {ident!r}")
            out[ident] = obj
        built[key] = out
    traits: dict[str, Trait] = built["traits"]
    skills: dict[str, Skill] = built["skills"]
    _cross_check(traits, skills, problems)
    if sorted(built["power_levels"]) != list(range(1, 11)):
        problems.append("power_levels: the chart needs rows 1–10")
    qualities = {k: t for k, t in traits.items() if t.kind is TraitKind.quality}
    weaknesses = {k: t for k, t in traits.items() if t.kind is TraitKind.weakness}
    conflicts = frozenset(frozenset((t.id, o)) for t in traits.values() for o in t.excludes)
    cat = CharacterCatalog(
        power_levels=built["power_levels"],
        schemes=built["skill_point_schemes"],
        defensive_responses=built["defensive_responses"],
        qualities=qualities,
        weaknesses=weaknesses,
        quirks=built["quirks"],
        skills=skills,
        digest=digest,
        quality_index=_index(qualities, problems, "qualities"),
        weakness_index=_index(weaknesses, problems, "weaknesses"),
        quirk_index=_index(built["quirks"], problems, "quirks"),
        skill_index=_index(skills, problems, "skills"),
        conflicts=conflicts,
    )
    if problems:
        raise CharacterCatalogError("invalid character catalogue:\n" + "\n".join(problems))
    return cat


@cache
def character_catalog() -> CharacterCatalog:
    """The character catalogue shipped with the service, loaded once."""
    return load_character_catalog()
