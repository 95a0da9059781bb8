"""The ongoing effects of the defensive specials, carried in ``ongoing_effects``: restored from the request and
run down at the end of the turn. The rules themselves live in ``interrupt_effects`` (Absorbs Attacks, Offensive
Illusion), ``invisibility`` and ``triggered``."""

from __future__ import annotations

from dataclasses import replace

from ..contract.model_types import OngoingEffectId
from ..contract.models import OngoingEffect
from ..registry.elements import Element, carried, register
from ..state.combatant import Combatant, Effect
from ..state.turn import Turn
from . import illusionary_doubles, invisibility
from .interrupts import interrupt_effects, triggered
from .vocabulary import Ongoing

IDS = frozenset(
    {Ongoing.absorbed_attack, Ongoing.offensive_illusion, Ongoing.invisibility, Ongoing.triggered_interrupt}
)


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    if eff.id == OngoingEffectId.absorbed_attack:
        interrupt_effects.restore_absorbed(ctx, f, path, eff)
    elif eff.id == OngoingEffectId.offensive_illusion:
        illusionary_doubles.restore_glide(ctx, f, path, eff)
    elif eff.id == OngoingEffectId.invisibility:
        invisibility.restore(ctx, f, path, eff)
    elif eff.id == OngoingEffectId.triggered_interrupt:
        triggered.restore(ctx, f, path, eff)


def tick(ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect]:
    """What is left of ``e`` after the turn: the effects to keep (none or one)."""
    if e.id == OngoingEffectId.absorbed_attack:
        return [replace(e)]  # held until it is used, to the end of the fight (000 L2766)
    if e.id == OngoingEffectId.offensive_illusion:
        return [] if ctx.round_over else [replace(e)]  # the glide waits for the next turn of this round
    if e.id == OngoingEffectId.invisibility:
        return invisibility.tick(ctx, f, e)
    if e.id == OngoingEffectId.triggered_interrupt:
        return triggered.tick(ctx, f, e, elapsed)
    return [e]


@register
class DefensiveState(Element):
    """The defensive specials' ongoing effects."""

    effects = IDS
    entries = frozenset(
        {"absorbs_attacks", "illusionary_doubles.offensive_illusion", "invisibility", "triggered_interrupt"}
    )

    def restore(self, ctx: Turn, f: Combatant, path: str, raw: OngoingEffect) -> None:
        restore(ctx, f, path, carried(raw))

    def tick(self, ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect] | None:
        return tick(ctx, f, e, elapsed)
