"""Power Up on Utility moves: a Bomb's blast or a Healing move's heal grows by 1 per extra Control demanded (the
move's Level at most) or per Life Bar spent (Power Level at most), halved after the first move of a Combo
(000 L3852–L3864). A powered-up Bomb carries its bonus in its ongoing effect (``charges``) until it goes off."""

from __future__ import annotations

from ...contract.model_types import OngoingEffectId
from ...contract.models import DecisionValue
from ...state.action import Plan
from ...state.combatant import Combatant, Effect
from ...state.profile import Heals, MoveProfile, MoveTrait
from ...state.turn import Turn
from ..design import design_of
from .power_up_elements import POWER_UPS, PowerUp, powered

_PLAIN = frozenset({PowerUp.powers_up})  # the plain Power Up, whose design picks its version (000 L3852–L3866)


def _version(m: MoveProfile) -> str:
    return str(design_of(m, POWER_UPS, lambda buys: buys == _PLAIN).get("version") or "control")


def decide(ctx: Turn, f: Combatant, plan: Plan) -> tuple[MoveProfile | None, int]:
    """Before the Utility move takes effect: how far it is powered up. Returns the move and its bonus."""
    i, m = next(((i, m) for i, m in enumerate(plan.moves) if powered(m, PowerUp.powers_up)), (0, None))
    if m is None:
        return None, 0
    if not (m.trait(MoveTrait.bomb) or m.heals(Heals.heals)):
        ctx.note("C.5", f.id, f"{m.name} has neither a Bomb nor a heal for its Power Up to raise.", "000 L3864")
        return None, 0
    control = _version(m) == "control"
    room = max(min(m.level, f.control - plan.cost) if control else min(f.pl, f.life - 1), 0)
    key, d = ctx.decide(
        f.id,
        "power_up_bonus",
        "C.5",
        f"{f.id}: Power Up {m.name} by how much (" + ("extra Control" if control else "Life Bar") + f", up to {room})?",
        DecisionValue(amount=0),
    )
    n = d.amount or 0
    if not 0 <= n <= room:
        ctx.fail("POWER_UP_INVALID", f"decisions.{key}.amount", f"{key}: Power Up {m.name} by 0–{room}.", key=key)
    if not n:
        return m, 0
    if control:
        plan.cost += n
    else:
        f.life -= n
    bonus = n if i == 0 else n // 2  # not opening the Combo: halved (000 L3856)
    what = "its blast" if m.trait(MoveTrait.bomb) else "the heal"
    ctx.note(
        "C.5",
        f.id,
        f"{f.id} powers up {m.name}: "
        + (f"{n} more Control" if control else f"{n} Life Bar")
        + f" for +{bonus} to {what}.",
        "000 L3852–L3864",
        {"amount": n},
        {"bonus": bonus, "life_bar": f.life},
    )
    return m, bonus


def bombs_of(f: Combatant) -> list[Effect]:
    return [e for e in f.ongoing if e.id == OngoingEffectId.bomb]


def charge_bomb(f: Combatant, before: list[Effect], m: MoveProfile, bonus: int) -> None:
    """The Bomb just placed by ``m`` keeps the bonus for its explosion (and an Assault Bomb's shot)."""
    if bonus <= 0:
        return
    for e in bombs_of(f):
        if e.move == m.id and not any(e is b for b in before):
            e.charges = bonus


def blast_bonus(e: Effect) -> int:
    return e.charges or 0


def add_heal(ctx: Turn, f: Combatant, healed: Combatant, m: MoveProfile, bonus: int) -> None:
    if bonus <= 0:
        return
    healed.heal += bonus
    ctx.note(
        "C.5",
        f.id,
        f"Powered up: {healed.id} heals {bonus} more.",
        "000 L3864",
        {"bonus": bonus},
        {"heal": healed.heal},
    )
