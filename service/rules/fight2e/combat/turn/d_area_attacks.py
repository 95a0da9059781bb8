"""Area Effect and Explosive attacks: everyone else in the area is attacked with the same roll, and a blast's Reduced
Damage falls off with the distance from its centre (000 L2831, L3318–L3334)."""

from __future__ import annotations

from dataclasses import dataclass

from ...catalogue.records import Area as AreaRecord
from ..registry.elements import DAMAGE_STEP
from ..registry.features import IN_PIT, THROW_SEALED, UNENGAGED
from ..state.action import Attack, Outcome, Plan
from ..state.combatant import Combatant
from ..state.entry_tables import EntryTable, of_records
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .d_attack import resolve


@dataclass(frozen=True)
class Area:
    """Whom else the move attacks: everyone within ``radius`` of the user, or of the target when it is Ranged."""

    radius: int
    around_ranged_target: bool


def _width(area: Area) -> int:
    return area.radius


# The widest area of the attack's moves decides (Explosive 000 L3324–L3330, Area Effect 000 L2831–L2839).
AREAS: EntryTable[Area] = of_records(
    "area", AreaRecord, lambda found: max((Area(r.radius, r.around_ranged_target) for r in found), key=_width)
)


def blast_centre(f: Combatant, plan: Plan) -> Combatant | None:
    """The centre of a Reduced Damage explosion: the target of a Ranged one, else the user (000 L3326–L3334)."""
    m = next((m for m in plan.moves if m.trait(MoveTrait.reduced_blast)), None)
    if m is None:
        return None
    return plan.target if m.trait(MoveTrait.projectile) else f


def resolve_blast(ctx: Turn, atk: Attack, centre: Combatant | None) -> Outcome:
    if centre is None:
        return resolve(ctx, atk)
    atk.defender.blast_steps = ctx.distance(centre, atk.defender)
    try:
        return resolve(ctx, atk)
    finally:
        atk.defender.blast_steps = 0


def area_targets(ctx: Turn, f: Combatant, plan: Plan) -> list[Combatant]:
    """Area Effect (Range 0–1) and Explosive (Range 0–2; around the target when Ranged): everyone else there,
    friend or foe, is attacked as well, each with his own roll and defence (000 L2831–L2839, L3324–L3330; ruling:
    one after the other, Responses settled as they come)."""
    if not AREAS.any_of(f.prof.entry_ids):
        return []
    found = max(
        ((m, area) for m in plan.moves for _, area in AREAS.found(m.entries)), key=lambda x: _width(x[1]), default=None
    )
    if found is None:
        return []
    m, area = found
    radius = area.radius
    centre = (
        plan.target if area.around_ranged_target and m.trait(MoveTrait.projectile) and plan.target is not None else f
    )

    return [
        o
        for i in ctx.order
        if (o := ctx.fighters[i]) is not f
        and o is not plan.target
        and o.active
        and ctx.distance(centre, o) <= radius
        and not THROW_SEALED.fn(ctx, f, o)
        and not UNENGAGED.fn(f, o)
        and not IN_PIT.fn(o)
    ]


@DAMAGE_STEP(30, entries=("explosive.reduced_damage",))
def reduced_damage(m: MoveProfile, attacker: Combatant, defender: Combatant) -> int:
    """Reduced Damage: one die size less per Range step from the blast centre (000 L3334)."""
    return -defender.blast_steps if m.trait(MoveTrait.reduced_blast) else 0
