"""Negative Positioning: the Liability's position after acting, what an opponent gains from it, and how it ends (000
L4684–L4696)."""

from __future__ import annotations

from ..contract.model_types import OngoingEffectId
from ..contract.models import DefenseOption
from ..registry import elements
from ..registry.elements import DefenseMoment
from ..state.combatant import Combatant, Effect
from ..state.profile import MoveProfile, MoveTrait
from ..state.turn import Turn
from .hazards.hazard_elements import free_check
from .hazards.hazards import condition, drop, resolved
from .vocabulary import LogKey, Ongoing


def negative(f: Combatant) -> bool:
    return condition(f, Ongoing.negative_positioning) is not None


def after_action(ctx: Turn, f: Combatant, moves: list[MoveProfile]) -> None:
    """After the action: a move with Negative Positioning leaves its user in the Negative Position (ruling: hit or
    miss); an earlier one is spent by this action (000 L4690, L4696)."""
    drop(f, Ongoing.negative_positioning)
    m = next((m for m in moves if m.trait(MoveTrait.negative_positioning)), None)
    if m is None or f.defeated:
        return
    f.ongoing.append(Effect(OngoingEffectId.negative_positioning, m.id, None, ctx.turn))
    ctx.note(
        "G",
        f.id,
        f"{m.name} leaves {f.id} badly placed (Negative Position): "
        + (
            "the next opponent to target him gets a free Maneuver Check with a Hazard."
            if resolved(ctx)
            else "his next attack can be Evaded at +2 (and Evaded even as a Defensive Response)."
        ),
        "000 L4684–L4696",
        {"move": m.id},
        {LogKey.negative_positioning: True},
    )


def before_action(ctx: Turn, f: Combatant, attacking: bool) -> None:
    """A fighter in the Negative Position who acts ends it, unless (no Hazards) this is the attack it affects."""
    if negative(f) and (resolved(ctx) or not attacking):
        drop(f, Ongoing.negative_positioning)
        ctx.note("B.1", f.id, f"{f.id} acts: his Negative Position is over.", "000 L4690")


def ended_by_hit(ctx: Turn, d: Combatant) -> None:
    if negative(d):
        drop(d, Ongoing.negative_positioning)
        ctx.note("E", d.id, f"{d.id} is hit: his Negative Position is over.", "000 L4690")


def exploit(ctx: Turn, f: Combatant, t: Combatant | None) -> None:
    """Before B.1, the first opponent to target a fighter in the Negative Position may make a free Maneuver Check
    (not his one a turn) to use a Hazard himself or force him into one (on a Band Map in that fighter's band);
    the chance is then gone (ruling: taken or not; 000 L4688–L4694)."""
    if t is None or not negative(t) or not resolved(ctx) or t.side == f.side:
        return
    drop(t, Ongoing.negative_positioning)
    free_check(
        ctx,
        f,
        t,
        "negative_position",
        "B.1",
        f"{t.id} is badly placed: {f.id} may make a free Maneuver Check to use a Hazard or force him into one.",
    )


@elements.DEFENSE_TOTAL(100)
def defense_total(ctx: Turn, m: DefenseMoment) -> dict[str, int]:
    """+2 to Evade the attacker in the Negative Position, no Hazards in play (000 L4694)."""
    return {"negative_position": 2} if m.option is DefenseOption.evasion and negative_evasion(ctx, m.attacker) else {}


def negative_evasion(ctx: Turn, attacker: Combatant) -> bool:
    """No Hazards: the next attack of a fighter in the Negative Position is Evaded at +2 (000 L4694)."""
    return negative(attacker) and not resolved(ctx)


def negative_spent(ctx: Turn, a: Combatant) -> None:
    """No Hazards: the attack the Negative Position affects has had its defence chosen; the condition is over (ruling:
    with several defenders, only the first gains from it)."""
    if negative_evasion(ctx, a):
        drop(a, Ongoing.negative_positioning)
