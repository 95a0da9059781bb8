"""Loads the Thug data once, checks it against the trait and Element catalogues, and indexes it.

The served records (``ThugTrait``) join each Thug-list id to its standard record: a Quality or Weakness from the
character catalogue, an Element from the moves catalogue (costed at its count of Elements), or a Quality only Thug
groups take. A malformed file or an id neither catalogue knows fails the load at start-up (and in a test).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field

from ...core.models import RulesModel
from ...core.references import Ref, ref_of
from ...core.tables import read_digested
from ..catalogue.catalog import catalog
from ..catalogue.character_catalog import character_catalog
from .schema import ThugAttack, ThugEvent, ThugEventData, ThugPointTables, ThugTraitLists, TraitInCombat

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "thugs"

ThugTraitKind = Literal["quality", "weakness", "element", "sub_element", "thug_quality"]


class ThugTraitError(ValueError):
    pass


class ThugTrait(RulesModel):
    """A Quality or Weakness a Thug group may take, with its price in Thug Points."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="Stable id: the standard trait's or Element's id (`throw.hurl` for a sub-Element).")
    name: str
    kind: ThugTraitKind = Field(
        description="`quality`/`weakness`: a standard trait on the Thug lists; `element`/`sub_element`: a Special "
        "Move Element bought as Qualities; `thug_quality`: a Quality only Thug groups take."
    )
    cost: float = Field(description="Thug Points per take (negative for a Weakness); the least for a variable one.")
    variable_cost: bool = Field(description="The build names the count it buys (an Element priced `n or more`).")
    requires: tuple[str, ...] = Field(description="Traits the group must also have.")
    lone: bool = Field(description="Meant for a group of one: a warning on a larger group.")
    damage_steps: int = Field(0, description="Die sizes the Quality adds to the group's Damage.")
    grants_skills: bool = Field(False, description="The group gets Narrative Skills by its Thug Points (Skilled).")
    summary: str
    ref: Ref | None


@dataclass(frozen=True)
class ThugCatalogue:
    points: ThugPointTables
    traits: dict[str, ThugTrait]
    blockable_throw_costs: dict[str, float]
    events: ThugEventData
    events_by_roll: dict[int, ThugEvent]
    attack: ThugAttack
    digest: str
    dramatic_action_points: dict[str, int] = field(default_factory=dict)  # by Thug Quality (000 L6632)
    hit_stun_traits: frozenset[str] = frozenset()  # Thug Qualities whose hits cause Hit Stun (000 L6638)
    in_combat: dict[str, TraitInCombat] = field(default_factory=dict)  # what each trait applied in a turn does


def _standard(lists: ThugTraitLists, problems: list[str]) -> list[ThugTrait]:
    chars = character_catalog()
    out: list[ThugTrait] = []
    for kind, ids, table, ref in (
        ("quality", lists.standard.qualities, chars.qualities, lists.standard.ref_qualities),
        ("weakness", lists.standard.weaknesses, chars.weaknesses, lists.standard.ref_weaknesses),
    ):
        for trait_id in ids:
            trait = table.get(trait_id)
            if trait is None:
                problems.append(f"{kind} {trait_id!r} is not in the character catalogue")
                continue
            cost = 1.0 if kind == "quality" else -1.0
            out.append(
                ThugTrait(
                    id=trait.id,
                    name=trait.name,
                    kind=kind,  # type: ignore[arg-type]
                    cost=cost,
                    variable_cost=False,
                    requires=(),
                    lone=False,
                    summary=trait.summary,
                    ref=ref_of(ref),
                )
            )
    return out


def _elements(lists: ThugTraitLists, problems: list[str]) -> list[ThugTrait]:
    entries = catalog().entries
    out: list[ThugTrait] = []
    for kind, ids in (("element", lists.elements.ids), ("sub_element", lists.elements.sub_elements)):
        for element_id in ids:
            entry = entries.get(element_id)
            if entry is None or entry.kind != "element":
                problems.append(f"{kind} {element_id!r} is not an Element of the moves catalogue")
                continue
            out.append(
                ThugTrait(
                    id=entry.id,
                    name=entry.name,
                    kind=kind,  # type: ignore[arg-type]
                    cost=entry.cost,
                    variable_cost=entry.list_cost.endswith("or more"),
                    requires=(entry.parent,) if entry.parent else (),
                    lone=False,
                    summary=entry.summary,
                    ref=entry.ref,
                )
            )
    return out


def load_thug_catalogue(data_dir: Path = DATA_DIR) -> ThugCatalogue:
    names = ("10-thug-points.yaml", "20-thug-traits.yaml", "30-thug-events.yaml")
    docs, digest = read_digested([data_dir / name for name in names])
    points = ThugPointTables.model_validate(docs["10-thug-points.yaml"])
    lists = ThugTraitLists.model_validate(docs["20-thug-traits.yaml"])
    events = ThugEventData.model_validate(docs["30-thug-events.yaml"])
    problems: list[str] = []
    records = [*_standard(lists, problems), *_elements(lists, problems)]
    for unique in lists.unique:
        records.append(
            ThugTrait(
                id=unique.id,
                name=unique.name,
                kind="thug_quality",
                cost=float(unique.cost),
                variable_cost=False,
                requires=unique.requires,
                lone=unique.lone,
                damage_steps=unique.damage_steps,
                grants_skills=unique.grants_skills,
                summary=unique.summary,
                ref=ref_of(unique.ref),
            )
        )
    traits: dict[str, ThugTrait] = {}
    for record in records:
        if record.id in traits:
            problems.append(f"{record.id!r} is listed twice")
        traits[record.id] = record
    for record in traits.values():
        problems.extend(f"{record.id}: requires unknown {r!r}" for r in record.requires if r not in traits)
    problems.extend(
        f"blockable throw cost for unknown {k!r}" for k in lists.elements.blockable_throw_costs if k not in traits
    )
    attack = lists.attack
    named = [
        *attack.reach_by_trait,
        *attack.no_penalty_at_range_two,
        *attack.full_move_with_attack,
        *attack.agility_dodge,
    ]
    problems.extend(f"attack: unknown trait {t!r}" for t in named if t not in traits)
    for t, rec in lists.in_combat.items():
        problems.extend(f"in_combat: unknown trait {u!r}" for u in (t, *rec.farthest_with) if u not in traits)
    by_roll = {event.roll: event for event in events.events}
    if len(by_roll) != len(events.events) or any(roll % 2 == 0 for roll in by_roll):
        problems.append("Thug events: each needs its own odd roll")
    if problems:
        raise ThugTraitError("invalid Thug data:\n" + "\n".join(problems))
    return ThugCatalogue(
        points,
        traits,
        dict(lists.elements.blockable_throw_costs),
        events,
        by_roll,
        attack,
        digest,
        {u.id: u.dramatic_action_points for u in lists.unique if u.dramatic_action_points},
        frozenset(u.id for u in lists.unique if u.causes_hit_stun),
        dict(lists.in_combat),
    )


@cache
def thug_catalogue() -> ThugCatalogue:
    """The Thug data shipped with the service, loaded once."""
    return load_thug_catalogue()
