"""The ongoing effects of the defensive specials, carried in ``ongoing_effects``: restored from the request and
run down at the end of the turn. The rules themselves live in ``interrupt_effects`` (Absorbs Attacks, Offensive
Illusion), ``invisibility`` and ``triggered``."""

from __future__ import annotations

from dataclasses import replace

from ..contract.models import OngoingEffect
from ..registry.elements import Element, carried, register
from ..state.combatant import Combatant, Effect
from ..state.turn import Turn
from . import illusionary_doubles, invisibility
from .interrupts import interrupt_effects, triggered

IDS = frozenset({"absorbed_attack", "offensive_illusion", "invisibility", "triggered_interrupt"})


def restore(ctx: Turn, f: Combatant, path: str, eff: Effect) -> None:
    if eff.id == "absorbed_attack":
        interrupt_effects.restore_absorbed(ctx, f, path, eff)
    elif eff.id == "offensive_illusion":
        illusionary_doubles.restore_glide(ctx, f, path, eff)
    elif eff.id == "invisibility":
        invisibility.restore(ctx, f, path, eff)
    elif eff.id == "triggered_interrupt":
        triggered.restore(ctx, f, path, eff)


def tick(ctx: Turn, f: Combatant, e: Effect, elapsed: int) -> list[Effect]:
    """What is left of ``e`` after the turn: the effects to keep (none or one)."""
    if e.id == "absorbed_attack":
        return [replace(e)]  # held until it is used, to the end of the fight (000 L2766)
    if e.id == "offensive_illusion":
        return [] if ctx.round_over else [replace(e)]  # the glide waits for the next turn of this round
    if e.id == "invisibility":
        return invisibility.tick(ctx, f, e)
    if e.id == "triggered_interrupt":
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
